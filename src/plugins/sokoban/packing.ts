/**
 * Packing order of goal rooms (forward push-level search).
 *
 * A goal room is a 4-connected group of at least two goal squares. Its
 * packing order comes from a retrograde analysis of the full room: with every
 * goal of the room filled, find a goal whose box can be pulled out of the
 * room (to a live square outside it) with the other goals still filled —
 * that goal can be filled last —, take it out, and repeat on the rest. The
 * removals reversed are an order in which the room can be filled so that no
 * filled goal blocks a later one (the rest of the board taken empty).
 *
 * The square a box is pulled out to should be one that the level's boxes
 * outside the room reach without crossing it (`pushedTo`): a pocket
 * behind the room, or another entrance that only the room leads to, is
 * where no box can come from. A step where no goal can be taken out to
 * such a square takes a goal that can be taken out to any live square.
 * When at some step no goal can be taken out even so, the room gets no
 * order (the feature is off for it). Single goals (not in a room) are
 * never ordered.
 *
 * With parking (Festival's; `parking` on): a step where no goal can be
 * taken out to such a square takes a goal whose box can be pulled to a live
 * square outside the room that no box reaches, and leaves the box there
 * (parked: a square filled, in the steps after it, as the goals are); a
 * parked box is taken out, like a goal's, once it can be pulled to a square
 * the boxes reach. Reversed, that is an order of events: a box to a goal
 * or a parking square from outside, or from its parking square to a goal —
 * the box is parked before the goals that would shut its way are filled.
 * Each box goes to the farthest such square (the parked boxes then stand
 * least in the way of the others); when that finds no order, to the
 * nearest; when neither does, the room gets the order without parking.
 *
 * The steps are searched (depth first, going back where no square can be
 * emptied so; `retrogradeSearch`) before they are taken one by one as
 * above: a first choice that looks right can leave later goals without a
 * way out. Only when the search finds no order within its limit does a
 * room get the step-by-step order (with parking: each box to the farthest
 * parking square, then to the nearest; then without parking, a goal taken
 * out to any live square where none can be taken out to a reached one).
 * Whether a box can be pulled somewhere is asked of BoxReach (one
 * depth-first search of the floor less the boxes standing, then a search
 * over the box's square and the player's side, without a flood per state).
 *
 * Uses: `packedCount` (boxes packed in order, a feature) and
 * `allowsPush` (a pruning of the forward search: a box pushed onto a room
 * goal ahead of its turn is not generated unless it can roll on in the same
 * direction). The pruning is a heuristic cut: the order found is one
 * possible order, not proved the only one, so PushSearchConfig.packing is
 * off by default.
 */
import { type Board, floodRegion, goalGroups } from './board.ts';
import { BoxReach } from './box-reach.ts';
import { pushedTo } from './deadlocks.ts';
import { pollSetup } from '../../util/budget.ts';

/** PackingOrder.exitOf's answers: where the box of a goal can be pulled out of its room. */
const EXIT_NONE = 0;
const EXIT_LIVE = 1;
const EXIT_REACHED = 2;
type Exit = typeof EXIT_NONE | typeof EXIT_LIVE | typeof EXIT_REACHED;

/** The retrograde analysis's parking: none, each box to the farthest parking square it can be pulled to, or to the nearest. */
const PARK_NONE = 0;
const PARK_FAR = 1;
const PARK_NEAR = 2;
type Park = typeof PARK_NONE | typeof PARK_FAR | typeof PARK_NEAR;

/**
 * The search for a room's order (retrogradeSearch) gives up after this many
 * tests of a square's way out, and parks a goal's box on one of the
 * SEARCH_SPOTS farthest squares that qualify. Measured on Sasquatch 35,
 * whose room the first choices leave without an order: one spot, no order
 * in 426,277 tests; two, an order in 6,218; three in 13,054; every spot in
 * 127,453.
 */
const SEARCH_TESTS = 20_000;
const SEARCH_SPOTS = 2;

/** A room's order as events, first first: the square a box comes to (a goal or a parking square), and the parking square it comes from (-1: from outside the room). */
export interface RoomEvents {
  readonly square: Int32Array;
  readonly from: Int32Array;
}

