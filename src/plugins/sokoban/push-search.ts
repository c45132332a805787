/**
 * Push-level search: one step is "walk to a box and push it once". A state
 * is the set of box squares plus the player's reachable region, stored as
 * the region's top-left-most square (smallest row-major index), so all
 * walking is folded into the step and states that differ only by where the
 * player stands in one region are one state.
 *
 * The search is the project's best-first engine (src/search/engine.ts) over
 * PushSpace, a space of macro operators: operator `box·4 + dir` walks the
 * player behind the box on square `box` and pushes it one square in
 * direction `dir` (Board.dirs). States are packed bitsets (one bit per
 * floor cell for the boxes, then one word for the player's normalised
 * cell). Pushes onto dead squares are not generated; a push into a freeze
 * deadlock is dropped before its successor is built (the engine's rejectOp
 * hook), and a state with a corral deadlock (corral.ts; forward only) is
 * dropped when it is taken to be expanded (pruneOnPop). The open list is ordered by
 * f = gWeight·pushes + hWeight·h in 1/16 units, h a box estimate (matching
 * by default), ties to the deeper state (preferDeep) or the shallower. With
 * gWeight = hWeight = 1 and an admissible estimate the first goal expanded
 * has the fewest pushes.
 *
 * With `backward` the same search runs from the goals to the initial
 * state, pulling boxes (see PushSearchConfig.backward): some levels are
 * much easier that way round, so `auto` tries both.
 *
 * The result is a list of pushes (box square, direction); `expandPushes`
 * turns it into moveX/pushX steps through shortest walks.
 */
import { Budget, limitReason } from '../../util/budget.ts';
import { type BestFirstSpace, bestFirstSearch } from '../../search/engine.ts';
import type { StateStore } from '../../strips/store.ts';
import { addStats, resultBuilder } from '../../search/result.ts';
import type { SearchOptions, SearchStats, SearchStatus } from '../../search/types.ts';
import { type Board, DIR_LETTERS, DIR_WORDS, floodRegion } from './board.ts';
import { FreeRegions } from './regions.ts';
import { CorralCheck, PiCorrals } from './corral.ts';
import { FreezeCheck, FROZEN_OFF_GOAL, FROZEN_ON_GOALS, pullDeadSquares } from './deadlocks.ts';
import { BoxEstimator, type EstimateKind } from './estimates.ts';
import { TunnelMacros } from './macros.ts';
import { type GoalMacroStats, GoalMacros } from './goal-macros.ts';
import { FeatureCells, FeatureOpen } from './features.ts';
import { searchByGroups } from './groups.ts';
import { searchOrientations } from './orientations.ts';
import { FrozenGoals } from './frozen-goals.ts';
import { DeadlockPatterns, type PatternStats } from './patterns.ts';
import { type MacroOps, PullMacros, type PullMacroStats } from './pull-macros.ts';
import { StuckPatterns, SUBTREE_ASK, type StuckStats } from './stuck.ts';
import { PackingOrder } from './packing.ts';
import { Novelty } from './novelty.ts';
import { grow } from '../../util/grow.ts';

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
  /** The corral check's relaxed problems hold the boxes backing the fence too (corral.ts); default on. */
  corralBacking?: boolean;
  /**
   * Frozen-goal deadlocks (frozen-goals.ts; forward only): after a push
   * that leaves its box frozen on a goal, the other boxes must still be
   * matched to the other goals past the frozen ones. Sound; default on.
   */
  frozenGoals?: boolean;
  /** Corral deadlocks: a corral not proven alone is examined again merged with the corrals next to its fence (corral.ts; on unless false). */
  corralMerge?: boolean;
  /**
   * PI-corral pruning (corral.ts, PiCorrals; forward only, not with
   * macros): a state with a PI-corral is expanded with the pushes into it
   * alone (keeps every solution's push count). Default off.
   */
  piCorrals?: boolean;
  /**
   * Tunnel macros (macros.ts): a box pushed (backward: pulled) into a
   * one-wide tunnel is pushed on to its end in the same step (g still counts
   * every push, so push-optimal searches stay optimal). Default off.
   */
  macros?: boolean;
  /**
   * The feature-space search (features.ts): the open list takes turns among
   * the cells of states with equal features (packed boxes, floor regions),
   * each cell ordered by f. Default off.
   */
  features?: boolean;
  /** With `features`, forward: a third feature, the boxes off goal that can reach no free goal past the boxes on goals (features.ts). */
  outOfPlan?: boolean;
  /**
   * Learned deadlock patterns (patterns.ts; forward only): after a push next
   * to other boxes, a small search of that cluster alone; an unsolvable
   * cluster is stored and prunes every later state holding it. Default off.
   */
  patterns?: boolean;
  /**
   * Stuck patterns (stuck.ts; forward only): a state whose subtree has
   * grown to SUBTREE_ASK expanded states is examined: its wobblers and
   * xy-free boxes left out, the rest searched; a dead rest is stored as a
   * pattern, and the state's descendants and every state holding the
   * pattern are not expanded. Default off.
   */
  stuck?: boolean;
  /**
   * Packing order of goal rooms (packing.ts; forward only): a push onto a
   * goal of a room (≥ 2 adjacent goals) ahead of its turn in the room's
   * retrograde packing order is not generated, unless the box can roll on in
   * the same direction. A heuristic cut. Default off.
   */
  packing?: boolean;
  /**
   * Parking in the goal rooms' packing orders (packing.ts; forward, where
   * an order is used: features, goal or box macros, packing): a goal no box
   * can be brought to from where the boxes are gets its box from a parking
   * square outside the room, filled before the goals that would shut the
   * way; the packed feature counts those events and the goal macros take
   * boxes to the parking squares too. Default off.
   */
  parking?: boolean;
  /**
   * Goal macros (goal-macros.ts; forward, with a goal room's packing
   * order): "push box b on to the next goal g of its room's order" as one
   * operator when b alone can get there with the other boxes fixed (cost:
   * its pushes; the single pushes stay). Backward (pull-macros.ts): "pull
   * box b onto the square of an initial box" the same way, one operator
   * per direction of the last pull. Default off.
   */
  goalMacros?: boolean;
  /**
   * Box macros (goal-macros.ts with `anywhere`): "push box b to square t"
   * as one operator for every square t that b alone reaches in two pushes
   * or more with the other boxes fixed (Festival's moves); boxes packed in
   * a goal room's order stay. Replaces goal macros. Backward (pull-macros.ts):
   * "pull box b to square t" the same way, one operator per direction of
   * the last pull. Default off.
   */
  boxMacros?: boolean;
  /**
   * With `features`, in a greedy search (gWeight 0): FESS's move weights. A
   * move that packs one more box or joins floor regions (the connectivity
   * feature falls) weighs 0, any other 1; each feature cell's states are
   * ordered by the sum of the weights on their path, then by the box
   * estimate. Default off.
   */
  advisorWeights?: boolean;
  /**
   * The `matching` estimate of a successor re-optimised from its parent's
   * assignment (one box moved: one augmenting path, O(n²)) instead of solved
   * anew (O(n³)); the same values, so the same search. Default on.
   */
  incrementalMatching?: boolean;
  /**
   * Searches that meet (default off): a backward search with `keepReached`
   * returns the states it stored (PushSearchResult.reached), and a forward
   * search given them in `meetStates` ends at the first state it generates
   * that one of them holds, its plan the pushes to it and then that state's
   * pulls reversed (every state a backward search stores is reached from
   * the goals, so its pulls reversed solve it). Off: neither.
   */
  meet?: boolean;
  /**
   * Stop when the box estimate stalls (the engine's BestFirstConfig.stall: no
   * better estimate over `stall` times the expansions that reached the best
   * one); absent: never. auto's backward members use it and leave the rest
   * of their time to the members after them.
   */
  stall?: number;
  /**
   * Novelty first (novelty.ts, after best-first width search): each state is
   * ordered by its novelty in its partition (the feature cell with
   * `features`, else its estimate), then as before. Default off.
   */
  novelty?: boolean;
  keepReached?: boolean;
  meetStates?: readonly Reached[];
  /** Forward: a goal state must also have this square in the player's region (goal groups, groups.ts: the player is not left shut in behind the goals filled). */
  exit?: number;
  /**
   * Goal groups one after the other (groups.ts; forward): on a level whose
   * goals form two groups or more, each group is filled as a level of its
   * own, the boxes the matching gives it movable and every other box a
   * wall. Default off.
   */
  groups?: boolean;
  /**
   * The level's other orientations in turn (orientations.ts; forward): the
   * search on the level turned and mirrored, seven orientations one after
   * the other, each with a share of the time left.
   */
  orientations?: boolean;
  /** With `groups`: when no group can be filled alone, or the goals form one group, stop (status limit) instead of searching the whole level (auto's member). */
  groupsOnly?: boolean;
  /**
   * Push distances by the player's side (estimates.ts,
   * sidedPushDistances): a box's distance to each goal (backward: its pulls
   * to each initial box square) with the player in the part of the floor
   * less the box's square he is in, so a box in a corridor he cannot get
   * round goes one way only. On unless false.
   */
  sides?: boolean;
}

