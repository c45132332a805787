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
 * Uses: `packedCount` (boxes packed in order, a feature) and
 * `allowsPush` (a pruning of the forward search: a box pushed onto a room
 * goal ahead of its turn is not generated unless it can roll on in the same
 * direction). The pruning is a heuristic cut: the order found is one
 * possible order, not proved the only one, so PushSearchConfig.packing is
 * off by default.
 */
import { type Board, floodRegion } from './board.ts';
import { pushedTo } from './deadlocks.ts';

/** PackingOrder.exitOf's answers: where the box of a goal can be pulled out of its room. */
const EXIT_NONE = 0;
const EXIT_LIVE = 1;
const EXIT_REACHED = 2;
type Exit = typeof EXIT_NONE | typeof EXIT_LIVE | typeof EXIT_REACHED;

export class PackingOrder {
  /** Goal squares of every ordered room, room by room, each room first-to-fill first. */
  readonly order: number[] = [];
  /** The ordered rooms, each a list of goal squares first-to-fill first. */
  readonly rooms: number[][] = [];
  /** Per square: index of its room in `rooms` (-1: not an ordered room goal), and its rank in that room's order. */
  private readonly roomOf: Int32Array;
  private readonly rank: Int32Array;

  constructor(
    private readonly board: Board,
    private readonly dead: Uint8Array,
  ) {
    const { size, goal, dirs, goals } = board;
    this.roomOf = new Int32Array(size).fill(-1);
    this.rank = new Int32Array(size).fill(-1);
    const comp = new Int32Array(size).fill(-1);
    const groups: number[][] = [];
    for (const g of goals) {
      if (comp[g] >= 0) continue;
      const group = [g];
      comp[g] = groups.length;
      for (let i = 0; i < group.length; i++) {
        for (let k = 0; k < 4; k++) {
          const q = group[i] + dirs[k];
          if (goal[q] && comp[q] < 0) {
            comp[q] = groups.length;
            group.push(q);
          }
        }
      }
      group.sort((a, b) => a - b);
      groups.push(group);
    }
    for (const group of groups) {
      if (group.length < 2) continue;
      const order = this.retrograde(group);
      if (order === null) continue;
      const r = this.rooms.length;
      this.rooms.push(order);
      order.forEach((g, i) => {
        this.roomOf[g] = r;
        this.rank[g] = i;
      });
      this.order.push(...order);
    }
  }

  /** The room's goals first-to-fill first, or null when no goal of some filled subset can be filled last. */
  private retrograde(group: number[]): number[] | null {
    const inRoom = new Uint8Array(this.board.size);
    for (const g of group) inRoom[g] = 1;
    const filled = new Uint8Array(this.board.size);
    for (const g of group) filled[g] = 1;
    // where a box for the room can come from: squares the boxes outside it reach without crossing it
    const reached = pushedTo(this.board, inRoom);
    const removed: number[] = [];
    let left = group.slice();
    while (left.length > 0) {
      // a box for it comes from where the level's boxes reach; failing that, from any live square
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
      if (g < 0) g = live;
      if (g < 0) return null;
      filled[g] = 0;
      removed.push(g);
      left = left.filter((c) => c !== g);
    }
    return removed.reverse();
  }

  /**
   * Where the box on `g` can be pulled, the boxes on `filled` (other than
   * g) staying put: to a live square outside the room that boxes reach
   * (`reached`), EXIT_REACHED; else to some live square outside the room,
   * EXIT_LIVE; else EXIT_NONE. From such a square a box can be pushed onto
   * g with those goals filled.
   */
  private exitOf(g: number, filled: Uint8Array, inRoom: Uint8Array, reached: Uint8Array): Exit {
    const { board, dead } = this;
    const { size, floor, dirs } = board;
    const boxAt = filled.slice();
    boxAt[g] = 0;
    const mark = new Int32Array(size);
    const queue = new Int32Array(size);
    let stamp = 0;
    // states: box square × normalised player region
    const seen = new Set<number>();
    const todo: number[] = [];
    const add = (box: number, player: number): void => {
      boxAt[box] = 1;
      const norm = floodRegion(board, boxAt, player, mark, ++stamp, queue);
      boxAt[box] = 0;
      const key = box * size + norm;
      if (!seen.has(key)) {
        seen.add(key);
        todo.push(box, norm);
      }
    };
    for (let k = 0; k < 4; k++) {
      const p = g + dirs[k];
      if (floor[p] && !boxAt[p]) add(g, p);
    }
    let exit: Exit = EXIT_NONE;
    for (let i = 0; i < todo.length; i += 2) {
      const box = todo[i];
      if (!inRoom[box] && !dead[box]) {
        if (reached[box]) return EXIT_REACHED;
        exit = EXIT_LIVE;
      }
      boxAt[box] = 1;
      floodRegion(board, boxAt, todo[i + 1], mark, ++stamp, queue);
      const reach = stamp;
      const pulls: number[] = [];
      for (let k = 0; k < 4; k++) {
        const d = dirs[k];
        // pull: the player on box + d steps to box + 2d, the box follows to box + d
        if (mark[box + d] === reach && floor[box + 2 * d] && !boxAt[box + 2 * d]) pulls.push(box + d, box + 2 * d);
      }
      boxAt[box] = 0;
      for (let j = 0; j < pulls.length; j += 2) add(pulls[j], pulls[j + 1]);
    }
    return exit;
  }

  /** Boxes packed in order: per ordered room, the longest prefix of its order with boxes on it; summed. */
  packedCount(boxAt: Uint8Array): number {
    let n = 0;
    for (const room of this.rooms) {
      let i = 0;
      while (i < room.length && boxAt[room[i]]) i++;
      n += i;
    }
    return n;
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
