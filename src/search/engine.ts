/**
 * The one best-first search engine: an open list ordered by
 * f = gWeight·g + hWeight·h, a closed set in the state store, g and h per
 * state id, and optionally lazy evaluation and a second open list for
 * successors reached by preferred operators.
 *
 * With more than one evaluator (`hooks.alternates`, as LAMA's h^FF and
 * landmark count) every evaluator has its own open list (and preferred
 * list), and the lists are taken in turn as Fast Downward's alternation
 * does: the non-empty list taken least often (a priority counted up on each
 * pop), the preferred lists moved 1000 pops ahead whenever an expanded
 * state improves on the best value of any evaluator. A state proved dead
 * by any evaluator is dead.
 *
 * It runs over any space of packed states with numbered operators
 * (BestFirstSpace): the ground task's (bestfirst.ts: ucs, astar, wastar,
 * gbfs) or a domain plug-in's space of macro operators (the Sokoban
 * push-level search: one operator is "walk to a box and push it once").
 * What differs between them is given as hooks: the evaluator (h), the
 * pruners (a test of an operator before its successor is built, a test of
 * every successor, a test of every new state) and the words of the answers.
 *
 * Ties among equal f go to the smaller h (A*-like searches), the smaller g
 * (`tieByG`, greedy) or the larger g (`preferDeep`); `fScale` rounds f to
 * 1/fScale units first.
 *
 * g is a double (Float64Array): operator costs up to 1,000,000 over
 * thousands of steps pass 2^31, where a 32-bit integer would wrap negative
 * and make a dearer path look cheapest; doubles are exact up to 2^53. h stays
 * a 32-bit integer (4 bytes a state less), saturated at 2^31 − 2: a smaller
 * value keeps an admissible heuristic admissible (and a consistent one
 * consistent), and only greedy orderings lose detail above it.
 *
 * States the evaluator proves dead (h = Infinity), a new-state pruner
 * rejects or a pruner on taking them from the open list rejects are
 * stored, so they are tested once, but never expanded nor reopened.
 */
import type { Evaluator } from '../heuristics/types.ts';
import { StateStore } from '../strips/store.ts';
import { type Budget, limitReason } from '../util/budget.ts';
import { Heap, keyPrimary, packKey } from '../util/heap.ts';
import type { SearchOptions, SearchResult, TracedSpace } from './types.ts';
import { resultBuilder } from './result.ts';
import { grow } from '../util/grow.ts';

/** What the engine searches: packed states of `words` words, operators numbered below `numOps`. */
export interface BestFirstSpace extends TracedSpace {
  /** 32-bit words per state. */
  readonly words: number;
  /** Operator ids are below it (the size of the buffer `applicable` writes to). */
  readonly numOps: number;
  /** The root states, `words` words each, one after the other: usually one, the initial state. */
  readonly init: Uint32Array;
  isGoal(s: Uint32Array, off: number): boolean;
  /** Writes the ids of the operators applicable in the state to `out`; returns their number. */
  applicable(s: Uint32Array, off: number, out: Int32Array): number;
  /** Writes the successor of the state under `op` to dst at dstOff. */
  apply(op: number, s: Uint32Array, off: number, dst: Uint32Array, dstOff: number): void;
  cost(op: number): number;
}

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
  /** Break ties by larger g (deeper states first); overrides tieByG. */
  preferDeep?: boolean;
  /** Round f to 1/fScale units before ordering (so weights like 1.5 keep ties exact); absent: f as it is. */
  fScale?: number;
  /** Keep only successors reached with g below it (the cost of a plan already found, to find a cheaper one); absent: no bound. */
  bound?: number;
  /**
   * Stop on a stall (absent: never): status `limit` (a node limit, stats.limit
   * 'nodes') once the best h of an expanded state (the first evaluator's) has
   * not improved over the last `stall` · max(e, STALL_FLOOR) expansions, e the
   * expansions it took to reach it. A greedy search whose estimate has stood
   * that long, relative to the work that brought it there, rarely ends soon:
   * a portfolio hands the rest of its time to its other members.
   */
  stall?: number;
}

/** The least expansions a stall is measured against (BestFirstConfig.stall): early bests come after a handful of expansions. */
export const STALL_FLOOR = 1000;

/**
 * The open list: entries (key, state id), `pop` the next to expand (-1 when
 * empty) with its key in `lastKey`. By default one heap, smallest key
 * first; a space may bring its own order (e.g. the Sokoban feature-space
 * search, which takes turns among cells of states with equal features).
 */
export interface OpenList {
  push(key: number, id: number): void;
  pop(): number;
  readonly size: number;
  readonly lastKey: number;
  /** Memory held, for bytesPerState. */
  readonly bytes: number;
}

