/**
 * Plan improvement for Sokoban: makes a push plan (push-search.ts's Push[],
 * e.g. the one a greedy search of `auto` found) shorter within a time
 * budget. The answer is always a valid plan and never worse: fewer pushes,
 * or as many pushes and fewer moves (moves counted through shortest walks,
 * as expandPushes makes them). Passes, repeated while they gain and time
 * is left:
 *
 * - detours: a state that comes back later in the plan (the same boxes,
 *   the player in the same region) cuts the pushes between its two
 *   visits, and a plan that solves the level early stops there;
 * - windows: for windows of k consecutive pushes (k = 8, 16, 32, …, up to
 *   the whole plan, windows overlapping by half), push-level A* (matching,
 *   optimal in pushes) solves the sub-level "from the boxes and the player
 *   before the window to the boxes after it", with a node limit; an answer
 *   with fewer pushes (or as many and fewer moves in the whole plan) that
 *   leaves the player where the rest of the plan can go on is spliced in;
 * - regrouping (moves): a push of the box just pushed, done later in the
 *   plan, is tried right after it (the same pushes in another order, one
 *   walk fewer), kept when the plan stays valid and needs fewer moves;
 * - box routes: at a stop of a box, its fewest-push routes with the other
 *   boxes standing still (BoxRoutes, box-paths.ts) replace the plan's
 *   longer way to a later square of that box, pushed at the stop or just
 *   before the box would have arrived;
 * - runs moved (moves): a run of pushes of one box moved next to another
 *   run nearby (REORDER_SPAN);
 * - vicinity windows: windows of VICINITY_WINDOWS pushes searched as the
 *   walk windows are, every box free to move, but only through box
 *   layouts within one box of some state of the plan (vicinity.ts).
 *
 * Each round runs the cheap passes (detours, box routes, regrouping, runs)
 * before the windows. The windows' node limits start low (WINDOW_CAP_START
 * of the full ones) and rise CAP_STEP times after a round that gained
 * nothing while some window search used all of its limit; the vicinity
 * windows run when a round of the others gained nothing at the full
 * limits (or with no window search at its limit), and the rounds end
 * when that one gains nothing either. When the order counts walking
 * (moves, pareto), the rounds first take the fewest pushes (PUSHES_FIRST)
 * for a share of the time and work (PUSHES_FIRST_SHARE), then the order
 * itself from that plan; the answer is the best plan by the order seen in
 * either phase.
 * A candidate is first sized from its changed stretch (spliceSize), then
 * replayed from the level's start (`replay`) and kept only when it is
 * valid and better, so a bug in a pass can cost time but never a worse or
 * invalid plan.
 */
import { Heap } from '../../util/heap.ts';
import { LimitReached } from '../../util/budget.ts';
import type { OptionDecl } from '../../util/option-decl.ts';
import type { SearchOptions, SearchResult } from '../../search/types.ts';
import type { SearchSpace } from '../../strips/space.ts';
import type { Level, Point } from '../../sokoban/level.ts';
import { Board, boardOf, DIR_LETTERS } from './board.ts';
import { isSokobanContext } from './context.ts';
import { deadSquares, FreezeCheck } from './deadlocks.ts';
import { BoxEstimator } from './estimates.ts';
import { stepsToOps } from './push.ts';
import { expandPushes, type Push, type PushSearchConfig, pushSearch } from './push-search.ts';
import { BoxRoutes } from './box-paths.ts';
import { BoxHash, Vicinity } from './vicinity.ts';

/** auto's --improve: seconds for shortening the plan of a level. */
export const IMPROVE = {
  name: 'improve',
  type: 'number',
  min: 0,
  arg: 'SECONDS',
  defaultHelp: "a fortieth of the work the search did, at most 2 s; for a plan over 3 times the start's lower bound and 300 pushes above it, 50 ms per push above it, at most 60 s; for another plan of over 800 moves, 1 s",
  help: 'on a level: seconds to spend shortening the plan found',
} as const satisfies OptionDecl;

/** A replayed plan: its length in moves and each state's boxes, player and region. */
export interface Replay {
  /** Pushes plus walking steps. */
  moves: number;
  pushes: number;
  /** For states 0..n: the boxes (sorted squares), the player's square, the region key (boxes and the region's smallest square). */
  boxes: Int32Array[];
  player: Int32Array;
  keys: string[];
  /** Moves (walks and pushes) before state i. */
  movesBefore: Int32Array;
  /** The first state with every box on a goal (n when none earlier). */
  solvedAt: number;
}

/** Plan length (pushes, moves) of a replay, for reports. */
export interface PlanSize {
  pushes: number;
  moves: number;
}

export interface ImproveResult {
  pushes: Push[];
  before: PlanSize;
  after: PlanSize;
  /** Window searches run, and how many of them were spliced in. */
  windows: number;
  spliced: number;
  /** Detour cuts, regroupings, box routes and run moves kept. */
  cuts: number;
  regrouped: number;
  rerouted: number;
  reordered: number;
  /** Vicinity searches run, and how many of them were spliced in. */
  vicinities: number;
  nearby: number;
  /** Push states the window searches expanded; the work done (see ImproveLimits.maxWork). */
  expanded: number;
  work: number;
  timeMs: number;
}

export interface ImproveLimits {
  /** Time for the improvement (ms). */
  timeoutMs: number;
  /** Stops it cleanly (the solve's). */
  signal?: AbortSignal;
  interrupt?: Int32Array;
  maxMemoryMb?: number;
  /**
   * Limit on the work (default none): push states the window searches
   * expand, plus WINDOW_SETUP_WORK per window searched (its set-up), plus
   * the pushes of every plan replayed. Deterministic, unlike the time limit.
   */
  maxWork?: number;
  /** Node limit of one window search of k pushes: nodesPerPush·k (default 1000·k), at most maxWindowNodes (default 50 000). */
  nodesPerPush?: number;
  maxWindowNodes?: number;
  /** What a better plan is (default: fewer pushes, then fewer moves). */
  order?: PlanOrder;
  /**
   * For an order that counts walking (moves, pareto): the share of the time
   * and work spent first on the fewest pushes (PUSHES_FIRST), the rest on
   * the order itself from that plan (default PUSHES_FIRST_SHARE; 0: the
   * order alone).
   */
  pushesFirst?: number;
  /** Window searches move only the boxes the window moves (the others are walls); default on, false: every box. */
  relevant?: boolean;
  /** Which passes run (all by default). */
  windows?: boolean;
  walks?: boolean;
  detours?: boolean;
  regroup?: boolean;
  routes?: boolean;
  reorder?: boolean;
  vicinity?: boolean;
  /** Node limit of one vicinity search (default VICINITY_NODES). */
  maxVicinityNodes?: number;
  /**
   * The window searches' node limits start at this fraction of the limits
   * above (default WINDOW_CAP_START) and rise CAP_STEP times whenever a
   * round gains nothing while a window search used all of its limit, up to
   * the full limits; 1: the full limits from the start.
   */
  capStart?: number;
}

