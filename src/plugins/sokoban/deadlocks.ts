/**
 * Deadlocks: positions from which no plan exists, found without search.
 *
 * - Dead squares: floor cells from which a box can never reach any goal.
 *   Found once per level by pulling a box backwards from every goal (the
 *   player stands on the next cell and steps back, dragging the box, and
 *   walks round it to the next pull): every cell a box can be pulled to is
 *   live, the rest are dead. Other boxes are ignored, so a dead square is
 *   dead in every state (the check never removes a solvable state).
 * - Freeze deadlocks: a set of boxes none of which can ever move, because
 *   on each axis a box is blocked by a wall, by two dead squares, or by
 *   another box of the set; if one of them is off goal, no plan exists.
 *   Computed as the largest such set (a fixpoint: start from a group of
 *   adjacent boxes, drop every box that is free on some axis, repeat).
 */
import type { Board } from './board.ts';
import { BoxReach } from './box-reach.ts';

/**
 * 1 for every floor cell from which a box can reach no goal (0 elsewhere,
 * also on walls): pulled from the goals on the empty board, the player
 * walking round the box (BoxReach), so a square from which the box goes on
 * only with the player on a side he cannot get to is dead too.
 */
export function deadSquares(board: Board): Uint8Array {
  const reach = new BoxReach(board);
  reach.prepare(new Uint8Array(board.size));
  const count = reach.pullFrom(board.goals, board.goals.length);
  const live = new Uint8Array(board.size);
  for (const g of board.goals) live[g] = 1;
  for (let i = 0; i < count; i++) live[reach.states[i] >> 2] = 1;
  const dead = new Uint8Array(board.size);
  for (const p of board.cells) if (!live[p]) dead[p] = 1;
  return dead;
}

/**
 * For backward search (pulling boxes from the goals): 1 for every floor
 * cell from which no sequence of pulls brings a box to any square where a
 * box stands initially (found by pushing a box forwards from each of them).
 */
export function pullDeadSquares(board: Board): Uint8Array {
  const live = pushedTo(board);
  const dead = new Uint8Array(board.size);
  for (const p of board.cells) if (!live[p]) dead[p] = 1;
  return dead;
}

/**
 * 1 on every square that some box of the level, pushed alone, can be
 * brought to (its own square included), on the empty board (the other boxes
 * and the player's walk left out). With `avoid`, the boxes standing on it
 * are left out and no box enters it (the player may still stand there).
 */
export function pushedTo(board: Board, avoid?: Uint8Array): Uint8Array {
  const reached = new Uint8Array(board.size);
  const queue = new Int32Array(board.size);
  let n = 0;
  for (const b of board.boxes) {
    if (reached[b] || (avoid !== undefined && avoid[b])) continue;
    reached[b] = 1;
    queue[n++] = b;
  }
  const { floor, dirs } = board;
  for (let i = 0; i < n; i++) {
    const b = queue[i];
    for (const d of dirs) {
      // The box at b is pushed to b + d by the player on b - d.
      const to = b + d;
      if (floor[to] && floor[b - d] && !reached[to] && (avoid === undefined || !avoid[to])) {
        reached[to] = 1;
        queue[n++] = to;
      }
    }
  }
  return reached;
}

/** FreezeCheck.freezeOf's answers. */
export const NOT_FROZEN = 0;
export const FROZEN_ON_GOALS = 1;
export const FROZEN_OFF_GOAL = 2;
export type Freeze = typeof NOT_FROZEN | typeof FROZEN_ON_GOALS | typeof FROZEN_OFF_GOAL;

/**
 * Freeze-deadlock detection on a board with boxes. `boxAt[p]` is non-zero
 * where a box stands. Holds scratch arrays, so one instance serves a whole
 * search.
 */
export class FreezeCheck {
  private readonly inSet: Uint8Array;
  private readonly seen: Int32Array;
  private readonly group: Int32Array;
  private stamp = 0;

  constructor(
    private readonly board: Board,
    private readonly dead: Uint8Array,
  ) {
    this.inSet = new Uint8Array(board.size);
    this.seen = new Int32Array(board.size);
    this.group = new Int32Array(board.size);
  }

