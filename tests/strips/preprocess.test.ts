/**
 * Preprocessing of ground tasks (src/strips/preprocess.ts): relevance, h^2
 * mutexes and the mutex groups on hand-made tasks, on IPC problems of
 * ../shared/pddl (skipped when the folder is absent) and on a level; the
 * pipeline's use of it (--preprocess: the plans, the unsolvable goal, a
 * limit while preprocessing).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadProblem, type LoadedProblem } from '../../src/core/load.ts';
import { solveLoaded } from '../../src/pipeline/solve.ts';
import { ground } from '../../src/strips/ground.ts';
import { h2Reachability, isMutex, mutexGroupsOf, preprocess, relevantTask } from '../../src/strips/preprocess.ts';
import { makeTask, replayTask, type Task } from '../../src/strips/task.ts';
import { Budget, LimitReached } from '../../src/util/budget.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SHARED = fileURLToPath(new URL('../../../shared/pddl/', import.meta.url));
const ROBOT = readFileSync(join(ROOT, 'domains/robot.pl'), 'utf8');
const SOKOBAN = readFileSync(join(ROOT, 'domains/sokoban.pl'), 'utf8');

function pddl(dir: string, problem: string): LoadedProblem {
  const domainFile = join(SHARED, dir, 'domain.pddl');
  const file = join(SHARED, dir, problem);
  return loadProblem({ file, text: readFileSync(file, 'utf8'), domainFile, domainText: readFileSync(domainFile, 'utf8') });
}

const robot = (init: string, goal: string): LoadedProblem => loadProblem({ file: 'p.pl', text: `init([${init}]).\ngoal([${goal}]).`, domainFile: 'robot.pl', domainText: ROBOT });

/** The mutex groups by atom names. */
const groupsOf = (task: Task): string[][] => (task.mutexGroups ?? []).map((g) => g.map((a) => task.atoms[a]));

/** A switch and two lamps: `on` needs power; `paint` adds an atom no goal or precondition needs; `jump` needs two mutex atoms. */
const lamps = (): Task =>
  makeTask({
    atoms: ['off', 'on', 'lit', 'dark', 'painted'],
    init: ['off', 'dark'],
    goal: ['lit'],
    operators: [
      { name: 'switchOn', pre: ['off'], add: ['on'], del: ['off'] },
      { name: 'switchOff', pre: ['on'], add: ['off'], del: ['on'] },
      { name: 'light', pre: ['on', 'dark'], add: ['lit'], del: ['dark'] },
      { name: 'paint', pre: ['off'], add: ['painted'], del: [] },
      { name: 'jump', pre: ['on', 'off'], add: ['lit'], del: [] },
    ],
  });

describe('relevance', () => {
  it('drops the operators that add no relevant atom and the atoms no relevant operator or goal needs', () => {
    const { task, dropped } = relevantTask(lamps());
    expect(dropped).toBe(1);
    expect(task.operators.map((o) => o.name)).toEqual(['switchOn', 'switchOff', 'light', 'jump']);
    expect(task.atoms).toEqual(['off', 'on', 'lit', 'dark']);
    // ids renumbered: lit is 2, as before; painted gone
    expect(task.goal).toEqual([2]);
    expect(task.init).toEqual([0, 3]);
  });

  it('keeps every atom with keepAtoms (a level: its plug-in reads atoms by name)', () => {
    const { task } = relevantTask(lamps(), undefined, true);
    expect(task.atoms).toEqual(['off', 'on', 'lit', 'dark', 'painted']);
    expect(task.operators.map((o) => o.name)).toEqual(['switchOn', 'switchOff', 'light', 'jump']);
  });
});

