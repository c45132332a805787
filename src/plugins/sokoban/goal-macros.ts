/**
 * Goal macros of the forward push-level search (the packing move of
 * Festival's advisor): with the goal rooms' packing order (packing.ts), the
 * next goal g of each room (the first goal of its order without a box; rooms
 * complete are skipped; with parking, the square of the room's next event,
 * a goal or a parking square, packing.ts) and a box b not packed, "b to g" is ONE operator
 * when b alone can be pushed onto g with every other box left where it is
 * (the player walking freely among them). Its successor has b on g and the
 * player next to it, behind the last push; its cost is the number of pushes
 * (the fewest for b alone: a breadth-first search over (box square, player
 * region), pushes of b only, box squares dead for pushes left out).
 *
 * The ordinary pushes stay; the macro is one extra move, so no plan is
 * lost. A macro of one push is not emitted (the push itself is an
 * operator). The search stores only the operator id (PushSpace: size·4 +
 * b·size + g); the pushes of a plan are rebuilt by replaying it from the
 * root and running the same search again (`path`), which, deterministic,
 * finds the same number of pushes.
 */
import type { Board } from './board.ts';
import { pushDistances } from './estimates.ts';
import type { PackingOrder } from './packing.ts';
import type { FreeRegions } from './regions.ts';

/** Work of the goal macros: per-state searches, macros emitted. */
export interface GoalMacroStats {
  /** Searches of one box (emit), box positions they expanded, macros emitted. */
  searches: number;
  positions: number;
  macros: number;
}

export class GoalMacros {
  readonly stats: GoalMacroStats = { searches: 0, positions: 0, macros: 0 };
  /** At most this many macros per state: boxes × rooms (with `anywhere`: boxes × squares). */
  readonly maxPerState: number;
  /** The first macro id; a macro is base + b·size + g. */
  readonly base: number;
  /** Per (square·4 + side): visited (=== stamp), pushes to reach, the state it came from (the push's origin state), -1 at the start. */
  private readonly seen: Int32Array;
  private readonly done: Int32Array;
  private readonly depth: Int32Array;
  private readonly from: Int32Array;
  private stamp = 0;
  private readonly mark: Int32Array;
  private mstamp = 0;
  private readonly flood: Int32Array;
  private readonly queue: Int32Array;
  /** Targets of the current search: want[g] === wstamp. */
  private readonly want: Int32Array;
  private wstamp = 0;
  /** Targets found by the current search: got[g] === stamp. */
  private readonly got: Int32Array;
  /** The macros of the state being expanded: id, goal, pushes, direction of the last push. */
  private readonly ids: Int32Array;
  private readonly lens: Int32Array;
  private readonly lastDirs: Int32Array;
  private count = 0;
  /** The squares macros can take a box to: the ordered goals (`order.order`), then the parking squares (`order.parking`); a square's first index in it. */
  private readonly targets: number[];
  private readonly targetIndex: Int32Array;
  /** Push distances (the other boxes and the player's walk left out) to each target: `dist[i·size + p]`, i its index in `targets`. */
  private readonly dist: Float64Array;
  /** The targets wanted in the state being expanded (their indices in `targets`). */
  private readonly wanted: Int32Array;
  /** With `anywhere`: the index of the macro b·size + t of the state being expanded, valid when its stamp is `count`'s. */
  private readonly slot: Int32Array;
  private readonly slotStamp: Int32Array;
  private emitStamp = 0;

