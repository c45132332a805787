/**
 * Corral deadlocks on random small rooms (rooms.ts, with 1–3 boxes): every
 * position reachable from a room that the corral test calls a deadlock
 * has no solution (a plain exhaustive search, tests/sokoban/exhaustive.ts;
 * a position it cannot finish within its cap is skipped), and push-level
 * A* finds the same fewest pushes with and without corral pruning.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Board } from '../../src/plugins/sokoban/board.ts';
import { CorralCheck } from '../../src/plugins/sokoban/corral.ts';
import { deadSquares } from '../../src/plugins/sokoban/deadlocks.ts';
import { readLevel } from '../../src/sokoban/level.ts';
import { pushSearch } from '../../src/plugins/sokoban/push-search.ts';
import { defaultSearchOptions } from '../../src/search/types.ts';
import { expectNoSolution, reachablePositions } from '../sokoban/exhaustive.ts';
import { fcParams } from './arbitraries.ts';
import { roomTexts } from './rooms.ts';

/** Level texts of rooms.ts with one to three boxes. */
const room = roomTexts();

const boardOf = (text: string): Board => new Board(readLevel(text, 'room.txt', undefined));

describe('corral deadlocks on random rooms', () => {
  it('every position called a corral deadlock has no solution (also with no limit on the corral size)', () => {
    let proven = 0;
    fc.assert(
      fc.property(room, (text) => {
        const b = boardOf(text);
        const dead = deadSquares(b);
        const checks = [new CorralCheck(b, dead), new CorralCheck(b, dead, { maxCells: b.size })];
        const boxAt = new Uint8Array(b.size);
        for (const p of reachablePositions(b, { boxes: [...b.boxes].sort((x, y) => x - y), player: b.player }, 1000)) {
          for (const q of p.boxes) boxAt[q] = 1;
          const called = checks.some((c) => c.deadlocked(boxAt, p.player));
          for (const q of p.boxes) boxAt[q] = 0;
          if (!called) continue;
          if (expectNoSolution(b, p, text)) proven++;
        }
      }),
      fcParams(300),
    );
    expect(proven).toBeGreaterThan(100);
  });

  it('push-level A* with corral pruning: the same answer and the same fewest pushes as without', () => {
    const options = { ...defaultSearchOptions, maxNodes: 20_000 };
    const config = { gWeight: 1, hWeight: 1, estimate: 'matching' as const, goalOnGeneration: false, preferDeep: true };
    fc.assert(
      fc.property(room, (text) => {
        const b = boardOf(text);
        const on = pushSearch(b, deadSquares(b), options, config);
        const off = pushSearch(b, deadSquares(b), options, { ...config, corrals: false });
        fc.pre(on.status !== 'limit' && off.status !== 'limit');
        expect([on.status, on.pushes?.length], text).toEqual([off.status, off.pushes?.length]);
      }),
      fcParams(300),
    );
  });
});
