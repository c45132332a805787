/**
 * Greedy best-first search: always expands a state of smallest h. Options:
 * --lazy (evaluate a state when expanded, not when generated: fewer
 * evaluations) and --preferred (a second open list for successors reached by
 * the heuristic's preferred operators, e.g. h^FF's helpful actions, taken in
 * turn with the first and boosted after progress, as in Fast Downward).
 */
import { bestFirst } from './bestfirst.ts';
import type { Strategy } from './types.ts';
import type { OptionDecl } from '../util/option-decl.ts';

/** gbfs's options: lazy evaluation and the preferred-operator queue. */
export const GBFS_OPTIONS: readonly OptionDecl[] = [
  { name: 'lazy', type: 'boolean', help: 'evaluate states when expanded' },
  { name: 'preferred', type: 'boolean', help: "extra open list for the heuristic's helpful actions", heuristicNeeds: { property: 'preferredOperators', what: 'preferred operators' } },
];

export const gbfsStrategy: Strategy = {
  name: 'gbfs',
  summary: 'greedy best-first (f = h); --lazy, --preferred (helpful actions of hff); fast, not optimal',
  defaultHeuristic: 'hff',
  options: GBFS_OPTIONS,
  optimal: () => false,
  complete: () => true,
  traced: true,
  run: (space, options) =>
    bestFirst(space, options, {
      gWeight: 0,
      hWeight: 1,
      reopen: false,
      goalOnGeneration: true,
      tieByG: true,
      lazy: options.lazy ?? false,
      preferred: options.preferred ?? false,
    }),
};