  /**
   * True when the box at square p belongs to a frozen set of boxes with
   * one of them off goal (only the group of boxes connected to p through
   * neighbouring squares is examined).
   */
  frozenAt(boxAt: Uint8Array, p: number): boolean {
    return this.fixpoint(this.groupOf(boxAt, p));
  }

  /**
   * frozenAt and more in one pass: FROZEN_OFF_GOAL when the group of the
   * box at p holds a frozen set with a box off goal (a deadlock);
   * FROZEN_ON_GOALS when the box at p itself is in a frozen set, all on
   * goals (it never moves again); else NOT_FROZEN.
   */
  freezeOf(boxAt: Uint8Array, p: number): Freeze {
    const goal = this.board.goal;
    const m = this.shrink(this.groupOf(boxAt, p));
    let has = false;
    for (let i = 0; i < m; i++) {
      const q = this.group[i];
      if (!goal[q]) return FROZEN_OFF_GOAL;
      if (q === p) has = true;
    }
    return has ? FROZEN_ON_GOALS : NOT_FROZEN;
  }

  /** True when the boxes at `squares` contain a frozen set with a box off goal. */
  frozenAny(squares: Int32Array, count: number): boolean {
    for (let i = 0; i < count; i++) this.group[i] = squares[i];
    return this.fixpoint(count);
  }

  /** The largest frozen set of all the boxes `boxes[0..n)`: its squares into `out`, their count returned. */
  frozenSet(boxes: Int32Array, n: number, out: Int32Array): number {
    for (let i = 0; i < n; i++) this.group[i] = boxes[i];
    const m = this.shrink(n);
    for (let i = 0; i < m; i++) out[i] = this.group[i];
    return m;
  }

  /** The boxes connected to p through neighbouring squares, into group[0..n). */
  private groupOf(boxAt: Uint8Array, p: number): number {
    const dirs = this.board.dirs;
    const seen = this.seen;
    const stamp = ++this.stamp;
    const group = this.group;
    let n = 0;
    group[n++] = p;
    seen[p] = stamp;
    for (let i = 0; i < n; i++) {
      const q = group[i];
      for (let k = 0; k < 4; k++) {
        const r = q + dirs[k];
        if (boxAt[r] && seen[r] !== stamp) {
          seen[r] = stamp;
          group[n++] = r;
        }
      }
    }
    return n;
  }

  /** Largest frozen subset of group[0..n); true when it holds a box off goal. */
  private fixpoint(n: number): boolean {
    const goal = this.board.goal;
    const m = this.shrink(n);
    for (let i = 0; i < m; i++) if (!goal[this.group[i]]) return true;
    return false;
  }

  /** Reorders group[0..n) so that group[0..m) is its largest frozen subset; returns m. */
  private shrink(n: number): number {
    const { floor, width } = this.board;
    const dead = this.dead;
    const inSet = this.inSet;
    const group = this.group;
    for (let i = 0; i < n; i++) inSet[group[i]] = 1;
    let m = n;
    for (let changed = true; changed && m > 0; ) {
      changed = false;
      for (let i = 0; i < m; i++) {
        const q = group[i];
        if (!blockedOn(q, 1, floor, inSet, dead) || !blockedOn(q, width, floor, inSet, dead)) {
          inSet[q] = 0;
          group[i] = group[--m];
          group[m] = q;
          i--;
          changed = true;
        }
      }
    }
    for (let i = 0; i < n; i++) inSet[group[i]] = 0;
    return m;
  }
}

/** A box at q cannot move along the axis of step d: a wall or a frozen box on one side, or dead squares on both. */
function blockedOn(q: number, d: number, floor: Uint8Array, inSet: Uint8Array, dead: Uint8Array): boolean {
  const a = q - d;
  const b = q + d;
  return !floor[a] || !floor[b] || inSet[a] === 1 || inSet[b] === 1 || (dead[a] === 1 && dead[b] === 1);
}
