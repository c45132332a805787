import { describe, expect, it } from 'vitest';
import { grow } from '../../src/util/grow.ts';

describe('grow', () => {
  it('returns the array itself when it holds n entries', () => {
    const a = new Int32Array([1, 2, 3]);
    expect(grow(a, 3)).toBe(a);
    expect(grow(a, 0)).toBe(a);
  });

  it('doubles, keeps the values and fills the new entries', () => {
    const a = new Int32Array([7, 8]);
    const b = grow(a, 3, -1);
    expect(b).toBeInstanceOf(Int32Array);
    expect(Array.from(b)).toEqual([7, 8, -1, -1]);
  });

  it('grows to n when n is more than twice the length, and to at least min', () => {
    expect(grow(new Float64Array([0.5]), 5).length).toBe(5);
    expect(grow(new Uint16Array(0), 1, 0, 1024).length).toBe(1024);
  });

  it('keeps the kind of array', () => {
    expect(grow(new Uint16Array([65535]), 2)[0]).toBe(65535);
    expect(grow(new Uint8Array(1), 2)).toBeInstanceOf(Uint8Array);
    expect(grow(new Uint32Array([2 ** 32 - 1]), 2)[0]).toBe(2 ** 32 - 1);
  });
});
