/**
 * FreeRegions (src/plugins/sokoban/regions.ts): the player's region after a
 * box move, from one depth-first search of the position before it, against
 * a flood of the position after it.
 */
import { describe, expect, it } from 'vitest';
import { Board, floodRegion } from '../../../src/plugins/sokoban/board.ts';
import { FreeRegions } from '../../../src/plugins/sokoban/regions.ts';
import { readLevel } from '../../../src/sokoban/level.ts';

const board = (rows: string[]): Board => new Board(readLevel(rows.join('\n'), 'test.txt', undefined));

describe('FreeRegions', () => {
  it('a move into a doorway: the player keeps his side (a push) or the far one (a pull); the regions joined and cut', () => {
    // row 1 is a corridor; x4y2 below it leads down to row 3. The box on x3y1 parts x1y1 x2y1 from the rest.
    const b = board(['#########', '#@ $   .#', '#### ####', '#       #', '#########']);
    const boxAt = new Uint8Array(b.size);
    boxAt[b.square('x3y1')] = 1;
    const regions = new FreeRegions(b);
    expect(regions.build(boxAt)).toBe(2);
    // pushed right to x4y1: the player on x3y1 with x1y1 x2y1; x5y1..x7y1 and the way down are two more regions
    expect(b.name(regions.move(b.square('x3y1'), b.square('x4y1'), b.square('x3y1')))).toBe('x1y1');
    expect([regions.inMoved(b.square('x2y1')), regions.inMoved(b.square('x5y1')), regions.inMoved(b.square('x4y2'))]).toEqual([true, false, false]);
    // regions: 2, then −1 where x3y1 opens (x2y1's and x4y1's join), +2 where x4y1 closes (three sides apart): 3
    expect([regions.joinOnMove(), regions.splitOnMove()]).toEqual([-1, 2]);
    // pulled right to x4y1, the player stepping on to x5y1: he is on the far side, alone with x6y1 x7y1
    expect(b.name(regions.move(b.square('x3y1'), b.square('x4y1'), b.square('x5y1')))).toBe('x5y1');
    expect([regions.inMoved(b.square('x3y1')), regions.inMoved(b.square('x7y1')), regions.inMoved(b.square('x4y3'))]).toEqual([false, true, false]);
  });

  it('gives the flood\'s region and smallest square for every move of every box and every square next to its new one', () => {
    // rooms, pillars, dead ends and one-wide corridors
    const lvl = board([
      '############',
      '#@   #     #',
      '# ## # ### #',
      '#    .     #',
      '## #### ## #',
      '#   #    # #',
      '# # # ## # #',
      '#   $      #',
      '############',
    ]);
    const regions = new FreeRegions(lvl);
    const mark = new Int32Array(lvl.size);
    const queue = new Int32Array(lvl.size);
    let stamp = 0;
    let seed = 5;
    const random = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    let moves = 0;
    const wrong: string[] = [];
    for (let round = 0; round < 40; round++) {
      const boxAt = new Uint8Array(lvl.size);
      const boxes: number[] = [];
      while (boxes.length < 8) {
        const c = lvl.cells[random(lvl.cells.length)];
        if (boxAt[c]) continue;
        boxAt[c] = 1;
        boxes.push(c);
      }
      regions.build(boxAt);
      for (const from of boxes) {
        for (const to of lvl.cells) {
          if (boxAt[to]) continue;
          for (const d of lvl.dirs) {
            const stand = to + d;
            if (!lvl.floor[stand] || (boxAt[stand] && stand !== from)) continue;
            const min = regions.move(from, to, stand);
            boxAt[from] = 0;
            boxAt[to] = 1;
            const want = floodRegion(lvl, boxAt, stand, mark, ++stamp, queue);
            moves++;
            if (min !== want) wrong.push(`${lvl.name(from)} to ${lvl.name(to)}, player ${lvl.name(stand)}: ${lvl.name(min)} vs ${lvl.name(want)}`);
            for (const c of lvl.cells) {
              if (regions.inMoved(c) !== (mark[c] === stamp)) wrong.push(`${lvl.name(from)} to ${lvl.name(to)}, player ${lvl.name(stand)}: ${lvl.name(c)}`);
            }
            boxAt[to] = 0;
            boxAt[from] = 1;
          }
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(moves).toBe(MOVES);
  });
});

/** The moves checked: fixed by the level and the seed. */
const MOVES = 24833;
