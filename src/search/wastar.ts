/**
 * Weighted A*: f = g + w·h (--weight, default 2). With an admissible
 * heuristic a plan costs at most w times the optimum; faster than A*.
 */
import { bestFirst } from './bestfirst.ts';
import type { Strategy } from './types.ts';

export const wastarStrategy: Strategy = {
  name: 'wastar',
  summary: 'weighted A* (f = g + w·h, --weight, default 2); at most w × optimal cost with an admissible h',
  defaultHeuristic: 'hff',
  optimal: (_space, options) => (options.weight ?? 2) <= 1 && (options.heuristic === undefined || options.heuristic.admissible),
  complete: () => true,
  traced: true,
  run: (space, options) =>
    bestFirst(space, options, { gWeight: 1, hWeight: options.weight ?? 2, reopen: true, goalOnGeneration: false, tieByG: false, lazy: false, preferred: false }),
};
