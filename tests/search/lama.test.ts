/**
 * LAMA (src/search/lama.ts) and its landmark count (src/heuristics/lmcount.ts):
 * the landmarks and orderings of hand-made tasks, the path-dependent values
 * through Evaluator.at, the preferred operators, the engine's alternation of
 * several evaluators, the anytime improvement with its plans, and the
 * default strategy of a problem file with a time limit.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadProblem } from '../../src/core/load.ts';
import { compileRelaxed } from '../../src/heuristics/common.ts';
import { findLandmarks, lmcount } from '../../src/heuristics/lmcount.ts';
import { getHeuristic } from '../../src/heuristics/index.ts';
import { solveOptionsFrom } from '../../src/options/index.ts';
import { bestFirstSearch } from '../../src/search/engine.ts';
import { LAMA_FIRST, lamaFirstStrategy, lamaStrategy } from '../../src/search/lama.ts';
import { defaultSearchOptions, type SearchOptions } from '../../src/search/types.ts';
import { ground } from '../../src/strips/ground.ts';
import { makeSearchSpace, type SearchSpace } from '../../src/strips/space.ts';
import { makeTask, type Task } from '../../src/strips/task.ts';
import { Budget } from '../../src/util/budget.ts';
import { corridor } from './tiny-tasks.ts';

const root = (rel: string): string => fileURLToPath(new URL(`../../${rel}`, import.meta.url));

/** a → b → c (goal c), optionally with a shortcut a → c. */
function chain(shortcut: boolean): Task {
  return makeTask({
    atoms: ['a', 'b', 'c'],
    init: ['a'],
    goal: ['c'],
    operators: [
      { name: 'ab', pre: ['a'], add: ['b'], del: ['a'] },
      { name: 'bc', pre: ['b'], add: ['c'], del: ['b'] },
      ...(shortcut ? [{ name: 'ac', pre: ['a'], add: ['c'], del: ['a'] }] : []),
    ],
  });
}

const landmarks = (task: Task) => {
  const g = findLandmarks(compileRelaxed(task), task.init, task.atoms)!;
  const name = (i: number): string => g.sets[i].map((a) => task.atoms[a]).join('|');
  return {
    atoms: g.sets.map((_, i) => name(i)),
    natural: Object.fromEntries(g.natural.map((ps, i) => [name(i), ps.map(name)])),
    greedy: Object.fromEntries(g.greedy.map((ps, i) => [name(i), ps.map(name)])),
    goals: g.goals.map(name),
  };
};

/** The packed state of the given true atoms. */
function pack(space: SearchSpace, atoms: string[]): Uint32Array {
  const s = new Uint32Array(space.words);
  for (const a of atoms) {
    const i = space.task.atoms.indexOf(a);
    s[i >>> 5] |= 1 << (i & 31);
  }
  return s;
}

describe('the landmarks and their orderings', () => {
  it('a chain: every fact is a landmark, each ordered after the ones before it', () => {
    expect(landmarks(chain(false))).toEqual({
      atoms: ['a', 'b', 'c'],
      natural: { a: [], b: ['a'], c: ['a', 'b'] },
      greedy: { a: [], b: ['a'], c: ['b'] },
      goals: ['c'],
    });
  });

  it('a shortcut a → c: b is no landmark, and c has no greedy-necessary predecessor', () => {
    expect(landmarks(chain(true))).toEqual({ atoms: ['a', 'c'], natural: { a: [], c: ['a'] }, greedy: { a: [], c: [] }, goals: ['c'] });
  });

  it('a disjunctive landmark: the ball is carried in the left or the right gripper (RHW backwards from the goal)', () => {
    const grip = (g: string) => [
      { name: `pick(${g})`, pre: ['at(ball,a)', `free(${g})`], add: [`carry(ball,${g})`], del: ['at(ball,a)', `free(${g})`] },
      { name: `drop(${g})`, pre: [`carry(ball,${g})`], add: ['at(ball,b)', `free(${g})`], del: [`carry(ball,${g})`] },
    ];
    const taskSpec = {
      atoms: ['at(ball,a)', 'at(ball,b)', 'carry(ball,left)', 'carry(ball,right)', 'free(left)', 'free(right)'],
      init: ['at(ball,a)', 'free(left)', 'free(right)'],
      goal: ['at(ball,b)'],
      operators: [...grip('left'), ...grip('right')],
    };
    const task = makeTask(taskSpec);
    expect(landmarks(task)).toEqual({
      atoms: ['at(ball,a)', 'at(ball,b)', 'carry(ball,left)|carry(ball,right)'],
      natural: { 'at(ball,a)': [], 'at(ball,b)': ['at(ball,a)', 'carry(ball,left)|carry(ball,right)'], 'carry(ball,left)|carry(ball,right)': ['at(ball,a)'] },
      greedy: { 'at(ball,a)': [], 'at(ball,b)': ['carry(ball,left)|carry(ball,right)'], 'carry(ball,left)|carry(ball,right)': ['at(ball,a)'] },
      goals: ['at(ball,b)'],
    });
    // without the atoms' names (predicates): the fact landmarks alone
    expect(findLandmarks(compileRelaxed(task), task.init)!.sets).toEqual([[0], [1]]);
    // the count: the goal and the disjunction not reached (2); one gripper holding the ball reaches the disjunction (1)
    const space = makeSearchSpace(task);
    const ev = lmcount.create(space);
    expect(ev.evaluate(space.init, 0)).toBe(2);
    expect(ev.evaluate(pack(space, ['carry(ball,right)', 'free(left)']), 0)).toBe(1);
    // a goal state judged without a path: the disjunction before the goal counts as reached (0)
    expect(ev.evaluate(pack(space, ['at(ball,b)', 'free(left)', 'free(right)']), 0)).toBe(0);
    // one step further (goal done after the ball is at b): the disjunction is before done too (the orderings are transitive)
    const further = makeTask({ ...taskSpec, atoms: [...taskSpec.atoms, 'done'], goal: ['done'], operators: [...taskSpec.operators, { name: 'finish', pre: ['at(ball,b)'], add: ['done'], del: [] }] });
    const g = landmarks(further);
    expect(g.natural.done).toEqual(['at(ball,a)', 'at(ball,b)', 'carry(ball,left)|carry(ball,right)']);
    const s2 = makeSearchSpace(further);
    expect(lmcount.create(s2).evaluate(pack(s2, ['done', 'free(left)', 'free(right)']), 0)).toBe(0);
  });

  it('none when the goal is relaxed-unreachable: the count is Infinity', () => {
    const task = makeTask({ atoms: ['a', 'g'], init: ['a'], goal: ['g'], operators: [] });
    expect(findLandmarks(compileRelaxed(task), task.init)).toBeNull();
    const space = makeSearchSpace(task);
    expect(lmcount.create(space).evaluate(space.init, 0)).toBe(Infinity);
  });
});

