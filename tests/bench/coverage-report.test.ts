/**
 * The coverage tool's report (src/bench/coverage-report.ts): best-known
 * files in both formats, ratios and goal counts, compact level lists and the
 * per-level table.
 */
import { describe, expect, it } from 'vitest';
import { compactList, levelRows, levelTable, levelsPath, parseBest, ratioTable, summarize, summaryTable } from '../../src/bench/coverage-report.ts';
import type { JobResult } from '../../src/workers/jobs.ts';

function result(level: number, status: JobResult['status'], moves: number | null, pushes: number | null, extra: Partial<JobResult> = {}): JobResult {
  const solved = status === 'solved';
  return {
    file: 'set.txt',
    level,
    config: 'auto',
    status,
    length: solved ? moves : null,
    cost: solved ? moves : null,
    moves: solved ? moves : null,
    pushes: solved ? pushes : null,
    expanded: 10 * level,
    generated: 0,
    evaluated: 0,
    stored: 0,
    timeMs: 0,
    totalMs: 250 * level,
    memoryMb: 0,
    ...extra,
  };
}

const bestError = (text: string): string => {
  try {
    parseBest(text, 'best.txt');
  } catch (e) {
    return (e as Error).message;
  }
  return 'no error';
};

describe('parseBest', () => {
  it('reads `N moves pushes` lines: spaces or commas, `-` unknown, comments and trailing comments skipped', () => {
    const best = parseBest('# best known\n; Sasquatch\n\n1 230 51\n2,  97 ,22\n3 - 40   # pushes only\n4\t120\t-\n', 'best.txt');
    expect([...best.entries()]).toEqual([
      [1, { moves: 230, pushes: 51 }],
      [2, { moves: 97, pushes: 22 }],
      [3, { moves: null, pushes: 40 }],
      [4, { moves: 120, pushes: null }],
    ]);
  });

  it('reads `N: LURD` solutions: upper case letters are pushes, a count repeats the next letter, spaces ignored', () => {
    const best = parseBest('; solutions\n1: R\n2:   rrRR\n10: uuLLdR r\n11: 3r2Ul\n', 'best.txt');
    expect([...best.entries()]).toEqual([
      [1, { moves: 1, pushes: 1 }],
      [2, { moves: 4, pushes: 2 }],
      [10, { moves: 7, pushes: 3 }],
      [11, { moves: 6, pushes: 2 }],
    ]);
  });

  it('a bad line is a located error naming the line, the column and what is wrong', () => {
    expect(bestError('1 10 4\n2 x 3\n')).toBe("best.txt:2:3: bad moves 'x' (a whole number or '-')");
    expect(bestError('1 10 4\n  2 10\n')).toBe("best.txt:2:3: expected 'N moves pushes' (3 values, '-' for unknown), found 2 values");
    expect(bestError('1 10 4\n2 10 11\n')).toBe('best.txt:2:6: 11 pushes but 10 moves (every push is a move)');
    expect(bestError('1 10 4\n1 12 4\n')).toBe('best.txt:2:1: level 1 again (first on line 1)');
    expect(bestError('0 10 4\n')).toBe('best.txt:1:1: level numbers start at 1, not 0');
    expect(bestError('1: rrRx\n')).toBe("best.txt:1:7: 'x' is not a move (l, u, r, d; upper case for a push)");
    expect(bestError('1: rrR3\n')).toBe("best.txt:1:7: a repeat count '3' without a move after it");
    expect(bestError('1: \n')).toBe('best.txt:1:3: an empty solution');
    expect(bestError('1: rR\n2 10 4\n')).toBe("best.txt:2:1: expected a solution 'N: LURD' (the file's first line is one), not '2 10 4'");
    expect(bestError('2 10 4\n1: rR\n')).toBe("best.txt:2:1: expected 'N moves pushes' (the file's first line is one), not a solution");
    expect(bestError('# nothing\n\n')).toBe("best.txt: no best known results in the file (lines 'N moves pushes' or 'N: LURD')");
  });
});

describe('compactList', () => {
  it('joins runs of three or more as ranges, sorted, without repeats', () => {
    expect(compactList([20, 4, 9, 10, 11])).toBe('4, 9-11, 20');
    expect(compactList([1, 2, 5, 6, 7, 8, 3])).toBe('1-3, 5-8');
    expect(compactList([7, 8])).toBe('7, 8');
    expect(compactList([3, 3])).toBe('3');
    expect(compactList([])).toBe('-');
  });
});

