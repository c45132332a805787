/**
 * Plan improvement (src/plugins/sokoban/improve.ts): hand-made plans with
 * a detour, a roundabout window and interleaved boxes get shortened to
 * known lengths; every improved plan replays and expands to valid steps;
 * auto's --improve on a level (plans validated by the ground domain).
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadProblem } from '../../../src/core/load.ts';
import { lurdSteps, solveLoaded, validateSteps } from '../../../src/pipeline/solve.ts';
import { Board } from '../../../src/plugins/sokoban/board.ts';
import { better, cutDetours, spliceSize, stateAfter, walkScratch, defaultImproveBudget, defaultImproveWork, FAR_CAP_MS, improvePlan, IMPROVE_CAP_MS, improveTimeLeft, LONG_MOVES, LONG_MS, startBound, WINDOW_CAP_START, WINDOW_SETUP_WORK, pushesOfSteps, replay, subLevel, unmoved, walkSearch } from '../../../src/plugins/sokoban/improve.ts';
import { expandPushes, type Push, pushSearch } from '../../../src/plugins/sokoban/push-search.ts';
import { deadSquares } from '../../../src/plugins/sokoban/deadlocks.ts';
import { BoxRoutes } from '../../../src/plugins/sokoban/box-paths.ts';
import { Vicinity } from '../../../src/plugins/sokoban/vicinity.ts';
import { readLevel } from '../../../src/sokoban/level.ts';
import { runMain } from '../../cli/run-main.ts';

const U = 0;
const D = 1;
const L = 2;
const R = 3;
const board = (rows: string[]): Board => new Board(readLevel(rows.join('\n'), 't.txt', undefined));
const named = (b: Board, pushes: Push[]): string => pushes.map((p) => `${b.name(p.box)}${'UDLR'[p.dir]}`).join(' ');
/** The pushes `named` writes: `x2y2R x3y2D …` (the box's square, then the direction). */
const pushesOf = (b: Board, text: string): Push[] => text.split(' ').map((t) => ({ box: b.square(t.slice(0, -1)), dir: 'UDLR'.indexOf(t.slice(-1)) }));
type Pass = 'detours' | 'windows' | 'walks' | 'routes' | 'regroup' | 'reorder' | 'vicinity';
/** improvePlan with one pass alone. */
const alone = (b: Board, plan: Push[], pass: Pass) =>
  improvePlan(b, plan, { timeoutMs: 60_000, detours: pass === 'detours', windows: pass === 'windows', walks: pass === 'walks', routes: pass === 'routes', regroup: pass === 'regroup', reorder: pass === 'reorder', vicinity: pass === 'vicinity' });
/** The improved plan expands to steps and ends with every box on a goal. */
function solves(b: Board, pushes: Push[]): boolean {
  expandPushes(b, pushes); // throws on an impossible push
  const r = replay(b, pushes);
  return r !== null && r.solvedAt === pushes.length;
}

// one box, goal three squares to its right, an open room around
const room = board(['########', '#      #', '# @$  .#', '#      #', '########']);
// right, right, walk round and push it back left, walk round, right, right: 5 pushes, 13 moves
const detour: Push[] = [
  { box: room.square('x3y2'), dir: R },
  { box: room.square('x4y2'), dir: R },
  { box: room.square('x5y2'), dir: L },
  { box: room.square('x4y2'), dir: R },
  { box: room.square('x5y2'), dir: R },
];

describe('replay', () => {
  it('counts pushes and moves (walks through shortest paths) and keys the states by boxes and region', () => {
    const r = replay(room, detour)!;
    expect(r).toMatchObject({ pushes: 5, moves: 13, solvedAt: 5 });
    expect(r.moves).toBe(expandPushes(room, detour).length);
    // the state after push 1 and after push 3: the box on x4y2, the player's region starting at x1y1 (square 9)
    expect(r.keys[1]).toBe(`${room.square('x4y2')}|9`);
    expect(r.keys[3]).toBe(r.keys[1]);
  });

  it('is null for an impossible push or a plan that does not solve the level', () => {
    expect(replay(room, [{ box: room.square('x2y2'), dir: R }])).toBeNull(); // no box there
    expect(replay(room, detour.slice(0, 4))).toBeNull(); // does not end solved
  });
});

