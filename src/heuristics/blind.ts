/** The blind heuristic: 0 everywhere. A* with it is uniform-cost search. */
import type { Heuristic } from './types.ts';

export const blind: Heuristic = {
  name: 'blind',
  summary: '0 for every state (A* becomes uniform-cost search); admissible',
  admissible: true,
  create: () => ({ evaluate: () => 0 }),
};
