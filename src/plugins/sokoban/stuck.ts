/**
 * Stuck patterns: deadlocks learned from the subtrees a forward search
 * spends its effort in (after Festival's "XY deadlock" searches, Shoham
 * 2020).
 *
 * Removing boxes never makes a position harder (patterns.ts gives the
 * argument), so a position is dead when a part of it is. To find that part
 * the boxes that cannot matter are taken out first:
 *
 * - a *wobbler*: a box the player can push one square and then walk round,
 *   to push it back (it moves to and fro at will);
 * - an *xy-free* box: one the player can push along both axes (up or down,
 *   and left or right, onto floor that is not a dead square).
 *
 * Each removal frees squares, so both are repeated until nothing changes.
 * What stays (the *stuck* boxes) is the question: can pushes, with every
 * box that becomes xy-free on the way removed at once, bring every stuck
 * box onto a goal? A search of at most STUCK_NODE_LIMIT positions answers it;
 * only when it exhausts them without such a position is the state dead
 * (a plan of the whole state, its pushes of removed boxes left out and each
 * box removed the moment it is xy-free, would be a path of this search: a
 * removal only opens squares). The dead set is then shrunk (a box whose
 * removal keeps it dead is left out) and stored with the player's region
 * among its boxes alone: every state that holds those boxes with the
 * player in that region is dead.
 *
 * Boxes frozen among the stuck ones (on goals: a frozen box off goal is
 * a deadlock found before) never move, so only the others count towards
 * STUCK_MAX_BOXES.
 *
 * Which states to ask: a search asks of a state once its subtree has grown
 * to `SUBTREE_ASK` expanded states (the search keeps spending effort below
 * it, which a dead state would waste), see PushSpace.stuckDead; it then
 * drops the state's descendants as they come up, and every state a stored
 * pattern holds in. The searches are bounded overall: at most
 * STUCK_ALLOWANCE + STUCK_SHARE positions per state the main search takes
 * up, so they cost a bounded share of it.
 */
import { type Board, floodRegion } from './board.ts';
import { FreezeCheck } from './deadlocks.ts';

/** A state is examined when this many states below it have been expanded. */
export const SUBTREE_ASK = 64;
/** Stuck boxes at most (more: the question is not asked). */
export const STUCK_MAX_BOXES = 12;
/** Positions one stuck search may store before it gives up (proving nothing). */
export const STUCK_NODE_LIMIT = 500;
/** Positions a search may store when shrinking a proven set (a box whose removal is not proven this soon stays). */
export const STUCK_SHRINK_LIMIT = 100;
/** The searches may store at most STUCK_ALLOWANCE + STUCK_SHARE × (states the main search took up) positions in all. */
export const STUCK_ALLOWANCE = 20_000;
export const STUCK_SHARE = 1;
/** Patterns kept at most (then no more are learned). */
export const STUCK_MAX_PATTERNS = 5000;
/** Answers kept at most (then forgotten all at once). */
const KNOWN_LIMIT = 1 << 18;

/** A learned stuck pattern: its boxes (sorted) and the squares of the player's region among them alone (1 on them). */
export interface StuckPattern {
  readonly boxes: Int32Array;
  readonly region: Uint8Array;
}

/** Counts of the stuck patterns' work, for measurements and tests. */
export interface StuckStats {
  /** States examined (reduced), and those whose stuck boxes were searched. */
  asked: number;
  searched: number;
  /** Searches of the stuck boxes that proved them dead, found them solvable, or ran out of positions. */
  proven: number;
  solved: number;
  limited: number;
  /** Positions the searches stored in all (shrinking included). */
  positions: number;
  /** Patterns stored; states found dead by a stored pattern. */
  patterns: number;
  matched: number;
}

type Outcome = 'dead' | 'solved' | 'limit';

/** The stuck patterns of one forward search on a board (scratch arrays inside: not reentrant). */
export class StuckPatterns {
  readonly stats: StuckStats = { asked: 0, searched: 0, proven: 0, solved: 0, limited: 0, positions: 0, patterns: 0, matched: 0 };
  readonly patterns: StuckPattern[] = [];
  /** Per square, the patterns whose first (smallest) box is there. */
  private readonly byFirst: (StuckPattern[] | undefined)[];
  /** Answers already known, by the stuck boxes and the player's region, with the position limit they were searched with. */
  private readonly known = new Map<string, { out: Outcome; limit: number }>();
  /** States the main search took up (`taken`), for the searches' budget. */
  private takenUp = 0;
  private readonly freeze: FreezeCheck;
  private readonly sub: Uint8Array;
  private readonly mark: Int32Array;
  private readonly mark2: Int32Array;
  private stamp = 0;
  private readonly queue: Int32Array;
  private readonly frozenOut: Int32Array;
  private readonly list: Int32Array;
  /** The smallest square of the player's region after the last killFree. */
  private lastMin = -1;

