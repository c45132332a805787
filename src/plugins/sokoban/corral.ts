/**
 * Corral deadlocks: a small region of floor the player cannot reach, fenced
 * in by boxes, whose boxes can never all reach goals.
 *
 * A *corral* of a position is a connected set C of free floor cells (no
 * box) that the player cannot reach; its *fence* K is the set of boxes next
 * to a cell of C (every neighbour of a cell of C is a wall, a box of K, or
 * in C). Its *backing* B is the boxes next to a box of K, not in K: they
 * hold the fence in place (a fence box that could only leave the corral
 * onto a backing box's square, or pushed from it, stays while B stands).
 * Corrals with every box of K on a goal, and corrals of more than
 * `maxCells` cells, are not examined. For the others the test asks a
 * smaller question, the *relaxed problem*: the same level with only the
 * boxes of K ∪ B (every other box removed) and the player where it stands —
 * can the player get every one of those boxes onto a goal (any goals)? It
 * searches the pushes of that problem breadth-first, dropping children with
 * a box on a dead square or in a freeze deadlock (deadlocks.ts) among its
 * boxes; a box pushed out of the area C ∪ K ∪ B leaves the relaxed problem
 * (the child becomes the smaller problem without it). It answers:
 *
 * - *deadlock* only when the search has seen every position reachable from
 *   the start and none has all its boxes on goals;
 * - *no deadlock* as soon as the player reaches a cell of C (the fence is
 *   open: a fence box pushed out of the area leaves the player next to C),
 *   every box is on a goal, or the search has stored `cap` positions; and
 *   before any search, when the player can push a box of K out of the area
 *   now. The first and the last are not proofs of anything: they stop
 *   searches that would rarely end in a deadlock.
 *
 * Without backing (the constructor's `backing` false: K alone), a push of a
 * box out of C ∪ K ends the search with *no deadlock* instead.
 *
 * *Merging* (`merge`, on by default): a corral not proven alone is examined
 * once more as a group with the corrals next to its fence boxes (and
 * theirs, up to twice `maxCells` cells): C the group's cells, K all their
 * fences. Two pockets that share a fence box can each be opened alone —
 * the box that opens one is pushed into the other, or out from a square
 * only the other's fence keeps the player from — and be dead together.
 * The group's search has no exit on the player reaching a cell of C (one
 * of its pockets opening is the question itself); it ends on every box on
 * a goal, at the cap, or exhausted.
 *
 * Why a deadlock answer is never wrong: take any plan from the real
 * position and follow the boxes of K through it. Replay it in the relaxed
 * problem, leaving out the pushes of the other boxes: every walk stays
 * legal (it only loses obstacles), a push of a box of K stays legal (its
 * target cell is free in the real position, so free with fewer boxes), and
 * where the real player pushed another box the relaxed player can walk onto
 * that box's cell (there is no box there). So after each step the relaxed
 * position has the boxes of K where the real plan has them and the player
 * on the same cell. The real plan ends with every box on a goal (a level
 * has as many goals as boxes, and the goal asks a box on every goal), so
 * the replay ends with every box of K on a goal: the relaxed problem is
 * solvable. A child whose box left the area is replaced by the same
 * position without that box: a plan of the child is a plan of it (the same
 * replay), so if it has none, neither has the child. The dropped children are relaxed positions from which the
 * relaxed problem has no solution (a box on a dead square, or a frozen set
 * with a box off goal, stays so whatever the other boxes do), so dropping
 * them loses no solution of the relaxed problem. The search answers
 * "deadlock" only when it has exhausted the relaxed positions reachable
 * from the start without taking an exit; then the relaxed problem has no
 * solution, and by the replay neither has the real position. The corral,
 * its fence, the size limit and the exits only choose which questions to
 * ask and when to give up; any choice of boxes would be sound.
 *
 * Answers are cached by the squares of K ∪ B and a square of the player's
 * region, which fix the relaxed problem (a cached "no deadlock" may come
 * from another corral with the same fence; it is only a missed proof).
 */