/**
 * Where the window searches' node limits start (ImproveLimits.capStart).
 * A window that needs many states rarely pays: with the full limits from
 * the start, the first pass of 32-push windows over classic 38's plan
 * of 319 pushes took 1 s, most of it in windows that hit their limit,
 * and the 64-push windows that bring it from 203 to 107 pushes came after
 * the 1 s a long plan gets. With limits a sixteenth as high the round
 * reaches every window size early, and the windows that need more states
 * come in later rounds. The 72 classic plans of `auto`'s searches, the
 * default budgets: 70 of 71 within both plan goals against 67, geometric
 * means 1.004× / 1.104× the best known pushes / moves against 1.048× /
 * 1.218×; Microban the same plans but 153's, shorter (README, session 52).
 */
export const WINDOW_CAP_START = 1 / 16;

/** How many times higher the window limits go after a round that gained nothing (ImproveLimits.capStart). */
export const CAP_STEP = 4;

/** The window sizes of the vicinity pass, in pushes. */
export const VICINITY_WINDOWS: readonly number[] = [32, 128];

/** The node limit of one vicinity search, by default. */
export const VICINITY_NODES = 200_000;

/** How many runs before and after its own a run may move to (the reorder pass). */
export const REORDER_SPAN = 30;

/** Walking distances from `at` (boxes as walls) into `dist` (-1: out of reach); returns the region's smallest square, its normalised name. */
function walkDistances(board: Board, boxAt: Uint8Array, at: number, dist: Int32Array, queue: Int32Array): number {
  const { floor, dirs } = board;
  dist.fill(-1);
  dist[at] = 0;
  let m = 0;
  queue[m++] = at;
  let min = at;
  for (let i = 0; i < m; i++) {
    const p = queue[i];
    if (p < min) min = p;
    for (let k = 0; k < 4; k++) {
      const q = p + dirs[k];
      if (floor[q] && !boxAt[q] && dist[q] < 0) {
        dist[q] = dist[p] + 1;
        queue[m++] = q;
      }
    }
  }
  return min;
}

/**
 * Replays pushes from the board's initial state with shortest walks; null
 * when a push is impossible (the box is not there, its target is taken, or
 * the player cannot get behind it).
 */
export function replay(board: Board, pushes: readonly Push[]): Replay | null {
  const { floor, dirs, size, goal } = board;
  const boxAt = new Uint8Array(size);
  const boxSet = Array.from(board.boxes);
  for (const b of boxSet) boxAt[b] = 1;
  const n = pushes.length;
  const dist = new Int32Array(size);
  const queue = new Int32Array(size);
  const boxes: Int32Array[] = [];
  const player = new Int32Array(n + 1);
  const keys: string[] = [];
  const movesBefore = new Int32Array(n + 1);
  let at = board.player;
  let moves = 0;
  let solvedAt = -1;
  const onGoal = (): boolean => boxSet.every((b) => goal[b] === 1);
  for (let i = 0; ; i++) {
    // the player's region: distances from the player's square
    const min = walkDistances(board, boxAt, at, dist, queue);
    const sorted = Int32Array.from(boxSet).sort();
    boxes.push(sorted);
    player[i] = at;
    keys.push(`${sorted.join(',')}|${min}`);
    movesBefore[i] = moves;
    if (solvedAt < 0 && onGoal()) solvedAt = i;
    if (i === n) break;
    const { box, dir } = pushes[i];
    const d = dirs[dir];
    if (!boxAt[box] || !floor[box + d] || boxAt[box + d] || dist[box - d] < 0) return null;
    moves += dist[box - d] + 1;
    boxAt[box] = 0;
    boxAt[box + d] = 1;
    boxSet[boxSet.indexOf(box)] = box + d;
    at = box;
  }
  if (solvedAt !== n && solvedAt < 0) return null;
  return { moves, pushes: n, boxes, player, keys, movesBefore, solvedAt };
}

/**
 * What a better plan is: with `costs`, a lower cost, push·pushes +
 * walk·(moves − pushes), ties broken by fewer pushes, then fewer moves;
 * `pareto`: no more pushes and no more moves, and fewer of one (better
 * under any costs).
 */
export type PlanOrder = { push: number; walk: number } | 'pareto';

/** The order of the first phase of improvePlan: the fewest pushes, then the fewest moves. */
export const PUSHES_FIRST: PlanOrder = { push: 1, walk: 0 };

/**
 * The share of an improvement's time and work spent on the fewest pushes
 * first when plans are ordered by moves (or pareto). Improving by moves
 * alone keeps only candidates with fewer moves, and a shorter route of
 * pushes usually needs a longer walk somewhere at first: the improvement
 * stalled (classic 7, 11, 81, 82 at 40 s each: 1.52–1.73 times the best
 * known pushes by moves, 0.90–1.21 by pushes, with fewer moves as well).
 */
export const PUSHES_FIRST_SHARE = 0.75;

/** Whether an order is the fewest pushes first (walking only breaks ties). */
function byPushes(order: PlanOrder): boolean {
  return order !== 'pareto' && order.walk === 0 && order.push > 0;
}

/** Whether plan a is better than plan b under `order`. */
export function better(a: PlanSize, b: PlanSize, order: PlanOrder = PUSHES_FIRST): boolean {
  if (order === 'pareto') return a.pushes <= b.pushes && a.moves <= b.moves && (a.pushes < b.pushes || a.moves < b.moves);
  const ca = order.push * a.pushes + order.walk * (a.moves - a.pushes);
  const cb = order.push * b.pushes + order.walk * (b.moves - b.pushes);
  if (ca !== cb) return ca < cb;
  return a.pushes < b.pushes || (a.pushes === b.pushes && a.moves < b.moves);
}

