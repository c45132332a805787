/**
 * Macros of the backward push-level search (src/plugins/sokoban/pull-macros.ts,
 * PushSearchConfig.boxMacros and goalMacros with backward): at the goal
 * state of a hand-made level, the macros each box gets (every square it
 * alone is pulled to in two pulls or more, one per direction of the last
 * pull; goal macros: only the initial boxes' squares) and their successors; a macro's pulls found again (`path`); greedy plans
 * through macros, rebuilt as single pushes and replayed by the Sokoban
 * domain's validator; Microban's first 40 levels (when ../shared is there).
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { board, replays } from './plans.ts';
import { Board } from '../../../src/plugins/sokoban/board.ts';
import { deadSquares, FreezeCheck, pullDeadSquares } from '../../../src/plugins/sokoban/deadlocks.ts';
import { BoxEstimator } from '../../../src/plugins/sokoban/estimates.ts';
import { PullMacros } from '../../../src/plugins/sokoban/pull-macros.ts';
import { expandPushes, pushSearch, PushSpace, type PushSearchConfig } from '../../../src/plugins/sokoban/push-search.ts';
import { defaultSearchOptions } from '../../../src/search/types.ts';
import { readLevel } from '../../../src/sokoban/level.ts';



// Two goals in the top-left corner of a room; two boxes in it, the player below them.
const ROOM = ['#######', '#..   #', '#  $  #', '#  $  #', '#  @  #', '#######'];
const BACK: PushSearchConfig = { gWeight: 0, hWeight: 1, goalOnGeneration: true, preferDeep: true, estimate: 'pushdist', backward: true };

function backSpace(b: Board): { space: PushSpace; macros: PullMacros } {
  const dead = pullDeadSquares(b);
  const space = new PushSpace(b, dead, true, new FreezeCheck(b, deadSquares(b)), null, new BoxEstimator(b, 'pushdist', b.boxes, true));
  const macros = new PullMacros(b, dead);
  space.usePullMacros(macros);
  return { space, macros };
}

describe('pull macros', () => {
  it('at the goal state each box gets a macro to every square it alone is pulled to in two pulls or more, by the direction of the last pull', () => {
    const b = board(ROOM);
    const { space, macros } = backSpace(b);
    expect(space.numOps).toBe(b.size * 4 + 2 * b.size * 4);
    const out = new Int32Array(space.numOps);
    // the first root: the player's region is the whole room less the goals
    const k = space.applicable(space.init, 0, out);
    const names = [...out.slice(0, k)].map((o) => (o >= b.size * 4 ? `${space.opName(o)} ${'UDLR'[macros.lastDir(o)]} (${macros.len(o)})` : space.opName(o)));
    expect(names.filter((n) => !n.includes(' to '))).toEqual(['pull x1y1 down', 'pull x2y1 down', 'pull x2y1 right']);
    // breadth first: two pulls down or right, then on; x2y1 itself (pulled back) is no macro
    expect(names.filter((n) => n.startsWith('pull x2y1 to '))).toEqual([
      'pull x2y1 to x2y3 D (2)',
      'pull x2y1 to x3y2 R (2)',
      'pull x2y1 to x3y2 D (2)',
      'pull x2y1 to x4y1 R (2)',
      'pull x2y1 to x2y2 U (3)',
      'pull x2y1 to x3y3 R (3)',
      'pull x2y1 to x3y3 D (3)',
      'pull x2y1 to x2y2 L (3)',
      'pull x2y1 to x4y2 R (3)',
      'pull x2y1 to x4y2 D (3)',
      'pull x2y1 to x3y1 L (3)',
      'pull x2y1 to x3y2 U (4)',
      'pull x2y1 to x2y3 L (4)',
      'pull x2y1 to x4y3 R (4)',
      'pull x2y1 to x4y3 D (4)',
      'pull x2y1 to x3y2 L (4)',
      'pull x2y1 to x4y2 U (5)',
      'pull x2y1 to x3y3 L (5)',
    ]);
    expect(names.filter((n) => n.startsWith('pull x1y1 to ')).slice(0, 4)).toEqual(['pull x1y1 to x1y3 D (2)', 'pull x1y1 to x2y2 R (2)', 'pull x1y1 to x1y2 U (3)', 'pull x1y1 to x2y3 R (3)']);
    expect(k).toBe(3 + 18 + 17); // the single pulls, x2y1's macros, x1y1's
  });

  it("goal macros backward: only the squares of the initial boxes (x3y2, x3y3), in the same order", () => {
    const b = board(ROOM);
    const dead = pullDeadSquares(b);
    const space = new PushSpace(b, dead, true, new FreezeCheck(b, deadSquares(b)), null, new BoxEstimator(b, 'pushdist', b.boxes, true));
    const macros = new PullMacros(b, dead, b.boxes);
    space.usePullMacros(macros);
    expect(space.numOps).toBe(b.size * 4 + 2 * 2 * 4);
    const out = new Int32Array(space.numOps);
    const k = space.applicable(space.init, 0, out);
    const names = [...out.slice(0, k)].filter((o) => o >= b.size * 4).map((o) => `${space.opName(o)} ${'UDLR'[macros.lastDir(o)]} (${macros.len(o)})`);
    expect(names.filter((n) => n.startsWith('pull x2y1 to '))).toEqual([
      'pull x2y1 to x3y2 R (2)',
      'pull x2y1 to x3y2 D (2)',
      'pull x2y1 to x3y3 R (3)',
      'pull x2y1 to x3y3 D (3)',
      'pull x2y1 to x3y2 U (4)',
      'pull x2y1 to x3y2 L (4)',
      'pull x2y1 to x3y3 L (5)',
    ]);
    expect(names.length).toBe(7 + 6); // x1y1's: six
  });

  it("a macro's successor has the box on its square, the player ahead of the last pull (his region normalised), and costs its pulls; its pulls are found again", () => {
    const b = board(ROOM);
    const { space, macros } = backSpace(b);
    const out = new Int32Array(space.numOps);
    const k = space.applicable(space.init, 0, out);
    const op = [...out.slice(0, k)].find((o) => o >= b.size * 4 && space.opName(o) === 'pull x2y1 to x3y3' && macros.lastDir(o) === 1) as number;
    const dst = new Uint32Array(space.words);
    space.apply(op, space.init, 0, dst, 0);
    expect([space.cost(), space.stateAtoms(dst, 0).join(' ')]).toEqual([3, 'box(x1y1) box(x3y3) sokoban(x2y1)']);
    // the same pulls again, from the player's region at the goal state (any square next to the box: -1) and from x5y4
    const boxAt = new Uint8Array(b.size);
    for (const g of b.goals) boxAt[g] = 1;
    const names = (path: number[] | null) => path?.map((p) => `${b.name(p >> 2)}${'UDLR'[p & 3]}`).join(' ');
    expect(names(macros.path(boxAt, b.square('x2y1'), b.square('x3y3'), 1, -1))).toBe('x2y1D x2y2R x3y2D');
    expect(names(macros.path(boxAt, b.square('x2y1'), b.square('x3y3'), 1, b.square('x5y4')))).toBe('x2y1D x2y2R x3y2D');
    // a pull down onto x5y1 would start above it, in the wall
    expect(names(macros.path(boxAt, b.square('x2y1'), b.square('x5y1'), 1, -1))).toBeUndefined();
  });

  it('backward greedy with box macros: fewer states; the plans rebuilt as single pushes are valid', () => {
    const b = board(ROOM);
    const run = (boxMacros: boolean) => {
      const r = pushSearch(b, deadSquares(b), defaultSearchOptions, { ...BACK, boxMacros });
      const steps = expandPushes(b, r.pushes!);
      return { status: r.status, expanded: r.stats.expanded, pushes: r.pushes!.map((p) => `${b.name(p.box)}${'UDLR'[p.dir]}`).join(' '), valid: replays(ROOM.join('\n'), steps) };
    };
    expect(run(false)).toEqual({ status: 'solved', expanded: 6, pushes: 'x3y3L x2y3L x1y3U x3y2L x2y2U x1y2U', valid: true });
    expect(run(true)).toEqual({ status: 'solved', expanded: 2, pushes: 'x3y2L x2y2U x3y3L x2y3L x1y3U x1y2U', valid: true });
  });

  const microban = fileURLToPath(new URL('../../../../shared/levels/microban.txt', import.meta.url));
  it.skipIf(!existsSync(microban))('Microban 1–40, backward greedy with push distances and box macros: every plan replays and is valid; pushes and states summed', () => {
    const text = readFileSync(microban, 'utf8');
    let pushes = 0;
    let expanded = 0;
    let ok = 0;
    for (let n = 1; n <= 40; n++) {
      const b = new Board(readLevel(text, 'microban.txt', n));
      const r = pushSearch(b, deadSquares(b), defaultSearchOptions, { ...BACK, stall: 300, boxMacros: true });
      if (r.status !== 'solved') continue;
      pushes += r.pushes!.length;
      expanded += r.stats.expanded;
      if (replays(text, expandPushes(b, r.pushes!), n)) ok++;
    }
    expect({ ok, pushes, expanded }).toEqual({ ok: 40, pushes: 776, expanded: 1231 });
  });
});
