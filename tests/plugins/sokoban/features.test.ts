/**
 * The feature-space search's parts (src/plugins/sokoban/features.ts): the
 * cell of a state (boxes packed × floor regions) and the open list that
 * takes turns among the cells.
 */
import { describe, expect, it } from 'vitest';
import { Board } from '../../../src/plugins/sokoban/board.ts';
import { FeatureCells, FeatureOpen } from '../../../src/plugins/sokoban/features.ts';
import { FreeRegions } from '../../../src/plugins/sokoban/regions.ts';
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
    // one box packed, none out of plan, one region: (packed · 4 + out of plan) · 16 + regions
    expect(cells.cell(at('x7y1', 'x3y1'), boxes, 2)).toBe((1 * 4 + 0) * 16 + 1);
    expect(FeatureCells.packed(cells.cell(at('x7y1', 'x3y1'), boxes, 2))).toBe(1);
  });

  it('counts the boxes out of plan: off goal, with no free goal reachable past the boxes on goals', () => {
    // a room on the left whose only way out is the goal x5y2, filled; the free goals on the right
    const room = board(['##########', '#    #  .#', '# $$ * @.#', '#    #   #', '##########']);
    const cells = new FeatureCells(room, room.goals, null, true);
    const state = (...names: string[]): [Uint8Array, Int32Array] => {
      const at = new Uint8Array(room.size);
      for (const n of names) at[room.square(n)] = 1;
      return [at, Int32Array.from(names.map((n) => room.square(n)))];
    };
    const shut = state('x2y2', 'x3y2', 'x5y2');
    // both boxes of the room are shut in by the box on x5y2
    expect(cells.outOfPlan(...shut, 3)).toBe(2);
    // one packed, two out of plan, two regions (the door box cuts the floor)
    expect(cells.cell(...shut, 3)).toBe((1 * 4 + 2) * 16 + 2);
    // with the door box pushed on, off its goal, nothing is shut in
    const open = state('x2y2', 'x3y2', 'x6y2');
    expect(cells.outOfPlan(...open, 3)).toBe(0);
    // without the feature the count stays out of the cell
    expect(new FeatureCells(room, room.goals).cell(...shut, 3)).toBe((1 * 4 + 0) * 16 + 2);
  });

  it("works out a successor's cell from the expanded state's, as cell does, for every box move", () => {
    // a tunnel, a pillar, goals in the open and at dead ends: moves that open, cut and close regions, and fill or empty goals
    const lvl = board(['##########', '#@ $ # . #', '# ## $ # #', '#  $  .  #', '### ## ###', '#.  $   .#', '##########']);
    const cells = new FeatureCells(lvl, lvl.goals, null, true);
    const regions = new FreeRegions(lvl);
    let seed = 7;
    const random = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    let moves = 0;
    const wrong: string[] = [];
    for (let round = 0; round < 300; round++) {
      // a state: 4 boxes on distinct floor squares
      const boxAt = new Uint8Array(lvl.size);
      const boxes = new Int32Array(4);
      for (let i = 0; i < 4; ) {
        const c = lvl.cells[random(lvl.cells.length)];
        if (boxAt[c]) continue;
        boxAt[c] = 1;
        boxes[i++] = c;
      }
      regions.build(boxAt);
      expect(cells.expanding(boxAt, boxes, 4, regions)).toBe(cells.cell(boxAt, boxes, 4));
      // every box to every free square with a free neighbour (the player's square after a push or a macro)
      for (let i = 0; i < 4; i++) {
        const from = boxes[i];
        for (const to of lvl.cells) {
          if (boxAt[to]) continue;
          boxAt[from] = 0;
          boxAt[to] = 1;
          boxes[i] = to;
          const side = lvl.dirs.map((d) => to + d).find((q) => lvl.floor[q] === 1 && boxAt[q] === 0);
          if (side !== undefined) {
            regions.move(from, to, side);
            moves++;
            const got = cells.cellAfterMove(boxAt, boxes, 4, from, to, regions);
            const want = cells.cell(boxAt, boxes, 4);
            if (got !== want) wrong.push(`${lvl.name(from)} to ${lvl.name(to)}: ${got} vs ${want}`);
          }
          boxes[i] = from;
          boxAt[to] = 0;
          boxAt[from] = 1;
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(moves).toBe(30659);
  });

  it('orders cells: more packed first, then fewer out of plan, then fewer regions', () => {
    const cell = (packed: number, out: number, regions: number): number => (packed * 4 + out) * 16 + regions;
    expect(FeatureCells.improves(cell(2, 3, 9), cell(1, 0, 1))).toBe(true);
    expect(FeatureCells.improves(cell(1, 0, 9), cell(1, 1, 1))).toBe(true);
    expect(FeatureCells.improves(cell(1, 1, 1), cell(1, 1, 2))).toBe(true);
    expect(FeatureCells.improves(cell(1, 1, 2), cell(1, 1, 2))).toBe(false);
    expect(FeatureCells.improves(cell(1, 2, 1), cell(1, 1, 5))).toBe(false);
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
