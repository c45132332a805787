/**
 * planlog trace: the recorder sees every expansion; bfs level counts,
 * iddfs per-bound counts and the plan path are checked on tiny problems.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isPlanlogError, loadProblem, solveLoaded, traceLoaded, tracedStrategies, type LoadedProblem, type SearchTrace } from '../../src/index.ts';
import { bfs } from '../../src/search/bfs.ts';
import { defaultSearchOptions } from '../../src/search/types.ts';
import { makeSearchSpace } from '../../src/strips/space.ts';
import { TraceRecorder } from '../../src/trace/recorder.ts';
import { corridor } from '../search/tiny-tasks.ts';

const path = (p: string): string => fileURLToPath(new URL(`../../${p}`, import.meta.url));
const ROBOT = readFileSync(path('domains/robot.pl'), 'utf8');
const robotProblem = (goal: string): LoadedProblem =>
  loadProblem({ file: 'p.pl', text: `init([door(a, b), door(b, a), at(a), ball(red, a), free]).\ngoal([${goal}]).`, domainFile: 'robot.pl', domainText: ROBOT });
const tutorial = (level: number): LoadedProblem =>
  loadProblem({ file: 'tutorial.txt', text: readFileSync(path('maps/tutorial.txt'), 'utf8'), level, domainFile: 'sokoban.pl', domainText: readFileSync(path('domains/sokoban.pl'), 'utf8') });

/** The plan path is a chain of parent links from a root to the goal, one node per step (per macro operator: planOps). */
function expectPlanChain(t: SearchTrace): void {
  const steps = t.planOps ?? t.plan;
  expect(t.planNodes).toHaveLength(steps.length + 1);
  const [root, ...rest] = t.planNodes.map((id) => t.nodes[id]);
  expect(root.parent).toBeNull();
  rest.forEach((n, i) => {
    expect(n.parent).toBe(t.planNodes[i]);
    expect(n.op).toBe(steps[i]);
  });
  expect(t.nodes.filter((n) => n.plan).map((n) => n.id)).toEqual(t.planNodes);
  expect(t.nodes[t.planNodes[t.planNodes.length - 1]].goal).toBe(true);
}

describe('bfs: level counts', () => {
  it('the corridor a-b-c-d-e: one expansion per depth 0..3 (the goal e is generated, not expanded)', () => {
    const rec = new TraceRecorder(50);
    const r = bfs(makeSearchSpace(corridor()), { ...defaultSearchOptions, trace: rec.attach });
    expect(r.plan).toHaveLength(4);
    expect(rec.levels).toEqual([1, 1, 1, 1]);
    expect(rec.total).toBe(r.stats.expanded);
    expect(rec.nodes.map((n) => [n.parent, n.depth, n.g])).toEqual([[-1, 0, 0], [0, 1, 1], [1, 2, 2], [2, 3, 3]]);
  });

  it('the robot: depth 0 one state, depth 1 two (moved, holding), depth 2 one; plan path 0 → 2 → 3 → goal', () => {
    const t = traceLoaded(robotProblem('ball(red, b)'), { algo: 'bfs' });
    expect(t.status).toBe('solved');
    expect(t.levels).toEqual([
      { depth: 0, expanded: 1 },
      { depth: 1, expanded: 2 },
      { depth: 2, expanded: 1 },
    ]);
    expect(t.expansions).toBe(4);
    expect(t.plan).toEqual(['pick(red,a)', 'move(a,b)', 'drop(red,b)']);
    expect(t.planNodes).toEqual([0, 2, 3, 4]);
    expect(t.nodes[4]).toEqual({ id: 4, parent: 3, op: 'drop(red,b)', g: 3, h: null, f: null, depth: 3, recorded: false, plan: true, goal: true });
    expect(t.nodes[1]).toMatchObject({ op: 'move(a,b)', parent: 0, depth: 1, recorded: true, plan: false });
    expectPlanChain(t);
  });

  it('--limit keeps the first N expansions; the rest of the plan path is added unrecorded', () => {
    const t = traceLoaded(robotProblem('ball(red, b)'), { algo: 'bfs' }, 2);
    expect(t.expansions).toBe(4);
    expect(t.nodes.filter((n) => n.recorded)).toHaveLength(2);
    expect(t.nodes.map((n) => [n.op, n.recorded])).toEqual([
      [null, true],
      ['move(a,b)', true],
      ['pick(red,a)', false],
      ['move(a,b)', false],
      ['drop(red,b)', false],
    ]);
    expectPlanChain(t);
  });
});

