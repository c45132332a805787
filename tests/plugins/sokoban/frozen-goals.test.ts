/**
 * Frozen-goal deadlocks (src/plugins/sokoban/frozen-goals.ts,
 * PushSearchConfig.frozenGoals): on a literal level with two goals in a
 * row against a wall, the box frozen on the upper goal shuts the lower one;
 * the check's verdicts on hand-built states, a push that freezes nothing
 * but leaves its box no goal, a box already on a goal past the frozen
 * boxes (it keeps its goal), a level unsolvable from its start, and
 * push-level A* with and without the check (the same number of pushes,
 * fewer states).
 */
import { describe, expect, it } from 'vitest';
import { Board } from '../../../src/plugins/sokoban/board.ts';
import { deadSquares, FreezeCheck } from '../../../src/plugins/sokoban/deadlocks.ts';
import { FrozenGoals } from '../../../src/plugins/sokoban/frozen-goals.ts';
import { pushSearch, type PushSearchConfig } from '../../../src/plugins/sokoban/push-search.ts';
import { defaultSearchOptions } from '../../../src/search/types.ts';
import { readLevel } from '../../../src/sokoban/level.ts';

const board = (rows: string[]): Board => new Board(readLevel(rows.join('\n'), 'test.txt', undefined));

// Goals x5y2 (walls above and to the right: a box there never moves again)
// and x5y4 (a dead end below it, filled only by a push down from x5y3 with
// the player on x5y2). So x5y4 must be filled first.
const ROW = ['#######', '#@   ##', '# $  .#', '# $   #', '#####.#', '#######'];

