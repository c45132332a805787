/**
 * Iterative deepening depth-first search, as the original Prolog planner
 * does it (shared/docs/seed-prolog-planner.md):
 *
 * - depth bound 1, 2, 3, …; within a bound, depth-first in operator order;
 *   the goal is tested on every node visited, so bound L finds plans of
 *   length ≤ L and the first plan found is a shortest one (under the rule);
 * - max-length termination: each iteration records the longest partial plan
 *   it reached; if that is shorter than the bound, the space is exhausted
 *   and no plan exists (under the cycle rule), so deeper bounds are not tried;
 * - cycle rule `action` (the original's): a ground operator occurs at most
 *   once in a plan; `state` (the default, sound and complete): no state
 *   occurs twice on the current path.
 *
 * The search keeps one packed state per depth and the applicable operators of
 * every open node on an explicit stack: no recursion, no closed set.
 *
 * With `tt` (a transposition table, the classic enhancement from game-tree
 * search) each iteration records the smallest depth at which it entered
 * every state and does not enter a state again at the same or a greater
 * depth: that cuts most re-expansions (and every cycle). The first plan is
 * still a shortest one, and an iteration in which no path reached the bound
 * still proves that no plan exists; only the node counts differ from the
 * original's.
 */
import { hashState, StateStore } from '../strips/store.ts';
import type { SearchSpace } from '../strips/space.ts';
import { Budget, limitReason } from './budget.ts';
import { makePrune } from './prune.ts';
import type { IterationStats, SearchOptions, SearchResult, Strategy } from './types.ts';
import { resultBuilder } from './result.ts';

export function iddfs(space: SearchSpace, options: SearchOptions): SearchResult {
  const budget = new Budget(options);
  const W = space.words;
  const n = space.numOps;
  const byState = options.cycle === 'state';
  // Operators with the same printed name count as one for the action rule (the original compares terms).
  const nameIds = new Map<string, number>();
  const nameOf = new Int32Array(n);
  for (let o = 0; o < n; o++) {
    const name = space.opName(o);
    let id = nameIds.get(name);
    if (id === undefined) nameIds.set(name, (id = nameIds.size));
    nameOf[o] = id;
  }
  const used = new Uint8Array(nameIds.size);
  const prune = makePrune(space, options);
  const trace = options.trace?.(space);
  const iterations: IterationStats[] = [];
  let expanded = 0;
  let generated = 0;
  const result = resultBuilder(budget, () => ({ expanded, generated, duplicates: 0, stored: 0, iterations }));

  if (space.isGoal(space.init, 0)) {
    iterations.push({ bound: 1, expanded: 0, generated: 0, maxDepth: 0 });
    return result('solved', []);
  }

  const tmp = new Int32Array(Math.max(1, n));
  let opStack = new Int32Array(1024);
  for (let bound = 1; ; bound++) {
    const states = new Uint32Array((bound + 1) * W);
    states.set(space.init);
    const hashes = new Int32Array(bound + 1);
    hashes[0] = hashState(states, 0, W);
    const base = new Int32Array(bound + 1); // start of each depth's operator list in opStack
    const count = new Int32Array(bound + 1);
    const next = new Int32Array(bound + 1);
    const pathOp = new Int32Array(bound + 1);
    const it: IterationStats = { bound, expanded: 0, generated: 0, maxDepth: 0 };
    iterations.push(it);
    trace?.iteration?.(bound);
    const tt = options.tt ? new StateStore(W) : null;
    let ttDepth = new Int32Array(tt ? 1024 : 0);
    tt?.insert(states, 0, -1, -1);

    // Expands the node at `depth`: pushes its applicable operators.
    const expand = (depth: number): void => {
      const k = space.applicable(states, depth * W, tmp);
      const start = depth === 0 ? 0 : base[depth - 1] + count[depth - 1];
      if (start + k > opStack.length) {
        const bigger = new Int32Array(Math.max(opStack.length * 2, start + k));
        bigger.set(opStack);
        opStack = bigger;
      }
      opStack.set(tmp.subarray(0, k), start);
      base[depth] = start;
      count[depth] = k;
      next[depth] = 0;
      it.expanded++;
      expanded++;
      if (trace !== undefined) trace.expand(depth, depth - 1, depth === 0 ? -1 : pathOp[depth], NaN, NaN);
    };

    expand(0);
    let depth = 0;
    while (depth >= 0) {
      const limit = budget.exceeded(expanded, () => ({ expanded, generated, bound }));
      if (limit) return result('limit', null, limitReason(limit, options), limit);
      if (next[depth] === count[depth]) {
        // all children tried: backtrack
        if (depth > 0) used[nameOf[pathOp[depth]]] = 0;
        depth--;
        continue;
      }
      const op = opStack[base[depth] + next[depth]++];
      if (!byState && used[nameOf[op]] !== 0) continue;
      const d1 = depth + 1;
      const off = d1 * W;
      space.apply(op, states, depth * W, states, off);
      if (prune !== null && prune(states, off)) continue;
      if (byState && !tt) {
        const h = hashState(states, off, W);
        let onPath = false;
        for (let k = 0; k <= depth && !onPath; k++) {
          if (hashes[k] !== h) continue;
          onPath = true;
          for (let w = 0; w < W; w++) {
            if (states[k * W + w] !== states[off + w]) {
              onPath = false;
              break;
            }
          }
        }
        if (onPath) continue;
        hashes[d1] = h;
      }
      if (tt) {
        const r = tt.insert(states, off, -1, -1);
        if (r >= 0) {
          if (r >= ttDepth.length) {
            const b = new Int32Array(ttDepth.length * 2);
            b.set(ttDepth);
            ttDepth = b;
          }
          ttDepth[r] = d1;
        } else if (ttDepth[-r - 1] <= d1) continue;
        else ttDepth[-r - 1] = d1;
      }
      generated++;
      it.generated++;
      if (d1 > it.maxDepth) it.maxDepth = d1;
      pathOp[d1] = op;
      if (space.isGoal(states, off)) return result('solved', Array.from(pathOp.subarray(1, d1 + 1)));
      if (d1 < bound) {
        used[nameOf[op]] = 1;
        depth = d1;
        expand(d1);
      }
    }
    if (it.maxDepth < bound) {
      return result(
        'unsolvable',
        null,
        byState
          ? `no path reached depth ${bound} (longest: ${it.maxDepth}): every cycle-free path was explored`
          : `no path reached depth ${bound} (longest: ${it.maxDepth}): no plan uses each ground operator at most once (the original's rule); a plan that repeats an operator may exist (try --cycle state)`,
      );
    }
  }
}

export const iddfsStrategy: Strategy = {
  name: 'iddfs',
  summary: "the original planner's iterative deepening with max-length termination (--cycle, --tt)",
  optimal: (space, options) =>
    options.cycle === 'state' && space.task.operators.every((o) => o.cost === space.task.operators[0].cost),
  complete: (options) => options.cycle === 'state',
  traced: true,
  run: iddfs,
};
