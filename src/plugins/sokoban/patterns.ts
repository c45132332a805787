/**
 * Learned deadlock patterns for the forward push-level search (after the
 * pattern searches of Junghanns and Schaeffer's Rolling Stone).
 *
 * Removing boxes never makes a Sokoban position harder: a plan of the whole
 * position, with the pushes of the removed boxes left out, is a plan of the
 * smaller one (the argument of corral.ts: every walk stays legal with fewer
 * obstacles, and where the real player pushed a removed box the relaxed
 * player walks onto its square). So when a small subset P of a state's boxes
 * (the walls, the player where he stands) has no sequence of pushes that
 * brings every box of P onto a goal (any goals: the level has at least as
 * many goals as P has boxes), the state is dead, and so is every other state
 * that holds the boxes of P with the player in the same region *relative to
 * P* (the region of the player with only P's boxes as obstacles): it asks the
 * same relaxed question. Such a (P, region) pair is a *pattern*.
 *
 * After each push (to the square t) the new state is first matched against
 * the patterns that contain t (a state whose parent matched no pattern can
 * only match one through the box just pushed: pushing another box leaves
 * the player in the same region relative to P). If none matches and the box
 * on t has a neighbouring box (8 directions), the subset P is the cluster of
 * boxes connected to t through such neighbours, nearest first, at most
 * `maxBoxes`; unless all of P is on goals, or the question was asked before,
 * a breadth-first search of the relaxed problem runs with a node limit
 * (pushes onto dead squares, into freeze deadlocks among P's boxes, and to
 * relaxed positions holding a stored pattern are dropped: they end no
 * relaxed plan). Only when it exhausts the reachable
 * relaxed positions without every box of P on a goal is the pattern stored
 * (and then shrunk: a box other than t's whose removal keeps the subset
 * unsolvable is left out, so the pattern matches more states); a solved or
 * limited search proves nothing and is only remembered as asked.
 *
 * The sub-searches' expansions are bounded overall: at most `allowance`
 * plus `share` times the number of new states checked so far, so they cost
 * a bounded fraction of the main search. The main search's statistics stay
 * its own; `stats` counts the patterns' work (PushSearchResult.patterns).
 */
import { type Board, floodRegion } from './board.ts';
import { FreezeCheck } from './deadlocks.ts';
import { Records } from '../../util/records.ts';

/** Boxes of a subset at most. */
export const PATTERN_MAX_BOXES = 5;
/** Expansions of one relaxed search before it gives up (proving nothing). */
export const PATTERN_NODE_LIMIT = 300;
/** The sub-searches may expand at most ALLOWANCE + SHARE × (new states checked) positions in all. */
export const PATTERN_SHARE = 0.1;
export const PATTERN_ALLOWANCE = 2000;

const ASKED_LIMIT = 1 << 20;

export interface PatternLimits {
  maxBoxes: number;
  nodeLimit: number;
  share: number;
  allowance: number;
}

/** Counts of the patterns' work, for measurements and tests. */
export interface PatternStats {
  /** New states checked. */
  checked: number;
  /** States matched by a stored pattern (pruned without a search). */
  matched: number;
  /** Relaxed searches run (including those shrinking a pattern), and their outcomes. */
  searches: number;
  proven: number;
  solved: number;
  limited: number;
  /** Positions the relaxed searches expanded in all. */
  expansions: number;
  /** Subsets not searched because the overall budget was spent. */
  skipped: number;
  /** Patterns stored. */
  patterns: number;
}

/** A stored pattern: its box squares (sorted) and the smallest square of the player's region with only those boxes as obstacles. */
export interface Pattern {
  readonly boxes: Int32Array;
  readonly player: number;
}

type Outcome = 'dead' | 'solved' | 'limit';

