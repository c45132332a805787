/**
 * PDDL negative preconditions compiled away, on a big generated case: K
 * robots on an N×N grid that move only into free cells
 * (`(not (occupied ?to))`) and paint each cell once per robot
 * (`(not (painted ?r ?c))`). Prints the complement facts the import adds
 * and the CPU time (process.cpuUsage, user + system) of loading (reading,
 * import, complement facts, checks, lint); with --solve also of solving
 * (gbfs+hff: robot 1 paints the far corner). --without drops the two
 * negations from the domain: the same load without the complements.
 *
 *   npx tsx bench/pddl-negative.ts [--size N] [--robots K] [--solve] [--without]
 */
import { benchArgs } from './args.ts';
import { loadProblem } from '../src/core/load.ts';
import { solveLoaded } from '../src/pipeline/solve.ts';

const { values } = benchArgs(import.meta.url, { options: { size: { type: 'string', default: '200' }, robots: { type: 'string', default: '10' }, solve: { type: 'boolean', default: false }, without: { type: 'boolean', default: false } } });
const n = Number(values.size);
const k = Number(values.robots);

const NEGATIVE = `(define (domain painters)
  (:requirements :strips :typing :negative-preconditions)
  (:types robot cell)
  (:predicates (at ?r - robot ?c - cell) (occupied ?c - cell) (adj ?a ?b - cell) (painted ?r - robot ?c - cell))
  (:action move
    :parameters (?r - robot ?from ?to - cell)
    :precondition (and (at ?r ?from) (adj ?from ?to) (not (occupied ?to)))
    :effect (and (at ?r ?to) (occupied ?to) (not (at ?r ?from)) (not (occupied ?from))))
  (:action paint
    :parameters (?r - robot ?c - cell)
    :precondition (and (at ?r ?c) (not (painted ?r ?c)))
    :effect (painted ?r ?c)))
`;
const DOMAIN = values.without ? NEGATIVE.replace(' (not (occupied ?to))', '').replace(' (not (painted ?r ?c))', '') : NEGATIVE;

const cell = (x: number, y: number): string => `c${x}-${y}`;
const cells: string[] = [];
const adj: string[] = [];
for (let y = 0; y < n; y++) {
  for (let x = 0; x < n; x++) {
    cells.push(cell(x, y));
    if (x + 1 < n) adj.push(`(adj ${cell(x, y)} ${cell(x + 1, y)}) (adj ${cell(x + 1, y)} ${cell(x, y)})`);
    if (y + 1 < n) adj.push(`(adj ${cell(x, y)} ${cell(x, y + 1)}) (adj ${cell(x, y + 1)} ${cell(x, y)})`);
  }
}
const robots = Array.from({ length: k }, (_, i) => `r${i + 1}`);
// robot i starts in row 0, column i
const start = robots.map((r, i) => `(at ${r} ${cell(i, 0)}) (occupied ${cell(i, 0)})`);
const PROBLEM = `(define (problem painters-${n}-${k}) (:domain painters)
  (:objects ${robots.join(' ')} - robot ${cells.join(' ')} - cell)
  (:init ${start.join(' ')} ${adj.join(' ')})
  (:goal (painted r1 ${cell(n - 1, n - 1)})))
`;

const cpu = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const t0 = cpu();
const loaded = loadProblem({ file: 'painters.pddl', text: PROBLEM, domainFile: 'painters-domain.pddl', domainText: DOMAIN });
const t1 = cpu();
const count = (p: string): number => loaded.problem.init.filter((l) => l.pred === p).length;
console.log(`${n}×${n} cells, ${k} robots: ${loaded.problem.init.length.toLocaleString('en')} initial facts, of them ${count('notOccupied').toLocaleString('en')} notOccupied and ${count('notPainted').toLocaleString('en')} notPainted; ${loaded.warnings?.length ?? 0} lint warnings`);
console.log(`load (read, import, complements, lint): ${(t1 - t0).toFixed(0)} ms CPU; heap used ${(process.memoryUsage().heapUsed / 2 ** 20).toFixed(0)} MB`);
if (values.solve) {
  const report = solveLoaded(loaded, { algo: 'gbfs', heuristic: 'hff' });
  const t2 = cpu();
  console.log(`solve gbfs+hff: ${report.status}, ${report.length} steps; ${(t2 - t1).toFixed(0)} ms CPU (grounding, search, validation)`);
}
