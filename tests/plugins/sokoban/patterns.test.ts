/**
 * Learned deadlock patterns (src/plugins/sokoban/patterns.ts,
 * PushSearchConfig.patterns): a two-box deadlock in a doorway that the
 * freeze and corral checks miss is learned by a relaxed search, named by
 * its squares, and prunes a later state without a new search; the
 * push-level search on that level and on Microban levels finds plans of
 * the same length with fewer expanded states; the switch, the budget, and
 * the backward search (no patterns).
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { board, replays } from './plans.ts';
import { Board } from '../../../src/plugins/sokoban/board.ts';
import { CorralCheck } from '../../../src/plugins/sokoban/corral.ts';
import { deadSquares, FreezeCheck } from '../../../src/plugins/sokoban/deadlocks.ts';
import { DeadlockPatterns } from '../../../src/plugins/sokoban/patterns.ts';
import { expandPushes, pushSearch, type PushSearchConfig } from '../../../src/plugins/sokoban/push-search.ts';
import { switchesOf } from '../../../src/plugins/sokoban/switches.ts';
import { defaultSearchOptions } from '../../../src/search/types.ts';
import { readLevel } from '../../../src/sokoban/level.ts';
import { solvable } from '../../sokoban/exhaustive.ts';

const microban = fileURLToPath(new URL('../../../../shared/levels/microban.txt', import.meta.url));


// the other pruning switches pinned (corrals on, PI-corrals off), so that the counts are those of patterns alone whatever their defaults
// the corral check without backing boxes (corral.ts), as when these counts were measured: with them it prunes some of the states the patterns prune
const OPTIMAL: PushSearchConfig = { gWeight: 1, hWeight: 1, goalOnGeneration: false, preferDeep: true, estimate: 'matching', corrals: true, corralBacking: false, corralMerge: false, piCorrals: false, frozenGoals: false };
const GREEDY: PushSearchConfig = { ...OPTIMAL, gWeight: 0, goalOnGeneration: true };

// Two rooms joined by a doorway x5y2; the box on its goal x6y2 stands right behind it, the right room has 15 free cells (more than the
// corral check examines). A box pushed from the left into the doorway is stuck there, and the player can never reach the right room.
const DOORWAY = ['###########', '#  . #    #', '# @$  *   #', '#  $ #   .#', '#    #    #', '###########'];

/** The squares as a box array (boxAt) of the board. */
function boxesAt(b: Board, names: string[]): Uint8Array {
  const at = new Uint8Array(b.size);
  for (const n of names) at[b.square(n)] = 1;
  return at;
}