/** The deadlock patterns of one forward search on a board (scratch arrays inside: not reentrant). */
export class DeadlockPatterns {
  readonly stats: PatternStats = { checked: 0, matched: 0, searches: 0, proven: 0, solved: 0, limited: 0, expansions: 0, skipped: 0, patterns: 0 };
  readonly patterns: Pattern[] = [];
  /** Per square, the indices of the patterns with a box on it. */
  private readonly bySquare: (number[] | undefined)[];
  /** Subsets with a player region already asked (key: squares and region). */
  private readonly asked = new Set<string>();
  private readonly limits: PatternLimits;
  private readonly freeze: FreezeCheck;
  /** The relaxed problem's boxes (1 on their squares); a pattern's boxes (matching). */
  private readonly sub: Uint8Array;
  private readonly patAt: Uint8Array;
  private readonly mark: Int32Array;
  private readonly patMark: Int32Array;
  private stamp = 0;
  private readonly queue: Int32Array;
  private readonly seen: Int32Array;
  private readonly pick: Int32Array;

  constructor(
    private readonly board: Board,
    private readonly dead: Uint8Array,
    limits: Partial<PatternLimits> = {},
  ) {
    this.limits = { maxBoxes: PATTERN_MAX_BOXES, nodeLimit: PATTERN_NODE_LIMIT, share: PATTERN_SHARE, allowance: PATTERN_ALLOWANCE, ...limits };
    const n = board.size;
    this.bySquare = new Array<number[] | undefined>(n);
    this.freeze = new FreezeCheck(board, dead);
    this.sub = new Uint8Array(n);
    this.patAt = new Uint8Array(n);
    this.mark = new Int32Array(n);
    this.patMark = new Int32Array(n);
    this.queue = new Int32Array(n);
    this.seen = new Int32Array(n);
    this.pick = new Int32Array(n);
  }

  /**
   * Whether the state with boxes where boxAt is non-zero, the player on
   * `player` (a square of his region), after a push of a box to `to`, is a
   * deadlock by a stored pattern or by one learned now. boxAt is left as it was.
   */
  deadAfterPush(boxAt: Uint8Array, player: number, to: number): boolean {
    this.stats.checked++;
    if (this.matchAt(boxAt, player, to)) {
      this.stats.matched++;
      return true;
    }
    return this.learn(boxAt, player, to);
  }

  /** Whether a stored pattern with a box on `to` matches the boxes boxAt, the player on `player`. */
  private matchAt(boxAt: Uint8Array, player: number, to: number): boolean {
    const list = this.bySquare[to];
    if (list === undefined) return false;
    for (const i of list) if (this.matches(this.patterns[i], boxAt, player)) return true;
    return false;
  }

  /** The stored patterns by square names: `boxes… / player`, e.g. `x2y3 x3y3 / x1y1`. */
  describe(): string[] {
    const name = (p: number): string => this.board.name(p);
    return this.patterns.map((p) => `${Array.from(p.boxes, name).join(' ')} / ${name(p.player)}`);
  }

  private matches(p: Pattern, boxAt: Uint8Array, player: number): boolean {
    for (const b of p.boxes) if (!boxAt[b]) return false;
    return this.region(p.boxes, player) === p.player;
  }

  /** The smallest square of the player's region from `from` with only `boxes` as obstacles. */
  private region(boxes: ArrayLike<number>, from: number): number {
    const at = this.patAt;
    for (let i = 0; i < boxes.length; i++) at[boxes[i]] = 1;
    const min = floodRegion(this.board, at, from, this.patMark, ++this.stamp, this.queue);
    for (let i = 0; i < boxes.length; i++) at[boxes[i]] = 0;
    return min;
  }

  /** The cluster of boxes around `to` (8-neighbours, breadth-first), at most maxBoxes; sorted. */
  private cluster(boxAt: Uint8Array, to: number): Int32Array {
    const { width } = this.board;
    const stamp = ++this.stamp;
    const pick = this.pick;
    let n = 0;
    pick[n++] = to;
    this.seen[to] = stamp;
    for (let i = 0; i < n && n < this.limits.maxBoxes; i++) {
      const p = pick[i];
      for (let dy = -width; dy <= width && n < this.limits.maxBoxes; dy += width) {
        for (let dx = -1; dx <= 1 && n < this.limits.maxBoxes; dx++) {
          const q = p + dy + dx;
          if (boxAt[q] && this.seen[q] !== stamp) {
            this.seen[q] = stamp;
            pick[n++] = q;
          }
        }
      }
    }
    return Int32Array.from(pick.subarray(0, n)).sort();
  }

