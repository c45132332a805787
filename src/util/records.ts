/**
 * Fixed-width records of Int32 words in one growing array, each kept once:
 * the positions of a small breadth-first search (the Sokoban plug-in's
 * corral and pattern searches: a few box squares and the player's region),
 * appended in the order found and read back by index as the search's queue.
 */
import { grow } from './grow.ts';

export class Records {
  /** The records, `width` words each; a new array when it grows (read it again after an `add`). */
  words: Int32Array;
  /** The records added. */
  count = 0;
  private readonly seen = new Set<string>();

  constructor(readonly width: number) {
    this.words = new Int32Array(width * 64);
  }

  /** Whether a record equal to `rec` (its first `width` words) was added. */
  has(rec: Int32Array): boolean {
    return this.seen.has(keyOf(rec, this.width));
  }

  /**
   * Adds `rec` (its first `width` words) unless an equal record was added
   * or `admit`, asked only for a record not added before, says no; true
   * when it was added. One key per call.
   */
  add(rec: Int32Array, admit?: () => boolean): boolean {
    const key = keyOf(rec, this.width);
    if (this.seen.has(key) || (admit !== undefined && !admit())) return false;
    this.seen.add(key);
    const w = this.width;
    this.words = grow(this.words, (this.count + 1) * w);
    this.words.set(rec.subarray(0, w), this.count * w);
    this.count++;
    return true;
  }
}

const keyOf = (rec: Int32Array, width: number): string => String.fromCharCode(...rec.subarray(0, width));