import { type Board, floodRegion } from './board.ts';
import { FreezeCheck } from './deadlocks.ts';
import { Records } from '../../util/records.ts';
import { FreeRegions } from './regions.ts';

/** Positions one relaxed search may store before it gives up (answer: no deadlock). */
export const CORRAL_CAP = 1000;

/** Corrals of more cells are not examined (measured on Microban: bigger ones cost more than they prune). */
export const CORRAL_MAX_CELLS = 10;

const CACHE_LIMIT = 1 << 20;

/** A CorralCheck's limits and techniques (defaults: CORRAL_CAP, CORRAL_MAX_CELLS, backing and merging on). */
export interface CorralOptions {
  /** Positions one relaxed search may store before it gives up. */
  cap?: number;
  /** Corrals of more cells are not examined (a merged group: twice as many). */
  maxCells?: number;
  /** The relaxed problem holds the fence's backing boxes too (boxes next to a fence box); false: the fence alone. */
  backing?: boolean;
  /** A corral not proven dead alone is examined again merged with the corrals that share its fence boxes. */
  merge?: boolean;
}

/** Counts of a CorralCheck's work, for measurements and tests. */
export interface CorralStats {
  /** Corrals examined (small, a box of the fence off goal, no box of the fence pushable out of it). */
  corrals: number;
  /** Relaxed searches run (the others were answered from the cache). */
  searches: number;
  /** Searches that proved a deadlock. */
  proven: number;
  /** Searches stopped by the cap. */
  capped: number;
  /** Groups of corrals examined merged (after none of their first corral alone was proven). */
  merged: number;
}

/**
 * Corral-deadlock detection on a board. Holds scratch arrays and a cache,
 * so one instance serves a whole search (not reentrant).
 */
export class CorralCheck {
  readonly stats: CorralStats = { corrals: 0, searches: 0, proven: 0, capped: 0, merged: 0 };
  private readonly cache = new Map<number | string, boolean>();
  private readonly freeze: FreezeCheck;
  /** Marks, each compared with a stamp: the player's region, the corrals, a corral's area C ∪ K, the relaxed search's first player region. */
  private readonly reach: Int32Array;
  private readonly corral: Int32Array;
  /** Marks of the cells of a group of corrals being merged. */
  private readonly union: Int32Array;
  private readonly area: Int32Array;
  private readonly homeMark: Int32Array;
  /** The regions of the relaxed search's position being expanded. */
  private readonly regions: FreeRegions;
  private stamp = 0;
  private readonly queue: Int32Array;
  /** The cells of the corral being examined, and its fence. */
  private readonly cellsOf: Int32Array;
  private readonly fence: Int32Array;
  /** The relaxed problem's boxes (1 where a box of the fence stands). */
  private readonly boxAt: Uint8Array;
  /** Offsets of the squares two steps from a square (diagonal, or straight on). */
  private readonly twoAway: Int32Array;

  private readonly cap: number;
  private readonly maxCells: number;
  private readonly backing: boolean;
  private readonly merge: boolean;

  constructor(
    private readonly board: Board,
    private readonly dead: Uint8Array,
    options: CorralOptions = {},
  ) {
    this.cap = options.cap ?? CORRAL_CAP;
    this.maxCells = options.maxCells ?? CORRAL_MAX_CELLS;
    this.backing = options.backing ?? true;
    this.merge = options.merge ?? true;
    const n = board.size;
    this.freeze = new FreezeCheck(board, dead);
    this.reach = new Int32Array(n);
    this.corral = new Int32Array(n);
    this.union = new Int32Array(n);
    this.area = new Int32Array(n);
    this.homeMark = new Int32Array(n);
    this.regions = new FreeRegions(board);
    this.queue = new Int32Array(n);
    this.cellsOf = new Int32Array(n);
    this.fence = new Int32Array(n);
    this.boxAt = new Uint8Array(n);
    const w = board.width;
    this.twoAway = Int32Array.from([-w - 1, -w + 1, w - 1, w + 1, -2 * w, 2 * w, -2, 2]);
  }

