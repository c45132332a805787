/**
 * The incremental matching estimate (hungarian.ts repair/withRow,
 * BoxEstimator.estimateMoved, PushSearchConfig.incrementalMatching): the
 * value after one row (one box) changed equals a full solve, Infinity
 * entries and rows without a finite entry included; push searches expand
 * the same states with and without it.
 */
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { Board } from '../../../src/plugins/sokoban/board.ts';
import { deadSquares } from '../../../src/plugins/sokoban/deadlocks.ts';
import { BoxEstimator } from '../../../src/plugins/sokoban/estimates.ts';
import { Hungarian } from '../../../src/plugins/sokoban/hungarian.ts';
import { pushSearch, type PushSearchConfig } from '../../../src/plugins/sokoban/push-search.ts';
import { readLevel } from '../../../src/sokoban/level.ts';
import { defaultSearchOptions } from '../../../src/search/types.ts';

/** A seeded generator (linear congruential), values in [0, 1). */
function random(seed: number): () => number {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
}

/** A random cost: 0..maxCost, or Infinity with probability pInf. */
function cost(rnd: () => number, maxCost: number, pInf: number): number {
  return rnd() < pInf ? Infinity : Math.floor(rnd() * (maxCost + 1));
}

describe('Hungarian: one row changed, re-optimised from the kept state', () => {
  const cases = [
    { seed: 1, n: 6, pInf: 0 },
    { seed: 2, n: 9, pInf: 0.3 },
    { seed: 3, n: 12, pInf: 0.6 },
    { seed: 4, n: 20, pInf: 0.15 },
    { seed: 5, n: 4, pInf: 0.8 },
  ];
  for (const { seed, n, pInf } of cases) {
    it(`withRow and repair equal a full solve (n = ${n}, ${pInf * 100}% forbidden pairs, seed ${seed})`, () => {
      const rnd = random(seed);
      const base = new Hungarian();
      const full = new Hungarian();
      const m = Array.from({ length: n * n }, () => cost(rnd, 30, pInf));
      // a row without a finite entry, now and then, in the parent too
      if (seed % 2 === 1) m.fill(Infinity, 0, n);
      base.solve(n, m);
      let infinite = 0;
      let finite = 0;
      for (let t = 0; t < 200; t++) {
        const r = Math.floor(rnd() * n);
        const row = rnd() < 0.1 ? new Array<number>(n).fill(Infinity) : Array.from({ length: n }, () => cost(rnd, 30, pInf));
        const child = m.slice();
        child.splice(r * n, n, ...row);
        const want = full.solve(n, child);
        expect(base.withRow(n, m, r, row)).toBe(want);
        if (want === Infinity) infinite++;
        else finite++;
        // every fourth change becomes the new parent (repair keeps the state)
        if (t % 4 === 3) {
          m.splice(r * n, n, ...row);
          expect(base.repair(n, m, [r], 1)).toBe(want);
        }
      }
      // both answers occur in every case (a tenth of the new rows have no finite entry)
      expect(finite + infinite).toBe(200);
      expect(finite).toBeGreaterThan(0);
      expect(infinite).toBeGreaterThan(0);
    });
  }

  it('repair of several rows at once equals a full solve', () => {
    const rnd = random(11);
    const n = 15;
    const h = new Hungarian();
    const m = Array.from({ length: n * n }, () => cost(rnd, 50, 0.2));
    h.solve(n, m);
    for (let t = 0; t < 100; t++) {
      const k = 1 + Math.floor(rnd() * 5);
      const rows = new Set<number>();
      while (rows.size < k) rows.add(Math.floor(rnd() * n));
      for (const r of rows) for (let j = 0; j < n; j++) m[r * n + j] = cost(rnd, 50, 0.2);
      expect(h.repair(n, m, [...rows], rows.size)).toBe(new Hungarian().solve(n, m));
    }
  });

  it('hand-checked: moving the forbidden row back makes a matching possible', () => {
    const h = new Hungarian();
    const m = [1, Infinity, 1, Infinity];
    expect(h.solve(2, m)).toBe(Infinity);
    expect(h.withRow(2, m, 1, [5, 2])).toBe(3);
    expect(h.withRow(2, m, 0, [Infinity, Infinity])).toBe(Infinity);
    expect(h.withRow(2, m, 0, [3, 4])).toBe(5);
  });
});

