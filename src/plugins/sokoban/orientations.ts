/**
 * The level in its other orientations (PushSearchConfig.orientations;
 * forward): the same search on the level turned a quarter, a half and
 * three quarters clockwise, and on each of the four mirrored (the eight
 * symmetries of the square but the level as it is), one after the other,
 * each with a share of the time left (at least MIN_ORIENTATION_MS), until
 * one finds a plan; its pushes are turned back onto the level.
 *
 * Why: much of what the forward members choose depends on the squares'
 * numbering, which an orientation changes and the level's difficulty does
 * not — the packing order of a goal room is one of many valid orders,
 * chosen by the numbering (packing.ts), and ties in the open list fall by
 * it. Such a choice can make a level hard: the goal-macro member finds no
 * plan of Sasquatch 44 in 45 s as the level stands, and one in 3,144
 * states (0.8 s) on the level turned a quarter.
 */
import { addStats } from '../../search/result.ts';
import type { SearchOptions, SearchStats, TracedSpace } from '../../search/types.ts';
import { limitReason } from '../../util/budget.ts';
import { readLevel, type Level } from '../../sokoban/level.ts';
import { Board, DIR_LETTERS, DIR_WORDS } from './board.ts';
import { deadSquares } from './deadlocks.ts';
import type { Push, PushSearchConfig, PushSearchResult } from './push-search.ts';
import type { LevelSearch } from './groups.ts';

/** The orientations other than the level's own: k turns a quarter clockwise k & 3 times, then mirrors left to right when k & 4. */
export const OTHER_ORIENTATIONS = [1, 2, 3, 4, 5, 6, 7] as const;

/**
 * An orientation gets at least this many ms (and its share of the time
 * left), so a short limit tries fewer orientations rather than each too
 * briefly: the plans found in other orientations by the goal-macro member
 * came after 0.8–2.0 s of CPU on Sasquatch 44 and classic 47.
 */
export const MIN_ORIENTATION_MS = 3000;

/** Where the square (x, y) of a w × h grid goes in orientation k, with the grid's size there. */
function turnPoint(x: number, y: number, w: number, h: number, k: number): { x: number; y: number; w: number; h: number } {
  for (let i = 0; i < (k & 3); i++) [x, y, w, h] = [h - 1 - y, x, h, w];
  if (k & 4) x = w - 1 - x;
  return { x, y, w, h };
}

/** The time (ms) of the i-th orientation tried (OTHER_ORIENTATIONS) when `leftMs` are left: its share among those from it on, at least MIN_ORIENTATION_MS, at most what is left. */
export function orientationMs(leftMs: number, i: number): number {
  return Math.min(leftMs, Math.max(MIN_ORIENTATION_MS, leftMs / (OTHER_ORIENTATIONS.length - i)));
}

/** A level in another orientation (turnLevel). */
export interface TurnedLevel {
  level: Level;
  board: Board;
  /** For each square of the turned board, the level's square it comes from (-1: none). */
  from: Int32Array;
  /** For each direction of the turned board (its dirs' index), the level's direction. */
  dirOf: Int32Array;
}

/** The level of `board` in orientation k (0–7, as OTHER_ORIENTATIONS). */
export function turnLevel(board: Board, k: number): TurnedLevel {
  const rows = board.level.rows;
  const w = Math.max(...rows.map((r) => r.length));
  const h = rows.length;
  const size = turnPoint(0, 0, w, h, k);
  const grid = Array.from({ length: size.h }, () => new Array<string>(size.w).fill(' '));
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const t = turnPoint(x, y, w, h, k);
      grid[t.y][t.x] = rows[y][x] ?? ' ';
    }
  }
  const text = grid.map((r) => r.join('').trimEnd()).join('\n') + '\n';
  const level = { ...readLevel(text, board.level.file, 1), number: board.level.number, title: board.level.title, firstLine: board.level.firstLine };
  const turned = new Board(level);
  const from = new Int32Array(turned.size).fill(-1);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const p = y * board.width + x;
      if (x >= board.width || !board.floor[p]) continue;
      const t = turnPoint(x, y, w, h, k);
      from[t.y * turned.width + t.x] = p;
    }
  }
  // each direction of the level (up, down, left, right as board.dirs), turned: a unit step from a square inside a grid one wider on every side
  const steps = [
    [0, -1],
    [0, 1],
    [-1, 0],
    [1, 0],
  ];
  const dirOf = new Int32Array(4);
  steps.forEach(([dx, dy], d) => {
    const a = turnPoint(1, 1, w + 2, h + 2, k);
    const b = turnPoint(1 + dx, 1 + dy, w + 2, h + 2, k);
    dirOf[steps.findIndex(([ex, ey]) => ex === b.x - a.x && ey === b.y - a.y)] = d;
  });
  return { level, board: turned, from, dirOf };
}