export class PackingOrder {
  /** Goal squares of every ordered room, room by room, each room first-to-fill first. */
  readonly order: number[] = [];
  /** The ordered rooms, each a list of goal squares first-to-fill first. */
  readonly rooms: number[][] = [];
  /** Per ordered room, its order as events (with parking, parking squares among them; without, its goals from outside). */
  readonly events: RoomEvents[] = [];
  /** The parking squares of the rooms' events, each once. */
  readonly parking: number[] = [];
  /** Per ordered room: the index of its last event from a parking square (-1: none); after it, an event left undone stays undone. */
  private readonly lastFrom: number[] = [];
  /** `markSettled`'s scratch: the squares filled after the events done. */
  private readonly filledNow: Uint8Array;
  /** Per square: index of its room in `rooms` (-1: not an ordered room goal), and its rank in that room's order. */
  private readonly roomOf: Int32Array;
  private readonly rank: Int32Array;
  /** pullSquares' scratch, kept between calls (the analyses make thousands): its stamps count up across calls. */
  private readonly pull: { boxAt: Uint8Array; mark: Int32Array; queue: Int32Array; onSquare: Int32Array; seen: Set<number>; todo: number[]; stamp: number };
  /** exitOf's one-box search (made on first use), its walls and its target list; parkingSpots' empty room. */
  private boxReach: BoxReach | null = null;
  private readonly wall: Uint8Array;
  private readonly target = new Int32Array(1);
  private readonly emptyBoard: Uint8Array;

  constructor(
    private readonly board: Board,
    private readonly dead: Uint8Array,
    /** Parking squares for the goals no box can be brought to from where the boxes are (see the top of the file). */
    parking = false,
  ) {
    const { size, goal } = board;
    this.filledNow = new Uint8Array(size);
    this.wall = new Uint8Array(size);
    this.emptyBoard = new Uint8Array(size);
    this.pull = { boxAt: new Uint8Array(size), mark: new Int32Array(size), queue: new Int32Array(size), onSquare: new Int32Array(size), seen: new Set(), todo: [], stamp: 0 };
    this.roomOf = new Int32Array(size).fill(-1);
    this.rank = new Int32Array(size).fill(-1);
    for (const group of goalGroups(board)) {
      if (group.length < 2) continue;
      const events = this.retrogradeSearch(group, parking) ?? (parking ? (this.retrograde(group, PARK_FAR) ?? this.retrograde(group, PARK_NEAR)) : null) ?? this.retrograde(group, PARK_NONE);
      if (events === null) continue;
      const order = Array.from(events.square).filter((q) => goal[q]);
      const r = this.rooms.length;
      this.rooms.push(order);
      this.events.push(events);
      for (const q of events.from) if (q >= 0 && !this.parking.includes(q)) this.parking.push(q);
      let last = events.from.length - 1;
      while (last >= 0 && events.from[last] < 0) last--;
      this.lastFrom.push(last);
      order.forEach((g, i) => {
        this.roomOf[g] = r;
        this.rank[g] = i;
      });
      this.order.push(...order);
    }
  }

  /**
   * The room's events first first (see the top of the file), or null when
   * at some step no filled square can be emptied: a goal's box taken out to
   * where the boxes reach, else (with `park`) a parked box taken out so, else
   * a goal's box parked (with `park`) or taken out to any live square
   * (without).
   */
  private retrograde(group: number[], park: Park): RoomEvents | null {
    const inRoom = new Uint8Array(this.board.size);
    for (const g of group) inRoom[g] = 1;
    const filled = new Uint8Array(this.board.size);
    for (const g of group) filled[g] = 1;
    // where a box for the room can come from: squares the boxes outside it reach without crossing it
    const reached = pushedTo(this.board, inRoom);
    const square: number[] = [];
    const from: number[] = [];
    let left = group.slice();
    let parked: number[] = [];
    const empty = (c: number, to: number): void => {
      filled[c] = 0;
      square.push(c);
      from.push(to);
      left = left.filter((q) => q !== c);
      parked = parked.filter((q) => q !== c);
    };
    while (left.length + parked.length > 0) {
      // a box for it comes from where the level's boxes reach; failing that, from any live square (without parking)
      let g = -1;
      let live = -1;
      for (const c of left) {
        const exit = this.exitOf(c, filled, inRoom, reached);
        if (exit === EXIT_REACHED) {
          g = c;
          break;
        }
        if (exit === EXIT_LIVE && live < 0) live = c;
      }
      for (let i = 0; g < 0 && i < parked.length; i++) if (this.exitOf(parked[i], filled, inRoom, reached) === EXIT_REACHED) g = parked[i];
      if (g >= 0) {
        empty(g, -1);
        continue;
      }
      if (park === PARK_NONE) {
        if (live < 0) return null;
        empty(live, -1);
        continue;
      }
      let spot = -1;
      for (const c of left) {
        spot = this.parkingSpots(c, filled, inRoom, reached, park === PARK_FAR, 1)[0] ?? -1;
        if (spot < 0) continue;
        empty(c, spot);
        filled[spot] = 1;
        parked.push(spot);
        break;
      }
      if (spot < 0) return null;
    }
    // emptied last is filled first; a box pulled from c to its parking square p is pushed from p to c
    return { square: Int32Array.from(square.reverse()), from: Int32Array.from(from.reverse()) };
  }

