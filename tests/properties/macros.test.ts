/**
 * Tunnel macros (src/plugins/sokoban/macros.ts) on random small rooms with
 * many inner walls (rooms.ts with one inner square in three a wall, 1–3
 * boxes), kept when they have a tunnel: push-level A* finds the same answer
 * and the same fewest pushes with and without macros, forward and backward,
 * and the plans with macros replay (every push possible, every box on a
 * goal at the end).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Board } from '../../src/plugins/sokoban/board.ts';
import { deadSquares, pullDeadSquares } from '../../src/plugins/sokoban/deadlocks.ts';
import { TunnelMacros } from '../../src/plugins/sokoban/macros.ts';
import { expandPushes, type Push, pushSearch } from '../../src/plugins/sokoban/push-search.ts';
import { defaultSearchOptions } from '../../src/search/types.ts';
import { readLevel } from '../../src/sokoban/level.ts';
import { fcParams } from './arbitraries.ts';
import { roomLevel, roomSpec } from './rooms.ts';

const boardOf = (text: string): Board => new Board(readLevel(text, 'room.txt', undefined));

/** Rooms with about one inner square in three a wall, 1–3 boxes, with a tunnel square forward or backward. */
const room = fc
  .tuple(roomSpec, fc.integer({ min: 1, max: 3 }))
  .map(([spec, boxes]) => roomLevel({ ...spec, boxes, walls: spec.walls.map((w) => w % 3) }))
  .filter((l): l is string => {
    if (l === null) return false;
    const b = boardOf(l);
    return new TunnelMacros(b, deadSquares(b)).extra.some((n) => n > 0) || new TunnelMacros(b, pullDeadSquares(b), true).extra.some((n) => n > 0);
  });

/** Whether the pushes, replayed from the level's start, are possible and end with every box on a goal. */
function solves(b: Board, pushes: Push[]): boolean {
  expandPushes(b, pushes); // throws on an impossible push
  const at = new Set(b.boxes);
  for (const { box, dir } of pushes) {
    at.delete(box);
    at.add(box + b.dirs[dir]);
  }
  return [...at].every((p) => b.goal[p] === 1);
}

describe('tunnel macros on random rooms', () => {
  it('push-level A*, forward and backward: the same answer and fewest pushes with and without macros; the plans valid', () => {
    const options = { ...defaultSearchOptions, maxNodes: 20_000 };
    const config = { gWeight: 1, hWeight: 1, estimate: 'matching' as const, goalOnGeneration: false, preferDeep: true };
    let solved = 0;
    let fewer = 0;
    fc.assert(
      fc.property(room, (text) => {
        const b = boardOf(text);
        for (const backward of [false, true]) {
          const off = pushSearch(b, deadSquares(b), options, { ...config, backward });
          const on = pushSearch(b, deadSquares(b), options, { ...config, backward, macros: true });
          if (on.status === 'limit' || off.status === 'limit') continue;
          expect([on.status, on.pushes?.length], `${backward ? 'backward' : 'forward'}\n${text}`).toEqual([off.status, off.pushes?.length]);
          if (on.pushes) {
            solved++;
            expect(solves(b, on.pushes), text).toBe(true);
            if (on.stats.expanded < off.stats.expanded) fewer++;
          }
        }
      }),
      fcParams(1000),
    );
    // the property is not empty: 1,164 solved searches and 76 where the macros saved states with the default seed
    expect(solved).toBeGreaterThan(1000);
    expect(fewer).toBeGreaterThan(50);
  });
});
