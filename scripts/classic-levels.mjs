#!/usr/bin/env node
/**
 * The classic 90 levels of the original game (XSokoban) as one collection
 * file in the usual layout, each board followed by `; N`, from xsokoban's
 * own screen files (`screens/screen.1` … `screen.90`; not bundled, see the
 * README's "The classic 90 levels"):
 *
 *   node scripts/classic-levels.mjs DIR > /tmp/xsokoban90.txt
 *
 * Only the board lines of a screen file are kept (`#`, `@`, `$`, `.`, `*`,
 * `+` and spaces, with at least one wall); other lines (some copies start
 * each file with its number) are left out. A missing file, or one with no
 * board, is named on stderr, exit 2.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2];
if (!dir || process.argv.length > 3) {
  console.error('usage: node scripts/classic-levels.mjs DIR   (DIR holds screen.1 … screen.90)');
  process.exit(2);
}
const out = [];
for (let n = 1; n <= 90; n++) {
  const file = join(dir, `screen.${n}`);
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    console.error(`${file}: ${e.code === 'ENOENT' ? 'no such file' : e.message}`);
    process.exit(2);
  }
  const board = text
    .split(/\r?\n/)
    .map((l) => l.replace(/\s+$/, ''))
    .filter((l) => /^[ #@$.*+]+$/.test(l) && l.includes('#'));
  if (board.length === 0) {
    console.error(`${file}: no board lines`);
    process.exit(2);
  }
  out.push(`${board.join('\n')}\n; ${n}\n`);
}
process.stdout.write(out.join('\n'));
