/**
 * The Prolog backend benchmark (`npx tsx bench/prolog.ts [--levels 1,2,3]
 * [--limit SEC] [--algos iddfs,bfs]`): search time of the TS backend and of
 * both planning theories (plain, fast) in tau-prolog on the small tutorial
 * levels, with iddfs (--cycle state) and bfs. A Prolog run that hits the
 * wall-clock limit is shown as "> N s". Prints a Markdown table for the
 * README. Prolog times include starting the worker and consulting the theory
 * (about 0.2–0.4 s).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { benchArgs } from './args.ts';
import { loadProblem } from '../src/core/load.ts';
import { type SolveReport } from '../src/core/report.ts';
import { solveLoaded } from '../src/pipeline/solve.ts';
import { solvePrologLoaded } from '../src/prolog/solve.ts';
import type { TheoryName } from '../src/prolog/theory.ts';

const root = (rel: string): string => fileURLToPath(new URL(`../${rel}`, import.meta.url));
const domainFile = root('domains/sokoban.pl');
const domainText = readFileSync(domainFile, 'utf8');
const tutorial = readFileSync(root('maps/tutorial.txt'), 'utf8');

const { values } = benchArgs(import.meta.url, {
  options: { levels: { type: 'string' }, limit: { type: 'string' }, algos: { type: 'string' } },
  strict: true,
});
const levels = (values.levels ?? '1,2,3,4,5,7').split(',').map(Number);
const limitS = Number(values.limit ?? 120);
const algos = (values.algos ?? 'iddfs,bfs').split(',') as ('iddfs' | 'bfs')[];

const fmt = (r: SolveReport, ms: number): string => (r.status === 'limit' ? `> ${limitS} s` : ms < 1000 ? `${ms.toFixed(ms < 10 ? 1 : 0)} ms` : `${(ms / 1000).toFixed(1)} s`);

const lines = [
  '| level | algo | plan | expanded | ts | prolog fast | prolog plain | plain / fast |',
  '|---|---|---|---|---|---|---|---|',
];
console.log(lines.join('\n'));
for (const n of levels) {
  const loaded = loadProblem({ file: 'maps/tutorial.txt', text: tutorial, level: n, domainFile, domainText });
  for (const algo of algos) {
    const ts = solveLoaded(loaded, { algo, cycle: 'state' });
    const times: Record<TheoryName, { r: SolveReport; ms: number }> = {} as never;
    for (const theory of ['fast', 'plain'] as const) {
      const r = await solvePrologLoaded(loaded, { algo, cycle: 'state', theory, timeoutMs: limitS * 1000 });
      if (r.status === 'solved' && (r.length !== ts.length || !r.prolog.valid)) throw new Error(`level ${n} ${algo} ${theory}: disagrees with ts`);
      times[theory] = { r, ms: r.stats.timeMs };
    }
    const f = times.fast;
    const p = times.plain;
    const ratio = f.r.status === 'limit' ? '–' : `${p.r.status === 'limit' ? '> ' : ''}${(p.ms / f.ms).toFixed(1)}×`;
    const row = `| ${n} | ${algo} | ${ts.length} | ${ts.stats.expanded.toLocaleString('en')} | ${fmt(ts, ts.stats.timeMs)} | ${fmt(f.r, f.ms)} | ${fmt(p.r, p.ms)} | ${ratio} |`;
    console.log(row);
  }
}
