/**
 * PI-corral pruning (corral.ts, PiCorrals; PushSearchConfig.piCorrals): the
 * pushes it keeps on a hand-made level, the same fewest pushes with and
 * without it (optimal-pushes on Microban levels and A* on random rooms),
 * and, on every position reachable in random rooms, a kept push that starts
 * a shortest solution whenever the position has one.
 */
import { existsSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Board, floodRegion } from '../../../src/plugins/sokoban/board.ts';
import { PiCorrals } from '../../../src/plugins/sokoban/corral.ts';
import { deadSquares, FreezeCheck } from '../../../src/plugins/sokoban/deadlocks.ts';
import { BoxEstimator } from '../../../src/plugins/sokoban/estimates.ts';
import { replay } from '../../../src/plugins/sokoban/improve.ts';
import { AUTO_PORTFOLIO, memberConfig } from '../../../src/plugins/sokoban/presets.ts';
import { pushSearch, PushSpace, type PushSearchConfig } from '../../../src/plugins/sokoban/push-search.ts';
import { readLevel } from '../../../src/sokoban/level.ts';
import { defaultSearchOptions } from '../../../src/search/types.ts';
import { type Position, positionKey, pushesFrom, reachablePositions } from '../../sokoban/exhaustive.ts';
import { fcParams, projectText } from '../../properties/arbitraries.ts';
import { roomTexts } from '../../properties/rooms.ts';

const board = (rows: string[]): Board => new Board(readLevel(rows.join('\n'), 'test.txt', undefined));

// The left room (a goal) is a corral fenced by the box in the doorway; that box can only be pushed left, into it.
const DOORWAY = ['#########', '#.  #   #', '#   $ @ #', '#   #$  #', '#   #  .#', '#########'];
// The goal left of the box is a corral; the box can be pushed into it, but also down, along its fence: not a PI-corral.
const ALONG = ['######', '## @ #', '#.$  #', '##   #', '##   #', '######'];

// The goal right of the lower box and the pocket below it are two corrals fenced by that box alone. Alone, each
// is no PI-corral (the box could be pushed up, were the player in the other one); merged, the box's only push
// out of the pair, up, needs the player inside it: the pushes into the pair (right; down is onto a dead square).
const TWO_POCKETS = ['######', '#    #', '#.$ ##', '# @$.#', '# # ##', '######'];

// The doorway with a second box where the player must stand to push the first one in: that push cannot be made
// now, but can once the second box has moved (P fails): no restriction (restricting to no push would call it dead).
const BLOCKED_DOOR = ['#########', '#.  #   #', '#   $$@ #', '#   #   #', '#   #  .#', '#########'];

// the counts below were pinned before corral groups were merged (corral.ts): the comparisons keep that check
const OPTIMAL: PushSearchConfig = { gWeight: 1, hWeight: 1, estimate: 'matching', goalOnGeneration: false, preferDeep: true, corralMerge: false, frozenGoals: false };

/** The operator names the forward PushSpace gives the level's start, with or without PI-corrals. */
function startOps(b: Board, pi: boolean): { ops: string[]; pi: PiCorrals | null } {
  const dead = deadSquares(b);
  const space = new PushSpace(b, dead, false, new FreezeCheck(b, dead), null, new BoxEstimator(b, 'matching'));
  if (pi) space.piCorrals = new PiCorrals(b, dead);
  const out = new Int32Array(space.numOps);
  const n = space.applicable(space.init, 0, out);
  return { ops: Array.from(out.subarray(0, n), (op) => space.opName(op)), pi: space.piCorrals };
}

