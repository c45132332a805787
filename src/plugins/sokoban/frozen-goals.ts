/**
 * Frozen-goal deadlocks (forward push-level search). Boxes frozen on goals
 * (FreezeCheck's largest frozen set: none of them can ever move again) are
 * walls for the rest of the plan. Every other box must still end on one of
 * the other goals, a different one each, and only on a goal it can be
 * pushed to past those walls by a player who stays in the part of the
 * floor they leave it (the other boxes left out, which only adds ways).
 * When no assignment of the boxes to such goals places them all (a maximum
 * bipartite matching is smaller than the boxes), no plan exists. This
 * finds:
 *
 * - a dead-end goal shut by a box frozen on the goal that had to be
 *   filled after it (two goals in a row against a wall, filled in the
 *   wrong order; not a goal room, so the packing order does not see it);
 * - a part of the board cut off by frozen goal boxes with more boxes than
 *   free goals in it;
 * - a part they cut off from the player with a box still to push in it.
 *
 * The check runs when a push leaves its box frozen on a goal, and on the
 * initial state. A goal's reach (the squares from which a box can be
 * pushed onto it) depends only on the frozen set and the player's part, so
 * it is cached per set and part.
 */
import { type Board, floodPushable, floodRegion } from './board.ts';
import type { FreezeCheck } from './deadlocks.ts';

/** Frozen sets whose goal reach is kept (then the cache starts over). */
const CACHE_SETS = 1024;

export class FrozenGoals {
  /** Per frozen set (its squares, sorted, joined): per square the bit-mask words of the goals a box there can be pushed to. */
  private readonly cache = new Map<string, Uint32Array>();
  private readonly words: number;
  private readonly frozen: Int32Array;
  private readonly wall: Uint8Array;
  private readonly mark: Int32Array;
  private readonly queue: Int32Array;
  private stamp = 0;
  /** Matching scratch: the box index on each goal (-1: free), the goals tried in this augmenting search. */
  private readonly boxOnGoal: Int32Array;
  private readonly tried: Int32Array;
  private tryStamp = 0;
  /** States found dead by this check. */
  found = 0;

  constructor(
    private readonly board: Board,
    private readonly freeze: FreezeCheck,
  ) {
    const { size, goals } = board;
    this.words = (goals.length + 31) >>> 5;
    this.frozen = new Int32Array(size);
    this.wall = new Uint8Array(size);
    this.mark = new Int32Array(size);
    this.queue = new Int32Array(size);
    this.boxOnGoal = new Int32Array(goals.length);
    this.tried = new Int32Array(goals.length);
  }

  /**
   * Whether the state with the boxes `boxes[0..n)` is dead: its frozen
   * boxes (all on goals: a frozen box off goal is a freeze deadlock, found
   * before) leave the other boxes no assignment to the other goals.
   */
  deadlocked(boxes: Int32Array, n: number, player: number): boolean {
    const m = this.freeze.frozenSet(boxes, n, this.frozen);
    if (m === 0) return false;
    const reach = this.reachPast(m, player);
    const { wall, boxOnGoal } = this;
    boxOnGoal.fill(-1);
    for (let i = 0; i < m; i++) wall[this.frozen[i]] = 1;
    let dead = false;
    for (let i = 0; i < n && !dead; i++) {
      if (wall[boxes[i]]) continue;
      this.tryStamp++;
      if (!this.augment(i, boxes, reach)) dead = true;
    }
    for (let i = 0; i < m; i++) wall[this.frozen[i]] = 0;
    if (dead) this.found++;
    return dead;
  }

  /** Kuhn's augmenting path from box i: true when it gets a goal (others may move to make room). */
  private augment(i: number, boxes: Int32Array, reach: Uint32Array): boolean {
    const W = this.words;
    const base = boxes[i] * W;
    for (let w = 0; w < W; w++) {
      for (let bits = reach[base + w]; bits !== 0; ) {
        const low = bits & -bits;
        bits ^= low;
        const j = (w << 5) + (31 - Math.clz32(low));
        if (this.tried[j] === this.tryStamp) continue;
        this.tried[j] = this.tryStamp;
        const holder = this.boxOnGoal[j];
        if (holder < 0 || this.augment(holder, boxes, reach)) {
          this.boxOnGoal[j] = i;
          return true;
        }
      }
    }
    return false;
  }

  /**
   * The goal reach past the frozen set frozen[0..m), with the player on
   * `player`: the frozen boxes are walls for the player too, so every push
   * is made from the part of the floor the player is in (`side`), and the
   * rest of the floor counts as wall. Cached per set and part.
   */
  private reachPast(m: number, player: number): Uint32Array {
    const squares = Array.from(this.frozen.subarray(0, m)).sort((a, b) => a - b);
    const { goals, size, floor } = this.board;
    const { wall, mark, queue } = this;
    for (const q of squares) wall[q] = 1;
    // the player's part of the floor past the frozen boxes (the other boxes can move away): named by its least square
    const side = ++this.stamp;
    const least = floodRegion(this.board, wall, player, mark, side, queue);
    const key = `${squares.join(',')}|${least}`;
    let reach = this.cache.get(key);
    if (reach !== undefined) {
      for (const q of squares) wall[q] = 0;
      return reach;
    }
    const W = this.words;
    for (let p = 0; p < size; p++) if (floor[p] && mark[p] !== side) wall[p] = 1;
    reach = new Uint32Array(size * W);
    // backwards from each free goal: the squares from which a box can be pushed onto it
    for (let gi = 0; gi < goals.length; gi++) {
      const g = goals[gi];
      if (wall[g]) continue;
      const stamp = ++this.stamp;
      mark[g] = stamp;
      queue[0] = g;
      const count = floodPushable(this.board, wall, queue, 1, mark, stamp);
      const word = gi >>> 5;
      const bit = 1 << (gi & 31);
      for (let i = 0; i < count; i++) reach[queue[i] * W + word] |= bit;
    }
    wall.fill(0);
    if (this.cache.size >= CACHE_SETS) this.cache.clear();
    this.cache.set(key, reach);
    return reach;
  }
}
