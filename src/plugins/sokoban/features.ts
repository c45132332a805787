/**
 * The feature-space search of the push-level engine, after Festival's FESS
 * (Shoham & Schaeffer, 2020): every state is projected onto a few features
 * — how many boxes are packed (on goals; in a goal room, in the room's
 * packing order, packing.ts), how many regions the boxes cut
 * the floor into (connectivity), optionally how many boxes the goals
 * filled shut out (out of plan) — and the search takes turns among the
 * cells of that feature space, expanding in each the state its box
 * estimate ranks best. A search guided by distance alone digs into the
 * states that look closest; turning over the cells keeps every kind of
 * progress alive (packing one more box, opening a region), which is what
 * hard levels with goal rooms and long preparation need.
 *
 * FeatureCells computes a state's cell; FeatureOpen is the engine's open
 * list (src/search/engine.ts OpenList) for it: one heap per cell, popped
 * in turn.
 */
import type { OpenList } from '../../search/engine.ts';
import { Heap } from '../../util/heap.ts';
import { type Board, floodPushable, floodRegion } from './board.ts';
import type { PackingOrder } from './packing.ts';
import type { FreeRegions } from './regions.ts';
import { grow } from '../../util/grow.ts';

/** Regions above this count share one cell. */
const MAX_REGIONS = 15;
/** Out-of-plan boxes above this count share one cell. */
const MAX_OUT = 3;
/** planReach's cache holds the squares of this many sets of goals with boxes at most. */
const REACH_CACHE = 1 << 16;
/** The cell's fields: ((packed · OUT_BASE) + out of plan) · REGION_BASE + regions. */
const REGION_BASE = MAX_REGIONS + 1;
const OUT_BASE = MAX_OUT + 1;

/** A cell from its features: ((packed · OUT_BASE) + out of plan) · REGION_BASE + regions, the last two capped (`packed` and `improves` read it back). */
function cellOf(packed: number, out: number, regions: number): number {
  return (packed * OUT_BASE + Math.min(out, MAX_OUT)) * REGION_BASE + Math.min(regions, MAX_REGIONS);
}

/** The feature cell of states: packed boxes, optionally boxes out of plan, and floor regions. */
export class FeatureCells {
  private readonly goalAt: Uint8Array;
  private readonly mark: Int32Array;
  private readonly queue: Int32Array;
  /** outOfPlan's walls: the boxes on goals. */
  private readonly wall: Uint8Array;
  private stamp = 0;
  /**
   * The state being expanded (`expanding`), kept so that its successors'
   * cells (`cellAfterMove`) are worked out from it: its floor regions'
   * count, its boxes packed off the rooms' goals, and its out-of-plan
   * squares (`parentReach`: those from which a box reaches a free goal,
   * planReach's bits).
   */
  private parentRegions = 0;
  private parentGoalPacked = 0;
  private readonly parentReach: Uint32Array;
  /** planReach's cache: bits per set of goals with boxes, `reachWords` words each, in `reachPool` at the offset `reachOf` keeps. */
  private readonly reachWords: number;
  private reachPool: Uint32Array;
  private readonly reachOf = new Map<string, number>();

  constructor(
    private readonly board: Board,
    /** The squares where a box counts as packed: the goals (forward) or the initial boxes (backward). */
    targets: ArrayLike<number>,
    /** The goal rooms' packing order (forward): a box on a room goal counts as packed only in the order's prefix. */
    private readonly packing: PackingOrder | null = null,
    /** A third feature (forward): the boxes off goal that can reach no free goal past the boxes on goals (outOfPlan). */
    private readonly outOfPlanFeature = false,
  ) {
    this.goalAt = new Uint8Array(board.size);
    for (let i = 0; i < targets.length; i++) this.goalAt[targets[i]] = 1;
    // the room goals are counted by the packing order instead
    if (packing) for (const g of packing.order) this.goalAt[g] = 0;
    this.mark = new Int32Array(board.size);
    this.queue = new Int32Array(board.size);
    this.wall = new Uint8Array(board.size);
    this.reachWords = (board.cells.length + 31) >>> 5;
    this.parentReach = new Uint32Array(this.reachWords);
    this.reachPool = new Uint32Array(64 * this.reachWords);
  }

