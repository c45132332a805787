/**
 * The engine's test on taking a state from the open list
 * (BestFirstHooks.pruneOnPop): a state it rejects is dropped before it is
 * expanded, is not counted as expanded, and is never taken again; the
 * search goes on with the others.
 */
import { describe, expect, it } from 'vitest';
import { type BestFirstConfig, bestFirstSearch } from '../../src/search/engine.ts';
import { defaultSearchOptions } from '../../src/search/types.ts';
import { Budget } from '../../src/util/budget.ts';
import { binaryTree } from './tiny-tasks.ts';

const GREEDY: BestFirstConfig = { gWeight: 0, hWeight: 1, reopen: false, goalOnGeneration: true, tieByG: true, lazy: false, preferred: false };

/** Greedy with h(n) = n, dropping the states in `drop` when taken; the states taken, in order. */
function run(size: number, goal: number, drop: ReadonlySet<number>, c: BestFirstConfig = GREEDY) {
  const taken: number[] = [];
  const r = bestFirstSearch(
    binaryTree(goal, size),
    defaultSearchOptions,
    c,
    {
      evaluator: { evaluate: (s, off) => s[off] },
      pruneOnPop: (s, off, id) => {
        expect(off).toBe(id); // one word a state: the store's offset is the id
        taken.push(s[off]);
        return drop.has(s[off]);
      },
    },
    new Budget(defaultSearchOptions),
  );
  return { r, taken };
}

describe('pruneOnPop', () => {
  it('a dropped state is not expanded nor counted: its subtree is never generated', () => {
    const kept = run(15, 6, new Set());
    expect([kept.r.status, kept.r.stats.expanded, kept.r.stats.generated, kept.taken]).toEqual(['solved', 3, 6, [0, 1, 2]]);
    const dropped = run(15, 6, new Set([1]));
    expect([dropped.r.status, dropped.r.stats.expanded, dropped.r.stats.generated, dropped.taken]).toEqual(['solved', 2, 4, [0, 1, 2]]);
    expect(dropped.r.plan).toEqual([1, 1]); // op 1 twice: state 2, then 6
  });

  it('every state but the root dropped: the search ends with the states stored, none expanded twice', () => {
    const { r, taken } = run(15, 14, new Set([1, 2]));
    expect([r.status, r.stats.expanded, r.stats.stored, taken]).toEqual(['unsolvable', 1, 3, [0, 1, 2]]);
    expect(r.reason).toBe('all 3 reachable states that the heuristic does not prove dead explored; none satisfies the goal');
  });

  it('with the goal tested on expansion, a dropped goal state is no plan', () => {
    const astar: BestFirstConfig = { ...GREEDY, gWeight: 1, goalOnGeneration: false, tieByG: false };
    expect(run(7, 2, new Set()).r.status).toBe('solved');
    const { r, taken } = run(7, 2, new Set([2]), astar);
    expect([r.status, r.stats.expanded, taken]).toEqual(['unsolvable', 4, [0, 1, 2, 3, 4]]);
  });
});