  /**
   * True when some corral of the position (boxes where boxAt is non-zero,
   * the player on `player`) is a proven deadlock; false when none is (or
   * none could be proven). boxAt is left as it was.
   */
  deadlocked(boxAt: Uint8Array, player: number): boolean {
    const mark = ++this.stamp;
    const home = this.flood(player, boxAt, this.reach, mark);
    const first = this.stamp + 1;
    const inReach = (q: number): boolean => this.reach[q] === mark;
    for (const p of this.board.cells) if (this.corralAt(p, boxAt, home, inReach, first)) return true;
    return false;
  }

  /**
   * deadlocked() for the corrals next to the box at `box` only, or with
   * backing two squares from it (a fence box's backing), the player's
   * region given by `inReach` (`player` one of its squares).
   * After a push of that box from a position none of whose corrals is a
   * proven deadlock, the others are corrals of that position with the same
   * relaxed problem, or one box fewer (the square the box left is the
   * player's, or was a backing box's), so they need no new test.
   */
  deadlockedNear(boxAt: Uint8Array, player: number, box: number, inReach: (q: number) => boolean): boolean {
    const first = this.stamp + 1;
    const dirs = this.board.dirs;
    for (let d = 0; d < 4; d++) if (this.corralAt(box + dirs[d], boxAt, player, inReach, first)) return true;
    if (!this.backing) return false;
    // the box may back a fence box of a corral two squares away (diagonally, or straight on)
    for (const o of this.twoAway) {
      const q = box + o;
      if (q >= 0 && q < this.board.size && this.corralAt(q, boxAt, player, inReach, first)) return true;
    }
    return false;
  }

  /**
   * Examines the corral of the square `start` when it is one (free floor
   * outside the player's region, not in a corral seen since the stamp
   * `first`): true when it is a proven deadlock.
   */
  private corralAt(start: number, boxAt: Uint8Array, player: number, inReach: (q: number) => boolean, first: number): boolean {
    if (!this.board.floor[start] || boxAt[start] || this.corral[start] >= first || inReach(start)) return false;
    const nC = this.corralCells(start, boxAt, first);
    if (nC < 0) return false;
    if (this.examine(nC, boxAt, player, inReach, false)) return true;
    if (!this.merge) return false;
    // not proven alone: with the corrals next to its fence
    const nU = this.mergeCells(nC, boxAt, inReach);
    if (nU <= nC) return false;
    this.stats.merged++;
    return this.examine(nU, boxAt, player, inReach, true);
  }

  /**
   * Examines the area of the corral cells cellsOf[0..nC): true when its
   * relaxed problem is proven unsolvable (see the module comment). A group
   * of merged corrals is searched without the exit on the player reaching
   * one of its cells (the fence opened): one of its corrals alone was not
   * proven, so the group is the question worth the search's cap.
   */
  private examine(nC: number, boxAt: Uint8Array, player: number, inReach: (q: number) => boolean, merged: boolean): boolean {
    // The area: the corral's cells and its fence (boxes next to it) …
    const area = ++this.stamp;
    for (let i = 0; i < nC; i++) this.area[this.cellsOf[i]] = area;
    const nK = this.addBoxesNext(this.cellsOf, nC, boxAt, area, 0);
    let offGoal = false;
    for (let i = 0; i < nK && !offGoal; i++) offGoal = !this.board.goal[this.fence[i]];
    if (!offGoal) return false;
    // … and its backing (boxes next to the fence's: they hold them in place, so they join the relaxed problem)
    const k = this.backing ? this.addBoxesNext(this.fence, nK, boxAt, area, nK) : nK;
    if (this.leaves(nK, inReach, area)) return false;
    this.stats.corrals++;
    const fence = this.fence.subarray(0, k).sort();
    const key = this.keyOf(fence, player, merged);
    let answer = this.cache.get(key);
    if (answer === undefined) {
      answer = this.search(Int32Array.from(fence), player, merged ? 0 : nC, area);
      if (this.cache.size >= CACHE_LIMIT) this.cache.clear();
      this.cache.set(key, answer);
    }
    return answer;
  }

