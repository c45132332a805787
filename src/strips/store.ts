/**
 * A hash set of packed states with integer ids (0, 1, 2, … in order of
 * insertion), parent pointers and the operator that led to each state.
 * States live in one growing Uint32Array (grown by half when full); the
 * table is open addressing over ids with linear probing, at most half full.
 * Hashes are not stored (4 bytes a state saved): a probe compares the
 * state's words, and growing the table rehashes the stored states.
 * No strings, no objects per state. Shortly before it grows, a store asks
 * whether the growth fits under the search's memory ceiling (reserve.ts).
 */
import { wouldExceedCeiling } from '../util/reserve.ts';

/** 32-bit hash of `words` words (multiply-rotate per word, murmur3 finaliser). */
export function hashState(s: Uint32Array, off: number, words: number): number {
  let h = 0x9e3779b9 ^ words;
  for (let i = 0; i < words; i++) {
    let k = Math.imul(s[off + i], 0xcc9e2d51);
    k = (k << 15) | (k >>> 17);
    h ^= Math.imul(k, 0x1b873593);
    h = (h << 13) | (h >>> 19);
    h = (Math.imul(h, 5) + 0xe6546b64) | 0;
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h | 0;
}

export class StateStore {
  readonly words: number;
  /** Number of stored states. */
  size = 0;
  /** Packed states; state i at offset i * words. */
  data: Uint32Array;
  /** Parent id per state (-1 for a root). */
  parent: Int32Array;
  /** Operator id that generated each state (-1 for a root). */
  op: Int32Array;
  private table: Int32Array; // id + 1, 0 = empty
  private mask: number;
  /** Size at which the next growth is looked ahead (see reserve.ts). */
  private lookAheadAt: number;

  constructor(words: number, capacity = 1024) {
    this.words = words;
    const cap = Math.max(16, capacity);
    this.data = new Uint32Array(cap * words);
    this.parent = new Int32Array(cap);
    this.op = new Int32Array(cap);
    let t = 16;
    while (t < cap * 2) t *= 2;
    this.table = new Int32Array(t);
    this.mask = t - 1;
    this.lookAheadAt = this.lookAheadSize();
  }

  /** Bytes held by the store's arrays (the memory cost of the stored states). */
  get bytes(): number {
    return this.data.byteLength + this.parent.byteLength + this.op.byteLength + this.table.byteLength;
  }

  /** Bytes per stored state at the current size, counting all arrays. */
  get bytesPerState(): number {
    return this.size === 0 ? 0 : this.bytes / this.size;
  }

  /** Id of the state if stored, else -1. */
  find(s: Uint32Array, off: number): number {
    const h = hashState(s, off, this.words);
    for (let i = h & this.mask; ; i = (i + 1) & this.mask) {
      const e = this.table[i];
      if (e === 0) return -1;
      if (this.equals(e - 1, s, off)) return e - 1;
    }
  }

  /**
   * Stores the state unless present. Returns its id when new; when the
   * state was stored already returns -(id + 1).
   */
  insert(s: Uint32Array, off: number, parent: number, op: number): number {
    const h = hashState(s, off, this.words);
    let i = h & this.mask;
    for (; ; i = (i + 1) & this.mask) {
      const e = this.table[i];
      if (e === 0) break;
      if (this.equals(e - 1, s, off)) return -e;
    }
    const id = this.size;
    if (id === this.parent.length) this.growArrays();
    const w = this.words;
    this.data.set(s.subarray(off, off + w), id * w);
    this.parent[id] = parent;
    this.op[id] = op;
    this.table[i] = id + 1;
    this.size++;
    if (this.size * 2 > this.table.length) this.growTable();
    if (this.size >= this.lookAheadAt) this.lookAhead();
    return id;
  }

  /** 90% of the capacity: from there on, the next growth is looked ahead (the rest absorbs the states added before the search stops). */
  private lookAheadSize(): number {
    return Math.floor(this.parent.length * 0.9);
  }

  /** Raises the memory pressure flag when the next growth (arrays by half, table doubled) would pass the ceiling. */
  private lookAhead(): void {
    this.lookAheadAt = Infinity; // once per growth
    const cap = Math.ceil(this.parent.length * 1.5);
    let bytes = cap * (this.words * 4 + 8);
    if (cap * 2 > this.table.length) bytes += this.table.length * 8;
    wouldExceedCeiling(bytes);
  }

  /** Operator ids from the root to the state. */
  path(id: number): number[] {
    const ops: number[] = [];
    for (let i = id; this.parent[i] >= 0; i = this.parent[i]) ops.push(this.op[i]);
    return ops.reverse();
  }

  private equals(id: number, s: Uint32Array, off: number): boolean {
    const w = this.words;
    const base = id * w;
    for (let k = 0; k < w; k++) if (this.data[base + k] !== s[off + k]) return false;
    return true;
  }

  private growArrays(): void {
    const cap = Math.ceil(this.parent.length * 1.5);
    const grow = <T extends Int32Array | Uint32Array>(a: T, n: number): T => {
      const b = new (a.constructor as new (n: number) => T)(n);
      b.set(a);
      return b;
    };
    this.data = grow(this.data, cap * this.words);
    this.parent = grow(this.parent, cap);
    this.op = grow(this.op, cap);
    this.lookAheadAt = this.lookAheadSize();
  }

  private growTable(): void {
    const t = new Int32Array(this.table.length * 2);
    const mask = t.length - 1;
    const w = this.words;
    for (let id = 0; id < this.size; id++) {
      let i = hashState(this.data, id * w, w) & mask;
      while (t[i] !== 0) i = (i + 1) & mask;
      t[i] = id + 1;
    }
    this.table = t;
    this.mask = mask;
  }
}

/** What breadthFirstStates needs of a search space (src/strips/space.ts SearchSpace has it). */
interface Expandable {
  readonly words: number;
  readonly numOps: number;
  readonly init: Uint32Array;
  applicable(s: Uint32Array, off: number, out: Int32Array): number;
  apply(op: number, s: Uint32Array, off: number, dst: Uint32Array, dstOff: number): void;
}

/** The first `max` states of a breadth-first exploration from the space's first initial state, in the order found (benchmarks and tests of heuristics). */
export function breadthFirstStates(space: Expandable, max: number): StateStore {
  const W = space.words;
  const store = new StateStore(W);
  const ops = new Int32Array(Math.max(1, space.numOps));
  const child = new Uint32Array(W);
  store.insert(space.init, 0, -1, -1);
  for (let id = 0; id < store.size && store.size < max; id++) {
    const k = space.applicable(store.data, id * W, ops);
    for (let i = 0; i < k && store.size < max; i++) {
      space.apply(ops[i], store.data, id * W, child, 0);
      store.insert(child, 0, id, ops[i]);
    }
  }
  return store;
}
