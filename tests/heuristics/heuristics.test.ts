import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MinQueue } from '../../src/heuristics/common.ts';
import { getHeuristic, heuristicNames as allHeuristicNames, heuristics } from '../../src/plugins/index.ts';
import type { Evaluator } from '../../src/heuristics/types.ts';
import { loadProblem } from '../../src/core/load.ts';
import { ground } from '../../src/strips/ground.ts';
import { makeSearchSpace, type SearchSpace } from '../../src/strips/space.ts';
import { makeTask, type Task } from '../../src/strips/task.ts';
import { alreadyDone, corridor, costly, exclusive } from '../search/tiny-tasks.ts';
import { exactDistances, randomTask, rng } from './random-tasks.ts';

/** The domain-independent heuristics (the Sokoban ones need a level: tests/sokoban). */
const heuristicNames = allHeuristicNames.filter((n) => !heuristics[n].plugin);

const root = (rel: string): string => fileURLToPath(new URL(`../../${rel}`, import.meta.url));

/** The packed state of the given true atoms. */
function pack(space: SearchSpace, atoms: string[]): Uint32Array {
  const s = new Uint32Array(space.words);
  for (const name of atoms) {
    const a = space.task.atoms.indexOf(name);
    if (a < 0) throw new Error(`unknown atom ${name}`);
    s[a >>> 5] |= 1 << (a & 31);
  }
  return s;
}

/** Every registered heuristic's value at the task's initial state (or the given state). */
function values(task: Task, state?: string[]): Record<string, number> {
  const space = makeSearchSpace(task);
  const s = state ? pack(space, state) : space.init;
  return Object.fromEntries(heuristicNames.map((n) => [n, heuristics[n].create(space).evaluate(s, 0)]));
}

/**
 * Two robots on their own lines: A walks a0-a1-a2, B walks b0-b1 (both
 * ways). Goals at(A,a2) and at(B,b1). Goal count 2; h^max = max(2, 1) = 2;
 * h^add = 2 + 1 = 3; the relaxed plan is the three forward steps (3); the
 * two goals need disjoint operators, so LM-cut finds three landmarks of
 * cost 1: 3 = h*.
 */
function twoGoals(): Task {
  const line = (r: string, cells: string[]) =>
    cells.slice(1).flatMap((c, i) => [
      { name: `go${r}(${cells[i]},${c})`, pre: [`at${r}(${cells[i]})`], add: [`at${r}(${c})`], del: [`at${r}(${cells[i]})`] },
      { name: `go${r}(${c},${cells[i]})`, pre: [`at${r}(${c})`], add: [`at${r}(${cells[i]})`], del: [`at${r}(${c})`] },
    ]);
  return makeTask({
    atoms: ['atA(a0)', 'atA(a1)', 'atA(a2)', 'atB(b0)', 'atB(b1)'],
    init: ['atA(a0)', 'atB(b0)'],
    goal: ['atA(a2)', 'atB(b1)'],
    operators: [...line('A', ['a0', 'a1', 'a2']), ...line('B', ['b0', 'b1'])],
  });
}

/**
 * The classic case h^max < LM-cut < h^add: one operator `fetch` (s → p)
 * is needed by both goals, `make1` (p → g1) and `make2` (p → g2); all cost 1.
 * h^max: p = 1, g1 = g2 = 2, max 2. h^add: 2 + 2 = 4 (fetch counted twice).
 * Relaxed plan {fetch, make1, make2}: 3. LM-cut: cuts {make2}, {make1},
 * {fetch} (each of cost 1): 3 = h*.
 */
function shared(): Task {
  return makeTask({
    atoms: ['s', 'p', 'g1', 'g2'],
    init: ['s'],
    goal: ['g1', 'g2'],
    operators: [
      { name: 'fetch', pre: ['s'], add: ['p'], del: ['s'] },
      { name: 'make1', pre: ['p'], add: ['g1'], del: [] },
      { name: 'make2', pre: ['p'], add: ['g2'], del: [] },
    ],
  });
}

/**
 * Zero-cost operators: free1 (s → p, cost 0), pay (p → q, cost 3),
 * free2 (q → g, cost 0), and a shortcut (s → g, cost 5). The cheapest plan
 * free1, pay, free2 costs 3, and so do h^max, h^add and the relaxed plan.
 * LM-cut: the goal zone is {g, q} (free2 is free), the cut {pay, shortcut}
 * costs min(3, 5) = 3; afterwards q and g cost 0: h = 3.
 */
