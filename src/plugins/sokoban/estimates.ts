/**
 * Lower bounds on the number of pushes still needed, from the box squares
 * alone (the player and the other boxes ignored, so every bound is
 * admissible for pushes, and for moves with unit costs: each push is a move):
 *
 * - `manhattan`: Σ over boxes of the Manhattan distance to the nearest goal;
 * - `pushdist`: Σ over boxes of the push distance to the nearest goal (a
 *   BFS over the level in which a box moves one cell when the cell behind
 *   it is floor for the player); Infinity when a box can reach no goal;
 * - `matching`: the least total push distance of a matching of boxes to
 *   distinct goals (Hungarian method); Infinity when no matching exists.
 *
 * All three are consistent for pushes: one push moves one box by one cell,
 * which changes each bound by at most 1.
 */
import { pollSetup, reserveSetup } from '../../util/budget.ts';
import type { Board } from './board.ts';
import { BoxReach } from './box-reach.ts';
import { Hungarian } from './hungarian.ts';

export type EstimateKind = 'manhattan' | 'pushdist' | 'matching';

/**
 * Push distances: `dist[g·size + p]` = pushes to bring a box from square p
 * to target number g (Infinity when impossible); targets default to the
 * goals. With `pulls`, the distances of pulling a box from p to each target
 * instead (for backward search from the goals to the initial boxes).
 */
export function pushDistances(board: Board, goals: Int32Array = board.goals, pulls = false): Float64Array {
  const { size, floor, dirs } = board;
  // goals × squares doubles: a big level with many goals needs gigabytes (a limit, not a crash)
  const what = (): string => `setting up push distances: ${goals.length.toLocaleString('en')} ${pulls ? 'box squares' : 'goals'} × ${size.toLocaleString('en')} squares`;
  reserveSetup(goals.length * size * 8, () => `${what()} need ${Math.ceil((goals.length * size * 8) / 2 ** 20).toLocaleString('en')} MB`);
  const dist = new Float64Array(goals.length * size).fill(Infinity);
  const queue = new Int32Array(size);
  goals.forEach((g, gi) => {
    pollSetup(() => `${what()} (${gi + 1} of ${goals.length})`);
    const base = gi * size;
    let n = 0;
    dist[base + g] = 0;
    queue[n++] = g;
    for (let i = 0; i < n; i++) {
      const b = queue[i];
      for (const d of dirs) {
        const to = b + d;
        // pushes: the box reaches b from b + d with the player on b + 2d (found by pulling back from the target);
        // pulls: the box reaches b from b - d with the player on b - 2d... i.e. pushing forward from the target.
        if (floor[to] && (pulls ? floor[b - d] : floor[to + d]) && dist[base + to] === Infinity) {
          dist[base + to] = dist[base + b] + 1;
          queue[n++] = to;
        }
      }
    }
  });
  return dist;
}

/**
 * Push distances with the player walking round the box (BoxReach): for
 * each target g (the goals by default), square p and side k of p,
 * `dist[(g·size + p)·4 + k]` = pushes to bring a box from p to g with the
 * player in the part of the floor less p that side k is in (Infinity when
 * impossible, or when no free square is on that side). With `pulls`, the
 * pulls instead (a backward search's distances to the initial boxes): the
 * states a box on g can be pushed to (BoxReach.pushFrom), read backwards.
 * Never less than `pushDistances`: a box in a corridor whose far end the
 * player cannot get round to goes one way only.
 */
export function sidedPushDistances(board: Board, reach: BoxReach, goals: Int32Array = board.goals, pulls = false): Float64Array {
  const { size } = board;
  const what = (): string => `setting up ${pulls ? 'pull' : 'push'} distances by the player's side: ${goals.length.toLocaleString('en')} ${pulls ? 'box squares' : 'goals'} × ${size.toLocaleString('en')} squares × 4`;
  reserveSetup(goals.length * size * 32, () => `${what()} need ${Math.ceil((goals.length * size * 32) / 2 ** 20).toLocaleString('en')} MB`);
  const dist = new Float64Array(goals.length * size * 4).fill(Infinity);
  const target = new Int32Array(1);
  goals.forEach((g, gi) => {
    pollSetup(() => `${what()} (${gi + 1} of ${goals.length})`);
    const base = gi * size * 4;
    target[0] = g;
    const count = pulls ? reach.pushFrom(target, 1) : reach.pullFrom(target, 1);
    for (let i = 0; i < count; i++) {
      const s = reach.states[i];
      const b = s >> 2;
      const code = reach.side(b, s & 3);
      for (let k = 0; k < 4; k++) if (reach.side(b, k) === code) dist[base + b * 4 + k] = reach.depth[i];
    }
    // a box already on its goal needs no push, whatever side the player is on
    for (let k = 0; k < 4; k++) dist[base + g * 4 + k] = 0;
  });
  return dist;
}

/**
 * Evaluates box configurations (lists of squares). One instance per search:
 * it keeps scratch space. A box's distances are looked up by a key: its
 * square, or with `sided` (push or pull distances and matching) its square
 * and the side of it the player is on (sidedPushDistances, key p·4 + k),
 * so those estimates take the player's square.
 */
