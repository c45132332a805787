/**
 * Goal groups one after the other (PushSearchConfig.groups, groups.ts): each
 * group of adjacent goals filled as a level of its own, the boxes the
 * matching gives it movable, every other box a wall, the player left where
 * he can walk to his first square.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Board, goalGroups } from '../../../src/plugins/sokoban/board.ts';
import { deadSquares } from '../../../src/plugins/sokoban/deadlocks.ts';
import { stageLevel } from '../../../src/plugins/sokoban/groups.ts';
import { replay } from '../../../src/plugins/sokoban/improve.ts';
import { AUTO_MEMBERS, memberConfig } from '../../../src/plugins/sokoban/presets.ts';
import { type PushSearchConfig, pushSearch } from '../../../src/plugins/sokoban/push-search.ts';
import { switchesOf } from '../../../src/plugins/sokoban/switches.ts';
import { readLevel } from '../../../src/sokoban/level.ts';

const sasquatch = fileURLToPath(new URL('../../../../shared/levels/sasquatch.txt', import.meta.url));
const greedy: PushSearchConfig = { gWeight: 0, hWeight: 1, goalOnGeneration: true, preferDeep: true, estimate: 'matching' };
const options = { cycle: 'state' as const, timeoutMs: 60_000, maxNodes: 1_000_000 };
const solves = (b: Board, pushes: readonly { box: number; dir: number }[]): boolean => replay(b, pushes)?.solvedAt === pushes.length;
const member = AUTO_MEMBERS.groups;

// a goal pair on each side; the player between them
const TWO_ROOMS = ['##########', '#.      .#', '#.$ @  $.#', '#  $  $  #', '#        #', '##########'].join('\n');

describe('goal groups', () => {
  it('groups the goals by adjacency', () => {
    const b = new Board(readLevel(TWO_ROOMS, 'two.txt', undefined));
    expect(goalGroups(b).map((g) => g.map((p) => b.name(p)))).toEqual([
      ['x1y1', 'x1y2'],
      ['x8y1', 'x8y2'],
    ]);
  });

  it('a stage makes the other boxes walls, and has no level when they wall off a box or a goal', () => {
    const b = new Board(readLevel(TWO_ROOMS, 'two.txt', undefined));
    const boxes = Array.from(b.boxes);
    const left = new Set([b.square('x2y2'), b.square('x3y3')]);
    const level = stageLevel(b, boxes, left, new Set([b.square('x1y1'), b.square('x1y2')]), b.player);
    // the right pair walls, the right goals floor
    expect(level?.rows).toEqual(['##########', '#.       #', '#.$ @  # #', '#  $  #  #', '#        #', '##########']);
    // the right pair as walls in the doorway: the left room cannot be reached
    const shut = new Board(readLevel(['#########', '#.  $ @ #', '#.$ $  .#', '#########'].join('\n'), 'shut.txt', undefined));
    const leftGoals = new Set([shut.square('x1y1'), shut.square('x1y2')]);
    expect(stageLevel(shut, Array.from(shut.boxes), new Set([shut.square('x2y2'), shut.square('x4y1')]), leftGoals, shut.player)).not.toBeNull();
    expect(stageLevel(shut, Array.from(shut.boxes), new Set([shut.square('x2y2')]), leftGoals, shut.player)).toBeNull();
  });

  it('solves the rooms one after the other, with a valid plan', () => {
    const b = new Board(readLevel(TWO_ROOMS, 'two.txt', undefined));
    const r = pushSearch(b, deadSquares(b), options, { ...greedy, groups: true });
    expect(r.status).toBe('solved');
    expect(solves(b, r.pushes ?? [])).toBe(true);
    expect([r.pushes?.length, r.stats.expanded]).toEqual([10, 10]);
  });

  it("auto's member stops at once on a level of one goal group; the switch alone searches it whole", () => {
    const b = new Board(readLevel(['#######', '#@ $ .#', '#  $ .#', '#######'].join('\n'), 'one.txt', undefined));
    const stop = pushSearch(b, deadSquares(b), options, memberConfig(member));
    expect([stop.status, stop.stats.expanded, stop.reason]).toEqual(['limit', 0, 'the goals form one group']);
    const whole = pushSearch(b, deadSquares(b), options, { ...greedy, groups: true });
    expect(whole.status).toBe('solved');
  });

  it('the switch is a search option (groups=on)', () => {
    expect(switchesOf({ groups: 'on' })).toEqual({ groups: true });
  });

  describe.skipIf(!existsSync(sasquatch))('on Sasquatch (../shared/levels)', () => {
    const text = existsSync(sasquatch) ? readFileSync(sasquatch, 'utf8') : '';
    it.each([
      [5, 208, 66731],
      [12, 296, 18428],
    ])("auto's member solves level %i (%i pushes, %i states), which no other member solves in a minute", (n, pushes, expanded) => {
      const b = new Board(readLevel(text, sasquatch, n));
      const r = pushSearch(b, deadSquares(b), options, memberConfig(member));
      expect(r.status).toBe('solved');
      expect(solves(b, r.pushes ?? [])).toBe(true);
      expect([r.pushes?.length, r.stats.expanded]).toEqual([pushes, expanded]);
    });
  });
});
