/**
 * Pattern databases (src/heuristics/pdb.ts): admissible in every reachable
 * state of random small tasks (exact distances by brute force), the
 * finite-domain view of hand-made tasks (variables, conditional "none"
 * effects), and A* with it optimal on small IPC problems of ../shared/pddl
 * (same plan costs as A* + LM-cut, counts pinned).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadProblem } from '../../src/core/load.ts';
import { heuristics } from '../../src/heuristics/index.ts';
import { buildCollection, buildPdb, COLLECTION_LIMIT, PATTERN_LIMIT, pdbEvaluator, selectPatterns, variablesOf } from '../../src/heuristics/pdb.ts';
import { Budget, LimitReached, setActiveBudget } from '../../src/util/budget.ts';
import { getStrategy } from '../../src/search/index.ts';
import { defaultSearchOptions } from '../../src/search/types.ts';
import { ground } from '../../src/strips/ground.ts';
import { preprocess } from '../../src/strips/preprocess.ts';
import { makeSearchSpace, type SearchSpace } from '../../src/strips/space.ts';
import { makeTask } from '../../src/strips/task.ts';
import { exactDistances, randomTask, rng } from './random-tasks.ts';

describe('pdb is admissible', () => {
  it('pdb ≤ h* in every reachable state of 400 random tasks (costs 0..3, deletes with and without preconditions)', () => {
    const rand = rng(18021);
    let states = 0;
    let tight = 0;
    let deadEnds = 0;
    let smallTight = 0;
    for (let t = 0; t < 400; t++) {
      const task = randomTask(rand, { atoms: 6, operators: 9, deletes: 3, init: 3 });
      const space = makeSearchSpace(task);
      const { store, dist } = exactDistances(space);
      const ev = heuristics.pdb.create(space);
      // small limits: patterns of at most 4 abstract states, 12 in all (coarse abstractions)
      const small = pdbEvaluator(task, 4, 12);
      for (let id = 0; id < store.size; id++) {
        const h = ev.evaluate(store.data, id * space.words);
        const hs = small.evaluate(store.data, id * space.words);
        const where = `task ${t} ${JSON.stringify(task)} state ${space.atomsOf(store.data, id * space.words)}: pdb ${h} (small ${hs}) h* ${dist[id]}`;
        expect(h, where).toBeLessThanOrEqual(dist[id]);
        expect(hs, where).toBeLessThanOrEqual(dist[id]);
        if (dist[id] === 0) expect([h, hs], where).toEqual([0, 0]);
        states++;
        if (h === dist[id]) tight++;
        if (hs === dist[id]) smallTight++;
        if (h === Infinity) deadEnds++;
      }
    }
    // the counts of this seed: states checked, values equal to h* (default and small limits), dead ends recognised
    expect([states, tight, smallTight, deadEnds]).toEqual([3252, 3252, 2935, 779]);
  });
});

describe('finite-domain variables and patterns', () => {
  it('a deleted atom that is not a precondition sets its variable to none only if it had that value', () => {
    // lamp: on/off is one binary variable "on"; `reset` deletes on without needing it
    const task = makeTask({
      atoms: ['on', 'a', 'g'],
      init: [],
      goal: ['g'],
      operators: [
        { name: 'switch', pre: [], add: ['on'], del: [], cost: 1 },
        { name: 'reset', pre: ['a'], add: [], del: ['on'], cost: 0 },
        { name: 'getA', pre: [], add: ['a'], del: [], cost: 5 },
        { name: 'finish', pre: ['on', 'a'], add: ['g'], del: [] , cost: 1 },
      ],
    });
    const vt = variablesOf(task);
    expect(vt.vars.map((v) => v.atoms)).toEqual([[0], [1], [2]]);
    const reset = vt.ops[1];
    expect([reset.effVars, reset.condVars, reset.condVals]).toEqual([[], [0], [0]]);
    expect(selectPatterns(vt)).toEqual([[2], [0, 1, 2]]);
    const space = makeSearchSpace(task);
    // h* = switch + getA + finish = 7
    expect(heuristics.pdb.create(space).evaluate(space.init, 0)).toBe(7);
  });

  it('limits: no pattern beyond PATTERN_LIMIT abstract states, the collection within COLLECTION_LIMIT', () => {
    const SHARED = fileURLToPath(new URL('../../../shared/pddl/', import.meta.url));
    if (!existsSync(SHARED)) return;
    const space = spaceOf('gripper', 'prob05.pddl');
    const { vt, pdbs } = buildCollection(space.task);
    const sizes = pdbs.map((p) => p.dist.length);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(PATTERN_LIMIT);
    expect(sizes.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(COLLECTION_LIMIT);
    // after relevance: the robot (2 values), 12 balls (3: in room a, in room b, carried) and two grippers
    // (13: free or carrying one of the balls): 12 single-ball patterns, then 3 grown ones of the robot,
    // five balls and both grippers (2 · 3^5 · 13 · 13), seeded by the balls no earlier one holds
    expect(vt.vars.map((v) => v.size)).toEqual([2, ...Array(12).fill(3), 13, 13]);
    expect(sizes).toEqual([...Array(12).fill(3), 82134, 82134, 82134]);
  });
});

const SHARED = fileURLToPath(new URL('../../../shared/pddl/', import.meta.url));

function spaceOf(dir: string, problem: string): SearchSpace {
  const domainFile = join(SHARED, dir, 'domain.pddl');
  const file = join(SHARED, dir, problem);
  const loaded = loadProblem({ file, text: readFileSync(file, 'utf8'), domainFile, domainText: readFileSync(domainFile, 'utf8') });
  return makeSearchSpace(preprocess(ground(loaded.domain, loaded.problem), 'relevance').task);
}

/** [folder, problem, optimal cost, A* + pdb: expanded, generated] */
const CASES: [string, string, number, number, number][] = [
  ['gripper', 'prob01.pddl', 11, 11, 47],
  ['gripper', 'prob03.pddl', 23, 7632, 32254],
  ['blocks', 'probBLOCKS-6-0.pddl', 12, 29, 98],
  ['logistics00', 'probLOGISTICS-5-0.pddl', 27, 27, 244],
  ['miconic', 's4-0.pddl', 14, 14, 114],
  ['driverlog', 'p01.pddl', 7, 7, 49],
  ['zenotravel', 'p03.pddl', 6, 6, 99],
];

