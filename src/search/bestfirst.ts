/**
 * The best-first search engine behind ucs, astar, wastar and gbfs: one open
 * list ordered by f = gWeight·g + hWeight·h (ties: smaller h for A*-like
 * searches, smaller g for greedy), a closed set in the state store, g and
 * h per state id, and optionally (greedy only) lazy evaluation and a second
 * open list for successors reached by preferred operators.
 *
 * g is a double (Float64Array): operator costs up to 1,000,000 over
 * thousands of steps pass 2^31, where a 32-bit integer would wrap negative
 * and make a dearer path look cheapest; doubles are exact up to 2^53. h stays
 * a 32-bit integer (4 bytes a state less), saturated at 2^31 − 2: a smaller
 * value keeps an admissible heuristic admissible (and a consistent one
 * consistent), and only greedy orderings lose detail above it.
 *
 * States the heuristic proves dead (h = Infinity) are stored, so they are
 * evaluated once, but never expanded.
 */
import type { Evaluator } from '../heuristics/types.ts';
import type { SearchSpace } from '../strips/space.ts';
import { StateStore } from '../strips/store.ts';
import { Budget, limitReason } from '../util/budget.ts';
import { Heap, keyPrimary, packKey } from '../util/heap.ts';
import { makePrune } from './prune.ts';
import type { SearchOptions, SearchResult } from './types.ts';
import { resultBuilder } from './result.ts';

export interface BestFirstConfig {
  gWeight: number;
  hWeight: number;
  /** Reopen closed states when a cheaper path is found (needed for optimality with inconsistent heuristics). */
  reopen: boolean;
  /** Goal test when a state is generated (greedy) rather than when it is expanded (optimal searches). */
  goalOnGeneration: boolean;
  /** Break ties by smaller g (greedy) instead of smaller h. */
  tieByG: boolean;
  lazy: boolean;
  preferred: boolean;
}

const UNKNOWN = -1; // h not evaluated yet (lazy)
const DEAD = 0x7fffffff; // h = Infinity: the heuristic proves the state a dead end
const H_MAX = DEAD - 1; // larger finite values are saturated here

const zero: Evaluator = { evaluate: () => 0 };

/** Grows a typed array to at least n entries (doubling), keeping its contents. */
function fit<A extends Int32Array | Float64Array>(a: A, n: number, fill = 0): A {
  if (n <= a.length) return a;
  const b = new (a.constructor as new (n: number) => A)(Math.max(n, a.length * 2));
  b.set(a);
  if (fill !== 0) b.fill(fill, a.length);
  return b;
}