  /**
   * Appends to the corral cellsOf[0..nC) the corrals next to its fence
   * boxes, and theirs in turn (free cells next to a fence box, outside the
   * player's region: a corral cell's free neighbours are in its corral, so
   * any free cell outside the listed ones is another corral's); returns the
   * new count, or nC when the group would exceed twice maxCells cells.
   */
  private mergeCells(nC: number, boxAt: Uint8Array, inReach: (q: number) => boolean): number {
    const { floor, dirs } = this.board;
    const cells = this.cellsOf;
    const u = ++this.stamp;
    for (let i = 0; i < nC; i++) this.union[cells[i]] = u;
    const limit = 2 * this.maxCells;
    let n = nC;
    for (let i = 0; i < n; i++) {
      for (let d = 0; d < 4; d++) {
        const b = cells[i] + dirs[d];
        if (!boxAt[b]) continue;
        for (let e = 0; e < 4; e++) {
          const q = b + dirs[e];
          // a free cell next to the fence outside the player's region and the group: another corral
          if (!floor[q] || boxAt[q] || this.union[q] === u || inReach(q)) continue;
          if (n === limit) return nC;
          this.union[q] = u;
          cells[n++] = q;
        }
      }
      // a new cell's free neighbours are its corral's
      if (i >= nC) {
        for (let d = 0; d < 4; d++) {
          const q = cells[i] + dirs[d];
          if (!floor[q] || boxAt[q] || this.union[q] === u) continue;
          if (n === limit) return nC;
          this.union[q] = u;
          cells[n++] = q;
        }
      }
    }
    return n;
  }

  /**
   * Appends to `fence`, from index k, the boxes next to the squares
   * sq[0..n) that are not in the area yet (`area[p] === areaStamp`), and
   * marks them in it; returns the new count.
   */
  private addBoxesNext(sq: Int32Array, n: number, boxAt: Uint8Array, areaStamp: number, k: number): number {
    const dirs = this.board.dirs;
    for (let i = 0; i < n; i++) {
      for (let d = 0; d < 4; d++) {
        const q = sq[i] + dirs[d];
        if (boxAt[q] && this.area[q] !== areaStamp) {
          this.area[q] = areaStamp;
          this.fence[k++] = q;
        }
      }
    }
    return k;
  }

  /**
   * Whether the player, from its region now, can push a box of the fence
   * fence[0..k) out of the area (`area[p] === areaStamp`) onto a live cell:
   * the relaxed search would stop at its first position then (its player's
   * region contains this one, and a cell outside the area holds no box
   * there), so the corral is no proven deadlock.
   */
  private leaves(k: number, inReach: (q: number) => boolean, areaStamp: number): boolean {
    const { dirs, floor } = this.board;
    for (let i = 0; i < k; i++) {
      const b = this.fence[i];
      for (let d = 0; d < 4; d++) {
        const to = b + dirs[d];
        if (floor[to] && !this.dead[to] && this.area[to] !== areaStamp && inReach(b - dirs[d])) return true;
      }
    }
    return false;
  }

  /**
   * A cache key of a fence (sorted squares) and a player square: the number
   * with digits player, fence… in base board.size while that stays exact
   * (keys of different lengths never meet: the player's square, a floor
   * cell, is never 0, so a key of k fence boxes lies in [size^k, size^(k+1))),
   * else a string of the squares; negated (or marked) for a merged group,
   * whose search has no exit on the fence opening.
   */
  private keyOf(fence: Int32Array, player: number, merged: boolean): number | string {
    const size = this.board.size;
    let key = player;
    for (const b of fence) {
      if (key > (Number.MAX_SAFE_INTEGER - b) / size) return String.fromCharCode(...fence, player) + (merged ? 'm' : '');
      key = key * size + b;
    }
    return merged ? -key : key;
  }

