/**
 * A binary min-heap of (key, id) pairs in typed arrays: 12 bytes an entry,
 * no objects. Keys are doubles, so a strategy can pack a primary and a
 * tie-breaking value into one key (see `packKey`).
 */
import { grow } from './grow.ts';

export class Heap {
  private keys: Float64Array;
  private ids: Int32Array;
  size = 0;

  /** `capacity`: the entries it holds before it grows (doubling). */
  constructor(capacity = 1024) {
    this.keys = new Float64Array(Math.max(capacity, 4));
    this.ids = new Int32Array(Math.max(capacity, 4));
  }

  get bytes(): number {
    return this.keys.byteLength + this.ids.byteLength;
  }

  push(key: number, id: number): void {
    if (this.size === this.ids.length) {
      this.keys = grow(this.keys, this.size + 1);
      this.ids = grow(this.ids, this.size + 1);
    }
    let i = this.size++;
    const keys = this.keys;
    const ids = this.ids;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (keys[p] <= key) break;
      keys[i] = keys[p];
      ids[i] = ids[p];
      i = p;
    }
    keys[i] = key;
    ids[i] = id;
  }

  /** Key of the minimum (undefined when empty). */
  peekKey(): number | undefined {
    return this.size > 0 ? this.keys[0] : undefined;
  }

  /** Removes the minimum and returns its id (-1 when empty); its key is in `lastKey`. */
  lastKey = 0;
  pop(): number {
    if (this.size === 0) return -1;
    const keys = this.keys;
    const ids = this.ids;
    const top = ids[0];
    this.lastKey = keys[0];
    const n = --this.size;
    const key = keys[n];
    const id = ids[n];
    let i = 0;
    for (;;) {
      let c = 2 * i + 1;
      if (c >= n) break;
      if (c + 1 < n && keys[c + 1] < keys[c]) c++;
      if (keys[c] >= key) break;
      keys[i] = keys[c];
      ids[i] = ids[c];
      i = c;
    }
    keys[i] = key;
    ids[i] = id;
    return top;
  }
}

/** Tie-breaking range: secondary values are clamped to [0, 2^22). */
const TIE = 2 ** 22;

/** Primary values from here on leave no room for the tie-breaker in a double's 53 bits. */
const EXACT = 2 ** 31;

/**
 * One heap key from a primary value (f, ≥ 0) and a secondary one that breaks
 * ties (smaller first): exact in a double while the primary is below 2^31.
 * From 2^31 on (costs up to 1,000,000 per operator get there) the key is the
 * primary alone, so keys still order by the primary — a tie-breaker rounded
 * into the next primary's key could put a dearer node first.
 */
export function packKey(primary: number, secondary: number): number {
  if (primary >= EXACT) return primary * TIE;
  return primary * TIE + Math.min(Math.max(secondary, 0), TIE - 1);
}

export function keyPrimary(key: number): number {
  return Math.floor(key / TIE);
}