const point = (board: Board, p: number): Point => ({ x: p % board.width, y: Math.floor(p / board.width) });

/**
 * The sub-level from boxes `from` and the player on `player` to the boxes
 * `to` (as goals), on the board's floor; the squares of `fixed` (boxes
 * that stay where they are) become walls.
 */
export function subLevel(board: Board, from: ArrayLike<number>, player: number, to: ArrayLike<number>, fixed: ReadonlySet<number> = new Set()): Level {
  const pts = (a: ArrayLike<number>): Point[] =>
    Array.from(a)
      .filter((p) => !fixed.has(p))
      .map((p) => point(board, p))
      .sort((p, q) => p.y - q.y || p.x - q.x);
  const cells = fixed.size === 0 ? board.level.cells : pts(board.cells);
  return { ...board.level, cells, boxes: pts(from), goals: pts(to), player: point(board, player) };
}

/** The boxes of `boxes` that none of the pushes moves. */
export function unmoved(boxes: ArrayLike<number>, pushes: readonly Push[]): Set<number> {
  const out = new Set(Array.from(boxes));
  for (const p of pushes) out.delete(p.box);
  return out;
}

/** Cuts loops: a state seen again drops the pushes in between; pushes after the first solved state go. */
export function cutDetours(pushes: readonly Push[], r: Replay): Push[] {
  const out: Push[] = [];
  const stack: string[] = [r.keys[0]];
  const seen = new Map<string, number>([[r.keys[0], 0]]);
  for (let i = 0; i < r.solvedAt; i++) {
    out.push(pushes[i]);
    const k = r.keys[i + 1];
    const at = seen.get(k);
    if (at === undefined) {
      seen.set(k, out.length);
      stack.push(k);
    } else {
      out.length = at;
      while (stack.length > at + 1) seen.delete(stack.pop()!);
    }
  }
  return out;
}

/**
 * The cheapest pushes from the sub-level's start to its goals (every box
 * on a goal) with the player's region's smallest square `region` at the
 * end, where a push costs `push` and each step of the walk before it
 * `walk`: A* over (boxes, the player's square), the player always just
 * behind the box pushed last, so a step is "walk (shortest) and push";
 * h = push × the matching bound on pushes (admissible). Dead squares and
 * freeze deadlocks pruned. States are told apart by their Zobrist keys
 * (BoxHash). `region` −1: the player anywhere at the end; `vicinity`:
 * only the box layouts within it are searched (the vicinity search; its
 * board has the sub-level's squares). Null past `maxNodes` expansions or
 * when `stopped` says so. Returns the pushes and the states expanded.
 */
export function walkSearch(
  sub: Board,
  region: number,
  push: number,
  walk: number,
  maxNodes: number,
  stopped: () => boolean,
  vicinity?: Vicinity,
): { pushes: Push[] | null; expanded: number } {
  const { floor, dirs, size, goal } = sub;
  const dead = deadSquares(sub);
  const est = new BoxEstimator(sub, 'matching');
  const freeze = new FreezeCheck(sub, dead);
  const hash = vicinity?.hash ?? new BoxHash(size);
  const nBoxes = sub.boxes.length;
  // nodes: boxes, their hash words, player, g, parent, the push that made it
  const nodeBoxes: Int32Array[] = [];
  const nodeA: number[] = [];
  const nodeB: number[] = [];
  const nodePlayer: number[] = [];
  const nodeG: number[] = [];
  const nodeParent: number[] = [];
  const nodePush: number[] = [];
  const bestG = new Map<number, number>();
  const open = new Heap();
  const stateKey = (a: number, b: number, player: number): number => BoxHash.key(a ^ hash.pa[player], b ^ hash.pb[player]);
  const add = (boxes: Int32Array, a: number, b: number, player: number, g: number, parent: number, op: number, h: number): void => {
    const n = nodeG.length;
    bestG.set(stateKey(a, b, player), g);
    nodeBoxes.push(boxes);
    nodeA.push(a);
    nodeB.push(b);
    nodePlayer.push(player);
    nodeG.push(g);
    nodeParent.push(parent);
    nodePush.push(op);
    open.push(g + push * h, n);
  };
  const start = Int32Array.from(sub.boxes);
  const [a0, b0] = hash.words(start);
  const h0 = est.estimate(start, nBoxes);
  if (h0 === Infinity) return { pushes: null, expanded: 0 };
  add(start, a0, b0, sub.player, 0, -1, -1, h0);
  const boxAt = new Uint8Array(size);
  const dist = new Int32Array(size);
  const queue = new Int32Array(size);
  let expanded = 0;
  while (open.size > 0) {
    if (expanded >= maxNodes || ((expanded & 63) === 0 && stopped())) return { pushes: null, expanded };
    const n = open.pop();
    const boxes = nodeBoxes[n];
    const g = nodeG[n];
    const at = nodePlayer[n];
    const a = nodeA[n];
    const b = nodeB[n];
    if (bestG.get(stateKey(a, b, at))! < g) continue;
    expanded++;
    for (let i = 0; i < nBoxes; i++) boxAt[boxes[i]] = 1;
    const min = walkDistances(sub, boxAt, at, dist, queue);
    let solved = region < 0 || min === region;
    for (let i = 0; solved && i < nBoxes; i++) solved = goal[boxes[i]] === 1;
    if (solved) {
      for (let i = 0; i < nBoxes; i++) boxAt[boxes[i]] = 0;
      const out: Push[] = [];
      for (let x = n; nodeParent[x] >= 0; x = nodeParent[x]) out.push({ box: nodePush[x] >> 2, dir: nodePush[x] & 3 });
      return { pushes: out.reverse(), expanded };
    }
    for (let i = 0; i < nBoxes; i++) {
      const bx = boxes[i];
      for (let k = 0; k < 4; k++) {
        const d = dirs[k];
        const to = bx + d;
        if (dist[bx - d] < 0 || !floor[to] || boxAt[to] || dead[to]) continue;
        const g2 = g + push + walk * dist[bx - d];
        const a2 = a ^ hash.a[bx] ^ hash.a[to];
        const b2 = b ^ hash.b[bx] ^ hash.b[to];
        const known = bestG.get(stateKey(a2, b2, bx));
        if (known !== undefined && known <= g2) continue;
        boxAt[bx] = 0;
        boxAt[to] = 1;
        const frozen = freeze.frozenAt(boxAt, to);
        boxAt[to] = 0;
        boxAt[bx] = 1;
        if (frozen) continue;
        const next = boxes.slice();
        next[i] = to;
        if (known === undefined && vicinity && !vicinity.admits(next, a2, b2)) continue;
        const h = est.estimateMoved(boxes, nBoxes, i, to);
        if (h === Infinity) continue;
        add(next, a2, b2, bx, g2, n, (bx << 2) | k, h);
      }
    }
    for (let i = 0; i < nBoxes; i++) boxAt[boxes[i]] = 0;
  }
  return { pushes: null, expanded };
}