describe('the count along a path (Evaluator.at)', () => {
  it('corridor a-b-c-d-e: at(b), reached and left again, is needed again before at(c)', () => {
    const space = makeSearchSpace(corridor());
    const ev = lmcount.create(space);
    ev.at!(0, -1);
    expect(ev.evaluate(pack(space, ['at(a)']), 0)).toBe(4);
    ev.at!(1, 0);
    expect(ev.evaluate(pack(space, ['at(b)']), 0)).toBe(3);
    // back at a: c, d, e not reached, and at(b) needed again (go(b,c), at(c)'s only first achiever, needs it)
    ev.at!(2, 1);
    expect(ev.evaluate(pack(space, ['at(a)']), 0)).toBe(4);
  });

  it('a landmark reached and lost counts only when needed again: m then n then nothing, against the state alone', () => {
    // mkM: s → m, mkN: m → n (m gone), dropN: n → nothing, mkG: n → g; landmarks m, n, g (m before n before g)
    const task = makeTask({
      atoms: ['s', 'm', 'n', 'g'],
      init: ['s'],
      goal: ['g'],
      operators: [
        { name: 'mkM', pre: ['s'], add: ['m'], del: ['s'] },
        { name: 'mkN', pre: ['m'], add: ['n'], del: ['m'] },
        { name: 'dropN', pre: ['n'], add: [], del: ['n'] },
        { name: 'mkG', pre: ['n'], add: ['g'], del: [] },
      ],
    });
    expect(landmarks(task).greedy).toEqual({ s: [], m: ['s'], n: ['m'], g: ['n'] });
    const space = makeSearchSpace(task);
    const ev = lmcount.create(space);
    const path = [['s'], ['m'], ['n'], []];
    // s: m, n, g not reached (3); m: n, g (2); n: g (1); nothing: g not reached, n needed again before it, m not (n was reached): 2
    expect(path.map((atoms, i) => (ev.at!(i, i - 1), ev.evaluate(pack(space, atoms), 0)))).toEqual([3, 2, 1, 2]);
    // the empty state alone: nothing counts as reached, so s, m, n and g do: 4
    expect(ev.evaluate(pack(space, []), 0)).toBe(4);
  });

  it('a goal reached and lost again is counted again', () => {
    // two goals g1, g2; take1 makes g1, drop1 loses it; make2 needs g1 gone
    const task = makeTask({
      atoms: ['s', 'g1', 'g2'],
      init: ['s'],
      goal: ['g1', 'g2'],
      operators: [
        { name: 'take1', pre: ['s'], add: ['g1'], del: [] },
        { name: 'drop1', pre: ['g1'], add: [], del: ['g1'] },
        { name: 'make2', pre: ['s'], add: ['g2'], del: [] },
      ],
    });
    const space = makeSearchSpace(task);
    const ev = lmcount.create(space);
    ev.at!(0, -1);
    expect(ev.evaluate(pack(space, ['s']), 0)).toBe(2);
    ev.at!(1, 0);
    expect(ev.evaluate(pack(space, ['s', 'g1']), 0)).toBe(1);
    // g1 reached, false again: g2 not reached (1) + g1 needed again (1)
    ev.at!(2, 1);
    expect(ev.evaluate(pack(space, ['s']), 0)).toBe(2);
  });

  it('preferred: the applicable achievers of the landmarks whose natural predecessors are reached', () => {
    const space = makeSearchSpace(chain(false));
    const ev = lmcount.create(space);
    const out = new Int32Array(space.numOps);
    ev.evaluate(space.init, 0);
    expect([...out.subarray(0, ev.preferred!(out))].map((o) => space.task.operators[o].name)).toEqual(['ab']);
    ev.evaluate(pack(space, ['b']), 0);
    expect([...out.subarray(0, ev.preferred!(out))].map((o) => space.task.operators[o].name)).toEqual(['bc']);
  });
});

