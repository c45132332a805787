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

/** Evaluates box configurations (lists of squares). One instance per search: it keeps scratch space. */
export class BoxEstimator {
  private readonly nearest: Float64Array;
  private readonly dist: Float64Array;
  private readonly hungarian = new Hungarian();
  private matrix = new Float64Array(0);

  private readonly goals: Int32Array;

  /** Targets default to the goals; `pulls`: distances for pulling boxes to the targets (backward search). */
  constructor(
    private readonly board: Board,
    readonly kind: EstimateKind,
    targets: Int32Array = board.goals,
    pulls = false,
  ) {
    const { size, width } = board;
    const goals = (this.goals = targets);
    this.nearest = new Float64Array(size).fill(Infinity);
    this.dist = kind === 'manhattan' ? new Float64Array(0) : pushDistances(board, goals, pulls);
    for (const p of board.cells) {
      pollSetup(() => `setting up the ${kind} estimate: the nearest of ${goals.length.toLocaleString('en')} goals to each of ${board.cells.length.toLocaleString('en')} squares`);
      let best = Infinity;
      for (let gi = 0; gi < goals.length; gi++) {
        const g = goals[gi];
        const v =
          kind === 'manhattan'
            ? Math.abs((p % width) - (g % width)) + Math.abs(Math.floor(p / width) - Math.floor(g / width))
            : this.dist[gi * size + p];
        if (v < best) best = v;
      }
      this.nearest[p] = best;
    }
  }

  /** The bound for boxes on squares[0..n). */
  estimate(squares: ArrayLike<number>, n: number): number {
    if (this.kind !== 'matching') {
      let sum = 0;
      for (let i = 0; i < n; i++) sum += this.nearest[squares[i]];
      return sum;
    }
    const m = this.goals.length;
    if (n !== m) return this.greedyBound(squares, n);
    if (this.matrix.length < n * n) this.matrix = new Float64Array(n * n);
    const size = this.board.size;
    const dist = this.dist;
    const mat = this.matrix;
    for (let i = 0; i < n; i++) {
      const p = squares[i];
      if (this.nearest[p] === Infinity) return Infinity;
      for (let g = 0; g < m; g++) mat[i * n + g] = dist[g * size + p];
    }
    return this.hungarian.solve(n, mat);
  }

  /** With fewer or more boxes than goals (not a valid level): the nearest-goal sum, still a lower bound. */
  private greedyBound(squares: ArrayLike<number>, n: number): number {
    let sum = 0;
    for (let i = 0; i < n; i++) sum += this.nearest[squares[i]];
    return sum;
  }
}