  /**
   * The room's order found by a search rather than by the first choice at
   * each step (`retrograde`, whose steps cannot be undone): a depth-first
   * search over the squares emptied — a goal's or a parked box taken out to
   * a square the boxes reach (EXIT_REACHED), else (with `park`) a goal's
   * box parked on one of the SEARCH_SPOTS farthest squares `parkingSpots`
   * gives —, going back to an earlier step where nothing can be
   * emptied so; the sets of squares still filled that failed are
   * remembered. Its first path is `retrograde`'s with PARK_FAR (with
   * `park`) or PARK_NONE as long as that one finds a way out at each step,
   * so it changes only the rooms where those end in a dead end or fall
   * back on a square no box can come from. Null when there is no such
   * order, or none found within SEARCH_TESTS tests.
   */
  private retrogradeSearch(group: number[], park: boolean): RoomEvents | null {
    const { board, dead } = this;
    const inRoom = new Uint8Array(board.size);
    for (const g of group) inRoom[g] = 1;
    const filled = inRoom.slice();
    const reached = pushedTo(board, inRoom);
    /** Per square: whether a box parked there can be taken on to where the boxes reach, the room empty (parkingSpots' last condition). */
    const parkable = new Map<number, boolean>();
    const failed = new Set<string>();
    const square: number[] = [];
    const from: number[] = [];
    let left = group.slice();
    let parked: number[] = [];
    let tests = 0;
    const spent = (): boolean => {
      pollSetup(() => `packing order: searching the order of a goal room of ${group.length} goals (${tests} tests)`);
      return ++tests > SEARCH_TESTS;
    };
    /** Empties c (its box out, or parked on `spot`), then searches on; undone when that fails. */
    const step = (c: number, spot: number): boolean => {
      const before = { left, parked };
      filled[c] = 0;
      left = left.filter((q) => q !== c);
      parked = parked.filter((q) => q !== c);
      if (spot >= 0) {
        filled[spot] = 1;
        parked = [...parked, spot];
      }
      square.push(c);
      from.push(spot);
      if (search()) return true;
      square.pop();
      from.pop();
      if (spot >= 0) filled[spot] = 0;
      filled[c] = 1;
      ({ left, parked } = before);
      return false;
    };
    const search = (): boolean => {
      if (left.length + parked.length === 0) return true;
      const key = `${left.join(',')}|${parked.slice().sort((a, b) => a - b).join(',')}`;
      if (failed.has(key)) return false;
      for (const c of [...left, ...parked]) {
        if (spent()) return false;
        if (this.exitOf(c, filled, inRoom, reached) === EXIT_REACHED && step(c, -1)) return true;
        if (tests > SEARCH_TESTS) return false;
      }
      for (let i = 0; park && i < left.length; i++) {
        const c = left[i];
        if (spent()) return false;
        for (const q of this.parkingSpots(c, filled, inRoom, reached, true, SEARCH_SPOTS, parkable)) {
          if (step(c, q)) return true;
          if (tests > SEARCH_TESTS) return false;
        }
      }
      failed.add(key);
      return false;
    };
    if (!search()) return null;
    // emptied last is filled first; a box pulled from c to its parking square p is pushed from p to c
    return { square: Int32Array.from(square.reverse()), from: Int32Array.from(from.reverse()) };
  }

