import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { formatLocation, PlanlogError } from '../../src/util/errors.ts';
import {
  cellLoc,
  cellName,
  isCell,
  isWall,
  parseCellName,
  readLevels,
  selectLevel,
  type Level,
} from '../../src/sokoban/index.ts';

const fixture = (name: string): string => fileURLToPath(new URL(`../fixtures/levels/${name}`, import.meta.url));
const shared = (name: string): string => fileURLToPath(new URL(`../../../shared/levels/${name}`, import.meta.url));

/** The formatted diagnostics of the PlanlogError `f` throws. */
function errorsOf(f: () => unknown): string[] {
  try {
    f();
  } catch (e) {
    if (e instanceof PlanlogError) return e.diagnostics.map(formatLocation);
    throw e;
  }
  throw new Error('expected a PlanlogError');
}

function one(text: string, file = 'l.txt'): Level {
  const levels = readLevels(text, file);
  expect(levels).toHaveLength(1);
  return levels[0];
}

describe('cell names', () => {
  it('names and parses xXyY', () => {
    expect(cellName(3, 12)).toBe('x3y12');
    expect(parseCellName('x3y12')).toEqual({ x: 3, y: 12 });
    expect(parseCellName('x3')).toBeNull();
    expect(parseCellName('y3x1')).toBeNull();
  });
});

describe('readLevels: a single level', () => {
  const text = '  ####\n###  #\n#@$ .#\n######\n';
  const level = one(text);

  it('reads positions, size and rows', () => {
    expect(level.number).toBe(1);
    expect(level.title).toBeNull();
    expect(level.firstLine).toBe(1);
    expect(level.width).toBe(6);
    expect(level.height).toBe(4);
    expect(level.rows).toEqual(['  ####', '###  #', '#@$ .#', '######']);
    expect(level.text).toBe(level.rows.join('\n'));
    expect(level.player).toEqual({ x: 1, y: 2 });
    expect(level.boxes).toEqual([{ x: 2, y: 2 }]);
    expect(level.goals).toEqual([{ x: 4, y: 2 }]);
    expect(level.scenery).toEqual([]);
  });

  it('cells are the floor inside the walls, row-major', () => {
    expect(level.cells.map((c) => cellName(c.x, c.y))).toEqual(['x3y1', 'x4y1', 'x1y2', 'x2y2', 'x3y2', 'x4y2']);
    expect(isCell(level, 3, 1)).toBe(true);
    expect(isCell(level, 0, 0)).toBe(false); // outside
    expect(isCell(level, 2, 1)).toBe(false); // wall
    expect(isWall(level, 2, 1)).toBe(true);
    expect(isWall(level, 0, 0)).toBe(false);
  });

  it('gives synthetic source locations of squares', () => {
    expect(cellLoc(level, 4, 2)).toEqual({ file: 'l.txt', line: 3, column: 5, offset: 0 });
  });

  it('reads + and * (player and box on a goal) and - / _ floor', () => {
    const l = one('#####\n#+$*#\n#_ -#\n#####');
    expect(l.rows).toEqual(['#####', '#+$*#', '#   #', '#####']);
    expect(l.player).toEqual({ x: 1, y: 1 });
    expect(l.boxes).toEqual([{ x: 2, y: 1 }, { x: 3, y: 1 }]);
    expect(l.goals).toEqual([{ x: 1, y: 1 }, { x: 3, y: 1 }]);
    expect(l.cells).toHaveLength(6);
  });
});