/** Work arrays of the board's size for walkPushes, stateAfter and spliceSize, made once per improvement. */
export interface WalkScratch {
  boxAt: Uint8Array;
  dist: Int32Array;
  queue: Int32Array;
}

export const walkScratch = (board: Board): WalkScratch => ({ boxAt: new Uint8Array(board.size), dist: new Int32Array(board.size), queue: new Int32Array(board.size) });

/**
 * Plays `pushes` on the boxes of `w.boxAt` with the player on `at`, each
 * after a shortest walk behind its box: the player's square and the moves
 * (walks and pushes) at the end, or null when a push finds no box there,
 * its target taken, or the player cannot get behind it.
 */
function walkPushes(board: Board, w: WalkScratch, at: number, pushes: readonly Push[]): { at: number; moves: number } | null {
  const { floor, dirs } = board;
  const { boxAt, dist, queue } = w;
  let moves = 0;
  for (const { box, dir } of pushes) {
    const d = dirs[dir];
    if (!boxAt[box] || !floor[box + d] || boxAt[box + d]) return null;
    walkDistances(board, boxAt, at, dist, queue);
    if (dist[box - d] < 0) return null;
    moves += dist[box - d] + 1;
    boxAt[box] = 0;
    boxAt[box + d] = 1;
    at = box;
  }
  return { at, moves };
}

/** Puts `boxes` (and no other box) into `boxAt`. */
function placeBoxes(boxAt: Uint8Array, boxes: ArrayLike<number>): void {
  boxAt.fill(0);
  for (let i = 0; i < boxes.length; i++) boxAt[boxes[i]] = 1;
}

/**
 * The state after `pushes` from the board's start (or from `boxes` and
 * `player`): the boxes into `w.boxAt`, the player's square returned; -1
 * when a push finds no box there, its target taken, or the player cannot
 * get behind it.
 */
export function stateAfter(board: Board, pushes: readonly Push[], w: WalkScratch, boxes: ArrayLike<number> = board.boxes, player = board.player): number {
  placeBoxes(w.boxAt, boxes);
  return walkPushes(board, w, player, pushes)?.at ?? -1;
}

/**
 * The size of the plan `pushes[0..k) + middle + pushes[resume..]` where
 * `r` replays `pushes`, when `middle` leads from state k to the boxes of
 * state `resume` (only the middle is replayed, and the walk to the first
 * push after it); null when a push of the middle is impossible or it ends
 * elsewhere (then only a full replay can tell).
 */
export function spliceSize(board: Board, r: Replay, k: number, middle: readonly Push[], resume: number, w: WalkScratch, pushes: readonly Push[]): PlanSize | null {
  placeBoxes(w.boxAt, r.boxes[k]);
  const played = walkPushes(board, w, r.player[k], middle);
  if (!played) return null;
  for (const b of r.boxes[resume]) if (!w.boxAt[b]) return null;
  const n = r.pushes;
  const count = k + middle.length + (n - resume);
  const moves = r.movesBefore[k] + played.moves;
  if (resume === n) return { pushes: count, moves };
  // the rest is the same but for the walk to its first push
  const { box, dir } = pushes[resume];
  walkDistances(board, w.boxAt, played.at, w.dist, w.queue);
  const walk = w.dist[box - board.dirs[dir]];
  if (walk < 0) return null;
  return { pushes: count, moves: moves + walk + (r.moves - r.movesBefore[resume] - (r.movesBefore[resume + 1] - r.movesBefore[resume] - 1)) };
}

/** Whether push t of `plan` pushes the box that push t − 1 pushed (a run goes on; false at t = 0). */
function continuesRun(board: Board, plan: readonly Push[], t: number): boolean {
  return t > 0 && plan[t].box === plan[t - 1].box + board.dirs[plan[t - 1].dir];
}

/**
 * Shortens a valid push plan of `board` within the limits (see the top of
 * this file). Returns the plan as it came when nothing better is found; a
 * plan that does not replay is returned as it is, unimproved.
 */
