/**
 * The level's other orientations (PushSearchConfig.orientations,
 * orientations.ts): the search on the level turned and mirrored, its pushes
 * turned back onto the level.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Board } from '../../../src/plugins/sokoban/board.ts';
import { deadSquares } from '../../../src/plugins/sokoban/deadlocks.ts';
import { replay } from '../../../src/plugins/sokoban/improve.ts';
import { OTHER_ORIENTATIONS, orientationMs, turnBack, turnLevel } from '../../../src/plugins/sokoban/orientations.ts';
import { AUTO_MEMBERS, memberConfig } from '../../../src/plugins/sokoban/presets.ts';
import { type PushSearchConfig, pushSearch } from '../../../src/plugins/sokoban/push-search.ts';
import { switchesOf } from '../../../src/plugins/sokoban/switches.ts';
import { readLevel } from '../../../src/sokoban/level.ts';

const sasquatch = fileURLToPath(new URL('../../../../shared/levels/sasquatch.txt', import.meta.url));
const greedy: PushSearchConfig = { gWeight: 0, hWeight: 1, goalOnGeneration: true, preferDeep: true, estimate: 'matching' };
const options = { cycle: 'state' as const, timeoutMs: 600_000, maxNodes: 1_000_000 };
const solves = (b: Board, pushes: readonly { box: number; dir: number }[]): boolean => replay(b, pushes)?.solvedAt === pushes.length;

// wider than high, nothing symmetric: a turn shows in the rows
const LEVEL = ['######', '#@ $.#', '#  $ #', '#.   #', '######'].join('\n');

describe("the level's other orientations", () => {
  it('turns a quarter clockwise, a half, and mirrors left to right', () => {
    const b = new Board(readLevel(LEVEL, 'l.txt', undefined));
    expect(turnLevel(b, 1).level.rows).toEqual(['#####', '#. @#', '#   #', '# $$#', '#  .#', '#####']);
    expect(turnLevel(b, 2).level.rows).toEqual(['######', '#   .#', '# $  #', '#.$ @#', '######']);
    expect(turnLevel(b, 4).level.rows).toEqual(['######', '#.$ @#', '# $  #', '#   .#', '######']);
    // each square of the turned board comes from one of the level's: the player's from the player's
    const t = turnLevel(b, 1);
    expect(b.name(t.from[t.board.player])).toBe('x1y1');
  });

  it.each(OTHER_ORIENTATIONS)('a plan found in orientation %i, turned back, solves the level', (k) => {
    const b = new Board(readLevel(LEVEL, 'l.txt', undefined));
    const t = turnLevel(b, k);
    const r = pushSearch(t.board, deadSquares(t.board), options, greedy);
    expect(r.status).toBe('solved');
    const pushes = turnBack(t, r.pushes ?? []);
    expect(solves(b, pushes)).toBe(true);
    expect(pushes.length).toBe(r.pushes?.length);
  });

  it('the switch searches the other orientations and answers with pushes of the level', () => {
    const b = new Board(readLevel(LEVEL, 'l.txt', undefined));
    const r = pushSearch(b, deadSquares(b), options, { ...greedy, orientations: true });
    expect(r.status).toBe('solved');
    expect(solves(b, r.pushes ?? [])).toBe(true);
    expect(switchesOf({ orientations: 'on' })).toEqual({ orientations: true });
  });

  it('each orientation gets its share of the time left, at least 3 s: under a short limit fewer orientations', () => {
    // a minute: 7 orientations of 8.6 s; auto's 6.8 s: 3 s, 3 s and the 0.8 s left; 2 s: one
    expect(orientationMs(60_000, 0)).toBeCloseTo(8571.4, 1);
    expect([orientationMs(6800, 0), orientationMs(3800, 1)]).toEqual([3000, 3000]);
    expect(orientationMs(800, 2)).toBe(800);
    expect(orientationMs(2000, 0)).toBe(2000);
  });

  it('a level unsolvable in the first orientation tried is answered unsolvable', () => {
    // the box in a corner off goal
    const b = new Board(readLevel(['#####', '#$ .#', '# @ #', '#####'].join('\n'), 'dead.txt', undefined));
    const r = pushSearch(b, deadSquares(b), options, { ...greedy, orientations: true });
    expect(r.status).toBe('unsolvable');
  });

  describe.skipIf(!existsSync(sasquatch))('on Sasquatch (../shared/levels)', () => {
    it("auto's member solves level 44 turned a quarter, where the goal-macro member finds no plan in 45 s as it stands", () => {
      const b = new Board(readLevel(readFileSync(sasquatch, 'utf8'), sasquatch, 44));
      expect(AUTO_MEMBERS.orientations.techniques).toEqual({ ...AUTO_MEMBERS.goal.techniques, orientations: true });
      const r = pushSearch(b, deadSquares(b), options, memberConfig(AUTO_MEMBERS.orientations));
      expect(r.status).toBe('solved');
      expect(solves(b, r.pushes ?? [])).toBe(true);
      expect([r.pushes?.length, r.stats.expanded]).toEqual([595, 3116]);
    });
  });
});
