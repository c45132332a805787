import { describe, expect, it } from 'vitest';
import { budgetOf } from '../counting-budget.ts';
import { PlanlogError } from '../../src/util/errors.ts';
import { compileLevel } from '../../src/sokoban/compile.ts';
import { readLevel, scanLevels } from '../../src/sokoban/level.ts';

const collection = ['; Good', '#####', '#@$.#', '#####', '', '; Broken', '#####', '#@$ #', '#####', '', '; Also good', '######', '#@ $.#', '######', ''].join('\n');

describe('readLevel: one broken level does not block the others', () => {
  it('reads a good level after a broken one', () => {
    expect(readLevel(collection, 'c.txt', 3).title).toBe('Also good');
    expect(readLevel(collection, 'c.txt', 'Good').boxes).toEqual([{ x: 2, y: 1 }]);
  });

  it('reports the broken level when it is the one chosen', () => {
    try {
      readLevel(collection, 'c.txt', 2);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(PlanlogError);
      expect((e as PlanlogError).diagnostics.map((d) => `${d.line}:${d.column}: ${d.message}`)).toEqual([
        '7:1: level 2 ("Broken"): 1 box but 0 goals: every box needs its own goal (* is a box on a goal)',
      ]);
    }
  });

  it('scanLevels lists every level with its problems', () => {
    expect(scanLevels(collection, 'c.txt').map((e) => [e.number, e.title, e.level !== undefined, e.problems?.length ?? 0])).toEqual([
      [1, 'Good', true, 0],
      [2, 'Broken', false, 1],
      [3, 'Also good', true, 0],
    ]);
  });
});


describe('reading under a budget (issue 13)', () => {
  it('polls once per line of the file, naming the line', () => {
    expect(() => readLevel(collection, 'c.txt', 1, budgetOf(3))).toThrow('stopped: reading c.txt (line 4 of 15)');
  });

  it('polls once per row of the chosen level, naming its row', () => {
    const room = ['#####', '#@$.#', '#   #', '#####'].join('\n');
    // 4 lines, then the rows of level 1
    expect(() => readLevel(room, 'r.txt', undefined, budgetOf(6))).toThrow('stopped: reading level 1 of r.txt (row 3 of 4)');
  });

  it('builds only the chosen level: no poll for the rows of the others', () => {
    const polls = budgetOf(Infinity);
    readLevel(collection, 'c.txt', 1, polls);
    // 15 lines, 3 rows of level 1, one poll of its flood fill and 3 rows listing its floor
    expect(polls.asked).toBe(15 + 3 + 1 + 3);
  });

  it('a 1000×1000 room is read (one million cells, no set of names, no spread into a call)', () => {
    const rows = ['#'.repeat(1000), `#@$.${' '.repeat(995)}#`, ...Array.from({ length: 997 }, () => `#${' '.repeat(998)}#`), '#'.repeat(1000)];
    const level = readLevel(rows.join('\n'), 'big.txt', undefined);
    expect({ width: level.width, height: level.height, cells: level.cells.length, walls: level.walls.length }).toEqual({ width: 1000, height: 1000, cells: 998 * 998, walls: 3996 });
    expect(level.cells[998 * 998 - 1]).toEqual({ x: 998, y: 998 });
  });

  it('compiling polls every 1,024 cells, naming the pass and the cell', () => {
    const rows = ['#'.repeat(52), `#@$.${' '.repeat(47)}#`, ...Array.from({ length: 48 }, () => `#${' '.repeat(50)}#`), '#'.repeat(52)];
    const level = readLevel(rows.join('\n'), 'm.txt', undefined);
    expect(level.cells.length).toBe(2450);
    // top: cells 1, 1025, 2049; right: cell 1, …
    expect(() => compileLevel(level, budgetOf(3))).toThrow('stopped: compiling level 1 of m.txt into facts (right: cell 1 of 2,450)');
    expect(compileLevel(level).init.length).toBe(compileLevel(level, budgetOf(Infinity)).init.length);
  });

  it('--level beyond any integer is reported as written', () => {
    expect(() => readLevel(collection, 'c.txt', '99999999999999999999999')).toThrow('level 99999999999999999999999 is out of range: the file has 3 levels');
  });
});