/** The states a backward search stored: a state's id (−1: not among them), and the pushes from it to the goals. */
export interface Reached {
  readonly size: number;
  find(s: Uint32Array, off: number): number;
  pushesFrom(id: number): Push[];
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
  /** With PushSearchConfig.patterns: the patterns' own work (not in stats). */
  patterns?: PatternStats;
  /** With PushSearchConfig.stuck: the stuck patterns' own work (not in stats). */
  stuck?: StuckStats;
  /** With PushSearchConfig.goalMacros (and a packing order): the macros' searches, box positions they expanded, macros emitted (GoalMacroStats). */
  goalMacros?: GoalMacroStats;
  /** Backward with goal or box macros (pull-macros.ts): the macros' searches, box positions where they asked the regions where the player can go, macros emitted (PullMacroStats). */
  pullMacros?: PullMacroStats;
  /** Backward, with keepReached: the states it stored, for forward searches to meet. */
  reached?: Reached;
  /** Forward: the plan ends on a state a backward search reached (meetStates). */
  met?: boolean;
}

/** f is kept in 1/16 units so weights like 1.5 stay exact. */
const F_SCALE = 16;

/** With advisor weights: f = ADVISOR_ORDER · (the path's weight) + h, so that the weight decides first (while h < ADVISOR_ORDER; keys stay exact below 13,000 weight). */
const ADVISOR_ORDER = 10_000;

/** With novelty: h' = NOVELTY_ORDER · (novelty − 1) + h, so that novelty decides before the estimate (while h < NOVELTY_ORDER; with advisor weights 3 · NOVELTY_ORDER stays below ADVISOR_ORDER). */
const NOVELTY_ORDER = 3000;

/** The words of the operator names, in the order of Board.dirs. */

/** A push step of the Sokoban domain: pushD(player, box, to). */
const PUSH_STEP = /^push([UDLR])\((x\d+y\d+),(x\d+y\d+),(x\d+y\d+)\)$/;

/**
 * The push-level space of a board: macro operators `box·4 + dir` (a push,
 * or backward a pull: the player on box + d steps to box + 2d and the box
 * follows to box + d), states as described at the top of this file.
 * `applicable` decodes the state into `boxAt` and labels its free regions
 * with their cut squares (FreeRegions, one depth-first search); `apply`,
 * `rejectFreeze` and `onNew` then work on that decoded state, as
 * the engine calls them right after: a successor's player region comes
 * from those labels, without a flood.
 */
