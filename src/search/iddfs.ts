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
 * search) each iteration records what it has entered and does not enter it
 * again. Under the state rule the table keeps the smallest depth at which
 * each state was entered and cuts a state reached again at the same or a
 * greater depth: that cuts most re-expansions (and every cycle). Under the
 * action rule what lies below a node depends on the operators its path has
 * used, not only on its state, so there the table is keyed on the state
 * together with the set of operators used (whose size is the depth): only a
 * node identical to one entered before — the same state reached by a
 * permutation of the same operators — is cut, and its subtree is exactly the
 * one already explored. Either way the first plan is still a shortest one,
 * and the longest path of an iteration is the same as without the table, so
 * an iteration in which no path reached the bound still proves that no plan
 * exists (under the rule); only the node counts differ from the original's.
 */
import { hashState, StateStore } from '../strips/store.ts';
import type { SearchSpace } from '../strips/space.ts';
import { Budget, limitReason } from '../util/budget.ts';
import { makePrune } from './prune.ts';
import type { IterationStats, SearchOptions, SearchResult, Strategy } from './types.ts';
import { resultBuilder } from './result.ts';
import { grow } from '../util/grow.ts';

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
  // Under the action rule with a table: the sorted name ids used on the current path (depth entries).
  const actionTT = options.tt === true && !byState;
  const usedList = new Int32Array(actionTT ? nameIds.size + 1 : 0);
  /** Adds name id `id` to the sorted usedList of `d` entries. */
  const insertUsed = (d: number, id: number): void => {
    let i = d;
    while (i > 0 && usedList[i - 1] > id) {
      usedList[i] = usedList[i - 1];
      i--;
    }
    usedList[i] = id;
  };
  /** Removes name id `id` from the sorted usedList of `d + 1` entries. */
  const removeUsed = (d: number, id: number): void => {
    let i = 0;
    while (usedList[i] !== id) i++;
    for (; i < d; i++) usedList[i] = usedList[i + 1];
  };
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
    const tt = options.tt && byState ? new StateStore(W) : null;
    let ttDepth = new Int32Array(tt ? 1024 : 0);
    tt?.insert(states, 0, -1, -1);
    // Action rule: key = state words + the used set, as a bitset of name ids or as
    // the sorted list of those ids padded with ~0 (whichever is narrower this iteration).
    const bitWords = (nameIds.size + 31) >>> 5;
    const asBits = bitWords <= bound;
    const K = W + (asBits ? bitWords : bound);
    const att = actionTT ? new StateStore(K) : null;
    const key = new Uint32Array(actionTT ? K : 0);
    /** Writes the key of a child at depth d + 1: its state at `off`, the d name ids in usedList and its own `id`. */
    const writeKey = (off: number, d: number, id: number): void => {
      key.set(states.subarray(off, off + W), 0);
      if (asBits) {
        key.fill(0, W);
        for (let i = 0; i < d; i++) key[W + (usedList[i] >>> 5)] |= 1 << (usedList[i] & 31);
        key[W + (id >>> 5)] |= 1 << (id & 31);
      } else {
        let j = W;
        let placed = false;
        for (let i = 0; i < d; i++) {
          if (!placed && id < usedList[i]) {
            key[j++] = id;
            placed = true;
          }
          key[j++] = usedList[i];
        }
        if (!placed) key[j++] = id;
        key.fill(0xffffffff, j);
      }
    };

    // Expands the node at `depth`: pushes its applicable operators.
    const expand = (depth: number): void => {
      const k = space.applicable(states, depth * W, tmp);
      const start = depth === 0 ? 0 : base[depth - 1] + count[depth - 1];
      opStack = grow(opStack, start + k);
      opStack.set(tmp.subarray(0, k), start);
      base[depth] = start;
      count[depth] = k;
      next[depth] = 0;
      it.expanded++;
      expanded++;
      if (trace !== undefined) trace.expand(depth, depth - 1, depth === 0 ? -1 : pathOp[depth], NaN, NaN, states, depth * W);
    };

    expand(0);
    let depth = 0;
    while (depth >= 0) {
      const limit = budget.exceeded(expanded, () => ({ expanded, generated, bound }));
      if (limit) return result('limit', null, limitReason(limit, options), limit);
      if (next[depth] === count[depth]) {
        // all children tried: backtrack
        if (depth > 0) {
          used[nameOf[pathOp[depth]]] = 0;
          if (actionTT) removeUsed(depth - 1, nameOf[pathOp[depth]]);
        }
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
          ttDepth = grow(ttDepth, r + 1);
          ttDepth[r] = d1;
        } else if (ttDepth[-r - 1] <= d1) continue;
        else ttDepth[-r - 1] = d1;
      }
      if (att) {
        // a node identical to one entered before: its subtree was explored already
        writeKey(off, depth, nameOf[op]);
        if (att.insert(key, 0, -1, -1) < 0) continue;
      }
      generated++;
      it.generated++;
      if (d1 > it.maxDepth) it.maxDepth = d1;
      pathOp[d1] = op;
      if (space.isGoal(states, off)) return result('solved', Array.from(pathOp.subarray(1, d1 + 1)));
      if (d1 < bound) {
        used[nameOf[op]] = 1;
        if (actionTT) insertUsed(depth, nameOf[op]);
        depth = d1;
        expand(d1);
      }
    }
    if (it.maxDepth < bound) {
      if (byState) return result('unsolvable', null, `no path reached depth ${bound} (longest: ${it.maxDepth}): every cycle-free path was explored`);
      return {
        ...result(
          'unsolvable',
          null,
          `no path reached depth ${bound} (longest: ${it.maxDepth}): no plan uses each ground operator at most once (the original's rule); a plan that repeats an operator may exist (try --cycle state)`,
        ),
        proof: 'action-rule',
      };
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
  options: [{ name: 'tt', type: 'boolean', help: 'transposition table (fewer re-expansions)' }],
  run: iddfs,
};