describe('readLevels: collections and dialects', () => {
  it('reads comments, Title: lines, plain-text titles, metadata and - floors', () => {
    const levels = readLevels(readFileSync(fixture('collection.txt'), 'utf8'), 'collection.txt');
    expect(levels.map((l) => [l.number, l.title, l.firstLine, l.width, l.height])).toEqual([
      [1, '1 First', 5, 5, 3],
      [2, 'Second', 12, 6, 4],
      [3, 'Third as plain text', 18, 6, 4],
      [4, 'Fourth, titled after its board', 23, 7, 3],
      [5, 'A dash floor', 30, 9, 3],
    ]);
    expect(levels[2].rows).toEqual([' #####', ' #+$ #', ' #*###', ' ####']);
    expect(levels[4].rows).toEqual(['#########', '# @ $  .#', '#########']);
    expect(levels[4].cells).toHaveLength(7);
  });

  it('accepts CRLF, tabs (8-column stops) and trailing spaces', () => {
    const text = '; Tabbed\r\n\t#####   \r\n\t#@$.#\t\r\n\t#####\r\n';
    const l = one(text, 't.txt');
    expect(l.title).toBe('Tabbed');
    expect(l.firstLine).toBe(2);
    expect(l.rows).toEqual(['        #####', '        #@$.#', '        #####']);
    expect(l.player).toEqual({ x: 9, y: 1 });
    expect(l.width).toBe(13);
    // the file column of x9 on a line "\t#@$.#" is 3
    expect(cellLoc(l, 9, 1)).toEqual({ file: 't.txt', line: 3, column: 3, offset: 0 });
  });

  it('reports errors at file columns when the line has tabs', () => {
    expect(errorsOf(() => readLevels('\t#####\n\t#@$x.#\n\t######', 't.txt'))).toEqual([
      "t.txt:2:5: level 1: unknown character 'x' in level; use # @ + $ * . and spaces",
    ]);
  });

  it('separates levels by blank lines and numbers them in file order', () => {
    const text = '#####\n#@$.#\n#####\n\n\n######\n#@ $.#\n######\n';
    const levels = readLevels(text, 'two.txt');
    expect(levels.map((l) => [l.number, l.title, l.firstLine])).toEqual([
      [1, null, 1],
      [2, null, 6],
    ]);
  });

  it('takes the first line of the comment block right before a board as its title', () => {
    const text = '; File header\n\n; Corridor\n; optimal: 1 moves\n#####\n#@$.#\n#####\n';
    expect(one(text).title).toBe('Corridor');
  });

  it('takes a comment right after a board, ended by a blank line, as its title (the Sasquatch files: "; 1" after each board)', () => {
    const text = '; Sasquatch\n\n#####\n#@$.#\n#####\n; 1\n\n######\n#@$ .#\n######\n; 2\n';
    expect(readLevels(text, 'after.txt').map((l) => [l.number, l.title])).toEqual([
      [1, '1'],
      [2, '2'],
    ]);
    // a comment directly before the next board stays that board's title
    const before = '#####\n#@$.#\n#####\n; Second\n######\n#@$ .#\n######\n';
    expect(readLevels(before, 'before.txt').map((l) => [l.number, l.title])).toEqual([
      [1, null],
      [2, 'Second'],
    ]);
  });
});

describe('readLevels: bad levels', () => {
  it('reports every problem of every level with file:line:col', () => {
    const file = 'bad.txt';
    expect(errorsOf(() => readLevels(readFileSync(fixture(file), 'utf8'), file))).toEqual([
      'bad.txt:4:1: level 1 ("No player"): no player: put one @ on a floor square (+ when it stands on a goal)',
      'bad.txt:10:5: level 2 ("Two players"): a second player at x4y1; a level has exactly one (@ or +)',
      'bad.txt:14:1: level 3 ("No boxes"): no boxes: a level needs at least one box ($) and a goal (.) for it',
      'bad.txt:19:1: level 4 ("Counts"): 2 boxes but 3 goals: every box needs its own goal (* is a box on a goal)',
      'bad.txt:26:4: level 5 ("Open"): the player can walk off the map here: no wall encloses the level',
      'bad.txt:31:6: level 6 ("Walled off"): the box at x5y1 is walled off from the player',
      'bad.txt:31:8: level 6 ("Walled off"): the goal at x7y1 is walled off from the player',
      "bad.txt:36:4: level 7 (\"Unknown\"): unknown character 'x' in level; use # @ + $ * . and spaces",
    ]);
  });

  it('notes where the first player is', () => {
    try {
      readLevels('#######\n#@$.@ #\n#######', 'p.txt');
      expect.unreachable();
    } catch (e) {
      expect((e as PlanlogError).first.notes).toEqual(['the first player is at x1y1 (line 2, column 2)']);
    }
  });

  it('counts boxes and goals', () => {
    expect(errorsOf(() => readLevels('#####\n#+$*#\n#_.-#\n#####', 'c.txt'))).toEqual([
      'c.txt:1:1: level 1: 2 boxes but 3 goals: every box needs its own goal (* is a box on a goal)',
    ]);
    expect(errorsOf(() => readLevels('######\n#@$$.#\n######', 'c.txt'))).toEqual([
      'c.txt:1:1: level 1: 2 boxes but 1 goal: every box needs its own goal (* is a box on a goal)',
    ]);
    expect(errorsOf(() => readLevels('#####\n#@ .#\n#####', 'c.txt'))).toEqual(['c.txt:1:1: level 1: 0 boxes but 1 goal: every box needs its own goal (* is a box on a goal)']);
  });

  it('finds an opening in the outer wall (first such square, row-major)', () => {
    expect(errorsOf(() => readLevels('## ##\n#@$.#\n#####', 'o.txt'))).toEqual([
      'o.txt:1:3: level 1: the player can walk off the map here: no wall encloses the level',
    ]);
    // a space outside the walls and a square under the end of a shorter line both let the player out
    expect(errorsOf(() => readLevels('####\n  @$.#\n######', 'o.txt'))).toEqual([
      'o.txt:2:1: level 1: the player can walk off the map here: no wall encloses the level',
    ]);
  });

  it('collects several problems of one level', () => {
    expect(errorsOf(() => readLevels('; Mess\n#####\n# $?#\n#####', 'm.txt'))).toEqual([
      "m.txt:3:4: level 1 (\"Mess\"): unknown character '?' in level; use # @ + $ * . and spaces",
      'm.txt:2:1: level 1 ("Mess"): no player: put one @ on a floor square (+ when it stands on a goal)',
      'm.txt:2:1: level 1 ("Mess"): 1 box but 0 goals: every box needs its own goal (* is a box on a goal)',
    ]);
  });

  it('an empty file has no level', () => {
    expect(errorsOf(() => readLevels('', 'e.txt'))).toEqual(['e.txt: no level found in file: the file is empty']);
    expect(errorsOf(() => readLevels('; only a comment\n\nTitle: x\n', 'e.txt'))).toEqual([
      'e.txt: no level found in file: no line of the file is a board row (a row of # walls, with @ the player, $ boxes and . goals)',
    ]);
  });

  it('keeps walled-off boxes already on goals as scenery', () => {
    const l = one('#######\n#@$.#*#\n#######');
    expect(l.boxes).toEqual([{ x: 2, y: 1 }]);
    expect(l.goals).toEqual([{ x: 3, y: 1 }]);
    expect(l.scenery).toEqual([{ x: 5, y: 1 }]);
    expect(isCell(l, 5, 1)).toBe(false);
  });
});

