/**
 * Best-first search over the ground task, for ucs, astar, wastar and gbfs:
 * the engine of engine.ts with the strategy's heuristic as evaluator and
 * `--prune`'s dead-state test as pruner (see engine.ts for the open list,
 * the tie-breaking and the treatment of dead states).
 */
import type { Evaluator } from '../heuristics/types.ts';
import type { SearchSpace } from '../strips/space.ts';
import { Budget } from '../util/budget.ts';
import { type BestFirstConfig, bestFirstSearch } from './engine.ts';
import { makePrune } from './prune.ts';
import type { SearchOptions, SearchResult } from './types.ts';

export type { BestFirstConfig } from './engine.ts';

const zero: Evaluator = { evaluate: () => 0 };

export function bestFirst(space: SearchSpace, options: SearchOptions, c: BestFirstConfig): SearchResult {
  const budget = new Budget(options);
  const evaluator = options.heuristic && c.hWeight !== 0 ? options.heuristic.create(space, options.context) : zero;
  return bestFirstSearch(space, options, c, { evaluator, prune: makePrune(space, options) }, budget);
}