/**
 * A search's trace (planlog trace) on the turned board in the level's
 * names: its operators' and states' squares and directions turned back,
 * and the plan (the level's steps) turned to the board's before its
 * operators are found.
 */
function tracedInLevelNames(space: TracedSpace, board: Board, t: TurnedLevel): TracedSpace {
  const { from, dirOf } = t;
  const to = new Int32Array(board.size).fill(-1);
  from.forEach((p, q) => {
    if (p >= 0) to[p] = q;
  });
  const turnedDir = new Int32Array(4);
  dirOf.forEach((d, q) => (turnedDir[d] = q));
  const words: readonly string[] = DIR_WORDS;
  const letters: readonly string[] = DIR_LETTERS;
  const cell = (name: string, map: Int32Array, a: Board, b: Board): string => {
    const p = a.square(name);
    return p >= 0 && map[p] >= 0 ? b.name(map[p]) : name;
  };
  const back = (text: string): string =>
    text.replace(/x\d+y\d+/g, (n) => cell(n, from, t.board, board)).replace(/\b(up|down|left|right)\b/g, (w) => words[dirOf[words.indexOf(w)]]);
  const forth = (step: string): string =>
    step.replace(/x\d+y\d+/g, (n) => cell(n, to, board, t.board)).replace(/^(push|move)([UDLR])/, (_, verb: string, l: string) => verb + letters[turnedDir[letters.indexOf(l)]]);
  const { stateAtoms, planOps, applicable, apply } = space;
  return {
    get numOps() {
      return space.numOps;
    },
    opName: (op) => back(space.opName(op)),
    cost: (op) => space.cost(op),
    words: space.words,
    init: space.init,
    ...(stateAtoms ? { stateAtoms: (s: Uint32Array, off: number) => stateAtoms.call(space, s, off).map(back).sort() } : {}),
    ...(planOps ? { planOps: (plan: readonly string[]) => planOps.call(space, plan.map(forth)).map(back) } : {}),
    ...(applicable ? { applicable: (s: Uint32Array, off: number, out: Int32Array) => applicable.call(space, s, off, out) } : {}),
    ...(apply ? { apply: (op: number, s: Uint32Array, off: number, dst: Uint32Array, dstOff: number) => apply.call(space, op, s, off, dst, dstOff) } : {}),
  };
}

/** The pushes of a plan of the turned level `t` as pushes of the level. */
export function turnBack(t: TurnedLevel, pushes: readonly Push[]): Push[] {
  return pushes.map((p) => {
    const box = t.from[p.box];
    if (box < 0) throw new Error(`orientations: the box on square ${p.box} of the turned level has no square on the level`);
    return { box, dir: t.dirOf[p.dir] };
  });
}

/** Searches `board` in its other orientations in turn (the module's comment) with `search`, each with its share of the time left. */
export function searchOrientations(board: Board, options: SearchOptions, c: PushSearchConfig, search: LevelSearch): PushSearchResult {
  const t0 = performance.now();
  // the states other searches reached are states of the level as it stands, not of a turned one: no meeting
  const base: PushSearchConfig = { ...c, orientations: false, meetStates: undefined };
  let stats: SearchStats = { expanded: 0, generated: 0, duplicates: 0, evaluated: 0, reopened: 0, stored: 0, bytesPerState: 0, timeMs: 0 };
  const spent = (): number => (options.spentMs ?? 0) + (performance.now() - t0);
  let nodesLeft = options.maxNodes;
  for (let i = 0; i < OTHER_ORIENTATIONS.length; i++) {
    const leftMs = options.timeoutMs - spent();
    if (leftMs <= 0 || nodesLeft <= 0) break;
    const turned = turnLevel(board, OTHER_ORIENTATIONS[i]);
    const ms = orientationMs(leftMs, i);
    const trace = options.trace;
    const traced = trace ? { trace: (space: TracedSpace) => trace(tracedInLevelNames(space, board, turned)) } : {};
    const r = search(turned.board, deadSquares(turned.board), { ...options, ...traced, timeoutMs: Math.max(1, ms), spentMs: 0, maxNodes: nodesLeft }, base);
    stats = addStats(stats, r.stats);
    nodesLeft -= r.stats.expanded;
    // a plan, a level proven unsolvable (in every orientation alike), or a stop that ends the whole search
    if (r.pushes) return { ...r, pushes: turnBack(turned, r.pushes), stats: { ...stats, timeMs: performance.now() - t0 } };
    if (r.status === 'unsolvable' || r.stats.limit === 'interrupted' || r.stats.limit === 'memory') return { ...r, stats: { ...stats, timeMs: performance.now() - t0 } };
  }
  const limit: SearchStats['limit'] = nodesLeft <= 0 ? 'nodes' : 'time';
  return { status: 'limit', pushes: null, reason: limitReason(limit, options), stats: { ...stats, timeMs: performance.now() - t0, limit } };
}
