/**
 * The Sokoban plug-in: what a level file adds to the generic planner. A
 * problem compiled from a level (core/load.ts attaches the level) gets a
 * SokobanContext; on it the plug-in's push-level strategies, box-estimate
 * heuristics and deadlock pruner work, the local strategies default to
 * `matching`, and `auto` / `optimal-moves` run the presets of presets.ts.
 */
import type { DomainPlugin, ProblemInput } from '../../search/plugin.ts';
import type { Level } from '../../sokoban/level.ts';
import { sokobanContext } from './context.ts';
import { manhattan } from './h-manhattan.ts';
import { matching } from './h-matching.ts';
import { pushdist } from './h-pushdist.ts';
import { optimalPushesStrategy, sokobanAutoStrategy, sokobanOptimalMovesStrategy } from './presets.ts';
import { deadlocksPruner } from './prune.ts';
import { BOX_ESTIMATES, pushGreedyStrategy, pushStrategy } from './push.ts';

/** The local strategies (src/search/local.ts): on a level they default to matching and take the box estimates too. */
const LOCAL = ['beam', 'lrta', 'mcts', 'ga'];

export const sokobanPlugin: DomainPlugin = {
  name: 'sokoban',
  summary: 'Sokoban levels: push-level search, box estimates (manhattan, pushdist, matching), deadlock pruning, presets for auto and optimal-moves',
  problem: 'a level',
  strategies: [pushStrategy, pushGreedyStrategy, optimalPushesStrategy],
  heuristics: [manhattan, pushdist, matching],
  pruners: [deadlocksPruner],
  contextOf: (problem: ProblemInput & { readonly level?: Level }) => (problem.level ? sokobanContext(problem.level) : undefined),
  defaultHeuristics: Object.fromEntries(LOCAL.map((n) => [n, 'matching'])),
  presets: { auto: sokobanAutoStrategy, 'optimal-moves': sokobanOptimalMovesStrategy },
  accepts: Object.fromEntries(LOCAL.map((n) => [n, BOX_ESTIMATES])),
};

export { isSokobanContext, requireLevel, sokobanContext, type SokobanContext } from './context.ts';
