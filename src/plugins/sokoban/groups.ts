/**
 * Goal groups one after the other (PushSearchConfig.groups; forward): a
 * level whose goals lie in separate groups (4-connected goal squares) is
 * often a few small puzzles side by side, which a search of the whole level
 * multiplies into one huge one — Sasquatch 5's four rooms of seven goals
 * each are solved alone in a few hundred states, together in none of a
 * minute. So each group is filled as a level of its own:
 *
 * - the boxes a matching of the boxes not yet packed to the goals not yet
 *   filled (least total push distance) gives the group stay boxes, every
 *   other box becomes a wall, and only the group's goals stay goals;
 * - the player must end where he can still walk to his first square (so as
 *   not to shut himself in behind the goals he has filled);
 * - its pushes are the plan's next ones, and its boxes stay walls after.
 *
 * The groups are tried in turn, each with a share of the time left; the
 * first that is solved is kept and the others tried again from there. When
 * none can be filled alone, the rest is searched as one (the groups filled
 * still walls), the whole level when no group was filled; with `groupsOnly`
 * the search stops instead, as it also does on a level of one group (auto's
 * member leaves those to the others).
 * The stages are plain greedy searches with the configuration's estimate;
 * the last, of everything left, uses the whole configuration.
 */
import { addStats } from '../../search/result.ts';
import type { SearchOptions, SearchStats } from '../../search/types.ts';
import { limitReason } from '../../util/budget.ts';
import type { Level, Point } from '../../sokoban/level.ts';
import { Board, floodRegion, goalGroups } from './board.ts';
import { deadSquares } from './deadlocks.ts';
import { pushDistances } from './estimates.ts';
import { Hungarian } from './hungarian.ts';
import type { Push, PushSearchConfig, PushSearchResult } from './push-search.ts';

/** A stage gets at least this many ms (and its share of the time left). */
const MIN_STAGE_MS = 200;

/** The search of one level (pushSearch without groups). */
export type LevelSearch = (board: Board, dead: Uint8Array, options: SearchOptions, c: PushSearchConfig) => PushSearchResult;

/**
 * The level of one stage: the walls and every box not in `movable` as
 * walls, the boxes in `movable`, the goals in `goals`, the player on
 * `player`; null when a movable box or a goal is out of the player's reach
 * (walled off by the boxes made walls).
 */
export function stageLevel(board: Board, boxes: readonly number[], movable: ReadonlySet<number>, goals: ReadonlySet<number>, player: number): Level | null {
  const { width, height, floor, size } = board;
  const walled = new Uint8Array(size);
  for (const b of boxes) if (!movable.has(b)) walled[b] = 1;
  // the floor: squares the player reaches past everything but walls and the boxes made walls
  const reach = new Int32Array(size);
  floodRegion(board, walled, player, reach, 1, new Int32Array(size));
  const inside = (p: number): boolean => reach[p] === 1;
  for (const b of movable) if (!inside(b)) return null;
  for (const g of goals) if (!inside(g)) return null;
  const cells: number[] = [];
  const walls: Point[] = [];
  const point = (p: number): Point => ({ x: p % width, y: Math.floor(p / width) });
  const rowMajor = (ps: Iterable<number>): Point[] => [...ps].sort((a, b) => a - b).map(point);
  const rows: string[] = [];
  for (let y = 0; y < height; y++) {
    let row = '';
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      const g = goals.has(p);
      const wall = !floor[p] || walled[p] === 1;
      if (inside(p)) cells.push(p);
      else if (wall) walls.push(point(p));
      row += !inside(p) ? (wall ? '#' : ' ') : movable.has(p) ? (g ? '*' : '$') : p === player ? (g ? '+' : '@') : g ? '.' : ' ';
    }
    rows.push(row.trimEnd());
  }
  const level = board.level;
  return {
    file: level.file,
    number: level.number,
    title: level.title,
    firstLine: level.firstLine,
    width,
    height,
    rows,
    source: rows,
    walls,
    player: point(player),
    boxes: rowMajor(movable),
    goals: rowMajor(goals),
    cells: cells.map(point),
    scenery: [],
    text: rows.join('\n'),
  };
}

/**
 * Solves `board` goal group after goal group (the module's comment) with
 * `search` for each stage; null on a level of fewer than two groups
 * without `groupsOnly` (the caller searches it whole).
 */