export class BoxEstimator {
  private readonly nearest: Float64Array;
  private readonly dist: Float64Array;
  /** Keys per goal in `dist`: squares, or squares · 4 when sided. */
  private readonly stride: number;
  /** The parts of the floor around each square (sided), else null. */
  private readonly reach: BoxReach | null;
  private readonly hungarian = new Hungarian();
  private matrix = new Float64Array(0);

  private readonly goals: Int32Array;

  /**
   * `estimateMoved` re-optimises the matching of the parent (kept in
   * `base`) for each child, one box moved, instead of solving it anew
   * (PushSearchConfig.incrementalMatching; the value is the same).
   */
  incremental = true;
  /** Test hook: every `estimateMoved` also solves from scratch and throws on a different value. */
  static verify = false;
  /** The parent's problem: rows are slots (a box keeps its slot while its key stays); its matrix by slot. */
  private readonly base = new Hungarian();
  private baseN = -1;
  private baseMatrix = new Float64Array(0);
  /** The parent's box list and player as last given, the slot of each list index, the key of each slot, slot + 1 on each key (0: none). */
  private baseList = new Int32Array(0);
  private basePlayer = -1;
  private slotOf = new Int32Array(0);
  private slotKey = new Int32Array(0);
  private readonly slotAt: Int32Array;
  private claimed = new Uint8Array(0);
  private changed = new Int32Array(0);
  private pending = new Int32Array(0);
  /** prepare's scratch: each list index's key. */
  private keys = new Int32Array(0);
  private rowBuf = new Float64Array(0);
  private moved = new Int32Array(0);

  /**
   * Targets default to the goals; `pulls`: distances for pulling boxes to
   * the targets (backward search); `sided`: distances by the player's side
   * (not for `manhattan`).
   */
  constructor(
    private readonly board: Board,
    readonly kind: EstimateKind,
    targets: Int32Array = board.goals,
    pulls = false,
    sided = false,
  ) {
    const { size } = board;
    const goals = (this.goals = targets);
    const bySide = sided && kind !== 'manhattan';
    this.reach = bySide ? new BoxReach(board) : null;
    if (this.reach !== null) {
      this.reach.prepare(new Uint8Array(size));
      this.dist = sidedPushDistances(board, this.reach, goals, pulls);
    } else this.dist = kind === 'manhattan' ? new Float64Array(0) : pushDistances(board, goals, pulls);
    const keys = bySide ? 4 : 1;
    const stride = (this.stride = size * keys);
    this.nearest = new Float64Array(stride).fill(Infinity);
    this.slotAt = new Int32Array(kind === 'matching' ? stride : 0);
    for (const p of board.cells) {
      pollSetup(() => `setting up the ${kind} estimate: the nearest of ${goals.length.toLocaleString('en')} goals to each of ${board.cells.length.toLocaleString('en')} squares`);
      for (let k = 0; k < keys; k++) {
        const key = p * keys + k;
        let best = Infinity;
        for (let gi = 0; gi < goals.length; gi++) {
          const v = kind === 'manhattan' ? board.manhattan(p, goals[gi]) : this.dist[gi * stride + key];
          if (v < best) best = v;
        }
        this.nearest[key] = best;
      }
    }
  }

  /** The key of a box on p with the player on the free square `player` (sided: any square of his region). */
  private keyOf(p: number, player: number): number {
    if (this.reach === null) return p;
    if (player < 0) throw new Error('BoxEstimator: an estimate by the side of the box the player is on needs his square');
    const k = this.reach.sideOf(p, player);
    // on connected floor the player's part of it less p always touches a side of p
    if (k < 0) throw new Error(`BoxEstimator: the player's square ${player} is in no part of the floor next to the box on ${p}`);
    return p * 4 + k;
  }

  /** The bound for boxes on squares[0..n), the player on `player` (needed when sided). */
  estimate(squares: ArrayLike<number>, n: number, player = -1): number {
    if (this.kind !== 'matching') {
      let sum = 0;
      for (let i = 0; i < n; i++) sum += this.nearest[this.keyOf(squares[i], player)];
      return sum;
    }
    const m = this.goals.length;
    if (n !== m) return this.greedyBound(squares, n, player);
    if (this.matrix.length < n * n) this.matrix = new Float64Array(n * n);
    const stride = this.stride;
    const dist = this.dist;
    const mat = this.matrix;
    for (let i = 0; i < n; i++) {
      const key = this.keyOf(squares[i], player);
      if (this.nearest[key] === Infinity) return Infinity;
      for (let g = 0; g < m; g++) mat[i * n + g] = dist[g * stride + key];
    }
    return this.hungarian.solve(n, mat);
  }

