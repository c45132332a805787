/**
 * h^add (Bonet & Geffner): as h^max, but a set of atoms costs the sum of its
 * atoms' costs. Counts shared sub-plans more than once, so it is not
 * admissible, but it is usually far better informed than h^max for greedy
 * search. Infinity when the goal is relaxed-unreachable.
 */
import { compileRelaxed, RelaxedExploration } from './common.ts';
import type { Heuristic } from './types.ts';

export const hadd: Heuristic = {
  name: 'hadd',
  summary: 'delete relaxation, sum of goal atom costs (h^add); not admissible',
  admissible: false,
  create(space) {
    const rt = compileRelaxed(space.task);
    const exploration = new RelaxedExploration(rt, 'add');
    return { evaluate: (s, off) => (rt.unsolvable ? Infinity : exploration.run(s, off)) };
  },
};
