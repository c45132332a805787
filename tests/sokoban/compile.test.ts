import { describe, expect, it } from 'vitest';
import { compileLevel, readLevels, SOKOBAN_STATIC } from '../../src/sokoban/index.ts';
import { factKey } from '../../src/model/lifted.ts';

describe('compileLevel', () => {
  it('compiles a one-box corridor', () => {
    const [level] = readLevels('#####\n#@$.#\n#####\n', 'corridor.txt');
    const problem = compileLevel(level);
    expect(problem.file).toBe('corridor.txt');
    expect(problem.init.map(factKey)).toEqual([
      'right(x2y1,x1y1)',
      'right(x3y1,x2y1)',
      'sokoban(x1y1)',
      'box(x2y1)',
      'empty(x3y1)',
    ]);
    expect(problem.goal.map(factKey)).toEqual(['box(x3y1)']);
  });

  it('lists top facts by the lower cell, then right facts by the left cell, then fluents', () => {
    // cells: x1y1 x2y1 / x1y2 x2y2 x3y2 (x3y1 is a wall)
    const [level] = readLevels('#####\n#. ##\n#@$ #\n#####\n', 'sq.txt');
    const problem = compileLevel(level);
    expect(problem.init.map(factKey)).toEqual([
      'top(x1y1,x1y2)',
      'top(x2y1,x2y2)',
      'right(x2y1,x1y1)',
      'right(x2y2,x1y2)',
      'right(x3y2,x2y2)',
      'sokoban(x1y2)',
      'box(x2y2)',
      'empty(x1y1)',
      'empty(x2y1)',
      'empty(x3y2)',
    ]);
    expect(problem.goal.map(factKey)).toEqual(['box(x1y1)']);
  });

  it('locates each literal at the square of its first argument', () => {
    const [level] = readLevels('; t\n#####\n#@$.#\n#####\n', 'loc.txt');
    const problem = compileLevel(level);
    const sok = problem.init.find((l) => l.pred === 'sokoban')!;
    expect(sok.loc).toEqual({ file: 'loc.txt', line: 3, column: 2, offset: 0 });
    expect(problem.goal[0].loc).toEqual({ file: 'loc.txt', line: 3, column: 4, offset: 0 });
    for (const l of [...problem.init, ...problem.goal]) {
      expect(l.args.every((a) => a.kind === 'const')).toBe(true);
    }
  });

  it('goals under the player or a box, and boxes on goals', () => {
    const [level] = readLevels('######\n#+$ *#\n#    #\n######\n', 'g.txt');
    const keys = compileLevel(level).init.map(factKey).filter((k) => !/^(top|right)/.test(k));
    expect(keys).toEqual([
      'sokoban(x1y1)',
      'box(x2y1)',
      'box(x4y1)',
      'empty(x3y1)',
      'empty(x1y2)',
      'empty(x2y2)',
      'empty(x3y2)',
      'empty(x4y2)',
    ]);
    expect(compileLevel(level).goal.map(factKey)).toEqual(['box(x1y1)', 'box(x4y1)']);
  });

  it('names the static predicates', () => {
    expect([...SOKOBAN_STATIC]).toEqual(['top', 'right']);
  });
});
