/**
 * Presets: strategies that pick a configuration. A domain plug-in may
 * replace a preset on its problems with a specialised one
 * (DomainPlugin.presets; e.g. Sokoban's push-level portfolio for `auto`).
 *
 * - `auto`: gbfs with hff. Fast; not optimal.
 * - `optimal-moves`: A* with lmcut: fewest steps under unit costs, cheapest
 *   plan under any costs.
 */
import { getHeuristic } from '../heuristics/index.ts';
import { astarStrategy } from './astar.ts';
import { gbfsStrategy } from './gbfs.ts';
import type { SearchOptions, SearchResult, Strategy } from './types.ts';

export const autoStrategy: Strategy = {
  name: 'auto',
  summary: 'the strong default: gbfs+hff',
  kind: 'preset',
  // gbfs reports its expansions: so does a run of this preset
  traced: true,
  optimal: () => false,
  complete: () => true,
  run: (space, options): SearchResult => gbfsStrategy.run(space, { ...options, heuristic: getHeuristic('hff') }),
};

export const optimalMovesStrategy: Strategy = {
  name: 'optimal-moves',
  summary: 'preset: fewest moves; A* with lmcut',
  kind: 'preset',
  traced: true,
  optimal: () => true,
  complete: () => true,
  run: (space, options: SearchOptions): SearchResult => astarStrategy.run(space, { ...options, heuristic: getHeuristic('lmcut') }),
};
