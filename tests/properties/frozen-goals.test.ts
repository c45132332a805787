/**
 * Frozen-goal deadlocks and freeze deadlocks on random small rooms
 * (rooms.ts, with 1–3 boxes): every position reachable from a room that
 * either check calls dead has no solution (a plain exhaustive search,
 * tests/sokoban/exhaustive.ts; a position it cannot finish within its cap
 * is skipped). The solved positions are among them: a check must never
 * call a goal dead (the frozen-goal check did when the last push shut the
 * player out of boxes already on goals; session 47).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Board } from '../../src/plugins/sokoban/board.ts';
import { deadSquares, FreezeCheck } from '../../src/plugins/sokoban/deadlocks.ts';
import { FrozenGoals } from '../../src/plugins/sokoban/frozen-goals.ts';
import { readLevel } from '../../src/sokoban/level.ts';
import { expectNoSolution, reachablePositions } from '../sokoban/exhaustive.ts';
import { fcParams } from './arbitraries.ts';
import { roomTexts } from './rooms.ts';

/** Level texts of rooms.ts with one to three boxes. */
const room = roomTexts();

describe('frozen-goal and freeze deadlocks on random rooms', () => {
  it('every position either check calls dead has no solution', () => {
    let proven = 0;
    fc.assert(
      fc.property(room, (text) => {
        const b = new Board(readLevel(text, 'room.txt', undefined));
        const freeze = new FreezeCheck(b, deadSquares(b));
        const frozenGoals = new FrozenGoals(b, freeze);
        const boxAt = new Uint8Array(b.size);
        for (const p of reachablePositions(b, { boxes: [...b.boxes].sort((x, y) => x - y), player: b.player }, 1000)) {
          for (const q of p.boxes) boxAt[q] = 1;
          const frozen = p.boxes.some((q) => !b.goal[q] && freeze.frozenAt(boxAt, q));
          for (const q of p.boxes) boxAt[q] = 0;
          if (!frozen && !frozenGoals.deadlocked(Int32Array.from(p.boxes), p.boxes.length, p.player)) continue;
          if (expectNoSolution(b, p, text)) proven++;
        }
      }),
      fcParams(300),
    );
    expect(proven).toBeGreaterThan(100);
  });
});
