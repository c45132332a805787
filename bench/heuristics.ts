/**
 * Heuristic benchmark (`npx tsx bench/heuristics.ts`): evaluations per
 * second of every registered heuristic on the first 20,000 states of a
 * breadth-first exploration of a few Sokoban levels, as a Markdown table.
 *
 * Each heuristic evaluates every collected state once to warm up, then the
 * whole set repeatedly for at least 0.5 s; the rate is evaluations / time.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { contextOf, heuristicNames, heuristics } from '../src/plugins/index.ts';
import { loadProblem } from '../src/core/load.ts';
import type { SearchContext } from '../src/search/types.ts';
import { ground } from '../src/strips/ground.ts';
import { makeSearchSpace, type SearchSpace } from '../src/strips/space.ts';
import { breadthFirstStates, type StateStore } from '../src/strips/store.ts';

const root = (rel: string): string => fileURLToPath(new URL(`../${rel}`, import.meta.url));
const domainFile = root('domains/sokoban.pl');
const MAX_STATES = 20_000;
const MIN_MS = 500;

interface Level {
  label: string;
  file: string;
  level: string | number;
}

const levels: Level[] = [
  { label: 'demo', file: 'maps/demo.txt', level: 1 },
  { label: 'tutorial 9', file: 'maps/tutorial.txt', level: 9 },
  { label: 'bench (5 boxes)', file: 'maps/bench.txt', level: 1 },
];

interface Cell {
  rate: number;
  hInit: number;
}

function measure(space: SearchSpace, store: StateStore, name: string, context: SearchContext | undefined): Cell {
  const ev = heuristics[name].create(space, context);
  const W = space.words;
  let sink = 0;
  for (let id = 0; id < store.size; id++) sink += ev.evaluate(store.data, id * W);
  let evals = 0;
  const t0 = performance.now();
  let elapsed = 0;
  do {
    for (let id = 0; id < store.size; id++) {
      const h = ev.evaluate(store.data, id * W);
      if (h !== Infinity) sink += h;
    }
    evals += store.size;
    elapsed = performance.now() - t0;
  } while (elapsed < MIN_MS);
  if (sink < 0) console.log(sink); // keeps the work observable
  return { rate: (evals / elapsed) * 1000, hInit: ev.evaluate(space.init, 0) };
}

const domainText = readFileSync(domainFile, 'utf8');
const columns = levels.map((l) => {
  const loaded = loadProblem({ file: l.file, text: readFileSync(root(l.file), 'utf8'), level: l.level, domainFile, domainText });
  const task = ground(loaded.domain, loaded.problem);
  const space = makeSearchSpace(task);
  const store = breadthFirstStates(space, MAX_STATES);
  const cells = Object.fromEntries(heuristicNames.map((n) => [n, measure(space, store, n, contextOf(loaded))]));
  return { level: l, atoms: task.atoms.length, ops: task.operators.length, states: store.size, cells };
});

const fmt = (x: number): string => Math.round(x).toLocaleString('en');
console.log(`| heuristic | ${columns.map((c) => `${c.level.label}: evals/s (h at init)`).join(' | ')} |`);
console.log(`|---|${columns.map(() => '---:').join('|')}|`);
for (const n of heuristicNames) {
  console.log(`| ${n} | ${columns.map((c) => `${fmt(c.cells[n].rate)} (${c.cells[n].hInit})`).join(' | ')} |`);
}
console.log('');
for (const c of columns) {
  console.log(`- ${c.level.label} (${c.level.file}, level ${c.level.level}): ${c.atoms} atoms, ${c.ops} operators, ${fmt(c.states)} states evaluated`);
}
console.log(`\nnode ${process.version}, ${new Date().toISOString().slice(0, 10)}; each heuristic evaluates all states repeatedly for ≥ ${MIN_MS} ms after one warm-up pass`);
