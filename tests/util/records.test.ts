import { describe, expect, it } from 'vitest';
import { Records } from '../../src/util/records.ts';

describe('Records', () => {
  it('keeps each record once, in the order added, across growth', () => {
    const r = new Records(3);
    const rec = new Int32Array(4); // one word more than the width: ignored
    for (let i = 0; i < 200; i++) {
      rec.set([i, i * 2, -i, 99]);
      expect(r.add(rec)).toBe(true);
    }
    rec.set([5, 10, -5, 7]);
    expect(r.has(rec)).toBe(true);
    expect(r.add(rec)).toBe(false);
    rec.set([5, 10, 5]);
    expect(r.has(rec)).toBe(false);
    expect(r.count).toBe(200);
    expect(Array.from(r.words.subarray(3 * 150, 3 * 151))).toEqual([150, 300, -150]);
    expect(r.words.length).toBeGreaterThanOrEqual(600);
  });

  it('asks admit only for a record not added before, and keeps it only when admit says yes', () => {
    const r = new Records(2);
    const asked: number[] = [];
    const admit = (rec: Int32Array) => () => (asked.push(rec[0]), rec[0] % 2 === 0);
    expect(r.add(Int32Array.of(2, 0), admit(Int32Array.of(2, 0)))).toBe(true);
    expect(r.add(Int32Array.of(2, 0), admit(Int32Array.of(2, 0)))).toBe(false); // seen: admit not asked
    expect(r.add(Int32Array.of(3, 0), admit(Int32Array.of(3, 0)))).toBe(false); // refused: not kept
    expect(r.has(Int32Array.of(3, 0))).toBe(false);
    expect(asked).toEqual([2, 3]);
    expect(r.count).toBe(1);
  });
});