describe('ratios to the best known', () => {
  // five levels: 1-3 solved, 4 out of time, 5 unsolvable; best known for 1, 2 and 3 (3: pushes only), 5
  const best = parseBest('1 100 20\n2 50 10\n3 - 8\n5 10 2\n', 'best.txt');
  const results = [
    result(1, 'solved', 150, 30), // pushes 1.5×, moves 1.5×: within both goals
    result(2, 'solved', 120, 12), // pushes 1.2×, moves 2.4×: moves outside
    result(3, 'solved', 40, 16), // pushes 2×, moves unknown
    result(4, 'limit', null, null, { limit: 'time' }),
    result(5, 'unsolvable', null, null),
  ];

  it('summary: counts, means of the solved, unsolved levels, mean and worst ratios, the levels within 1.5× pushes and 2× moves', () => {
    const s = summarize('auto', results, best);
    expect(s).toMatchObject({ runs: 5, solved: 3, unsolvable: 1, limit: 1, error: 0, medianMs: 500, unsolved: [4, 5] });
    expect(s.meanMoves).toBeCloseTo(310 / 3, 10);
    expect(s.meanPushes).toBeCloseTo(58 / 3, 10);
    expect(s.ratios?.pushes).toMatchObject({ levels: 3, worst: 2, worstLevel: 3, withinGoal: 2 });
    expect(s.ratios?.pushes.mean).toBeCloseTo((1.5 + 1.2 + 2) / 3, 10);
    expect(s.ratios?.moves).toMatchObject({ levels: 2, mean: 1.95, worst: 2.4, worstLevel: 2, withinGoal: 1 });
    expect(s.ratios?.both).toEqual({ levels: 2, withinGoal: 1 });
    // a solved level the file does not list: '-' in both ratio columns, not counted in the ratios
    const extra = summarize('auto', [...results, result(6, 'solved', 12, 3)], best);
    expect(levelRows([result(6, 'solved', 12, 3)], new Map(), best).map((r) => [r.pushesRatio, r.movesRatio])).toEqual([['-', '-']]);
    expect([extra.ratios?.pushes.levels, extra.ratios?.moves.levels, extra.ratios?.both.levels]).toEqual([3, 2, 2]);
    expect(summaryTable([s]).split('\n')[2]).toBe('| auto | 3 / 5 | 1 | 1 | 0 | 0.50 s | 103.3 | 103.3 | 19.3 | 4, 5 |');
    expect(ratioTable([s]).split('\n')[2]).toBe('| auto | 1.57 | 2.00 (level 3) | 2 / 3 | 1.95 | 2.40 (level 2) | 1 / 2 | 1 / 2 |');
  });

  it('per-level rows: status with the limit, time, moves, pushes, expanded and both ratios; `-` where unknown or unsolved', () => {
    const titles = new Map<number, string | null>([
      [1, 'Easy'],
      [2, 'A very long title that the table cuts short'],
      [3, null],
      [4, 'a | b'],
    ]);
    const rows = levelRows([...results].reverse(), titles, best);
    expect(levelTable(rows, true).split('\n')).toEqual([
      '| level | title | status | time | moves | pushes | expanded | pushes/best | moves/best |',
      '|--:|---|---|--:|--:|--:|--:|--:|--:|',
      '| 1 | Easy | solved | 0.25 s | 150 | 30 | 10 | 1.50 | 1.50 |',
      '| 2 | A very long title that the tabl… | solved | 0.50 s | 120 | 12 | 20 | 1.20 | 2.40 |',
      '| 3 |  | solved | 0.75 s | 40 | 16 | 30 | 2.00 | - |',
      '| 4 | a \\| b | limit (time) | 1.00 s | - | - | 40 | - | - |',
      '| 5 |  | unsolvable | 1.25 s | - | - | 50 | - | - |',
    ]);
  });

  it('without a best table: no ratio columns; an error row has no expanded count', () => {
    const rows = levelRows([result(7, 'error', null, null, { error: 'boom' })], new Map(), undefined);
    expect(levelTable(rows, false).split('\n')).toEqual([
      '| level | title | status | time | moves | pushes | expanded |',
      '|--:|---|---|--:|--:|--:|--:|',
      '| 7 |  | error | 1.75 s | - | - | - |',
    ]);
    expect(summarize('auto', [result(7, 'error', null, null)]).ratios).toBeUndefined();
  });
});

describe('levelsPath', () => {
  it('puts the per-level report next to --out', () => {
    expect(levelsPath('bench-output/coverage.json')).toBe('bench-output/coverage-levels.md');
    expect(levelsPath('/tmp/x.y/run')).toBe('/tmp/x.y/run-levels.md');
  });
});
