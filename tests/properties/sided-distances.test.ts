/**
 * Push and pull distances by the player's side (estimates.ts,
 * sidedPushDistances, BoxReach) on random one-box rooms (rooms.ts), against
 * the one-box game played out by a plain breadth-first search over
 * positions (tests/sokoban/exhaustive.ts: the box's square and the
 * player's region): for every box square and player square, the estimate
 * is exactly the fewest pushes, and Infinity where there is no way.
 *
 * - forward (the goals as targets): the fewest pushes from the position to
 *   the box on the goal;
 * - backward (`pulls`, the initial box square as target, as a backward
 *   search counts its pulls back to the initial boxes): the fewest pushes
 *   from the box on its first square, the player anywhere, to the
 *   position — the pulls from the position back to it, read forwards.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Board } from '../../src/plugins/sokoban/board.ts';
import { BoxEstimator } from '../../src/plugins/sokoban/estimates.ts';
import { readLevel } from '../../src/sokoban/level.ts';
import { type Position, positionKey, pushesFrom } from '../sokoban/exhaustive.ts';
import { fcParams } from './arbitraries.ts';
import { roomTexts } from './rooms.ts';

const room = roomTexts(1, 1);

/** Breadth-first over pushes from `starts`: the fewest pushes to each position reached, by positionKey. */
function pushesTo(b: Board, starts: Position[]): Map<string, number> {
  const depth = new Map<string, number>();
  const queue: Position[] = [];
  for (const p of starts) {
    const k = positionKey(b, p);
    if (depth.has(k)) continue;
    depth.set(k, 0);
    queue.push(p);
  }
  for (let i = 0; i < queue.length; i++) {
    const d = depth.get(positionKey(b, queue[i])) as number;
    for (const c of pushesFrom(b, queue[i])) {
      const k = positionKey(b, c);
      if (depth.has(k)) continue;
      depth.set(k, d + 1);
      queue.push(c);
    }
  }
  return depth;
}

/** Every position of the one box and the player (on another square). */
function positions(b: Board): Position[] {
  const out: Position[] = [];
  for (const p of b.cells) for (const q of b.cells) if (q !== p) out.push({ boxes: [p], player: q });
  return out;
}

describe("distances by the player's side on random one-box rooms", () => {
  it('forward: the fewest pushes from each position to the box on its goal, Infinity where none gets there', () => {
    let finite = 0;
    let infinite = 0;
    fc.assert(
      fc.property(room, (text) => {
        const b = new Board(readLevel(text, 'room.txt', undefined));
        const est = new BoxEstimator(b, 'pushdist', b.goals, false, true);
        const goal = b.goals[0];
        for (const start of positions(b)) {
          let want = Infinity;
          for (const [k, d] of pushesTo(b, [start])) if (k.startsWith(`${goal}|`) && d < want) want = d;
          const got = est.estimate(start.boxes, 1, start.player);
          expect(got, `${text}\nbox ${start.boxes[0]}, player ${start.player}`).toBe(want);
          if (want === Infinity) infinite++;
          else finite++;
        }
      }),
      fcParams(60),
    );
    expect(finite).toBeGreaterThan(0);
    expect(infinite).toBeGreaterThan(0);
  });

  it('backward: the fewest pushes from the box on its first square (the player anywhere) to each position, Infinity where none gets there', () => {
    let finite = 0;
    let infinite = 0;
    fc.assert(
      fc.property(room, (text) => {
        const b = new Board(readLevel(text, 'room.txt', undefined));
        const first = b.boxes[0];
        const est = new BoxEstimator(b, 'pushdist', Int32Array.of(first), true, true);
        const depth = pushesTo(
          b,
          Array.from(b.cells)
            .filter((q) => q !== first)
            .map((q) => ({ boxes: [first], player: q })),
        );
        for (const p of positions(b)) {
          const want = depth.get(positionKey(b, p)) ?? Infinity;
          expect(est.estimate(p.boxes, 1, p.player), `${text}\nbox ${p.boxes[0]}, player ${p.player}`).toBe(want);
          if (want === Infinity) infinite++;
          else finite++;
        }
      }),
      fcParams(60),
    );
    expect(finite).toBeGreaterThan(0);
    expect(infinite).toBeGreaterThan(0);
  });
});