  /**
   * Breadth-first search of the relaxed problem: the boxes `start` (sorted),
   * the player on `player`, the nC cells of cellsOf whose reaching is an
   * exit (the corral's, or none), its area marked `area[p] === areaStamp`.
   * A position is k box squares (sorted) and the smallest square of the
   * player's region. True when it exhausts
   * the positions without an exit (see the module comment); false on an
   * exit or at the cap.
   */
  private search(start: Int32Array, player: number, nC: number, areaStamp: number): boolean {
    this.stats.searches++;
    const { dirs, floor, goal } = this.board;
    const k = start.length;
    const W = k + 1;
    const boxAt = this.boxAt;
    const regions = this.regions;
    const labels = regions.labels;
    const positions = new Records(W);
    // a box pushed out of the area leaves the relaxed problem (square −1, sorted first)
    const load = (s: Int32Array, off: number, on: number): void => {
      for (let j = 0; j < k; j++) if (s[off + j] >= 0) boxAt[s[off + j]] = on;
    };
    const child = new Int32Array(W);
    child.set(start);
    load(child, 0, 1);
    child[k] = this.flood(player, boxAt, this.homeMark, ++this.stamp);
    load(child, 0, 0);
    positions.add(child);
    for (let i = 0; i < positions.count; i++) {
      const off = i * W;
      const states = positions.words;
      load(states, off, 1);
      // the position's regions: the player's (its label `home`), and each push's by the move (regions.ts)
      regions.build(boxAt);
      const home = labels[states[off + k]];
      let exit = false;
      for (let c = 0; c < nC && !exit; c++) exit = labels[this.cellsOf[c]] === home;
      let onGoal = 0;
      let left = 0;
      for (let j = 0; j < k; j++) {
        const b = states[off + j];
        if (b < 0) continue;
        left++;
        onGoal += goal[b];
      }
      for (let j = 0; j < k && !exit; j++) {
        const b = states[off + j];
        if (b < 0) continue;
        for (let d = 0; d < 4 && !exit; d++) {
          const to = b + dirs[d];
          if (labels[b - dirs[d]] !== home || !floor[to] || boxAt[to] || this.dead[to]) continue;
          const out = this.area[to] !== areaStamp;
          // out of the area: a fence box (the corral opens), or without backing boxes
          if ((out && !this.backing) || onGoal - goal[b] + (out ? 0 : goal[to]) === left - (out ? 1 : 0)) {
            exit = true;
            break;
          }
          boxAt[b] = 0;
          if (!out) boxAt[to] = 1;
          if (out || !this.freeze.frozenAt(boxAt, to)) {
            child.set(states.subarray(off, off + k));
            child[j] = out ? -1 : to;
            child.subarray(0, k).sort();
            child[k] = out ? regions.open(b) : regions.move(b, to, b);
            // a new position past the cap: give up (no deadlock)
            positions.add(child, () => {
              if (positions.count < this.cap) return true;
              this.stats.capped++;
              exit = true;
              return false;
            });
          }
          if (!out) boxAt[to] = 0;
          boxAt[b] = 1;
        }
      }
      load(positions.words, off, 0);
      if (exit) return false;
    }
    this.stats.proven++;
    return true;
  }

  /**
   * Lists in cellsOf the corral of the free square `start` (the free cells
   * connected to it) and marks them in `corral` with a new stamp; returns
   * their number, or -1 when it has more than maxCells cells (the listing
   * is cut short, and a later corral that meets these marks, stamped since
   * `first`, is cut short too: it is the same one).
   */
  private corralCells(start: number, boxAt: Uint8Array, first: number): number {
    const { floor, dirs } = this.board;
    const stamp = ++this.stamp;
    const cells = this.cellsOf;
    const mark = this.corral;
    let n = 0;
    cells[n++] = start;
    mark[start] = stamp;
    for (let i = 0; i < n; i++) {
      for (let d = 0; d < 4; d++) {
        const q = cells[i] + dirs[d];
        if (!floor[q] || boxAt[q] || mark[q] === stamp) continue;
        if (mark[q] >= first || n === this.maxCells) return -1;
        mark[q] = stamp;
        cells[n++] = q;
      }
    }
    return n;
  }