export function improvePlan(board: Board, plan: readonly Push[], limits: ImproveLimits): ImproveResult {
  const t0 = performance.now();
  const deadline = t0 + limits.timeoutMs;
  const maxWork = limits.maxWork ?? Infinity;
  // the phase's order and limits: first the fewest pushes (when the order counts walking), then the order itself
  const taskOrder = limits.order ?? PUSHES_FIRST;
  const share = byPushes(taskOrder) ? 0 : (limits.pushesFirst ?? PUSHES_FIRST_SHARE);
  let phaseOrder: PlanOrder = share > 0 ? PUSHES_FIRST : taskOrder;
  let phaseDeadline = share > 0 ? t0 + share * limits.timeoutMs : deadline;
  let phaseWork = share > 0 ? share * maxWork : maxWork;
  /** Whether the work or the time is used up (against these limits), or the solve was stopped. */
  const reached = (work: number, until: number): boolean =>
    stats.work >= work || performance.now() >= until || limits.signal?.aborted === true || (limits.interrupt !== undefined && Atomics.load(limits.interrupt, 0) !== 0);
  /** The phase's limits reached. */
  const stopped = (): boolean => reached(phaseWork, phaseDeadline);
  /** The whole improvement's limits reached (not only the phase's). */
  const outOfLimits = (): boolean => reached(maxWork, deadline);
  let best = plan.slice();
  let r = replay(board, best);
  const stats = { windows: 0, spliced: 0, cuts: 0, regrouped: 0, rerouted: 0, reordered: 0, vicinities: 0, nearby: 0, expanded: 0, work: plan.length };
  const done = (before: PlanSize): ImproveResult => ({
    pushes: best,
    before,
    after: r ? { pushes: r.pushes, moves: r.moves } : before,
    ...stats,
    timeMs: performance.now() - t0,
  });
  if (!r) return done({ pushes: plan.length, moves: NaN });
  const before = { pushes: r.pushes, moves: r.moves };
  /** The best plan by the task's order so far (the fewest-pushes phase may pass it on the way). */
  let kept = { plan: best, replay: r };

  /** Keeps `cand` when it replays and is better by the phase's order; returns whether it was kept. */
  const offer = (cand: Push[]): boolean => {
    stats.work += cand.length;
    const c = replay(board, cand);
    if (!c || !better(c, r!, phaseOrder)) return false;
    best = cand;
    r = c;
    if (better(c, kept.replay, taskOrder)) kept = { plan: cand, replay: c };
    return true;
  };

  const detours = (): boolean => {
    const cut = cutDetours(best, r!);
    if (cut.length < best.length && offer(cut)) {
      stats.cuts++;
      return true;
    }
    return false;
  };

  /** The window limits' fraction of the full limits in this round (capStart, raised by CAP_STEP after a round without gain). */
  const capStart = Math.min(1, limits.capStart ?? WINDOW_CAP_START);
  let capScale = capStart;
  /** The node limit of the last window search, and whether a window search of this round used all of its. */
  let lastNodes = 0;
  let capped = false;
  /** Whether higher window limits would change nothing: they are full, or no window search of this round reached its limit. */
  const settled = (): boolean => capScale >= 1 || !capped;

  /** The node limit of a window search of k pushes (its set-up charged to the work). */
  const windowNodes = (k: number): number => {
    stats.work += WINDOW_SETUP_WORK;
    lastNodes = Math.max(1, Math.min(capScale * (limits.maxWindowNodes ?? 50_000), capScale * (limits.nodesPerPush ?? 1000) * k, maxWork - stats.work));
    return lastNodes;
  };

  /**
   * One pass over windows of k pushes, overlapping by half: `solve` answers
   * the window from push i to push j on its sub-level (the boxes of state i
   * to those of state j; the boxes the window does not move stand as walls,
   * unless `vicinity` or limits.relevant is false) with replacement pushes
   * and the states it expanded; a replacement that makes the plan better is
   * spliced in. Whether it gained. Counted as windows, or with `vicinity` as
   * vicinity searches.
   */
  const pass = (k: number, solve: (sub: Board, i: number, j: number, cur: Replay) => { pushes: Push[] | null; expanded: number }, vicinity = false): boolean => {
    let gained = false;
    const step = Math.max(1, k >> 1);
    for (let i = 0; i < best.length - 1 && !stopped(); i += step) {
      const j = Math.min(i + k, best.length);
      if (j - i < 2) break;
      const cur = r!;
      const fixed = vicinity || limits.relevant === false ? undefined : unmoved(cur.boxes[i], best.slice(i, j));
      const sub = new Board(subLevel(board, cur.boxes[i], cur.player[i], cur.boxes[j], fixed));
      const res = solve(sub, i, j, cur);
      if (!vicinity && res.expanded >= lastNodes) capped = true;
      if (vicinity) stats.vicinities++;
      else stats.windows++;
      stats.expanded += res.expanded;
      stats.work += res.expanded;
      if (!res.pushes) continue;
      if (offer([...best.slice(0, i), ...res.pushes, ...best.slice(j)])) {
        if (vicinity) stats.nearby++;
        else stats.spliced++;
        gained = true;
      }
    }
    return gained;
  };

  /** The smallest square of the player's region in state j of a replay (its normalised name). */
  const regionAt = (cur: Replay, j: number): number => Number(cur.keys[j].slice(cur.keys[j].lastIndexOf('|') + 1));

  /** Push-level A* windows (fewest pushes; a window's answer is kept only when it has no more pushes than the window). */
  const windowPass = (k: number): boolean =>
    pass(k, (sub, i, j) => {
      const options: SearchOptions = {
        cycle: 'state',
        timeoutMs: Math.max(1, deadline - performance.now()),
        maxNodes: windowNodes(j - i),
        maxMemoryMb: limits.maxMemoryMb,
        signal: limits.signal,
        interrupt: limits.interrupt,
      };
      const res = pushSearch(sub, deadSquares(sub), options, WINDOW_SEARCH);
      return { pushes: res.pushes && res.pushes.length <= j - i ? res.pushes : null, expanded: res.stats.expanded };
    });

  /** Walk-aware windows (walkSearch): pushes and walking steps, ending with the player in state j's region. */
  const pushCost = (): number => (phaseOrder === 'pareto' ? 1 : phaseOrder.push);
  const walkCost = (): number => (phaseOrder === 'pareto' || phaseOrder.walk === 0 ? 1e-3 * Math.max(pushCost(), 1) : phaseOrder.walk);
  const walkPass = (k: number): boolean =>
    pass(k, (sub, i, j, cur) => {
      return walkSearch(sub, regionAt(cur, j), pushCost(), walkCost(), windowNodes(j - i), stopped);
    });

  /**
   * Vicinity windows (Vicinity): windows of k pushes searched by walkSearch
   * with every box free to move but only through layouts within one box of
   * a state of the plan; the end state's layout and region as in walkPass.
   */
  let near: { of: Replay; v: Vicinity } | null = null;
  const vicinityPass = (k: number): boolean =>
    pass(
      k,
      (sub, i, j, cur) => {
        if (near?.of !== cur) near = { of: cur, v: new Vicinity(board.size, cur.boxes) };
        stats.work += WINDOW_SETUP_WORK + near.v.size / 16;
        const nodes = Math.max(1, Math.min(limits.maxVicinityNodes ?? VICINITY_NODES, (limits.nodesPerPush ?? 1000) * (j - i), maxWork - stats.work));
        // the whole plan's end: the player anywhere
        return walkSearch(sub, j === best.length ? -1 : regionAt(cur, j), pushCost(), walkCost(), nodes, stopped, near.v);
      },
      true,
    );

  /** Work arrays of the passes that size candidates from their changed stretch. */
  const scratch = walkScratch(board);

  /** Offers the plan with `middle` in place of pushes k..resume−1 when its size (spliceSize: the middle replayed) is better; whether it was kept. */
  const offerSplice = (k: number, middle: Push[], resume: number): boolean => {
    stats.work += middle.length;
    const size = spliceSize(board, r!, k, middle, resume, scratch, best);
    return size !== null && better(size, r!, phaseOrder) && offer([...best.slice(0, k), ...middle, ...best.slice(resume)]);
  };

  /**
   * Runs reordered (for the walks between them): a run (pushes of one box in
   * a row) moved to just after another of the REORDER_SPAN runs before or
   * after it; the best move of each run that makes the plan better is kept
   * (sized by spliceSize, then replayed).
   */
  const reorder = (): boolean => {
    let gained = false;
    for (let i = 0; !stopped(); i++) {
      const plan = best;
      const cur = r!;
      const starts: number[] = [0];
      for (let t = 1; t < plan.length; t++) if (!continuesRun(board, plan, t)) starts.push(t);
      if (i >= starts.length) break;
      starts.push(plan.length);
      const run = (a: number): Push[] => plan.slice(starts[a], starts[a + 1]);
      let pick: { k: number; middle: Push[]; resume: number; size: PlanSize } | null = null;
      const consider = (k: number, middle: Push[], resume: number): void => {
        stats.work += middle.length;
        const size = spliceSize(board, cur, k, middle, resume, scratch, plan);
        if (size && better(size, pick ? pick.size : cur, phaseOrder)) pick = { k, middle, resume, size };
      };
      // earlier: run i just after run j
      for (let j = i - 2; j >= Math.max(-1, i - 1 - REORDER_SPAN); j--) consider(starts[j + 1], [...run(i), ...plan.slice(starts[j + 1], starts[i])], starts[i + 1]);
      // later: run i just after run j
      for (let j = i + 1; j < Math.min(starts.length - 1, i + 1 + REORDER_SPAN); j++) consider(starts[i], [...plan.slice(starts[i + 1], starts[j + 1]), ...run(i)], starts[j + 1]);
      const p = pick as { k: number; middle: Push[]; resume: number } | null;
      if (p && offer([...plan.slice(0, p.k), ...p.middle, ...plan.slice(p.resume)])) {
        stats.reordered++;
        gained = true;
      }
    }
    return gained;
  };

  /** Pushes of the same box brought together: the next push of the box just pushed, moved up behind it. */
  const regroup = (): boolean => {
    let gained = false;
    const { dirs } = board;
    for (let i = 0; i + 2 < best.length && !stopped(); i++) {
      const to = best[i].box + dirs[best[i].dir];
      if (best[i + 1].box === to) continue;
      let m = i + 2;
      // the box stays on `to` until its next push (nothing else can move it)
      while (m < best.length && best[m].box !== to) m++;
      if (m >= best.length) continue;
      if (offerSplice(i + 1, [best[m], ...best.slice(i + 1, m)], m + 1)) {
        stats.regrouped++;
        gained = true;
      }
    }
    return gained;
  };

  /**
   * Box routes: at each stop of a box (a push of it after another box's),
   * its fewest-push routes to every square, the other boxes standing as
   * they are then (BoxRoutes); where the plan takes more pushes of that box
   * to reach one of its later squares, the route replaces them, pushed at
   * the stop (the best three gains tried), or else pushed just before the
   * box would have arrived (the best two bounds tried).
   */
  const reroute = (): boolean => {
    let gained = false;
    const { dirs } = board;
    for (let k = 0; k < best.length && !stopped(); k++) {
      if (continuesRun(board, best, k)) continue;
      const plan = best;
      const cur = r!;
      const from = plan[k].box;
      // the box's later pushes (indices into plan) and its square after each
      const own: number[] = [];
      const squares: number[] = [];
      for (let j = k, at = from; j < plan.length; j++) {
        if (plan[j].box !== at) continue;
        at += dirs[plan[j].dir];
        own.push(j);
        squares.push(at);
      }
      /** The other boxes' pushes from k to own[c] (the box waits on its stop). */
      const without = (c: number): Push[] => {
        const before: Push[] = [];
        for (let j = k, o = 0; j <= own[c]; j++) {
          if (j === own[o]) o++;
          else before.push(plan[j]);
        }
        return before;
      };
      placeBoxes(scratch.boxAt, cur.boxes[k]);
      const routes = new BoxRoutes(board, scratch.boxAt, from, cur.player[k]);
      stats.work += routes.expanded;
      // pushed at the stop: c + 1 pushes of the box to reach squares[c], the route's fewer
      const gain = (c: number): number => c + 1 - routes.pushes[squares[c]];
      const early = own.map((_, c) => c).filter((c) => routes.pushes[squares[c]] >= 0 && gain(c) > 0);
      early.sort((a, b) => gain(b) - gain(a) || a - b);
      let kept = false;
      for (const c of early.slice(0, 3)) {
        const before = without(c);
        if (offerSplice(k, [...routes.routeTo(squares[c])!, ...before], own[c] + 1)) {
          stats.rerouted++;
          gained = kept = true;
          break;
        }
      }
      if (kept) continue;
      // pushed late: at least 2 pushes more than the Manhattan distance may be saved
      const bound = (c: number): number => c + 1 - board.manhattan(from, squares[c]);
      const late = own.map((_, c) => c).filter((c) => bound(c) >= 2);
      late.sort((a, b) => bound(b) - bound(a) || a - b);
      for (const c of late.slice(0, 2)) {
        const before = without(c);
        const st = stateAfter(board, before, scratch, cur.boxes[k], cur.player[k]);
        if (st < 0) continue;
        const there = new BoxRoutes(board, scratch.boxAt, from, st);
        stats.work += there.expanded + before.length;
        const d = there.pushes[squares[c]];
        if (d < 0 || d >= c + 1) continue;
        if (offerSplice(k, [...before, ...there.routeTo(squares[c])!], own[c] + 1)) {
          stats.rerouted++;
          gained = true;
          break;
        }
      }
    }
    return gained;
  };

  /** One round of the passes by the phase's order: the cheap passes first (box routes again while they gain), then the window searches; whether it gained. */
  const oneRound = (): boolean => {
    let gained = false;
    if (limits.detours !== false) gained = detours() || gained;
    if (limits.routes !== false) while (!stopped() && reroute()) gained = (limits.detours !== false && detours()) || true;
    if (limits.regroup !== false) gained = regroup() || gained;
    if (limits.reorder !== false) gained = reorder() || gained;
    if (limits.windows !== false) {
      for (let k = 8; !stopped(); k *= 2) {
        gained = windowPass(k) || gained;
        if (k >= best.length) break;
      }
    }
    if (limits.detours !== false) gained = detours() || gained;
    if (limits.walks !== false) for (const k of [8, 16]) if (!stopped()) gained = walkPass(k) || gained;
    if (limits.regroup !== false) gained = regroup() || gained;
    if (limits.reorder !== false) gained = reorder() || gained;
    // the vicinity windows, dearer, once the others gain nothing at their full limits (or need no more states than they had)
    if (!gained && settled() && limits.vicinity !== false) for (const k of VICINITY_WINDOWS) if (!stopped()) gained = vicinityPass(k) || gained;
    return gained;
  };

  /** Rounds of the passes by the phase's order while its limits allow, until one gains nothing at the full window limits. */
  const rounds = (): void => {
    capScale = capStart;
    while (!stopped()) {
      capped = false;
      if (oneRound()) continue;
      if (settled()) break;
      capScale = Math.min(1, capScale * CAP_STEP);
    }
  };

  try {
    rounds();
    if (share > 0 && !outOfLimits()) {
      // then by the task's order, from the plan with the fewest pushes, with what is left
      phaseOrder = taskOrder;
      phaseDeadline = deadline;
      phaseWork = maxWork;
      rounds();
    }
  } catch (e) {
    // the solve's limits reached in a search's set-up: keep what is found
    if (!(e instanceof LimitReached)) throw e;
  }
  if (better(kept.replay, r, taskOrder)) {
    best = kept.plan;
    r = kept.replay;
  }
  return done(before);
}

