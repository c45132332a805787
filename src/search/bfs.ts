/**
 * Breadth-first search with a closed set. States get ids in the order they
 * are first generated, which is breadth-first order, so the open list is just
 * the range of ids not yet expanded: no queue is stored. The goal test is
 * made when a state is generated. Returns a plan with the fewest actions.
 */
import { StateStore } from '../strips/store.ts';
import type { SearchSpace } from '../strips/space.ts';
import { Budget, limitReason } from '../util/budget.ts';
import { makePrune } from './prune.ts';
import type { SearchOptions, SearchResult, Strategy } from './types.ts';
import { resultBuilder } from './result.ts';

export function bfs(space: SearchSpace, options: SearchOptions): SearchResult {
  const budget = new Budget(options);
  const W = space.words;
  const store = new StateStore(W);
  const ops = new Int32Array(Math.max(1, space.numOps));
  const child = new Uint32Array(W);
  const prune = makePrune(space, options);
  const trace = options.trace?.(space);
  let expanded = 0;
  let generated = 0;
  let duplicates = 0;
  const result = resultBuilder(budget, () => ({ expanded, generated, duplicates, stored: store.size, bytesPerState: store.bytesPerState }));

  store.insert(space.init, 0, -1, -1);
  if (space.isGoal(space.init, 0)) return result('solved', []);
  for (let id = 0; id < store.size; id++) {
    const limit = budget.exceeded(expanded, () => ({ expanded, generated }));
    if (limit) return result('limit', null, limitReason(limit, options), limit);
    expanded++;
    if (trace !== undefined) trace.expand(id, store.parent[id], store.op[id], NaN, NaN, store.data, id * W);
    const k = space.applicable(store.data, id * W, ops);
    for (let i = 0; i < k; i++) {
      const op = ops[i];
      space.apply(op, store.data, id * W, child, 0);
      generated++;
      if (prune !== null && prune(child, 0)) continue;
      const r = store.insert(child, 0, id, op);
      if (r < 0) {
        duplicates++;
        continue;
      }
      if (trace !== undefined) trace.generate?.(r, id, op, NaN, NaN, child, 0);
      if (space.isGoal(child, 0)) return result('solved', store.path(r));
    }
  }
  return result('unsolvable', null, `all ${store.size} reachable states explored; none satisfies the goal`);
}

export const bfsStrategy: Strategy = {
  name: 'bfs',
  summary: 'breadth-first search with a closed set; fewest actions',
  optimal: (space) => space.task.operators.every((o) => o.cost === space.task.operators[0].cost),
  complete: () => true,
  traced: true,
  run: bfs,
};
