/**
 * Push-level search: one step is "walk to a box and push it once". A state
 * is the set of box squares plus the player's reachable region, stored as
 * the region's top-left-most square (smallest row-major index), so all
 * walking is folded into the step and states that differ only by where the
 * player stands in one region are one state.
 *
 * States are packed bitsets (one bit per floor cell for the boxes, then one
 * word for the player's normalised cell) in the project's StateStore.
 * Children with a box on a dead square or a freeze deadlock are dropped,
 * and so are new states with a corral deadlock (corral.ts; forward only);
 * the others are ordered by f = gWeight·pushes + hWeight·h, h a box
 * estimate (matching by default). With gWeight = hWeight = 1 and an
 * admissible estimate the first goal expanded has the fewest pushes.
 *
 * With `backward` the same search runs from the goals to the initial
 * state, pulling boxes (see PushSearchConfig.backward): some levels are
 * much easier that way round, so `auto` tries both.
 *
 * The result is a list of pushes (box square, direction); `expandPushes`
 * turns it into moveX/pushX steps through shortest walks.
 */
import { Budget, limitReason } from '../../util/budget.ts';
import { Heap } from '../../util/heap.ts';
import type { LimitKind, SearchOptions, SearchStats, SearchStatus } from '../../search/types.ts';
import { StateStore } from '../../strips/store.ts';
import { type Board, DIR_LETTERS, floodRegion } from './board.ts';
import { CorralCheck } from './corral.ts';
import { FreezeCheck, pullDeadSquares } from './deadlocks.ts';
import { BoxEstimator, type EstimateKind } from './estimates.ts';

export interface PushSearchConfig {
  gWeight: number;
  hWeight: number;
  estimate: EstimateKind;
  /** Goal test when a state is generated (greedy) instead of when it is expanded (optimal). */
  goalOnGeneration: boolean;
  /** Among equal f: prefer deeper states (more pushes) — true — or shallower ones. */
  preferDeep: boolean;
  /**
   * Search backwards: from the boxes on the goals (the player in any region),
   * pulling boxes, to the initial boxes with the player's start in the
   * region; the pulls, reversed, are the pushes of the plan. Squares from
   * which no pull reaches an initial box square are dead; no freeze check.
   */
  backward?: boolean;
  /** Corral-deadlock pruning of forward searches (corral.ts); default on, false turns it off. */
  corrals?: boolean;
}

/** One push: the box's square before it, and the direction (index into Board.dirs). */
export interface Push {
  box: number;
  dir: number;
}

export interface PushSearchResult {
  status: SearchStatus;
  pushes: Push[] | null;
  reason?: string;
  stats: SearchStats;
}

const TIE = 2 ** 22;
const SCALE = 16; // f is kept in 1/16 units so weights like 1.5 stay exact
/** `closed` value of a state proven dead by a corral test: never opened, whatever its g. */
const DEAD = 2;

