/** The one signature every strategy has, and what it returns. */
import type { Heuristic, SearchContext } from '../heuristics/types.ts';
import type { SearchSpace } from '../strips/space.ts';
import type { OptionDecl } from '../util/option-decl.ts';
import type { LimitKind, Limits, Progress } from '../util/budget.ts';

export type { LimitKind, Progress } from '../util/budget.ts';
export type { SearchContext } from '../heuristics/types.ts';

export type SearchStatus = 'solved' | 'unsolvable' | 'limit';
export type CycleRule = 'state' | 'action';

export interface SearchOptions extends Limits {
  /** Cycle rule of depth-first strategies: no state twice on the path (sound), or no ground operator twice in a plan (the original's rule). */
  cycle: CycleRule;
  /** The heuristic of informed strategies. */
  heuristic?: Heuristic;
  /** Weight of h in wastar (f = g + w·h); default 2. */
  weight?: number;
  /** gbfs: evaluate a state when it is expanded, not when it is generated. */
  lazy?: boolean;
  /** gbfs: a second open list for successors reached by the heuristic's preferred operators. */
  preferred?: boolean;
  /** iddfs: a transposition table (best depth per state) that cuts re-expansions. */
  tt?: boolean;
  /** The problem's context, from the domain plug-in that recognised it (opaque here); the plug-in's heuristics, pruners and strategies need it. */
  context?: SearchContext;
  /** Drops generated states it proves dead (see src/search/prune.ts); absent: no pruning. */
  prune?: Pruner;
  /** Seed of the stochastic strategies (beam with a temperature, lrta, mcts, ga); default 1. */
  seed?: number;
  /** beam: states kept per layer (default 8). */
  width?: number;
  /** beam: softmax temperature of the stochastic selection; 0 or absent: the best k. */
  temperature?: number;
  /**
   * Makes the observer of a search (planlog trace). Strategies marked
   * `traced` call it once with their space and report every expansion to
   * what it returns; absent (the default), the search pays one untaken
   * branch per expansion.
   */
  trace?: (space: TracedSpace) => SearchTracer;
}

/**
 * What a tracer sees of the space a strategy searches: its operators'
 * names and costs (the ground task's SearchSpace, or a plug-in's space of
 * macro operators such as Sokoban's pushes).
 */
export interface TracedSpace {
  readonly numOps: number;
  opName(op: number): string;
  cost(op: number): number;
  /**
   * A space of macro operators: the plan (the task's step names, as the
   * strategy returns it) as the sequence of this space's operator names
   * from a root, so the trace can mark the plan's path. Absent when the
   * operators are the task's own.
   */
  planOps?(plan: readonly string[]): string[];
  /**
   * trace --states: the fluent atoms true in a packed state, as the task
   * names them, sorted (a ground task's space, strips/space.ts: its true
   * atoms; Sokoban's push space: its boxes and the player's normalised
   * square). A space without it has no states in the trace.
   */
  stateAtoms?(s: Uint32Array, off: number): string[];
  /** 32-bit words per packed state (with `init`, `applicable` and `apply`, the trace rebuilds the states of plan nodes it did not see). */
  readonly words?: number;
  /** The root state(s), `words` words each. */
  readonly init?: Uint32Array;
  /** Writes the ids of the operators applicable in the state to `out`; returns their number. */
  applicable?(s: Uint32Array, off: number, out: Int32Array): number;
  /** Writes the successor of the state under `op` to dst at dstOff. */
  apply?(op: number, s: Uint32Array, off: number, dst: Uint32Array, dstOff: number): void;
}

/** Watches a search node by node (see src/trace/). */
export interface SearchTracer {
  /**
   * A node is expanded. `key` names it for its children: its state id in a
   * graph search (bfs, best-first), its depth in a depth-first one (there
   * the latest node expanded at depth d - 1 is the parent of the one at
   * depth d). `parent` is the parent's key (-1 for a root), `op` the
   * operator that led to the node (-1 for a root), `h` and `f` the values
   * the strategy orders by (NaN when it has none). `s`/`off`: the node's
   * packed state (for trace --states). `g`: the node's path cost when the
   * strategy knows it (the best-first engine); else the tracer adds up
   * `cost(op)` along the recorded path, which a space of macro operators
   * whose cost depends on the state (Sokoban's tunnel and goal macros)
   * cannot answer afterwards.
   */
  expand(key: number, parent: number, op: number, h: number, f: number, s?: Uint32Array, off?: number, g?: number): void;
  /**
   * Graph searches (bfs and the best-first engine: ucs, astar, wastar, gbfs,
   * the push searches): a node is put on the open list — a new state, or a
   * closed one reopened by a cheaper path — by the expansion of `parent`
   * (the key just expanded). `key` is its state id, `op` the operator, `h`
   * and `f` as for `expand`; h is NaN when not known yet (lazy evaluation:
   * f is then the value the open list orders it by, from the parent's h; a
   * goal found when generated: f NaN too). `s`/`off`: its packed state;
   * `g` as for `expand`. Depth-first strategies (dfs, iddfs, idastar)
   * report none.
   */
  generate?(key: number, parent: number, op: number, h: number, f: number, s: Uint32Array, off: number, g?: number): void;
  /** Iterative strategies (iddfs, idastar): an iteration with this bound starts. */
  iteration?(bound: number): void;
}


