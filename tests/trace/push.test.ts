/**
 * planlog trace of the push-level strategies (push, push-greedy,
 * optimal-pushes, auto): the best-first engine reports every expansion of
 * the space of macro operators, named "push x3y3 right" (backwards, from
 * the goals: "pull x5y3 left"); the plan's path has one node per push, and
 * `planOps` lists those operators. Counts are those of the search itself.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadProblem, solveLoaded, traceLoaded, type LoadedProblem, type SearchTrace } from '../../src/index.ts';

const path = (p: string): string => fileURLToPath(new URL(`../../${p}`, import.meta.url));
const SOKOBAN = readFileSync(path('domains/sokoban.pl'), 'utf8');
const level = (file: string, text: string): LoadedProblem => loadProblem({ file, text, domainFile: 'sokoban.pl', domainText: SOKOBAN });
const demo = (): LoadedProblem => level('demo.txt', readFileSync(path('maps/demo.txt'), 'utf8'));
// With both boxes on the goals (x3y2, x3y3) the wall at x3y1 cuts the floor in two: the backward search has two roots.
const TWO_REGIONS = ['########', '#  #   #', '#@ .$  #', '#  .$  #', '########'].join('\n');

/** [operator, g, h, f, parent] of each recorded node. */
const rows = (t: SearchTrace): unknown[][] => t.nodes.filter((n) => n.recorded).map((n) => [n.op, n.g, n.h, n.f, n.parent]);

/** The plan path: one node per macro operator, linked parent to child from a root. */
function expectPushChain(t: SearchTrace): void {
  const ops = t.planOps!;
  expect(t.planNodes).toHaveLength(ops.length + 1);
  expect(t.nodes[t.planNodes[0]].parent).toBeNull();
  t.planNodes.slice(1).forEach((id, i) => {
    expect(t.nodes[id].parent).toBe(t.planNodes[i]);
    expect(t.nodes[id].op).toBe(ops[i]);
  });
  expect(t.nodes.filter((n) => n.plan).map((n) => n.id)).toEqual(t.planNodes);
}

const DEMO_PUSHES = ['push x3y3 right', 'push x3y2 down', 'push x3y3 down', 'push x4y3 right', 'push x3y4 right', 'push x4y4 right'];

describe("trace --orientations on: the searches of the turned levels, in the level's names", () => {
  it("push-greedy on maps/demo.txt: the plan's pushes and path as the level names them", () => {
    const plain = traceLoaded(demo(), { algo: 'push-greedy' });
    const t = traceLoaded(demo(), { algo: 'push-greedy', ...{ orientations: 'on' } });
    expect(t.status).toBe('solved');
    expectPushChain(t);
    // every operator recorded names squares of the level; the plan the same pushes as the search of the level as it stands
    const cells = new Set(readFileSync(path('maps/demo.txt'), 'utf8').split('\n').flatMap((row, y) => [...row].map((c, x) => (c === '#' ? '' : `x${x}y${y}`))));
    for (const n of t.nodes.filter((n) => n.op !== null)) for (const c of n.op!.match(/x\d+y\d+/g) ?? []) expect(cells.has(c)).toBe(true);
    // the same six pushes in another order (the turned level's ties fall otherwise), valid on the level
    expect(t.planOps).toEqual(['push x3y3 right', 'push x3y2 down', 'push x3y3 down', 'push x3y4 right', 'push x4y4 right', 'push x4y3 right']);
    expect(plain.planOps).toEqual(DEMO_PUSHES);
    const r = solveLoaded(demo(), { algo: 'push-greedy', ...{ orientations: 'on' } });
    expect([r.status, r.validation?.valid]).toEqual(['solved', true]);
  });
});