describe('the passes', () => {
  it('cutDetours drops the loop between two visits of a state: 5 pushes → 3', () => {
    const cut = cutDetours(detour, replay(room, detour)!);
    expect(named(room, cut)).toBe('x3y2R x4y2R x5y2R');
  });

  it('improvePlan: the detour plan (5 pushes, 13 moves) becomes 3 pushes and 3 moves, by any pass alone', () => {
    for (const only of ['detours', 'windows', 'walks', 'routes', 'vicinity'] as const) {
      const r = alone(room, detour, only);
      expect(r.before, only).toEqual({ pushes: 5, moves: 13 });
      expect(r.after, only).toEqual({ pushes: 3, moves: 3 });
      expect(named(room, r.pushes), only).toBe('x3y2R x4y2R x5y2R');
      expect(solves(room, r.pushes)).toBe(true);
    }
    // with every pass off the plan comes back as it was
    const none = improvePlan(room, detour, { timeoutMs: 60_000, detours: false, windows: false, walks: false, routes: false, regroup: false, reorder: false, vicinity: false });
    expect(none.pushes).toEqual(detour);
    expect(none.after).toEqual({ pushes: 5, moves: 13 });
  });

  it('a window found by push-level A*: the box taken the long way round (7 pushes, no state twice) goes the short way (5 pushes)', () => {
    const b = board(['########', '#      #', '#      #', '# $    #', '#@    .#', '########']);
    // up, right, right, down, down, right, right
    const dirs = [U, R, R, D, D, R, R];
    const long: Push[] = [];
    let at = b.square('x2y3');
    for (const d of dirs) {
      long.push({ box: at, dir: d });
      at += b.dirs[d];
    }
    expect(replay(b, long)).toMatchObject({ pushes: 7, solvedAt: 7 });
    const r = improvePlan(b, long, { timeoutMs: 60_000, detours: false, walks: false, routes: false, regroup: false, reorder: false, vicinity: false });
    expect(r).toMatchObject({ after: { pushes: 5, moves: 10 }, spliced: 1 });
    expect(named(b, r.pushes)).toBe('x2y3D x2y4R x3y4R x4y4R x5y4R');
    expect(solves(b, r.pushes)).toBe(true);
  });

  it('interleaved boxes (8 pushes, 26 moves) are pushed one after the other: 14 moves, by regrouping, by walk windows or by moving runs', () => {
    const b = board(['#########', '#       #', '#@$   . #', '#       #', '# $   . #', '#       #', '#########']);
    const mixed: Push[] = [];
    for (let i = 0; i < 4; i++) mixed.push({ box: b.square(`x${2 + i}y2`), dir: R }, { box: b.square(`x${2 + i}y4`), dir: R });
    const order = { push: 1, walk: 1 };
    const regroup = improvePlan(b, mixed, { timeoutMs: 60_000, order, windows: false, walks: false, routes: false, reorder: false, vicinity: false });
    expect(regroup).toMatchObject({ before: { pushes: 8, moves: 26 }, after: { pushes: 8, moves: 14 }, regrouped: 3, windows: 0 });
    expect(named(b, regroup.pushes)).toBe('x2y2R x3y2R x4y2R x5y2R x2y4R x3y4R x4y4R x5y4R');
    const walks = improvePlan(b, mixed, { timeoutMs: 60_000, order, windows: false, regroup: false, routes: false, reorder: false, vicinity: false });
    expect(walks.after).toEqual({ pushes: 8, moves: 14 });
    const runs = improvePlan(b, mixed, { timeoutMs: 60_000, order, windows: false, walks: false, regroup: false, routes: false, vicinity: false });
    expect(runs).toMatchObject({ after: { pushes: 8, moves: 14 }, windows: 0, reordered: 4 });
    expect(named(b, runs.pushes)).toBe('x2y2R x3y2R x4y2R x5y2R x2y4R x3y4R x4y4R x5y4R');
    expect(solves(b, walks.pushes)).toBe(true);
    expect(solves(b, runs.pushes)).toBe(true);
  });

  it('BoxRoutes: fewest pushes of one box to every square, around the other boxes, the player walking between pushes', () => {
    const b = board(['#########', '#       #', '#@$ $  .#', '#      .#', '#       #', '#########']);
    const boxAt = new Uint8Array(b.size);
    for (const p of b.boxes) boxAt[p] = 1;
    const routes = new BoxRoutes(b, boxAt, b.square('x2y2'), b.player);
    const row = (y: number): string => Array.from({ length: 7 }, (_, x) => routes.pushes[b.square(`x${x + 1}y${y}`)]).join(' ');
    // the other box stands on x4y2 (-1); round it along row 3: down, right ×4, up
    expect([row(1), row(2), row(3), row(4)]).toEqual(['2 1 2 3 4 5 6', '1 0 1 -1 5 6 7', '2 1 2 3 4 5 6', '3 2 3 4 5 6 7']);
    expect(named(b, routes.routeTo(b.square('x6y2'))!)).toBe('x2y2D x2y3R x3y3R x4y3R x5y3R x6y3U');
    expect(routes.routeTo(b.square('x4y2'))).toBeNull();
    expect(boxAt[b.square('x2y2')]).toBe(1); // the caller's array is left as it was
    // in a corridor the box goes only away from the player
    const corridor = board(['#######', '#@ $ .#', '#######']);
    const one = new Uint8Array(corridor.size);
    one[corridor.square('x3y1')] = 1;
    const ahead = new BoxRoutes(corridor, one, corridor.square('x3y1'), corridor.player);
    expect([1, 2, 3, 4, 5].map((x) => ahead.pushes[corridor.square(`x${x}y1`)])).toEqual([-1, -1, 0, 1, 2]);
  });

  it('box routes: a box that wanders (away and back while the other box waits) takes its shortest route, pushed at its stop', () => {
    const b = board(['#########', '#       #', '#@$   . #', '#       #', '# $   . #', '#       #', '#########']);
    // box A: right, down, up, right ×3 (6 pushes, its route has 4), box B: right ×4
    const wander = pushesOf(b, 'x2y2R x3y2D x3y3U x2y4R x3y2R x4y2R x5y2R x3y4R x4y4R x5y4R');
    expect(replay(b, wander)).toMatchObject({ pushes: 10, solvedAt: 10 });
    const r = alone(b, wander, 'routes');
    expect(r).toMatchObject({ before: { pushes: 10 }, after: { pushes: 8 }, rerouted: 1 });
    expect(named(b, r.pushes)).toBe('x2y2R x2y4R x3y2R x4y2R x5y2R x3y4R x4y4R x5y4R');
    expect(solves(b, r.pushes)).toBe(true);
  });

  it('box routes pushed late: a box that went round another waits until that one is out of its way, then goes straight', () => {
    const b = board(['#########', '#   .   #', '#@$ $  .#', '#       #', '#       #', '#########']);
    // box A (x2y2) round box B (x4y2): down, right, [B up onto its goal], right ×3, up, right: 7 pushes + 1
    const round = pushesOf(b, 'x2y2D x2y3R x4y2U x3y3R x4y3R x5y3R x6y3U x6y2R');
    expect(replay(b, round)).toMatchObject({ pushes: 8, solvedAt: 8 });
    const r = alone(b, round, 'routes');
    // at its stop A's shortest route is still round B (7): no gain there; after B's push it is 5
    expect(r).toMatchObject({ before: { pushes: 8 }, after: { pushes: 6 }, rerouted: 1 });
    expect(named(b, r.pushes)).toBe('x4y2U x2y2R x3y2R x4y2R x5y2R x6y2R');
    expect(solves(b, r.pushes)).toBe(true);
  });

  it('the vicinity search: every box free, but only through layouts within one box of a state of the plan; it finds the short ways of both box-route plans, and shorter walks', () => {
    const moves = { push: 1, walk: 1 };
    const only = (b: Board, plan: Push[]) => improvePlan(b, plan, { timeoutMs: 60_000, order: moves, detours: false, windows: false, walks: false, routes: false, regroup: false, reorder: false });
    const b1 = board(['#########', '#       #', '#@$   . #', '#       #', '# $   . #', '#       #', '#########']);
    const plan = pushesOf(b1, 'x2y2R x3y2D x3y3U x2y4R x3y2R x4y2R x5y2R x3y4R x4y4R x5y4R');
    const wander = only(b1, plan);
    // by the fewest pushes first (two rounds of the two window sizes: the first gains), then by moves (one round): 6 searches
    expect(wander).toMatchObject({ before: { pushes: 10, moves: 26 }, after: { pushes: 8, moves: 14 }, vicinities: 6, nearby: 1 });
    expect(named(b1, wander.pushes)).toBe('x2y2R x3y2R x4y2R x5y2R x2y4R x3y4R x4y4R x5y4R');
    // by moves alone (pushesFirst 0), or by pushes (one phase whatever pushesFirst): the two rounds, the same plan
    const vicinityOnly = { detours: false, windows: false, walks: false, routes: false, regroup: false, reorder: false } as const;
    const movesAlone = improvePlan(b1, plan, { timeoutMs: 60_000, order: moves, pushesFirst: 0, ...vicinityOnly });
    const pushesAlone = improvePlan(b1, plan, { timeoutMs: 60_000, order: { push: 1, walk: 0 }, pushesFirst: 0.5, ...vicinityOnly });
    for (const r of [movesAlone, pushesAlone]) {
      expect(r).toMatchObject({ after: { pushes: 8, moves: 14 }, vicinities: 4, nearby: 1 });
      expect(r.pushes).toEqual(wander.pushes);
    }
    const b2 = board(['#########', '#   .   #', '#@$ $  .#', '#       #', '#       #', '#########']);
    const round = only(b2, pushesOf(b2, 'x2y2D x2y3R x4y2U x3y3R x4y3R x5y3R x6y3U x6y2R'));
    // box A takes B's goal above, B goes straight right: 6 pushes, 11 moves
    expect(round).toMatchObject({ before: { pushes: 8, moves: 23 }, after: { pushes: 6, moves: 11 }, nearby: 1 });
    expect(named(b2, round.pushes)).toBe('x2y2R x3y2U x3y1R x4y2R x5y2R x6y2R');
    expect(solves(b2, round.pushes)).toBe(true);
  });

  it('Vicinity: a layout is admitted when it differs from some state of the plan in one box at most', () => {
    const b = board(['#######', '#@ $ .#', '#  $ .#', '#######']);
    const sq = (...names: string[]): Int32Array => Int32Array.from(names.map((n) => b.square(n)));
    const v = new Vicinity(b.size, [sq('x3y1', 'x3y2'), sq('x4y1', 'x3y2')]);
    // two states of two boxes: each less one of its boxes, 4 keys, one shared (x3y2 alone)
    expect(v.size).toBe(3);
    const admits = (boxes: Int32Array): boolean => {
      const [a, c] = v.hash.words(boxes);
      return v.admits(boxes, a, c);
    };
    expect(admits(sq('x3y1', 'x3y2'))).toBe(true);
    expect(admits(sq('x2y2', 'x3y1'))).toBe(true);
    expect(admits(sq('x5y1', 'x3y2'))).toBe(true);
    expect(admits(sq('x5y1', 'x5y2'))).toBe(false);
    expect(admits(sq('x2y1', 'x2y2'))).toBe(false);
  });

  it('spliceSize: the size of a plan with a middle replaced, from the middle alone, as a full replay counts it', () => {
    const b = board(['#########', '#       #', '#@$   . #', '#       #', '# $   . #', '#       #', '#########']);
    const plan: Push[] = [];
    for (let i = 0; i < 4; i++) plan.push({ box: b.square(`x${2 + i}y2`), dir: R }, { box: b.square(`x${2 + i}y4`), dir: R });
    const r = replay(b, plan)!;
    const w = walkScratch(b);
    // pushes 2..5 (two of each box, interleaved) done box by box
    const middle = [plan[2], plan[4], plan[3], plan[5]];
    const whole = [...plan.slice(0, 2), ...middle, ...plan.slice(6)];
    const full = replay(b, whole)!;
    expect(spliceSize(b, r, 2, middle, 6, w, plan)).toEqual({ pushes: full.pushes, moves: full.moves });
    expect(full).toMatchObject({ pushes: 8, moves: 22 });
    // to the end of the plan
    const tail = [plan[6], plan[7]];
    expect(spliceSize(b, r, 6, tail, 8, w, plan)).toEqual({ pushes: 8, moves: r.moves });
    // a middle that ends elsewhere, or cannot be pushed
    expect(spliceSize(b, r, 2, [plan[2]], 6, w, plan)).toBeNull();
    expect(spliceSize(b, r, 2, [plan[5]], 3, w, plan)).toBeNull();
  });

  it('stateAfter: the boxes and the player after some pushes, -1 for an impossible one', () => {
    const w = walkScratch(room);
    expect(stateAfter(room, detour.slice(0, 2), w)).toBe(room.square('x4y2'));
    expect(Array.from(w.boxAt.keys()).filter((p) => w.boxAt[p]).map((p) => room.name(p))).toEqual(['x5y2']);
    expect(stateAfter(room, [{ box: room.square('x2y2'), dir: R }], w)).toBe(-1);
  });

  it('a window sub-level: the boxes the window does not move are walls', () => {
    const b = board(['#########', '#       #', '#@$   . #', '#       #', '# $   . #', '#       #', '#########']);
    const window: Push[] = [
      { box: b.square('x2y2'), dir: R },
      { box: b.square('x3y2'), dir: R },
    ];
    const fixed = unmoved(b.boxes, window);
    expect([...fixed].map((p) => b.name(p))).toEqual(['x2y4']);
    const after = [b.square('x4y2'), b.square('x2y4')];
    const sub = new Board(subLevel(b, b.boxes, b.player, after, fixed));
    expect(Array.from(sub.boxes, (p) => sub.name(p))).toEqual(['x2y2']);
    expect(Array.from(sub.goals, (p) => sub.name(p))).toEqual(['x4y2']);
    expect(sub.cells.length).toBe(b.cells.length - 1);
    expect(sub.floor[b.square('x2y4')]).toBe(0);
    // every box kept: the level's floor, both boxes
    const all = new Board(subLevel(b, b.boxes, b.player, after));
    expect([all.boxes.length, all.cells.length]).toEqual([2, b.cells.length]);
  });

  it('walkSearch needs the end region: boxes on the goals but the player shut in the wrong region is no answer', () => {
    // a corridor: the box from x2y1 to x3y1 leaves the player left of it; the right region (x4y1) is unreachable
    const b = board(['######', '#@$. #', '######']);
    const left = walkSearch(b, b.square('x1y1'), 1, 1, 1000, () => false);
    expect(left.pushes?.length).toBe(1);
    const right = walkSearch(b, b.square('x4y1'), 1, 1, 1000, () => false);
    expect(right.pushes).toBeNull();
  });

  it('the work limit stops it deterministically: no work left, no window searched', () => {
    const r = improvePlan(room, detour, { timeoutMs: 60_000, maxWork: 5 });
    expect(r).toMatchObject({ windows: 0, after: { pushes: 5, moves: 13 } });
  });

  it('a plan that does not replay comes back unimproved', () => {
    const bad = [{ box: room.square('x2y2'), dir: R }];
    const r = improvePlan(room, bad, { timeoutMs: 60_000 });
    expect(r.pushes).toEqual(bad);
    expect(r.windows).toBe(0);
  });

  it('better: by cost (pushes, walks) with ties to fewer pushes, or pareto', () => {
    expect(better({ pushes: 29, moves: 139 }, { pushes: 31, moves: 131 })).toBe(true); // fewer pushes first
    expect(better({ pushes: 29, moves: 139 }, { pushes: 31, moves: 131 }, { push: 1, walk: 1 })).toBe(false); // more moves
    expect(better({ pushes: 29, moves: 139 }, { pushes: 31, moves: 131 }, 'pareto')).toBe(false);
    expect(better({ pushes: 31, moves: 129 }, { pushes: 31, moves: 131 }, 'pareto')).toBe(true);
    expect(better({ pushes: 30, moves: 131 }, { pushes: 31, moves: 131 }, { push: 1, walk: 1 })).toBe(true); // same cost, fewer pushes
  });

  it('pushesOfSteps reads the pushes of a plan of domains/sokoban.pl steps', () => {
    expect(pushesOfSteps(room, expandPushes(room, detour))).toEqual(detour);
  });
});