export class PushSpace implements BestFirstSpace {
  readonly words: number;
  /** size·4 pushes; with goal macros, plus the most macros one state can have (their ids are larger: size·4 + b·size + g). */
  numOps: number;
  readonly init: Uint32Array;
  /** Words of the box bitset (the player's word follows). */
  private readonly BW: number;
  private readonly back: boolean;
  /** Box squares of a goal state as a bitset: the goals (forward) or the initial boxes (backward). */
  private readonly targetBits: Uint32Array;
  /**
   * The cell index of the normalised player square a goal state must have
   * (-1: any): backward, the level's start with the initial boxes; forward
   * with an exit (useExit), the exit's region with the boxes on the goals.
   */
  private homeCell = -1;
  /** 1 on the squares of `targetBits`. */
  private readonly targetAt: Uint8Array;
  /** Boxes of the state being expanded: squares, 1 on them in boxAt, their index in `boxes` in indexAt; how many are on targets. */
  private readonly boxes: Int32Array;
  private nDecoded = 0;
  private onTarget = 0;
  private readonly boxAt: Uint8Array;
  private readonly indexAt: Int32Array;
  /** The last successor `apply` built: where (so that isGoal and evaluate, called on it next, need not decode it), the index of the box moved, and its new square. */
  private lastDst: Uint32Array | null = null;
  private lastOff = -1;
  private lastIndex = -1;
  private lastTo = -1;
  /**
   * The free regions of the state being expanded (applicable), and of each
   * successor by the move that makes it (apply), when something reads them
   * (corrals, PI-corrals, goal macros, feature cells: `regions`, else null);
   * without them, the player's region (`reach` in `reachMark`) and each
   * successor's (in `mark`) are flooded, which costs less where states have
   * few successors and nothing else asks (the backward members).
   */
  private regions: FreeRegions | null = null;
  private readonly reachMark: Int32Array;
  /** The player's region in the state being expanded (decode): the squares whose `reachLabels` entry is `reach`. */
  private reachLabels: Int32Array;
  private reach = 0;
  /** The state pruneOnPop decoded last (the store's words and offset), which `applicable` then takes as it is. */
  private poppedData: Uint32Array | null = null;
  private poppedOff = -1;
  /**
   * Forward, with corrals: the square the last push of each stored state
   * (by its id) left a box on (onNew), for the corral test when it is taken
   * to be expanded (pruneOnPop): its floor cell's index plus one, 0 for a
   * root and for a state whose test has passed (a reopened state is not
   * examined again); two bytes a state where the floor has fewer than
   * 65,535 cells.
   */
  private movedTo: Uint16Array | Uint32Array;
  /** The region of the last successor built (apply): normalised to `lastPlayer`, its squares those `regions.inMoved` holds. */
  private lastPlayer = -1;
  /** The square the player stands on after the last `apply` (behind the box), and the decoded state's player square: the sides of the boxes for a sided estimate. */
  private lastStand = -1;
  private decodedPlayer = -1;
  private readonly mark: Int32Array;
  private stamp = 0;
  private readonly queue: Int32Array;
  private readonly scratch: Int32Array;
  /** The tunnel macros (a push or pull goes on down a tunnel), or null; the pushes of the last `apply` (`cost`). */
  macros: TunnelMacros | null = null;
  /** The learned deadlock patterns (forward), or null. */
  patterns: DeadlockPatterns | null = null;
  /** The stuck patterns (forward), or null; with them the search's store (for the parents) and, per stored state, its expanded descendants (-1: proven dead). */
  stuck: StuckPatterns | null = null;
  store: StateStore | null = null;
  private subtree = new Int32Array(0);
  private readonly askBoxes: Int32Array;
  /** The packing order whose out-of-turn pushes are not generated (forward), or null. */
  packing: PackingOrder | null = null;
  /** PI-corral pruning of the pushes (forward, no macros), or null. */
  piCorrals: PiCorrals | null = null;
  /** The goal macros (forward, a packing order), or null: set with `useGoalMacros`. */
  goalMacros: GoalMacros | null = null;
  /** The goal or box macros of a backward search (pulls), or null: set with `usePullMacros`. */
  pullMacros: PullMacros | null = null;
  /** Frozen-goal deadlocks (forward), or null. */
  frozenGoals: FrozenGoals | null = null;
  /** The pushes of the last `apply`. */
  private lastLen = 1;
  /** With the feature-space search: the feature cell of the state evaluated last. */
  cell = 0;
  /** Forward: the backward searches' states that end the search too (PushSearchConfig.meet), and where it met one. */
  meet: readonly Reached[] = [];
  met: { reached: Reached; id: number } | null = null;
  /** FESS's move weights (PushSearchConfig.advisorWeights): cost() is 0 for a move that improves a feature, else 1. */
  advisorWeights = false;
  /** The plan this space's search found (its operators, macros included, and its pushes), so that `planOps` names a plan through macros as the search made it. */
  solution: { ops: readonly number[]; pushes: readonly Push[] } | null = null;
  /** With advisorWeights: the cell of the state being expanded, the weight of the last `apply`, whether `cell` is already its successor's. */
  private parentCell = 0;
  private lastWeight = 1;
  private cellOfLast = false;
  private readonly cellBoxAt: Uint8Array;
  /** Novelty first (PushSearchConfig.novelty), or null. */
  novelty: Novelty | null = null;

  constructor(
    readonly board: Board,
    private readonly dead: Uint8Array,
    backward: boolean,
    private readonly freeze: FreezeCheck,
    private readonly corrals: CorralCheck | null,
    private readonly estimator: BoxEstimator,
    private readonly features: FeatureCells | null = null,
  ) {
    const { cells, cellIndex, size } = board;
    this.back = backward;
    this.movedTo = cells.length < 0xffff ? new Uint16Array(0) : new Uint32Array(0);
    this.BW = (cells.length + 31) >>> 5;
    this.words = this.BW + 1;
    this.numOps = size * 4;
    this.boxes = new Int32Array(board.boxes.length);
    this.scratch = new Int32Array(board.boxes.length);
    this.boxAt = new Uint8Array(size);
    this.indexAt = new Int32Array(size);
    this.reachMark = new Int32Array(size);
    this.reachLabels = this.reachMark;
    this.mark = new Int32Array(size);
    this.queue = new Int32Array(size);
    this.cellBoxAt = new Uint8Array(features ? size : 0);
    this.askBoxes = new Int32Array(board.boxes.length);
    this.targetBits = this.bits(backward ? board.boxes : board.goals);
    this.targetAt = new Uint8Array(size);
    for (const t of backward ? board.boxes : board.goals) this.targetAt[t] = 1;
    if (backward) {
      for (const b of board.boxes) this.boxAt[b] = 1;
      this.homeCell = cellIndex[this.region(board.player, this.mark)];
      this.boxAt.fill(0);
    }
    this.init = backward ? this.backwardRoots() : this.forwardRoot();
  }

