/**
 * A Map and a Set without V8's size limit: a single Map or Set holds at most
 * 2^24 entries (16.7 M; one more throws `RangeError: … maximum size
 * exceeded`). These keep up to 2^23 entries per part and add parts as they
 * grow, so grounding a huge level or domain runs into its memory limit, not
 * into a crash. Lookups try the parts in turn: there are few.
 */

const PART = 2 ** 23;

/** A Map of any size; its values must not be undefined. */
export class BigMap<K, V> {
  private readonly parts: Map<K, V>[] = [new Map()];
  private count = 0;

  get size(): number {
    return this.count;
  }

  /** The value of `key` (values are never undefined: undefined means absent). */
  get(key: K): V | undefined {
    const parts = this.parts;
    if (parts.length === 1) return parts[0].get(key);
    for (let i = 0; i < parts.length; i++) {
      const v = parts[i].get(key);
      if (v !== undefined) return v;
    }
    return undefined;
  }

  has(key: K): boolean {
    const parts = this.parts;
    for (let i = 0; i < parts.length; i++) if (parts[i].has(key)) return true;
    return false;
  }

  set(key: K, value: V): this {
    const parts = this.parts;
    for (let i = 0; i < parts.length; i++) {
      if (parts[i].has(key)) {
        parts[i].set(key, value);
        return this;
      }
    }
    let last = parts[parts.length - 1];
    if (last.size >= PART) parts.push((last = new Map()));
    last.set(key, value);
    this.count++;
    return this;
  }
}

export class BigSet<T> {
  private readonly parts: Set<T>[] = [new Set()];
  private count = 0;

  get size(): number {
    return this.count;
  }

  has(value: T): boolean {
    const parts = this.parts;
    if (parts.length === 1) return parts[0].has(value);
    for (let i = 0; i < parts.length; i++) if (parts[i].has(value)) return true;
    return false;
  }

  /** Adds a value; false if it was there already. */
  add(value: T): boolean {
    const parts = this.parts;
    if (parts.length === 1 && parts[0].size < PART) {
      const before = parts[0].size;
      parts[0].add(value);
      if (parts[0].size === before) return false;
      this.count++;
      return true;
    }
    if (this.has(value)) return false;
    let last = this.parts[this.parts.length - 1];
    if (last.size >= PART) this.parts.push((last = new Set()));
    last.add(value);
    this.count++;
    return true;
  }
}