function zeroCost(): Task {
  return makeTask({
    atoms: ['s', 'p', 'q', 'g'],
    init: ['s'],
    goal: ['g'],
    operators: [
      { name: 'free1', pre: ['s'], add: ['p'], del: ['s'], cost: 0 },
      { name: 'pay', pre: ['p'], add: ['q'], del: ['p'], cost: 3 },
      { name: 'free2', pre: ['q'], add: ['g'], del: ['q'], cost: 0 },
      { name: 'shortcut', pre: ['s'], add: ['g'], del: ['s'], cost: 5 },
    ],
  });
}

/** No operator adds g: relaxed-unreachable. */
function unreachable(): Task {
  return makeTask({
    atoms: ['a', 'b', 'g'],
    init: ['a'],
    goal: ['g'],
    operators: [{ name: 'step', pre: ['a'], add: ['b'], del: ['a'] }],
  });
}

describe('registry', () => {
  it('lists the heuristics in order and finds them by name', () => {
    expect(heuristicNames).toEqual(['blind', 'goalcount', 'hmax', 'hadd', 'hff', 'lmcut', 'lmcount', 'pdb']);
    expect(allHeuristicNames).toEqual([...heuristicNames, 'manhattan', 'pushdist', 'matching']);
    for (const n of allHeuristicNames) expect(getHeuristic(n)?.name).toBe(n);
    expect(getHeuristic('nope')).toBeUndefined();
    expect(getHeuristic('toString')).toBeUndefined();
    expect(allHeuristicNames.filter((n) => heuristics[n].admissible)).toEqual(['blind', 'hmax', 'lmcut', 'pdb', 'manhattan', 'pushdist', 'matching']);
  });
});

describe('values at the initial state of hand-checked tasks', () => {
  it('corridor a-b-c-d-e, goal at(e): every relaxation sees the 4 steps', () => {
    // one goal atom; the only way to at(e) is 4 unit steps, also when deletes are ignored
    expect(values(corridor())).toEqual({ blind: 0, goalcount: 1, hmax: 4, hadd: 4, hff: 4, lmcut: 4, lmcount: 4, pdb: 4 });
  });

  it('two independent goals', () => {
    // pdb: the two robots are two variables, additive patterns: 2 + 1
    expect(values(twoGoals())).toEqual({ blind: 0, goalcount: 2, hmax: 2, hadd: 3, hff: 3, lmcut: 3, lmcount: 3, pdb: 3 });
  });

  it('costs: the detour of three unit steps beats the direct step of cost 10', () => {
    // t costs min(10, 1 + 1 + 1) = 3 under every relaxation; LM-cut: cuts {step3, direct}, {step2, direct}, {step1, direct}
    expect(values(costly())).toEqual({ blind: 0, goalcount: 1, hmax: 3, hadd: 3, hff: 3, lmcut: 3, lmcount: 1, pdb: 3 });
  });

  it('a shared sub-goal: h^max < LM-cut < h^add', () => {
    // pdb: variables {s, p}, g1, g2; patterns {g1}, {g2}, {sp, g1}, {sp, g2}: {sp, g1} (fetch, make1) + {g2} (make2) = 3
    expect(values(shared())).toEqual({ blind: 0, goalcount: 2, hmax: 2, hadd: 4, hff: 3, lmcut: 3, lmcount: 3, pdb: 3 });
  });

  it('zero-cost operators', () => {
    expect(values(zeroCost())).toEqual({ blind: 0, goalcount: 1, hmax: 3, hadd: 3, hff: 3, lmcut: 3, lmcount: 1, pdb: 3 });
  });

  it('relaxed-reachable but unsolvable: finite values', () => {
    // q costs 1 (swap); finish needs p (0) and q (1): h^max 1 + 1 = 2, h^add 0 + 1 + 1 = 2;
    // relaxed plan {swap, finish}; LM-cut: cuts {finish}, then {swap}
    // pdb: p, q, g are one variable (h^2 mutex group), so finish needs two of its values: left out, the goal unreachable
    expect(values(exclusive())).toEqual({ blind: 0, goalcount: 1, hmax: 2, hadd: 2, hff: 2, lmcut: 2, lmcount: 2, pdb: Infinity });
  });

  it('Infinity when the goal is relaxed-unreachable', () => {
    expect(values(unreachable())).toEqual({ blind: 0, goalcount: 1, hmax: Infinity, hadd: Infinity, hff: Infinity, lmcut: Infinity, lmcount: Infinity, pdb: Infinity });
  });

  it('Infinity when grounding proved the task unsolvable', () => {
    const task = { ...corridor(), unsolvableReason: 'test' };
    expect(values(task)).toEqual({ blind: 0, goalcount: Infinity, hmax: Infinity, hadd: Infinity, hff: Infinity, lmcut: Infinity, lmcount: Infinity, pdb: Infinity });
  });

  it('0 in goal states', () => {
    const zero = { blind: 0, goalcount: 0, hmax: 0, hadd: 0, hff: 0, lmcut: 0, lmcount: 0, pdb: 0 };
    expect(values(alreadyDone())).toEqual(zero);
    expect(values(corridor(), ['at(e)'])).toEqual(zero);
    expect(values(shared(), ['g1', 'g2'])).toEqual(zero);
    expect(values(makeTask({ atoms: ['a'], init: ['a'], goal: [], operators: [] }))).toEqual(zero);
  });

  it('values in other states than the initial one', () => {
    expect(values(corridor(), ['at(c)'])).toEqual({ blind: 0, goalcount: 1, hmax: 2, hadd: 2, hff: 2, lmcut: 2, lmcount: 2, pdb: 2 });
    // p reached: make1 and make2 remain
    expect(values(shared(), ['p'])).toEqual({ blind: 0, goalcount: 2, hmax: 1, hadd: 2, hff: 2, lmcut: 2, lmcount: 2, pdb: 2 });
  });

  it('operators without preconditions fire in every state', () => {
    const task = makeTask({
      atoms: ['a', 'g'],
      init: [],
      goal: ['a', 'g'],
      operators: [
        { name: 'makeA', pre: [], add: ['a'], del: [], cost: 2 },
        { name: 'makeG', pre: ['a'], add: ['g'], del: [], cost: 1 },
      ],
    });
    // a = 2, g = 3: h^max 3, h^add 5, relaxed plan {makeA, makeG} 3, LM-cut {makeG} 1 + {makeA} 2 = 3
    // pdb: a and g are binary variables; {a} (2) + {g} (1) additive, {a, g} 3
    expect(values(task)).toEqual({ blind: 0, goalcount: 2, hmax: 3, hadd: 5, hff: 3, lmcut: 3, lmcount: 2, pdb: 3 });
  });
});