  /** The box squares as a bitset over the floor cells (`BW` words). */
  private bits(squares: ArrayLike<number>): Uint32Array {
    const out = new Uint32Array(this.BW);
    for (let i = 0; i < squares.length; i++) {
      const ci = this.board.cellIndex[squares[i]];
      out[ci >>> 5] |= 1 << (ci & 31);
    }
    return out;
  }

  /** The smallest square of the player's region from `from` (boxAt as obstacles); marks the region with a new stamp. */
  private region(from: number, mark: Int32Array): number {
    return floodRegion(this.board, this.boxAt, from, mark, ++this.stamp, this.queue);
  }

  private forwardRoot(): Uint32Array {
    const root = new Uint32Array(this.words);
    root.set(this.bits(this.board.boxes));
    for (const b of this.board.boxes) this.boxAt[b] = 1;
    root[this.BW] = this.board.cellIndex[this.region(this.board.player, this.mark)];
    this.boxAt.fill(0);
    return root;
  }

  /** The boxes on the goals, one root per region the player can be in (in the order of their first cells). */
  private backwardRoots(): Uint32Array {
    const { board, boxAt, mark } = this;
    const key = new Uint32Array(this.words);
    key.set(this.bits(board.goals));
    for (const b of board.goals) boxAt[b] = 1;
    const seen = new Uint8Array(board.size);
    const roots: number[] = [];
    for (const p of board.cells) {
      if (boxAt[p] || seen[p]) continue;
      const min = this.region(p, mark);
      for (const q of board.cells) if (mark[q] === this.stamp) seen[q] = 1;
      key[this.BW] = board.cellIndex[min];
      for (const w of key) roots.push(w);
    }
    boxAt.fill(0);
    return Uint32Array.from(roots);
  }

  /** Reads the box squares of a state into `out`; returns their number. */
  readBoxes(s: Uint32Array, off: number, out: Int32Array): number {
    const cells = this.board.cells;
    let n = 0;
    for (let w = 0; w < this.BW; w++) {
      let bits = s[off + w];
      while (bits !== 0) {
        const low = bits & -bits;
        bits ^= low;
        out[n++] = cells[(w << 5) + (31 - Math.clz32(low))];
      }
    }
    return n;
  }

  /** The player's square of a state (the normalised one: the smallest square of his region). */
  playerSquare(s: Uint32Array, off: number): number {
    return this.board.cells[s[off + this.BW]];
  }

  isGoal(s: Uint32Array, off: number): boolean {
    return this.allOnTargets(s, off) || (this.meet.length > 0 && this.meets(s, off));
  }

  /**
   * Goal states must also have `square` (no goal) in the player's region
   * (PushSearchConfig.exit): the goal state's boxes are the goals', so its
   * region is known now, as the backward search's `homeCell` is.
   */
  useExit(square: number): void {
    for (const g of this.board.goals) this.boxAt[g] = 1;
    this.homeCell = this.board.cellIndex[this.region(square, this.mark)];
    this.boxAt.fill(0);
  }

  private allOnTargets(s: Uint32Array, off: number): boolean {
    if (s === this.lastDst && off === this.lastOff) {
      // the successor just built: the parent's count, less the box moved, plus its new square
      const ta = this.targetAt;
      if (this.onTarget - ta[this.boxes[this.lastIndex]] + ta[this.lastTo] !== this.nDecoded) return false;
    } else {
      const t = this.targetBits;
      for (let w = 0; w < this.BW; w++) if ((s[off + w] & ~t[w]) !== 0) return false;
    }
    return this.homeCell < 0 || s[off + this.BW] === this.homeCell;
  }

  /** Whether a backward search reached the state (its boxes and the player's region), kept in `met`. */
  private meets(s: Uint32Array, off: number): boolean {
    for (const reached of this.meet) {
      const id = reached.find(s, off);
      if (id >= 0) {
        this.met = { reached, id };
        return true;
      }
    }
    return false;
  }

  /**
   * Decodes a state to expand into `boxes`, `boxAt`, `indexAt` and
   * `onTarget`, and its player's region: the squares of `reachLabels` equal
   * to `reach` (the regions' labels, or a flood's marks).
   */
  private decode(s: Uint32Array, off: number): void {
    const { boxes, boxAt, indexAt, targetAt, board } = this;
    const cells = board.cells;
    this.lastDst = null;
    for (let i = 0; i < this.nDecoded; i++) boxAt[boxes[i]] = 0;
    const n = (this.nDecoded = this.readBoxes(s, off, boxes));
    let on = 0;
    for (let i = 0; i < n; i++) {
      const b = boxes[i];
      boxAt[b] = 1;
      indexAt[b] = i;
      on += targetAt[b];
    }
    this.onTarget = on;
    this.decodedPlayer = cells[s[off + this.BW]];
    // the player's region: the squares with its label, or a flood
    const regions = (this.regions = this.readsRegions() ? (this.regions ?? new FreeRegions(board)) : null);
    if (regions !== null) {
      regions.build(boxAt);
      this.reachLabels = regions.labels;
      this.reach = regions.labels[cells[s[off + this.BW]]];
    } else {
      this.region(cells[s[off + this.BW]], this.reachMark);
      this.reachLabels = this.reachMark;
      this.reach = this.stamp;
    }
  }

