/**
 * Corral deadlocks on small literal levels: each answer is checked against
 * the level's truth from a plain exhaustive search (exhaustive.ts), and the
 * deadlocks are ones the dead-square and freeze checks miss.
 */
import { describe, expect, it } from 'vitest';
import { Board, floodRegion } from '../../src/plugins/sokoban/board.ts';
import { CorralCheck } from '../../src/plugins/sokoban/corral.ts';
import { deadSquares, FreezeCheck } from '../../src/plugins/sokoban/deadlocks.ts';
import { readLevel } from '../../src/sokoban/level.ts';
import { pushSearch } from '../../src/plugins/sokoban/push-search.ts';
import { defaultSearchOptions } from '../../src/search/types.ts';
import { solvable } from './exhaustive.ts';

const board = (rows: string[]): Board => new Board(readLevel(rows.join('\n'), 'test.txt', undefined));

/** The corral test on the level's own position, with the check (for its counts). */
function corral(b: Board, cap?: number, maxCells?: number, backing = true, merge = true): { deadlocked: boolean; check: CorralCheck } {
  const check = new CorralCheck(b, deadSquares(b), { cap, maxCells, backing, merge });
  const boxAt = new Uint8Array(b.size);
  for (const p of b.boxes) boxAt[p] = 1;
  return { deadlocked: check.deadlocked(boxAt, b.player), check };
}

/** Whether the dead-square or freeze check finds the level's position dead. */
function simplyDead(b: Board): boolean {
  const dead = deadSquares(b);
  return b.boxes.some((p) => dead[p] === 1) || new FreezeCheck(b, dead).frozenAny(b.boxes, b.boxes.length);
}

const truth = (b: Board): boolean | null => solvable(b, { boxes: [...b.boxes].sort((x, y) => x - y), player: b.player }, 10_000);

// The box over the shaft can only go down: up needs the player below it, and the way round (the right column) is shut by the box on
// its goal, which can only go down too. Each box alone is live (the player goes round to push x2y2 up), so the dead squares, which
// see one box with the player walking round it, miss the deadlock; the corral is the shaft, the corridor and the column (8 cells).
const SHAFT = ['########', '#.  @  #', '##$###*#', '## ### #', '##     #', '########'];
// Two boxes close a pocket; each can only be pushed down into it (dead squares). Alone, each could be pushed up from the pocket
// (x3y2 then left from x4y1, the player coming round by x4y2).
const DOOR = ['########', '#..  @ #', '##$$ ###', '##  ####', '########'];
// The pocket below the box is a corral, but the box can be pushed left, out of it, onto its goal.
const LEAVES = ['######', '#   @#', '#. $ #', '### ##', '######'];
// Two boxes fence a corral with both goals in it: each is pushed in onto one.
const PUSHED_IN = ['#######', '#  $. #', '# * #.#', '#   @$#', '#  #  #', '#######'];
// The pocket (x4y3) is fenced by x4y2, x3y3 and x4y4 against the right wall; x3y4 backs x3y3 and x4y4.
// Every push left (x3y3 right, x4y4 up) fills the pocket and freezes a column against the wall.
const JAM = ['######', '#    #', '#   $#', '#  $ #', '#  $$#', '#    #', '#....#', '#@   #', '######'];
// The same jam with one more box (x2y3) beside it: it backs x3y3 and can be pushed away, after which the jam is dead.
const JAM_BACKED = ['######', '#    #', '#   $#', '# $$ #', '#  $$#', '#    #', '#....#', '#.@  #', '######'];
// Two corrals share the fence box x3y4: the cell x4y4 between x3y4 and x5y4 (walls above and below it), and the pocket x3y5 x2y6 x3y6
// closed by x3y4 and x2y5. Alone, each can be opened (x3y4 pushed up from x3y5 without x2y5; x3y4 pushed right without x5y4);
// together every push of the three boxes ends in a freeze or on a dead square.
const TWO_CORRALS = ['##########', '#@      .#', '#        #', '#   #    #', '## $ $ ..#', '##$ ######', '##  #', '#####'];
// The pocket right of the box on its goal is a corral whose boxes are all on goals.
const SOLVED = ['######', '#.   #', '# $@##', '#  * #', '######'];