  /** Marks with `stamp` the free cells connected to `from` (boxAt as obstacles); returns the smallest square of the region. */
  private flood(from: number, boxAt: Uint8Array, mark: Int32Array, stamp: number): number {
    return floodRegion(this.board, boxAt, from, mark, stamp, this.queue);
  }
}

/** Counts of a PiCorrals' work, for measurements and tests. */
export interface PiCorralStats {
  /** States whose pushes were restricted to a PI-corral's. */
  restricted: number;
  /** Pushes left out by those restrictions. */
  cut: number;
  /** States found dead: a PI-corral that must be entered, with no push into it (all pushes left out). */
  dead: number;
  /** Restrictions to a group of corrals merged (sharing fence boxes), none of which was a PI-corral with as few pushes alone. */
  merged: number;
}

/**
 * PI-corral pruning of forward push searches (Junghanns & Schaeffer): when
 * the boxes fence in an area the player cannot reach, and the only pushes
 * of its fence that can ever come before the first push of a fence box go
 * into it, and those pushes can all be made now, some solution starts with
 * one of them; so a state may be expanded with those pushes alone.
 *
 * Terms, for a position (boxes, the player's region R with boxes as walls):
 * a *corral* is a connected set of free floor cells outside R; an *area* A
 * is one corral, or several corrals that share fence boxes, merged; its
 * fence K is the boxes next to a cell of A. Every neighbour of a cell of A
 * is a wall, a cell of A or a box of K (a free neighbour would be in the
 * same corral or make the cell reachable). The area is a *PI-corral* when
 *
 * - it must be entered: a box of K is off goal or a cell of A is a goal;
 * - (I) no push of a box b of K in direction d to a cell b + d outside A
 *   can ever be made before some box of K has moved: b + d is a wall, a
 *   dead square, or a box of K, or the player's square b − d is a wall, a
 *   cell of A, or a box of K (any other push counts as possible, even one
 *   blocked now by a box outside K that may move: conservative);
 * - (P) every push of a box of K into A onto a live cell whose player
 *   square b − d is not a wall, a cell of A or a box of K has b − d in R:
 *   the player can make it now.
 *
 * Why it is safe, and keeps the fewest pushes: take any solution from the
 * position. Until the first push p of a box of K, the fence stands, so the
 * player never enters A and no other box does (a box outside K is never
 * next to A: its push to a cell of A would need it there). A box of K must
 * move (off goal), or a box must come onto a goal of A, which only a push
 * of K can do; so p exists. By (I), p goes into A; by (P), the player can
 * reach its square now (the square was reachable when p was made, and is
 * not a wall, a cell of A or a box of K). Make p first, then the pushes
 * before it: they never touch A (their walks and boxes stay out of it) and
 * the square p empties only widens the walks; the boxes end as in the
 * solution and the player in the region of the square p left (it walked to
 * b − d and on to b). Same pushes, same number: the pushes into A are
 * enough, and when there are none the position is dead.
 *
 * Among the PI-corrals (each corral alone, and each group of corrals that
 * share fence boxes, merged), the one with the fewest pushes is used.
 * Pushes with tunnel macros (a push can run past the square p emptied) are
 * not covered: the search turns this off with macros.
 */
export class PiCorrals {
  readonly stats: PiCorralStats = { restricted: 0, cut: 0, dead: 0, merged: 0 };
  /** `seen[p] === stamp`: a free cell outside the region, of corral `compOf[p]`. */
  private readonly seen: Int32Array;
  private readonly compOf: Int32Array;
  /** Marks of the fence of the area being examined, and of a corral's fence while listed. */
  private readonly inK: Int32Array;
  private stamp = 0;
  /** The stamp of `seen` in the current call of restrict. */
  private cstamp = 0;
  /** Corral cells, listed corral after corral (cellStart[c] .. cellStart[c + 1]); fence boxes likewise. */
  private readonly cells: Int32Array;
  private readonly cellStart: Int32Array;
  private readonly fence: Int32Array;
  private readonly fenceStart: Int32Array;
  /** A corral's group (union-find parent) and, by box square, the first corral whose fence holds it. */
  private readonly parent: Int32Array;
  private readonly ownerOf: Int32Array;
  private readonly ownerMark: Int32Array;
  /** The corrals of the area being examined: inArea[c] === areaStamp. */
  private readonly inArea: Int32Array;
  /** 1 for a corral with a fence box the player can push from the region into the region. */
  private readonly bad: Uint8Array;

