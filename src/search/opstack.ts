/**
 * The explicit stack of depth-first strategies: for every depth on the
 * current path, the applicable operators of its node and the next one to
 * try. Lists of all open depths live in one growing Int32Array.
 */
import type { SearchSpace } from '../strips/space.ts';
import { grow } from '../util/grow.ts';

export class OpStack {
  private ops: Int32Array = new Int32Array(1024);
  private base: Int32Array = new Int32Array(64);
  private count: Int32Array = new Int32Array(64);
  private next: Int32Array = new Int32Array(64);
  private readonly tmp: Int32Array;

  constructor(private readonly space: SearchSpace) {
    this.tmp = new Int32Array(Math.max(1, space.numOps));
  }

  /** Lists the operators applicable in the state as those of `depth` (dropping deeper lists). */
  fill(depth: number, s: Uint32Array, off: number): void {
    const k = this.space.applicable(s, off, this.tmp);
    this.base = grow(this.base, depth + 1);
    this.count = grow(this.count, depth + 1);
    this.next = grow(this.next, depth + 1);
    const start = depth === 0 ? 0 : this.base[depth - 1] + this.count[depth - 1];
    this.ops = grow(this.ops, start + k);
    this.ops.set(this.tmp.subarray(0, k), start);
    this.base[depth] = start;
    this.count[depth] = k;
    this.next[depth] = 0;
  }

  /** The next operator to try at `depth`, or -1 when all were tried. */
  pop(depth: number): number {
    return this.next[depth] < this.count[depth] ? this.ops[this.base[depth] + this.next[depth]++] : -1;
  }
}
