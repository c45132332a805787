/**
 * The Search view's model (src/web/page/search-model.ts, no DOM) on real
 * traces of `planlog trace --format json`: the steps, the jumps to a bound
 * (where each iteration's expansions begin) and to an f-layer, the current
 * path, the open and closed sets, a cut trace, and the Sokoban state read
 * from a node's atoms.
 */
import { describe, expect, it } from 'vitest';
import type { SearchTrace as PlannerTrace } from '../../src/trace/trace.ts';
import { sokobanState, TraceModel } from '../../src/web/page/search-model.ts';
import { runMain, scratch } from '../cli/run-main.ts';

const files = scratch('planlog-search-model-');
/** Two boxes in a corridor, no plan: iddfs --cycle action deepens to bound 7 (46 expansions). */
const TWO = files.file('two.txt', '#########\n#@$ .$. #\n#########\n');

async function trace(file: string, ...flags: string[]): Promise<PlannerTrace> {
  const r = await runMain('trace', file, ...flags, '--format', 'json');
  expect(r.err).toBe('');
  return JSON.parse(r.out) as PlannerTrace;
}

describe('the Search view model', () => {
  it('iddfs: a jump per bound at the first expansion of its iteration, the recorded nodes per bound, the stack as the current path', async () => {
    const t = await trace(TWO, '--algo', 'iddfs', '--cycle', 'action', '--states');
    const m = new TraceModel(t);
    expect(m.steps).toBe(46);
    expect(m.cut).toBe(false);
    expect(m.depthFirst).toBe(true);
    // the iterations expanded 1, 2, 4, 6, 9, 11, 13 nodes: bound b begins after the earlier ones
    expect(t.iterations!.map((it) => it.expanded)).toEqual([1, 2, 4, 6, 9, 11, 13]);
    expect(m.jumps()).toEqual([0, 1, 3, 7, 13, 22, 33].map((step, k) => ({ label: `bound ${k + 1}`, step })));
    expect([...m.recordedPerBound()]).toEqual(t.iterations!.map((it) => [it.bound, it.expanded]));
    // step 5: bound 3's second push (root 3 → push 4 → node 5)
    const at = m.at(5);
    expect(at.path).toEqual([3, 4, 5]);
    expect(at.closed).toEqual([0, 1, 2, 3, 4, 5]);
    expect(t.nodes[5]).toMatchObject({ parent: 4, depth: 2, bound: 3 });
  });

  it('bfs with a window of 3: closed and open at each step, the frontier open once its parent is expanded', async () => {
    const t = await trace(TWO, '--algo', 'bfs', '--states', '--limit', '3');
    const m = new TraceModel(t);
    expect([m.steps, t.expansions, m.cut]).toEqual([3, 6, true]);
    const frontier = t.nodes.filter((n) => n.frontier);
    expect(frontier.map((n) => [n.id, n.parent])).toEqual([
      [3, 1],
      [4, 2],
    ]);
    expect(m.at(0)).toEqual({ current: 0, closed: [0], open: [1], path: [0] });
    expect(m.at(1)).toEqual({ current: 1, closed: [0, 1], open: [2, 3], path: [0, 1] });
    expect(m.at(2)).toEqual({ current: 2, closed: [0, 1, 2], open: [3, 4], path: [0, 1, 2] });
    // f-layers: bfs orders by g
    expect(m.jumps()).toEqual([
      { label: 'f = 0', step: 0 },
      { label: 'f = 1', step: 1 },
      { label: 'f = 2', step: 2 },
    ]);
  });

  it('a Sokoban state from its atoms (sokoban/box over xXyY squares); null for atoms of another domain', () => {
    expect(sokobanState(['box(x2y1)', 'box(x5y1)', 'empty(x3y1)', 'sokoban(x1y1)'])).toEqual({ player: [1, 1], boxes: [[2, 1], [5, 1]] });
    expect(sokobanState(['on(a,b)', 'clear(a)'])).toBeNull();
  });
});