export function bestFirst(space: SearchSpace, options: SearchOptions, c: BestFirstConfig): SearchResult {
  const budget = new Budget(options);
  const W = space.words;
  const h = options.heuristic && c.hWeight !== 0 ? options.heuristic.create(space, options.context) : zero;
  const usePreferred = c.preferred && typeof h.preferred === 'function';
  const store = new StateStore(W);
  let g: Float64Array = new Float64Array(1024);
  let hv: Int32Array = new Int32Array(1024).fill(UNKNOWN);
  let closed = new Uint8Array(1024);
  const open = new Heap();
  const prefOpen = new Heap();
  const ops = new Int32Array(Math.max(1, space.numOps));
  const pref = new Int32Array(Math.max(1, space.numOps));
  const isPref = new Uint8Array(Math.max(1, space.numOps));
  const child = new Uint32Array(W);
  const prune = makePrune(space, options);
  const trace = options.trace?.(space);
  let expanded = 0;
  let generated = 0;
  let duplicates = 0;
  let evaluated = 0;
  let reopened = 0;
  let f = 0;
  let best = Infinity;
  let boost = 0;
  let turn = 0;

  const result = resultBuilder(budget, () => ({ expanded, generated, duplicates, evaluated, reopened, stored: store.size, bytesPerState: store.size ? (store.bytes + g.byteLength + hv.byteLength + closed.byteLength + open.bytes + prefOpen.bytes) / store.size : 0 }));
  const evaluate = (data: Uint32Array, off: number): number => {
    evaluated++;
    const v = h.evaluate(data, off);
    return v === Infinity ? DEAD : v > H_MAX ? H_MAX : v;
  };
  const key = (gv: number, hvv: number): number => packKey(c.gWeight * gv + c.hWeight * hvv, c.tieByG ? gv : hvv);
  const grow = (n: number): void => {
    if (n > g.length) {
      g = fit(g, n);
      hv = fit(hv, n, UNKNOWN);
      const cl = new Uint8Array(g.length);
      cl.set(closed);
      closed = cl;
    }
  };

  store.insert(space.init, 0, -1, -1);
  g[0] = 0;
  if (!c.lazy) {
    hv[0] = evaluate(space.init, 0);
    if (hv[0] === DEAD) return result('unsolvable', null, `the heuristic proves the initial state a dead end`);
  }
  if (space.isGoal(space.init, 0)) return result('solved', []);
  open.push(key(0, Math.max(hv[0], 0)), 0);

  for (;;) {
    const limit = budget.exceeded(expanded, () => ({ expanded, generated, f }));
    if (limit) return result('limit', null, limitReason(limit, options), limit);
    const fromPref = usePreferred && prefOpen.size > 0 && (boost > 0 || (turn++ & 1) === 0);
    const q = fromPref ? prefOpen : open;
    if (q.size === 0) break;
    const id = q.pop();
    if (fromPref && boost > 0) boost--;
    if (closed[id]) continue;
    if (hv[id] === UNKNOWN) hv[id] = evaluate(store.data, id * W);
    if (hv[id] === DEAD) continue;
    f = keyPrimary(q.lastKey);
    closed[id] = 1;
    if (!c.goalOnGeneration && space.isGoal(store.data, id * W)) return result('solved', store.path(id));
    expanded++;
    if (trace !== undefined) {
      const hh = c.hWeight === 0 ? NaN : hv[id];
      trace.expand(id, store.parent[id], store.op[id], hh, c.gWeight * g[id] + c.hWeight * hv[id]);
    }
    if (hv[id] < best) {
      best = hv[id];
      if (usePreferred) boost += 1000;
    }
    let nPref = 0;
    if (usePreferred) {
      if (!c.lazy) h.evaluate(store.data, id * W); // the evaluator's preferred operators are those of the last state evaluated
      nPref = h.preferred!(pref);
      for (let i = 0; i < nPref; i++) isPref[pref[i]] = 1;
    }
    const k = space.applicable(store.data, id * W, ops);
    const gid = g[id];
    for (let i = 0; i < k; i++) {
      const op = ops[i];
      space.apply(op, store.data, id * W, child, 0);
      generated++;
      if (prune !== null && prune(child, 0)) continue;
      const g2 = gid + space.cost(op);
      const r = store.insert(child, 0, id, op);
      if (r >= 0) {
        grow(store.size);
        g[r] = g2;
        if (c.goalOnGeneration && space.isGoal(child, 0)) return result('solved', store.path(r));
        let hr: number;
        if (c.lazy) {
          hr = hv[id]; // the parent's value until the state is expanded
        } else {
          hr = hv[r] = evaluate(child, 0);
          if (hr === DEAD) continue;
        }
        open.push(key(g2, hr), r);
        if (isPref[op]) prefOpen.push(key(g2, hr), r);
        continue;
      }
      const old = -r - 1;
      if (c.reopen && g2 < g[old] && hv[old] !== DEAD) {
        g[old] = g2;
        store.parent[old] = id;
        store.op[old] = op;
        if (closed[old]) {
          closed[old] = 0;
          reopened++;
        }
        open.push(key(g2, hv[old] === UNKNOWN ? hv[id] : hv[old]), old);
      } else duplicates++;
    }
    for (let i = 0; i < nPref; i++) isPref[pref[i]] = 0;
  }
  return result('unsolvable', null, `all ${store.size} reachable states ${evaluated > 0 ? 'that the heuristic does not prove dead ' : ''}explored; none satisfies the goal`);
}
