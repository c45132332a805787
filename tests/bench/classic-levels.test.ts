/**
 * scripts/classic-levels.mjs: xsokoban's screen files (screen.1 …
 * screen.90) become one collection, each board followed by `; N`, other
 * lines left out; the collection reads as 90 levels. A missing file is
 * named, exit 2.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readLevels } from '../../src/sokoban/level.ts';

const dir = mkdtempSync(join(tmpdir(), 'planlog-screens-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const run = () => spawnSync(process.execPath, ['scripts/classic-levels.mjs', dir], { encoding: 'utf8' });

describe('scripts/classic-levels.mjs', () => {
  it('90 screens, a number line before each board (as some copies have): 90 levels, numbered by their titles', () => {
    for (let n = 1; n <= 90; n++) writeFileSync(join(dir, `screen.${n}`), `${n}\n#####\n#@$.#   \n#####\n`);
    const r = run();
    expect(r.status).toBe(0);
    expect(r.stdout.startsWith('#####\n#@$.#\n#####\n; 1\n\n#####\n')).toBe(true);
    const levels = readLevels(r.stdout, 'classic.txt');
    expect(levels.length).toBe(90);
    expect([levels[89].title, levels[89].boxes.length, levels[89].goals.length]).toEqual(['90', 1, 1]);
  });

  it('a screen missing: its path, exit 2', () => {
    unlinkSync(join(dir, 'screen.42'));
    const r = run();
    expect([r.status, r.stdout, r.stderr.trim()]).toEqual([2, '', `${join(dir, 'screen.42')}: no such file`]);
  });
});