  /**
   * The squares the box on `c` can be pulled to, the boxes on `filled`
   * (other than c) staying put, nearest first.
   */
  private pullSquares(c: number, filled: Uint8Array): number[] {
    const { board, pull } = this;
    const { size, floor, dirs } = board;
    const { boxAt, mark, queue, seen, todo, onSquare } = pull;
    boxAt.set(filled);
    boxAt[c] = 0;
    if (pull.stamp > 2 ** 30) {
      mark.fill(0);
      onSquare.fill(0);
      pull.stamp = 0;
    }
    const call = ++pull.stamp;
    // states: box square × normalised player region
    seen.clear();
    todo.length = 0;
    const squares: number[] = [];
    const add = (box: number, player: number): void => {
      boxAt[box] = 1;
      const norm = floodRegion(board, boxAt, player, mark, ++pull.stamp, queue);
      boxAt[box] = 0;
      const key = box * size + norm;
      if (!seen.has(key)) {
        seen.add(key);
        todo.push(box, norm);
      }
    };
    for (let k = 0; k < 4; k++) {
      const p = c + dirs[k];
      if (floor[p] && !boxAt[p]) add(c, p);
    }
    for (let i = 0; i < todo.length; i += 2) {
      const box = todo[i];
      if (onSquare[box] !== call) {
        onSquare[box] = call;
        squares.push(box);
      }
      boxAt[box] = 1;
      floodRegion(board, boxAt, todo[i + 1], mark, ++pull.stamp, queue);
      const reach = pull.stamp;
      let pulls = 0;
      for (let k = 0; k < 4; k++) {
        const d = dirs[k];
        // pull: the player on box + d steps to box + 2d, the box follows to box + d
        if (mark[box + d] === reach && floor[box + 2 * d] && !boxAt[box + 2 * d]) pulls |= 1 << k;
      }
      boxAt[box] = 0;
      for (let k = 0; k < 4; k++) if (pulls & (1 << k)) add(box + dirs[k], box + 2 * dirs[k]);
    }
    return squares;
  }

  /**
   * Where the box on goal `g` can be parked: the squares outside the room,
   * live, off the goals and free, that it can be pulled to (then a box
   * pushed from there reaches g) and from which, the room empty, a box can
   * be pulled on to a square the boxes reach (so it can be brought there);
   * the `limit` farthest (`far`; else the nearest) first. `parkable`, when
   * given, keeps the last condition per square (it depends only on the
   * room).
   */
  private parkingSpots(g: number, filled: Uint8Array, inRoom: Uint8Array, reached: Uint8Array, far: boolean, limit: number, parkable?: Map<number, boolean>): number[] {
    const { dead, board } = this;
    const squares = this.pullSquares(g, filled);
    // the room empty and no other box: the box alone
    const empty = this.emptyBoard;
    const spots: number[] = [];
    for (let j = 0; j < squares.length && spots.length < limit; j++) {
      const q = squares[far ? squares.length - 1 - j : j];
      if (inRoom[q] || dead[q] || board.goal[q] || filled[q]) continue;
      let ok = parkable?.get(q);
      if (ok === undefined) {
        ok = this.exitOf(q, empty, inRoom, reached) === EXIT_REACHED;
        parkable?.set(q, ok);
      }
      if (ok) spots.push(q);
    }
    return spots;
  }