describe.skipIf(!existsSync(SHARED))('A* + pdb on IPC problems (../shared/pddl)', () => {
  for (const [dir, problem, cost, expanded, generated] of CASES) {
    it(`${dir} ${problem}: optimal cost ${cost}, as A* + LM-cut`, () => {
      const space = spaceOf(dir, problem);
      const r = getStrategy('astar')!.run(space, { ...defaultSearchOptions, heuristic: heuristics.pdb });
      expect(r.status).toBe('solved');
      const costOf = (plan: number[] | null): number => (plan ?? []).reduce((k, o) => k + space.cost(o), 0);
      expect(costOf(r.plan)).toBe(cost);
      const l = getStrategy('astar')!.run(space, { ...defaultSearchOptions, heuristic: heuristics.lmcut });
      expect(costOf(l.plan)).toBe(cost);
      expect([r.stats.expanded, r.stats.generated]).toEqual([expanded, generated]);
    });
  }
});

describe.skipIf(!existsSync(SHARED))('a limit during the set-up', () => {
  it('stops the building of a database with the position (the interrupt flag set: the first poll throws)', () => {
    const space = spaceOf('gripper', 'prob05.pddl');
    const vt = variablesOf(space.task);
    const pattern = selectPatterns(vt).find((p) => p.length > 1)!;
    setActiveBudget(new Budget({ timeoutMs: Infinity, maxNodes: Infinity, interrupt: Int32Array.of(1) }));
    try {
      expect(() => buildPdb(vt, pattern)).toThrow(LimitReached);
      expect(() => buildPdb(vt, pattern)).toThrow('interrupted while setting up pdb: pattern of 82,134 abstract states');
    } finally {
      setActiveBudget(null);
    }
  });
});