/**
 * The push-level search of a window: A* with matching, without the corral
 * and frozen-goal deadlock checks. In a window's sub-level only the boxes the
 * window moves are free and few states are dead, and the corral searches took
 * 47 % of the improvement's time (classic 7, a CPU profile); without them a
 * window expands more states, each cheaper. The same plans improved for 1 s
 * and 4 s (bench/improve.ts, 14 classic levels): pushes 1.52× → 1.47× and
 * 1.42× → 1.30× the best known on average, moves 1.86× → 1.80× and 1.71× →
 * 1.56×; the simple deadlocks (dead squares, freezes) stay.
 */
const WINDOW_SEARCH: PushSearchConfig = { gWeight: 1, hWeight: 1, estimate: 'matching', goalOnGeneration: false, preferDeep: true, corrals: false, frozenGoals: false };

/** A push step of domains/sokoban.pl: pushD(player, box, to). */
const PUSH_STEP = /^push([UDLR])\((x\d+y\d+),(x\d+y\d+),(x\d+y\d+)\)$/;

/** The pushes of a plan's steps (moveX steps are left out: walks are recomputed). */
export function pushesOfSteps(board: Board, steps: readonly string[]): Push[] {
  const out: Push[] = [];
  for (const step of steps) {
    const m = PUSH_STEP.exec(step.replace(/\s+/g, ''));
    if (m) out.push({ box: board.square(m[3]), dir: DIR_LETTERS.indexOf(m[1] as (typeof DIR_LETTERS)[number]) });
  }
  return out;
}

