/**
 * Monte-Carlo tree search. Each iteration selects a path down the tree by
 * UCB1 (mean value + C·sqrt(ln N / n); unvisited children first), expands
 * the leaf (all its successors become children; states already in the tree
 * are not added again, so the tree is a spanning tree of the states seen),
 * plays a random roll-out of at most ROLLOUT_DEPTH steps from one new child
 * (never straight back to the state it came from) and backs the roll-out's
 * value up the path: 1 − h(end) / (h(init) + 1), clipped to [0, 1], from
 * the heuristic; a roll-out that ends in a dead end (no successors, pruned,
 * or h = Infinity) is a loss (0). A roll-out that reaches the goal ends the
 * search.
 *
 * Re-rooting: after DECISION iterations the search commits to the root's
 * most visited child and continues below it; when several decisions in a
 * row bring no better value, or the committed subtree is proven dead, it
 * goes back up one level. A node is dead when it has been expanded and all
 * its children are dead; when the initial state is dead, no plan exists (a
 * proof: every reachable state was expanded). Random choices follow
 * `--seed`. The plan (tree path plus roll-out) has its loops removed.
 */
import type { SearchSpace } from '../strips/space.ts';
import { StateStore } from '../strips/store.ts';
import { limitReason } from '../util/budget.ts';
import { localSetup, localStrategy, removeLoops, Table } from './local.ts';
import type { SearchOptions, SearchResult } from './types.ts';
import { resultBuilder } from './result.ts';

/** Maximum roll-out length. */
export const ROLLOUT_DEPTH = 30;
/** Iterations per decision (then the root moves down). */
export const DECISION = 200;
/** Decisions without a better value before the root moves back up. */
const PATIENCE = 4;
/** UCB1's exploration constant. */
const C = Math.SQRT2;

