/**
 * The Prolog engines side by side (`npx tsx bench/engines.ts [--limit SEC]
 * [--algos iddfs,bfs]`): the fast planning theory (--cycle state) in
 * tau-prolog and in SWI-Prolog (swipl-wasm) on tutorial level 7 (2 boxes,
 * 13 steps) and on the demo level (maps/demo.txt, 2 boxes, 17 steps), with
 * the TS backend for reference. Times are wall-clock of one run including
 * the worker's start and consulting; "> N s" is a run the limit stopped.
 * Prints a Markdown table for the README.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { benchArgs } from './args.ts';
import { loadProblem } from '../src/core/load.ts';
import { type SolveReport } from '../src/core/report.ts';
import { solveLoaded } from '../src/pipeline/solve.ts';
import { swiplAvailable } from '../src/prolog/engine-swipl.ts';
import { solvePrologLoaded, type PrologEngine } from '../src/prolog/solve.ts';

const root = (rel: string): string => fileURLToPath(new URL(`../${rel}`, import.meta.url));
const domainFile = root('domains/sokoban.pl');
const domainText = readFileSync(domainFile, 'utf8');

const { values } = benchArgs(import.meta.url, { options: { limit: { type: 'string' }, algos: { type: 'string' } }, strict: true });
const limitS = Number(values.limit ?? 600);
const algos = (values.algos ?? 'iddfs').split(',') as ('iddfs' | 'bfs')[];
if (!swiplAvailable()) throw new Error('swipl-wasm is not installed (npm install)');

const cases = [
  { label: 'tutorial 7', file: 'maps/tutorial.txt', level: 7 },
  { label: 'demo', file: 'maps/demo.txt', level: undefined },
];
const fmt = (r: SolveReport, ms: number): string => (r.status === 'limit' ? `> ${limitS} s` : ms < 1000 ? `${ms.toFixed(ms < 10 ? 1 : 0)} ms` : `${(ms / 1000).toFixed(1)} s`);

console.log('| level | algo | plan | expanded (ts) | ts | tau-prolog | SWI-Prolog (swipl-wasm) | tau / swipl |');
console.log('|---|---|---|---|---|---|---|---|');
for (const c of cases) {
  const loaded = loadProblem({ file: c.file, text: readFileSync(root(c.file), 'utf8'), level: c.level, domainFile, domainText });
  for (const algo of algos) {
    const ts = solveLoaded(loaded, { algo, cycle: 'state' });
    const runs = {} as Record<PrologEngine, SolveReport>;
    for (const engine of ['swipl', 'tau'] as const) {
      const r = await solvePrologLoaded(loaded, { algo, cycle: 'state', theory: 'fast', engine, timeoutMs: limitS * 1000 });
      if (r.status === 'solved' && (r.length !== ts.length || !r.prolog.valid)) throw new Error(`${c.label} ${algo} ${engine}: disagrees with ts`);
      runs[engine] = r;
    }
    const t = runs.tau;
    const s = runs.swipl;
    const ratio = s.status === 'limit' ? '–' : `${t.status === 'limit' ? '> ' : ''}${(t.stats.timeMs / s.stats.timeMs).toFixed(0)}×`;
    console.log(
      `| ${c.label} | ${algo} | ${ts.length} | ${ts.stats.expanded.toLocaleString('en')} | ${fmt(ts, ts.stats.timeMs)} | ${fmt(t, t.stats.timeMs)} | ${fmt(s, s.stats.timeMs)} | ${ratio} |`,
    );
  }
}