  constructor(
    private readonly board: Board,
    private readonly dead: Uint8Array,
  ) {
    const n = board.size;
    this.byFirst = new Array<StuckPattern[] | undefined>(n);
    this.freeze = new FreezeCheck(board, dead);
    this.sub = new Uint8Array(n);
    this.mark = new Int32Array(n);
    this.mark2 = new Int32Array(n);
    this.queue = new Int32Array(n);
    this.frozenOut = new Int32Array(board.boxes.length);
    this.list = new Int32Array(board.boxes.length);
  }

  /** Counts a state the main search takes up: the searches' budget grows by STUCK_SHARE positions. */
  taken(): void {
    this.takenUp++;
  }

  /** Whether a stored pattern holds in the state with boxes boxes[0..n) (1 on them in boxAt), the player on `player`. */
  matches(boxAt: Uint8Array, boxes: ArrayLike<number>, n: number, player: number): boolean {
    if (this.patterns.length === 0) return false;
    for (let i = 0; i < n; i++) {
      const list = this.byFirst[boxes[i]];
      if (list === undefined) continue;
      next: for (const p of list) {
        if (!p.region[player]) continue;
        for (let j = 1; j < p.boxes.length; j++) if (!boxAt[p.boxes[j]]) continue next;
        this.stats.matched++;
        return true;
      }
    }
    return false;
  }

  /** Examines the state with boxes boxes[0..n), the player on `player`: true (and a pattern stored) when its stuck boxes are proven dead. */
  examine(boxes: ArrayLike<number>, n: number, player: number): boolean {
    if (this.patterns.length >= STUCK_MAX_PATTERNS || this.stats.positions >= STUCK_ALLOWANCE + STUCK_SHARE * this.takenUp) return false;
    this.stats.asked++;
    const sub = this.sub;
    const list = this.list;
    for (let i = 0; i < n; i++) {
      sub[boxes[i]] = 1;
      list[i] = boxes[i];
    }
    let m = this.removeWobblers(player, list, n);
    m = this.killFree(player, list, m);
    for (let i = 0; i < m; i++) sub[list[i]] = 0;
    let set = list.slice(0, m).sort();
    // boxes frozen among the others never move: they cost the search nothing
    const movable = set.length - this.freeze.frozenSet(set, set.length, this.frozenOut);
    if (movable === 0 || movable > STUCK_MAX_BOXES) return false;
    if (this.allOnGoals(set) || this.ask(set, player, STUCK_NODE_LIMIT) !== 'dead') return false;
    // shrink: leave out boxes while the rest stays dead
    for (let i = 0; i < set.length && set.length > 1; ) {
      const fewer = Int32Array.from(set.filter((_, j) => j !== i));
      if (!this.allOnGoals(fewer) && this.ask(fewer, player, STUCK_SHRINK_LIMIT) === 'dead') set = fewer;
      else i++;
    }
    this.store(set, player);
    return true;
  }

  /** The stored patterns by square names: `boxes… / the smallest square of the region`. */
  describe(): string[] {
    const name = (p: number): string => this.board.name(p);
    return this.patterns.map((p) => `${Array.from(p.boxes, name).join(' ')} / ${name(p.region.indexOf(1))}`);
  }

  private allOnGoals(set: Int32Array): boolean {
    for (const b of set) if (!this.board.goal[b]) return false;
    return true;
  }

  private store(set: Int32Array, player: number): void {
    const sub = this.sub;
    for (const b of set) sub[b] = 1;
    const stamp = ++this.stamp;
    floodRegion(this.board, sub, player, this.mark, stamp, this.queue);
    for (const b of set) sub[b] = 0;
    const region = new Uint8Array(this.board.size);
    for (const p of this.board.cells) if (this.mark[p] === stamp) region[p] = 1;
    const pattern: StuckPattern = { boxes: set, region };
    this.patterns.push(pattern);
    (this.byFirst[set[0]] ??= []).push(pattern);
    this.stats.patterns++;
  }

  /** The answer for the boxes `set` (sorted), the player on `player`: known, or searched. */
  private ask(set: Int32Array, player: number, limit: number): Outcome {
    const sub = this.sub;
    for (const b of set) sub[b] = 1;
    const min = floodRegion(this.board, sub, player, this.mark, ++this.stamp, this.queue);
    for (const b of set) sub[b] = 0;
    const key = String.fromCharCode(...set, min);
    const seen = this.known.get(key);
    // a limited answer holds for a limit as low or lower only
    if (seen !== undefined && (seen.out !== 'limit' || seen.limit >= limit)) return seen.out;
    const out = this.search(set, min, limit);
    if (this.known.size >= KNOWN_LIMIT) this.known.clear();
    this.known.set(key, { out, limit });
    return out;
  }

  /** Whether the player (his region the squares `stamp` marks in `mark`) can push the box on b one square in direction d: floor behind him, floor ahead that is no box and no dead square. */
  private canPush(b: number, d: number, mark: Int32Array, stamp: number): boolean {
    const { dirs, floor } = this.board;
    const to = b + dirs[d];
    return mark[b - dirs[d]] === stamp && floor[to] === 1 && this.sub[to] === 0 && this.dead[to] === 0;
  }

