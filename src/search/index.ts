/**
 * The domain-independent search strategies. The full registry, with the
 * strategies and presets of the installed domain plug-ins, is composed in
 * src/plugins/index.ts; the CLI's choices and help come from there.
 */
import { astarStrategy } from './astar.ts';
import { beamStrategy } from './beam.ts';
import { bfsStrategy } from './bfs.ts';
import { dfsStrategy } from './dfs.ts';
import { gaStrategy } from './ga.ts';
import { gbfsStrategy } from './gbfs.ts';
import { idastarStrategy } from './idastar.ts';
import { iddfsStrategy } from './iddfs.ts';
import { lamaFirstStrategy, lamaStrategy } from './lama.ts';
import { lrtaStrategy } from './lrta.ts';
import { mctsStrategy } from './mcts.ts';
import { autoStrategy, optimalMovesStrategy } from './presets.ts';
import type { Strategy } from './types.ts';
import { ucsStrategy } from './ucs.ts';
import { wastarStrategy } from './wastar.ts';

/** In the order of listing (by kind: systematic searches, local searches, presets). */
export const strategies: Readonly<Record<string, Strategy>> = {
  iddfs: iddfsStrategy,
  bfs: bfsStrategy,
  dfs: dfsStrategy,
  ucs: ucsStrategy,
  astar: astarStrategy,
  wastar: wastarStrategy,
  gbfs: gbfsStrategy,
  idastar: idastarStrategy,
  beam: beamStrategy,
  lrta: lrtaStrategy,
  mcts: mctsStrategy,
  ga: gaStrategy,
  auto: autoStrategy,
  'optimal-moves': optimalMovesStrategy,
  lama: lamaStrategy,
  'lama-first': lamaFirstStrategy,
};

export const strategyNames = Object.keys(strategies);

/** The domain-independent strategy of that name, or undefined. */
export function getStrategy(name: string): Strategy | undefined {
  return Object.hasOwn(strategies, name) ? strategies[name] : undefined;
}

export type { DomainPlugin, ProblemInput } from './plugin.ts';
export type { SearchOptions, SearchResult, SearchStats, Strategy, StrategyKind, CycleRule, SearchStatus, SearchContext, Pruner } from './types.ts';
export { defaultSearchOptions } from './types.ts';