describe('PI-corral pruning', () => {
  it('a box in a doorway: the start is expanded with the one push into the corral', () => {
    const b = board(DOORWAY);
    expect(startOps(b, false).ops).toEqual(['push x4y2 left', 'push x5y3 up']);
    const { ops, pi } = startOps(b, true);
    expect(ops).toEqual(['push x4y2 left']);
    expect(pi!.stats).toEqual({ restricted: 1, cut: 1, dead: 0, merged: 0 });
  });

  it('a fence box that can be pushed along the fence: no restriction', () => {
    const b = board(ALONG);
    const { ops, pi } = startOps(b, true);
    expect(ops).toEqual(['push x2y2 down', 'push x2y2 left']);
    expect(startOps(b, false).ops).toEqual(ops);
    expect(pi!.stats).toEqual({ restricted: 0, cut: 0, dead: 0, merged: 0 });
  });

  it('a push into the corral blocked by a box that can move: no restriction', () => {
    const b = board(BLOCKED_DOOR);
    const { ops, pi } = startOps(b, true);
    expect(ops).toEqual(['push x5y2 down']);
    expect(startOps(b, false).ops).toEqual(ops);
    expect(pi!.stats).toEqual({ restricted: 0, cut: 0, dead: 0, merged: 0 });
    const r = pushSearch(b, deadSquares(b), defaultSearchOptions, { ...OPTIMAL, piCorrals: true });
    expect([r.status, r.pushes?.length]).toEqual(['solved', 16]);
  });

  it('two corrals sharing their fence box: merged, a PI-corral', () => {
    const b = board(TWO_POCKETS);
    expect(startOps(b, false).ops).toEqual(['push x2y2 down', 'push x2y2 left', 'push x2y2 right', 'push x3y3 right']);
    const { ops, pi } = startOps(b, true);
    expect(ops).toEqual(['push x3y3 right']);
    expect(pi!.stats).toEqual({ restricted: 1, cut: 3, dead: 0, merged: 1 });
  });

  it("optimal-pushes on the doorway level: the same pushes, fewer states (plain push distances; by the player's side the estimate goes straight to the plan, 15 states either way)", () => {
    const b = board(DOORWAY);
    const on = pushSearch(b, deadSquares(b), defaultSearchOptions, { ...OPTIMAL, sides: false, piCorrals: true });
    const off = pushSearch(b, deadSquares(b), defaultSearchOptions, { ...OPTIMAL, sides: false, piCorrals: false });
    expect([on.status, on.pushes?.length, on.stats.expanded]).toEqual(['solved', 15, 34]);
    expect([off.status, off.pushes?.length, off.stats.expanded]).toEqual(['solved', 15, 37]);
    const sided = pushSearch(b, deadSquares(b), defaultSearchOptions, { ...OPTIMAL, piCorrals: true });
    expect([sided.status, sided.pushes?.length, sided.stats.expanded]).toEqual(['solved', 15, 15]);
  });

  it('optimal-pushes on Microban levels: the same fewest pushes with and without, fewer states expanded with', () => {
    const text = projectText('../shared/levels/microban.txt');
    const rows: [number, number, number, number][] = [];
    for (const n of [1, 6, 8, 29, 44, 61]) {
      const b = new Board(readLevel(text, 'microban.txt', n));
      const on = pushSearch(b, deadSquares(b), defaultSearchOptions, { ...OPTIMAL, piCorrals: true });
      const off = pushSearch(b, deadSquares(b), defaultSearchOptions, { ...OPTIMAL, piCorrals: false });
      expect(on.pushes!.length).toBe(off.pushes!.length);
      rows.push([n, on.pushes!.length, on.stats.expanded, off.stats.expanded]);
    }
    // level, pushes, expanded with, expanded without
    expect(rows).toEqual([
      [1, 8, 9, 9],
      [6, 29, 60, 71],
      [8, 32, 38, 44],
      [29, 22, 69, 71],
      [44, 1, 1, 1],
      [61, 21, 51, 63],
    ]);
  });
});

/** Level texts of rooms.ts with one to three boxes. */
const room = roomTexts();

/** Rooms with two to four boxes (more corrals). */
const crowded = roomTexts(2, 4);

const roomBoard = (text: string): Board => new Board(readLevel(text, 'room.txt', undefined));