describe('h^2', () => {
  it('finds the mutex pairs of a hand-made task and drops the operator that needs one', () => {
    const t = lamps();
    const h2 = h2Reachability(t);
    const id = (a: string): number => t.atoms.indexOf(a);
    expect(isMutex(h2, id('on'), id('off'))).toBe(true);
    expect(isMutex(h2, id('lit'), id('dark'))).toBe(true);
    expect(isMutex(h2, id('on'), id('dark'))).toBe(false);
    expect(isMutex(h2, id('lit'), id('off'))).toBe(false);
    expect([...h2.opReachable]).toEqual([1, 1, 1, 1, 0]);
    const { task, stats } = preprocess(t, 'h2');
    expect(task.operators.map((o) => o.name)).toEqual(['switchOn', 'switchOff', 'light']);
    expect(stats).toMatchObject({ mode: 'h2', atoms: 4, operators: 3, h2Pruned: 1, irrelevant: 1, mutexGroups: 2, groupedAtoms: 4 });
    expect(groupsOf(task)).toEqual([
      ['off', 'on'],
      ['lit', 'dark'],
    ]);
    // one of each group holds in every reachable state: no "none of them" value
    expect(task.mutexGroupNone).toEqual([false, false]);
  });

  it('proves a goal of two mutex atoms unsolvable, naming them', () => {
    const t = makeTask({
      atoms: ['at(a)', 'at(b)'],
      init: ['at(a)'],
      goal: ['at(a)', 'at(b)'],
      operators: [
        { name: 'go(a,b)', pre: ['at(a)'], add: ['at(b)'], del: ['at(a)'] },
        { name: 'go(b,a)', pre: ['at(b)'], add: ['at(a)'], del: ['at(b)'] },
      ],
    });
    expect(preprocess(t, 'h2').task.unsolvableReason).toBe('goal atoms at(a) and at(b) are mutex: h^2 finds no reachable state with both');
    // relevance alone does not see it
    expect(preprocess(t, 'relevance').task.unsolvableReason).toBeUndefined();
  });

  it('mutexGroupsOf: the groups of a task that was not preprocessed with h^2, the task unchanged', () => {
    const t = lamps();
    const g = mutexGroupsOf(t);
    expect(g?.groups.map((x) => x.map((a) => t.atoms[a]))).toEqual([
      ['off', 'on'],
      ['lit', 'dark'],
    ]);
    expect(g?.none).toEqual([false, false]);
    expect(t.mutexGroups).toBeUndefined();
    expect(t.operators).toHaveLength(5);
  });

  it('is skipped on a task too large for it (relevance still runs)', () => {
    const atoms = Array.from({ length: 10_001 }, (_, i) => `p${i}`);
    const t = makeTask({ atoms, init: ['p0'], goal: ['p1'], operators: [{ name: 'step', pre: ['p0'], add: ['p1'], del: ['p0'] }] });
    const { task, stats } = preprocess(t, 'h2');
    expect(stats).toMatchObject({ mode: 'h2', h2Skipped: '10,001 atoms (h^2 runs up to 10,000)', atoms: 2, operators: 1, mutexGroups: 0, h2Ms: expect.any(Number) });
    expect(task.atoms).toEqual(['p0', 'p1']);
    expect(task.mutexGroups).toBeUndefined();
  });

  it('none leaves the task as it is', () => {
    const t = lamps();
    expect(preprocess(t, 'none')).toEqual({ task: t, stats: expect.objectContaining({ mode: 'none', atoms: 5, operators: 5, mutexGroups: 0 }) });
  });
});