describe('the engine with several evaluators', () => {
  it('refuses alternates together with an open list of the space', () => {
    const space = makeSearchSpace(corridor());
    const h = getHeuristic('hff')!.create(space);
    const open = { push() {}, pop: () => -1, size: 0, lastKey: 0, bytes: 0 };
    expect(() => bestFirstSearch(space, defaultSearchOptions, LAMA_FIRST, { evaluator: h, alternates: [h], open }, new Budget(defaultSearchOptions))).toThrow('alternates with an open list');
  });

  it('lama-first on the corridor: the 4-step plan, 4 states expanded', () => {
    const r = lamaFirstStrategy.run(makeSearchSpace(corridor()), defaultSearchOptions);
    expect([r.status, r.plan?.length, r.stats.expanded, r.heuristics]).toEqual(['solved', 4, 4, ['hff', 'lmcount']]);
  });
});

function pddl(domain: string, problem: string): SearchSpace {
  const loaded = loadProblem({ file: problem, text: readFileSync(problem, 'utf8'), domainFile: domain, domainText: readFileSync(domain, 'utf8') });
  return makeSearchSpace(ground(loaded.domain, loaded.problem));
}
const run = (space: SearchSpace, o: Partial<SearchOptions> = {}) => {
  const r = lamaStrategy.run(space, { ...defaultSearchOptions, ...o });
  return { status: r.status, length: r.plan?.length, expanded: r.stats.expanded, plans: r.stats.plans?.map((p) => [p.cost, p.weight]), limit: r.stats.limit, proved: r.provedOptimal ?? false };
};

describe('lama: the first plan, then cheaper ones while a limit allows', () => {
  const example = pddl(root('examples/pddl/domain.pddl'), root('examples/pddl/problem.pddl'));

  it('without a limit: the first plan only, as lama-first', () => {
    expect(run(example)).toEqual({ status: 'solved', length: 7, expanded: 10, plans: [[7, 0]], limit: undefined, proved: false });
    expect(lamaFirstStrategy.run(example, defaultSearchOptions).stats.expanded).toBe(10);
  });

  it('with a limit: the w = 1 search runs out of cheaper paths and stops, proving the first plan cheapest', () => {
    expect(run(example, { maxNodes: 2000 })).toEqual({ status: 'solved', length: 7, expanded: 122, plans: [[7, 0]], limit: undefined, proved: true });
  });

  it('--improve 0: no improvement even with a limit', () => {
    expect(run(example, { maxNodes: 2000, improve: 0 } as Partial<SearchOptions>)).toMatchObject({ expanded: 10, plans: [[7, 0]] });
  });

  it('a limit in the first search is a limit', () => {
    expect(run(example, { maxNodes: 3 })).toMatchObject({ status: 'limit', length: undefined, limit: 'nodes' });
  });

  const blocks = root('../shared/pddl/blocks');
  describe.skipIf(!existsSync(blocks))('on IPC blocks 6-0 (../shared/pddl)', () => {
    const space = pddl(`${blocks}/domain.pddl`, `${blocks}/probBLOCKS-6-0.pddl`);
    it('each restart finds a cheaper plan: 32, 22 (w = 5), 18 (w = 3), 12 (w = 2)', () => {
      expect(run(space, { maxNodes: 2000 })).toMatchObject({ status: 'solved', length: 12, plans: [[32, 0], [22, 5], [18, 3], [12, 2]], limit: undefined, proved: false });
    });
    it('a limit during the improvement answers the best plan so far, status solved', () => {
      const r = run(space, { maxNodes: 200 });
      expect(r.status).toBe('solved');
      expect(r.plans?.[0]).toEqual([32, 0]);
      expect(r.length).toBe(r.plans?.at(-1)?.[0]);
      expect(r.limit).toBeUndefined();
      expect(r.proved).toBe(false);
    });
  });
});

describe('the default strategy of a problem file', () => {
  const algo = (values: Record<string, string>, problem: 'prolog' | 'level') => solveOptionsFrom(values, { from: 'cli', mode: 'solve', problem }).algo;
  it('bfs without a time limit, lama with one; auto for a level either way', () => {
    expect(algo({}, 'prolog')).toBe('bfs');
    expect(algo({ timeout: '5' }, 'prolog')).toBe('lama');
    expect(algo({ timeout: '5' }, 'level')).toBe('auto');
    expect(algo({ timeout: '5', algo: 'astar' }, 'prolog')).toBe('astar');
  });
});
