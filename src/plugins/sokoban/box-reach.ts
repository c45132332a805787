/**
 * Where one box can be pushed to, with the player in its way.
 *
 * A box is pushed alone (other boxes left out, walls given), but the
 * player must walk around it: after a push he stands behind it, and the
 * next push needs him on another side, which he reaches only in the part
 * of the floor less the box's square he is in. A state is the box's square
 * and that part, named by a side of the square (up, down, left, right:
 * Board.dirs) on which the player can stand; the sides in one part are one
 * state. The parts come from one depth-first search over the floor
 * (FreeRegions: a square's sides are in different parts only when the
 * square is a cut square).
 *
 * `pullFrom` searches backwards from target squares (pulling): the states
 * it reaches are those from which the box can be pushed onto a target. A
 * box that enters a room by its one door with the player outside cannot be
 * pushed on from the room's side, which a flood over squares alone (the
 * player anywhere, floodPushable) lets it. `pushFrom` searches forwards
 * from the targets (pushing): the states a box on a target can be pushed
 * to, which a backward search reads as its pulls back to the target.
 */
import type { Board } from './board.ts';
import { FreeRegions } from './regions.ts';

export class BoxReach {
  private readonly regions: FreeRegions;
  /** The part of F − b the side k of square b is in (a code; −1: the side is no free square), at b·4 + k. */
  private readonly sides: Int32Array;
  /** The states seen by the current search (stamped), its queue (b·4 + k) and each queued state's pulls from the targets. */
  private readonly seen: Int32Array;
  readonly states: Int32Array;
  readonly depth: Int32Array;
  private stamp = 0;

  constructor(private readonly board: Board) {
    this.regions = new FreeRegions(board);
    this.sides = new Int32Array(board.size * 4);
    this.seen = new Int32Array(board.size * 4);
    this.states = new Int32Array(board.size * 4);
    this.depth = new Int32Array(board.size * 4);
  }

  /** The part code of side k of square b (after prepare; −1: no free square there). */
  side(b: number, k: number): number {
    return this.sides[b * 4 + k];
  }

  /** The first side of square b in the part of F − b that holds the free square q ≠ b (after prepare): the canonical side of that part; −1 when none. */
  sideOf(b: number, q: number): number {
    const code = this.regions.partOf(q, b);
    for (let k = 0; k < 4; k++) if (this.sides[b * 4 + k] === code) return k;
    return -1;
  }

  /** Takes the floor less the squares where `wall` is non-zero as the board for the searches after it. */
  prepare(wall: Uint8Array): void {
    const { floor, cells, dirs } = this.board;
    const { sides } = this;
    this.regions.build(wall);
    for (const b of cells) {
      for (let k = 0; k < 4; k++) {
        const q = b + dirs[k];
        sides[b * 4 + k] = !wall[b] && floor[q] && !wall[q] ? this.regions.partOf(q, b) : -1;
      }
    }
  }

  /**
   * The states from which a box can be pushed onto one of the free squares
   * targets[0..n) (the box on a target, the player on any side, included):
   * states[0..count), count returned, in the order of their pushes to the
   * nearest target (depth[0..count)).
   */
  pullFrom(targets: ArrayLike<number>, n: number): number {
    return this.search(targets, n, false);
  }

  /**
   * The states a box on one of the free squares targets[0..n) (the player
   * on any side) can be pushed to: states[0..count), count returned, in the
   * order of their pushes from the nearest target (depth[0..count)). Read
   * backwards, the pulls that bring the box from such a state onto a
   * target (a backward search's distances to the initial boxes).
   */
  pushFrom(targets: ArrayLike<number>, n: number): number {
    return this.search(targets, n, true);
  }

  /** Breadth-first from the targets (every side of each): by pulls (pullFrom), or by pushes (pushFrom). */
  private search(targets: ArrayLike<number>, n: number, pushes: boolean): number {
    const { sides, seen, states } = this;
    const { dirs } = this.board;
    const stamp = ++this.stamp;
    let count = 0;
    for (let t = 0; t < n; t++) {
      const g = targets[t];
      for (let k = 0; k < 4; k++) if (sides[g * 4 + k] >= 0 && seen[g * 4 + k] !== stamp) count = this.visit(g, k, stamp, count, 0);
    }
    for (let i = 0; i < count; i++) {
      const s = states[i];
      const b = s >> 2;
      const code = sides[s];
      const d = this.depth[i] + 1;
      for (let j = 0; j < 4; j++) {
        // a push in direction j with the player on b − dirs[j], side j ^ 1 of b, in his part; after it he stands behind the box, on side j ^ 1 of its square
        const back = j ^ 1;
        if (sides[b * 4 + back] !== code) continue;
        // pulls: the box came to b from a = b − dirs[j], the player then on a − dirs[j]; pushes: it goes on to a = b + dirs[j], the player then on b
        const a = pushes ? b + dirs[j] : b + dirs[back];
        if (sides[a * 4 + back] >= 0 && seen[a * 4 + back] !== stamp) count = this.visit(a, back, stamp, count, d);
      }
    }
    return count;
  }

  /** Queues the state (box on b, the player on its side k), d pulls from the targets, at states[n], marking every side of b in the same part; the new count. */
  private visit(b: number, k: number, stamp: number, n: number, d: number): number {
    const { sides, seen } = this;
    const code = sides[b * 4 + k];
    for (let j = 0; j < 4; j++) if (sides[b * 4 + j] === code) seen[b * 4 + j] = stamp;
    this.states[n] = b * 4 + k;
    this.depth[n] = d;
    return n + 1;
  }
}