describe('preferred operators of h^FF', () => {
  const preferred = (task: Task, state?: string[]): string[] => {
    const space = makeSearchSpace(task);
    const ev = heuristics.hff.create(space);
    ev.evaluate(state ? pack(space, state) : space.init, 0);
    const out = new Int32Array(space.numOps);
    return [...out.subarray(0, ev.preferred!(out))].map((o) => task.operators[o].name);
  };

  it('the relaxed plan operators applicable in the state', () => {
    expect(preferred(twoGoals())).toEqual(['goA(a0,a1)', 'goB(b0,b1)']);
    expect(preferred(shared())).toEqual(['fetch']);
    expect(preferred(shared(), ['p'])).toEqual(['make1', 'make2']);
    expect(preferred(corridor(), ['at(c)'])).toEqual(['go(c,d)']);
    expect(preferred(costly())).toEqual(['step1']);
  });

  it('none in goal states and dead ends', () => {
    expect(preferred(corridor(), ['at(e)'])).toEqual([]);
    expect(preferred(unreachable())).toEqual([]);
  });

  it('only h^FF and the landmark count have preferred operators', () => {
    expect(heuristicNames.filter((n) => heuristics[n].create(makeSearchSpace(corridor())).preferred)).toEqual(['hff', 'lmcount']);
  });
});

