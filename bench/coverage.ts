/**
 * Coverage benchmark: configurations × the levels of a collection, with a
 * time limit per run, on a worker pool using every core.
 *
 *   npx tsx bench/coverage.ts [--levels FILE[:N | :A-B | :1,4,7-9]] [--timeout SEC] [--config "astar+lmcut"] …
 *                             [--threads N] [--out bench-output/coverage.json] [--best FILE]
 *
 * Defaults: ../shared/levels/microban.txt, 30 s, and the two configurations
 * of the step-3 goals: astar+lmcut (optimal) and gbfs+hff (satisficing).
 * Writes --out (every run, JSON) and, next to it, the per-level report
 * (coverage.json → coverage-levels.md: per configuration one row per level:
 * title, status, time, moves, pushes, expanded states); prints the
 * per-level tables and a Markdown summary (levels solved, median time of the
 * solved, mean moves and pushes of the solved, the unsolved levels).
 *
 * --best FILE: the best known results per level, in one of two formats
 * (detected from the first data line; `#`/`;` lines are comments):
 *   12 218 63        level, moves, pushes (whitespace or commas; `-` unknown)
 *   12: lluRRdrUU…   a solution in LURD (upper case a push; `3r` = `rrr`)
 * adds pushes/best and moves/best to the per-level tables and a table of the
 * mean and worst ratios and how many levels are within 1.5× the best pushes
 * and 2× the best moves. A bad line: `FILE:line:col: …`, exit 2.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { benchArgs, readInput } from './args.ts';
import { fileURLToPath } from 'node:url';
import { scanLevels } from '../src/sokoban/level.ts';
import { parseRanges, splitSpec } from '../src/bench/levels.ts';
import { compactList, levelsPath, levelsReport, parseBest, ratioTable, summarize, summaryTable, type BestTable } from '../src/bench/coverage-report.ts';
import { PlanlogError } from '../src/util/errors.ts';
import { configFrom, UsageError } from '../src/options/index.ts';
import type { Job, JobResult } from '../src/workers/jobs.ts';
import { createPool } from '../src/workers/pool.ts';

const root = (rel: string): string => fileURLToPath(new URL(`../${rel}`, import.meta.url));

const { values } = benchArgs(import.meta.url, {
  options: {
    levels: { type: 'string', default: root('../shared/levels/microban.txt') },
    timeout: { type: 'string', default: '30' },
    config: { type: 'string', multiple: true },
    threads: { type: 'string' },
    out: { type: 'string', default: 'bench-output/coverage.json' },
    best: { type: 'string' },
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
const entries = scanLevels(readFileSync(levelFile, 'utf8'), levelFile);
const count = entries.length;
const titles = new Map(entries.map((e) => [e.number, e.title]));
const numbers = ranges === null ? Array.from({ length: count }, (_, i) => i + 1) : parseRanges(ranges, count, levelFile);
// the best known results, read before any run (a bad line: located error, exit 2)
let best: BestTable | undefined;
if (values.best !== undefined) {
  const bestText = readInput(import.meta.url, '--best', values.best);
  try {
    best = parseBest(bestText, values.best);
  } catch (e) {
    if (!(e instanceof PlanlogError)) throw e;
    console.error(`bench/coverage.ts: --best: ${e.message}`);
    process.exit(2);
  }
  // a level the collection does not have is most likely a best-known file of another collection
  const outside = [...best.keys()].filter((n) => n > count).sort((a, b) => a - b);
  if (outside.length > 0) {
    console.error(`bench/coverage.ts: --best: ${values.best}: ${outside.length === 1 ? 'level' : 'levels'} ${compactList(outside)} ${outside.length === 1 ? 'is' : 'are'} not in ${levelFile} (${count} levels): ignored`);
  }
}
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

mkdirSync(dirname(values.out), { recursive: true });
writeFileSync(values.out, JSON.stringify(results, null, 1));

const header = `${levelFile.replace(/^.*\//, '')} levels ${ranges ?? `1–${count}`}, ${timeoutMs / 1000} s per run, ${threads ?? 'all'} threads; wall time ${((performance.now() - t0) / 1000).toFixed(0)} s`;
const perLevel = levelsReport(results, titles, best);
writeFileSync(levelsPath(values.out), `${header}${best ? `; best known: ${values.best}` : ''}\n\n${perLevel}\n`);
console.log(`\n${perLevel}\n`);
console.log(`${header}\n`);
const summaries = [...new Set(results.map((r) => r.config))].map((name) =>
  summarize(
    name,
    results.filter((r) => r.config === name),
    best,
  ),
);
console.log(summaryTable(summaries));
if (best) console.log(`\nRatio to the best known (${values.best}; over the solved levels with a known value):\n\n${ratioTable(summaries)}`);
const errors = results.filter((r) => r.status === 'error');
for (const e of errors.slice(0, 10)) console.log(`error: level ${e.level} ${e.config}: ${e.error}`);