/** The task's order of plans: its costs when every push costs the same and every move the same, else `pareto`. */
export function planOrder(space: SearchSpace): PlanOrder {
  const ops = space.task.operators;
  const cost = (prefix: string): number | null => {
    const cs = new Set(ops.filter((o) => o.name.startsWith(prefix)).map((o) => o.cost));
    return cs.size === 1 ? [...cs][0] : null;
  };
  const push = cost('push');
  const walk = cost('move');
  return push !== null && walk !== null && push >= 0 && walk >= 0 ? { push, walk } : 'pareto';
}

/**
 * The work charged for a window's set-up (its sub-level, dead squares,
 * distances, store): one window costs as much as 50–150 push states of
 * auto's search (measured: 0.4–1.2 ms a window on Microban 93, 97, 143 and
 * 146, whose searches expand a state in 5–20 µs).
 */
export const WINDOW_SETUP_WORK = 100;

/**
 * Without --improve, auto's improvement is limited by work, not time, so
 * that its plans do not depend on the machine's speed: IMPROVE_WORK times
 * the push states its search expanded, plus IMPROVE_MIN_WORK (see
 * ImproveLimits.maxWork), within IMPROVE_CAP_MS and the time limit; none
 * when that is less than one window's set-up (WINDOW_SETUP_WORK: searches
 * of at most 3,960 states).
 */
export const IMPROVE_WORK = 0.025;
export const IMPROVE_MIN_WORK = 0;
export const IMPROVE_CAP_MS = 2000;

/**
 * A plan far from the start's lower bound (the matching estimate: the
 * fewest pushes any plan can have) is improved by time instead: over
 * FAR_RATIO times the bound and more than FAR_EXCESS pushes above it,
 * FAR_MS_PER_PUSH for each push above the bound, at most FAR_CAP_MS (and
 * always within the time limit). The best known plans of the classic 90
 * levels have at most 2.2 times the bound; the plans of Microban's 155
 * levels at most 246 pushes above it (level 153), so none of them is far.
 * Plans the search found thousands of pushes too long (classic 34, 59, 62,
 * 67, 81) are where the fortieth of the work falls short. 50 ms a push
 * (20 until session 38): the far plans of classic 11, 34, 45, 62, 81 and 82
 * come within 1.5 times the best pushes and 2 times the moves, 5 of 6, in
 * 40 s each, and 0 of 6 in the 12-26 s that 20 ms gave them.
 */
