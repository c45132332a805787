/**
 * Coverage benchmark: configurations × the levels of a collection, with a
 * time limit per run, on a worker pool using every core.
 *
 *   npx tsx bench/coverage.ts [--levels FILE[:N | :A-B | :1,4,7-9]] [--timeout SEC] [--config "astar+lmcut"] …
 *
 * Defaults: ../shared/levels/microban.txt, 30 s, and the two configurations
 * of the step-3 goals: astar+lmcut (optimal) and gbfs+hff (satisficing).
 * Writes bench-output/coverage.json (every run) and prints a Markdown
 * summary (levels solved, median time of the solved, total time).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { scanLevels } from '../src/sokoban/level.ts';
import { parseRanges, splitSpec } from '../src/bench/levels.ts';
import { configFrom, UsageError } from '../src/options/index.ts';
import type { Job, JobResult } from '../src/workers/jobs.ts';
import { createPool } from '../src/workers/pool.ts';

const root = (rel: string): string => fileURLToPath(new URL(`../${rel}`, import.meta.url));

const { values } = parseArgs({
  options: {
    levels: { type: 'string', default: root('../shared/levels/microban.txt') },
    timeout: { type: 'string', default: '30' },
    config: { type: 'string', multiple: true },
    threads: { type: 'string' },
    out: { type: 'string', default: 'bench-output/coverage.json' },
  },
});

/** "gbfs+hff lazy preferred" or "wastar+hff weight=3" → a job template (checked like planlog's flags). */
function parseConfig(text: string): Pick<Job, 'algo' | 'heuristic' | 'options' | 'seed'> {
  try {
    return configFrom(text);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    console.error(`bench/coverage.ts: --config "${text}": ${e.message}`);
    process.exit(2);
  }
}

// FILE, FILE:N, FILE:A-B or FILE:1,4,7-9 (the level lists of planlog bench)
const { file: levelFile, ranges } = splitSpec(values.levels);
if (!existsSync(levelFile)) {
  console.log(`no level file at ${levelFile}: nothing to measure`);
  process.exit(0);
}
const count = scanLevels(readFileSync(levelFile, 'utf8'), levelFile).length;
const numbers = ranges === null ? Array.from({ length: count }, (_, i) => i + 1) : parseRanges(ranges, count, levelFile);
const configs = (values.config ?? ['astar+lmcut', 'gbfs+hff']).map(parseConfig);
const timeoutMs = Number(values.timeout) * 1000;
const threads = values.threads ? Number(values.threads) : undefined;

const pool = createPool(threads);
const jobs: Job[] = [];
for (const c of configs) for (const l of numbers) jobs.push({ file: levelFile, level: l, domainFile: root('domains/sokoban.pl'), ...c, timeoutMs, maxMemoryMb: 9000 });

const t0 = performance.now();
let done = 0;
const results: JobResult[] = await Promise.all(
  jobs.map(async (j) => {
    const r = await pool.run(j);
    done++;
    if (process.stderr.isTTY) process.stderr.write(`\r${done}/${jobs.length} runs, ${((performance.now() - t0) / 1000).toFixed(0)} s`);
    return r;
  }),
);
await pool.close();
if (process.stderr.isTTY) process.stderr.write('\n');

mkdirSync('bench-output', { recursive: true });
writeFileSync(values.out, JSON.stringify(results, null, 1));

const median = (xs: number[]): number => {
  if (xs.length === 0) return NaN;
  const s = xs.slice().sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};
console.log(`\n${levelFile.replace(/^.*\//, '')} levels ${ranges ?? `1–${count}`}, ${timeoutMs / 1000} s per run, ${threads ?? 'all'} threads; wall time ${((performance.now() - t0) / 1000).toFixed(0)} s\n`);
console.log('| configuration | solved | unsolvable | limit | error | median time (solved) | mean plan length |');
console.log('|---|---|---|---|---|---|---|');
for (const name of [...new Set(results.map((r) => r.config))]) {
  const rs = results.filter((r) => r.config === name);
  const solved = rs.filter((r) => r.status === 'solved');
  const n = (s: string): number => rs.filter((r) => r.status === s).length;
  const meanLen = solved.reduce((a, r) => a + (r.length ?? 0), 0) / Math.max(1, solved.length);
  console.log(
    `| ${name} | ${solved.length} / ${rs.length} | ${n('unsolvable')} | ${n('limit')} | ${n('error')} | ${(median(solved.map((r) => r.totalMs)) / 1000).toFixed(2)} s | ${meanLen.toFixed(1)} |`,
  );
}
const errors = results.filter((r) => r.status === 'error');
for (const e of errors.slice(0, 10)) console.log(`error: level ${e.level} ${e.config}: ${e.error}`);
