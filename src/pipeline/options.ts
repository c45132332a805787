/**
 * What a solve is asked to do, as plain data: names, not objects (the
 * heuristic `'hff'`, not its record; the pruner `'deadlocks'`). It is what
 * src/options/ returns from checked flags or request fields, what crosses to
 * a worker thread as it is, and what solve() dispatches on (the ts search or
 * the Prolog backend). The pipeline resolves the names to records.
 */
import type { Backend } from '../core/report.ts';
import type { PrologEngine, PrologSolveOptions, PrologStrategy } from '../prolog/solve.ts';
import type { TheoryName } from '../prolog/theory.ts';
import type { PreprocessMode } from '../strips/preprocess.ts';
import type { Warning } from '../lint/index.ts';
import type { CycleRule, Progress, SearchTracer, TracedSpace } from '../search/types.ts';

export interface SolveOptions {
  /** The strategy's name. */
  algo: string;
  /** The heuristic's name; absent: the strategy's default for the problem (the pipeline picks it). */
  heuristic?: string;
  /** The cycle rule of depth-first strategies (default state). */
  cycle?: CycleRule;
  /** The pruner's name; absent: no pruning. */
  prune?: string;
  /** The preprocessing of the ground task (src/strips/preprocess.ts); absent: the default for the problem (DEFAULT_PREPROCESS). */
  preprocess?: PreprocessMode;
  /** Time limit in ms, counted from the solve's start (default none). */
  timeoutMs?: number;
  /** Limit on expanded nodes (default none). */
  maxNodes?: number;
  /** Memory limit in MB. */
  maxMemoryMb?: number;
  /** Seed of a stochastic strategy's random choices. */
  seed?: number;
  /**
   * The options of one strategy (see its record's `options`; the field is
   * the flag's camelCase name): wastar's and push's weight, gbfs's lazy and
   * preferred, iddfs's tt, beam's width and temperature.
   */
  weight?: number;
  lazy?: boolean;
  preferred?: boolean;
  tt?: boolean;
  width?: number;
  temperature?: number;
  /** ts (planlog's own search, the default) or prolog (the planning theory on a Prolog engine). */
  backend?: Backend;
  /** The Prolog backend's theory variant and engine. */
  theory?: TheoryName;
  engine?: PrologEngine;
  /** Lint warnings are errors: the solve stops with them as a PlanlogError (exit 2, HTTP 400) instead of running. */
  strict?: boolean;
}

/** A configuration's options beside its strategy and heuristic (a bench job's): the strategy's own, the cycle rule, the pruning. */
export type StrategyOptions = Partial<Pick<SolveOptions, 'weight' | 'lazy' | 'preferred' | 'tt' | 'width' | 'temperature' | 'cycle' | 'prune' | 'preprocess'>>;

/**
 * What one run adds to its options, which is not data: when it started (every
 * limit counts from then), how to stop it, whom to tell its progress, who
 * watches it (planlog trace).
 */
export interface SolveRun {
  /**
   * clockMs() when the solve started, before its files were read: every
   * limit counts from it, and `stats.totalMs` is the time since. Default:
   * when solveSource starts (solveLoaded: `parseMs` before it starts).
   */
  startedAt?: number;
  /** Element 0 set non-zero: stop (status limit, `interrupted`). */
  interrupt?: Int32Array;
  signal?: AbortSignal;
  onProgress?: (p: Progress) => void;
  /** The observer of a traced search (see SearchOptions.trace). */
  trace?: (space: TracedSpace) => SearchTracer;
  /** Told the lint's warnings as soon as they are known, before the search: those of the texts, then those of the ground task (never-applies). */
  onWarnings?: (warnings: readonly Warning[]) => void;
}

/** The Prolog backend's options of a solve (the names of the domain and problem in its messages come from the caller). */
export function prologOptionsOf(o: SolveOptions): Omit<PrologSolveOptions, 'domainFile' | 'problemFile'> {
  return {
    algo: o.algo as PrologStrategy,
    cycle: o.cycle,
    theory: o.theory,
    engine: o.engine,
    timeoutMs: o.timeoutMs ?? Infinity,
    maxNodes: o.maxNodes ?? Infinity,
    maxMemoryMb: o.maxMemoryMb,
  };
}