export function pushSearch(board: Board, dead: Uint8Array, options: SearchOptions, c: PushSearchConfig): PushSearchResult {
  const budget = new Budget(options);
  const { floor, goal, dirs, cells, cellIndex, size } = board;
  const nC = cells.length;
  const BW = (nC + 31) >>> 5;
  const W = BW + 1;
  const nBoxes = board.boxes.length;
  const store = new StateStore(W);
  const back = c.backward === true;
  const est = back ? new BoxEstimator(board, c.estimate, board.boxes, true) : new BoxEstimator(board, c.estimate);
  if (back) dead = pullDeadSquares(board);
  /** Squares of the boxes at the end of the search: the goals (forward) or the initial boxes (backward). */
  const target = new Uint8Array(size);
  for (const t of back ? board.boxes : board.goals) target[t] = 1;
  const freeze = new FreezeCheck(board, dead);
  const corrals = !back && c.corrals !== false ? new CorralCheck(board, dead) : null;
  let g = new Int32Array(1024);
  let closed = new Uint8Array(1024);
  const open = new Heap();
  const boxAt = new Uint8Array(size);
  const mark = new Int32Array(size);
  const reachMark = new Int32Array(size);
  let stamp = 0;
  const queue = new Int32Array(size);
  const boxes = new Int32Array(nBoxes);
  const childBoxes = new Int32Array(nBoxes);
  const child = new Uint32Array(W);
  let expanded = 0;
  let generated = 0;
  let duplicates = 0;
  let evaluated = 0;
  let reopened = 0;
  let fNow = 0;

  const result = (status: SearchStatus, pushes: Push[] | null, reason?: string, limit?: LimitKind): PushSearchResult => ({
    status,
    pushes,
    reason,
    stats: {
      expanded,
      generated,
      duplicates,
      evaluated,
      reopened,
      stored: store.size,
      bytesPerState: store.size ? (store.bytes + g.byteLength + closed.byteLength + open.bytes) / store.size : 0,
      timeMs: budget.elapsed(),
      limit,
    },
  });
  const grow = (n: number): void => {
    if (n <= g.length) return;
    const size2 = Math.max(n, g.length * 2);
    const g2 = new Int32Array(size2);
    g2.set(g);
    g = g2;
    const c2 = new Uint8Array(size2);
    c2.set(closed);
    closed = c2;
  };
  /** The smallest square of the player's region from `from` (boxAt as obstacles); marks the region with a new stamp. */
  const region = (from: number, mark: Int32Array): number => floodRegion(board, boxAt, from, mark, ++stamp, queue);
  const key = (gv: number, hv: number): number => {
    const f = Math.round((c.gWeight * gv + c.hWeight * hv) * SCALE);
    return f * TIE + (c.preferDeep ? TIE - 1 - Math.min(gv, TIE - 1) : Math.min(gv, TIE - 1));
  };
  const extractPlan = (id: number): Push[] => {
    const ops = store.path(id);
    if (!back) return ops.map((op) => ({ box: op >> 2, dir: op & 3 }));
    // A pull of the box at b in direction d (to b + d) is, reversed, a push of the box at b + d in direction -d.
    return ops.reverse().map((op) => ({ box: (op >> 2) + dirs[op & 3], dir: (op & 3) ^ 1 }));
  };

  if (back) {
    // Roots: the boxes on the goals, one root per region the player can be in.
    const startBoxes = board.goals;
    let onStart = 0;
    for (const b of startBoxes) {
      boxAt[b] = 1;
      onStart += target[b];
      if (dead[b]) {
        boxAt.fill(0);
        return result('unsolvable', null, `no box can be pulled from the goal ${board.name(b)} to a box of the initial state`);
      }
    }
    const h0 = est.estimate(startBoxes, nBoxes);
    evaluated++;
    if (h0 === Infinity) {
      boxAt.fill(0);
      return result('unsolvable', null, 'the box estimate proves that the goals cannot be matched to the initial boxes');
    }
    const rootKey = new Uint32Array(W);
    for (const b of startBoxes) {
      const ci = cellIndex[b];
      rootKey[ci >>> 5] |= 1 << (ci & 31);
    }
    const seenRegion = new Uint8Array(size);
    for (const p of cells) {
      if (boxAt[p] || seenRegion[p]) continue;
      const min = region(p, mark);
      for (const q of cells) if (mark[q] === stamp) seenRegion[q] = 1;
      if (onStart === nBoxes && mark[board.player] === stamp) {
        boxAt.fill(0);
        return result('solved', []);
      }
      rootKey[BW] = cellIndex[min];
      const r = store.insert(rootKey, 0, -1, -1);
      grow(store.size);
      g[r] = 0;
      open.push(key(0, h0), r);
    }
    boxAt.fill(0);
  } else {
    // The root.
    for (let i = 0; i < nBoxes; i++) {
      const b = board.boxes[i];
      if (dead[b]) return result('unsolvable', null, `the box at ${board.name(b)} is on a dead square: it can reach no goal`);
      boxAt[b] = 1;
    }
    for (let i = 0; i < nBoxes; i++) {
      if (freeze.frozenAt(boxAt, board.boxes[i])) return result('unsolvable', null, `the box at ${board.name(board.boxes[i])} is frozen off goal`);
    }
    if (corrals?.deadlocked(boxAt, board.player)) return result('unsolvable', null, 'the boxes fence in a corral the player can never solve (a corral deadlock)');
    const root = new Uint32Array(W);
    for (const b of board.boxes) {
      const ci = cellIndex[b];
      root[ci >>> 5] |= 1 << (ci & 31);
    }
    root[BW] = cellIndex[region(board.player, mark)];
    boxAt.fill(0);
    store.insert(root, 0, -1, -1);
    g[0] = 0;
    evaluated++;
    const h0 = est.estimate(board.boxes, nBoxes);
    if (h0 === Infinity) return result('unsolvable', null, 'the box estimate proves the initial state a dead end (some box can reach no goal)');
    let onGoal0 = 0;
    for (const b of board.boxes) onGoal0 += goal[b];
    if (onGoal0 === nBoxes) return result('solved', []);
    open.push(key(0, h0), 0);
  }

  for (;;) {
    const limit = budget.exceeded(expanded, () => ({ expanded, generated, f: fNow }));
    if (limit) return result('limit', null, limitReason(limit, options), limit);
    if (open.size === 0) break;
    const id = open.pop();
    if (closed[id]) continue;
    closed[id] = 1;
    fNow = Math.floor(open.lastKey / TIE) / SCALE;
    const data = store.data;
    const base = id * W;
    // Decode the boxes.
    let n = 0;
    let onGoal = 0;
    for (let w = 0; w < BW; w++) {
      let bits = data[base + w];
      while (bits !== 0) {
        const low = bits & -bits;
        bits ^= low;
        const p = cells[(w << 5) + (31 - Math.clz32(low))];
        boxes[n++] = p;
        boxAt[p] = 1;
        onGoal += target[p];
      }
    }
    if (!back && !c.goalOnGeneration && onGoal === nBoxes) {
      for (let i = 0; i < n; i++) boxAt[boxes[i]] = 0;
      return result('solved', extractPlan(id));
    }
    expanded++;
    region(cells[data[base + BW]], reachMark);
    const reach = stamp;
    const g2 = g[id] + 1;
    for (let i = 0; i < n; i++) {
      const b = boxes[i];
      for (let k = 0; k < 4; k++) {
        const d = dirs[k];
        const to = b + d;
        let player: number;
        if (back) {
          // pull: the player on b + d steps to b + 2d, the box follows to b + d
          if (reachMark[to] !== reach || !floor[to + d] || boxAt[to + d] || dead[to]) continue;
          generated++;
          boxAt[b] = 0;
          boxAt[to] = 1;
          player = region(to + d, mark);
        } else {
          if (reachMark[b - d] !== reach || !floor[to] || boxAt[to] || dead[to]) continue;
          generated++;
          boxAt[b] = 0;
          boxAt[to] = 1;
          if (freeze.frozenAt(boxAt, to)) {
            boxAt[to] = 0;
            boxAt[b] = 1;
            continue;
          }
          player = region(b, mark);
        }
        const playerHome = mark[board.player] === stamp;
        boxAt[to] = 0;
        boxAt[b] = 1;
        const src = store.data;
        for (let w = 0; w < BW; w++) child[w] = src[base + w];
        const cb = cellIndex[b];
        const ct = cellIndex[to];
        child[cb >>> 5] &= ~(1 << (cb & 31));
        child[ct >>> 5] |= 1 << (ct & 31);
        child[BW] = cellIndex[player];
        const r = store.insert(child, 0, id, (b << 2) | k);
        if (r >= 0) {
          grow(store.size);
          g[r] = g2;
          const childOnGoal = onGoal - target[b] + target[to];
          if ((c.goalOnGeneration || back) && childOnGoal === nBoxes && (!back || playerHome)) {
            for (let j = 0; j < n; j++) boxAt[boxes[j]] = 0;
            return result('solved', extractPlan(r));
          }
          if (corrals) {
            // mark and stamp still hold the child's player region; the parent's corrals were no deadlocks
            boxAt[b] = 0;
            boxAt[to] = 1;
            const corralDead = corrals.deadlockedNear(boxAt, player, to, mark, stamp);
            boxAt[to] = 0;
            boxAt[b] = 1;
            if (corralDead) {
              closed[r] = DEAD;
              continue;
            }
          }
          childBoxes.set(boxes);
          childBoxes[i] = to;
          evaluated++;
          const h = est.estimate(childBoxes, n);
          if (h === Infinity) {
            closed[r] = 1;
            continue;
          }
          open.push(key(g2, h), r);
        } else {
          const old = -r - 1;
          if (g2 < g[old] && c.gWeight > 0 && closed[old] !== DEAD) {
            g[old] = g2;
            store.parent[old] = id;
            store.op[old] = (b << 2) | k;
            if (closed[old]) {
              // a dead end stays closed: its h is Infinity whatever its g
              const hOld = reestimate(store.data, old * W);
              if (hOld === Infinity) continue;
              closed[old] = 0;
              reopened++;
              open.push(key(g2, hOld), old);
            } else open.push(key(g2, reestimate(store.data, old * W)), old);
          } else duplicates++;
        }
      }
    }
    for (let i = 0; i < n; i++) boxAt[boxes[i]] = 0;
  }
  return result(
    'unsolvable',
    null,
    back
      ? `all ${store.size} pull states reachable backwards from the goals explored; none is the initial state`
      : `all ${store.size} reachable push states explored (dead squares, freeze${corrals ? ' and corral' : ''} deadlocks pruned); none has every box on a goal`,
  );

  function reestimate(data: Uint32Array, off: number): number {
    let m = 0;
    for (let w = 0; w < BW; w++) {
      let bits = data[off + w];
      while (bits !== 0) {
        const low = bits & -bits;
        bits ^= low;
        childBoxes[m++] = cells[(w << 5) + (31 - Math.clz32(low))];
      }
    }
    evaluated++;
    return est.estimate(childBoxes, m);
  }
}