  constructor(
    readonly board: Board,
    private readonly dead: Uint8Array,
    readonly order: PackingOrder | null,
    /**
     * Box macros (Festival's moves): every box not packed, to every square it
     * alone can reach in two pushes or more, not only to its room's next goal.
     */
    readonly anywhere = false,
  ) {
    const { size } = board;
    this.base = size * 4;
    this.maxPerState = board.boxes.length * (anywhere ? size : (order?.rooms.length ?? 0));
    this.seen = new Int32Array(size * 4);
    this.done = new Int32Array(size * 4);
    this.depth = new Int32Array(size * 4);
    this.from = new Int32Array(size * 4);
    this.mark = new Int32Array(size);
    this.flood = new Int32Array(size);
    this.queue = new Int32Array(size * 4);
    this.want = new Int32Array(size);
    this.got = new Int32Array(size);
    const m = Math.max(1, this.maxPerState);
    this.ids = new Int32Array(m);
    this.lens = new Int32Array(m);
    this.lastDirs = new Int32Array(m);
    this.targets = order ? [...order.order, ...order.parking] : [];
    this.targetIndex = new Int32Array(anywhere ? 0 : size).fill(-1);
    if (!anywhere) for (let i = this.targets.length - 1; i >= 0; i--) this.targetIndex[this.targets[i]] = i;
    this.dist = anywhere ? new Float64Array(0) : pushDistances(board, Int32Array.from(this.targets));
    this.wanted = new Int32Array(order?.rooms.length ?? 0);
    this.slot = new Int32Array(anywhere ? size * size : 0);
    this.slotStamp = new Int32Array(anywhere ? size * size : 0);
  }

  /** The box square of a macro id. */
  box(op: number): number {
    return Math.floor((op - this.base) / this.board.size);
  }

  /** The goal square of a macro id. */
  goal(op: number): number {
    return (op - this.base) % this.board.size;
  }

  /**
   * The macros of a state (boxAt marks its `n` boxes; the player's region is
   * `region[p] === reach`; `regions` built on it), appended to `out` from
   * `k`; returns the new count. Their lengths and last directions are kept
   * for `len` and `lastDir`.
   */
  emit(boxAt: Uint8Array, boxes: Int32Array, n: number, region: Int32Array, reach: number, regions: FreeRegions, out: Int32Array, k: number): number {
    const { order, board } = this;
    const size = board.size;
    this.count = 0;
    this.emitStamp++;
    if (this.anywhere) return this.emitAnywhere(boxAt, boxes, n, region, reach, regions, out, k);
    if (order === null) return k;
    const ws = ++this.wstamp;
    let nWant = 0;
    for (let r = 0; r < order.rooms.length; r++) {
      const next = order.nextSquare(r, boxAt);
      if (next >= 0 && this.want[next] !== ws) {
        this.want[next] = ws;
        this.wanted[nWant++] = this.targetIndex[next];
      }
    }
    if (nWant === 0) return k;
    for (const b of this.movable(boxAt, boxes, n)) {
      // no search when even on an empty board b cannot reach a wanted goal in two pushes or more
      let reachable = false;
      for (let w = 0; w < nWant && !reachable; w++) {
        const d = this.dist[this.wanted[w] * size + b];
        reachable = d >= 2 && d !== Infinity;
      }
      if (!reachable) continue;
      this.stats.searches++;
      this.search(boxAt, b, region, reach, regions, nWant, (g, s) => {
        if (this.depth[s] >= 2) out[k++] = this.record(b, g, s); // one push: the push itself is an operator
      });
    }
    return k;
  }

  /** `emit` with `anywhere`: each box not packed to each other square it reaches in two pushes or more (the fewest; the player behind the last). */
  private emitAnywhere(boxAt: Uint8Array, boxes: Int32Array, n: number, region: Int32Array, reach: number, regions: FreeRegions, out: Int32Array, k: number): number {
    const ws = ++this.wstamp;
    for (const c of this.board.cells) this.want[c] = ws;
    for (const b of this.movable(boxAt, boxes, n)) {
      this.stats.searches++;
      // one push is an operator already; back on its square is no box move
      this.search(boxAt, b, region, reach, regions, Infinity, (t, s) => {
        if (this.depth[s] >= 2 && t !== b) out[k++] = this.record(b, t, s);
      });
    }
    return k;
  }

  /** The boxes a macro may move: all but those on the squares filled by the events of the rooms' orders done (they stay where they are; a box parked for the next event moves). */
  private movable(boxAt: Uint8Array, boxes: Int32Array, n: number): number[] {
    const packed = ++this.mstamp;
    if (this.order !== null) for (let r = 0; r < this.order.rooms.length; r++) this.order.markSettled(r, boxAt, this.mark, packed);
    const out: number[] = [];
    for (let i = 0; i < n; i++) if (this.mark[boxes[i]] !== packed) out.push(boxes[i]);
    return out;
  }

