/**
 * The engine's stall stop (BestFirstConfig.stall) and auto's time slices
 * (memberSliceMs): a greedy search whose best h has stood `stall` times the
 * expansions that reached it stops with a node limit, and the members of
 * the portfolio after a member that stopped early share the time it left.
 */
import { describe, expect, it } from 'vitest';
import { type BestFirstConfig, bestFirstSearch, STALL_FLOOR } from '../../src/search/engine.ts';
import { defaultSearchOptions } from '../../src/search/types.ts';
import { Budget } from '../../src/util/budget.ts';
import { AUTO_PORTFOLIO, memberConfig, memberNodes, memberSliceMs, STALL } from '../../src/plugins/sokoban/presets.ts';
import { binaryTree } from './tiny-tasks.ts';

const GREEDY: BestFirstConfig = { gWeight: 0, hWeight: 1, reopen: false, goalOnGeneration: true, tieByG: true, lazy: false, preferred: false };

/** With a node limit of 100,000, so that a stall stop that never comes fails the test instead of running on. */
function run(goal: number, h: (n: number) => number, stall?: number) {
  const options = { ...defaultSearchOptions, maxNodes: 100_000 };
  return bestFirstSearch(binaryTree(goal), options, { ...GREEDY, stall }, { evaluator: { evaluate: (s, off) => h(s[off]) } }, new Budget(options));
}

describe('the stall stop', () => {
  it('a flat estimate: the best (the root) stands, and the search stops after stall · STALL_FLOOR more expansions', () => {
    const r = run(1_000_000, () => 5, 2);
    expect([r.status, r.stats.limit, r.stats.expanded]).toEqual(['limit', 'nodes', 1 + 2 * STALL_FLOOR + 1]);
    expect(r.reason).toBe('stalled: no better estimate than 5 in the last 2001 expanded states (1 before it)');
  });

  it('the stand is measured against the expansions that reached the best: a late best gets a longer stand', () => {
    // h falls by one along the leftmost path (the states 0, 1, 3, 7, …) down to 0 at depth 11: the 12th expansion
    const depth = (n: number): number => Math.floor(Math.log2(n + 1));
    const leftmost = (n: number): boolean => ((n + 1) & n) === 0;
    const r = run(1_000_000, (n) => (leftmost(n) && depth(n) <= 11 ? 11 - depth(n) : 11), 1);
    expect([r.status, r.stats.limit]).toEqual(['limit', 'nodes']);
    expect(r.reason).toBe('stalled: no better estimate than 0 in the last 1001 expanded states (12 before it)');
    expect(r.stats.expanded).toBe(12 + STALL_FLOOR + 1);
  });

  it('without stall the same search runs to its node limit; with it, a goal found before the stand is long enough is a plan', () => {
    const flat = bestFirstSearch(binaryTree(1_000_000), { ...defaultSearchOptions, maxNodes: 5000 }, GREEDY, { evaluator: { evaluate: () => 5 } }, new Budget({ ...defaultSearchOptions, maxNodes: 5000 }));
    expect([flat.status, flat.stats.limit, flat.stats.expanded]).toEqual(['limit', 'nodes', 5000]);
    // the goal 600 is in the tree's 10th level: found breadth-first (equal h, ties by g) within the 1,000 expansions a stall of 1 allows
    const found = run(600, () => 5, 1);
    expect([found.status, found.plan?.length]).toEqual(['solved', 9]);
  });
});

describe("auto's members and their time", () => {
  it('the backward members carry the stall stop into their search; the forward ones do not', () => {
    expect(AUTO_PORTFOLIO.map((m) => memberConfig(m).stall)).toEqual([STALL, undefined, STALL, undefined, undefined, undefined]);
    expect(STALL).toBe(300);
  });

  it('each member gets its share of the time left among the members from it on; the last all that is left', () => {
    // each member using all its slice: 9, 6, 12, 13.5, 6 and 13.5 s of a minute, as fixed shares would give
    const full = [60_000, 51_000, 45_000, 33_000, 19_500, 13_500].map((left, i) => Math.round(memberSliceMs(AUTO_PORTFOLIO, i, left)));
    expect(full).toEqual([9000, 6000, 12_000, 13_500, 6000, 13_500]);
    // the first member stalled after 1 s: the 8 s it left go to the others in proportion (0.1 : 0.2 : 0.225 : 0.1 : 0.225)
    expect(Math.round(memberSliceMs(AUTO_PORTFOLIO, 1, 59_000))).toBe(6941);
    // the goal groups' member stopped at once (a level of one group): its 6.9 s go on in proportion (0.2 : 0.225 : 0.1 : 0.225)
    expect(Math.round(memberSliceMs(AUTO_PORTFOLIO, 2, 59_000))).toBe(15_733);
    // no time limit: 10 s per share of 0.1 but for the last
    expect([0, 1, 2, 3, 4, 5].map((i) => memberSliceMs(AUTO_PORTFOLIO, i, Infinity))).toEqual([15_000, 10_000, 20_000, 22_500, 10_000, Infinity]);
  });

  it("each member's node limit is its share of the limit, at most what is left; the last gets all that is left", () => {
    // 1,000 states: 150, 100, 200, 225, 100, and then what the others left
    expect(memberNodes(AUTO_PORTFOLIO, 0, 1000, 1000)).toBe(150);
    expect(memberNodes(AUTO_PORTFOLIO, 1, 1000, 850)).toBe(100);
    expect(memberNodes(AUTO_PORTFOLIO, 2, 1000, 750)).toBe(200);
    expect(memberNodes(AUTO_PORTFOLIO, 3, 1000, 100)).toBe(100);
    expect(memberNodes(AUTO_PORTFOLIO, 4, 1000, 420)).toBe(100);
    expect(memberNodes(AUTO_PORTFOLIO, 5, 1000, 420)).toBe(420);
    // a share below one state still gets one; no limit stays none
    expect(memberNodes(AUTO_PORTFOLIO, 0, 3, 3)).toBe(1);
    expect(memberNodes(AUTO_PORTFOLIO, 1, Infinity, Infinity)).toBe(Infinity);
  });
});