describe('corral deadlocks', () => {
  it('a box in a shaft: a deadlock that dead squares and freeze miss, proven by a search of two positions', () => {
    const b = board(SHAFT);
    expect(simplyDead(b)).toBe(false);
    const { deadlocked, check } = corral(b);
    expect(deadlocked).toBe(true);
    expect(check.stats).toEqual({ corrals: 1, searches: 1, proven: 1, capped: 0, merged: 0 });
    expect(truth(b)).toBe(false);
  });

  it('two boxes in a doorway: a corral with a fence of two boxes', () => {
    const b = board(DOOR);
    expect(simplyDead(b)).toBe(false);
    expect(corral(b).deadlocked).toBe(true);
    expect(truth(b)).toBe(false);
  });

  it('a jam: the fence alone can leave the corral, with its backing box it cannot', () => {
    const b = board(JAM);
    expect(simplyDead(b)).toBe(false);
    const alone = corral(b, undefined, undefined, false);
    expect(alone.deadlocked).toBe(false);
    // x3y3 pushed down, onto x3y4 (no box in the fence's relaxed problem): no search
    expect(alone.check.stats).toEqual({ corrals: 0, searches: 0, proven: 0, capped: 0, merged: 0 });
    const backed = corral(b);
    expect(backed.deadlocked).toBe(true);
    // fence x4y2 x3y3 x4y4, backing x3y4: two pushes, each into a freeze
    expect(backed.check.stats).toEqual({ corrals: 1, searches: 1, proven: 1, capped: 0, merged: 0 });
    expect(truth(b)).toBe(false);
  });

  it('a backing box that can leave is dropped from the relaxed problem, which is then proven dead', () => {
    const b = board(JAM_BACKED);
    expect(simplyDead(b)).toBe(false);
    expect(corral(b, undefined, undefined, false).deadlocked).toBe(false);
    expect(corral(b).deadlocked).toBe(true);
    expect(truth(b)).toBe(false);
  });

  it('two corrals sharing a fence box: neither alone is proven, merged they are', () => {
    const b = board(TWO_CORRALS);
    expect(simplyDead(b)).toBe(false);
    const alone = corral(b, undefined, undefined, true, false);
    expect(alone.deadlocked).toBe(false);
    // each corral alone: x3y4 can be pushed down out of x4y4's area, x3y4 right out of the pocket's
    expect(alone.check.stats).toEqual({ corrals: 0, searches: 0, proven: 0, capped: 0, merged: 0 });
    const merged = corral(b);
    // the group (x4y4 and the pocket, fence x3y4 x5y4 x2y5) searched once, without the exit on the player reaching x4y4
    expect(merged.deadlocked).toBe(true);
    expect(merged.check.stats).toEqual({ corrals: 1, searches: 1, proven: 1, capped: 0, merged: 1 });
    expect(truth(b)).toBe(false);
  });

  it('a push that backs a fence two squares away (diagonally) examines that corral', () => {
    // JAM with x2y4 for x3y4: the fence alone can leave (x3y3 down); x2y4 pushed right to x3y4 makes the jam
    const before = board(['######', '#    #', '#   $#', '#  $ #', '# $ $#', '#    #', '#....#', '#@   #', '######']);
    expect(corral(before).deadlocked).toBe(false);
    const b = board(JAM);
    const boxAt = new Uint8Array(b.size);
    for (const p of b.boxes) boxAt[p] = 1;
    const reach = new Int32Array(b.size);
    const player = floodRegion(b, boxAt, b.square('x2y4'), reach, 1, new Int32Array(b.size));
    const inReach = (q: number): boolean => reach[q] === 1;
    expect(new CorralCheck(b, deadSquares(b)).deadlockedNear(boxAt, player, b.square('x3y4'), inReach)).toBe(true);
    expect(new CorralCheck(b, deadSquares(b), { backing: false }).deadlockedNear(boxAt, player, b.square('x3y4'), inReach)).toBe(false);
  });

  it.each([
    ['a box that can be pushed out of its corral onto a live square: no search', LEAVES, { corrals: 0, searches: 0, proven: 0, capped: 0, merged: 0 }],
    ['boxes that can be pushed into their corral onto its goals: the search stops with every box on a goal', PUSHED_IN, { corrals: 1, searches: 1, proven: 0, capped: 0, merged: 0 }],
    ['a corral whose fence is all on goals is already solved: not examined', SOLVED, { corrals: 0, searches: 0, proven: 0, capped: 0, merged: 0 }],
  ])('no deadlock, and the level is solvable: %s', (_, rows, stats) => {
    const b = board(rows);
    const { deadlocked, check } = corral(b);
    expect(deadlocked).toBe(false);
    expect(check.stats).toEqual(stats);
    expect(truth(b)).toBe(true);
  });

  it('gives up (no deadlock) at the cap of positions, and on corrals larger than the cell limit', () => {
    const capped = corral(board(SHAFT), 1);
    expect(capped.deadlocked).toBe(false);
    expect(capped.check.stats.capped).toBe(1);
    const small = corral(board(SHAFT), undefined, 1); // the shaft's corral has eight cells
    expect(small.deadlocked).toBe(false);
    expect(small.check.stats.corrals).toBe(0);
  });

  it('answers a repeated corral from the cache', () => {
    const b = board(SHAFT);
    const { check } = corral(b);
    const boxAt = new Uint8Array(b.size);
    for (const p of b.boxes) boxAt[p] = 1;
    expect(check.deadlocked(boxAt, b.player)).toBe(true);
    expect(check.stats).toEqual({ corrals: 2, searches: 1, proven: 1, capped: 0, merged: 0 });
  });
});

describe('the push-level search with corral pruning', () => {
  const options = { ...defaultSearchOptions, maxNodes: 10_000 };
  const config = { gWeight: 1, hWeight: 1, estimate: 'matching' as const, goalOnGeneration: false, preferDeep: true };

  it('proves a corral deadlock at the root; without corrals it explores the pushes first', () => {
    const b = board(SHAFT);
    const withCorrals = pushSearch(b, deadSquares(b), options, config);
    expect(withCorrals.status).toBe('unsolvable');
    expect(withCorrals.reason).toBe('the boxes fence in a corral the player can never solve (a corral deadlock)');
    expect(withCorrals.stats.expanded).toBe(0);
    const without = pushSearch(b, deadSquares(b), options, { ...config, corrals: false });
    expect(without.status).toBe('unsolvable');
    expect(without.reason).toBe('all 4 reachable push states explored (dead squares, freeze deadlocks pruned); none has every box on a goal');
  });

  it('drops children with a corral deadlock: the same fewest pushes from fewer expanded states', () => {
    const b = board(['#######', '#  .  #', '#  $#@#', '#  .$ #', '#######']);
    const on = pushSearch(b, deadSquares(b), options, config);
    const off = pushSearch(b, deadSquares(b), options, { ...config, corrals: false });
    expect([on.status, on.pushes?.length, on.stats.expanded]).toEqual(['solved', 4, 4]);
    expect([off.status, off.pushes?.length, off.stats.expanded]).toEqual(['solved', 4, 6]);
  });
});
