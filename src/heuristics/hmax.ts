/**
 * h^max (Bonet & Geffner): under the delete relaxation, the cost of a set of
 * atoms is the cost of its costliest atom; an atom costs the cheapest of
 * its achievers, an achiever its cost plus the cost of its preconditions.
 * Admissible; Infinity when the goal is relaxed-unreachable.
 */
import { compileRelaxed, RelaxedExploration } from './common.ts';
import type { Heuristic } from './types.ts';

export const hmax: Heuristic = {
  name: 'hmax',
  summary: 'delete relaxation, costliest goal atom (h^max); admissible',
  admissible: true,
  create(space) {
    const rt = compileRelaxed(space.task);
    const exploration = new RelaxedExploration(rt, 'max');
    return { evaluate: (s, off) => (rt.unsolvable ? Infinity : exploration.run(s, off)) };
  },
};