describe('iddfs: nodes per depth bound', () => {
  for (const cycle of ['state', 'action'] as const) {
    it(`robot, goal ball(red,b) and holding(red) (no plan), --cycle ${cycle}: per-bound counts equal the solver's iterations`, () => {
      const loaded = robotProblem('ball(red, b), holding(red)');
      const t = traceLoaded(loaded, { algo: 'iddfs', cycle }, 5);
      const solved = solveLoaded(loaded, { algo: 'iddfs', cycle });
      expect(t.status).toBe('unsolvable');
      expect(t.iterations?.map((it) => it.expanded)).toEqual(solved.stats.iterations?.map((it) => it.expanded));
      expect(t.iterations?.map(({ bound, generated, maxDepth }) => ({ bound, generated, maxDepth }))).toEqual(
        solved.stats.iterations?.map(({ bound, generated, maxDepth }) => ({ bound, generated, maxDepth })),
      );
      expect(t.levels).toBeUndefined();
    });
  }

  it('--cycle state: bounds 1..5 expand 1, 3, 4, 5, 6 nodes; the longest path (4) stops the deepening at bound 5', () => {
    const t = traceLoaded(robotProblem('ball(red, b), holding(red)'), { algo: 'iddfs', cycle: 'state' }, 5);
    expect(t.iterations?.map((it) => [it.bound, it.expanded, it.maxDepth])).toEqual([
      [1, 1, 1],
      [2, 3, 2],
      [3, 4, 3],
      [4, 5, 4],
      [5, 6, 4],
    ]);
    expect(t.stopped).toBe('deepening stopped at depth bound 5: the longest partial plan reached depth 4 < 5, so no deeper bound can help (the original\'s max-length termination)');
    expect(t.nodes.map((n) => n.bound)).toEqual([1, 2, 2, 2, 3]);
    expect(t.planNodes).toEqual([]);
  });

  it('tutorial level 3 (6 moves): per-bound counts equal the solver\'s; the plan path lies in the last iteration', () => {
    const loaded = tutorial(3);
    const t = traceLoaded(loaded, { algo: 'iddfs' }, 100_000);
    const solved = solveLoaded(loaded, { algo: 'iddfs' });
    expect(t.iterations?.map((it) => it.bound)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(t.iterations?.map((it) => it.expanded)).toEqual(solved.stats.iterations?.map((it) => it.expanded));
    expect(t.stopped).toBe('a plan of 6 steps was found with depth bound 6');
    expect(t.planNodes.every((id) => t.nodes[id].bound === 6)).toBe(true);
    expectPlanChain(t);
  });
});

describe('every traced strategy on tutorial level 3', () => {
  const loaded = tutorial(3);
  const heuristicOf = (algo: string) => (['astar', 'wastar', 'gbfs', 'idastar'].includes(algo) ? 'hmax' : undefined);
  /** f of a node from its g and h, per strategy (g for the uninformed ones); on a level the push-level ones and optimal-moves bring their own heuristic. */
  const fOf: Record<string, (g: number, h: number) => number> = {
    astar: (g, h) => g + h,
    idastar: (g, h) => g + h,
    wastar: (g, h) => g + 2 * h,
    gbfs: (_g, h) => h,
    push: (g, h) => g + h,
    'optimal-pushes': (g, h) => g + h,
    'optimal-moves': (g, h) => g + h,
    'push-greedy': (_g, h) => h,
    auto: (_g, h) => h,
    lama: (_g, h) => h,
    'lama-first': (_g, h) => h,
  };
  const ownHeuristic = ['push', 'push-greedy', 'optimal-pushes', 'optimal-moves', 'auto', 'lama', 'lama-first'];
  const macro = ['push', 'push-greedy', 'optimal-pushes', 'auto'];
  for (const algo of tracedStrategies) {
    it(`${algo}: sees every expansion, changes nothing, and marks the plan`, () => {
      const options = { algo, heuristic: heuristicOf(algo) };
      const plain = solveLoaded(loaded, options);
      const t = traceLoaded(loaded, options, 10);
      expect(t.status).toBe('solved');
      expect(t.plan).toEqual(plain.plan);
      expect(t.stats.expanded).toBe(plain.stats.expanded);
      expect(t.stats.generated).toBe(plain.stats.generated);
      expect(t.expansions).toBe(plain.stats.expanded);
      expect(t.nodes.filter((n) => n.recorded)).toHaveLength(Math.min(10, plain.stats.expanded));
      expectPlanChain(t);
      // the push-level strategies trace pushes (auto: pulls), one node per push
      expect(t.planOps?.length).toBe(macro.includes(algo) ? plain.pushes : undefined);
      for (const n of t.nodes.filter((x) => x.recorded)) {
        const h = n.h ?? 0;
        expect(n.f).toBe(fOf[algo]?.(n.g, h) ?? n.g);
        expect(n.h === null).toBe(heuristicOf(algo) === undefined && !ownHeuristic.includes(algo));
      }
    });
  }

  it('a strategy that is not traced is refused with a PlanlogError', () => {
    expect(tracedStrategies).toEqual(['iddfs', 'bfs', 'dfs', 'ucs', 'astar', 'wastar', 'gbfs', 'idastar', 'push', 'push-greedy', 'auto', 'optimal-moves', 'lama', 'lama-first', 'optimal-pushes']);
    let error: unknown;
    try {
      traceLoaded(loaded, { algo: 'beam' });
    } catch (e) {
      error = e;
    }
    expect(isPlanlogError(error)).toBe(true);
    expect((error as Error).message).toContain('strategy beam cannot be traced');
  });
});
