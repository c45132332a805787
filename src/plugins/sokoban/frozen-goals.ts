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
 * - a part they cut off from the player with a box still to push in it;
 * - a room with goals left whose other way in they close (Sasquatch 19's
 *   goal column, the player's way round): a box that enters by the one
 *   door left, the player behind it, cannot be pushed on from inside
 *   (each box is pushed with the player walking round it, BoxReach).
 *
 * The check runs when a push leaves its box frozen on a goal, and on the
 * initial state. A goal's reach (the squares from which a box can be
 * pushed onto it) depends only on the frozen set and the player's part, so
 * it is cached per set and part.
 *
 * Any other push can leave a state dead too: it moves a box that is not
 * frozen to a square from which fewer goals are reached. Such a push
 * changes neither the frozen set (frozen boxes never move, and a box that
 * does not freeze where it lands freezes no other) nor the player's part
 * past it, so its successor is checked against the expanded state's
 * matching (`expanding`, then `deadAfterMove`): the moved box keeps its
 * goal if it reaches it from its new square, else one augmenting search
 * from it decides.
 */
import { type Board, floodRegion } from './board.ts';
import { BoxReach } from './box-reach.ts';
import type { FreezeCheck } from './deadlocks.ts';

/** Frozen sets whose parts and goal reach are kept (then the cache starts over). */
const CACHE_SETS = 1024;

/** A frozen set's cache entry: its squares, the parts of the floor past them (a label per square), the goal reach per part. */
interface FrozenSet {
  readonly squares: Int32Array;
  readonly label: Int32Array;
  readonly reach: Map<number, Uint32Array>;
}

