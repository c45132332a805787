/**
 * Depth-first graph search: follows the first applicable operator as deep as
 * it can, backtracks, and never enters a stored state twice. Cheap per node,
 * complete on finite spaces, but its plans are long.
 */
import type { SearchSpace } from '../strips/space.ts';
import { StateStore } from '../strips/store.ts';
import { Budget, limitReason } from '../util/budget.ts';
import { makePrune } from './prune.ts';
import { OpStack } from './opstack.ts';
import type { SearchOptions, SearchResult, Strategy } from './types.ts';
import { resultBuilder } from './result.ts';
import { grow } from '../util/grow.ts';

export function dfs(space: SearchSpace, options: SearchOptions): SearchResult {
  const budget = new Budget(options);
  const W = space.words;
  const store = new StateStore(W);
  const stack = new OpStack(space);
  let path = new Int32Array(64); // state id at each depth
  const child = new Uint32Array(W);
  const prune = makePrune(space, options);
  const trace = options.trace?.(space);
  let expanded = 0;
  let generated = 0;
  let duplicates = 0;
  const result = resultBuilder(budget, () => ({ expanded, generated, duplicates, stored: store.size, bytesPerState: store.bytesPerState }));

  store.insert(space.init, 0, -1, -1);
  if (space.isGoal(space.init, 0)) return result('solved', []);
  stack.fill(0, space.init, 0);
  expanded++;
  if (trace !== undefined) trace.expand(0, -1, -1, NaN, NaN, space.init, 0);
  let depth = 0;
  while (depth >= 0) {
    const limit = budget.exceeded(expanded, () => ({ expanded, generated, bound: depth }));
    if (limit) return result('limit', null, limitReason(limit, options), limit);
    const op = stack.pop(depth);
    if (op < 0) {
      depth--;
      continue;
    }
    const id = path[depth];
    space.apply(op, store.data, id * W, child, 0);
    generated++;
    if (prune !== null && prune(child, 0)) continue;
    const r = store.insert(child, 0, id, op);
    if (r < 0) {
      duplicates++;
      continue;
    }
    if (space.isGoal(child, 0)) return result('solved', store.path(r));
    depth++;
    path = grow(path, depth + 1);
    path[depth] = r;
    stack.fill(depth, child, 0);
    expanded++;
    if (trace !== undefined) trace.expand(depth, depth - 1, op, NaN, NaN, child, 0);
  }
  return result('unsolvable', null, `all ${store.size} reachable states explored; none satisfies the goal`);
}

export const dfsStrategy: Strategy = {
  name: 'dfs',
  summary: 'depth-first graph search (closed set); cheap, long plans',
  optimal: () => false,
  complete: () => true,
  traced: true,
  run: dfs,
};