describe('trace --algo push (A* on pushes) on maps/demo.txt', () => {
  it('six expansions, one per push of the plan, f = pushes + matching', () => {
    const t = traceLoaded(demo(), { algo: 'push' });
    expect(t).toMatchObject({ algo: 'push', status: 'solved', expansions: 6, planOps: DEMO_PUSHES, planNodes: [0, 1, 2, 3, 4, 5, 6] });
    expect(t.plan).toHaveLength(17);
    expect(t.stats).toMatchObject({ expanded: 6, generated: 15 });
    expect(rows(t)).toEqual([
      [null, 0, 6, 6, null],
      ['push x3y3 right', 1, 5, 6, 0],
      ['push x3y2 down', 2, 4, 6, 1],
      ['push x3y3 down', 3, 3, 6, 2],
      ['push x4y3 right', 4, 2, 6, 3],
      ['push x3y4 right', 5, 1, 6, 4],
    ]);
    // the goal is generated, not expanded: added with g only
    expect(t.nodes[6]).toEqual({ id: 6, parent: 5, op: 'push x4y4 right', g: 6, h: null, f: null, depth: 6, recorded: false, plan: true, goal: true });
    expect(t.levels).toEqual([0, 1, 2, 3, 4, 5].map((depth) => ({ depth, expanded: 1 })));
    expectPushChain(t);
  });

  it('push-greedy orders by h alone; optimal-pushes is push with matching', () => {
    const greedy = traceLoaded(demo(), { algo: 'push-greedy' });
    expect(greedy.stats).toMatchObject({ expanded: 6, generated: 15 });
    expect(rows(greedy).map((r) => [r[0], r[3]])).toEqual([
      [null, 6],
      ['push x3y3 right', 5],
      ['push x3y2 down', 4],
      ['push x3y3 down', 3],
      ['push x4y3 right', 2],
      ['push x3y4 right', 1],
    ]);
    const optimal = traceLoaded(demo(), { algo: 'optimal-pushes' });
    expect(rows(optimal)).toEqual(rows(traceLoaded(demo(), { algo: 'push' })));
    expect(optimal.planOps).toEqual(DEMO_PUSHES);
  });

  it('the trace changes nothing: same plan and counts as solve', () => {
    for (const algo of ['push', 'push-greedy', 'optimal-pushes', 'auto']) {
      const plain = solveLoaded(demo(), { algo });
      const t = traceLoaded(demo(), { algo }, 3);
      expect(t.plan).toEqual(plain.plan);
      expect(t.expansions).toBe(plain.stats.expanded);
      expect(t.stats.generated).toBe(plain.stats.generated);
      expect(t.planOps).toHaveLength(plain.pushes!);
    }
  });
});