/** The parts of a search that are not the engine's: h, the pruners, the open list and the words of its answers. */
export interface BestFirstHooks {
  /** h; `preferred` is used when the config asks for it. */
  evaluator: Evaluator;
  /**
   * More evaluators, each ordering an open list of its own by the same
   * f = gWeight·g + hWeight·h (the alternation above); their preferred
   * operators join the first's. Not with `open`.
   */
  alternates?: readonly Evaluator[];
  /** Tests each applicable operator of the state being expanded before its successor is built (counted as generated): true drops it. */
  rejectOp?: ((op: number) => boolean) | null;
  /** Tests each successor built: true drops it (a dead state). */
  prune?: ((s: Uint32Array, off: number) => boolean) | null;
  /**
   * Tests each successor stored for the first time, after the goal test on
   * generation and before it is evaluated, right after `apply` built it:
   * true stores it as dead (never evaluated, expanded nor reopened). For
   * tests too dear to repeat on every duplicate.
   */
  pruneNew?: ((s: Uint32Array, off: number, op: number, id: number) => boolean) | null;
  /**
   * Tests each state taken from the open list, before it is expanded (or
   * tested for the goal there): true drops it as dead (not counted as
   * expanded, never reopened). For tests too dear to run on every new
   * state: a greedy search expands few of the states it stores.
   */
  pruneOnPop?: ((s: Uint32Array, off: number, id: number) => boolean) | null;
  /**
   * The open list (default: one heap). It gets each state right after the
   * evaluator's `evaluate` has been called on it (so it may ask the space
   * about the state last evaluated), except under `lazy` and for states
   * reopened with a cheaper g.
   */
  open?: OpenList | null;
  /** The reason when every root is dead (default: the heuristic's words). */
  deadRoot?: string;
  /** Gets the state store once it is made, e.g. to look states up after the search (the push-level search's meeting of directions). */
  onStore?: (store: StateStore) => void;
  /** The reason when the open list runs empty, given the states stored. */
  exhausted?: (stored: number, evaluated: number) => string;
}

const UNKNOWN = -1; // h not evaluated yet (lazy)
const DEAD = 0x7fffffff; // h = Infinity: the heuristic proves the state a dead end
const H_MAX = DEAD - 1; // larger finite values are saturated here
const TIE_MAX = 2 ** 22 - 1; // the largest tie-breaking value packKey keeps
const BOOST = 1000; // pops the preferred lists get ahead when the search makes progress (Fast Downward's default)

const defaultExhausted = (stored: number, evaluated: number): string =>
  `all ${stored} reachable states ${evaluated > 0 ? 'that the heuristic does not prove dead ' : ''}explored; none satisfies the goal`;

