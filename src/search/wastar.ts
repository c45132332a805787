/**
 * Weighted A*: f = g + w·h (--weight, default 2). With an admissible
 * heuristic a plan costs at most w times the optimum; faster than A*.
 */
import { bestFirst } from './bestfirst.ts';
import type { Strategy } from './types.ts';
import type { OptionDecl } from '../util/option-decl.ts';

/** --weight: the weight of h. */
export const WASTAR_WEIGHT = {
  name: 'weight',
  type: 'number',
  min: 0,
  exclusiveMin: true,
  requestMax: 1000,
  default: 2,
  arg: 'W',
  help: 'f = g + W·h',
} as const satisfies OptionDecl;

export const wastarStrategy: Strategy = {
  name: 'wastar',
  summary: 'weighted A* (f = g + w·h, --weight, default 2); at most w × optimal cost with an admissible h',
  defaultHeuristic: 'hff',
  options: [WASTAR_WEIGHT],
  optimal: (_space, options) => (options.weight ?? WASTAR_WEIGHT.default) <= 1 && (options.heuristic === undefined || options.heuristic.admissible),
  complete: () => true,
  traced: true,
  run: (space, options) =>
    bestFirst(space, options, { gWeight: 1, hWeight: options.weight ?? WASTAR_WEIGHT.default, reopen: true, goalOnGeneration: false, tieByG: false, lazy: false, preferred: false }),
};