  /**
   * Removes from `sub` and from list[0..n) the boxes the player (on
   * `player`) could push along both axes, until none is left (the list
   * compacted); returns the count left, the smallest square of the player's
   * region in `lastMin`. Floods with `mark2`.
   */
  private killFree(player: number, list: Int32Array, n: number): number {
    const mark = this.mark2;
    for (;;) {
      const reach = ++this.stamp;
      this.lastMin = floodRegion(this.board, this.sub, player, mark, reach, this.queue);
      let m = 0;
      for (let i = 0; i < n; i++) {
        const b = list[i];
        if ((this.canPush(b, 0, mark, reach) || this.canPush(b, 1, mark, reach)) && (this.canPush(b, 2, mark, reach) || this.canPush(b, 3, mark, reach))) this.sub[b] = 0;
        else list[m++] = b;
      }
      if (m === n) return n;
      n = m;
    }
  }

  /** Whether the box on b is a wobbler: the player (region `reach` in `mark`) can push it one square and walk round to push it back. */
  private wobbles(b: number, reach: number): boolean {
    const { dirs, floor } = this.board;
    const sub = this.sub;
    for (let d = 0; d < 4; d++) {
      const a = b + dirs[d];
      const a2 = a + dirs[d];
      if (this.mark[b - dirs[d]] !== reach || !floor[a] || sub[a] || !floor[a2] || sub[a2]) continue;
      // pushed to a, the player on b: can he walk round to a2?
      sub[b] = 0;
      sub[a] = 1;
      const stamp = ++this.stamp;
      floodRegion(this.board, sub, b, this.mark2, stamp, this.queue);
      sub[a] = 0;
      sub[b] = 1;
      if (this.mark2[a2] === stamp) return true;
    }
    return false;
  }

  /**
   * Removes from `sub` and from list[0..n) the wobblers (the player on
   * `player`), until none is left (the list compacted); returns the count
   * left. Removing a box only frees squares, so a wobbler stays one and the
   * boxes left do not depend on the order.
   */
  private removeWobblers(player: number, list: Int32Array, n: number): number {
    for (;;) {
      const reach = ++this.stamp;
      floodRegion(this.board, this.sub, player, this.mark, reach, this.queue);
      let m = 0;
      for (let i = 0; i < n; i++) {
        const b = list[i];
        if (this.wobbles(b, reach)) this.sub[b] = 0;
        else list[m++] = b;
      }
      if (m === n) return n;
      n = m;
    }
  }

  /**
   * Search of the stuck boxes `start` (sorted), the player in the region of
   * `player`: pushes (no dead squares, no freeze deadlock among the boxes
   * left), each position's xy-free boxes removed; 'solved' at a position
   * with every box left on a goal.
   */
  private search(start: Int32Array, player: number, limit: number): Outcome {
    const st = this.stats;
    st.searched++;
    const { dirs, goal } = this.board;
    const sub = this.sub;
    const seen = new Set<string>();
    const queue: Int32Array[] = [];
    const list = new Int32Array(start.length);
    const push = (n: number, p: number): void => {
      const rec = new Int32Array(n + 1);
      rec.set(list.subarray(0, n));
      rec.subarray(0, n).sort();
      rec[n] = p;
      const key = String.fromCharCode(...rec);
      if (seen.has(key)) return;
      seen.add(key);
      queue.push(rec);
      st.positions++;
    };
    list.set(start);
    push(start.length, player);
    let outcome: Outcome = 'dead';
    for (let qi = 0; qi < queue.length && outcome === 'dead'; qi++) {
      if (seen.size > limit) {
        outcome = 'limit';
        break;
      }
      const pos = queue[qi];
      const k = pos.length - 1;
      for (let j = 0; j < k; j++) sub[pos[j]] = 1;
      const reach = ++this.stamp;
      floodRegion(this.board, sub, pos[k], this.mark, reach, this.queue);
      for (let j = 0; j < k && outcome === 'dead'; j++) {
        const b = pos[j];
        for (let d = 0; d < 4; d++) {
          if (!this.canPush(b, d, this.mark, reach)) continue;
          const to = b + dirs[d];
          sub[b] = 0;
          sub[to] = 1;
          if (this.freeze.frozenAt(sub, to)) {
            sub[to] = 0;
            sub[b] = 1;
            continue;
          }
          // the position after the push, its xy-free boxes removed (the player on b)
          list.set(pos.subarray(0, k));
          list[j] = to;
          const n = this.killFree(b, list, k);
          let off = 0;
          for (let i = 0; i < n; i++) {
            off += 1 - goal[list[i]];
            sub[list[i]] = 0;
          }
          for (let i = 0; i < k; i++) sub[pos[i]] = 1;
          if (off === 0) {
            outcome = 'solved';
            break;
          }
          push(n, this.lastMin);
        }
      }
      for (let j = 0; j < k; j++) sub[pos[j]] = 0;
    }
    if (outcome === 'dead') st.proven++;
    else if (outcome === 'solved') st.solved++;
    else st.limited++;
    return outcome;
  }
}
