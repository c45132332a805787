import { describe, expect, it } from 'vitest';
import { formatLocation, PlanlogError } from '../../src/util/errors.ts';
import { countMovesPushes, lurdToPlan, planToLurd, readLevels } from '../../src/sokoban/index.ts';

function errorOf(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    if (e instanceof PlanlogError) return e.diagnostics.map(formatLocation).join('\n');
    throw e;
  }
  throw new Error('expected a PlanlogError');
}

// x0..x6, y0..y4:
//  #######
//  #  .  #
//  # $#$ #
//  # @ . #
//  #######
const [level] = readLevels('#######\n#  .  #\n# $#$ #\n# @ . #\n#######\n', 'two.txt');

describe('planToLurd / countMovesPushes', () => {
  const plan = ['moveR(x1y1,x2y1)', 'pushR(x2y1,x3y1,x4y1)', 'moveU(x3y2,x3y1)', 'pushD(x3y0,x3y1,x3y2)', 'moveL(x3y1,x2y1)', 'moveD(x2y1,x2y2)', 'pushU(x1y3,x1y2,x1y1)', 'pushL(x3y1,x2y1,x1y1)'];

  it('maps moves to lower case and pushes to upper case', () => {
    expect(planToLurd(plan)).toBe('rRuDldUL');
    expect(planToLurd([])).toBe('');
  });

  it('counts moves (all steps) and pushes', () => {
    expect(countMovesPushes(plan)).toEqual({ moves: 8, pushes: 4 });
  });

  it('rejects other operators', () => {
    expect(errorOf(() => planToLurd(['moveR(x1y1,x2y1)', 'stack(a,b)']))).toBe(
      '<plan>: step 2 (stack(a,b)) is not a Sokoban step: expected moveU/D/L/R or pushU/D/L/R',
    );
    expect(errorOf(() => countMovesPushes(['moveUp(a,b)'], 'p.plan'))).toBe(
      'p.plan: step 1 (moveUp(a,b)) is not a Sokoban step: expected moveU/D/L/R or pushU/D/L/R',
    );
  });
});

describe('lurdToPlan', () => {
  it('replays the optimal solution of the two-box level', () => {
    const plan = lurdToPlan(level, 'UluRddrrruulD');
    expect(plan).toEqual([
      'pushU(x2y3,x2y2,x2y1)',
      'moveL(x2y2,x1y2)',
      'moveU(x1y2,x1y1)',
      'pushR(x1y1,x2y1,x3y1)',
      'moveD(x2y1,x2y2)',
      'moveD(x2y2,x2y3)',
      'moveR(x2y3,x3y3)',
      'moveR(x3y3,x4y3)',
      'moveR(x4y3,x5y3)',
      'moveU(x5y3,x5y2)',
      'moveU(x5y2,x5y1)',
      'moveL(x5y1,x4y1)',
      'pushD(x4y1,x4y2,x4y3)',
    ]);
    expect(planToLurd(plan)).toBe('UluRddrrruulD');
  });

  it('ignores whitespace', () => {
    expect(lurdToPlan(level, ' U l\nu ')).toEqual(lurdToPlan(level, 'Ulu'));
    expect(lurdToPlan(level, '')).toEqual([]);
  });

  it('reports a walk into a wall', () => {
    expect(errorOf(() => lurdToPlan(level, 'd'))).toBe("<lurd>:1:1: step 1 ('d'): cannot move into the wall at x2y4");
  });

  it('reports a walk into a box', () => {
    expect(errorOf(() => lurdToPlan(level, 'u', 'sol.txt'))).toBe(
      "sol.txt:1:1: step 1 ('u'): cannot walk into the box at x2y2 (use 'U' to push it)",
    );
  });

  it('reports a push without a box', () => {
    expect(errorOf(() => lurdToPlan(level, 'rR'))).toBe("<lurd>:1:2: step 2 ('R'): no box to push at x4y3");
    expect(errorOf(() => lurdToPlan(level, 'L'))).toBe("<lurd>:1:1: step 1 ('L'): no box to push at x1y3");
  });

  it('reports a push into a wall or another box', () => {
    expect(errorOf(() => lurdToPlan(level, 'UU'))).toBe(
      "<lurd>:1:2: step 2 ('U'): cannot push the box at x2y1 into the wall at x2y0",
    );
    const [row] = readLevels('#######\n#@$$..#\n#######', 'row.txt');
    expect(errorOf(() => lurdToPlan(row, 'R'))).toBe(
      "<lurd>:1:1: step 1 ('R'): cannot push the box at x2y1 into the box at x3y1",
    );
  });

  it('reports unknown characters, counting steps without whitespace', () => {
    expect(errorOf(() => lurdToPlan(level, 'U l x'))).toBe(
      "<lurd>:1:5: step 3 ('x'): unknown character: use l u r d to move and L U R D to push",
    );
  });

  it('locates a step after a line break at its own line and column', () => {
    expect(errorOf(() => lurdToPlan(level, 'Ul\n u x'))).toBe("<lurd>:2:4: step 4 ('x'): unknown character: use l u r d to move and L U R D to push");
  });

  it('round-trips with planToLurd', () => {
    const lurd = 'UluRddrrruulD';
    expect(planToLurd(lurdToPlan(level, lurd))).toBe(lurd);
  });
});