export const FAR_RATIO = 3;
export const FAR_EXCESS = 300;
export const FAR_MS_PER_PUSH = 50;
export const FAR_CAP_MS = 60_000;

/**
 * A long plan (more than LONG_MOVES moves) that is not far is improved for
 * LONG_MS whatever its search's work (and within the time limit). The
 * fortieth of the work gives nothing to a long plan found by a quick search:
 * classic 2, 5, 6, 7, 12, 53 and others have plans of 871 to 2,850 moves,
 * 2.1 to 4.0 times the best known, after searches of 0.02 to 3.7 s of CPU;
 * 0.5 to 1 s brings 13 of 14 such plans within 1.5 times the best known
 * pushes and 2 times the moves. Microban's plans have at most 730 moves
 * but for level 153's (1,200 to 2,100), whose search takes about 13 s: its
 * time may grow by 10 % at most (issue 17), so not 2 s.
 */
export const LONG_MOVES = 800;
export const LONG_MS = 1000;

/**
 * auto's default improvement of a plan of `pushes` pushes and `moves` moves
 * on a level whose start needs at least `bound` pushes, after a search that
 * expanded `searchExpanded` states: its work and time (ms) limits, and
 * whether it is by time (a far or long plan) rather than by work.
 */
export function defaultImproveBudget(pushes: number, bound: number, searchExpanded: number, moves = 0): { work: number; ms: number; timed: boolean } {
  const excess = pushes - bound;
  if (pushes > FAR_RATIO * bound && excess > FAR_EXCESS) return { work: Infinity, ms: Math.min(FAR_CAP_MS, FAR_MS_PER_PUSH * excess), timed: true };
  if (moves > LONG_MOVES) return { work: Infinity, ms: LONG_MS, timed: true };
  return { work: defaultImproveWork(searchExpanded), ms: IMPROVE_CAP_MS, timed: false };
}

/**
 * What the improvement leaves of the time limit for what comes after it:
 * the plan expanded to steps and validated (about 8 µs a step: classic
 * 34's 9,880 moves validate in 74-79 ms of CPU) and reported. An
 * improvement that ran to the limit used to end the solve 47-134 ms past
 * it (session 38's full runs); now it stops this much before. Validation
 * on a search's large heap is slower (its garbage collection): classic 67's
 * 59,675 moves took about 0.75 s after a 60 s search, 12.5 µs a step.
 */
export const AFTER_RESERVE_MS = 20;
export const AFTER_MS_PER_STEP = 0.015;

/** The time (ms) an improvement may take when `left` ms of the time limit are left and the plan has `steps` steps. */
export function improveTimeLeft(left: number, steps: number): number {
  return left - AFTER_RESERVE_MS - AFTER_MS_PER_STEP * steps;
}

/** The start's lower bound on the pushes of any plan (the matching estimate of the initial boxes); only computed for plans long enough to be far from it. */
export function startBound(board: Board, pushes: number): number {
  if (pushes <= FAR_EXCESS) return pushes;
  return new BoxEstimator(board, 'matching').estimate(board.boxes, board.boxes.length);
}

/** The default work limit of auto's improvement after a search that expanded `searchExpanded` push states. */
export function defaultImproveWork(searchExpanded: number, factor = IMPROVE_WORK, min = IMPROVE_MIN_WORK): number {
  return Math.ceil(factor * searchExpanded + min);
}

/**
 * auto on a level, after its search: the plan of `r` improved (improvePlan)
 * for --improve seconds (options.improve) or by default within
 * defaultImproveBudget (a fortieth of the search's work and IMPROVE_CAP_MS;
 * time by the pushes above the start's bound for a plan far from it,
 * LONG_MS for a long plan), and always within
 * what is left of the time limit (counted from `t0`, the start of the
 * strategy; less improveTimeLeft's reserve for validating the plan) and of the node limit (`nodesLeft`, against the work). The
 * plans are ordered by the task's costs (planOrder). Returns `r` itself
 * when there is nothing to improve or no better plan; not under a trace
 * unless --improve is given (the trace shows the search's own path).
 */
export function improveResult(space: SearchSpace, options: SearchOptions, r: SearchResult, searchExpanded: number, t0: number, nodesLeft: number): SearchResult {
  if (r.status !== 'solved' || !r.plan || r.plan.length === 0 || !isSokobanContext(options.context)) return r;
  const given = (options as SearchOptions & { improve?: number }).improve;
  if (given === undefined && options.trace) return r;
  const plan = r.plan;
  // what is left of the time limit, less the expansion and validation of the plan after the improvement
  const left = improveTimeLeft(t0 + options.timeoutMs - (options.spentMs ?? 0) - performance.now(), plan.length);
  const level = options.context.level;
  // the plan's pushes, read once and only when needed: a plan of at most FAR_EXCESS moves can be neither far from the bound nor long
  let read: { board: Board; pushes: Push[] } | null = null;
  const pushesOf = (): { board: Board; pushes: Push[] } => {
    if (read === null) {
      const board = boardOf(level);
      read = { board, pushes: pushesOfSteps(board, plan.map((op) => space.opName(op))) };
    }
    return read;
  };
  const planBudget = (): { work: number; ms: number } => {
    const { board, pushes } = pushesOf();
    return defaultImproveBudget(pushes.length, startBound(board, pushes.length), searchExpanded, plan.length);
  };
  const auto = given === undefined && plan.length > FAR_EXCESS ? planBudget() : { work: defaultImproveWork(searchExpanded), ms: IMPROVE_CAP_MS };
  const ms = Math.min(given === undefined ? auto.ms : given * 1000, left);
  const work = Math.min(nodesLeft, given === undefined ? auto.work : Infinity);
  // by default nothing below the cost of one window: a search that small found its plan in a few milliseconds
  if (!(ms > 0) || !(work > 0) || (given === undefined && work < WINDOW_SETUP_WORK)) return r;
  const { board, pushes } = pushesOf();
  const order = planOrder(space);
  const res = improvePlan(board, pushes, { timeoutMs: ms, maxWork: work, order, signal: options.signal, interrupt: options.interrupt, maxMemoryMb: options.maxMemoryMb });
  if (!better(res.after, res.before, order)) return r;
  return { ...r, plan: stepsToOps(space, expandPushes(board, res.pushes)) };
}