  /**
   * The boxes off goal that can reach no free goal with the boxes on goals
   * standing as walls (the other boxes and the player left out): boxes
   * shut out by the goals filled so far, which only unpacking a goal can
   * free — FESS's "out of plan" in its simplest form.
   */
  outOfPlan(boxAt: Uint8Array, boxes: Int32Array, n: number): number {
    const at = this.planReach(boxAt, boxes, n); // may grow the pool
    return this.countOut(boxes, n, this.reachPool, at);
  }

  /** The boxes off goal whose square is not among the bits at `at` in `bits`. */
  private countOut(boxes: Int32Array, n: number, bits: Uint32Array, at: number): number {
    const { goal, cellIndex } = this.board;
    let out = 0;
    for (let i = 0; i < n; i++) {
      const b = boxes[i];
      if (goal[b]) continue;
      const c = cellIndex[b];
      if (((bits[at + (c >>> 5)] >>> (c & 31)) & 1) === 0) out++;
    }
    return out;
  }

  /**
   * The squares from which a box can be pushed to a free goal, the boxes on
   * goals as walls: bits over the floor cells at the returned offset of
   * `reachPool`. One flood backwards from the free goals over the push
   * graph (a box on p can be pushed to q = p + d when p and p − d are floor
   * without a box on a goal), cached by the set of goals with boxes (the
   * only input); the cache starts afresh when full.
   */
  private planReach(boxAt: Uint8Array, boxes: Int32Array, n: number): number {
    const { goal, goals, cellIndex } = this.board;
    let key = '';
    for (let i = 0; i < goals.length; i += 16) {
      let chunk = 0;
      for (let j = i; j < i + 16 && j < goals.length; j++) chunk = (chunk << 1) | boxAt[goals[j]];
      key += String.fromCharCode(chunk);
    }
    const hit = this.reachOf.get(key);
    if (hit !== undefined) return hit;
    const { mark, queue, wall, reachWords } = this;
    const stamp = ++this.stamp;
    let qn = 0;
    for (const g of goals) {
      if (boxAt[g]) continue;
      mark[g] = stamp;
      queue[qn++] = g;
    }
    for (let i = 0; i < n; i++) wall[boxes[i]] = goal[boxes[i]];
    const count = floodPushable(this.board, wall, queue, qn, mark, stamp);
    for (let i = 0; i < n; i++) wall[boxes[i]] = 0;
    if (this.reachOf.size >= REACH_CACHE) this.reachOf.clear();
    const at = this.reachOf.size * reachWords;
    if (at + reachWords > this.reachPool.length) {
      const grown = new Uint32Array(Math.min(REACH_CACHE, 2 * this.reachOf.size) * reachWords);
      grown.set(this.reachPool);
      this.reachPool = grown;
    }
    const pool = this.reachPool;
    pool.fill(0, at, at + reachWords);
    for (let i = 0; i < count; i++) {
      const c = cellIndex[queue[i]];
      pool[at + (c >>> 5)] |= 1 << (c & 31);
    }
    this.reachOf.set(key, at);
    return at;
  }

  /** The number of connected regions of floor without boxes. */
  regions(boxAt: Uint8Array): number {
    const { mark, queue } = this;
    const stamp = ++this.stamp;
    let count = 0;
    for (const c of this.board.cells) {
      if (boxAt[c] || mark[c] === stamp) continue;
      count++;
      floodRegion(this.board, boxAt, c, mark, stamp, queue);
    }
    return count;
  }

  /**
   * The cell of the state being expanded, kept for `cellAfterMove` on its
   * successors (the same value as `cell`); `regions` built on it.
   */
  expanding(boxAt: Uint8Array, boxes: Int32Array, n: number, regions: FreeRegions): number {
    let goalPacked = 0;
    for (let i = 0; i < n; i++) goalPacked += this.goalAt[boxes[i]];
    this.parentGoalPacked = goalPacked;
    this.parentRegions = regions.count;
    const packed = goalPacked + this.roomPacked(boxAt);
    let out = 0;
    if (this.outOfPlanFeature) {
      const at = this.planReach(boxAt, boxes, n);
      this.parentReach.set(this.reachPool.subarray(at, at + this.reachWords));
      out = this.countOut(boxes, n, this.parentReach, 0);
    }
    return cellOf(packed, out, this.parentRegions);
  }

