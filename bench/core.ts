/**
 * The core benchmark (`npm run bench`): the performance goals of step 1.
 *
 * 1. `iddfs --cycle action` (the original planner's strategy and rule) and
 *    `bfs` on a 2-box level with a 13-step optimum, the size of the level
 *    the original needed ~10 s for in SWI-Prolog.
 * 2. `bfs` exploring a 5-box level of about half a million reachable states:
 *    expanded states per second and bytes per stored state.
 *
 * Each measurement is the median of several runs; the figures go into the
 * README's performance table.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadProblem } from '../src/core/load.ts';
import { type SolveReport } from '../src/core/report.ts';
import { solveLoaded } from '../src/pipeline/solve.ts';
import { median } from '../src/util/stats.ts';

const root = (rel: string): string => fileURLToPath(new URL(`../${rel}`, import.meta.url));
const domainFile = root('domains/sokoban.pl');

function load(file: string, level: string | number) {
  return loadProblem({ file, text: readFileSync(root(file), 'utf8'), level, domainFile, domainText: readFileSync(domainFile, 'utf8') });
}


interface Row {
  what: string;
  report: SolveReport;
  searchMs: number;
}

function run(what: string, file: string, level: string | number, algo: string, cycle: 'state' | 'action', repeat: number, heuristic?: string): Row {
  const loaded = load(file, level);
  const times: number[] = [];
  let report: SolveReport | undefined;
  for (let i = 0; i < repeat; i++) {
    report = solveLoaded(loaded, { algo, cycle, heuristic });
    times.push(report.stats.timeMs);
  }
  return { what, report: report!, searchMs: median(times) };
}

const rows: Row[] = [
  run('iddfs --cycle action, 2 boxes (tutorial 7), 13-step optimum', 'maps/tutorial.txt', 'Two boxes, one at a time', 'iddfs', 'action', 15),
  run('iddfs --cycle state, same level', 'maps/tutorial.txt', 'Two boxes, one at a time', 'iddfs', 'state', 15),
  run('bfs, same level', 'maps/tutorial.txt', 'Two boxes, one at a time', 'bfs', 'state', 15),
  run('bfs, 5 boxes (maps/bench.txt), 36-step optimum', 'maps/bench.txt', 'Five boxes in a hall', 'bfs', 'state', 3),
  run('astar + blind, same level', 'maps/bench.txt', 'Five boxes in a hall', 'astar', 'state', 3, 'blind'),
];

console.log('| run | status | plan | expanded | generated | stored | search time | expanded/s | bytes/state |');
console.log('|---|---|---|---|---|---|---|---|---|');
for (const { what, report: r, searchMs } of rows) {
  const rate = Math.round((r.stats.expanded / searchMs) * 1000);
  console.log(
    `| ${what} | ${r.status} | ${r.status === 'solved' ? r.length : '–'} | ${r.stats.expanded.toLocaleString('en')} | ${r.stats.generated.toLocaleString('en')} | ` +
      `${r.stats.stored ? r.stats.stored.toLocaleString('en') : '–'} | ${searchMs.toFixed(1)} ms | ${rate.toLocaleString('en')} | ` +
      `${r.stats.bytesPerState ? r.stats.bytesPerState.toFixed(0) : '–'} |`,
  );
}
console.log(`\nnode ${process.version}, ${new Date().toISOString().slice(0, 10)}; median search time of 15 runs (3 for the 5-box level)`);