  /**
   * The bound for the boxes `parent[0..n)` with box number `index` moved to
   * square `to`: the same value as `estimate` of that list. The engine
   * evaluates the children of one parent in a row, so with the matching
   * the parent's assignment problem is solved once (re-optimised from the
   * previous parent's where their boxes agree: O(k·n²) for k boxes that
   * differ) and each child costs one augmenting path, O(n²). Sided: the
   * parent's player on `player`, and after the move on `stand` (a square
   * next to `to`; the other boxes keep their sides: he never walks through
   * a box).
   */
  estimateMoved(parent: ArrayLike<number>, n: number, index: number, to: number, player = -1, stand = -1): number {
    if (this.kind !== 'matching' || n !== this.goals.length || !this.incremental || n === 0) {
      if (this.kind !== 'matching' || n !== this.goals.length) {
        let sum = this.nearest[this.keyOf(to, stand)];
        for (let i = 0; i < n; i++) if (i !== index) sum += this.nearest[this.keyOf(parent[i], player)];
        return sum;
      }
      return this.estimate(this.movedList(parent, n, index, to), n, stand);
    }
    if (!this.sameParent(parent, n, player)) this.prepare(parent, n, player);
    let h: number;
    const key = this.keyOf(to, stand);
    if (this.nearest[key] === Infinity) h = Infinity;
    else {
      const { stride, dist } = this;
      const row = this.rowBuf;
      for (let g = 0; g < n; g++) row[g] = dist[g * stride + key];
      h = this.base.withRow(n, this.baseMatrix, this.slotOf[index], row);
    }
    if (BoxEstimator.verify) {
      const full = this.estimate(this.movedList(parent, n, index, to), n, stand);
      if (full !== h) throw new Error(`BoxEstimator.estimateMoved: ${h}, a full solve ${full} (box ${index} to ${to})`);
    }
    return h;
  }

  private movedList(parent: ArrayLike<number>, n: number, index: number, to: number): Int32Array {
    if (this.moved.length < n) this.moved = new Int32Array(n);
    const m = this.moved;
    for (let i = 0; i < n; i++) m[i] = parent[i];
    m[index] = to;
    return m;
  }

  private sameParent(parent: ArrayLike<number>, n: number, player: number): boolean {
    if (this.baseN !== n || (this.reach !== null && this.basePlayer !== player)) return false;
    const list = this.baseList;
    for (let i = 0; i < n; i++) if (list[i] !== parent[i]) return false;
    return true;
  }

  /** Makes `parent` (the player on `player`) the kept problem: re-optimised from the last one where the box keys agree, else solved anew. */
  private prepare(parent: ArrayLike<number>, n: number, player: number): void {
    const { stride, dist, slotAt } = this;
    this.basePlayer = player;
    if (this.baseN !== n) {
      if (this.baseN > 0) for (let s = 0; s < this.baseN; s++) slotAt[this.slotKey[s]] = 0;
      this.baseMatrix = new Float64Array(n * n);
      this.baseList = new Int32Array(n);
      this.slotOf = new Int32Array(n);
      this.slotKey = new Int32Array(n);
      this.claimed = new Uint8Array(n);
      this.changed = new Int32Array(n);
      this.pending = new Int32Array(n);
      this.keys = new Int32Array(n);
      this.rowBuf = new Float64Array(n);
      const mat = this.baseMatrix;
      for (let i = 0; i < n; i++) {
        const key = this.keyOf(parent[i], player);
        this.slotOf[i] = i;
        this.slotKey[i] = key;
        slotAt[key] = i + 1;
        for (let g = 0; g < n; g++) mat[i * n + g] = dist[g * stride + key];
      }
      this.base.solve(n, mat);
      this.baseN = n;
      for (let i = 0; i < n; i++) this.baseList[i] = parent[i];
      return;
    }
    const { claimed, changed, pending, slotOf, slotKey, keys, baseMatrix: mat } = this;
    claimed.fill(0);
    let np = 0;
    for (let i = 0; i < n; i++) {
      const key = (keys[i] = this.keyOf(parent[i], player));
      const s = slotAt[key] - 1;
      if (s >= 0) {
        claimed[s] = 1;
        slotOf[i] = s;
      } else pending[np++] = i;
    }
    let k = 0;
    for (let s = 0; s < n; s++) {
      if (claimed[s]) continue;
      slotAt[slotKey[s]] = 0;
      const i = pending[k];
      const key = keys[i];
      changed[k++] = s;
      slotOf[i] = s;
      slotKey[s] = key;
      slotAt[key] = s + 1;
      for (let g = 0; g < n; g++) mat[s * n + g] = dist[g * stride + key];
    }
    // many boxes elsewhere (a jump in the search): a fresh solve costs no more
    if (k * 3 > n) this.base.solve(n, mat);
    else if (k > 0) this.base.repair(n, mat, changed, k);
    for (let i = 0; i < n; i++) this.baseList[i] = parent[i];
  }

  /** With fewer or more boxes than goals (not a valid level): the nearest-goal sum, still a lower bound. */
  private greedyBound(squares: ArrayLike<number>, n: number, player: number): number {
    let sum = 0;
    for (let i = 0; i < n; i++) sum += this.nearest[this.keyOf(squares[i], player)];
    return sum;
  }
}