export class FrozenGoals {
  /** The frozen sets seen (FrozenSet), by the hash of their squares; `sets` counts them. */
  private readonly cache = new Map<number, FrozenSet[]>();
  private sets = 0;
  /** A random word per square: a frozen set's hash is theirs xor-ed (and its size). */
  private readonly squareHash: Int32Array;
  private readonly words: number;
  private readonly frozen: Int32Array;
  private readonly wall: Uint8Array;
  private readonly mark: Int32Array;
  private readonly queue: Int32Array;
  private stamp = 0;
  /** The goal reach's search (reachOfPart), and its one target. */
  private readonly boxReach: BoxReach;
  private readonly target = new Int32Array(1);
  /** Matching scratch: the box index on each goal (-1: free), the goals tried in this augmenting search. */
  private readonly boxOnGoal: Int32Array;
  private readonly tried: Int32Array;
  private tryStamp = 0;
  /** States found dead by this check. */
  found = 0;
  /** The expanded state's (`expanding`): frozen boxes (0: none, no check), goal reach, each goal's box index (-1 free), each box's goal. */
  private parentFrozen = 0;
  private parentReach: Uint32Array = new Uint32Array(0);
  private readonly parentOnGoal: Int32Array;
  private goalOf: Int32Array = new Int32Array(0);

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
    this.boxReach = new BoxReach(board);
    this.boxOnGoal = new Int32Array(goals.length);
    this.tried = new Int32Array(goals.length);
    this.parentOnGoal = new Int32Array(goals.length);
    this.squareHash = new Int32Array(size);
    let x = 0x9e3779b9 | 0;
    for (let p = 0; p < size; p++) {
      // xorshift32: the same words on every run
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      this.squareHash[p] = x;
    }
  }

  /**
   * Whether the state with the boxes `boxes[0..n)` is dead: its frozen
   * boxes (all on goals: a frozen box off goal is a freeze deadlock, found
   * before) leave the other boxes no assignment to the other goals.
   */
  deadlocked(boxes: Int32Array, n: number, player: number): boolean {
    const m = this.freeze.frozenSet(boxes, n, this.frozen);
    if (m === 0) return false;
    const dead = !this.matchAll(boxes, n, m, this.reachPast(m, player));
    if (dead) this.found++;
    return dead;
  }

  /** Matches the boxes not among frozen[0..m) to goals they reach (boxOnGoal); whether all get one. */
  private matchAll(boxes: Int32Array, n: number, m: number, reach: Uint32Array): boolean {
    const { wall, boxOnGoal } = this;
    boxOnGoal.fill(-1);
    for (let i = 0; i < m; i++) wall[this.frozen[i]] = 1;
    let all = true;
    for (let i = 0; i < n && all; i++) {
      if (wall[boxes[i]]) continue;
      this.tryStamp++;
      if (!this.augment(i, boxes, reach)) all = false;
    }
    for (let i = 0; i < m; i++) wall[this.frozen[i]] = 0;
    return all;
  }

  /**
   * The state about to be expanded (its boxes `boxes[0..n)`, the player on
   * `player`): works out and keeps its frozen set and matching for
   * `deadAfterMove` on its successors; whether it is dead itself.
   */
  expanding(boxes: Int32Array, n: number, player: number): boolean {
    const m = (this.parentFrozen = this.freeze.frozenSet(boxes, n, this.frozen));
    if (m === 0) return false;
    const reach = (this.parentReach = this.reachPast(m, player));
    const dead = !this.matchAll(boxes, n, m, reach);
    if (dead) {
      this.found++;
      this.parentFrozen = 0;
      return true;
    }
    if (this.goalOf.length < n) this.goalOf = new Int32Array(n);
    this.goalOf.fill(-1, 0, n);
    this.parentOnGoal.set(this.boxOnGoal);
    for (let j = 0; j < this.boxOnGoal.length; j++) if (this.boxOnGoal[j] >= 0) this.goalOf[this.boxOnGoal[j]] = j;
    return false;
  }

  /**
   * Whether the successor of the state given to `expanding` in which box
   * `i` (not frozen, and not frozen where it lands) has moved is dead:
   * `boxes` holds the successor's squares. Sound only for such a move (the
   * frozen set and the player's part are the expanded state's).
   */
  deadAfterMove(i: number, boxes: Int32Array): boolean {
    if (this.parentFrozen === 0) return false;
    const reach = this.parentReach;
    const g = this.goalOf[i];
    const W = this.words;
    if (g >= 0 && (reach[boxes[i] * W + (g >>> 5)] >>> (g & 31)) & 1) return false;
    const { boxOnGoal } = this;
    boxOnGoal.set(this.parentOnGoal);
    if (g >= 0) boxOnGoal[g] = -1;
    this.tryStamp++;
    const dead = !this.augment(i, boxes, reach);
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
   * is made from the part of the floor the player is in, and the rest of
   * the floor counts as wall. Cached per set (found by a hash of its
   * squares, then compared) and, in it, per part: the parts are labelled
   * once per set, so a call that finds both does no flood.
   */
  private reachPast(m: number, player: number): Uint32Array {
    const set = this.frozenEntry(m);
    const part = set.label[player];
    let reach = set.reach.get(part);
    if (reach === undefined) {
      reach = this.reachOfPart(set, part);
      set.reach.set(part, reach);
    }
    return reach;
  }

  /** The cache entry of the frozen set frozen[0..m) (made, its parts labelled, when new). */
  private frozenEntry(m: number): FrozenSet {
    const { frozen, squareHash } = this;
    let h = m;
    for (let i = 0; i < m; i++) h ^= squareHash[frozen[i]];
    const list = this.cache.get(h);
    if (list !== undefined) {
      const stamp = ++this.stamp;
      const { mark } = this;
      for (let i = 0; i < m; i++) mark[frozen[i]] = stamp;
      for (const e of list) if (e.squares.length === m && e.squares.every((q) => mark[q] === stamp)) return e;
    }
    if (this.sets >= CACHE_SETS) {
      this.cache.clear();
      this.sets = 0;
    }
    const squares = Int32Array.from(frozen.subarray(0, m));
    const { wall, queue } = this;
    const { cells } = this.board;
    for (const q of squares) wall[q] = 1;
    // the parts of the floor past the frozen boxes (the other boxes can move away), each labelled by a stamp of its own
    const label = new Int32Array(this.board.size);
    let next = 1;
    for (const c of cells) if (!wall[c] && label[c] === 0) floodRegion(this.board, wall, c, label, next++, queue);
    for (const q of squares) wall[q] = 0;
    const e: FrozenSet = { squares, label, reach: new Map() };
    if (list !== undefined) list.push(e);
    else this.cache.set(h, [e]);
    this.sets++;
    return e;
  }

  /**
   * The goal reach of a frozen set's part: per square, the goals a box there
   * can be pushed onto from that part; and a box on a goal that is not
   * frozen keeps it, in any part (it need not move again: the last push
   * into a goal room may shut the player out of the boxes already on its
   * goals). The box is pushed alone with the player walking around it
   * (BoxReach: a box that comes into a room by its one door with the
   * player outside cannot be pushed on from inside); a square reaches a
   * goal when the box does from some side of it (the player may be on any:
   * sound for the deadlock test).
   */
  private reachOfPart(set: FrozenSet, part: number): Uint32Array {
    const { goals, size, floor } = this.board;
    const { wall, boxReach, target } = this;
    for (const q of set.squares) wall[q] = 1;
    const W = this.words;
    const reach = new Uint32Array(size * W);
    for (let gi = 0; gi < goals.length; gi++) if (!wall[goals[gi]]) reach[goals[gi] * W + (gi >>> 5)] |= 1 << (gi & 31);
    for (let p = 0; p < size; p++) if (floor[p] && set.label[p] !== part) wall[p] = 1;
    boxReach.prepare(wall);
    // backwards from each free goal: the squares from which a box can be pushed onto it
    for (let gi = 0; gi < goals.length; gi++) {
      if (wall[goals[gi]]) continue;
      target[0] = goals[gi];
      const count = boxReach.pullFrom(target, 1);
      const word = gi >>> 5;
      const bit = 1 << (gi & 31);
      for (let i = 0; i < count; i++) reach[(boxReach.states[i] >> 2) * W + word] |= bit;
    }
    wall.fill(0);
    return reach;
  }
}
