/**
 * The IPC scores of a benchmark (src/bench/ipc.ts): the agile time score,
 * the quality score against the cheapest plan found, coverage per domain
 * (PDDL folder or level file), medians over repetitions, and the table.
 */
import { describe, expect, it } from 'vitest';
import { domainOf, ipcScores, ipcTable, timeScore } from '../../src/bench/ipc.ts';
import type { BenchRow } from '../../src/bench/run.ts';

const row = (file: string, levelLabel: string, strategy: string, cost: number | null, totalMs: number, repetition = 1): BenchRow => ({
  file,
  level: 1,
  levelLabel,
  strategy,
  title: null,
  repetition,
  seed: null,
  solved: cost !== null,
  status: cost !== null ? 'solved' : 'limit',
  length: cost,
  cost,
  moves: null,
  pushes: null,
  expanded: 0,
  generated: 0,
  evaluated: 0,
  stored: 0,
  timeMs: totalMs,
  totalMs,
  memoryMb: 0,
});

describe('IPC scores', () => {
  it('time: 1 within a second, 1 − log t / log T up to the limit, 0 past it', () => {
    expect(timeScore(0.2, 300)).toBe(1);
    expect(timeScore(1, 300)).toBe(1);
    expect(timeScore(10, 100)).toBeCloseTo(0.5, 12);
    expect(timeScore(100, 100)).toBeCloseTo(0, 12);
    expect(timeScore(101, 100)).toBe(0);
    expect(timeScore(NaN, 100)).toBe(0);
  });

  it('a domain is the PDDL problem\'s folder or the level file', () => {
    expect(domainOf({ file: '/suite/blocks/probBLOCKS-4-0.pddl' })).toBe('blocks');
    expect(domainOf({ file: '../shared/levels/microban.txt' })).toBe('microban');
  });

  it('quality against the cheapest plan found, coverage and time per domain and strategy; medians over repetitions', () => {
    const rows = [
      row('/s/blocks/p1.pddl', 'blocks p1', 'lama', 12, 500),
      row('/s/blocks/p1.pddl', 'blocks p1', 'astar', 10, 10_000),
      row('/s/blocks/p2.pddl', 'blocks p2', 'lama', 30, 2000),
      row('/s/blocks/p2.pddl', 'blocks p2', 'astar', null, 100_000),
      row('/s/gripper/p1.pddl', 'gripper p1', 'lama', 11, 100, 1),
      row('/s/gripper/p1.pddl', 'gripper p1', 'lama', 13, 300, 2),
      row('/s/gripper/p1.pddl', 'gripper p1', 'lama', null, 100_000, 3),
      row('/s/gripper/p1.pddl', 'gripper p1', 'astar', 11, 10_000),
    ];
    const scores = ipcScores(rows, 100_000);
    const r = (d: string, s: string) => {
      const x = scores.find((v) => v.domain === d && v.strategy === s)!;
      return [x.solved, x.problems, +x.quality.toFixed(4), +x.time.toFixed(4)];
    };
    // blocks p1: C* = 10, lama 10/12; p2: only lama, 30/30; time 1 + (1 − log 2 / log 100)
    expect(r('blocks', 'lama')).toEqual([2, 2, +(10 / 12 + 1).toFixed(4), +(2 - Math.log(2) / Math.log(100)).toFixed(4)]);
    expect(r('blocks', 'astar')).toEqual([1, 2, 1, 0.5]);
    // gripper p1: lama's median cost of its two solved runs is 12, C* = 11
    expect(r('gripper', 'lama')).toEqual([1, 1, +(11 / 12).toFixed(4), 1]);
    expect(r('gripper', 'astar')).toEqual([1, 1, 1, 0.5]);
    // a smaller best known cost given by the caller
    const given = ipcScores(rows, 100_000, new Map([['gripper p1', 10]]));
    expect(given.find((v) => v.domain === 'gripper' && v.strategy === 'astar')!.quality).toBeCloseTo(10 / 11, 12);

    expect(ipcTable(scores).split('\n')).toEqual([
      '| domain | strategy | solved | quality | time |',
      '|---|---|--:|--:|--:|',
      '| blocks | lama | 2 / 2 | 1.83 | 1.85 |',
      '| blocks | astar | 1 / 2 | 1.00 | 0.50 |',
      '| gripper | lama | 1 / 1 | 0.92 | 1.00 |',
      '| gripper | astar | 1 / 1 | 1.00 | 0.50 |',
      '| **total** | lama | 3 / 3 | 2.75 | 2.85 |',
      '| **total** | astar | 2 / 3 | 2.00 | 1.00 |',
    ]);
  });
});
