/**
 * Stuck patterns (src/plugins/sokoban/stuck.ts, PushSearchConfig.stuck):
 * a state's wobblers and xy-free boxes are left out, the boxes left are
 * searched (with boxes removed the moment they are xy-free), a dead rest is
 * shrunk and stored with the player's region, and it prunes other states
 * with those boxes and the player in that region; the switch in the
 * push-level search.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Board } from '../../../src/plugins/sokoban/board.ts';
import { deadSquares } from '../../../src/plugins/sokoban/deadlocks.ts';
import { pushSearch, type PushSearchConfig } from '../../../src/plugins/sokoban/push-search.ts';
import { StuckPatterns } from '../../../src/plugins/sokoban/stuck.ts';
import { switchesOf } from '../../../src/plugins/sokoban/switches.ts';
import { defaultSearchOptions } from '../../../src/search/types.ts';
import { readLevel } from '../../../src/sokoban/level.ts';
import { solvable } from '../../sokoban/exhaustive.ts';

const board = (rows: string[]): Board => new Board(readLevel(rows.join('\n'), 'test.txt', undefined));
const sasquatch = fileURLToPath(new URL('../../../../shared/levels/sasquatch.txt', import.meta.url));

// Two rooms joined by a doorway x5y2; the box on its goal x6y2 stands right behind it. A box pushed from the left into the doorway is
// stuck there, and the player can never reach the right room.
const DOORWAY = ['###########', '#  . #    #', '# @$  *   #', '#  $ #   .#', '#    #    #', '###########'];

function boxesAt(b: Board, names: string[]): { at: Uint8Array; list: Int32Array } {
  const at = new Uint8Array(b.size);
  for (const n of names) at[b.square(n)] = 1;
  return { at, list: Int32Array.from(names, (n) => b.square(n)).sort() };
}

describe('a stuck pattern', () => {
  const b = board(DOORWAY);
  const dead = deadSquares(b);
  const sq = (n: string): number => b.square(n);

  it('leaves out the box the player can push both ways and proves the two boxes of the doorway dead', () => {
    const s = ['x5y2', 'x6y2', 'x3y3'];
    expect(solvable(b, { boxes: s.map(sq).sort((x, y) => x - y), player: sq('x4y2') }, 100_000)).toBe(false);
    const p = new StuckPatterns(b, dead);
    const { list } = boxesAt(b, s);
    expect(p.examine(list, 3, sq('x4y2'))).toBe(true);
    // x3y3 (xy-free) is not in it; shrinking tried each of the two alone: x6y2 alone is on its goal, x5y2 alone gets to a goal
    expect(p.describe()).toEqual(['x5y2 x6y2 / x1y1']);
    expect(p.stats).toMatchObject({ asked: 1, searched: 2, proven: 1, solved: 1, limited: 0, patterns: 1 });
  });

  it('matches another state with the two boxes and the player in the left room, not one with the player behind them', () => {
    const p = new StuckPatterns(b, dead);
    p.examine(boxesAt(b, ['x5y2', 'x6y2', 'x3y3']).list, 3, sq('x4y2'));
    const other = boxesAt(b, ['x5y2', 'x6y2', 'x2y4']);
    expect(p.matches(other.at, other.list, 3, sq('x1y3'))).toBe(true);
    expect(p.matches(other.at, other.list, 3, sq('x8y4'))).toBe(false);
    const apart = boxesAt(b, ['x4y2', 'x6y2', 'x2y4']);
    expect(p.matches(apart.at, apart.list, 3, sq('x1y3'))).toBe(false);
    expect(p.stats.matched).toBe(1);
  });

  it('asks nothing of a state whose boxes are all free or wobblers', () => {
    const p = new StuckPatterns(b, dead);
    expect(p.examine(boxesAt(b, ['x3y2', 'x6y2', 'x3y3']).list, 3, sq('x2y2'))).toBe(false);
    expect(p.stats).toMatchObject({ asked: 1, searched: 0, patterns: 0 });
  });
});

describe('the switch in the push-level search', () => {
  it('is the stuck field of the switches', () => {
    expect(switchesOf({ stuck: 'on' })).toEqual({ stuck: true });
    expect(switchesOf({ stuck: 'off' })).toEqual({ stuck: false });
  });

  it.skipIf(!existsSync(sasquatch))('Sasquatch 15, the box-macro feature-space search: the same plan with fewer states', () => {
    const b = new Board(readLevel(readFileSync(sasquatch, 'utf8'), sasquatch, 15));
    const c: PushSearchConfig = { gWeight: 0, hWeight: 1, goalOnGeneration: true, preferDeep: true, estimate: 'matching', features: true, boxMacros: true, piCorrals: true, advisorWeights: true, outOfPlan: true };
    const options = { ...defaultSearchOptions, maxNodes: 100_000 };
    const off = pushSearch(b, deadSquares(b), options, c);
    const on = pushSearch(b, deadSquares(b), options, { ...c, stuck: true });
    expect([off.status, off.pushes?.length, off.stats.expanded]).toEqual(['solved', 48, 2210]);
    expect([on.status, on.pushes?.length, on.stats.expanded]).toEqual(['solved', 48, 1311]);
    expect(on.stuck).toMatchObject({ patterns: 2 });
    expect(off.stuck).toBeUndefined();
  });
});
