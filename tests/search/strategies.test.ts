import { describe, expect, it } from 'vitest';
import { strategies, strategyNames } from '../../src/plugins/index.ts';
import { bfs } from '../../src/search/bfs.ts';
import { iddfs } from '../../src/search/iddfs.ts';
import { defaultSearchOptions, type SearchOptions } from '../../src/search/types.ts';
import { makeSearchSpace } from '../../src/strips/space.ts';
import { replayTask, type Task } from '../../src/strips/task.ts';
import { alreadyDone, corridor, costly, exclusive, switchTwice } from './tiny-tasks.ts';

const opts = (o: Partial<SearchOptions> = {}): SearchOptions => ({ ...defaultSearchOptions, ...o });
const names = (t: Task, plan: number[] | null): string[] => (plan ?? []).map((o) => t.operators[o].name);
const reachesGoal = (t: Task, plan: number[]): boolean => {
  const s = replayTask(t, plan);
  return s !== null && t.goal.every((g) => s.has(g));
};

describe('every registered strategy on tiny tasks', () => {
  const tasks: [string, () => Task, number | null][] = [
    ['corridor', corridor, 4],
    ['exclusive', exclusive, null],
    ['switchTwice', switchTwice, 4],
    ['alreadyDone', alreadyDone, 0],
  ];
  for (const name of strategyNames.filter((n) => !strategies[n].plugin)) {
    for (const [tname, make, length] of tasks) {
      it(`${name} on ${tname}`, () => {
        const task = make();
        const r = strategies[name].run(makeSearchSpace(task), opts());
        if (length === null) {
          expect(r.status).toBe('unsolvable');
          expect(r.plan).toBeNull();
        } else {
          expect(r.status).toBe('solved');
          expect(r.plan).toHaveLength(length);
          expect(reachesGoal(task, r.plan!)).toBe(true);
        }
      });
    }
  }
});

describe('iddfs', () => {
  it('counts nodes per depth bound: one simple path per length in a corridor (cycle state)', () => {
    const r = iddfs(makeSearchSpace(corridor()), opts());
    expect(r.stats.iterations).toEqual([
      { bound: 1, expanded: 1, generated: 1, maxDepth: 1 },
      { bound: 2, expanded: 2, generated: 2, maxDepth: 2 },
      { bound: 3, expanded: 3, generated: 3, maxDepth: 3 },
      { bound: 4, expanded: 4, generated: 4, maxDepth: 4 },
    ]);
    expect(names(corridor(), r.plan)).toEqual(['go(a,b)', 'go(b,c)', 'go(c,d)', 'go(d,e)']);
  });

  it('with the action rule walks back along the corridor (each ground step once)', () => {
    const r = iddfs(makeSearchSpace(corridor()), opts({ cycle: 'action' }));
    expect(r.stats.iterations!.slice(0, 3).map((i) => i.generated)).toEqual([1, 3, 5]);
    expect(r.plan).toHaveLength(4);
  });

  it('max-length termination proves unsolvability when no path reaches the bound', () => {
    const r = iddfs(makeSearchSpace(exclusive()), opts());
    expect(r.status).toBe('unsolvable');
    expect(r.stats.iterations!.map((i) => [i.bound, i.maxDepth])).toEqual([
      [1, 1],
      [2, 1],
    ]);
  });

  it('the original action rule finds no plan when an operator must repeat', () => {
    const r = iddfs(makeSearchSpace(switchTwice()), opts({ cycle: 'action' }));
    expect(r.status).toBe('unsolvable');
    expect(r.reason).toMatch(/at most once/);
    expect(iddfs(makeSearchSpace(switchTwice()), opts()).plan!.length).toBe(4);
  });

  it('stops at the node limit with status limit', () => {
    const r = iddfs(makeSearchSpace(corridor()), opts({ maxNodes: 3 }));
    expect(r.status).toBe('limit');
    expect(r.stats.limit).toBe('nodes');
    expect(r.stats.expanded).toBe(3);
  });
});

describe('bfs', () => {
  it('finds the plan with fewest actions, not the cheapest', () => {
    const t = costly();
    const r = bfs(makeSearchSpace(t), opts());
    expect(names(t, r.plan)).toEqual(['direct']);
    expect(strategies.bfs.optimal(makeSearchSpace(t), opts())).toBe(false);
    expect(strategies.bfs.optimal(makeSearchSpace(corridor()), opts())).toBe(true);
  });

  it('counts expanded, generated and duplicates on the corridor', () => {
    const r = bfs(makeSearchSpace(corridor()), opts());
    // a(1 succ) b(2: a dup, c) c(2: b dup, d) d(2: c dup, e → goal)
    expect(r.stats).toMatchObject({ expanded: 4, generated: 7, duplicates: 3, stored: 5 });
  });

  it('answers unsolvable after exploring every reachable state', () => {
    const r = bfs(makeSearchSpace(exclusive()), opts());
    expect(r.status).toBe('unsolvable');
    expect(r.stats.stored).toBe(2);
  });

  it('stops at the node limit', () => {
    const r = bfs(makeSearchSpace(corridor()), opts({ maxNodes: 2 }));
    expect(r).toMatchObject({ status: 'limit', plan: null, stats: { limit: 'nodes', expanded: 2 } });
  });
});