  /**
   * The cell of a successor of the state given to `expanding`: its box on
   * `from` moved to `to` (`boxAt` and `boxes` are the successor's;
   * `regions.move(from, to)` called). The same value as `cell`, worked out
   * from the expanded state's: packed boxes by the two squares; out of plan
   * by the expanded state's flood while no goal gains or loses its box;
   * regions by the regions `from` joins and `to` cuts apart (regions.ts).
   */
  cellAfterMove(boxAt: Uint8Array, boxes: Int32Array, n: number, from: number, to: number, regions: FreeRegions): number {
    const { goal } = this.board;
    const packed = this.parentGoalPacked + this.goalAt[to] - this.goalAt[from] + this.roomPacked(boxAt);
    let out = 0;
    if (this.outOfPlanFeature) {
      // the expanded state's squares unless a goal gains or loses its box
      out = goal[from] || goal[to] ? this.outOfPlan(boxAt, boxes, n) : this.countOut(boxes, n, this.parentReach, 0);
    }
    return cellOf(packed, out, this.parentRegions + regions.joinOnMove() + regions.splitOnMove());
  }

  /** The boxes packed of a cell. */
  static packed(cell: number): number {
    return Math.floor(cell / (REGION_BASE * OUT_BASE));
  }

  /**
   * Whether cell `a` is better than cell `b` in one feature: more boxes
   * packed; or as many, and fewer out of plan; or as many of both, and
   * fewer regions.
   */
  static improves(a: number, b: number): boolean {
    const pa = FeatureCells.packed(a);
    const pb = FeatureCells.packed(b);
    if (pa !== pb) return pa > pb;
    const oa = Math.floor(a / REGION_BASE) % OUT_BASE;
    const ob = Math.floor(b / REGION_BASE) % OUT_BASE;
    return oa < ob || (oa === ob && a % REGION_BASE < b % REGION_BASE);
  }

  /** The cell of the state with these boxes (`boxAt` 1 on their squares). */
  cell(boxAt: Uint8Array, boxes: Int32Array, n: number): number {
    let packed = this.roomPacked(boxAt);
    for (let i = 0; i < n; i++) packed += this.goalAt[boxes[i]];
    const out = this.outOfPlanFeature ? this.outOfPlan(boxAt, boxes, n) : 0;
    return cellOf(packed, out, this.regions(boxAt));
  }

  /** The boxes packed on the goal rooms' goals, in their packing order (0 without one). */
  private roomPacked(boxAt: Uint8Array): number {
    return this.packing ? this.packing.packedCount(boxAt) : 0;
  }
}

/**
 * The open list of the feature-space search: a heap per feature cell; `pop`
 * takes the next non-empty cell in turn (cells in the order first seen) and
 * returns its best entry. `cellOfNew` gives the cell of a state pushed for
 * the first time (the state the space evaluated last); a state pushed again
 * keeps its cell.
 */
export class FeatureOpen implements OpenList {
  private readonly heaps: Heap[] = [];
  private readonly index = new Map<number, number>();
  private cellOfId = new Int32Array(1024).fill(-1);
  private turn = 0;
  size = 0;
  lastKey = 0;

  constructor(private readonly cellOfNew: () => number) {}

  get bytes(): number {
    let b = this.cellOfId.byteLength;
    for (const h of this.heaps) b += h.bytes;
    return b;
  }

  /** Cells with states so far. */
  get cells(): number {
    return this.heaps.length;
  }

  push(key: number, id: number): void {
    this.cellOfId = grow(this.cellOfId, id + 1, -1);
    let h = this.cellOfId[id];
    if (h < 0) {
      const cell = this.cellOfNew();
      let i = this.index.get(cell);
      if (i === undefined) {
        i = this.heaps.length;
        this.index.set(cell, i);
        this.heaps.push(new Heap(64));
      }
      h = this.cellOfId[id] = i;
    }
    this.heaps[h].push(key, id);
    this.size++;
  }

  pop(): number {
    if (this.size === 0) return -1;
    const heaps = this.heaps;
    for (;;) {
      const h = heaps[this.turn];
      this.turn = this.turn + 1 === heaps.length ? 0 : this.turn + 1;
      if (h.size === 0) continue;
      this.size--;
      const id = h.pop();
      this.lastKey = h.lastKey;
      return id;
    }
  }
}
