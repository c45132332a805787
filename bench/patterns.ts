/**
 * Learned deadlock patterns (src/plugins/sokoban/patterns.ts) on and off:
 * the forward greedy push-level search (matching estimate, as auto's
 * forward member) on each level, once without and once with
 * PushSearchConfig.patterns, each under the same limits. Prints per level
 * the status, pushes, expanded states and CPU time of both, and the
 * patterns' own counts (relaxed searches, their expansions, patterns
 * stored, states pruned by a stored pattern); the expanded counts are the
 * main search's only.
 *
 *   npx tsx bench/patterns.ts [--levels FILE[:RANGES]] [--timeout SEC] [--max-nodes N] [--set FIELD=VALUE ...]
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { benchArgs, setFields } from './args.ts';
import { fileURLToPath } from 'node:url';
import { parseRanges, splitSpec } from '../src/bench/levels.ts';
import { Board } from '../src/plugins/sokoban/board.ts';
import { deadSquares } from '../src/plugins/sokoban/deadlocks.ts';
import { expandPushes, pushSearch, type PushSearchConfig } from '../src/plugins/sokoban/push-search.ts';
import { readLevel, scanLevels } from '../src/sokoban/level.ts';

const here = fileURLToPath(new URL('..', import.meta.url));
const { values } = benchArgs(import.meta.url, {
  options: {
    levels: { type: 'string', default: resolve(here, '../shared/levels/microban.txt:1-20') },
    timeout: { type: 'string', default: '20' },
    'max-nodes': { type: 'string' },
    set: { type: 'string', multiple: true, default: [] },
  },
});

const { file, ranges } = splitSpec(values.levels);
const text = readFileSync(file, 'utf8');
const count = scanLevels(text, file).length;
const numbers = ranges === null ? Array.from({ length: count }, (_, i) => i + 1) : parseRanges(ranges, count, file);
const timeoutMs = Number(values.timeout) * 1000;
const maxNodes = values['max-nodes'] === undefined ? Infinity : Number(values['max-nodes']);
const overrides = setFields(import.meta.url, values.set);
const GREEDY: PushSearchConfig = { gWeight: 0, hWeight: 1, goalOnGeneration: true, preferDeep: true, estimate: 'matching', ...overrides };

const totals = { off: { solved: 0, expanded: 0, cpu: 0 }, on: { solved: 0, expanded: 0, cpu: 0, searches: 0, expansions: 0, patterns: 0, matched: 0 } };
const pad = (v: unknown, n: number): string => String(v).padStart(n);
console.log(`forward greedy (matching), ${file.replace(/^.*\//, '')} levels ${ranges ?? `1-${count}`}, ${timeoutMs / 1000} s${maxNodes < Infinity ? `, ${maxNodes} states` : ''}${Object.keys(overrides).length ? `, ${JSON.stringify(overrides)}` : ''}`);
console.log('level | off: status pushes expanded cpu-ms | on: status pushes expanded cpu-ms | searches (proven solved limited) skipped expansions patterns matched');
for (const level of numbers) {
  const board = new Board(readLevel(text, file, level));
  const dead = deadSquares(board);
  const row: string[] = [pad(level, 5)];
  for (const on of [false, true]) {
    const c0 = process.cpuUsage();
    const r = pushSearch(board, dead, { cycle: 'state', timeoutMs, maxNodes }, { ...GREEDY, patterns: on });
    const cpu = process.cpuUsage(c0);
    const ms = Math.round((cpu.user + cpu.system) / 1000);
    if (r.pushes) expandPushes(board, r.pushes); // throws on an impossible push
    const t = on ? totals.on : totals.off;
    if (r.status === 'solved') t.solved++;
    t.expanded += r.stats.expanded;
    t.cpu += ms;
    row.push(`${pad(r.status, 10)} ${pad(r.pushes?.length ?? '-', 5)} ${pad(r.stats.expanded, 9)} ${pad(ms, 7)}`);
    if (on && r.patterns) {
      const p = r.patterns;
      totals.on.searches += p.searches;
      totals.on.expansions += p.expansions;
      totals.on.patterns += p.patterns;
      totals.on.matched += p.matched;
      row.push(`${pad(p.searches, 7)} (${p.proven} ${p.solved} ${p.limited}) ${pad(p.skipped, 7)} ${pad(p.expansions, 9)} ${pad(p.patterns, 6)} ${pad(p.matched, 7)}`);
    }
  }
  console.log(row.join(' | '));
}
const { off, on } = totals;
console.log(`total | off: ${off.solved} solved, ${off.expanded} expanded, ${off.cpu} ms | on: ${on.solved} solved, ${on.expanded} expanded, ${on.cpu} ms | ${on.searches} searches, ${on.expansions} expansions, ${on.patterns} patterns, ${on.matched} matched`);
