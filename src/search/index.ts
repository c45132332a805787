/** The registry of search strategies; the CLI's choices and help come from it. */
import { astarStrategy } from './astar.ts';
import { beamStrategy } from './beam.ts';
import { bfsStrategy } from './bfs.ts';
import { dfsStrategy } from './dfs.ts';
import { gaStrategy } from './ga.ts';
import { gbfsStrategy } from './gbfs.ts';
import { idastarStrategy } from './idastar.ts';
import { iddfsStrategy } from './iddfs.ts';
import { lrtaStrategy } from './lrta.ts';
import { mctsStrategy } from './mcts.ts';
import { autoStrategy, optimalMovesStrategy, optimalPushesStrategy } from './presets.ts';
import { pushGreedyStrategy, pushStrategy } from '../plugins/sokoban/push.ts';
import type { Strategy } from './types.ts';
import { ucsStrategy } from './ucs.ts';
import { wastarStrategy } from './wastar.ts';

export const strategies: Readonly<Record<string, Strategy>> = {
  iddfs: iddfsStrategy,
  bfs: bfsStrategy,
  dfs: dfsStrategy,
  ucs: ucsStrategy,
  astar: astarStrategy,
  wastar: wastarStrategy,
  gbfs: gbfsStrategy,
  idastar: idastarStrategy,
  push: pushStrategy,
  'push-greedy': pushGreedyStrategy,
  beam: beamStrategy,
  lrta: lrtaStrategy,
  mcts: mctsStrategy,
  ga: gaStrategy,
  auto: autoStrategy,
  'optimal-moves': optimalMovesStrategy,
  'optimal-pushes': optimalPushesStrategy,
};

export const strategyNames = Object.keys(strategies);

/** The strategy of that name, or undefined. */
export function getStrategy(name: string): Strategy | undefined {
  return Object.hasOwn(strategies, name) ? strategies[name] : undefined;
}

export type { SearchOptions, SearchResult, SearchStats, Strategy, CycleRule, SearchStatus } from './types.ts';
export { defaultSearchOptions } from './types.ts';
