import { describe, expect, it } from 'vitest';
import { PlanlogError } from '../../src/lang/errors.ts';
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