describe('the pipeline', () => {
  it('gives the same plans with every mode, replayed on the original task', () => {
    const loaded = robot('door(a, b), door(b, a), door(b, c), door(c, b), at(a), ball(red, c), free', 'ball(red, a)');
    const original = ground(loaded.domain, loaded.problem);
    const reports = (['none', 'relevance', 'h2'] as const).map((preprocess) => solveLoaded(loaded, { algo: 'bfs', preprocess }));
    expect(reports.map((r) => [r.status, r.length, r.stats.expanded])).toEqual([
      ['solved', 6, 6],
      ['solved', 6, 6],
      ['solved', 6, 6],
    ]);
    const ids = reports[2].plan.map((name) => original.operators.findIndex((o) => o.name === name));
    expect(replayTask(original, ids)?.has(original.atoms.indexOf('ball(red,a)'))).toBe(true);
    // stats: the ground task's size, and the preprocessing's
    expect(original.atoms.length).toBe(8);
    expect(original.operators.length).toBe(10);
    // stats: the ground task's size, and the preprocessing's (the robot's room, the ball's place)
    expect(reports[2].stats).toMatchObject({ atoms: 8, operators: 10, preprocess: { mode: 'h2', atoms: 8, operators: 10, mutexGroups: 2, groupedAtoms: 7 } });
    expect(reports[0].stats.preprocess).toMatchObject({ mode: 'none', atoms: 8, operators: 10, mutexGroups: 0 });
  });

  it('answers unsolvable when h^2 proves two goal atoms mutex', () => {
    const loaded = robot('door(a, b), door(b, a), at(a), ball(red, a), free', 'at(a), at(b)');
    const h2 = solveLoaded(loaded, { algo: 'bfs', preprocess: 'h2' });
    expect(h2).toMatchObject({ status: 'unsolvable', reason: 'goal atoms at(a) and at(b) are mutex: h^2 finds no reachable state with both' });
    expect(h2.stats.expanded).toBe(0);
    // without h^2 the search proves it
    expect(solveLoaded(loaded, { algo: 'bfs', preprocess: 'none' })).toMatchObject({ status: 'unsolvable', stats: { expanded: 6 } });
  });

  it('stops with the limit and where preprocessing was when the budget runs out in it', () => {
    const loaded = robotWithTwoBalls();
    // the polls of grounding and packing, then a budget that answers a limit a few polls into h^2
    let polls = 0;
    const counting = { poll: () => void polls++ };
    ground(loaded.domain, loaded.problem, counting);
    const limit = polls + 3;
    polls = 0;
    const budget = new Budget({ timeoutMs: Infinity, maxNodes: Infinity });
    budget.poll = (where) => {
      if (++polls > limit) throw new LimitReached('time', where(), `time limit of 1 s reached while ${where()}`);
    };
    const r = solveLoaded(loaded, { algo: 'bfs', preprocess: 'h2' }, 0, budget);
    expect(r.status).toBe('limit');
    expect(r.stats.limit).toBe('time');
    expect(r.reason).toBe('time limit of 1 s reached while preprocessing: h^2 mutexes (pass 1, operator 4 of 16)');
    // the task as ground
    expect([r.stats.atoms, r.stats.operators]).toEqual([12, 16]);
  });
});

/** The robot with three rooms and two balls (16 operators). */
function robotWithTwoBalls(): LoadedProblem {
  return robot('door(a, b), door(b, a), door(b, c), door(c, b), at(a), ball(red, c), ball(blue, b), free', 'ball(red, a)');
}

describe('mutex groups of a level: the player is on one cell', () => {
  it('groups every sokoban(C) atom, one of which always holds', () => {
    const text = ['#####', '#@$.#', '#####'].join('\n');
    const loaded = loadProblem({ file: 'l.txt', text, domainFile: 'sokoban.pl', domainText: SOKOBAN });
    const task = ground(loaded.domain, loaded.problem);
    const { task: out, stats } = preprocess(task, 'h2', undefined, true);
    expect(out.atoms).toEqual(task.atoms);
    const groups = groupsOf(out);
    const player = groups.findIndex((g) => g.every((a) => a.startsWith('sokoban(')));
    expect(groups[player].sort()).toEqual(['sokoban(x1y1)', 'sokoban(x2y1)']);
    expect(out.mutexGroupNone?.[player]).toBe(false);
    expect(stats.mutexGroups).toBe(groups.length);
  });

  it('a level is not preprocessed by default (its plug-in strategies do not search the ground task)', () => {
    const text = ['#####', '#@$.#', '#####'].join('\n');
    const loaded = loadProblem({ file: 'l.txt', text, domainFile: 'sokoban.pl', domainText: SOKOBAN });
    expect(solveLoaded(loaded, { algo: 'bfs' }).stats.preprocess).toMatchObject({ mode: 'none', atoms: 9, operators: 6 });
  });
});