  applicable(s: Uint32Array, off: number, out: Int32Array): number {
    const { boxes, boxAt, dead, board } = this;
    const { floor, dirs, cells } = board;
    const back = this.back;
    // the state pruneOnPop has just decoded is taken as it is
    if (s !== this.poppedData || off !== this.poppedOff) this.decode(s, off);
    this.poppedData = null;
    const n = this.nDecoded;
    const regions = this.regions;
    // frozen-goal deadlocks: the state's frozen set and matching, kept for its successors (rejectFreeze); a dead state has none
    if (this.frozenGoals !== null && !back && this.frozenGoals.expanding(boxes, n, cells[s[off + this.BW]])) return 0;
    if (regions !== null && this.advisorWeights && this.features !== null) this.parentCell = this.features.expanding(boxAt, boxes, n, regions);
    const reachMark = this.reachLabels;
    const reach = this.reach;
    let k = 0;
    for (let i = 0; i < n; i++) {
      const b = boxes[i];
      for (let dk = 0; dk < 4; dk++) {
        const d = dirs[dk];
        const to = b + d;
        if (back) {
          // pull: the player on b + d steps to b + 2d, the box follows to b + d
          if (reachMark[to] !== reach || !floor[to + d] || boxAt[to + d] || dead[to]) continue;
        } else if (reachMark[b - d] !== reach || !floor[to] || boxAt[to] || dead[to]) continue;
        else if (this.packing !== null && !this.packing.allowsPush(b, dk, boxAt)) continue;
        out[k++] = (b << 2) | dk;
      }
    }
    if (back && this.pullMacros !== null && regions !== null) k = this.pullMacros.emit(boxAt, boxes, n, reachMark, reach, regions, out, k);
    const pushes = k;
    if (this.piCorrals !== null && !back) k = this.piCorrals.restrict(boxAt, boxes, n, reachMark, reach, out, k);
    // goal macros, unless a PI-corral restricted the pushes
    if (this.goalMacros !== null && regions !== null && !back && k === pushes) k = this.goalMacros.emit(boxAt, boxes, n, reachMark, reach, regions, out, k);
    return k;
  }

  /** Whether anything of the search reads the expanded state's regions (see `regions`). */
  private readsRegions(): boolean {
    return this.corrals !== null || this.piCorrals !== null || this.goalMacros !== null || this.pullMacros !== null || this.features !== null;
  }

  /** Goal macros (forward): macro ids follow the pushes. */
  useGoalMacros(m: GoalMacros): void {
    this.goalMacros = m;
    this.numOps = this.board.size * 4 + m.maxPerState;
  }

  /** Goal or box macros of a backward search (pulls): macro ids follow the pulls. */
  usePullMacros(m: PullMacros): void {
    this.pullMacros = m;
    this.numOps = this.board.size * 4 + m.maxPerState;
  }

  /** The goal or pull macros if `op` is one of theirs, else null. */
  private goalMacroOf(op: number): MacroOps | null {
    return op >= this.board.size * 4 ? (this.goalMacros ?? this.pullMacros) : null;
  }

  /** The square of the box `op` moves (in the state being expanded). */
  private opBox(op: number): number {
    const gm = this.goalMacroOf(op);
    return gm ? gm.box(op) : op >> 2;
  }

  /** Where `op` leaves the box on `b`: one square on, the end of a tunnel macro, or a goal macro's goal. */
  private opTo(op: number, b: number): number {
    const gm = this.goalMacroOf(op);
    if (gm) return gm.goal(op);
    return this.macros === null ? b + this.board.dirs[op & 3] : this.macros.end(this.boxAt, b, op & 3);
  }

  apply(op: number, s: Uint32Array, off: number, dst: Uint32Array, dstOff: number): void {
    const { boxAt, board } = this;
    const { cellIndex } = board;
    const gm = this.goalMacroOf(op);
    const b = this.opBox(op);
    const d = board.dirs[gm ? gm.lastDir(op) : op & 3];
    const to = this.opTo(op, b);
    this.lastLen = gm ? gm.len(op) : (to - b) / d;
    for (let w = 0; w < this.BW; w++) dst[dstOff + w] = s[off + w];
    const cb = cellIndex[b];
    const ct = cellIndex[to];
    dst[dstOff + (cb >>> 5)] &= ~(1 << (cb & 31));
    dst[dstOff + (ct >>> 5)] |= 1 << (ct & 31);
    // the successor's region: by the expanded state's parts without `to` (regions.ts), or a flood
    const stand = this.back ? to + d : to - d;
    let player: number;
    if (this.regions !== null) player = this.regions.move(b, to, stand);
    else {
      boxAt[b] = 0;
      boxAt[to] = 1;
      player = this.region(stand, this.mark);
      boxAt[to] = 0;
      boxAt[b] = 1;
    }
    this.lastPlayer = player;
    this.lastStand = stand;
    dst[dstOff + this.BW] = cellIndex[player];
    this.lastDst = dst;
    this.lastOff = dstOff;
    this.lastIndex = this.indexAt[b];
    this.lastTo = to;
    this.cellOfLast = false;
    if (this.advisorWeights && this.features !== null && this.regions !== null) {
      // the successor's cell: more boxes packed, or fewer regions, is an advisor's move
      const i = this.lastIndex;
      boxAt[b] = 0;
      boxAt[to] = 1;
      this.boxes[i] = to;
      const cell = this.features.cellAfterMove(boxAt, this.boxes, this.nDecoded, b, to, this.regions);
      this.boxes[i] = b;
      boxAt[to] = 0;
      boxAt[b] = 1;
      this.lastWeight = FeatureCells.improves(cell, this.parentCell) ? 0 : 1;
      this.cell = cell;
      this.cellOfLast = true;
    }
  }

  /** Forward: whether the push `op` of the state being expanded freezes its box off goal, or on a goal leaving the other boxes too few goals (frozen-goals.ts). */
  readonly rejectFreeze = (op: number): boolean => {
    const { boxAt } = this;
    const b = this.opBox(op);
    const to = this.opTo(op, b);
    boxAt[b] = 0;
    boxAt[to] = 1;
    const freeze = this.freeze.freezeOf(boxAt, to);
    let dead = freeze === FROZEN_OFF_GOAL;
    if (!dead && this.frozenGoals !== null) {
      // the box stays on its goal for good: the others must still have goals; else the expanded state's frozen boxes
      // stay as they are, and the box moved must still have a goal among those the others leave it
      const i = this.indexAt[b];
      this.boxes[i] = to;
      dead = freeze === FROZEN_ON_GOALS ? this.frozenGoals.deadlocked(this.boxes, this.nDecoded, b) : this.frozenGoals.deadAfterMove(i, this.boxes);
      this.boxes[i] = b;
    }
    boxAt[to] = 0;
    boxAt[b] = 1;
    return dead;
  };