const microban = fileURLToPath(new URL('../../../../shared/levels/microban.txt', import.meta.url));

/** Microban level n and the plan greedy push-level search with `manhattan` finds on it (long, easy to shorten). */
function greedyPlan(n: number): { b: Board; plan: Push[] } {
  const b = new Board(readLevel(readFileSync(microban, 'utf8'), microban, n));
  const found = pushSearch(b, deadSquares(b), { cycle: 'state', timeoutMs: 60_000, maxNodes: 20_000 }, { gWeight: 0, hWeight: 1, estimate: 'manhattan', goalOnGeneration: true, preferDeep: true });
  return { b, plan: found.pushes! };
}

describe('the fewest pushes first, then moves', () => {
  it.skipIf(!existsSync(microban))('Microban 15, a greedy plan of 14 pushes and 37 moves: by pushes it becomes 12 pushes and 43 moves; by moves the first phase goes there too, and the answer is never more than the 37 moves it came with', () => {
    const { b, plan } = greedyPlan(15);
    expect(replay(b, plan)).toMatchObject({ pushes: 14, moves: 37 });
    const limits = { timeoutMs: 60_000, maxWork: 20_000 };
    const byPushes = improvePlan(b, plan, { ...limits, order: { push: 1, walk: 0 } });
    expect(byPushes.after).toEqual({ pushes: 12, moves: 43 });
    expect(solves(b, byPushes.pushes)).toBe(true);
    // by moves: the second phase finds its way back from 12 pushes and 43 moves to 14 and 37
    const twoPhases = improvePlan(b, plan, { ...limits, order: { push: 1, walk: 1 } });
    expect(twoPhases).toMatchObject({ after: { pushes: 14, moves: 37 }, windows: 42 });
    expect(twoPhases.pushes).toEqual(plan);
    // with 3,500 units of work the second phase ends at once, on 12 pushes and 43 moves: the plan kept by moves is the one that came
    const cut = improvePlan(b, plan, { timeoutMs: 60_000, maxWork: 3500, order: { push: 1, walk: 1 } });
    expect(cut).toMatchObject({ after: { pushes: 14, moves: 37 }, windows: 25 });
    expect(cut.pushes).toEqual(plan);
    // by moves alone: fewer window searches, the same answer
    const movesAlone = improvePlan(b, plan, { ...limits, order: { push: 1, walk: 1 }, pushesFirst: 0 });
    expect(movesAlone).toMatchObject({ after: { pushes: 14, moves: 37 }, windows: 12 });
  });
});

