/**
 * The feature-space search's parts (src/plugins/sokoban/features.ts): the
 * cell of a state (boxes packed × floor regions) and the open list that
 * takes turns among the cells.
 */
import { describe, expect, it } from 'vitest';
import { Board } from '../../../src/plugins/sokoban/board.ts';
import { FeatureCells, FeatureOpen } from '../../../src/plugins/sokoban/features.ts';
import { readLevel } from '../../../src/sokoban/level.ts';
import { keyPrimary, packKey } from '../../../src/util/heap.ts';

const board = (rows: string[]): Board => new Board(readLevel(rows.join('\n'), 'test.txt', undefined));

describe('feature cells', () => {
  // a corridor of 7 squares; a box on x3y1 cuts it in two, a second on x5y1 in three
  const b = board(['#########', '#@ $ $ .#', '#      .#', '#########']);
  const at = (...names: string[]): Uint8Array => {
    const a = new Uint8Array(b.size);
    for (const n of names) a[b.square(n)] = 1;
    return a;
  };

  it('counts the regions the boxes cut the floor into, and the boxes on goals', () => {
    const cells = new FeatureCells(b, b.goals);
    expect(cells.regions(at())).toBe(1);
    expect(cells.regions(at('x3y1', 'x3y2'))).toBe(2);
    expect(cells.regions(at('x3y1', 'x3y2', 'x5y1', 'x5y2'))).toBe(3);
    const boxes = Int32Array.from(['x7y1', 'x3y1'].map((n) => b.square(n)));
    // one box packed, one region: packed · 16 + regions
    expect(cells.cell(at('x7y1', 'x3y1'), boxes, 2)).toBe(1 * 16 + 1);
  });
});

describe('the open list of the feature-space search', () => {
  it('takes turns among the cells in the order first seen, each cell smallest key first', () => {
    let cell = 0;
    const open = new FeatureOpen(() => cell);
    const push = (c: number, f: number, id: number): void => {
      cell = c;
      open.push(packKey(f, 0), id);
    };
    push(7, 5, 0);
    push(7, 1, 1);
    push(3, 9, 2);
    push(3, 4, 3);
    push(7, 3, 4);
    // an id pushed again keeps its first cell
    push(3, 2, 4);
    const order: [number, number][] = [];
    while (open.size > 0) {
      const id = open.pop();
      order.push([id, keyPrimary(open.lastKey)]);
    }
    expect(order).toEqual([
      [1, 1],
      [3, 4],
      [4, 2],
      [2, 9],
      [4, 3],
      [0, 5],
    ]);
    expect(open.cells).toBe(2);
  });
});
