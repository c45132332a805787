/**
 * The forward push-level search's checks on every push of random small
 * rooms (rooms.ts, with 1–3 boxes), called as the engine calls them
 * (PushSpace: the pushes generated, the freeze and frozen-goal tests of
 * the push, the matching estimate of its successor, the corral test when
 * the successor is taken): a push whose successor can be solved is never
 * dropped. Which positions can be solved is worked out exactly over all
 * the positions a room reaches (a room with more than the cap is left out):
 * a solved position, or one with a push to one that can be.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Board } from '../../src/plugins/sokoban/board.ts';
import { CorralCheck } from '../../src/plugins/sokoban/corral.ts';
import { deadSquares, FreezeCheck } from '../../src/plugins/sokoban/deadlocks.ts';
import { BoxEstimator } from '../../src/plugins/sokoban/estimates.ts';
import { FrozenGoals } from '../../src/plugins/sokoban/frozen-goals.ts';
import { PushSpace } from '../../src/plugins/sokoban/push-search.ts';
import { readLevel } from '../../src/sokoban/level.ts';
import { type Position, positionKey, pushMoves, reachablePositions, walkable } from '../sokoban/exhaustive.ts';
import { fcParams } from './arbitraries.ts';
import { roomTexts } from './rooms.ts';

/** Level texts of rooms.ts with one to three boxes. */
const room = roomTexts();

const CAP = 3000;

/** The space's state of a position: the box bits over the floor cells, then the cell of the smallest square of the player's region. */
function stateOf(b: Board, space: PushSpace, p: Position): Uint32Array {
  const s = new Uint32Array(space.words);
  for (const q of p.boxes) s[b.cellIndex[q] >>> 5] |= 1 << (b.cellIndex[q] & 31);
  s[space.words - 1] = b.cellIndex[Math.min(...walkable(b, p.boxes, p.player))];
  return s;
}

describe("the forward push-level search's checks on random rooms", () => {
  it('never drop a push whose successor can be solved', () => {
    let checked = 0;
    fc.assert(
      fc.property(room, (text) => {
        const b = new Board(readLevel(text, 'room.txt', undefined));
        const all = reachablePositions(b, { boxes: [...b.boxes].sort((x, y) => x - y), player: b.player }, CAP);
        fc.pre(all.length < CAP);
        // which positions can be solved: a fixpoint over the pushes
        const keys = all.map((p) => positionKey(b, p));
        const index = new Map(keys.map((k, i) => [k, i]));
        const movesOf = all.map((p) => pushMoves(b, p));
        const next = movesOf.map((ms) => ms.map((m) => index.get(positionKey(b, m.to)) as number));
        const good = all.map((p) => p.boxes.every((q) => b.goal[q] === 1));
        for (let changed = true; changed; ) {
          changed = false;
          for (let i = 0; i < all.length; i++) {
            if (!good[i] && next[i].some((j) => good[j])) good[i] = changed = true;
          }
        }
        const dead = deadSquares(b);
        const freeze = new FreezeCheck(b, dead);
        const space = new PushSpace(b, dead, false, freeze, new CorralCheck(b, dead), new BoxEstimator(b, 'matching'));
        space.frozenGoals = new FrozenGoals(b, freeze);
        const ops = new Int32Array(space.numOps);
        all.forEach((p, i) => {
          const s = stateOf(b, space, p);
          movesOf[i].forEach((m, j) => {
            if (!good[next[i][j]]) return;
            checked++;
            const where = `push ${m.op >> 2} ${m.op & 3} from boxes ${p.boxes.map((q) => b.name(q)).join(' ')}, player ${b.name(p.player)} in\n${text}`;
            const k = space.applicable(s, 0, ops);
            expect(ops.subarray(0, k).includes(m.op), `generated: ${where}`).toBe(true);
            space.applicable(s, 0, ops);
            expect(space.rejectFreeze(m.op), `freeze: ${where}`).toBe(false);
            const to = new Uint32Array(space.words);
            space.apply(m.op, s, 0, to, 0);
            expect(space.evaluate(to, 0), `estimate: ${where}`).not.toBe(Infinity);
            space.onNew(to, 0, m.op, 1);
            expect(space.pruneOnPop(to, 0, 1), `corral: ${where}`).toBe(false);
          });
        });
      }),
      fcParams(300),
    );
    expect(checked).toBeGreaterThan(1000);
  });
});