/** One iteration of an iterative-deepening strategy. */
export interface IterationStats {
  bound: number;
  expanded: number;
  generated: number;
  /** Longest partial plan seen in the iteration (the original's maxLength). */
  maxDepth: number;
}

/** A plan an anytime strategy found on its way. */
export interface AnytimePlanStats {
  cost: number;
  length: number;
  /** The weight of the weighted A* search that found it (0: the first, greedy, search). */
  weight: number;
  /** Milliseconds from the strategy's start. */
  atMs: number;
}

export interface SearchStats {
  /** Nodes whose successors were generated. */
  expanded: number;
  /** Successor nodes created (after the cycle rule, before duplicate detection). */
  generated: number;
  /** Generated states already stored (strategies with a closed set). */
  duplicates: number;
  /** Heuristic evaluations. */
  evaluated?: number;
  /** States reopened because a cheaper path to them was found (A*, uniform cost). */
  reopened?: number;
  /** States stored at the end (peak) by strategies with a closed set. */
  stored: number;
  /** Bytes per stored state of the closed set, all arrays counted. */
  bytesPerState?: number;
  iterations?: IterationStats[];
  /** Anytime strategies (lama): every plan found, in order, each cheaper than the one before; the last is the answer. */
  plans?: AnytimePlanStats[];
  timeMs: number;
  /** Which limit ended the search (status `limit`). */
  limit?: LimitKind;
}

export interface SearchResult {
  status: SearchStatus;
  /** Operator ids from the initial state to a goal state; null unless solved. */
  plan: number[] | null;
  /** Why the strategy answered `unsolvable` or `limit`, in words. */
  reason?: string;
  /**
   * On `unsolvable` under the original's action rule (iddfs --cycle action):
   * proven only that no plan uses each ground operator at most once; a plan
   * that repeats one may exist. Absent when no plan exists at all.
   */
  proof?: 'action-rule';
  stats: SearchStats;
  /**
   * The heuristics the search really used when they are not (only)
   * `options.heuristic`: a preset's or a portfolio's (auto on a level runs
   * matching, then push distances, …). Each once, in the order of use; the
   * last is the one of the run that answered (the report's `heuristic`).
   */
  heuristics?: string[];
  /**
   * On `solved`: the search proved this plan the cheapest, although the
   * strategy promises no such thing in general (`optimal()` is false): lama
   * when its last weighted A* ran out of paths cheaper than the plan.
   */
  provedOptimal?: true;
}

export type StrategyKind = 'search' | 'local' | 'preset';

export interface Strategy {
  name: string;
  summary: string;
  /**
   * The heuristic it uses when none is given; absent for uninformed
   * strategies. A domain plug-in may give it another one on its problems
   * (DomainPlugin.defaultHeuristics).
   */
  defaultHeuristic?: string;
  /** It makes random choices that follow `options.seed` (the `--seed` flag applies to it). */
  stochastic?: boolean;
  /**
   * The domain plug-in that registers it (src/plugins/<plugin>/): it needs a
   * problem of that plug-in (`options.context`) and answers with a
   * PlanlogError without one. Absent for domain-independent strategies.
   */
  plugin?: string;
  /** Where the registry lists it: systematic searches first (the default), then local searches, then presets. */
  kind?: StrategyKind;
  /** It reports its expansions to `options.trace` (planlog trace). */
  traced?: boolean;
  /** The heuristics it accepts, when not every registered one. */
  heuristics?: readonly string[];
  /** The options only it (and other strategies declaring the same name) takes, e.g. wastar's `weight`: flags, web fields and help are generated from them (src/options/). */
  options?: readonly OptionDecl[];
  /** Whether a plan it returns is guaranteed shortest (cheapest) under these options. */
  optimal(space: SearchSpace, options: SearchOptions): boolean;
  /** Proves unsolvability when it answers `unsolvable`? (false e.g. for the action cycle rule). A heuristic's dead ends count as proof (they are). */
  complete(options: SearchOptions): boolean;
  run(space: SearchSpace, options: SearchOptions): SearchResult;
}

/**
 * Pruning: a test, built once per search from the space and the context,
 * that says a generated state is dead (no plan from it), so a strategy
 * drops it. Every strategy calls it on every state it generates. A pruner
 * must never call a state dead from which a plan exists.
 */
export interface Pruner {
  name: string;
  summary: string;
  /** The domain plug-in that registers it: it needs a problem of that plug-in and `create` throws a PlanlogError without one. */
  plugin?: string;
  create(space: SearchSpace, context: SearchContext | undefined): (s: Uint32Array, off: number) => boolean;
}

export const defaultSearchOptions: SearchOptions = {
  cycle: 'state',
  timeoutMs: Infinity,
  maxNodes: Infinity,
};
