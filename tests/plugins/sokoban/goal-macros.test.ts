/**
 * Goal macros of the forward push-level search (src/plugins/sokoban/goal-macros.ts,
 * PushSearchConfig.goalMacros): on a hand-made level with a goal room, the
 * macros applicable at the root and their successors, a greedy plan through
 * macros (its single pushes replayed by the Sokoban domain's validator), and
 * the node counts with and without; box macros (every square a box alone
 * reaches) and the feature-space search's advisor weights.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { board, replays } from './plans.ts';
import { Board } from '../../../src/plugins/sokoban/board.ts';
import { deadSquares, FreezeCheck } from '../../../src/plugins/sokoban/deadlocks.ts';
import { BoxEstimator } from '../../../src/plugins/sokoban/estimates.ts';
import { GoalMacros } from '../../../src/plugins/sokoban/goal-macros.ts';
import { PackingOrder } from '../../../src/plugins/sokoban/packing.ts';
import { expandPushes, pushSearch, PushSpace, type PushSearchConfig } from '../../../src/plugins/sokoban/push-search.ts';
import { defaultSearchOptions } from '../../../src/search/types.ts';
import { readLevel } from '../../../src/sokoban/level.ts';



// A goal room of three goals in the top-left corner (x1y1, x2y1, x1y2), three boxes in the open room.
const ROOM = ['########', '#..    #', '#.  $  #', '#  $ $ #', '#@     #', '########'];
const GREEDY: PushSearchConfig = { gWeight: 0, hWeight: 1, goalOnGeneration: true, preferDeep: true, estimate: 'matching' };

function rootSpace(b: Board): PushSpace {
  const dead = deadSquares(b);
  const space = new PushSpace(b, dead, false, new FreezeCheck(b, dead), null, new BoxEstimator(b, 'matching'));
  space.useGoalMacros(new GoalMacros(b, dead, new PackingOrder(b, dead)));
  return space;
}

describe('goal macros', () => {
  it('the room is filled x1y2 first; at the root the boxes x4y2 and x3y3 can be pushed alone to x1y2 (x5y3 cannot: x4y2 is in the way)', () => {
    const b = board(ROOM);
    expect(new PackingOrder(b, deadSquares(b)).rooms.map((r) => r.map((g) => b.name(g)))).toEqual([['x1y2', 'x1y1', 'x2y1']]);
    const space = rootSpace(b);
    expect(space.numOps).toBe(b.size * 4 + 3);
    const out = new Int32Array(space.numOps);
    const k = space.applicable(space.init, 0, out);
    const names = [...out.slice(0, k)].map((o) => space.opName(o));
    expect(names.filter((n) => n.includes(' to '))).toEqual(['push x4y2 to x1y2', 'push x3y3 to x1y2']);
    expect(k).toBe(11); // nine single pushes and the two macros
  });

  it("a macro's successor has the box on the goal, the player's region normalised, and costs its pushes", () => {
    const b = board(ROOM);
    const space = rootSpace(b);
    const out = new Int32Array(space.numOps);
    const k = space.applicable(space.init, 0, out);
    const got: string[] = [];
    for (const op of out.slice(0, k)) {
      if (op < b.size * 4) continue;
      const dst = new Uint32Array(space.words);
      space.apply(op, space.init, 0, dst, 0);
      got.push(`${space.opName(op)}: ${space.cost()} pushes, ${space.stateAtoms(dst, 0).join(' ')}`);
    }
    expect(got).toEqual([
      'push x4y2 to x1y2: 3 pushes, box(x1y2) box(x3y3) box(x5y3) sokoban(x1y1)',
      'push x3y3 to x1y2: 3 pushes, box(x1y2) box(x4y2) box(x5y3) sokoban(x1y1)',
    ]);
  });

  it('greedy with goal macros: fewer states, the plan expanded to single pushes is valid', () => {
    const b = board(ROOM);
    const run = (goalMacros: boolean) => {
      const r = pushSearch(b, deadSquares(b), defaultSearchOptions, { ...GREEDY, goalMacros });
      const steps = expandPushes(b, r.pushes!);
      return { status: r.status, expanded: r.stats.expanded, generated: r.stats.generated, pushes: r.pushes!.map((p) => `${b.name(p.box)}${'UDLR'[p.dir]}`).join(' '), valid: replays(ROOM.join('\n'), steps) };
    };
    expect(run(false)).toEqual({ status: 'solved', expanded: 12, generated: 59, pushes: 'x4y2U x4y1L x3y1L x2y1L x3y3U x3y2U x3y1L x5y3U x5y2L x4y2L x3y2L x2y2L', valid: true });
    // the macros x4y2 → x1y2 (3 pushes), x5y3 → x2y1 (6), x3y3 → x1y1 (3)
    expect(run(true)).toEqual({ status: 'solved', expanded: 3, generated: 24, pushes: 'x4y2L x3y2L x2y2L x5y3U x5y2U x5y1L x4y1L x3y1L x2y1L x3y3U x3y2U x3y1L', valid: true });
  });

  it('no packing order (no goal room): the switch changes nothing', () => {
    const b = board(['#######', '#.   .#', '# $ $ #', '#  @  #', '#######']);
    const a = pushSearch(b, deadSquares(b), defaultSearchOptions, GREEDY);
    const m = pushSearch(b, deadSquares(b), defaultSearchOptions, { ...GREEDY, goalMacros: true });
    expect([m.status, m.stats.expanded, m.stats.generated]).toEqual([a.status, a.stats.expanded, a.stats.generated]);
  });

  it('backward searches pull boxes onto the initial boxes\' squares instead (pull-macros.ts): as many pushes from fewer states', () => {
    const b = board(ROOM);
    const c = { ...GREEDY, backward: true };
    const a = pushSearch(b, deadSquares(b), defaultSearchOptions, c);
    const m = pushSearch(b, deadSquares(b), defaultSearchOptions, { ...c, goalMacros: true });
    expect([a.status, a.stats.expanded, a.pushes?.length]).toEqual(['solved', 12, 12]);
    expect([m.status, m.stats.expanded, m.pushes?.length, m.pullMacros?.macros]).toEqual(['solved', 3, 12, 45]);
    expect(replays(ROOM.join('\n'), expandPushes(b, m.pushes!))).toBe(true);
  });

  const microban = fileURLToPath(new URL('../../../../shared/levels/microban.txt', import.meta.url));
  it.skipIf(!existsSync(microban))('Microban 6 and 65, greedy with goal macros (and tunnel macros): the plans through macros replay and are valid', () => {
    const text = readFileSync(microban, 'utf8');
    const got = [6, 65].flatMap((n) =>
      [false, true].map((macros) => {
        const b = new Board(readLevel(text, 'microban.txt', n));
        const r = pushSearch(b, deadSquares(b), defaultSearchOptions, { ...GREEDY, goalMacros: true, macros });
        return `${n} ${macros ? 'tunnels' : 'pushes'}: ${r.status} ${r.pushes!.length} pushes, ${r.stats.expanded} expanded, ${r.goalMacros!.macros} macros, valid ${replays(text, expandPushes(b, r.pushes!), n)}`;
      }),
    );
    expect(got).toEqual([
      '6 pushes: solved 29 pushes, 5 expanded, 4 macros, valid true',
      '6 tunnels: solved 29 pushes, 5 expanded, 4 macros, valid true',
      '65 pushes: solved 41 pushes, 13 expanded, 4 macros, valid true',
      '65 tunnels: solved 41 pushes, 13 expanded, 4 macros, valid true',
    ]);
  });
});

describe('box macros (GoalMacros with anywhere) and advisor weights', () => {
  it('at the root of ROOM each box gets a macro to every square it alone reaches in two pushes or more', () => {
    const b = board(ROOM);
    const dead = deadSquares(b);
    const space = new PushSpace(b, dead, false, new FreezeCheck(b, dead), null, new BoxEstimator(b, 'matching'));
    space.useGoalMacros(new GoalMacros(b, dead, null, true));
    expect(space.numOps).toBe(b.size * 4 + 3 * b.size);
    const out = new Int32Array(space.numOps);
    const k = space.applicable(space.init, 0, out);
    const macros = [...out.slice(0, k)].filter((o) => o >= b.size * 4).map((o) => space.opName(o));
    expect(k - macros.length).toBe(9); // the single pushes
    expect(macros.filter((n) => n.startsWith('push x4y2 '))).toEqual(['push x4y2 to x3y1', 'push x4y2 to x5y1', 'push x4y2 to x2y2', 'push x4y2 to x2y1', 'push x4y2 to x2y3', 'push x4y2 to x1y2', 'push x4y2 to x1y1', 'push x4y2 to x1y3']);
    expect(macros.length).toBe(21);
  });

  it('greedy with box macros, with and without the advisor weights: the plans replay and are valid', () => {
    const b = board(ROOM);
    const run = (c: Partial<PushSearchConfig>) => {
      const r = pushSearch(b, deadSquares(b), defaultSearchOptions, { ...GREEDY, features: true, boxMacros: true, ...c });
      return `${r.status} ${r.pushes!.length} pushes, ${r.stats.expanded} expanded, ${r.goalMacros!.macros} macros, valid ${replays(ROOM.join('\n'), expandPushes(b, r.pushes!))}`;
    };
    expect(run({})).toBe('solved 12 pushes, 4 expanded, 64 macros, valid true');
    expect(run({ advisorWeights: true })).toBe('solved 12 pushes, 4 expanded, 64 macros, valid true');
  });

  const sasquatch = fileURLToPath(new URL('../../../../shared/levels/sasquatch.txt', import.meta.url));
  it.skipIf(!existsSync(sasquatch))('Sasquatch 7: the feature-space search with advisor weights, goal or box macros, expands fewer states and finds shorter plans', () => {
    const text = readFileSync(sasquatch, 'utf8');
    const b = new Board(readLevel(text, 'sasquatch.txt', 7));
    const got = [{}, { advisorWeights: true }, { boxMacros: true, advisorWeights: true }].map((c) => {
      const r = pushSearch(b, deadSquares(b), defaultSearchOptions, { ...GREEDY, features: true, goalMacros: true, ...c });
      const steps = expandPushes(b, r.pushes!);
      return `${r.status} ${r.pushes!.length} pushes, ${steps.length} moves, ${r.stats.expanded} expanded, valid ${replays(text, steps, 7)}`;
    });
    expect(got).toEqual([
      'solved 132 pushes, 715 moves, 36776 expanded, valid true',
      'solved 70 pushes, 301 moves, 20624 expanded, valid true',
      'solved 78 pushes, 273 moves, 2465 expanded, valid true',
    ]);
  });
});
