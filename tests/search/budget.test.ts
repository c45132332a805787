/**
 * The budget's limits, without clocks: a time limit once seen stays seen,
 * a JavaScript heap near its limit stops the search (a fake memory reading),
 * and the state store's look-ahead stops it before a growth that would pass
 * --max-memory.
 */
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadProblem } from '../../src/core/load.ts';
import { solveLoaded } from '../../src/pipeline/solve.ts';
import { Budget, LimitReached, memoryProbe } from '../../src/util/budget.ts';
import { defaultSearchOptions } from '../../src/search/types.ts';
import { memoryPressure, setMemoryCeiling } from '../../src/util/reserve.ts';
import { StateStore } from '../../src/strips/store.ts';

const read = (rel: string): string => readFileSync(new URL(`../../${rel}`, import.meta.url), 'utf8');
const bench = loadProblem({ file: 'maps/bench.txt', text: read('maps/bench.txt'), domainFile: 'domains/sokoban.pl', domainText: read('domains/sokoban.pl') });

afterEach(() => {
  vi.restoreAllMocks();
  setMemoryCeiling(undefined);
});

describe('Budget', () => {
  // Regression: mcts checks the budget in its roll-outs and again in its main
  // loop; the roll-out took the "time" answer and the main loop's next clock
  // read came thousands of calls later (216 ms past a 1 s limit on Microban 153).
  it('answers every call after a time limit with that limit, without waiting for the next clock read', () => {
    const b = new Budget({ ...defaultSearchOptions, timeoutMs: 0 });
    expect(b.exceeded(0)).toBe('time');
    for (let i = 0; i < 10; i++) expect(b.exceeded(i)).toBe('time');
  });

  it('still answers the node limit first and exactly', () => {
    const b = new Budget({ ...defaultSearchOptions, timeoutMs: 0, maxNodes: 5 });
    expect(b.exceeded(0)).toBe('time');
    expect(b.exceeded(5)).toBe('nodes');
  });

  it('stops every strategy with status limit when the JavaScript heap is nearly full', () => {
    // nearly full once the search runs (from the start, grounding would stop first: see below)
    vi.spyOn(memoryProbe, 'read').mockImplementation((phase) =>
      phase === 'search' ? { rssMb: 100, heapUsedMb: 3800, heapLimitMb: 4000 } : { rssMb: 100, heapUsedMb: 10, heapLimitMb: 4000 },
    );
    for (const algo of ['bfs', 'astar', 'iddfs', 'lrta']) {
      const r = solveLoaded(bench, { algo, maxMemoryMb: 10_000 });
      expect(r).toMatchObject({ status: 'limit', stats: { limit: 'memory' }, reason: 'memory limit reached: the JavaScript heap is nearly full (3800 of 4000 MB)' });
    }
  });

  it('a heap nearly full while grounding stops the solve there, located', () => {
    vi.spyOn(memoryProbe, 'read').mockReturnValue({ rssMb: 100, heapUsedMb: 3800, heapLimitMb: 4000 });
    const r = solveLoaded(bench, { algo: 'bfs', maxMemoryMb: 10_000 });
    expect(r).toMatchObject({ status: 'limit', stats: { limit: 'memory', expanded: 0 } });
    expect(r.reason).toBe("memory limit reached: the JavaScript heap is nearly full (3800 of 4000 MB) while grounding: indexing the problem's facts (0 operators found, 0 atoms reached; 60 facts in the problem)");
  });

  it('poll throws LimitReached with the position, and keeps answering the limit', () => {
    const b = new Budget({ ...defaultSearchOptions, timeoutMs: 0 });
    expect(() => b.poll(() => 'reading row 3')).toThrow(new LimitReached('time', 'reading row 3', 'time limit of 0 s reached while reading row 3'));
    expect(() => b.poll(() => 'reading row 4')).toThrow('time limit of 0 s reached while reading row 4');
  });

  it('counts the time spent before it (spentMs) against the limit', () => {
    const b = new Budget({ ...defaultSearchOptions, timeoutMs: 60_000, spentMs: 60_000 });
    expect(b.exceeded(0)).toBe('time');
    expect(new Budget({ ...defaultSearchOptions, timeoutMs: 60_000, spentMs: 0 }).exceeded(0)).toBeNull();
  });

  it('a heap with room to spare does not stop the search', () => {
    vi.spyOn(memoryProbe, 'read').mockReturnValue({ rssMb: 100, heapUsedMb: 1000, heapLimitMb: 4000 });
    expect(solveLoaded(bench, { algo: 'bfs', maxMemoryMb: 10_000 })).toMatchObject({ status: 'solved', length: 36 });
  });
});

describe('the state store looks ahead before it grows', () => {
  it('raises the pressure flag when its next growth would pass the ceiling, and stops the search before growing', () => {
    // the budget's own check reads a fake 0.5 MB; the look-ahead reads the real resident memory
    // (more than 1 MB) when the store reaches 90% of its first 1024 states, and trips
    vi.spyOn(memoryProbe, 'read').mockReturnValue({ rssMb: 0.5, heapUsedMb: 10, heapLimitMb: 4000 });
    const r = solveLoaded(bench, { algo: 'bfs', maxMemoryMb: 1 });
    expect(r).toMatchObject({ status: 'limit', stats: { limit: 'memory' }, reason: 'memory limit of 1 MB reached' });
    expect(r.stats.stored).toBeGreaterThanOrEqual(921);
    expect(r.stats.stored).toBeLessThanOrEqual(1024); // never grown
  });

  it('leaves the flag down under a ceiling far above the growth', () => {
    setMemoryCeiling(1_000_000);
    const s = new StateStore(2, 16);
    const buf = new Uint32Array(2);
    for (let i = 0; i < 5000; i++) {
      buf[0] = i;
      s.insert(buf, 0, -1, -1);
    }
    expect(memoryPressure()).toBe(false);
    setMemoryCeiling(1);
    for (let i = 5000; i < 10_000; i++) {
      buf[0] = i;
      s.insert(buf, 0, -1, -1);
    }
    expect(memoryPressure()).toBe(true);
    expect(s.size).toBe(10_000); // the store itself never refuses a state
  });
});
