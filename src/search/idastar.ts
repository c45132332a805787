/**
 * IDA*: depth-first iterations bounded by f = g + h, the bound raised each
 * time to the smallest f that exceeded it. A transposition table (one state
 * store for the whole search) keeps each state's h, so it is evaluated once,
 * and the smallest g at which the state was entered in the current
 * iteration: entering it again with no smaller g is cut. That also cuts
 * cycles. Optimal with an admissible heuristic.
 */
import type { Evaluator } from '../heuristics/types.ts';
import type { SearchSpace } from '../strips/space.ts';
import { StateStore } from '../strips/store.ts';
import { Budget, limitReason } from '../util/budget.ts';
import { OpStack } from './opstack.ts';
import { makePrune } from './prune.ts';
import type { IterationStats, SearchOptions, SearchResult, Strategy } from './types.ts';
import { resultBuilder } from './result.ts';
import { grow } from '../util/grow.ts';

const zero: Evaluator = { evaluate: () => 0 };

export function idastar(space: SearchSpace, options: SearchOptions): SearchResult {
  const budget = new Budget(options);
  const W = space.words;
  const h = options.heuristic ? options.heuristic.create(space, options.context) : zero;
  const store = new StateStore(W);
  let hv: Float64Array = new Float64Array(1024);
  let gBest: Float64Array = new Float64Array(1024);
  let stamp: Int32Array = new Int32Array(1024);
  const stack = new OpStack(space);
  let pathId: Int32Array = new Int32Array(64);
  let pathG: Float64Array = new Float64Array(64);
  let pathOp: Int32Array = new Int32Array(64);
  const child = new Uint32Array(W);
  const prune = makePrune(space, options);
  const trace = options.trace?.(space);
  const iterations: IterationStats[] = [];
  let expanded = 0;
  let generated = 0;
  let evaluated = 0;
  let duplicates = 0;
  const result = resultBuilder(budget, () => ({ expanded, generated, duplicates, evaluated, stored: store.size, iterations }));
  const ensureStates = (n: number): void => {
    hv = grow(hv, n);
    gBest = grow(gBest, n);
    stamp = grow(stamp, n);
  };
  const ensurePath = (d: number): void => {
    pathG = grow(pathG, d + 1);
    pathId = grow(pathId, d + 1);
    pathOp = grow(pathOp, d + 1);
  };

  store.insert(space.init, 0, -1, -1);
  evaluated++;
  hv[0] = h.evaluate(space.init, 0);
  if (hv[0] === Infinity) return result('unsolvable', null, 'the heuristic proves the initial state a dead end');
  if (space.isGoal(space.init, 0)) return result('solved', []);

  let bound = hv[0];
  for (let iter = 1; ; iter++) {
    const it: IterationStats = { bound, expanded: 0, generated: 0, maxDepth: 0 };
    iterations.push(it);
    let nextBound = Infinity;
    stamp[0] = iter;
    gBest[0] = 0;
    pathId[0] = 0;
    pathG[0] = 0;
    stack.fill(0, space.init, 0);
    it.expanded++;
    expanded++;
    if (trace !== undefined) {
      trace.iteration?.(bound);
      trace.expand(0, -1, -1, hv[0], hv[0], space.init, 0);
    }
    let depth = 0;
    while (depth >= 0) {
      const limit = budget.exceeded(expanded, () => ({ expanded, generated, f: bound }));
      if (limit) return result('limit', null, limitReason(limit, options), limit);
      const op = stack.pop(depth);
      if (op < 0) {
        depth--;
        continue;
      }
      const id = pathId[depth];
      space.apply(op, store.data, id * W, child, 0);
      generated++;
      it.generated++;
      if (prune !== null && prune(child, 0)) continue;
      const g2 = pathG[depth] + space.cost(op);
      let r = store.insert(child, 0, id, op);
      if (r >= 0) {
        ensureStates(store.size);
        evaluated++;
        hv[r] = h.evaluate(child, 0);
      } else r = -r - 1;
      if (hv[r] === Infinity) continue;
      if (stamp[r] === iter && gBest[r] <= g2) {
        duplicates++;
        continue;
      }
      stamp[r] = iter;
      gBest[r] = g2;
      const f = g2 + hv[r];
      if (f > bound) {
        if (f < nextBound) nextBound = f;
        continue;
      }
      const d1 = depth + 1;
      ensurePath(d1);
      pathId[d1] = r;
      pathG[d1] = g2;
      pathOp[d1] = op;
      if (d1 > it.maxDepth) it.maxDepth = d1;
      if (space.isGoal(child, 0)) return result('solved', Array.from(pathOp.subarray(1, d1 + 1)));
      depth = d1;
      stack.fill(depth, child, 0);
      it.expanded++;
      expanded++;
      if (trace !== undefined) trace.expand(depth, depth - 1, op, hv[r], f, child, 0);
    }
    if (nextBound === Infinity) {
      return result('unsolvable', null, `no node exceeded the f bound ${bound}: every reachable state was explored`);
    }
    bound = nextBound;
  }
}

export const idastarStrategy: Strategy = {
  name: 'idastar',
  summary: 'IDA* with a transposition table; cheapest plan with an admissible heuristic',
  defaultHeuristic: 'lmcut',
  optimal: (_space, options) => options.heuristic === undefined || options.heuristic.admissible,
  complete: () => true,
  traced: true,
  run: idastar,
};