export function searchByGroups(board: Board, dead: Uint8Array, options: SearchOptions, c: PushSearchConfig, search: LevelSearch): PushSearchResult | null {
  const t0 = performance.now();
  const groups = goalGroups(board);
  const base = { ...c, groups: false, groupsOnly: false };
  let stats: SearchStats = { expanded: 0, generated: 0, duplicates: 0, evaluated: 0, reopened: 0, stored: 0, bytesPerState: 0, timeMs: 0 };
  const done = (status: PushSearchResult['status'], pushes: Push[] | null, reason: string | undefined, limit?: SearchStats['limit']): PushSearchResult => {
    const s: SearchStats = { ...stats, timeMs: performance.now() - t0 };
    if (limit !== undefined) s.limit = limit;
    else delete s.limit;
    // a stage's time or node limit is reported as the search's own
    const why = limit === 'time' || (limit === 'nodes' && reason === undefined) ? limitReason(limit, options) : reason;
    return { status, pushes, reason: why, stats: s };
  };
  if (groups.length < 2) return c.groupsOnly ? done('limit', null, 'the goals form one group', 'nodes') : null;

  const dist = pushDistances(board);
  const goalIndex = new Int32Array(board.size).fill(-1);
  board.goals.forEach((g, i) => (goalIndex[g] = i));
  const boxes = Array.from(board.boxes);
  let player = board.player;
  const plan: Push[] = [];
  /** Squares of the goals filled (their boxes walls from then on). */
  const filled = new Set<number>();
  const hungarian = new Hungarian();
  const spent = (): number => (options.spentMs ?? 0) + (performance.now() - t0);
  const leftMs = (): number => options.timeoutMs - spent();
  let nodesLeft = options.maxNodes;

  /** One stage: the goals `goals` filled with the boxes the matching gives them; its result, or null when its level cannot be built. */
  const stage = (goals: readonly number[], last: boolean, ms: number): PushSearchResult | null => {
    const free = boxes.filter((b) => !filled.has(b));
    const open = board.goals.filter((g) => !filled.has(g));
    const n = free.length;
    const cost = new Float64Array(n * n);
    for (let r = 0; r < n; r++) for (let k = 0; k < n; k++) cost[r * n + k] = dist[goalIndex[open[k]] * board.size + free[r]];
    if (hungarian.solve(n, cost) === Infinity) return null;
    const goalSet = new Set(goals);
    const movable = new Set<number>();
    for (let r = 0; r < n; r++) if (goalSet.has(open[hungarian.rowCol[r]])) movable.add(free[r]);
    const level = stageLevel(board, boxes, movable, goalSet, player);
    if (level === null) return null;
    const b = new Board(level);
    const exit = board.player;
    const config: PushSearchConfig = last ? { ...base } : { gWeight: c.gWeight, hWeight: c.hWeight, goalOnGeneration: c.goalOnGeneration, preferDeep: c.preferDeep, estimate: c.estimate };
    // the player not shut in behind the goals filled: he can still walk to his first square
    if (!last && b.floor[exit] && !goalSet.has(exit)) config.exit = exit;
    const r = search(b, deadSquares(b), { ...options, timeoutMs: Math.max(1, ms), spentMs: 0, maxNodes: nodesLeft }, config);
    stats = addStats(stats, r.stats);
    nodesLeft -= r.stats.expanded;
    if (r.pushes) {
      for (const p of r.pushes) {
        boxes[boxes.indexOf(p.box)] = p.box + board.dirs[p.dir];
        player = p.box;
        plan.push(p);
      }
      for (const g of goals) filled.add(g);
    }
    return r;
  };
  const stopped = (r: PushSearchResult | null): boolean => r !== null && r.status === 'limit' && (r.stats.limit === 'interrupted' || r.stats.limit === 'memory');

  let remaining = groups;
  while (remaining.length > 1) {
    let solved = -1;
    for (let k = 0; k < remaining.length && solved < 0; k++) {
      if (leftMs() <= 0 || nodesLeft <= 0) break;
      const r = stage(remaining[k], false, Math.max(MIN_STAGE_MS, leftMs() / (remaining.length + 2)));
      if (stopped(r)) return done('limit', null, r?.reason, r?.stats.limit);
      if (r?.pushes) solved = k;
    }
    if (solved < 0) break;
    remaining = remaining.filter((_, k) => k !== solved);
  }
  if (leftMs() <= 0) return done('limit', null, undefined, 'time');
  if (nodesLeft <= 0) return done('limit', null, undefined, 'nodes');
  if (filled.size === 0) {
    if (c.groupsOnly) return done('limit', null, 'no goal group can be filled with the other boxes standing still', 'nodes');
    // no group alone: the whole level in the time left
    const whole = search(board, dead, { ...options, spentMs: spent(), maxNodes: nodesLeft }, base);
    stats = addStats(stats, whole.stats);
    return done(whole.status, whole.pushes, whole.reason, whole.stats.limit);
  }
  // the rest as one stage: everything not filled yet
  const rest = remaining.flat();
  const r = stage(rest, true, leftMs());
  if (r === null) return done('limit', null, 'the goals left cannot be reached with the boxes packed standing still', 'nodes');
  // the rest unsolvable with the groups filled proves nothing of the level
  if (!r.pushes) return r.status === 'unsolvable' ? done('limit', null, 'the goals left cannot be filled with the boxes packed standing still', 'nodes') : done('limit', null, r.reason, r.stats.limit);
  return done('solved', plan, undefined);
}
