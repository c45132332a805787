/**
 * Meeting searches (PushSearchConfig.meet): a backward search keeps the
 * states it stored, and a forward search ends at the first state it
 * generates that the backward one reached, its plan the pushes to it and
 * that state's pulls reversed.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Board } from '../../../src/plugins/sokoban/board.ts';
import { deadSquares } from '../../../src/plugins/sokoban/deadlocks.ts';
import { replay } from '../../../src/plugins/sokoban/improve.ts';
import { AUTO_PORTFOLIO, memberConfig } from '../../../src/plugins/sokoban/presets.ts';
import { type PushSearchConfig, pushSearch, type Reached } from '../../../src/plugins/sokoban/push-search.ts';
import { switchesOf } from '../../../src/plugins/sokoban/switches.ts';
import { readLevel } from '../../../src/sokoban/level.ts';

const microban = fileURLToPath(new URL('../../../../shared/levels/microban.txt', import.meta.url));
const greedy: PushSearchConfig = { gWeight: 0, hWeight: 1, goalOnGeneration: true, preferDeep: true, estimate: 'matching' };
/** The switch on (it is off by default). */
const meeting: PushSearchConfig = { ...greedy, meet: true };
const options = (maxNodes: number) => ({ cycle: 'state' as const, timeoutMs: 60_000, maxNodes });

/** Whether the pushes solve the board. */
const solves = (b: Board, pushes: readonly { box: number; dir: number }[]): boolean => replay(b, pushes)?.solvedAt === pushes.length;

describe('meeting searches', () => {
  it('a backward search that stops at its limit keeps its states; it keeps none unless asked, nor with the switch off (the default)', () => {
    const b = new Board(readLevel(['#######', '#@ $ .#', '#  $ .#', '#######'].join('\n'), 'test.txt', undefined));
    const dead = deadSquares(b);
    const kept = pushSearch(b, dead, options(1), { ...meeting, backward: true, keepReached: true });
    expect(kept.status).toBe('limit');
    expect(kept.reached?.size).toBe(kept.stats.stored);
    expect(pushSearch(b, dead, options(1), { ...meeting, backward: true }).reached).toBeUndefined();
    expect(pushSearch(b, dead, options(1), { ...greedy, backward: true, keepReached: true }).reached).toBeUndefined();
  });

  it('the meet switch is a search option (meet=on)', () => {
    expect(switchesOf({ meet: 'on' })).toEqual({ meet: true });
  });

  describe.skipIf(!existsSync(microban))('on Microban 6 (../shared/levels)', () => {
    const b = (): Board => new Board(readLevel(readFileSync(microban, 'utf8'), microban, 6));

    it('a forward search meets the states of 30 backward expansions: 2 expansions instead of 47, a valid plan of 31 pushes', () => {
      const board = b();
      const dead = deadSquares(board);
      const back = pushSearch(board, dead, options(30), { ...meeting, backward: true, keepReached: true });
      expect(back.status).toBe('limit');
      expect(back.reached?.size).toBe(62);
      const alone = pushSearch(board, dead, options(100_000), greedy);
      expect(alone).toMatchObject({ status: 'solved', stats: { expanded: 47 } });
      expect(alone.pushes).toHaveLength(39);
      expect(alone.met).toBeUndefined();
      const met = pushSearch(board, dead, options(100_000), { ...meeting, meetStates: [back.reached!] });
      expect(met).toMatchObject({ status: 'solved', met: true, stats: { expanded: 2 } });
      expect(met.pushes).toHaveLength(31);
      expect(solves(board, met.pushes!)).toBe(true);
      // switched off, the states given are not looked at
      const off = pushSearch(board, dead, options(100_000), { ...greedy, meetStates: [back.reached!] });
      expect(off.stats.expanded).toBe(47);
    });

    it("auto's members: the backward ones keep their states, the forward ones get those kept before them", () => {
      const reached: Reached[] = [];
      const configs = AUTO_PORTFOLIO.map((m) => memberConfig(m, reached));
      AUTO_PORTFOLIO.forEach((m, i) => {
        expect(configs[i].keepReached ?? false).toBe(m.backward);
        expect(configs[i].meetStates).toBe(m.backward ? undefined : reached);
      });
      // without the list: the member's own search, no meeting
      expect(memberConfig(AUTO_PORTFOLIO[0]).keepReached).toBeUndefined();
    });
  });
});