describe('learning a pattern', () => {
  const b = board(DOORWAY);
  const dead = deadSquares(b);
  const sq = (n: string): number => b.square(n);
  // after the pushes x3y2 right, x4y2 right: a box in the doorway, the player left of it
  const stuck = ['x5y2', 'x6y2', 'x3y3'];

  it('the box in the doorway is a deadlock that dead squares, freeze and corral checks miss', () => {
    const at = boxesAt(b, stuck);
    expect(stuck.some((n) => dead[sq(n)] === 1)).toBe(false);
    expect(new FreezeCheck(b, dead).frozenAny(Int32Array.from(stuck, sq), 3)).toBe(false);
    expect(new CorralCheck(b, dead).deadlocked(at, sq('x4y2'))).toBe(false);
    expect(solvable(b, { boxes: stuck.map(sq).sort((x, y) => x - y), player: sq('x4y2') }, 100_000)).toBe(false);
  });

  it('is learned as the two boxes of the doorway with the player in the left room, and prunes a later state without a search', () => {
    const p = new DeadlockPatterns(b, dead);
    expect(p.deadAfterPush(boxesAt(b, stuck), sq('x4y2'), sq('x5y2'))).toBe(true);
    expect(p.describe()).toEqual(['x5y2 x6y2 / x1y1']);
    expect(p.stats).toMatchObject({ checked: 1, matched: 0, searches: 1, proven: 1, expansions: 1, patterns: 1 });
    // the third box elsewhere, the player elsewhere in the left room: the same pattern, no new search
    expect(p.deadAfterPush(boxesAt(b, ['x5y2', 'x6y2', 'x2y4']), sq('x1y3'), sq('x5y2'))).toBe(true);
    expect(p.stats).toMatchObject({ checked: 2, matched: 1, searches: 1, patterns: 1 });
  });

  it('does not match with the player on the other side of the boxes (a relaxed search solves that one)', () => {
    const p = new DeadlockPatterns(b, dead);
    p.deadAfterPush(boxesAt(b, stuck), sq('x4y2'), sq('x5y2'));
    expect(p.deadAfterPush(boxesAt(b, stuck), sq('x7y2'), sq('x5y2'))).toBe(false);
    expect(p.stats).toMatchObject({ checked: 2, matched: 0, searches: 2, proven: 1, solved: 1, patterns: 1 });
  });

  it('a lone box is not searched; a search over its node limit proves nothing', () => {
    const p = new DeadlockPatterns(b, dead);
    expect(p.deadAfterPush(boxesAt(b, ['x4y2', 'x6y2', 'x2y4']), sq('x3y2'), sq('x2y4'))).toBe(false);
    expect(p.stats.searches).toBe(0);
    const none = new DeadlockPatterns(b, dead, { nodeLimit: 0 });
    expect(none.deadAfterPush(boxesAt(b, stuck), sq('x4y2'), sq('x5y2'))).toBe(false);
    expect(none.stats).toMatchObject({ searches: 1, proven: 0, limited: 1, patterns: 0 });
  });

  it('stops searching when its budget is spent (counted as skipped)', () => {
    const p = new DeadlockPatterns(b, dead, { allowance: 0, share: 0 });
    expect(p.deadAfterPush(boxesAt(b, stuck), sq('x4y2'), sq('x5y2'))).toBe(false);
    expect(p.stats).toMatchObject({ searches: 0, skipped: 1 });
  });
});

function search(b: Board, c: PushSearchConfig) {
  const r = pushSearch(b, deadSquares(b), defaultSearchOptions, c);
  const steps = r.pushes ? expandPushes(b, r.pushes) : null;
  return { status: r.status, pushes: r.pushes?.length, expanded: r.stats.expanded, steps, patterns: r.patterns };
}

describe('the push-level search with patterns', () => {
  it.each([
    ['A* (optimal pushes)', OPTIMAL, 9, 42, 18],
    ['greedy', GREEDY, 11, 36, 15],
  ])('the doorway level, %s: the same number of pushes with fewer states, the plan valid', (_, c, pushes, off, on) => {
    const b = board(DOORWAY);
    const without = search(b, c);
    const withP = search(b, { ...c, patterns: true });
    expect([without.status, without.pushes, without.expanded, without.patterns]).toEqual(['solved', pushes, off, undefined]);
    expect([withP.status, withP.pushes, withP.expanded]).toEqual(['solved', pushes, on]);
    expect(withP.patterns).toMatchObject({ proven: 1, patterns: 1, matched: 1 });
    expect(replays(DOORWAY.join('\n'), withP.steps!)).toBe(true);
  });

  it('the backward search learns no patterns', () => {
    const r = pushSearch(board(DOORWAY), deadSquares(board(DOORWAY)), defaultSearchOptions, { ...GREEDY, backward: true, patterns: true });
    expect([r.status, r.patterns]).toEqual(['solved', undefined]);
  });

  it('the switch sets the field', () => {
    expect(switchesOf({ patterns: 'on' })).toEqual({ patterns: true });
    expect(switchesOf({ patterns: 'off' })).toEqual({ patterns: false });
  });

  it.skipIf(!existsSync(microban))('Microban 10 and 26, greedy: the same pushes with fewer expanded states', () => {
    const text = readFileSync(microban, 'utf8');
    const counts = [10, 26].map((n) => {
      const b = new Board(readLevel(text, microban, n));
      return [n, search(b, GREEDY).pushes, search(b, GREEDY).expanded, search(b, { ...GREEDY, patterns: true }).pushes, search(b, { ...GREEDY, patterns: true }).expanded];
    });
    expect(counts).toEqual([
      [10, 21, 37, 21, 27],
      [26, 10, 30, 10, 23],
    ]);
  });
});
