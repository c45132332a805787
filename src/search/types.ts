/** The one signature every strategy has, and what it returns. */
import type { SearchSpace } from '../strips/space.ts';

export type SearchStatus = 'solved' | 'unsolvable' | 'limit';
export type CycleRule = 'state' | 'action';
export type LimitKind = 'time' | 'nodes' | 'interrupted';

export interface SearchOptions {
  /** Cycle rule of depth-first strategies: no state twice on the path (sound), or no ground operator twice in a plan (the original's rule). */
  cycle: CycleRule;
  /** Wall-clock limit in milliseconds (Infinity: none). */
  timeoutMs: number;
  /** Limit on expanded nodes (Infinity: none). */
  maxNodes: number;
  /** Aborting it (Ctrl-C) stops the search cleanly with status `limit`. */
  signal?: AbortSignal;
  /** Called about every 100 ms of search with the counts so far. */
  onProgress?: (p: Progress) => void;
}

export interface Progress {
  expanded: number;
  generated: number;
  /** Current depth bound of iterative strategies. */
  bound?: number;
  elapsedMs: number;
}

/** One iteration of an iterative-deepening strategy. */
export interface IterationStats {
  bound: number;
  expanded: number;
  generated: number;
  /** Longest partial plan seen in the iteration (the original's maxLength). */
  maxDepth: number;
}

export interface SearchStats {
  /** Nodes whose successors were generated. */
  expanded: number;
  /** Successor nodes created (after the cycle rule, before duplicate detection). */
  generated: number;
  /** Generated states already stored (strategies with a closed set). */
  duplicates: number;
  /** States stored at the end (peak) by strategies with a closed set. */
  stored: number;
  /** Bytes per stored state of the closed set, all arrays counted. */
  bytesPerState?: number;
  iterations?: IterationStats[];
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
  stats: SearchStats;
}

export interface Strategy {
  name: string;
  summary: string;
  /** Whether a plan it returns is guaranteed shortest (cheapest) under these options. */
  optimal(space: SearchSpace, options: SearchOptions): boolean;
  /** Proves unsolvability when it answers `unsolvable`? (false e.g. for the action cycle rule) */
  complete(options: SearchOptions): boolean;
  run(space: SearchSpace, options: SearchOptions): SearchResult;
}

export const defaultSearchOptions: SearchOptions = {
  cycle: 'state',
  timeoutMs: Infinity,
  maxNodes: Infinity,
};