  constructor(
    private readonly board: Board,
    private readonly dead: Uint8Array,
  ) {
    const n = board.size;
    this.seen = new Int32Array(n);
    this.compOf = new Int32Array(n);
    this.inK = new Int32Array(n);
    this.cells = new Int32Array(n);
    this.cellStart = new Int32Array(n + 1);
    this.fence = new Int32Array(4 * n);
    this.fenceStart = new Int32Array(n + 1);
    this.parent = new Int32Array(n);
    this.ownerOf = new Int32Array(n);
    this.ownerMark = new Int32Array(n);
    this.inArea = new Int32Array(n + 1);
    this.bad = new Uint8Array(n);
  }

  /**
   * The pushes ops[0..k) (operators box·4 + dir, every push the player can
   * make now, pushes onto dead squares left out) of the position with the
   * boxes boxes[0..nBoxes), 1 on their squares in boxAt, and the player's
   * region `reach[p] === mark`, restricted to the pushes into the PI-corral
   * with the fewest (in place); returns their number (k when there is no
   * PI-corral, 0 when the position is dead). Corrals are looked for next to
   * the boxes (a region of floor walled off from every box is no corral: it
   * never changes).
   */
  restrict(boxAt: Uint8Array, boxes: Int32Array, nBoxes: number, reach: Int32Array, mark: number, ops: Int32Array, k: number): number {
    const { floor, dirs } = this.board;
    const { seen, compOf, cells, cellStart, fence, fenceStart, parent, ownerOf, ownerMark } = this;
    const stamp = (this.cstamp = ++this.stamp);
    const { dead, bad } = this;
    // The corrals: components of the free cells outside the region, with
    // their fences, and groups of corrals sharing fence boxes. A corral is
    // `bad` when a box of its fence can be pushed from the region into the
    // region (onto a live cell): no area holding it is a PI-corral (I).
    let nc = 0;
    let nCells = 0;
    let nFence = 0;
    for (let j = 0; j < 4 * nBoxes; j++) {
      const p = boxes[j >> 2] + dirs[j & 3];
      if (!floor[p] || boxAt[p] || reach[p] === mark || seen[p] === stamp) continue;
      const c = nc++;
      parent[c] = c;
      bad[c] = 0;
      cellStart[c] = nCells;
      fenceStart[c] = nFence;
      const own = ++this.stamp;
      seen[p] = stamp;
      compOf[p] = c;
      cells[nCells++] = p;
      for (let i = cellStart[c]; i < nCells; i++) {
        for (let d = 0; d < 4; d++) {
          const q = cells[i] + dirs[d];
          if (!floor[q]) continue;
          if (!boxAt[q]) {
            if (seen[q] !== stamp) {
              seen[q] = stamp;
              compOf[q] = c;
              cells[nCells++] = q;
            }
            continue;
          }
          if (this.inK[q] === own) continue;
          this.inK[q] = own;
          fence[nFence++] = q;
          for (let e = 0; e < 4 && !bad[c]; e++) if (reach[q - dirs[e]] === mark && reach[q + dirs[e]] === mark && !dead[q + dirs[e]]) bad[c] = 1;
          if (ownerMark[q] !== stamp) {
            ownerMark[q] = stamp;
            ownerOf[q] = c;
          } else {
            const a = this.find(ownerOf[q]);
            const b = this.find(c);
            if (a !== b) parent[Math.max(a, b)] = Math.min(a, b);
          }
        }
      }
    }
    if (nc === 0) return k;
    cellStart[nc] = nCells;
    fenceStart[nc] = nFence;
    // Each corral alone, then each group of more than one.
    let best = -1;
    let bestCount = k + 1;
    let bestGroup = false;
    let merged = false;
    for (let c = 0; c < nc; c++) {
      const n = bad[c] ? -1 : this.pushesInto(c, false, nc, reach, mark);
      if (n >= 0 && n < bestCount) {
        best = c;
        bestCount = n;
      }
      if (parent[c] !== c) merged = true;
    }
    // groups: the roots c with another corral under them (a root has the smallest index of its group)
    for (let c = 0; merged && c < nc; c++) {
      if (parent[c] !== c) continue;
      let size = 1;
      let anyBad = bad[c] === 1;
      for (let e = c + 1; e < nc; e++) {
        if (this.find(e) !== c) continue;
        size++;
        if (bad[e]) anyBad = true;
      }
      if (size < 2 || anyBad) continue;
      const n = this.pushesInto(c, true, nc, reach, mark);
      if (n >= 0 && n < bestCount) {
        best = c;
        bestCount = n;
        bestGroup = true;
      }
    }
    if (best < 0 || bestCount >= k) return k;
    // Keep the pushes into the chosen area.
    const area = this.markArea(best, bestGroup, nc);
    let out = 0;
    for (let i = 0; i < k; i++) {
      const to = (ops[i] >> 2) + dirs[ops[i] & 3];
      if (seen[to] === stamp && this.inArea[compOf[to]] === area) ops[out++] = ops[i];
    }
    this.stats.restricted++;
    this.stats.cut += k - out;
    if (out === 0) this.stats.dead++;
    if (bestGroup) this.stats.merged++;
    return out;
  }

