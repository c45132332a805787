/**
 * Macros of the backward push-level search (pulls): "pull box b to square
 * t, the last pull in direction k" as ONE operator for every square t that
 * b alone reaches in two pulls or more with the other boxes fixed (the
 * player walking freely among them), the fewest pulls for b alone; the
 * single pulls stay, so no plan is lost. Box macros (`boxMacros`) take a
 * box to any such square, the forward search's box macros (goal-macros.ts
 * with `anywhere`, Festival's moves) pulled; goal macros (`goalMacros`)
 * only onto the squares the backward search must fill, the initial boxes'
 * (its goals), as the forward goal macros take a box onto its goal. A box's
 * long way out of the goal area is one step, not a plateau of single pulls.
 *
 * The last pull's direction is part of the operator: it says where the
 * player ends (on t + dirs[k]), which the states after it depend on. The
 * search stores only the operator id (PushSpace: size·4 + (b·size + t)·4 +
 * k); the pulls of a plan are rebuilt by replaying it (`path`), which finds
 * a way of b to t ending with a pull in direction k (not always the same
 * pulls, the same box squares before and after).
 */
import type { Board } from './board.ts';
import { FreeRegions } from './regions.ts';

/** What PushSpace asks of a macro operator (this file's and goal-macros.ts'). */
export interface MacroOps {
  /** The square of the box it moves, where it leaves it, its pushes or pulls, the direction of the last. */
  box(op: number): number;
  goal(op: number): number;
  len(op: number): number;
  lastDir(op: number): number;
}

/** Work of the pull macros: per-state searches, box positions where they asked for the player's region, macros emitted. */
export interface PullMacroStats {
  searches: number;
  positions: number;
  macros: number;
}

export class PullMacros implements MacroOps {
  readonly stats: PullMacroStats = { searches: 0, positions: 0, macros: 0 };
  /** The first macro id (size·4); a macro is base + (b·size + t)·4 + k. */
  readonly base: number;
  /** At most this many macros per state: boxes × squares × directions. */
  readonly maxPerState: number;
  /** Per (square·4 + direction of the last pull): visited (=== stamp), pulls to reach, the state it came from (-1 at the start). */
  private readonly seen: Int32Array;
  private readonly depth: Int32Array;
  private readonly from: Int32Array;
  private readonly queue: Int32Array;
  private stamp = 0;
  /** path's regions, built on the position it is given (emit gets the search's). */
  private readonly pathRegions: FreeRegions;
  /** The pulls of the macros of the state being expanded: by the box's index there (`slotOf` its square) · size·4 + t·4 + k, valid where `lenStamp` is `emitStamp`. */
  private readonly lenOf: Int32Array;
  private readonly lenStamp: Int32Array;
  private readonly slotOf: Int32Array;
  private emitStamp = 0;

  /** 1 on the squares a macro may end on (`targets`), or null: any square. */
  private readonly targetAt: Uint8Array | null;

  constructor(
    readonly board: Board,
    /** The squares no box may be pulled onto (pullDeadSquares). */
    private readonly dead: Uint8Array,
    /** The squares macros take boxes to (goal macros backward: the initial boxes' squares); null: every square (box macros). */
    targets: ArrayLike<number> | null = null,
  ) {
    const { size } = board;
    this.base = size * 4;
    this.maxPerState = board.boxes.length * (targets === null ? size : targets.length) * 4;
    this.targetAt = targets === null ? null : new Uint8Array(size);
    if (targets !== null) for (let i = 0; i < targets.length; i++) (this.targetAt as Uint8Array)[targets[i]] = 1;
    this.lenOf = new Int32Array(board.boxes.length * size * 4);
    this.lenStamp = new Int32Array(board.boxes.length * size * 4);
    this.slotOf = new Int32Array(size);
    this.seen = new Int32Array(size * 4);
    this.depth = new Int32Array(size * 4);
    this.from = new Int32Array(size * 4);
    this.queue = new Int32Array(size * 4);
    this.pathRegions = new FreeRegions(board);
  }

  box(op: number): number {
    return Math.floor((op - this.base) / 4 / this.board.size);
  }

  goal(op: number): number {
    return ((op - this.base) >> 2) % this.board.size;
  }

  lastDir(op: number): number {
    return (op - this.base) & 3;
  }

  /** The pulls of a macro of the state being expanded (emit). */
  len(op: number): number {
    const size4 = this.board.size * 4;
    const b = this.box(op);
    const i = this.slotOf[b] * size4 + (op - this.base - b * size4);
    if (this.lenStamp[i] !== this.emitStamp) throw new Error(`pull macro ${op} was not emitted for this state`);
    return this.lenOf[i];
  }