  /** Records the macro "the box on b to t" found at search state s (its pushes, its last push's direction); returns its id. */
  private record(b: number, t: number, s: number): number {
    const key = b * this.board.size + t;
    if (this.anywhere) {
      this.slot[key] = this.count;
      this.slotStamp[key] = this.emitStamp;
    }
    this.ids[this.count] = this.base + key;
    this.lens[this.count] = this.depth[s];
    this.lastDirs[this.count] = s & 3;
    this.count++;
    this.stats.macros++;
    return this.base + key;
  }

  /** The index of a macro of the state being expanded (emit). */
  private index(op: number): number {
    if (this.anywhere) {
      const key = op - this.base;
      if (this.slotStamp[key] === this.emitStamp) return this.slot[key];
    } else for (let i = 0; i < this.count; i++) if (this.ids[i] === op) return i;
    throw new Error(`goal macro ${op} was not emitted for this state`);
  }

  /** The pushes of a macro of the state being expanded. */
  len(op: number): number {
    return this.lens[this.index(op)];
  }

  /** The direction of the last push of a macro of the state being expanded (the player ends on goal − dirs[it]). */
  lastDir(op: number): number {
    return this.lastDirs[this.index(op)];
  }

  /**
   * The pushes (box square·4 + dir) taking the box on `b` to `g` with the
   * boxes of `boxAt` fixed and the player on `player`, or null when it cannot
   * be done; the same search as `emit`'s.
   */
  path(boxAt: Uint8Array, b: number, g: number, player: number): number[] | null {
    const { board } = this;
    const ms = ++this.mstamp;
    this.regionOf(boxAt, player, ms);
    const ws = ++this.wstamp;
    this.want[g] = ws;
    let end = -1;
    this.search(boxAt, b, this.mark, ms, null, 1, (_g, s) => {
      end = s;
    });
    if (end < 0) return null;
    const out: number[] = [];
    for (let s = end; s >= 0; s = this.from[s]) {
      const dk = s & 3;
      out.push(((s >> 2) - board.dirs[dk]) * 4 + dk);
    }
    return out.reverse();
  }

  private regionOf(boxAt: Uint8Array, from: number, stamp: number): void {
    const { floor, dirs } = this.board;
    const q = this.flood;
    let n = 0;
    q[n++] = from;
    this.mark[from] = stamp;
    for (let i = 0; i < n; i++) {
      const p = q[i];
      for (let k = 0; k < 4; k++) {
        const r = p + dirs[k];
        if (floor[r] && !boxAt[r] && this.mark[r] !== stamp) {
          this.mark[r] = stamp;
          q[n++] = r;
        }
      }
    }
  }

