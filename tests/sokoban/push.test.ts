/**
 * Push-level search and the presets: plans expanded to moveX/pushX steps
 * and replayed by the validator (solveLoaded does that); push-optimal A*
 * equal to uniform-cost search under domains/sokoban-pushes.pl; the
 * move-optimal preset equal to bfs; `auto` solves every bundled level.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { PlanlogError } from '../../src/util/errors.ts';
import { loadProblem, type LoadedProblem } from '../../src/core/load.ts';
import { solveLoaded } from '../../src/pipeline/solve.ts';
import { Board } from '../../src/plugins/sokoban/board.ts';
import { lurdToPlan } from '../../src/sokoban/lurd.ts';
import { expandPushes, pushSearch, type PushSearchConfig } from '../../src/plugins/sokoban/push-search.ts';
import { deadSquares } from '../../src/plugins/sokoban/deadlocks.ts';
import { defaultSearchOptions } from '../../src/search/types.ts';
import { readLevel, scanLevels } from '../../src/sokoban/level.ts';

const read = (rel: string): string => readFileSync(new URL(`../../${rel}`, import.meta.url), 'utf8');
function load(file: string, level: number, domain = 'domains/sokoban.pl'): LoadedProblem {
  return loadProblem({ file, text: read(file), level, domainFile: domain, domainText: read(domain) });
}
const cases = [
  ...scanLevels(read('maps/tutorial.txt'), 'maps/tutorial.txt').map((e) => ({ name: `tutorial ${e.number}`, file: 'maps/tutorial.txt', level: e.number })),
  { name: 'demo', file: 'maps/demo.txt', level: 1 },
];

describe('expandPushes', () => {
  it('walks the shortest way behind each box, then pushes', () => {
    const level = readLevel(['######', '#    #', '# #$ #', '#@  .#', '######'].join('\n'), 't.txt', undefined);
    const b = new Board(level);
    // push the box at x3y2 down (dir 1), then right (dir 3)
    const steps = expandPushes(b, [
      { box: b.square('x3y2'), dir: 1 },
      { box: b.square('x3y3'), dir: 3 },
    ]);
    expect(steps).toEqual(lurdToPlan(level, 'uurrDullddrR'));
  });

  it('throws on an impossible push', () => {
    const b = new Board(readLevel('#######\n#@$  .#\n#######', 't.txt', undefined));
    expect(() => expandPushes(b, [{ box: b.square('x2y1'), dir: 2 }])).toThrow(/the player cannot reach x3y1/);
    expect(() => expandPushes(b, [{ box: b.square('x3y1'), dir: 3 }])).toThrow(/impossible push of x3y1 R/);
  });
});

describe.each(cases)('$name', ({ file, level }) => {
  const unit = load(file, level);
  const pushes = load(file, level, 'domains/sokoban-pushes.pl');
  // the references (fewest moves, fewest pushes) are searched before the tests, not while vitest collects them
  let shortest: ReturnType<typeof solveLoaded>;
  let cheapest: ReturnType<typeof solveLoaded>;
  beforeAll(() => {
    shortest = solveLoaded(unit, { algo: 'bfs' });
    cheapest = solveLoaded(pushes, { algo: 'ucs' });
  });

  it('push (A*) finds a valid plan with the fewest pushes; optimal only under push costs', () => {
    const r = solveLoaded(unit, { algo: 'push' });
    expect(r.status).toBe('solved');
    expect(r.pushes).toBe(cheapest.cost);
    expect(r.optimal).toBe(false);
    const c = solveLoaded(pushes, { algo: 'push' });
    expect(c).toMatchObject({ status: 'solved', cost: cheapest.cost, optimal: true });
  });

  it('push-greedy and auto find valid plans', () => {
    for (const algo of ['push-greedy', 'auto']) {
      const r = solveLoaded(unit, { algo });
      expect(r.status).toBe('solved');
      expect(r.optimal).toBe(false);
      expect(r.plan.every((s) => /^(move|push)[UDLR]\(/.test(s))).toBe(true);
    }
  });

  it('push with each box estimate, and weighted', () => {
    for (const h of ['manhattan', 'pushdist', 'matching']) {
      expect(solveLoaded(pushes, { algo: 'push', heuristic: h }).cost).toBe(cheapest.cost);
      expect(solveLoaded(unit, { algo: 'push', heuristic: h, weight: 3 }).status).toBe('solved');
    }
  });

  it('optimal-pushes equals ucs under sokoban-pushes.pl; optimal-moves equals bfs', () => {
    expect(solveLoaded(pushes, { algo: 'optimal-pushes' })).toMatchObject({ status: 'solved', cost: cheapest.cost, optimal: true });
    expect(solveLoaded(unit, { algo: 'optimal-moves' })).toMatchObject({ status: 'solved', length: shortest.length, optimal: true });
    expect(solveLoaded(pushes, { algo: 'optimal-moves' })).toMatchObject({ status: 'solved', cost: cheapest.cost, optimal: true });
  });
});

describe('proofs and errors', () => {
  it('push-level search proves the unsolvable levels unsolvable', () => {
    const file = 'maps/unsolvable.txt';
    for (const e of scanLevels(read(file), file)) {
      for (const algo of ['push', 'push-greedy', 'auto', 'optimal-pushes', 'optimal-moves']) {
        expect(solveLoaded(load(file, e.number), { algo }).status, `${algo} level ${e.number}`).toBe('unsolvable');
      }
    }
  });

  it('needs a level: a PlanlogError for a Prolog problem; auto and optimal-moves fall back to domain-independent search', () => {
    const robot = loadProblem({ file: 'p.pl', text: read('domains/robot-problem.pl'), domainFile: 'domains/robot.pl', domainText: read('domains/robot.pl') });
    for (const algo of ['push', 'push-greedy', 'optimal-pushes']) expect(() => solveLoaded(robot, { algo })).toThrow(PlanlogError);
    expect(solveLoaded(robot, { algo: 'auto' })).toMatchObject({ status: 'solved', length: 3 });
    expect(solveLoaded(robot, { algo: 'optimal-moves' })).toMatchObject({ status: 'solved', length: 3, optimal: true });
  });

  it('push takes only the Sokoban box estimates', () => {
    expect(() => solveLoaded(load('maps/demo.txt', 1), { algo: 'push', heuristic: 'hff' })).toThrow(/box estimate/);
  });

  it('the bench level (5 boxes, 783,372 states): push-optimal A* expands 42 push states, auto 36', () => {
    const bench = load('maps/bench.txt', 1);
    const r = solveLoaded(bench, { algo: 'push' });
    expect(r).toMatchObject({ status: 'solved', length: 98, pushes: 13 });
    expect(r.stats).toMatchObject({ expanded: 42, generated: 345 });
    const a = solveLoaded(bench, { algo: 'auto' });
    expect(a).toMatchObject({ status: 'solved', length: 100, pushes: 21 });
    expect(a.stats).toMatchObject({ expanded: 36, generated: 143 });
  });
});

describe('pushSearch on the best-first engine: the counts of the search before it moved there', () => {
  const configs: Record<string, PushSearchConfig> = {
    'A*, matching': { gWeight: 1, hWeight: 1, goalOnGeneration: false, preferDeep: true, estimate: 'matching', frozenGoals: false },
    'greedy, matching': { gWeight: 0, hWeight: 1, goalOnGeneration: true, preferDeep: true, estimate: 'matching', frozenGoals: false },
    'weight 1.5, manhattan, shallow ties': { gWeight: 1, hWeight: 1.5, goalOnGeneration: false, preferDeep: false, estimate: 'manhattan', frozenGoals: false },
    'backward greedy, pushdist': { gWeight: 0, hWeight: 1, goalOnGeneration: true, preferDeep: true, estimate: 'pushdist', backward: true },
    'backward A*, matching': { gWeight: 1, hWeight: 1, goalOnGeneration: false, preferDeep: true, estimate: 'matching', backward: true },
  };
  // [pushes, expanded, generated, stored] per configuration, as the search's own loop gave them (git 5a3cbee; it had no frozen-goal check)
  const expected: Record<string, Record<string, number[]>> = {
    demo: {
      'A*, matching': [6, 6, 15, 13],
      'greedy, matching': [6, 6, 15, 13],
      'weight 1.5, manhattan, shallow ties': [6, 6, 15, 13],
      'backward greedy, pushdist': [8, 11, 32, 26],
      'backward A*, matching': [6, 15, 44, 30],
    },
    'tutorial 9': {
      'A*, matching': [7, 7, 14, 14],
      'greedy, matching': [7, 7, 14, 14],
      'weight 1.5, manhattan, shallow ties': [7, 8, 23, 19],
      'backward greedy, pushdist': [7, 7, 12, 12],
      'backward A*, matching': [7, 7, 12, 12],
    },
  };
  const levels: Record<string, [string, number]> = { demo: ['maps/demo.txt', 1], 'tutorial 9': ['maps/tutorial.txt', 9] };
  for (const [name, [file, n]] of Object.entries(levels)) {
    it(`${name}: plans of the same length, the same expanded and generated counts`, () => {
      const b = new Board(readLevel(read(file), file, n));
      for (const [label, config] of Object.entries(configs)) {
        const r = pushSearch(b, deadSquares(b), defaultSearchOptions, config);
        expect(r.status, label).toBe('solved');
        expect([r.pushes!.length, r.stats.expanded, r.stats.generated, r.stats.stored], label).toEqual(expected[name][label]);
        // the pushes replay: expandPushes throws on an impossible one
        expect(expandPushes(b, r.pushes!).filter((s) => s.startsWith('push'))).toHaveLength(r.pushes!.length);
      }
    });
  }
});
