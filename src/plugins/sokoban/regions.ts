/**
 * The free regions of a position (floor without boxes) and what one box
 * move does to them, without a flood per move.
 *
 * `build` runs one depth-first search over the free squares (Tarjan's cut
 * vertices): each region is labelled, its root is its smallest square (the
 * squares are visited in row-major order), and each square keeps its
 * preorder number, the end of its subtree's numbers, the lowest number one
 * back edge from its subtree reaches, and the smallest square of its
 * subtree. Closing a free square c then splits its region into parts known
 * at once: each child subtree of c that no back edge leaves past c is a
 * part of its own (its smallest square known), the rest of the region is
 * one more part (its smallest square the root, or none when c is the root).
 *
 * A move of the box on `from` to `to` (a push, pull or macro) leaves the
 * player in a part of F − to (F the free squares), or in the parts around
 * `from` joined by it: `move` finds the player's and its smallest square
 * (the push-level search's normal form), `inMoved` tests a square against
 * them, and `splitOnMove` / `joinOnMove` count the regions the move cuts
 * and joins (the feature-space search's connectivity feature).
 */
import type { Board } from './board.ts';

/** Part codes: region label · PARTS + 0 for the rest of a region, 1 + k for the child subtree of the closed square in direction k. */
const PARTS = 8;

/** Labels and preorder numbers are restarted (every array reset) before they could overflow a part code. */
const RESTART = 2 ** 27;

export class FreeRegions {
  /** The region label of each free square of the position built: values from `base` on are its; anything less is no free square of it. */
  private readonly label: Int32Array;
  private base = 1;
  private next = 0;
  /** Preorder number, end of the subtree's numbers (exclusive), lowest number reached by one back edge from the subtree, parent (−1: root), smallest square of the subtree. */
  private readonly disc: Int32Array;
  private readonly end: Int32Array;
  private readonly low: Int32Array;
  private readonly parent: Int32Array;
  private readonly subMin: Int32Array;
  private time = 0;
  /** Each region's root (its smallest square), by label − base. */
  private readonly root: Int32Array;
  private readonly stack: Int32Array;
  /** The regions of the position built. */
  count = 0;
  /** The smallest square of the last part `part` found. */
  private partMin = -1;
  /** The last move: its squares, and the parts of F − to around `from` (the player's region after it). */
  private from = -1;
  private to = -1;
  private readonly moved = new Int32Array(4);
  private nMoved = 0;
  /** The player's part after the last move when it is not joined to `from`, else −1. */
  private standPart = -1;
  /** Scratch for splitOnMove and joinOnMove: the regions around a square. */
  private readonly seen = new Int32Array(4);

  constructor(private readonly board: Board) {
    const n = board.size;
    this.label = new Int32Array(n);
    this.disc = new Int32Array(n);
    this.end = new Int32Array(n);
    this.low = new Int32Array(n);
    this.parent = new Int32Array(n);
    this.subMin = new Int32Array(n);
    this.root = new Int32Array(board.cells.length + 1);
    this.stack = new Int32Array(n);
  }

  /** Labels the free regions of the position (boxes where boxAt is non-zero) and numbers their squares; returns their count. */
  build(boxAt: Uint8Array): number {
    const { floor, dirs, cells } = this.board;
    const { label, disc, end, low, parent, subMin, stack } = this;
    if (this.next > RESTART || this.time > RESTART) {
      label.fill(0);
      this.next = 0;
      this.time = 0;
    }
    const base = (this.base = this.next + 1);
    let t = this.time;
    for (let i = 0; i < cells.length; i++) {
      const c = cells[i];
      if (boxAt[c] || label[c] >= base) continue;
      const l = ++this.next;
      this.root[l - base] = c;
      label[c] = l;
      disc[c] = low[c] = ++t;
      parent[c] = -1;
      subMin[c] = c;
      // depth first from c: v the square being looked at, k its next direction; the stack holds the squares above it (square · 8 + direction to go on with)
      let v = c;
      let k = 0;
      let sp = 0;
      for (;;) {
        let down = false;
        while (k < 4) {
          const q = v + dirs[k++];
          if (!floor[q] || boxAt[q]) continue;
          if (label[q] !== l) {
            label[q] = l;
            disc[q] = low[q] = ++t;
            parent[q] = v;
            subMin[q] = q;
            stack[sp++] = v * 8 + k;
            v = q;
            k = 0;
            down = true;
            break;
          }
          if (disc[q] < low[v] && q !== parent[v]) low[v] = disc[q];
        }
        if (down) continue;
        end[v] = t + 1;
        if (sp === 0) break;
        const top = stack[--sp];
        const p = top >> 3;
        if (low[v] < low[p]) low[p] = low[v];
        if (subMin[v] < subMin[p]) subMin[p] = subMin[v];
        v = p;
        k = top & 7;
      }
    }
    this.time = t;
    return (this.count = this.next - base + 1);
  }

