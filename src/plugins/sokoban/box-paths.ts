/**
 * Fewest pushes of one box to every square, the other boxes standing still:
 * a breadth-first search over (the box's square, the side the player is
 * on), where the player walks freely between pushes around the boxes. The
 * plan improver (improve.ts, its box-route pass) uses it to replace the
 * pushes of a box that wanders between two of its stops by a shortest
 * route.
 */
import type { Board } from './board.ts';
import type { Push } from './push-search.ts';

export class BoxRoutes {
  /** Fewest pushes to bring the box to each square (-1: never). */
  readonly pushes: Int32Array;
  /** Per node (square·4 + side): the node it was reached from (-1: a start node or none). */
  private readonly parent: Int32Array;
  /** Per node: the direction of the push into its square (-1 at the start). */
  private readonly dirIn: Int8Array;
  private readonly dist: Int32Array;
  /** Nodes expanded (the work done). */
  readonly expanded: number;

  /**
   * `boxAt` marks every box (the one to route included, on `from`); the
   * player stands on `player`. `boxAt` is left as it was.
   */
  constructor(
    private readonly board: Board,
    boxAt: Uint8Array,
    from: number,
    player: number,
  ) {
    const { size, floor, dirs } = board;
    const nodes = size * 4;
    this.dist = new Int32Array(nodes).fill(-1);
    this.parent = new Int32Array(nodes).fill(-1);
    this.dirIn = new Int8Array(nodes).fill(-1);
    this.pushes = new Int32Array(size).fill(-1);
    const done = new Uint8Array(nodes);
    const seen = new Int32Array(size);
    const queue = new Int32Array(size);
    const open = new Int32Array(nodes);
    let stamp = 0;
    const was = boxAt[from];
    boxAt[from] = 0;
    /** Marks the player's region from `at` with the box on `box` (seen[] === stamp). */
    const region = (at: number, box: number): void => {
      stamp++;
      seen[at] = stamp;
      let m = 0;
      queue[m++] = at;
      for (let i = 0; i < m; i++) {
        const p = queue[i];
        for (let k = 0; k < 4; k++) {
          const q = p + dirs[k];
          if (floor[q] && !boxAt[q] && q !== box && seen[q] !== stamp) {
            seen[q] = stamp;
            queue[m++] = q;
          }
        }
      }
    };
    let head = 0;
    let tail = 0;
    region(player, from);
    for (let d = 0; d < 4; d++) {
      if (seen[from - dirs[d]] === stamp) {
        this.dist[from * 4 + d] = 0;
        open[tail++] = from * 4 + d;
      }
    }
    if (tail > 0) this.pushes[from] = 0;
    let expanded = 0;
    while (head < tail) {
      const node = open[head++];
      if (done[node]) continue;
      expanded++;
      const s = node >> 2;
      const g = this.dist[node];
      region(s - dirs[node & 3], s);
      // every side of the box the player reaches is the same node
      for (let e = 0; e < 4; e++) {
        if (seen[s - dirs[e]] !== stamp) continue;
        const same = s * 4 + e;
        done[same] = 1;
        if (this.dist[same] < 0) {
          this.dist[same] = g;
          this.parent[same] = this.parent[node];
          this.dirIn[same] = this.dirIn[node];
        }
      }
      for (let e = 0; e < 4; e++) {
        const to = s + dirs[e];
        if (seen[s - dirs[e]] !== stamp || !floor[to] || boxAt[to]) continue;
        const next = to * 4 + e;
        if (this.dist[next] >= 0) continue;
        this.dist[next] = g + 1;
        this.parent[next] = node;
        this.dirIn[next] = e;
        open[tail++] = next;
        if (this.pushes[to] < 0) this.pushes[to] = g + 1;
      }
    }
    boxAt[from] = was;
    this.expanded = expanded;
  }

  /** The pushes of a shortest route to `to` (null when none was found). */
  routeTo(to: number): Push[] | null {
    if (this.pushes[to] < 0) return null;
    let node = -1;
    for (let d = 0; d < 4 && node < 0; d++) if (this.dist[to * 4 + d] === this.pushes[to]) node = to * 4 + d;
    const out: Push[] = [];
    while (node >= 0 && this.dirIn[node] >= 0) {
      const dir = this.dirIn[node];
      out.push({ box: (node >> 2) - this.board.dirs[dir], dir });
      node = this.parent[node];
    }
    return out.reverse();
  }
}