  /**
   * Forward, for the new state `id` that `apply` has just built: keeps the
   * square its box went to (apply's: the end of a macro) for the corral test
   * on expansion (pruneOnPop), and tells whether a learned pattern
   * (patterns.ts) holds in it.
   */
  readonly onNew = (_s: Uint32Array, _off: number, _op: number, id: number): boolean => {
    const to = this.lastTo;
    if (this.corrals !== null) {
      this.movedTo = grow(this.movedTo, id + 1, 0, 1024);
      this.movedTo[id] = this.board.cellIndex[to] + 1;
    }
    if (this.patterns === null) return false;
    const { boxAt } = this;
    const b = this.boxes[this.lastIndex];
    boxAt[b] = 0;
    boxAt[to] = 1;
    const dead = this.patterns.deadAfterPush(boxAt, this.lastPlayer, to);
    boxAt[to] = 0;
    boxAt[b] = 1;
    return dead;
  };

  /**
   * Forward, for a state taken to be expanded: whether a corral next to the
   * box its last push moved is a deadlock (its parent's corrals were none:
   * the parent was expanded). Done here rather than on each new state, as
   * a greedy search stores many times the states it expands; the state
   * stays decoded for `applicable`.
   */
  readonly pruneOnPop = (s: Uint32Array, off: number, id: number): boolean => {
    if (this.stuck !== null && this.stuckDead(s, off, id)) return true;
    const moved = id < this.movedTo.length ? this.movedTo[id] : 0;
    if (moved === 0 || this.corrals === null) return false;
    const to = this.board.cells[moved - 1];
    if (s !== this.poppedData || off !== this.poppedOff) this.decode(s, off);
    this.poppedData = s;
    this.poppedOff = off;
    if (this.corrals.deadlockedNear(this.boxAt, this.board.cells[s[off + this.BW]], to, this.inReach)) return true;
    // alive: a state taken again (reopened on a cheaper path) is not examined twice
    this.movedTo[id] = 0;
    return false;
  };

  /**
   * With stuck patterns, for a state taken to be expanded: whether a stored
   * pattern holds in it, or it descends from a state proven dead; counts it
   * in the subtree of each ancestor, and examines an ancestor whose subtree
   * reaches SUBTREE_ASK (stuck.ts).
   */
  private stuckDead(s: Uint32Array, off: number, id: number): boolean {
    const stuck = this.stuck as StuckPatterns;
    const store = this.store as StateStore;
    this.decode(s, off);
    this.poppedData = s;
    this.poppedOff = off;
    const cells = this.board.cells;
    stuck.taken();
    if (stuck.matches(this.boxAt, this.boxes, this.nDecoded, cells[s[off + this.BW]])) return true;
    this.subtree = grow(this.subtree, store.size, 0, 1024);
    const { subtree, askBoxes } = this;
    const data = store.data;
    const W = this.words;
    for (let a = store.parent[id]; a >= 0; a = store.parent[a]) {
      if (subtree[a] < 0) return true;
      if (++subtree[a] !== SUBTREE_ASK) continue;
      const n = this.readBoxes(data, a * W, askBoxes);
      if (stuck.examine(askBoxes, n, cells[data[a * W + this.BW]])) {
        subtree[a] = -1;
        return true;
      }
    }
    return false;
  }

  /** Whether the free square q is in the player's region of the state decoded last. */
  private readonly inReach = (q: number): boolean => this.reachLabels[q] === this.reach;

  /**
   * trace --states: the state as the Sokoban domain's atoms, sorted: its
   * boxes (`box(xXyY)`) and the player's square (`sokoban(xXyY)`), which is
   * the normalised one (the smallest square of the player's region: every
   * square the player can walk to without pushing is the same state).
   * `empty` atoms are left out.
   */
  stateAtoms(s: Uint32Array, off: number): string[] {
    const { board } = this;
    const boxes = new Int32Array(board.boxes.length);
    const n = this.readBoxes(s, off, boxes);
    const out = Array.from(boxes.subarray(0, n), (b) => `box(${board.name(b)})`);
    out.push(`sokoban(${board.name(this.playerSquare(s, off))})`);
    return out.sort();
  }

  /** The box estimate of a state (and with features, its feature cell in `cell`). */
  evaluate(s: Uint32Array, off: number): number {
    const scratch = this.scratch;
    let n: number;
    let h: number;
    if (s === this.lastDst && off === this.lastOff) {
      // the successor just built: the parent's boxes with the one moved
      scratch.set(this.boxes);
      scratch[this.lastIndex] = this.lastTo;
      n = this.nDecoded;
      h = this.estimator.estimateMoved(this.boxes, n, this.lastIndex, this.lastTo, this.decodedPlayer, this.lastStand);
    } else {
      n = this.readBoxes(s, off, scratch);
      h = this.estimator.estimate(scratch, n, this.playerSquare(s, off));
    }
    if (this.features !== null && h !== Infinity && !(this.cellOfLast && s === this.lastDst && off === this.lastOff)) {
      const at = this.cellBoxAt;
      for (let i = 0; i < n; i++) at[scratch[i]] = 1;
      this.cell = this.features.cell(at, scratch, n);
      for (let i = 0; i < n; i++) at[scratch[i]] = 0;
    }
    if (this.novelty !== null && h !== Infinity) {
      const nov = this.novelty.of(this.features !== null ? this.cell : h, scratch, n, s[off + this.BW]);
      return NOVELTY_ORDER * (nov - 1) + Math.min(h, NOVELTY_ORDER - 1);
    }
    return h;
  }

  /** The pushes of the last `apply` (the engine asks right after it): 1, or a tunnel macro's length. */
  cost(): number {
    return this.advisorWeights ? this.lastWeight : this.lastLen;
  }

  opName(op: number): string {
    const gm = this.goalMacroOf(op);
    if (gm) return `${this.back ? 'pull' : 'push'} ${this.board.name(gm.box(op))} to ${this.board.name(gm.goal(op))}`;
    return `${this.back ? 'pull' : 'push'} ${this.board.name(op >> 2)} ${DIR_WORDS[op & 3]}`;
  }