  /**
   * Where the box on `g` can be pulled, the boxes on `filled` (other than
   * g) staying put: to a live square outside the room that boxes reach
   * (`reached`), EXIT_REACHED; else to some live square outside the room,
   * EXIT_LIVE; else EXIT_NONE. From such a square a box can be pushed onto
   * g with those goals filled.
   */
  private exitOf(g: number, filled: Uint8Array, inRoom: Uint8Array, reached: Uint8Array): Exit {
    const { dead, board } = this;
    const { floor, dirs } = board;
    // no pull at all (no side of g with a free square beyond it): the box stays on g
    let pullable = false;
    let side = false;
    for (let k = 0; k < 4 && !pullable; k++) {
      const p = g + dirs[k];
      const free = floor[p] === 1 && !filled[p];
      side ||= free;
      pullable = free && floor[p + dirs[k]] === 1 && !filled[p + dirs[k]];
    }
    if (!pullable) return side && !inRoom[g] && !dead[g] ? (reached[g] ? EXIT_REACHED : EXIT_LIVE) : EXIT_NONE;
    // the states (square, the player's side) from which the box can be pushed onto g: the squares it can be pulled to
    const wall = this.wall;
    wall.set(filled);
    wall[g] = 0;
    const reach = (this.boxReach ??= new BoxReach(board));
    reach.prepare(wall);
    this.target[0] = g;
    const count = reach.pullFrom(this.target, 1);
    let live = false;
    for (let i = 0; i < count; i++) {
      const b = reach.states[i] >> 2;
      if (inRoom[b] || dead[b]) continue;
      if (reached[b]) return EXIT_REACHED;
      live = true;
    }
    return live ? EXIT_LIVE : EXIT_NONE;
  }

  /** Boxes packed in order: per ordered room, the events done (`stepsDone`); summed. */
  packedCount(boxAt: Uint8Array): number {
    let n = 0;
    for (let r = 0; r < this.rooms.length; r++) n += this.stepsDone(r, boxAt);
    return n;
  }

  /**
   * The events of room `r` done in the state with boxes on `boxAt`: the
   * most events after which every square filled has a box. Without parking,
   * the longest prefix of the room's order with boxes on it.
   */
  stepsDone(r: number, boxAt: Uint8Array): number {
    const { square, from } = this.events[r];
    const last = this.lastFrom[r];
    let done = 0;
    let missing = 0;
    for (let k = 0; k < square.length; k++) {
      if (!boxAt[square[k]]) missing++;
      const f = from[k];
      if (f >= 0 && !boxAt[f]) missing--;
      if (missing === 0) done = k + 1;
      // no box is taken from a parking square later: the squares missing stay missing
      else if (k >= last) break;
    }
    return done;
  }

  /**
   * Marks (mark[q] = stamp) the squares filled after the events of room `r`
   * done in this state, but the parking square the next event takes its box
   * from: the boxes that stay.
   */
  markSettled(r: number, boxAt: Uint8Array, mark: Int32Array, stamp: number): void {
    const { square, from } = this.events[r];
    const done = this.stepsDone(r, boxAt);
    const now = this.filledNow;
    for (let k = 0; k < done; k++) {
      now[square[k]] = 1;
      if (from[k] >= 0) now[from[k]] = 0;
    }
    const next = done < from.length ? from[done] : -1;
    for (let k = 0; k < done; k++) {
      const q = square[k];
      if (now[q] && q !== next) mark[q] = stamp;
      now[q] = 0;
    }
  }

  /** The square the next event of room `r` fills, in the state with boxes on `boxAt`, or -1 when the room is done. */
  nextSquare(r: number, boxAt: Uint8Array): number {
    const done = this.stepsDone(r, boxAt);
    return done < this.events[r].square.length ? this.events[r].square[done] : -1;
  }

  /** Whether every goal before `goal` in its room's order has a box (true for a goal of no ordered room). */
  allowsPushOnto(goal: number, boxAt: Uint8Array): boolean {
    const r = this.roomOf[goal];
    if (r < 0) return true;
    const room = this.rooms[r];
    for (let i = 0; i < this.rank[goal]; i++) if (!boxAt[room[i]]) return false;
    return true;
  }

  /**
   * The forward pruning: whether the push of the box on `box` in direction
   * `dir` (index into Board.dirs; boxAt holds the state before the push) is
   * allowed. A push onto a room goal ahead of its turn (the box's own square
   * not counting as filled) is refused unless the box could go on in the
   * same direction (a free, live square beyond), so boxes may still cross
   * the room on their way to deeper goals.
   */
  allowsPush(box: number, dir: number, boxAt: Uint8Array): boolean {
    const d = this.board.dirs[dir];
    const to = box + d;
    if (this.roomOf[to] < 0) return true;
    boxAt[box] = 0;
    const ok = this.allowsPushOnto(to, boxAt);
    boxAt[box] = 1;
    if (ok) return true;
    const next = to + d;
    return this.board.floor[next] === 1 && !boxAt[next] && !this.dead[next];
  }
}