describe('selectLevel', () => {
  const levels = readLevels(
    '; Alpha\n#####\n#@$.#\n#####\n\n; Beta\n#####\n#@$.#\n#####\n\n#####\n#@$.#\n#####\n',
    'sel.txt',
  );

  it('selects the first level by default', () => {
    expect(selectLevel(levels, undefined, 'sel.txt').number).toBe(1);
  });

  it('selects by 1-based number (number or digit string)', () => {
    expect(selectLevel(levels, 2, 'sel.txt').title).toBe('Beta');
    expect(selectLevel(levels, '3', 'sel.txt').number).toBe(3);
  });

  it('selects by title, exact first, then ignoring case', () => {
    expect(selectLevel(levels, 'Beta', 'sel.txt').number).toBe(2);
    expect(selectLevel(levels, 'alpha', 'sel.txt').number).toBe(1);
  });

  it('reports numbers out of range', () => {
    expect(errorsOf(() => selectLevel(levels, 7, 'sel.txt'))).toEqual([
      'sel.txt: level 7 is out of range: the file has 3 levels',
    ]);
    expect(errorsOf(() => selectLevel(levels, '0', 'sel.txt'))).toEqual([
      'sel.txt: level 0 is out of range: the file has 3 levels',
    ]);
    expect(errorsOf(() => selectLevel(levels.slice(0, 1), 2, 'sel.txt'))).toEqual([
      'sel.txt: level 2 is out of range: the file has 1 level',
    ]);
  });

  it('reports an unknown title and lists the titles', () => {
    expect(errorsOf(() => selectLevel(levels, 'Gamma', 'sel.txt'))).toEqual([
      'sel.txt: no level titled "Gamma"; the titles are: 1 "Alpha", 2 "Beta"',
    ]);
  });
});

describe('shared level collections (skipped when ../shared is absent)', () => {
  const microban = shared('microban.txt');
  it.skipIf(!existsSync(microban))('reads all 155 Microban levels with as many boxes as goals', () => {
    const levels = readLevels(readFileSync(microban, 'utf8'), 'microban.txt');
    expect(levels).toHaveLength(155);
    for (const l of levels) {
      expect(l.boxes.length, `level ${l.number}`).toBe(l.goals.length);
      expect(l.boxes.length).toBeGreaterThan(0);
      expect(l.title).toBe(String(l.number));
    }
    expect(levels[0].rows).toEqual(['####', '# .#', '#  ###', '#*@  #', '#  $ #', '#  ###', '####']);
    expect(selectLevel(levels, '155', 'microban.txt').scenery.length).toBeGreaterThan(0);
  });

  const boxoban = shared('boxoban-medium-valid-000.txt');
  it.skipIf(!existsSync(boxoban))('reads 1000 Boxoban levels with 4 boxes each', () => {
    const levels = readLevels(readFileSync(boxoban, 'utf8'), 'boxoban.txt');
    expect(levels).toHaveLength(1000);
    for (const l of levels) {
      expect(l.boxes).toHaveLength(4);
      expect(l.goals).toHaveLength(4);
      expect(l.width).toBe(10);
      expect(l.height).toBe(10);
    }
    expect(levels[0].title).toBe('0');
    expect(selectLevel(levels, '1', 'boxoban.txt').title).toBe('0');
  });
});