  private budgetLeft(): boolean {
    const { share, allowance } = this.limits;
    return this.stats.expansions < allowance + share * this.stats.checked;
  }

  /** Asks the relaxed question of the cluster around `to`; true (and the pattern stored) when it is proven unsolvable. */
  private learn(boxAt: Uint8Array, player: number, to: number): boolean {
    let boxes = this.cluster(boxAt, to);
    if (boxes.length < 2) return false;
    const goal = this.board.goal;
    if (boxes.every((b) => goal[b] === 1)) return false;
    if (!this.budgetLeft()) {
      this.stats.skipped++;
      return false;
    }
    let square = this.region(boxes, player);
    const key = String.fromCharCode(...boxes, square);
    if (this.asked.has(key)) return false;
    if (this.asked.size >= ASKED_LIMIT) this.asked.clear();
    this.asked.add(key);
    if (this.search(boxes, square) !== 'dead') return false;
    // Shrink: leave out boxes (not the one pushed) while the rest stays unsolvable.
    for (let i = 0; i < boxes.length && boxes.length > 2 && this.budgetLeft(); ) {
      if (boxes[i] === to) {
        i++;
        continue;
      }
      const fewer = Int32Array.from(boxes.filter((_, j) => j !== i));
      if (fewer.every((b) => goal[b] === 1)) {
        i++;
        continue;
      }
      const sq = this.region(fewer, player);
      if (this.search(fewer, sq) === 'dead') {
        boxes = fewer;
        square = sq;
      } else i++;
    }
    this.store(boxes, square);
    return true;
  }

  private store(boxes: Int32Array, player: number): void {
    const index = this.patterns.length;
    this.patterns.push({ boxes, player });
    this.stats.patterns++;
    for (const b of boxes) (this.bySquare[b] ??= []).push(index);
  }

  /**
   * Breadth-first search of the relaxed problem: the boxes `start` (sorted),
   * the player in the region of `player`. A position is the sorted box
   * squares and the smallest square of the player's region.
   */
  private search(start: Int32Array, player: number): Outcome {
    const st = this.stats;
    st.searches++;
    const { dirs, floor, goal } = this.board;
    const k = start.length;
    const W = k + 1;
    const sub = this.sub;
    const positions = new Records(W);
    const child = new Int32Array(W);
    child.set(start);
    child[k] = player;
    positions.add(child);
    const limit = this.limits.nodeLimit;
    let outcome: Outcome = 'dead';
    for (let i = 0; i < positions.count && outcome === 'dead'; i++) {
      if (i >= limit) {
        outcome = 'limit';
        break;
      }
      st.expansions++;
      const off = i * W;
      const states = positions.words;
      for (let j = 0; j < k; j++) sub[states[off + j]] = 1;
      const reach = ++this.stamp;
      floodRegion(this.board, sub, states[off + k], this.mark, reach, this.queue);
      let onGoal = 0;
      for (let j = 0; j < k; j++) onGoal += goal[states[off + j]];
      for (let j = 0; j < k && outcome === 'dead'; j++) {
        const b = states[off + j];
        for (let d = 0; d < 4; d++) {
          const to = b + dirs[d];
          if (this.mark[b - dirs[d]] !== reach || !floor[to] || sub[to] || this.dead[to]) continue;
          if (onGoal - goal[b] + goal[to] === k) {
            outcome = 'solved';
            break;
          }
          sub[b] = 0;
          sub[to] = 1;
          if (!this.freeze.frozenAt(sub, to)) {
            child.set(states.subarray(off, off + k));
            child[j] = to;
            child.subarray(0, k).sort();
            child[k] = floodRegion(this.board, sub, b, this.seen, ++this.stamp, this.queue);
            // a relaxed position holding a stored pattern is dead too
            positions.add(child, () => !this.matchAt(sub, b, to));
          }
          sub[to] = 0;
          sub[b] = 1;
        }
      }
      for (let j = 0; j < k; j++) sub[positions.words[off + j]] = 0;
    }
    if (outcome === 'dead') st.proven++;
    else if (outcome === 'solved') st.solved++;
    else st.limited++;
    return outcome;
  }
}