  private find(c: number): number {
    const parent = this.parent;
    while (parent[c] !== c) c = parent[c] = parent[parent[c]];
    return c;
  }

  /** Marks the corrals of an area (corral c, or the group with root c) in inArea with a new stamp, returned. */
  private markArea(c: number, group: boolean, nc: number): number {
    const area = ++this.stamp;
    if (!group) this.inArea[c] = area;
    else for (let e = 0; e < nc; e++) if (this.find(e) === c) this.inArea[e] = area;
    return area;
  }

  /** The number of pushes into the area (corral c, or the group with root c) when it is a PI-corral that must be entered, else −1. */
  private pushesInto(c: number, group: boolean, nc: number, reach: Int32Array, mark: number): number {
    const { floor, dirs, goal } = this.board;
    const { seen, compOf, cells, cellStart, fence, fenceStart, inK, inArea, dead } = this;
    const stamp = this.cstamp;
    const area = this.markArea(c, group, nc);
    // inK: K on the fence's boxes, K + 1 once a box's pushes are counted (both "in K": >= K; earlier marks are smaller)
    const K = (this.stamp += 2) - 1;
    let needed = false;
    for (let e = group ? 0 : c; e < (group ? nc : c + 1); e++) {
      if (inArea[e] !== area) continue;
      for (let i = cellStart[e]; i < cellStart[e + 1]; i++) if (goal[cells[i]]) needed = true;
      for (let i = fenceStart[e]; i < fenceStart[e + 1]; i++) {
        inK[fence[i]] = K;
        if (!goal[fence[i]]) needed = true;
      }
    }
    if (!needed) return -1;
    let count = 0;
    for (let e = group ? 0 : c; e < (group ? nc : c + 1); e++) {
      if (inArea[e] !== area) continue;
      for (let i = fenceStart[e]; i < fenceStart[e + 1]; i++) {
        const b = fence[i];
        if (inK[b] !== K) continue; // listed by an earlier corral of the group
        inK[b] = K + 1;
        for (let d = 0; d < 4; d++) {
          const to = b + dirs[d];
          const from = b - dirs[d];
          const blocked = !floor[from] || (seen[from] === stamp && inArea[compOf[from]] === area) || inK[from] >= K;
          if (seen[to] === stamp && inArea[compOf[to]] === area) {
            if (dead[to] || blocked) continue;
            if (reach[from] !== mark) return -1; // (P): a push into the area the player cannot make now
            count++;
          } else if (floor[to] && !dead[to] && inK[to] < K && !blocked) return -1; // (I): a push out of or along the area
        }
      }
    }
    return count;
  }
}