/** Runs the search; `budget` is the search's (made before the hooks, so their set-up counts against its limits). */
export function bestFirstSearch(space: BestFirstSpace, options: SearchOptions, c: BestFirstConfig, hooks: BestFirstHooks, budget: Budget): SearchResult {
  const W = space.words;
  const h = hooks.evaluator;
  const more = hooks.alternates ?? [];
  if (more.length > 0 && hooks.open) throw new Error('bestFirstSearch: alternates with an open list of the space');
  const nEv = 1 + more.length;
  const evs: readonly Evaluator[] = [h, ...more];
  const bound = c.bound ?? Infinity;
  const prune = hooks.prune ?? null;
  const rejectOp = hooks.rejectOp ?? null;
  const pruneNew = hooks.pruneNew ?? null;
  const pruneOnPop = hooks.pruneOnPop ?? null;
  const usePreferred = c.preferred && evs.some((e) => typeof e.preferred === 'function');
  const store = new StateStore(W);
  hooks.onStore?.(store);
  let g: Float64Array = new Float64Array(1024);
  let hv: Int32Array = new Int32Array(1024).fill(UNKNOWN);
  /** The alternates' h per state id (hx[i − 1] is evaluator i's); set where hv is. */
  const hx: Int32Array[] = more.map(() => new Int32Array(1024));
  let closed = new Uint8Array(1024);
  const open: OpenList = hooks.open ?? new Heap();
  const prefOpen = new Heap();
  // the alternation's lists: open and prefOpen of evaluator 0, then an (open, preferred) pair per alternate
  const lists: OpenList[] = [open, prefOpen];
  for (let i = 1; i < nEv; i++) lists.push(new Heap(), new Heap());
  const priority = new Float64Array(lists.length);
  const bestOf = new Float64Array(nEv).fill(Infinity);
  const ops = new Int32Array(Math.max(1, space.numOps));
  const pref = new Int32Array(Math.max(1, space.numOps));
  const evPref = nEv > 1 ? new Int32Array(Math.max(1, space.numOps)) : pref;
  const isPref = new Uint8Array(Math.max(1, space.numOps));
  const child = new Uint32Array(W);
  const trace = options.trace?.(space);
  let expanded = 0;
  let generated = 0;
  let duplicates = 0;
  let evaluated = 0;
  let reopened = 0;
  let f = 0;
  let boost = 0;
  let turn = 0;
  // the stall stop: the expansions when the first evaluator's best h last improved
  const stall = c.stall ?? Infinity;
  let bestAt = 0;

  const listBytes = (): number => lists.reduce((b, l) => b + l.bytes, 0) + hx.reduce((b, a) => b + a.byteLength, 0);
  const result = resultBuilder(budget, () => ({ expanded, generated, duplicates, evaluated, reopened, stored: store.size, bytesPerState: store.size ? (store.bytes + g.byteLength + hv.byteLength + closed.byteLength + listBytes()) / store.size : 0 }));
  const clamp = (v: number): number => (v === Infinity ? DEAD : v > H_MAX ? H_MAX : v);
  const pathDependent = evs.some((e) => e.at !== undefined);
  /** h of the state by every evaluator: the first's value is returned, the alternates' stored at `id`; DEAD when any proves it dead. */
  const evaluate = (data: Uint32Array, off: number, id: number): number => {
    evaluated++;
    if (pathDependent) tell(id);
    const v = clamp(h.evaluate(data, off));
    for (let i = 1; i < nEv && v !== DEAD; i++) {
      const x = clamp(evs[i].evaluate(data, off));
      if (x === DEAD) return DEAD;
      hx[i - 1][id] = x;
    }
    return v;
  };
  /** Tells the path-dependent evaluators which stored state comes next. */
  const tell = (id: number): void => {
    for (const e of evs) e.at?.(id, store.parent[id]);
  };
  /** Puts state `id` into every evaluator's open list (and preferred list when `preferred`): h0 is evaluator 0's value, the alternates' are those stored for `from`. */
  const pushAll = (gv: number, h0: number, from: number, id: number, preferred: boolean): void => {
    const k = key(gv, h0);
    open.push(k, id);
    if (preferred) prefOpen.push(k, id);
    for (let i = 1; i < nEv; i++) {
      const ki = key(gv, hx[i - 1][from]);
      lists[2 * i].push(ki, id);
      if (preferred) lists[2 * i + 1].push(ki, id);
    }
  };
  /** The list to pop next (null: all empty). One evaluator: the preferred list every other pop, or while boosted; more: the alternation. */
  const nextList = (): OpenList | null => {
    if (nEv === 1) {
      const fromPref = usePreferred && prefOpen.size > 0 && (boost > 0 || (turn++ & 1) === 0);
      if (!fromPref) return open.size > 0 ? open : null;
      if (boost > 0) boost--;
      return prefOpen;
    }
    let q = -1;
    for (let i = 0; i < lists.length; i++) if (lists[i].size > 0 && (q < 0 || priority[i] < priority[q])) q = i;
    if (q < 0) return null;
    priority[q]++;
    return lists[q];
  };
  /** After evaluating an expanded state: boosts the preferred lists when it improves on an evaluator's best value. */
  const progress = (id: number): void => {
    let better = false;
    for (let i = 0; i < nEv; i++) {
      const v = i === 0 ? hv[id] : hx[i - 1][id];
      if (v < bestOf[i]) {
        bestOf[i] = v;
        better = true;
        if (i === 0) bestAt = expanded;
      }
    }
    if (!better || !usePreferred) return;
    if (nEv === 1) boost += BOOST;
    else for (let q = 1; q < lists.length; q += 2) priority[q] -= BOOST;
  };
  const gW = c.gWeight;
  const hW = c.hWeight;
  const scale = c.fScale ?? 0;
  const deep = c.preferDeep === true;
  const byG = c.tieByG;
  const key = (gv: number, hvv: number): number => {
    const fv = gW * gv + hW * hvv;
    return packKey(scale !== 0 ? Math.round(fv * scale) : fv, deep ? TIE_MAX - gv : byG ? gv : hvv);
  };
  const fOf = (k: number): number => (scale !== 0 ? keyPrimary(k) / scale : keyPrimary(k));
  const ensureStates = (n: number): void => {
    if (n > g.length) {
      g = grow(g, n);
      hv = grow(hv, n, UNKNOWN);
      for (let i = 0; i < hx.length; i++) hx[i] = grow(hx[i], n);
      closed = grow(closed, g.length);
    }
  };

  // The roots: each stored once, evaluated (unless lazy), tested for the goal.
  const roots = space.init;
  let alive = 0;
  for (let off = 0; off + W <= roots.length; off += W) {
    const r = store.insert(roots, off, -1, -1);
    if (r < 0) continue;
    ensureStates(store.size);
    g[r] = 0;
    if (!c.lazy) {
      hv[r] = evaluate(roots, off, r);
      if (hv[r] === DEAD) continue;
    }
    alive++;
    if (space.isGoal(roots, off)) return result('solved', []);
    pushAll(0, Math.max(hv[r], 0), r, r, false);
  }
  if (alive === 0) return result('unsolvable', null, hooks.deadRoot ?? `the heuristic proves the initial state a dead end`);

  for (;;) {
    const limit = budget.exceeded(expanded, () => ({ expanded, generated, f }));
    if (limit) return result('limit', null, limitReason(limit, options), limit);
    if (expanded - bestAt > stall * Math.max(bestAt, STALL_FLOOR)) return result('limit', null, `stalled: no better estimate than ${bestOf[0]} in the last ${expanded - bestAt} expanded states (${bestAt} before it)`, 'nodes');
    const q = nextList();
    if (q === null) break;
    const id = q.pop();
    if (closed[id]) continue;
    if (hv[id] === UNKNOWN) hv[id] = evaluate(store.data, id * W, id);
    if (hv[id] === DEAD) continue;
    if (pruneOnPop !== null && pruneOnPop(store.data, id * W, id)) {
      hv[id] = DEAD;
      continue;
    }
    f = fOf(q.lastKey);
    closed[id] = 1;
    if (!c.goalOnGeneration && space.isGoal(store.data, id * W)) return result('solved', store.path(id));
    expanded++;
    if (trace !== undefined) {
      const hh = hW === 0 ? NaN : hv[id];
      trace.expand(id, store.parent[id], store.op[id], hh, gW * g[id] + hW * hv[id], store.data, id * W, g[id]);
    }
    progress(id);
    let nPref = 0;
    if (usePreferred) {
      // an evaluator's preferred operators are those of the last state it evaluated; pref gets each once
      if (!c.lazy && pathDependent) tell(id);
      for (const ev of evs) {
        if (ev.preferred === undefined) continue;
        if (!c.lazy) ev.evaluate(store.data, id * W);
        const n = ev.preferred(evPref);
        for (let i = 0; i < n; i++) {
          const op = evPref[i];
          if (isPref[op] === 0) {
            isPref[op] = 1;
            pref[nPref++] = op;
          }
        }
      }
    }
    const k = space.applicable(store.data, id * W, ops);
    const gid = g[id];
    for (let i = 0; i < k; i++) {
      const op = ops[i];
      generated++;
      if (rejectOp !== null && rejectOp(op)) continue;
      space.apply(op, store.data, id * W, child, 0);
      if (prune !== null && prune(child, 0)) continue;
      const g2 = gid + space.cost(op);
      if (g2 >= bound) continue;
      const r = store.insert(child, 0, id, op);
      if (r >= 0) {
        ensureStates(store.size);
        g[r] = g2;
        if (c.goalOnGeneration && space.isGoal(child, 0)) {
          if (trace !== undefined) trace.generate?.(r, id, op, NaN, NaN, child, 0, g2);
          return result('solved', store.path(r));
        }
        if (pruneNew !== null && pruneNew(child, 0, op, r)) {
          hv[r] = DEAD;
          continue;
        }
        let hr: number;
        if (c.lazy) {
          hr = hv[id]; // the parent's values until the state is expanded
        } else {
          hr = hv[r] = evaluate(child, 0, r);
          if (hr === DEAD) continue;
        }
        pushAll(g2, hr, c.lazy ? id : r, r, isPref[op] === 1);
        if (trace !== undefined) trace.generate?.(r, id, op, c.lazy || hW === 0 ? NaN : hr, gW * g2 + hW * hr, child, 0, g2);
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
        const known = hv[old] !== UNKNOWN;
        const hOld = known ? hv[old] : hv[id];
        pushAll(g2, hOld, known ? old : id, old, false);
        if (trace !== undefined) trace.generate?.(old, id, op, hW === 0 || hv[old] === UNKNOWN ? NaN : hOld, gW * g2 + hW * hOld, store.data, old * W, g2);
      } else duplicates++;
    }
    for (let i = 0; i < nPref; i++) isPref[pref[i]] = 0;
  }
  return result('unsolvable', null, (hooks.exhausted ?? defaultExhausted)(store.size, evaluated));
}