describe('admissibility against exact distances', () => {
  const all = (space: SearchSpace): Record<string, Evaluator> =>
    Object.fromEntries(heuristicNames.map((n) => [n, heuristics[n].create(space)]));

  it('LM-cut equals h* in every state of the corridor', () => {
    const space = makeSearchSpace(corridor());
    const { store, dist } = exactDistances(space);
    const ev = heuristics.lmcut.create(space);
    expect(store.size).toBe(5);
    for (let id = 0; id < store.size; id++) expect(ev.evaluate(store.data, id * space.words)).toBe(dist[id]);
  });

  const domainText = readFileSync(root('domains/sokoban.pl'), 'utf8');
  const levelsText = readFileSync(root('maps/tutorial.txt'), 'utf8');
  for (let level = 1; level <= 9; level++) {
    it(`tutorial level ${level}: hmax ≤ lmcut ≤ h*, pdb ≤ h*, hmax ≤ hff ≤ hadd, blind = 0`, () => {
      const loaded = loadProblem({ file: 'maps/tutorial.txt', text: levelsText, level, domainFile: 'domains/sokoban.pl', domainText });
      const space = makeSearchSpace(ground(loaded.domain, loaded.problem));
      const { store, dist } = exactDistances(space);
      const ev = all(space);
      let lmcutAtInit = 0;
      let tight = 0;
      for (let id = 0; id < store.size; id++) {
        const off = id * space.words;
        const h = Object.fromEntries(heuristicNames.map((n) => [n, ev[n].evaluate(store.data, off)]));
        const hstar = dist[id];
        const where = `state ${id} of level ${level} (h* = ${hstar}, ${JSON.stringify(h)})`;
        expect(h.blind, where).toBe(0);
        expect(h.hmax, where).toBeLessThanOrEqual(h.lmcut);
        expect(h.lmcut, where).toBeLessThanOrEqual(hstar);
        expect(h.pdb, where).toBeLessThanOrEqual(hstar);
        expect(h.hmax, where).toBeLessThanOrEqual(h.hff);
        expect(h.hff, where).toBeLessThanOrEqual(h.hadd);
        if (hstar === 0) expect(h, where).toEqual({ blind: 0, goalcount: 0, hmax: 0, hadd: 0, hff: 0, lmcut: 0, lmcount: 0, pdb: 0 });
        else expect(h.hff, where).toBeGreaterThan(0);
        if (id === 0) lmcutAtInit = h.lmcut;
        if (h.lmcut === hstar) tight++;
      }
      expect(lmcutAtInit).toBeGreaterThan(0);
      expect(tight).toBeGreaterThan(0);
    });
  }
});


/** h+ (the optimal delete-relaxed plan cost) by Dijkstra over sets of atoms; n ≤ 10. */
function hplus(task: Task, state: number[]): number {
  const n = task.atoms.length;
  const maskOf = (as: number[]): number => as.reduce((m, a) => m | (1 << a), 0);
  const goal = maskOf(task.goal);
  const ops = task.operators.map((o) => ({ pre: maskOf(o.pre), add: maskOf(o.add), cost: o.cost }));
  const dist = new Float64Array(1 << n).fill(Infinity);
  const queue = new MinQueue(false);
  dist[maskOf(state)] = 0;
  queue.push(0, maskOf(state));
  while (!queue.empty) {
    const s = queue.pop();
    const d = queue.lastKey;
    if (d > dist[s]) continue;
    if ((s & goal) === goal) return d;
    for (const o of ops) {
      if ((s & o.pre) !== o.pre) continue;
      const t = s | o.add;
      if (d + o.cost < dist[t]) {
        dist[t] = d + o.cost;
        queue.push(d + o.cost, t);
      }
    }
  }
  return Infinity;
}

describe('random small tasks: hmax ≤ lmcut ≤ h+ ≤ hff ≤ hadd', () => {
  it('holds on 300 random tasks with costs 0..3, in every reachable state', () => {
    const rand = rng(20240607);
    for (let t = 0; t < 300; t++) {
      const task = randomTask(rand, { atoms: 5, operators: 8, deletes: 2, init: 2 });
      const space = makeSearchSpace(task);
      const { store, dist } = exactDistances(space);
      const ev = Object.fromEntries(['hmax', 'lmcut', 'hff', 'hadd'].map((name) => [name, heuristics[name].create(space)]));
      for (let id = 0; id < store.size; id++) {
        const off = id * space.words;
        const [hm, lm, ff, ad] = ['hmax', 'lmcut', 'hff', 'hadd'].map((name) => ev[name].evaluate(store.data, off));
        const hp = hplus(task, space.atomsOf(store.data, off));
        const where = `task ${t} ${JSON.stringify(task.operators)} goal ${task.goal} state ${space.atomsOf(store.data, off)}: hmax ${hm} lmcut ${lm} h+ ${hp} hff ${ff} hadd ${ad} h* ${dist[id]}`;
        expect(hm, where).toBeLessThanOrEqual(lm);
        expect(lm, where).toBeLessThanOrEqual(hp);
        expect(hp, where).toBeLessThanOrEqual(ff);
        expect(ff, where).toBeLessThanOrEqual(ad);
        expect(lm, where).toBeLessThanOrEqual(dist[id]);
        expect(hm === Infinity, where).toBe(hp === Infinity);
      }
    }
  });
});