  /**
   * The plan's push steps as this space's operators: the operators of the
   * search's own plan when the pushes are its (goal and box macros
   * included); else the pushes in order, or backward the pulls from the
   * goals (the pushes reversed), tunnel macros joined.
   */
  planOps(plan: readonly string[]): string[] {
    const { board, solution } = this;
    const pushes: Push[] = [];
    for (const step of plan) {
      const m = PUSH_STEP.exec(step.replace(/\s+/g, ''));
      if (m) pushes.push({ box: board.square(m[3]), dir: DIR_LETTERS.indexOf(m[1] as (typeof DIR_LETTERS)[number]) });
    }
    if (solution !== null && solution.pushes.length === pushes.length && solution.pushes.every((p, i) => p.box === pushes[i].box && p.dir === pushes[i].dir)) {
      return solution.ops.map((op) => this.opName(op));
    }
    // single pushes, or backward single pulls: the push of the box at b in direction d undoes the pull of the box at b + d in direction -d
    const single = this.back ? pushes.reverse().map((p) => ((p.box + board.dirs[p.dir]) << 2) | (p.dir ^ 1)) : pushes.map((p) => (p.box << 2) | p.dir);
    return this.macroOps(single).map((op) => this.opName(op));
  }

  /** The boxes of the root states as 1s on their squares: the initial boxes, backward the goals. */
  private rootBoxes(): Uint8Array {
    const boxAt = new Uint8Array(this.board.size);
    for (const b of this.back ? this.board.goals : this.board.boxes) boxAt[b] = 1;
    return boxAt;
  }

  /** With tunnel macros: single pushes (pulls) as this space's operators, one per macro (replayed from the root, skipping the pushes a macro makes itself). */
  private macroOps(single: readonly number[]): readonly number[] {
    const { board, macros } = this;
    if (macros === null) return single;
    const boxAt = this.rootBoxes();
    const out: number[] = [];
    for (let i = 0; i < single.length; ) {
      const box = single[i] >> 2;
      const dk = single[i] & 3;
      const to = macros.end(boxAt, box, dk);
      out.push(single[i]);
      boxAt[box] = 0;
      boxAt[to] = 1;
      i += (to - box) / board.dirs[dk];
    }
    return out;
  }

  /** With tunnel macros: the single pushes (pulls) of the operators, replayed from the root (a macro's length depends on the boxes ahead). */
  private singleOps(ops: readonly number[]): readonly number[] {
    const { board, macros, goalMacros, pullMacros } = this;
    if (macros === null && goalMacros === null && pullMacros === null) return ops;
    const boxAt = this.rootBoxes();
    const out: number[] = [];
    // the player's square after the last push (behind the box) or pull (ahead of it); backward, at the root any square (PullMacros.path)
    let player = this.back ? -1 : board.player;
    for (const op of ops) {
      if (pullMacros !== null && op >= board.size * 4) {
        // a pull macro: a way of the box to the same square, ending with a pull the same way
        const b = pullMacros.box(op);
        const t = pullMacros.goal(op);
        const k = pullMacros.lastDir(op);
        const path = pullMacros.path(boxAt, b, t, k, player);
        if (path === null) throw new Error(`push-level plan: the pull macro ${this.opName(op)} does not replay`);
        for (const p of path) out.push(p);
        boxAt[b] = 0;
        boxAt[t] = 1;
        player = t + board.dirs[k];
        continue;
      }
      if (goalMacros !== null && op >= board.size * 4) {
        // a goal macro: the same search again from the replayed state
        const b = goalMacros.box(op);
        const g = goalMacros.goal(op);
        const path = goalMacros.path(boxAt, b, g, player);
        if (path === null) throw new Error(`push-level plan: the goal macro ${this.opName(op)} does not replay`);
        for (const p of path) out.push(p);
        boxAt[b] = 0;
        boxAt[g] = 1;
        player = path[path.length - 1] >> 2;
        continue;
      }
      const b = op >> 2;
      const dk = op & 3;
      const d = board.dirs[dk];
      const to = macros === null ? b + d : macros.end(boxAt, b, dk);
      for (let p = b; p !== to; p += d) out.push((p << 2) | dk);
      boxAt[b] = 0;
      boxAt[to] = 1;
      player = this.back ? to + d : to - d;
    }
    return out;
  }

  /** The pushes of a plan of this space's operators. */
  pushes(ops: readonly number[]): Push[] {
    const single = this.singleOps(ops);
    if (!this.back) return single.map((op) => ({ box: op >> 2, dir: op & 3 }));
    // A pull of the box at b in direction d (to b + d) is, reversed, a push of the box at b + d in direction -d.
    const dirs = this.board.dirs;
    return single
      .slice()
      .reverse()
      .map((op) => ({ box: (op >> 2) + dirs[op & 3], dir: (op & 3) ^ 1 }));
  }
}

export function pushSearch(board: Board, dead: Uint8Array, options: SearchOptions, c: PushSearchConfig): PushSearchResult {
  if (c.orientations === true && c.backward !== true) return searchOrientations(board, options, c, pushSearch);
  if (c.groups === true && c.backward !== true) {
    const r = searchByGroups(board, dead, options, c, pushSearch);
    if (r !== null) return r;
    c = { ...c, groups: false };
  }
  if (c.packing !== true || c.backward === true) return pushSearchOnce(board, dead, options, c);
  // the packing-order cut is a heuristic: a space exhausted under it proves
  // nothing, so the search then runs again without it in what is left
  const t0 = performance.now();
  const cut = pushSearchOnce(board, dead, options, c);
  if (cut.status !== 'unsolvable' || cut.stats.expanded === 0) return cut;
  const spentMs = (options.spentMs ?? 0) + (performance.now() - t0);
  const rest = pushSearchOnce(board, dead, { ...options, spentMs, maxNodes: options.maxNodes - cut.stats.expanded }, { ...c, packing: false });
  const stats = addStats(cut.stats, rest.stats);
  return { ...rest, stats, reason: rest.stats.limit === 'nodes' ? limitReason('nodes', options) : rest.reason };
}

