/** Uniform-cost search (Dijkstra): best-first on g; cheapest plans under action costs. */
import { bestFirst } from './bestfirst.ts';
import type { Strategy } from './types.ts';

export const ucsStrategy: Strategy = {
  name: 'ucs',
  summary: 'uniform-cost search (Dijkstra); cheapest plan',
  optimal: () => true,
  complete: () => true,
  traced: true,
  run: (space, options) =>
    bestFirst(space, { ...options, heuristic: undefined }, { gWeight: 1, hWeight: 0, reopen: true, goalOnGeneration: false, tieByG: false, lazy: false, preferred: false }),
};
