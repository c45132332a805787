import { describe, expect, it } from 'vitest';
import { StateStore } from '../../src/strips/store.ts';
import { makeSearchSpace } from '../../src/strips/space.ts';
import { makeTask } from '../../src/strips/task.ts';

describe('StateStore', () => {
  it('stores 20,000 distinct states once each and finds them again', () => {
    const s = new StateStore(3, 4);
    const buf = new Uint32Array(3);
    let seed = 12345;
    const rand = (): number => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0);
    const kept: number[][] = [];
    for (let i = 0; i < 20000; i++) {
      const v = [i, rand(), rand()];
      buf.set(v);
      expect(s.insert(buf, 0, i - 1, i % 7)).toBe(i);
      kept.push(v);
    }
    for (let i = 0; i < kept.length; i += 97) {
      buf.set(kept[i]);
      expect(s.find(buf, 0)).toBe(i);
      expect(s.insert(buf, 0, 0, 0)).toBe(-(i + 1));
    }
    buf.set([99999, 1, 2]);
    expect(s.find(buf, 0)).toBe(-1);
    expect(s.size).toBe(20000);
    expect(s.path(3)).toEqual([1, 2, 3]);
  });
});

describe('makeSearchSpace', () => {
  const t = makeTask({
    atoms: ['p', 'q', 'r'],
    init: ['p'],
    goal: ['r'],
    operators: [
      { name: 'a', pre: ['p'], add: ['q'], del: ['p'] },
      { name: 'b', pre: ['q'], add: ['r'], del: [] },
      { name: 'c', pre: [], add: ['p'], del: ['p'] },
      { name: 'd', pre: ['p', 'q'], add: ['r'], del: [] },
    ],
  });
  const sp = makeSearchSpace(t);
  const out = new Int32Array(4);

  it('lists applicable operators in domain order, including those without preconditions', () => {
    const k = sp.applicable(sp.init, 0, out);
    expect(Array.from(out.subarray(0, k))).toEqual([0, 2]);
  });

  it('applies delete then add: an atom both deleted and added stays true', () => {
    const dst = new Uint32Array(1);
    sp.apply(2, sp.init, 0, dst, 0);
    expect(sp.atomsOf(dst, 0)).toEqual([0]);
    sp.apply(0, sp.init, 0, dst, 0);
    expect(sp.atomsOf(dst, 0)).toEqual([1]);
    expect(sp.isGoal(dst, 0)).toBe(false);
    sp.apply(1, dst, 0, dst, 0);
    expect(sp.atomsOf(dst, 0)).toEqual([1, 2]);
    expect(sp.isGoal(dst, 0)).toBe(true);
  });
});

describe('bit 31 of a state word', () => {
  // 40 atoms: a0 … a39; the chain a0 → a31 → a32 crosses the sign bit of word 0.
  const atoms = Array.from({ length: 40 }, (_, i) => `a${i}`);
  const t = makeTask({
    atoms,
    init: ['a0'],
    goal: ['a32'],
    operators: [
      { name: 'to31', pre: ['a0'], add: ['a31'], del: ['a0'] },
      { name: 'to32', pre: ['a31'], add: ['a32'], del: ['a31'] },
    ],
  });
  const sp = makeSearchSpace(t);

  it('is a precondition like any other', () => {
    const s = new Uint32Array(sp.words);
    sp.apply(0, sp.init, 0, s, 0);
    expect(sp.atomsOf(s, 0)).toEqual([31]);
    const out = new Int32Array(2);
    expect(sp.applicable(s, 0, out)).toBe(1);
    expect(out[0]).toBe(1);
  });

  it('is a goal like any other', () => {
    const g = makeSearchSpace({ ...t, goal: [31] });
    const s = new Uint32Array(sp.words);
    sp.apply(0, sp.init, 0, s, 0);
    expect(g.isGoal(s, 0)).toBe(true);
  });
});
