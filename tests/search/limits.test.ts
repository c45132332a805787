/**
 * Limits stop every strategy cleanly with status `limit`, the limit's kind
 * and the statistics so far. Nothing here measures speed: the levels are
 * big enough that no strategy finishes before the limit can act.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadProblem } from '../../src/core/load.ts';
import { solveLoaded } from '../../src/pipeline/solve.ts';
import { contextOf, getHeuristic, strategies, strategyNames } from '../../src/plugins/index.ts';
import { defaultSearchOptions } from '../../src/search/types.ts';
import { ground } from '../../src/strips/ground.ts';
import { makeSearchSpace } from '../../src/strips/space.ts';
import { portableReport, solveInWorker } from '../../src/workers/solve.ts';
import { PlanlogError } from '../../src/util/errors.ts';

const read = (rel: string): string => readFileSync(new URL(`../../${rel}`, import.meta.url), 'utf8');
const bench = loadProblem({ file: 'maps/bench.txt', text: read('maps/bench.txt'), domainFile: 'domains/sokoban.pl', domainText: read('domains/sokoban.pl') });
const withHeuristic = (algo: string) => ({ algo, heuristic: strategies[algo].defaultHeuristic ? getHeuristic(strategies[algo].heuristics?.[0] ?? 'blind') : undefined });
/** Push-level strategies take few, big steps and solve the bench level in a few hundred: stop them after 4 (every plan needs at least 5 pushes). */
const pushLevel = new Set(['push', 'push-greedy', 'auto', 'optimal-pushes']);
const nodeLimit = (algo: string): number => (pushLevel.has(algo) ? 4 : 500);

describe.each(strategyNames)('%s', (algo) => {
  it('stops at exactly --max-nodes expanded nodes', () => {
    const n = nodeLimit(algo);
    const r = solveLoaded(bench, { algo, heuristic: withHeuristic(algo).heuristic?.name, maxNodes: n });
    expect(r).toMatchObject({ status: 'limit', plan: [], stats: { limit: 'nodes', expanded: n } });
    expect(r.reason).toBe(`node limit of ${n} expanded nodes reached`);
  });

  it('stops when the interrupt flag is set, keeping its statistics', () => {
    // the strategy itself on the ground task (through solveLoaded a set flag stops the grounding first)
    const interrupt = new Int32Array(1);
    interrupt[0] = 1;
    const space = makeSearchSpace(ground(bench.domain, bench.problem));
    const { algo: _a, heuristic } = withHeuristic(algo);
    const r = strategies[algo].run(space, { ...defaultSearchOptions, heuristic, interrupt, context: contextOf(bench) });
    expect(r).toMatchObject({ status: 'limit', stats: { limit: 'interrupted' }, reason: 'interrupted' });
  });
});

describe('time and memory limits', () => {
  it('a time limit ends a long search with status limit', () => {
    // the strategy on the ground task, so that the limit cannot fall in the grounding on a busy machine;
    // iddfs needs 36 iterations and millions of nodes here, far more than 50 ms
    const space = makeSearchSpace(ground(bench.domain, bench.problem));
    const r = strategies.iddfs.run(space, { ...defaultSearchOptions, timeoutMs: 50 });
    expect(r).toMatchObject({ status: 'limit', plan: null, stats: { limit: 'time' }, reason: 'time limit of 0.05 s reached' });
    expect(r.stats.iterations).toBeInstanceOf(Array);
  });

  it('a memory limit below what the process already uses ends the solve at once, while grounding', () => {
    const r = solveLoaded(bench, { algo: 'bfs', maxMemoryMb: 1 });
    expect(r).toMatchObject({ status: 'limit', stats: { limit: 'memory', expanded: 0 } });
    expect(r.reason).toBe("memory limit of 1 MB reached while grounding: indexing the problem's facts (0 operators found, 0 atoms reached; 60 facts in the problem)");
  });

  it('an interrupt before the solve stops it while grounding', () => {
    const interrupt = new Int32Array(1);
    interrupt[0] = 1;
    const r = solveLoaded(bench, { algo: 'bfs', interrupt });
    expect(r).toMatchObject({ status: 'limit', stats: { limit: 'interrupted', expanded: 0 } });
    expect(r.reason).toBe("interrupted while grounding: indexing the problem's facts (0 operators found, 0 atoms reached; 60 facts in the problem)");
  });
});

describe('solving in a worker thread', () => {
  it('returns the same plan length as in-process', async () => {
    const r = await solveInWorker(bench, { algo: 'bfs' }, 0);
    expect(r).toMatchObject({ status: 'solved', length: 36, backend: 'ts' });
  });

  it("sends the validator's verdict and last state, and replays its steps and states in the main thread only when read", async () => {
    const inProcess = solveLoaded(bench, { algo: 'bfs' });
    const sent = portableReport(inProcess);
    // what crosses the threads: no steps, no states (a 59,675-move plan's states took seconds to copy)
    expect(Object.keys(structuredClone(sent.validation)!).sort()).toEqual(['cost', 'last', 'valid']);
    expect(sent.validation).toMatchObject({ valid: true, cost: 36 });
    const r = await solveInWorker(bench, { algo: 'bfs' }, 0);
    expect(r.validation!.last).toEqual(inProcess.validation!.last);
    expect(r.validation!.states).toHaveLength(37);
    expect(r.validation!.states).toEqual(inProcess.validation!.states);
    expect(r.validation!.steps.map((s) => s.op)).toEqual(inProcess.plan);
  });

  it('stops cleanly when interrupted from the main thread', async () => {
    const interrupt = new Int32Array(new SharedArrayBuffer(4));
    // at the first progress report the search is under way (the flag also stops grounding)
    const r = await solveInWorker(bench, { algo: 'iddfs' }, 0, { interrupt, onProgress: () => Atomics.store(interrupt, 0, 1) });
    expect(r).toMatchObject({ status: 'limit', stats: { limit: 'interrupted' } });
    expect(r.stats.expanded).toBeGreaterThan(0);
  });

  it('passes the heuristic by name', async () => {
    const r = await solveInWorker(bench, { algo: 'astar', heuristic: 'lmcut', maxNodes: 3000 }, 0);
    expect(r).toMatchObject({ status: 'limit', heuristic: 'lmcut', stats: { expanded: 3000 } });
  });

  it('turns a strategy name it does not know into a PlanlogError', async () => {
    await expect(solveInWorker(bench, { algo: 'nope' }, 0)).rejects.toBeInstanceOf(PlanlogError);
  });
});