  /**
   * Breadth-first over (box square, side): the box on `b` pushed alone, the
   * player starting in the region `region[p] === reach`; calls `hit(g, s)`
   * for each target square (want) reached, s = the state (square·4 + the
   * last push's direction); stops when all `nWant` are found. Returns how
   * many were. The sides the player reaches around the box come from
   * `regions` (built on boxAt: the box moved from b) when given, else from
   * floods.
   */
  private search(boxAt: Uint8Array, b: number, region: Int32Array, reach: number, regions: FreeRegions | null, nWant: number, hit: (g: number, s: number) => void): number {
    const { board, dead, seen, done, depth, from, queue, want, got } = this;
    const { floor, dirs } = board;
    const st = ++this.stamp;
    const ws = this.wstamp;
    let found = 0;
    boxAt[b] = 0;
    let head = 0;
    let tail = 0;
    // the start: the box on b, the player's region as given
    {
      const p = b;
      for (let j = 0; j < 4; j++) {
        if (region[p - dirs[j]] !== reach) continue;
        const to = p + dirs[j];
        if (!floor[to] || boxAt[to] || dead[to]) continue;
        const s = to * 4 + j;
        if (seen[s] === st) continue;
        seen[s] = st;
        depth[s] = 1;
        from[s] = -1;
        queue[tail++] = s;
        if (want[to] === ws && got[to] !== st) {
          got[to] = st;
          hit(to, s);
          if (++found === nWant) return this.finish(boxAt, b, found);
        }
      }
    }
    while (head < tail) {
      const s = queue[head++];
      if (done[s] === st) continue;
      const p = s >> 2;
      const k0 = s & 3;
      done[s] = st;
      // the useful sides of p: the player's square free, the push's square free, live and not seen
      let need = 0;
      for (let j = 0; j < 4; j++) {
        const to = p + dirs[j];
        const t = to * 4 + j;
        if (!floor[to] || boxAt[to] || dead[to] || seen[t] === st || done[t] === st) continue;
        const ps = p - dirs[j];
        if (floor[ps] && !boxAt[ps]) need |= 1 << j;
      }
      if (need === 0) continue;
      // which of them the player reaches from behind the last push, with the box on p
      let reached = need & (1 << k0);
      if (reached !== need) {
        this.stats.positions++;
        if (regions !== null && p !== b) reached = this.sidesOfMove(regions, b, p, k0, need);
        else {
          boxAt[p] = 1;
          reached = this.sidesReached(boxAt, p, k0, need, reached);
          boxAt[p] = 0;
        }
      }
      for (let j = 0; j < 4; j++) {
        if ((reached & (1 << j)) === 0) continue;
        done[p * 4 + j] = st; // the box on p with the player on this side: the region expanded now
        const to = p + dirs[j];
        const t = to * 4 + j;
        seen[t] = st;
        depth[t] = depth[s] + 1;
        from[t] = s;
        queue[tail++] = t;
        if (want[to] === ws && got[to] !== st) {
          got[to] = st;
          hit(to, t);
          if (++found === nWant) return this.finish(boxAt, b, found);
        }
      }
    }
    return this.finish(boxAt, b, found);
  }

  /**
   * The sides (bits j: the square p − dirs[j]) of `need` the player reaches
   * from p − dirs[k0] (boxAt marks the box on p too): a flood that stops
   * when all are found. `reached` holds those known already.
   */
  private sidesReached(boxAt: Uint8Array, p: number, k0: number, need: number, reached: number): number {
    const { floor, dirs } = this.board;
    const q = this.flood;
    const stamp = ++this.mstamp;
    const mark = this.mark;
    const from = p - dirs[k0];
    let n = 0;
    q[n++] = from;
    mark[from] = stamp;
    const s0 = p - dirs[0];
    const s1 = p - dirs[1];
    const s2 = p - dirs[2];
    const s3 = p - dirs[3];
    for (let i = 0; i < n; i++) {
      const c = q[i];
      for (let k = 0; k < 4; k++) {
        const r = c + dirs[k];
        if (!floor[r] || boxAt[r] || mark[r] === stamp) continue;
        mark[r] = stamp;
        q[n++] = r;
        if (r === s0) reached |= 1 & need;
        else if (r === s1) reached |= 2 & need;
        else if (r === s2) reached |= 4 & need;
        else if (r === s3) reached |= 8 & need;
        else continue;
        if (reached === need) return reached;
      }
    }
    return reached;
  }

  /** sidesReached by the regions of the state the box on b left (FreeRegions built on it): the sides of `need` in the player's region once the box is on p ≠ b, the player behind it on p − dirs[k0]. */
  private sidesOfMove(regions: FreeRegions, b: number, p: number, k0: number, need: number): number {
    const dirs = this.board.dirs;
    regions.move(b, p, p - dirs[k0]);
    let reached = 0;
    for (let j = 0; j < 4; j++) if ((need & (1 << j)) !== 0 && regions.inMoved(p - dirs[j])) reached |= 1 << j;
    return reached;
  }

  private finish(boxAt: Uint8Array, b: number, found: number): number {
    boxAt[b] = 1;
    return found;
  }
}