/**
 * The moveX/pushX steps (as domains/sokoban.pl names them) of a push plan
 * from the level's initial state: before each push, a shortest walk to the
 * square behind the box. Throws a plain Error when a push is impossible (a
 * bug in the search).
 */
export function expandPushes(board: Board, pushes: readonly Push[]): string[] {
  const { floor, dirs, size } = board;
  const boxAt = new Uint8Array(size);
  for (const b of board.boxes) boxAt[b] = 1;
  let player = board.player;
  const from = new Int32Array(size);
  const queue = new Int32Array(size);
  const steps: string[] = [];
  for (const { box, dir } of pushes) {
    const d = dirs[dir];
    const target = box - d;
    if (!boxAt[box] || !floor[box + d] || boxAt[box + d]) throw new Error(`push-level plan: impossible push of ${board.name(box)} ${DIR_LETTERS[dir]}`);
    // BFS from the player to the target square.
    from.fill(-1);
    from[player] = player;
    let n = 0;
    queue[n++] = player;
    for (let i = 0; i < n && from[target] < 0; i++) {
      const p = queue[i];
      for (let k = 0; k < 4; k++) {
        const q = p + dirs[k];
        if (floor[q] && !boxAt[q] && from[q] < 0) {
          from[q] = p;
          queue[n++] = q;
        }
      }
    }
    if (from[target] < 0) throw new Error(`push-level plan: the player cannot reach ${board.name(target)}`);
    const walk: number[] = [];
    for (let p = target; p !== player; p = from[p]) walk.push(p);
    walk.reverse();
    let at = player;
    for (const p of walk) {
      steps.push(`move${DIR_LETTERS[dirs.indexOf(p - at)]}(${board.name(at)},${board.name(p)})`);
      at = p;
    }
    steps.push(`push${DIR_LETTERS[dir]}(${board.name(target)},${board.name(box)},${board.name(box + d)})`);
    boxAt[box] = 0;
    boxAt[box + d] = 1;
    player = box;
  }
  return steps;
}