describe('the window limits, low first', () => {
  it.skipIf(!existsSync(microban))('Microban 105, a greedy plan of 36 pushes, 15,000 units of work by pushes: 24 pushes with the limits from a sixteenth (33 windows), 28 with them full from the start (14 windows: the work goes into windows that reach their limit)', () => {
    const { b, plan } = greedyPlan(105);
    expect(replay(b, plan)).toMatchObject({ pushes: 36, moves: 117 });
    const limits = { timeoutMs: 60_000, maxWork: 15_000, order: { push: 1, walk: 0 } } as const;
    const low = improvePlan(b, plan, limits);
    expect(low).toMatchObject({ after: { pushes: 24, moves: 75 }, windows: 33, spliced: 6 });
    expect(solves(b, low.pushes)).toBe(true);
    expect(improvePlan(b, plan, { ...limits, capStart: WINDOW_CAP_START })).toMatchObject({ after: { pushes: 24 }, windows: 33 });
    const full = improvePlan(b, plan, { ...limits, capStart: 1 });
    expect(full).toMatchObject({ after: { pushes: 28, moves: 109 }, windows: 14, spliced: 2 });
  });
});

describe('auto --improve on a level', () => {
  const read = (rel: string): string => readFileSync(new URL(`../../../${rel}`, import.meta.url), 'utf8');
  const load = (domain: string) => loadProblem({ file: 'maps/demo.txt', text: read('maps/demo.txt'), level: 1, domainFile: domain, domainText: read(domain) });

  it('shortens the demo plan from 26 moves (8 pushes) to 17 (6); the plan validates; not optimal', () => {
    const unit = load('domains/sokoban.pl');
    const off = solveLoaded(unit, { algo: 'auto', improve: 0 } as never);
    expect(off).toMatchObject({ status: 'solved', length: 26, pushes: 8, optimal: false });
    const on = solveLoaded(unit, { algo: 'auto', improve: 60 } as never);
    expect(on).toMatchObject({ status: 'solved', length: 17, pushes: 6, optimal: false });
    expect(validateSteps(unit, lurdSteps(unit, on.lurd!))).toMatchObject({ valid: true, cost: 17 });
    expect(on.stats.expanded).toBe(off.stats.expanded); // the search's counts; the improvement's work is not in them
  });

  it('under push costs (sokoban-pushes.pl) the plan gets fewer pushes', () => {
    const pushes = load('domains/sokoban-pushes.pl');
    const on = solveLoaded(pushes, { algo: 'auto', improve: 60 } as never);
    expect(on).toMatchObject({ status: 'solved', cost: 6, pushes: 6, optimal: false });
  });

  it('without --improve: a fortieth of the work of the search (deterministic), none below one window\'s set-up, so the demo plan (13 states expanded) stays as found', () => {
    expect(defaultImproveWork(1000)).toBe(25);
    expect(defaultImproveWork(13)).toBe(1);
    // a search of at most 3,960 states gets no improvement: its budget would not pay for one window
    expect(WINDOW_SETUP_WORK).toBe(100);
    expect(defaultImproveWork(3999)).toBe(100);
    expect(defaultImproveWork(3960)).toBe(99);
    expect(solveLoaded(load('domains/sokoban.pl'), { algo: 'auto' })).toMatchObject({ status: 'solved', length: 26, pushes: 8 });
  });

  it("without --improve, a plan far from the start's lower bound (over 3 times it and 300 pushes above it) is improved by time: 50 ms per push above the bound, at most 60 s", () => {
    // not far: the fortieth of the work, at most 2 s
    expect(defaultImproveBudget(432, 186, 400_000, 800)).toEqual({ work: 10_000, ms: IMPROVE_CAP_MS, timed: false }); // 2.3 times the bound, 800 moves (not long)
    expect(defaultImproveBudget(319, 73, 40)).toEqual({ work: 1, ms: IMPROVE_CAP_MS, timed: false }); // 4.4 times, but 246 pushes above
    expect(defaultImproveBudget(450, 150, 40)).toEqual({ work: 1, ms: IMPROVE_CAP_MS, timed: false }); // 3 times exactly
    // far: time by the excess, no work limit
    expect(defaultImproveBudget(1472, 152, 2_454_372)).toEqual({ work: Infinity, ms: FAR_CAP_MS, timed: true }); // classic 34's search plan
    expect(defaultImproveBudget(781, 197, 1_000_000)).toEqual({ work: Infinity, ms: 29_200, timed: true }); // classic 11's
    expect(defaultImproveBudget(18_081, 367, 2_402_761)).toEqual({ work: Infinity, ms: FAR_CAP_MS, timed: true }); // classic 67's
    // the bound: the matching estimate of the start (each box to its own goal, pushes counted), only for plans long enough to be far
    const b = board(['#######', '#@$  .#', '#.$   #', '#######']);
    expect(startBound(b, 301)).toBe(3 + 1);
    expect(startBound(b, 300)).toBe(300);
  });

  it('without --improve, a long plan (over 800 moves) that is not far is improved for 1 s, whatever its search', () => {
    expect(LONG_MOVES).toBe(800);
    expect(defaultImproveBudget(215, 119, 5080, 1155)).toEqual({ work: Infinity, ms: LONG_MS, timed: true }); // classic 2's search plan
    expect(defaultImproveBudget(428, 186, 7_000_000, 1545)).toEqual({ work: Infinity, ms: LONG_MS, timed: true }); // Microban 153's
    expect(defaultImproveBudget(215, 119, 5080, 801)).toEqual({ work: Infinity, ms: LONG_MS, timed: true });
    // far and long: the far plan's time
    expect(defaultImproveBudget(781, 197, 1_000_000, 3879)).toEqual({ work: Infinity, ms: 29_200, timed: true }); // classic 11's, 3,879 moves
  });

  it('the improvement leaves of the time limit what expanding and validating the plan take (20 ms and 15 µs a step)', () => {
    expect(improveTimeLeft(60_000, 9880)).toBeCloseTo(60_000 - 20 - 148.2, 6); // classic 34's search plan, 9,880 moves
    expect(improveTimeLeft(1000, 0)).toBe(980);
    // nothing left: no improvement (improveResult returns the plan as found)
    expect(improveTimeLeft(50, 5000)).toBe(-45);
  });

  it('--improve is in solve --help and takes a number of seconds', async () => {
    const help = await runMain('solve', '--help');
    expect(help.out).toMatch(/--improve SECONDS\s+auto: on a level: seconds to spend shortening the plan found/);
    const bad = await runMain('solve', 'maps/demo.txt', '--improve=-1');
    expect(bad).toMatchObject({ code: 2, err: "planlog: --improve needs a number of at least 0, got '-1'\n(see npx planlog solve --help)" });
    const other = await runMain('solve', 'maps/demo.txt', '--improve', '1', '--algo', 'bfs');
    expect(other).toMatchObject({ code: 2, err: 'planlog: --improve applies to auto, lama, not to bfs\n(see npx planlog solve --help)' });
  });
});