describe('frozen-goal deadlocks', () => {
  const b = board(ROW);
  const freeze = new FreezeCheck(b, deadSquares(b));
  const boxes = (...names: string[]): Int32Array => Int32Array.from(names.map((n) => b.square(n)));

  it('finds the lower goal shut by the box frozen on the upper one', () => {
    const check = new FrozenGoals(b, freeze);
    // the upper goal filled first: the other box can reach no goal left
    expect(check.deadlocked(boxes('x5y2', 'x2y3'), 2, b.player)).toBe(true);
    // the lower goal filled first (that box is frozen too): the other box can still be pushed onto x5y2
    expect(check.deadlocked(boxes('x5y4', 'x2y2'), 2, b.player)).toBe(false);
    // nothing frozen: nothing to check
    expect(check.deadlocked(boxes('x2y2', 'x2y3'), 2, b.player)).toBe(false);
    expect(check.found).toBe(1);
  });

  it('checks a push that freezes nothing against the expanded state: a box pushed where it reaches no free goal', () => {
    // x5y4 filled first (frozen there); the other box on row 2 can still be pushed right onto x5y2
    const filled = board(['#######', '#@   ##', '# $  .#', '#     #', '#####*#', '#######']);
    const check = new FrozenGoals(filled, new FreezeCheck(filled, deadSquares(filled)));
    const at = (...names: string[]): Int32Array => Int32Array.from(names.map((n) => filled.square(n)));
    const state = at('x5y4', 'x2y2');
    expect(check.expanding(state, 2, filled.player)).toBe(false);
    // pushed down to x2y3 it is frozen nowhere and its square is live (x5y3, then down onto x5y4), but with
    // x5y4 filled the row-3 squares reach no goal: the boxes on row 3 can only be pushed along it
    state[1] = filled.square('x2y3');
    expect(check.deadAfterMove(1, state)).toBe(true);
    // pushed right to x3y2 it still reaches x5y2
    state[1] = filled.square('x3y2');
    expect(check.deadAfterMove(1, state)).toBe(false);
    expect(check.found).toBe(1);
    // the state with the box on x2y3 is dead as a whole too
    expect(check.deadlocked(at('x5y4', 'x2y3'), 2, filled.player)).toBe(true);
    // a state with nothing frozen keeps nothing to check its successors against
    expect(check.expanding(at('x2y2', 'x2y3'), 2, filled.player)).toBe(false);
    expect(check.deadAfterMove(1, at('x2y2', 'x1y3'))).toBe(false);
  });

  it('counts goals, not boxes: two boxes left for one reachable goal is dead', () => {
    // a third goal, x3y1; with x5y2 filled, x5y4 is out of reach and the two boxes of row 2 both reach x3y1 alone
    const three = board(['#######', '#@ . ##', '# $$ .#', '# $   #', '#####.#', '#######']);
    const check = new FrozenGoals(three, new FreezeCheck(three, deadSquares(three)));
    const at = (...names: string[]): Int32Array => Int32Array.from(names.map((n) => three.square(n)));
    expect(check.deadlocked(at('x5y2', 'x2y2', 'x3y2'), 3, three.player)).toBe(true);
    // with x5y4 filled instead, one goes to x3y1 and the other to x5y2
    expect(check.deadlocked(at('x5y4', 'x2y2', 'x3y2'), 3, three.player)).toBe(false);
  });

  it('walls the player in: a box the player can no longer get to has no goal', () => {
    // two boxes frozen on the goals of a one-square passage (walls above and below) part the floor in two
    const parted = board(['##########', '#   ##   #', '# @ ** $.#', '#   ##   #', '##########']);
    const check = new FrozenGoals(parted, new FreezeCheck(parted, deadSquares(parted)));
    const at = (...names: string[]): Int32Array => Int32Array.from(names.map((n) => parted.square(n)));
    const state = at('x4y2', 'x5y2', 'x7y2');
    // the player on the left can never push the box on x7y2 onto x8y2
    expect(check.deadlocked(state, 3, parted.square('x2y2'))).toBe(true);
    // on the right it can
    expect(check.deadlocked(state, 3, parted.square('x6y1'))).toBe(false);
    expect(check.found).toBe(1);
    // the level itself (the player on the left) is proved unsolvable at once
    const r = pushSearch(parted, deadSquares(parted), defaultSearchOptions, { gWeight: 0, hWeight: 1, goalOnGeneration: true, preferDeep: true, estimate: 'matching' });
    expect([r.status, r.stats.expanded]).toEqual(['unsolvable', 0]);
  });

  it('lets a box on a goal past the frozen boxes stay there: the last push may shut the player out of it', () => {
    // the push of x3y2 onto x4y2 freezes the passage's two boxes and parts the floor; the box on x7y3 (free to move) is already home
    const sealed = board(['##########', '#   ##   #', '# @$.*   #', '#   ## * #', '#   ##   #', '##########']);
    const check = new FrozenGoals(sealed, new FreezeCheck(sealed, deadSquares(sealed)));
    const at = (...names: string[]): Int32Array => Int32Array.from(names.map((n) => sealed.square(n)));
    expect(check.deadlocked(at('x4y2', 'x5y2', 'x7y3'), 3, sealed.square('x3y2'))).toBe(false);
    // a box off goal there is still out of reach for good
    expect(check.deadlocked(at('x4y2', 'x5y2', 'x7y2'), 3, sealed.square('x3y2'))).toBe(true);
    // the level's one plan is that push, which the search used to drop as a deadlock
    const r = pushSearch(sealed, deadSquares(sealed), defaultSearchOptions, { gWeight: 0, hWeight: 1, goalOnGeneration: true, preferDeep: true, estimate: 'matching' });
    expect([r.status, r.pushes?.length]).toEqual(['solved', 1]);
  });

  it('proves a level unsolvable from its start', () => {
    // the box already on x5y2 is frozen there and the other box has no goal left
    const shut = board(['#######', '#@   ##', '#    *#', '# $   #', '#####.#', '#######']);
    const r = pushSearch(shut, deadSquares(shut), defaultSearchOptions, { gWeight: 0, hWeight: 1, goalOnGeneration: true, preferDeep: true, estimate: 'matching' });
    expect(r.status).toBe('unsolvable');
    expect(r.reason).toBe('boxes frozen on goals leave the other boxes too few goals they can reach');
    expect(r.stats.expanded).toBe(0);
  });

  it('prunes the search: the same optimal plan in fewer states', () => {
    const astar: PushSearchConfig = { gWeight: 1, hWeight: 1, goalOnGeneration: false, preferDeep: true, estimate: 'matching' };
    const on = pushSearch(b, deadSquares(b), defaultSearchOptions, astar);
    const off = pushSearch(b, deadSquares(b), defaultSearchOptions, { ...astar, frozenGoals: false });
    expect(on.status).toBe('solved');
    expect(on.pushes?.length).toBe(off.pushes?.length);
    expect(on.pushes?.length).toBe(7);
    expect([on.stats.expanded, off.stats.expanded]).toEqual([11, 13]);
  });
});