describe.skipIf(!existsSync(SHARED))('IPC problems (../shared/pddl)', () => {
  it('blocks 4-0: h^2 drops the operators that stack a block on itself; the groups are what is on each block', () => {
    const loaded = pddl('blocks', 'probBLOCKS-4-0.pddl');
    const task = ground(loaded.domain, loaded.problem);
    expect([task.atoms.length, task.operators.length]).toEqual([29, 40]);
    const { task: out, stats } = preprocess(task, 'h2');
    expect(stats).toMatchObject({ atoms: 25, operators: 32, h2Pruned: 8, irrelevant: 0, mutexGroups: 4, groupedAtoms: 20 });
    const dropped = task.operators.filter((o) => !out.operators.some((k) => k.name === o.name)).map((o) => o.name);
    expect(dropped.sort()).toEqual(['stack(a,a)', 'stack(b,b)', 'stack(c,c)', 'stack(d,d)', 'unstack(a,a)', 'unstack(b,b)', 'unstack(c,c)', 'unstack(d,d)']);
    expect(groupsOf(out).map((g) => g.sort())).toEqual([
      ['clear(c)', 'holding(c)', 'on(a,c)', 'on(b,c)', 'on(d,c)'],
      ['clear(a)', 'holding(a)', 'on(b,a)', 'on(c,a)', 'on(d,a)'],
      ['clear(b)', 'holding(b)', 'on(a,b)', 'on(c,b)', 'on(d,b)'],
      ['clear(d)', 'holding(d)', 'on(a,d)', 'on(b,d)', 'on(c,d)'],
    ]);
    expect(out.mutexGroupNone).toEqual([false, false, false, false]);
  });

  it("gripper prob01: the robot's room, each ball's room, each gripper's load", () => {
    const loaded = pddl('gripper', 'prob01.pddl');
    const task = ground(loaded.domain, loaded.problem);
    const { task: out, stats } = preprocess(task, 'h2');
    expect(stats).toMatchObject({ atoms: 20, operators: 34, h2Pruned: 0, irrelevant: 2, mutexGroups: 7, groupedAtoms: 20 });
    const groups = groupsOf(out);
    expect(groups[0]).toEqual(['atRobby(rooma)', 'atRobby(roomb)']);
    expect(groups).toContainEqual(['at(ball1,rooma)', 'at(ball1,roomb)']);
    expect(groups).toContainEqual(['free(left)', 'carry(ball4,left)', 'carry(ball3,left)', 'carry(ball2,left)', 'carry(ball1,left)']);
    // the robot is always in a room; a ball may be in a gripper
    expect(out.mutexGroupNone?.[0]).toBe(false);
    expect(out.mutexGroupNone?.[groups.findIndex((g) => g[0] === 'at(ball1,rooma)')]).toBe(true);
  });

  it('driverlog p03: relevance drops 12 operators and 5 atoms; gbfs finds a plan of the same length in fewer expansions', () => {
    const loaded = pddl('driverlog', 'p03.pddl');
    const task = ground(loaded.domain, loaded.problem);
    expect([task.atoms.length, task.operators.length]).toEqual([44, 120]);
    expect(preprocess(task, 'relevance').stats).toMatchObject({ atoms: 39, operators: 108, irrelevant: 12 });
    const runs = (['none', 'relevance', 'h2'] as const).map((preprocess) => solveLoaded(loaded, { algo: 'gbfs', heuristic: 'hff', preprocess }));
    expect(runs.map((r) => [r.status, r.length, r.stats.expanded])).toEqual([
      ['solved', 13, 15],
      ['solved', 13, 13],
      ['solved', 13, 13],
    ]);
  });
});
