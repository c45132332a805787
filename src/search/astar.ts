/** A*: best-first on f = g + h, reopening closed states; optimal with an admissible heuristic. */
import { bestFirst } from './bestfirst.ts';
import type { Strategy } from './types.ts';

export const astarStrategy: Strategy = {
  name: 'astar',
  summary: 'A* (f = g + h); cheapest plan with an admissible heuristic',
  defaultHeuristic: 'lmcut',
  optimal: (_space, options) => options.heuristic === undefined || options.heuristic.admissible,
  complete: () => true,
  traced: true,
  run: (space, options) => bestFirst(space, options, { gWeight: 1, hWeight: 1, reopen: true, goalOnGeneration: false, tieByG: false, lazy: false, preferred: false }),
};