describe('trace --algo auto: the backward member pulls boxes from the goals', () => {
  it('demo, --limit 8: 13 expansions; the plan path leaves the recorded nodes after two pulls', () => {
    const t = traceLoaded(demo(), { algo: 'auto' }, 8);
    expect(t).toMatchObject({ status: 'solved', expansions: 13, planNodes: [0, 1, 2, 8, 9, 10, 11, 12, 13] });
    expect(t.planOps).toEqual(['pull x5y3 left', 'pull x4y3 left', 'pull x5y4 left', 'pull x4y4 left', 'pull x3y3 left', 'pull x3y4 up', 'pull x3y3 up', 'pull x2y3 right']);
    expect(rows(t)).toEqual([
      [null, 0, 6, 6, null],
      ['pull x5y3 left', 1, 5, 5, 0],
      ['pull x4y3 left', 2, 4, 4, 1],
      ['pull x3y3 up', 3, 3, 3, 2],
      ['pull x5y4 up', 4, 2, 2, 3],
      ['pull x5y4 left', 4, 2, 2, 3],
      ['pull x4y4 left', 5, 1, 1, 5],
      ['pull x5y3 up', 5, 3, 3, 4],
    ]);
    expect(t.nodes.slice(8).every((n) => !n.recorded && n.plan)).toBe(true);
    expect(t.levels?.map((l) => l.expanded)).toEqual([1, 1, 1, 2, 3, 3, 1, 1]);
    expectPushChain(t);
  });

  it('two regions: one root each; the plan path starts at the second root, the one the pulls leave from', () => {
    const t = traceLoaded(level('two.txt', TWO_REGIONS), { algo: 'auto' });
    expect(t).toMatchObject({ status: 'solved', expansions: 5, planNodes: [1, 2, 3, 4, 5] });
    expect(rows(t)).toEqual([
      [null, 0, 2, 2, null],
      [null, 0, 2, 2, null],
      ['pull x3y2 right', 1, 1, 1, 1],
      ['pull x3y3 right', 2, 0, 0, 2],
      ['pull x4y2 right', 3, 1, 1, 3],
    ]);
    expect(t.planOps).toEqual(['pull x3y2 right', 'pull x3y3 right', 'pull x4y2 right', 'pull x5y2 left']);
    expect(t.nodes[0].plan).toBe(false);
    expectPushChain(t);
  });

  it('--max-nodes 12: each member traced in turn (2, 3, 3, 2 and 2 expansions), the last one solving it with a box macro; with 21 the backward push-distance member solves it, the path in its part', () => {
    const t = traceLoaded(level('two.txt', TWO_REGIONS), { algo: 'auto', maxNodes: 12 });
    // the plan: the last member's root, its recorded macro node (three pushes), then the goal it generated
    expect(t).toMatchObject({ status: 'solved', expansions: 12, planNodes: [10, 11, 12] });
    expect(t.stats).toMatchObject({ expanded: 12, generated: 36 });
    expect(t.planOps).toEqual(['push x4y2 to x3y2', 'push x4y3 left']);
    expect(t.plan.filter((s) => s.startsWith('push'))).toHaveLength(4);
    expect(t.nodes[12]).toMatchObject({ parent: 11, op: 'push x4y3 left', recorded: false, plan: true, goal: true });
    expect(rows(t)).toEqual([
      // backward greedy with matching: its node budget (2) ends it; the goal groups' member stops at once (one group)
      [null, 0, 2, 2, null],
      [null, 0, 2, 2, null],
      // backward greedy with push distances and goal macros (3): the box on x3y2 pulled right twice and back left onto x4y2, the player left of it
      [null, 0, 2, 2, null],
      [null, 0, 2, 2, null],
      ['pull x3y2 to x4y2', 3, 1, 1, 3],
      // the forward feature-space search (3): it takes turns among the cells, so the root's second push comes before the first one's child;
      // with advisor weights g is the path's weight and f = 10,000·g + h: the push that joins the two regions weighs 0
      [null, 0, 2, 2, null],
      ['push x4y3 right', 1, 3, 10003, 5],
      ['push x4y2 right', 0, 3, 3, 5],
      // the same search on the level turned a quarter (2), its push named as on the level
      [null, 0, 2, 2, null],
      ['push x4y3 right', 1, 3, 10003, 8],
      // the feature-space search with box macros (what is left: 2): one macro takes the box on x4y2 to the goal x3y2
      [null, 0, 2, 2, null],
      ['push x4y2 to x3y2', 1, 1, 10001, 10],
    ]);
    expect(t.levels).toEqual([
      { depth: 0, expanded: 7 },
      { depth: 1, expanded: 5 },
    ]);
    const solved = traceLoaded(level('two.txt', TWO_REGIONS), { algo: 'auto', maxNodes: 21 });
    expect(solved).toMatchObject({ status: 'solved', expansions: 9, planNodes: [5, 6, 7, 8, 9] });
    expect(rows(solved).slice(2)).toEqual([
      ['pull x3y2 right', 1, 1, 1, 1],
      ['pull x3y3 right', 2, 0, 0, 2],
      [null, 0, 2, 2, null],
      [null, 0, 2, 2, null],
      ['pull x3y2 to x4y2', 3, 1, 1, 5],
      ['pull x3y3 to x4y3', 6, 0, 0, 6],
      ['pull x4y2 right', 7, 1, 1, 7],
    ]);
    expect(solved.planOps).toEqual(['pull x3y2 to x4y2', 'pull x3y3 to x4y3', 'pull x4y2 right', 'pull x5y2 left']);
    expectPushChain(solved);
  });
});