export function mcts(space: SearchSpace, options: SearchOptions): SearchResult {
  const { budget, W, h, prune, rng, ops, child } = localSetup(space, options);
  const store = new StateStore(W);
  const visits = new Table(0);
  const total = new Table(0);
  const flags = new Table(0); // 1 expanded, 2 dead
  const firstChild = new Table(-1);
  const nextSibling = new Table(-1);
  let expanded = 0;
  let generated = 0;
  let duplicates = 0;
  let evaluated = 0;
  const tables = [visits, total, flags, firstChild, nextSibling];
  const result = resultBuilder(budget, () => ({ expanded, generated, duplicates, evaluated, stored: store.size, bytesPerState: store.size ? (store.bytes + tables.reduce((a, t) => a + t.bytes, 0)) / store.size : 0 }));
  const grow = (n: number): void => {
    for (const t of tables) t.ensure(n);
  };
  const evaluate = (s: Uint32Array, off: number): number => {
    evaluated++;
    return h.evaluate(s, off);
  };

  store.insert(space.init, 0, -1, -1);
  grow(1);
  if (space.isGoal(space.init, 0)) return result('solved', []);
  const h0 = evaluate(space.init, 0);
  if (h0 === Infinity) return result('unsolvable', null, 'the heuristic proves the initial state a dead end');
  const valueOf = (hv: number): number => (hv === Infinity ? 0 : Math.max(0, 1 - hv / (h0 + 1)));

  /** Marks a node dead and every ancestor whose children are now all dead. */
  const markDead = (n: number): void => {
    for (let p = n; p >= 0; p = store.parent[p]) {
      if (p !== n) {
        for (let c = firstChild.a[p]; c >= 0; c = nextSibling.a[c]) if (!(flags.a[c] & 2)) return;
      }
      flags.a[p] = flags.a[p] | 2;
    }
  };
  const dead = (n: number): boolean => (flags.a[n] & 2) !== 0;

  const rollState = new Uint32Array(W);
  const prevState = new Uint32Array(W);
  const rollOps: number[] = [];
  const choices = new Int32Array(Math.max(1, space.numOps));
  /** A random roll-out from node n: its value, or the operators to a goal (a plan suffix). */
  const rollout = (n: number): number | number[] => {
    rollState.set(store.data.subarray(n * W, n * W + W));
    prevState.set(store.parent[n] >= 0 ? store.data.subarray(store.parent[n] * W, store.parent[n] * W + W) : rollState);
    rollOps.length = 0;
    for (let d = 0; d < ROLLOUT_DEPTH; d++) {
      if (budget.exceeded(expanded) !== null) break;
      expanded++;
      const k = space.applicable(rollState, 0, ops);
      let m = 0;
      let back = -1;
      for (let i = 0; i < k; i++) {
        space.apply(ops[i], rollState, 0, child, 0);
        generated++;
        if (prune !== null && prune(child, 0)) continue;
        if (sameState(child, prevState, W)) back = ops[i];
        else choices[m++] = ops[i];
      }
      if (m === 0 && back >= 0) choices[m++] = back; // only the way back is left
      if (m === 0) return 0; // a dead end: a loss
      const op = choices[rng.int(m)];
      prevState.set(rollState);
      space.apply(op, prevState, 0, rollState, 0);
      rollOps.push(op);
      if (space.isGoal(rollState, 0)) return rollOps.slice();
    }
    return valueOf(evaluate(rollState, 0));
  };

  let root = 0;
  let iterations = 0;
  let bestValue = 0;
  let bestAtDecision = 0;
  let stale = 0;
  for (;;) {
    const limit = budget.exceeded(expanded, () => ({ expanded, generated, f: Math.round(bestValue * 1000) / 1000 }));
    if (limit) return result('limit', null, limitReason(limit, options), limit);
    if (dead(0)) return result('unsolvable', null, `all ${store.size} reachable states ${evaluated > 1 ? 'that the heuristic does not prove dead ' : ''}are in the tree and dead; none satisfies the goal`);
    while (dead(root)) root = store.parent[root];
    // selection
    let n = root;
    while (flags.a[n] & 1) {
      const lnN = Math.log(Math.max(1, visits.a[n]));
      let best = -1;
      let bestScore = -Infinity;
      let unvisited = 0;
      for (let c = firstChild.a[n]; c >= 0; c = nextSibling.a[c]) {
        if (dead(c)) continue;
        const v = visits.a[c];
        let score: number;
        if (v === 0) {
          // unvisited children first, one of them at random
          unvisited++;
          score = Infinity;
          if (rng.int(unvisited) !== 0) continue;
        } else score = total.a[c] / v + C * Math.sqrt(lnN / v);
        if (score > bestScore || (score === Infinity && bestScore === Infinity)) {
          bestScore = score;
          best = c;
        }
      }
      if (best < 0) break;
      n = best;
    }
    // expansion
    let leaf = n;
    if (!(flags.a[n] & 1)) {
      expanded++;
      flags.a[n] |= 1;
      const k = space.applicable(store.data, n * W, ops);
      let added = 0;
      let pick = -1;
      for (let i = 0; i < k; i++) {
        space.apply(ops[i], store.data, n * W, child, 0);
        generated++;
        if (prune !== null && prune(child, 0)) continue;
        const r = store.insert(child, 0, n, ops[i]);
        if (r < 0) {
          duplicates++;
          continue;
        }
        grow(store.size);
        if (space.isGoal(child, 0)) return result('solved', removeLoops(space, store.path(r)));
        if (evaluate(child, 0) === Infinity) {
          flags.a[r] = 3; // expanded and dead: never selected
        }
        nextSibling.a[r] = firstChild.a[n];
        firstChild.a[n] = r;
        if (flags.a[r] !== 3) {
          added++;
          if (rng.int(added) === 0) pick = r;
        }
      }
      if (pick < 0) {
        markDead(n);
        backup(n, 0);
        continue;
      }
      leaf = pick;
    }
    // roll-out and back-up
    const r = rollout(leaf);
    if (Array.isArray(r)) return result('solved', removeLoops(space, [...store.path(leaf), ...r]));
    if (r > bestValue) bestValue = r;
    backup(leaf, r);
    // re-rooting
    if (++iterations >= DECISION) {
      iterations = 0;
      if (bestValue > bestAtDecision) {
        bestAtDecision = bestValue;
        stale = 0;
      } else stale++;
      if (stale >= PATIENCE && root !== 0) {
        root = store.parent[root];
        stale = 0;
      } else {
        let most = -1;
        for (let c = firstChild.a[root]; c >= 0; c = nextSibling.a[c]) if (!dead(c) && (most < 0 || visits.a[c] > visits.a[most])) most = c;
        if (most >= 0 && flags.a[most] & 1) root = most;
      }
    }
  }

  function backup(n: number, v: number): void {
    for (let p = n; p >= 0; p = store.parent[p]) {
      visits.a[p]++;
      total.a[p] += v;
    }
  }
}

function sameState(a: Uint32Array, b: Uint32Array, w: number): boolean {
  for (let i = 0; i < w; i++) if (a[i] !== b[i]) return false;
  return true;
}

export const mctsStrategy = localStrategy('mcts', 'Monte-Carlo tree search: UCB1, random roll-outs valued by the heuristic, dead ends lost, re-rooting (--seed)', mcts);