  /**
   * The macros of a state (boxAt marks its `n` boxes; the player's region is
   * `region[p] === reach`; `regions` built on boxAt), appended to `out` from
   * `k`; returns the new count.
   */
  emit(boxAt: Uint8Array, boxes: Int32Array, n: number, region: Int32Array, reach: number, regions: FreeRegions, out: Int32Array, k: number): number {
    const size4 = this.board.size * 4;
    const { depth, queue, lenOf, lenStamp, targetAt } = this;
    const es = ++this.emitStamp;
    for (let i = 0; i < n; i++) {
      const b = boxes[i];
      this.slotOf[b] = i;
      this.stats.searches++;
      const tail = this.search(boxAt, b, region, reach, regions, -1);
      for (let h = 0; h < tail; h++) {
        const s = queue[h];
        // one pull is an operator already; back on its square is no box move
        if (depth[s] < 2 || s >> 2 === b || (targetAt !== null && !targetAt[s >> 2])) continue;
        out[k++] = this.base + b * size4 + s;
        lenOf[i * size4 + s] = depth[s];
        lenStamp[i * size4 + s] = es;
        this.stats.macros++;
      }
    }
    return k;
  }

  /**
   * The pulls (box square·4 + direction, the box on that square pulled one
   * square on) taking the box on `b` to `t`, the last in direction `k`, the
   * boxes of `boxAt` fixed, the player starting on `player` (-1: on any
   * square next to b: the first step of a backward plan, whose region does
   * not matter to the pushes it gives); null when there is none.
   */
  path(boxAt: Uint8Array, b: number, t: number, k: number, player: number): number[] | null {
    const dirs = this.board.dirs;
    const end = t * 4 + k;
    const regions = this.pathRegions;
    regions.build(boxAt);
    const tail = player >= 0 ? this.search(boxAt, b, regions.labels, regions.labels[player], regions, end) : this.search(boxAt, b, null, 0, regions, end);
    if (tail < 0) return null;
    const out: number[] = [];
    for (let s = end; s >= 0; s = this.from[s]) {
      const dk = s & 3;
      out.push(((s >> 2) - dirs[dk]) * 4 + dk);
    }
    return out.reverse();
  }

  /**
   * Breadth-first over (box square, direction of the last pull): the box on
   * `b` pulled alone, its first pull by the player in the region
   * `region[p] === reach` (region null: from any square); the states found,
   * in order, are queue[0..count), count returned. With `end` ≥ 0 it stops
   * when that state is found (returning its count) and returns -1 when it is
   * not. Where the player can go with the box on p comes from `regions`
   * (built on boxAt, the box on b: the parts of the floor less p joined at b,
   * FreeRegions.move), no flood.
   */
  private search(boxAt: Uint8Array, b: number, region: Int32Array | null, reach: number, regions: FreeRegions, end: number): number {
    const { dead, seen, depth, from, queue } = this;
    const { floor, dirs } = this.board;
    const st = ++this.stamp;
    boxAt[b] = 0;
    let tail = 0;
    // a pull in direction j: the player on p + d steps to p + 2d, the box follows to p + d
    for (let j = 0; j < 4; j++) {
      const d = dirs[j];
      const to = b + d;
      if (!floor[to] || boxAt[to] || dead[to] || !floor[to + d] || boxAt[to + d]) continue;
      if (region !== null && region[to] !== reach) continue;
      const t = to * 4 + j;
      seen[t] = st;
      depth[t] = 1;
      from[t] = -1;
      queue[tail++] = t;
      if (t === end) return this.finish(boxAt, b, tail);
    }
    for (let head = 0; head < tail; head++) {
      const s = queue[head];
      const p = s >> 2;
      const last = s & 3;
      // the player's region with the box on p, asked once (FreeRegions.move)
      let asked = false;
      for (let j = 0; j < 4; j++) {
        const d = dirs[j];
        const to = p + d;
        const t = to * 4 + j;
        if (seen[t] === st || !floor[to] || boxAt[to] || dead[to] || !floor[to + d] || boxAt[to + d]) continue;
        // the player, on p + dirs[last] after the last pull, must reach p + d
        if (j !== last) {
          if (!asked) {
            this.stats.positions++;
            // back on b: the position the regions were built on
            if (p !== b) regions.move(b, p, p + dirs[last]);
            asked = true;
          }
          if (p === b ? regions.labels[to] !== regions.labels[p + dirs[last]] : !regions.inMoved(to)) continue;
        }
        seen[t] = st;
        depth[t] = depth[s] + 1;
        from[t] = s;
        queue[tail++] = t;
        if (t === end) return this.finish(boxAt, b, tail);
      }
    }
    return this.finish(boxAt, b, end >= 0 ? -1 : tail);
  }

  private finish(boxAt: Uint8Array, b: number, count: number): number {
    boxAt[b] = 1;
    return count;
  }
}