const MICROBAN = readFileSync(new URL('../../../../shared/levels/microban.txt', import.meta.url), 'utf8');

function microban(level: number): Board {
  return new Board(readLevel(MICROBAN, 'microban.txt', level));
}

describe('BoxEstimator.estimateMoved', () => {
  afterEach(() => {
    BoxEstimator.verify = false;
  });

  it('equals estimate() for every single-box move of random box sets on Microban levels, forward and pulls', () => {
    const rnd = random(23);
    let checked = 0;
    let infinite = 0;
    for (const level of [1, 30, 77, 150]) {
      const b = microban(level);
      for (const back of [false, true]) {
        const est = back ? new BoxEstimator(b, 'matching', b.boxes, true) : new BoxEstimator(b, 'matching');
        const ref = back ? new BoxEstimator(b, 'matching', b.boxes, true) : new BoxEstimator(b, 'matching');
        const n = b.boxes.length;
        const cells = Array.from(b.cells);
        for (let parents = 0; parents < 30; parents++) {
          // a random set of n distinct squares
          const set = new Set<number>();
          while (set.size < n) set.add(cells[Math.floor(rnd() * cells.length)]);
          const parent = Int32Array.from([...set].sort((x, y) => x - y));
          for (let c = 0; c < 10; c++) {
            const i = Math.floor(rnd() * n);
            let to = cells[Math.floor(rnd() * cells.length)];
            while (set.has(to)) to = cells[Math.floor(rnd() * cells.length)];
            const child = parent.slice();
            child[i] = to;
            const want = ref.estimate(child, n);
            expect(est.estimateMoved(parent, n, i, to)).toBe(want);
            checked++;
            if (want === Infinity) infinite++;
          }
        }
      }
    }
    expect(checked).toBe(4 * 2 * 30 * 10);
    expect(infinite).toBeGreaterThan(0);
    expect(infinite).toBeLessThan(checked);
  });

  // the other switches pinned, so the counts do not move with their defaults
  const FIXED: Partial<PushSearchConfig> = { corrals: true, corralBacking: false, corralMerge: false, frozenGoals: false, piCorrals: false, macros: false, features: false, patterns: false, packing: false };
  // pushes and expanded states with full solves (incrementalMatching: false), measured before the incremental estimate existed (3bec156),
  // and again with the push distances by the player's side (sides, on: fewer states for the same optimal pushes on 100 and 130;
  // the backward search's pulls by his side since session 57: 93 then takes 64 pushes in 6,756 states instead of 38 in 2,434)
  const OPTIMAL: PushSearchConfig = { gWeight: 1, hWeight: 1, estimate: 'matching', goalOnGeneration: false, preferDeep: true, ...FIXED };
  const GREEDY: PushSearchConfig = { gWeight: 0, hWeight: 1, estimate: 'matching', goalOnGeneration: true, preferDeep: true, ...FIXED };
  for (const [level, cfg, name, pushes, expanded] of [
    [60, OPTIMAL, 'optimal-pushes', 44, 139],
    [100, OPTIMAL, 'optimal-pushes', 52, 725],
    [130, OPTIMAL, 'optimal-pushes', 36, 1963],
    [150, GREEDY, 'greedy', 49, 9895],
    [93, GREEDY, 'greedy', 246, 130790],
    [93, { ...GREEDY, backward: true }, 'backward greedy', 64, 6756],
  ] as const) {
    it(`Microban ${level}, ${name}: the same pushes and expanded states as full solves (checked on every successor)`, () => {
      const b = microban(level);
      BoxEstimator.verify = true;
      const on = pushSearch(b, deadSquares(b), defaultSearchOptions, { ...cfg, incrementalMatching: true });
      BoxEstimator.verify = false;
      const off = pushSearch(b, deadSquares(b), defaultSearchOptions, { ...cfg, incrementalMatching: false });
      expect(on.status).toBe('solved');
      expect(on.pushes?.length).toBe(off.pushes?.length);
      expect(on.stats.expanded).toBe(off.stats.expanded);
      expect(on.stats.generated).toBe(off.stats.generated);
      expect([on.pushes?.length, on.stats.expanded]).toEqual([pushes, expanded]);
    });
  }
});