function pushSearchOnce(board: Board, dead: Uint8Array, options: SearchOptions, c: PushSearchConfig): PushSearchResult {
  const budget = new Budget(options);
  const back = c.backward === true;
  // backward: the pulls back to the initial boxes; forward: the pushes to the goals
  const est = new BoxEstimator(board, c.estimate, back ? board.boxes : board.goals, back, c.sides !== false);
  est.incremental = c.incrementalMatching !== false;
  if (back) dead = pullDeadSquares(board);
  const freeze = new FreezeCheck(board, dead);
  const frozenGoals = !back && c.frozenGoals !== false ? new FrozenGoals(board, freeze) : null;
  const corrals = !back && c.corrals !== false ? new CorralCheck(board, dead, { backing: c.corralBacking !== false, merge: c.corralMerge !== false }) : null;
  const none = resultBuilder(budget, () => ({ expanded: 0, generated: 0, duplicates: 0, evaluated: 0, reopened: 0, stored: 0, bytesPerState: 0 }));
  const unsolvable = (reason: string): PushSearchResult => ({ ...none('unsolvable', null, reason), pushes: null });

  if (back) {
    for (const g of board.goals) if (dead[g]) return unsolvable(`no box can be pulled from the goal ${board.name(g)} to a box of the initial state`);
  } else {
    const boxAt = new Uint8Array(board.size);
    for (const b of board.boxes) {
      if (dead[b]) return unsolvable(`the box at ${board.name(b)} is on a dead square: it can reach no goal`);
      boxAt[b] = 1;
    }
    for (const b of board.boxes) if (freeze.frozenAt(boxAt, b)) return unsolvable(`the box at ${board.name(b)} is frozen off goal`);
    if (corrals?.deadlocked(boxAt, board.player)) return unsolvable('the boxes fence in a corral the player can never solve (a corral deadlock)');
    if (frozenGoals?.deadlocked(board.boxes, board.boxes.length, board.player)) return unsolvable('boxes frozen on goals leave the other boxes too few goals they can reach');
  }

  // the goal rooms' packing order (computed once): the cut of out-of-turn pushes (packing), the feature-space search's packed boxes, the goal macros
  const order = !back && (c.packing === true || c.features === true || c.goalMacros === true || c.boxMacros === true) ? new PackingOrder(board, dead, c.parking === true) : null;
  const packing = order && order.rooms.length > 0 ? order : null;
  const space = new PushSpace(board, dead, back, freeze, corrals, est, c.features ? new FeatureCells(board, back ? board.boxes : board.goals, packing, !back && c.outOfPlan === true) : null);
  space.frozenGoals = frozenGoals;
  if (!back && c.exit !== undefined) space.useExit(c.exit);
  if (c.macros === true) space.macros = new TunnelMacros(board, dead, back);
  if (!back && c.patterns === true) space.patterns = new DeadlockPatterns(board, dead);
  if (!back && c.stuck === true) space.stuck = new StuckPatterns(board, dead);
  if (back && (c.boxMacros === true || c.goalMacros === true)) space.usePullMacros(new PullMacros(board, dead, c.boxMacros === true ? null : board.boxes));
  else if (c.boxMacros === true) space.useGoalMacros(new GoalMacros(board, dead, packing, true));
  else if (c.goalMacros === true && packing !== null) space.useGoalMacros(new GoalMacros(board, dead, packing));
  if (c.packing === true) space.packing = packing;
  if (!back && c.piCorrals === true && c.macros !== true) space.piCorrals = new PiCorrals(board, dead);
  space.advisorWeights = c.advisorWeights === true && c.features === true && c.gWeight === 0;
  if (c.novelty === true) space.novelty = new Novelty(board.cellIndex, board.cells.length, board.boxes.length);
  const meeting = c.meet === true;
  if (!back && meeting && c.meetStates) space.meet = c.meetStates;
  let store: StateStore | null = null;
  const r = bestFirstSearch(
    space,
    options,
    {
      gWeight: space.advisorWeights ? ADVISOR_ORDER : c.gWeight,
      hWeight: c.hWeight,
      reopen: c.gWeight > 0 || space.advisorWeights,
      goalOnGeneration: c.goalOnGeneration || back,
      tieByG: !c.preferDeep,
      preferDeep: c.preferDeep,
      lazy: false,
      preferred: false,
      fScale: F_SCALE,
      stall: c.stall,
    },
    {
      evaluator: space,
      rejectOp: back ? null : space.rejectFreeze,
      pruneNew: corrals || space.patterns ? space.onNew : null,
      pruneOnPop: corrals || space.stuck ? space.pruneOnPop : null,
      open: c.features ? new FeatureOpen(() => space.cell) : null,
      onStore: (st) => {
        space.store = st;
        if (back && meeting && c.keepReached) store = st;
      },
      deadRoot: back
        ? 'the box estimate proves that the goals cannot be matched to the initial boxes'
        : 'the box estimate proves the initial state a dead end (some box can reach no goal)',
      exhausted: (stored) =>
        back
          ? `all ${stored} pull states reachable backwards from the goals explored; none is the initial state`
          : `all ${stored} reachable push states explored (dead squares, freeze${corrals ? ' and corral' : ''} deadlocks pruned); none has every box on a goal`,
    },
    budget,
  );
  // a plan to a state a backward search reached goes on with that state's pulls reversed
  const met = r.plan ? space.met : null;
  const pushes = r.plan ? [...space.pushes(r.plan), ...(met ? met.reached.pushesFrom(met.id) : [])] : null;
  const result: PushSearchResult = { status: r.status, pushes, reason: r.reason, stats: r.stats };
  if (met) result.met = true;
  else if (r.plan && pushes) space.solution = { ops: r.plan, pushes };
  const kept = store as StateStore | null;
  if (kept) result.reached = { size: kept.size, find: (s, off) => kept.find(s, off), pushesFrom: (id) => space.pushes(kept.path(id)) };
  if (space.patterns) result.patterns = space.patterns.stats;
  if (space.stuck) result.stuck = space.stuck.stats;
  if (space.goalMacros) result.goalMacros = space.goalMacros.stats;
  if (space.pullMacros) result.pullMacros = space.pullMacros.stats;
  return result;
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
