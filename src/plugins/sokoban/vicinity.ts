/**
 * Box layouts hashed, and the vicinity of a plan for the improver's
 * vicinity search (improve.ts): the box layouts that differ from some state
 * of the plan in at most one box, that box anywhere. A search restricted
 * to them (walkSearch's `vicinity`) keeps the plan's own layouts, so it
 * finds a plan at least as good, and may take any box another way or park
 * it elsewhere at any time — the fixes that windows of consecutive pushes,
 * whose end layout is fixed, cannot make. After the vicinity search of
 * YASS's optimiser.
 *
 * A layout is hashed by XOR of per-square random words (Zobrist), two
 * 32-bit words folded into one 53-bit key, so a push, or "the layout
 * without box b", is one XOR away. A collision merges two states or admits
 * a layout the rule would not; the improver replays every plan before it
 * keeps it, so that costs a chance, never a wrong plan.
 */
import { makeRandom } from '../../search/random.ts';

/** 2^21: the high word's shift in a 53-bit key. */
const HIGH = 2097152;

/** Zobrist words of a board's squares: two for a box on a square, two for the player there. */
export class BoxHash {
  readonly a: Int32Array;
  readonly b: Int32Array;
  readonly pa: Int32Array;
  readonly pb: Int32Array;

  constructor(size: number, seed = 1) {
    const rnd = makeRandom(seed);
    const word = (): number => Math.floor(rnd.next() * 4294967296) | 0;
    const words = (): Int32Array => Int32Array.from({ length: size }, word);
    this.a = words();
    this.b = words();
    this.pa = words();
    this.pb = words();
  }

  /** The two words of a layout. */
  words(boxes: ArrayLike<number>): [number, number] {
    let a = 0;
    let b = 0;
    for (let i = 0; i < boxes.length; i++) {
      a ^= this.a[boxes[i]];
      b ^= this.b[boxes[i]];
    }
    return [a, b];
  }

  /** Two words as one number (53 bits). */
  static key(a: number, b: number): number {
    return (a >>> 0) * HIGH + (b >>> 11);
  }
}

export class Vicinity {
  readonly hash: BoxHash;
  /** Keys of the plan's layouts each without one of its boxes. */
  private readonly near = new Set<number>();

  /** `states`: the plan's box layouts (squares of a board of `size` squares). */
  constructor(size: number, states: readonly ArrayLike<number>[]) {
    const h = (this.hash = new BoxHash(size));
    for (const boxes of states) {
      const [a, b] = h.words(boxes);
      for (let i = 0; i < boxes.length; i++) this.near.add(BoxHash.key(a ^ h.a[boxes[i]], b ^ h.b[boxes[i]]));
    }
  }

  /** How many layouts-less-one-box the vicinity is made of. */
  get size(): number {
    return this.near.size;
  }

  /** Whether the layout `boxes`, of words a and b, is within one box of a state of the plan. */
  admits(boxes: ArrayLike<number>, a: number, b: number): boolean {
    const h = this.hash;
    for (let i = 0; i < boxes.length; i++) if (this.near.has(BoxHash.key(a ^ h.a[boxes[i]], b ^ h.b[boxes[i]]))) return true;
    return false;
  }
}