  /** The labels by square: a free square of the position built holds its region's label, any other square less than all of them. */
  get labels(): Int32Array {
    return this.label;
  }

  /** The part of F − cut holding the free square q ≠ cut, for a caller: equal codes, one part (q and cut free squares of the position built). */
  partOf(q: number, cut: number): number {
    return this.part(q, cut);
  }

  /** The part of F − cut holding the free square q ≠ cut (a code: equal codes, one part); its smallest square in partMin. */
  private part(q: number, cut: number): number {
    const { label, disc, end, parent } = this;
    const l = label[q];
    if (l === label[cut]) {
      const dirs = this.board.dirs;
      const dq = disc[q];
      for (let k = 0; k < 4; k++) {
        const c = cut + dirs[k];
        if (label[c] !== l || parent[c] !== cut || dq < disc[c] || dq >= end[c]) continue;
        // q is in the subtree of the child c: a part of its own unless a back edge joins it to cut's ancestors
        if (this.low[c] >= disc[cut]) {
          this.partMin = this.subMin[c];
          return l * PARTS + 1 + k;
        }
        break;
      }
    }
    this.partMin = this.root[l - this.base];
    return l * PARTS;
  }

  /**
   * A move of the box on `from` (a box in the position built) to the free
   * square `to`, the player then on `stand` (free after it): the smallest
   * square of the player's region after the move — the parts of F − to
   * next to `from`, joined by it, if the player's part is one of them (or
   * he stands on `from`), else his part alone. Kept for inMoved,
   * splitOnMove.
   */
  move(from: number, to: number, stand: number): number {
    const dirs = this.board.dirs;
    this.from = from;
    this.to = to;
    let min = from;
    let n = 0;
    for (let k = 0; k < 4; k++) {
      const q = from + dirs[k];
      if (q === to || this.label[q] < this.base) continue;
      this.moved[n++] = this.part(q, to);
      if (this.partMin < min) min = this.partMin;
    }
    this.nMoved = n;
    this.standPart = -1;
    if (stand === from) return min;
    const p = this.part(stand, to);
    if (this.joined(p)) return min;
    this.standPart = p;
    return this.partMin;
  }

  /** The smallest square of the region `from` (a box of the position built) is in once its box is gone (nothing closes). */
  open(from: number): number {
    const dirs = this.board.dirs;
    let min = from;
    for (let k = 0; k < 4; k++) {
      const l = this.label[from + dirs[k]];
      if (l >= this.base && this.root[l - this.base] < min) min = this.root[l - this.base];
    }
    return min;
  }

  /** After `move`: whether q is in the player's region (false for squares not free after the move). */
  inMoved(q: number): boolean {
    if (q === this.from) return this.standPart < 0;
    if (q === this.to || this.label[q] < this.base) return false;
    const p = this.part(q, this.to);
    return this.standPart >= 0 ? p === this.standPart : this.joined(p);
  }

  /** Whether part p is one of the parts the last move joins at `from`. */
  private joined(p: number): boolean {
    for (let i = 0; i < this.nMoved; i++) if (this.moved[i] === p) return true;
    return false;
  }

  /**
   * After `move`: the regions gained when the box closes `to`, `from` open
   * (−1 when `to` was a region alone then, else its open neighbours'
   * regions less 1).
   */
  splitOnMove(): number {
    const dirs = this.board.dirs;
    const { to, seen } = this;
    let n = 0;
    for (let k = 0; k < 4; k++) {
      const q = to + dirs[k];
      // the parts joined at `from` (and `from` itself) are one region
      if (q === this.from) seen[n++] = JOINED;
      else if (this.label[q] >= this.base) {
        const p = this.part(q, to);
        seen[n++] = this.joined(p) ? JOINED : p;
      }
    }
    return distinct(seen, n) - 1;
  }

  /** After `move`: the regions gained when `from` opens, `to` still open: 1 less the distinct regions around it. */
  joinOnMove(): number {
    const dirs = this.board.dirs;
    const seen = this.seen;
    let n = 0;
    for (let k = 0; k < 4; k++) {
      const l = this.label[this.from + dirs[k]];
      if (l >= this.base) seen[n++] = l;
    }
    return 1 - distinct(seen, n);
  }
}

/** The part code standing for the parts a move joins at its `from` (codes are never negative). */
const JOINED = -2;

/** The distinct values among values[0..n). */
function distinct(values: Int32Array, n: number): number {
  let count = 0;
  for (let i = 0; i < n; i++) {
    let j = 0;
    while (j < i && values[j] !== values[i]) j++;
    if (j === i) count++;
  }
  return count;
}
