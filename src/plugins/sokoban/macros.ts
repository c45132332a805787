/**
 * Tunnel macros of the forward push-level search (Junghanns & Schaeffer's
 * tunnel macros, in a conservative form).
 *
 * A square is a corridor square of an axis (vertical for up/down,
 * horizontal for left/right) when both its neighbours across that axis
 * are walls: a one-cell-wide passage along it. A box that has just been
 * pushed in direction d from square q − d to square q, where
 *
 *   - q − d (the square the player now stands on) and q are corridor
 *     squares of d's axis,
 *   - q is not a goal, and
 *   - q + d is floor, not a dead square and holds no box,
 *
 * is pushed on to q + d in the same step, and so on while the conditions
 * hold at its new square. Why no plan is lost, and no push-optimal plan
 * either: the box on q (not a goal) must move again, along the axis only.
 * Pushed back to q − d (the player must walk round to q + d first), the two
 * pushes can be left out: q − d and q are dead ends next to the box, so every
 * walk and push in between is the same with the box left on q − d, and the
 * end state is the same. Pushed on to q + d after other pushes P, those
 * pushes can be made first, with the box still on q − d (the regions of the
 * player then differ only on q − d and q, which no walk or push in P uses),
 * and the box then pushed in and on without a break. So a plan in which
 * every push into such a position is followed by the push on exists
 * whenever a plan exists, with as many pushes.
 *
 * Backward (pulls: the player on q + e steps to q + 2e, the box follows
 * from q to q + e) the mirror: a box just pulled in direction e from
 * q − e to q goes on to q + e (the player to q + 2e) when q − e and q are
 * corridor squares of e's axis, q is not a square of an initial box (the
 * backward search's targets), q + e is not dead for pulls and q + 2e is
 * floor without a box. The same two cases, with the dead ends q − e and q
 * and the player in front of the box, show that no pull sequence is lost.
 */
import type { Board } from './board.ts';

export class TunnelMacros {
  /**
   * Per square·4 + dir: how many pushes follow, in an empty level, when a
   * box arrives on the square pushed in direction dir (0 where the macro
   * does not go on). Other boxes can stop it sooner (`end`).
   */
  readonly extra: Int32Array;
  /** Per square·4 + dir: 1 when a box pushed onto the square in direction dir goes on (the conditions above, boxes aside). */
  private readonly goesOn: Uint8Array;

  /** Pull macros (`dead`: the squares dead for pulls) instead of push macros. */
  private readonly back: boolean;

  constructor(
    readonly board: Board,
    dead: Uint8Array,
    backward = false,
  ) {
    const { floor, dirs, size, cells } = board;
    this.back = backward;
    const target = new Uint8Array(size);
    for (const t of backward ? board.boxes : board.goals) target[t] = 1;
    const corridor = (p: number, dk: number): boolean => {
      // across the axis of direction dk: the other axis's two directions
      const a = dirs[dk < 2 ? 2 : 0];
      return floor[p] === 1 && floor[p + a] === 0 && floor[p - a] === 0;
    };
    this.goesOn = new Uint8Array(size * 4);
    for (const q of cells) {
      for (let dk = 0; dk < 4; dk++) {
        const d = dirs[dk];
        // pushes: the player on q − d, the box goes to q + d; pulls: the player on q + d steps to q + 2d
        if (corridor(q, dk) && corridor(q - d, dk) && !target[q] && floor[q + d] && !dead[q + d] && (!backward || floor[q + 2 * d])) this.goesOn[q * 4 + dk] = 1;
      }
    }
    this.extra = new Int32Array(size * 4);
    for (const q of cells) {
      for (let dk = 0; dk < 4; dk++) {
        let n = 0;
        // a corridor square is passed at most once along a straight line, so this ends
        for (let p = q; this.goesOn[p * 4 + dk]; p += dirs[dk]) n++;
        this.extra[q * 4 + dk] = n;
      }
    }
  }

  /**
   * The square where the box on `box` ends when pushed in direction `dk`
   * (the player then stands one square behind it; backward: pulled, the
   * player one square in front): box + d, or further down a tunnel.
   * `boxAt` marks the boxes (the moved one on `box`).
   */
  end(boxAt: Uint8Array, box: number, dk: number): number {
    const d = this.board.dirs[dk];
    const ahead = this.back ? 2 * d : d; // the square that must be free: the box's next (push) or the player's (pull)
    let q = box + d;
    while (this.goesOn[q * 4 + dk] && !boxAt[q + ahead]) q += d;
    return q;
  }

  /** The table `extra` as `xXyY dir: n` lines for the squares where n > 0 (row-major, dirs in Board order). */
  describe(): string[] {
    const out: string[] = [];
    const words = ['up', 'down', 'left', 'right'];
    for (const q of this.board.cells) {
      for (let dk = 0; dk < 4; dk++) {
        const n = this.extra[q * 4 + dk];
        if (n > 0) out.push(`${this.board.name(q)} ${words[dk]}: ${n}`);
      }
    }
    return out;
  }
}
