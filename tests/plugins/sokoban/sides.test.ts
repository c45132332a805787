/**
 * The backward push-level search's pulls counted by the player's side
 * (PushSearchConfig.sides, estimates.ts sidedPushDistances with pulls,
 * BoxReach.pushFrom): auto's first member, backward greedy with matching,
 * on Sasquatch 12. The exactness of the distances on random rooms is
 * tests/properties/sided-distances.test.ts.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Board } from '../../../src/plugins/sokoban/board.ts';
import { deadSquares } from '../../../src/plugins/sokoban/deadlocks.ts';
import { replay } from '../../../src/plugins/sokoban/improve.ts';
import { AUTO_MEMBERS, memberConfig } from '../../../src/plugins/sokoban/presets.ts';
import { pushSearch } from '../../../src/plugins/sokoban/push-search.ts';
import { readLevel } from '../../../src/sokoban/level.ts';

const sasquatch = fileURLToPath(new URL('../../../../shared/levels/sasquatch.txt', import.meta.url));
const options = { cycle: 'state' as const, timeoutMs: 120_000, maxNodes: 100_000 };

describe.skipIf(!existsSync(sasquatch))("the backward search's pulls by the player's side, on Sasquatch 12 (../shared/levels)", () => {
  const text = existsSync(sasquatch) ? readFileSync(sasquatch, 'utf8') : '';
  const member = memberConfig(AUTO_MEMBERS['backward-matching']);

  it("auto's first member finds a valid plan of 208 pushes in 16,658 states; with the plain pull distances (sides off) none in 100,000", () => {
    const b = new Board(readLevel(text, sasquatch, 12));
    const dead = deadSquares(b);
    const on = pushSearch(b, dead, options, member);
    expect(on.status).toBe('solved');
    expect([on.pushes?.length, on.stats.expanded]).toEqual([208, 16_658]);
    expect(replay(b, on.pushes ?? [])?.solvedAt).toBe(208);
    const off = pushSearch(b, dead, options, { ...member, sides: false });
    expect(off.status).toBe('limit');
    expect(off.stats.expanded).toBe(100_000);
  });
});