describe('PI-corral pruning on random rooms', () => {
  it('every position with a solution keeps a push that starts a shortest one', () => {
    let restricted = 0;
    let checked = 0;
    let merged = 0;
    fc.assert(
      fc.property(crowded, (text) => {
        const b = roomBoard(text);
        const dead = deadSquares(b);
        const all = reachablePositions(b, { boxes: [...b.boxes].sort((x, y) => x - y), player: b.player }, 5000);
        fc.pre(all.length < 5000);
        // Pushes to the goal from every position (breadth-first backwards over the whole graph).
        const keyOf = (p: Position): string => positionKey(b, p);
        const index = new Map(all.map((p, i) => [keyOf(p), i]));
        const preds: number[][] = all.map(() => []);
        all.forEach((p, i) => {
          for (const c of pushesFrom(b, p)) preds[index.get(keyOf(c))!].push(i);
        });
        const dist = all.map((p) => (p.boxes.every((q) => b.goal[q]) ? 0 : Infinity));
        const queue = dist.flatMap((d, i) => (d === 0 ? [i] : []));
        for (let i = 0; i < queue.length; i++) {
          for (const j of preds[queue[i]]) {
            if (dist[j] === Infinity) {
              dist[j] = dist[queue[i]] + 1;
              queue.push(j);
            }
          }
        }
        const pi = new PiCorrals(b, dead);
        const boxAt = new Uint8Array(b.size);
        const reach = new Int32Array(b.size);
        const queueBuf = new Int32Array(b.size);
        const ops = new Int32Array(b.size * 4);
        all.forEach((p, i) => {
          if (dist[i] === 0) return;
          for (const q of p.boxes) boxAt[q] = 1;
          floodRegion(b, boxAt, p.player, reach, i + 1, queueBuf);
          let k = 0;
          for (const q of p.boxes) {
            for (let dk = 0; dk < 4; dk++) {
              const d = b.dirs[dk];
              if (reach[q - d] === i + 1 && b.floor[q + d] && !boxAt[q + d] && !dead[q + d]) ops[k++] = (q << 2) | dk;
            }
          }
          const before = pi.stats.merged;
          const kept = pi.restrict(boxAt, Int32Array.from(p.boxes), p.boxes.length, reach, i + 1, ops, k);
          for (const q of p.boxes) boxAt[q] = 0;
          if (kept === k) return;
          restricted++;
          if (dist[i] === Infinity) return;
          checked++;
          merged += pi.stats.merged - before;
          const best = Math.min(
            ...Array.from(ops.subarray(0, kept), (op) => {
              const from = op >> 2;
              const to = from + b.dirs[op & 3];
              return dist[index.get(keyOf({ boxes: p.boxes.map((x) => (x === from ? to : x)).sort((x, y) => x - y), player: from }))!];
            }),
          );
          expect(best, `boxes ${p.boxes.map((q) => b.name(q)).join(' ')}, player ${b.name(p.player)} in\n${text}`).toBe(dist[i] - 1);
        });
      }),
      fcParams(300),
    );
    // the property was exercised: positions restricted (3,505 with the default seed), 186 of them with a solution
    expect(restricted).toBeGreaterThan(1000);
    expect(checked).toBeGreaterThan(100);
    expect(merged).toBeGreaterThan(0);
  });

  it('push-level A*: the same answer and the same fewest pushes with and without', () => {
    const options = { ...defaultSearchOptions, maxNodes: 20_000 };
    fc.assert(
      fc.property(room, (text) => {
        const b = roomBoard(text);
        const on = pushSearch(b, deadSquares(b), options, { ...OPTIMAL, piCorrals: true });
        const off = pushSearch(b, deadSquares(b), options, { ...OPTIMAL, piCorrals: false });
        fc.pre(on.status !== 'limit' && off.status !== 'limit');
        expect([on.status, on.pushes?.length], text).toEqual([off.status, off.pushes?.length]);
      }),
      fcParams(300),
    );
  });
});

describe("auto's feature-space members with PI-corrals", () => {
  const sasquatch = new URL('../../../../shared/levels/sasquatch.txt', import.meta.url);
  it.skipIf(!existsSync(sasquatch))('the box-macro member solves Sasquatch 32, which it leaves unsolved without them (and without stuck patterns)', () => {
    const b = new Board(readLevel(readFileSync(sasquatch, 'utf8'), 'sasquatch.txt', 32));
    const member = AUTO_PORTFOLIO.find((m) => m.techniques?.boxMacros === true)!;
    expect(member.techniques).toMatchObject({ piCorrals: true });
    const run = (c: PushSearchConfig): string => {
      const r = pushSearch(b, deadSquares(b), { ...defaultSearchOptions, maxNodes: 5_000 }, c);
      return `${r.status} ${r.pushes?.length ?? '-'} pushes, ${r.stats.expanded} expanded${r.pushes ? `, valid ${replay(b, r.pushes)?.solvedAt === r.pushes.length}` : ''}`;
    };
    expect(run(memberConfig(member))).toBe('solved 388 pushes, 780 expanded, valid true');
    // the member's stuck patterns (stuck.ts, since session 53) save states too, and alone solve it in more
    expect(run({ ...memberConfig(member), stuck: false })).toBe('solved 388 pushes, 1017 expanded, valid true');
    expect(run({ ...memberConfig(member), piCorrals: false })).toBe('solved 388 pushes, 4491 expanded, valid true');
    expect(run({ ...memberConfig(member), piCorrals: false, stuck: false })).toBe('limit - pushes, 5000 expanded');
    // the goal-macro member turns them on too
    expect(AUTO_PORTFOLIO.find((m) => !m.backward && m.techniques?.goalMacros === true)!.techniques).toMatchObject({ piCorrals: true });
  });
});
