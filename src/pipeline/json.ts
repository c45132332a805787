/**
 * The JSON objects of the contract (shared/DESIGN.md), declared and built in
 * one place for the CLI's `--json`, the web API and the playground page.
 *
 * This module imports nothing but a type of util/errors.ts (itself free of
 * imports), so that the page (browser TypeScript, no Node types) can import
 * its types. The builders therefore state what they read as the contract's
 * own shapes: a SolveReport (core/report.ts) is a SolveJson plus the
 * validator's replay, a Comparison (pipeline/compare.ts) two reports and a
 * verdict. tests/pipeline/json.test.ts checks that these types name exactly
 * the fields of the reports they are built from. (Type aliases, not
 * interfaces: an object type alias is also a Record<string, unknown>.)
 */
import type { PlanlogError } from '../util/errors.ts';

/** One iteration of an iterative-deepening search (iddfs, idastar). */
export type IterationJson = {
  bound: number;
  expanded: number;
  generated: number;
  /** Longest partial plan seen in the iteration. */
  maxDepth: number;
};

/** A plan an anytime strategy (lama) found on its way; the last is the answer. */
export type AnytimePlanJson = {
  cost: number;
  length: number;
  /** The weight of the weighted A* search that found it (0: the first, greedy, search). */
  weight: number;
  /** Milliseconds from the strategy's start. */
  atMs: number;
};

/** The `stats` of the solve --json object: the search's counts, then the whole solve's. */
export type StatsJson = {
  /** Nodes whose successors were generated. */
  expanded: number;
  /** Successor nodes created (after the cycle rule, before duplicate detection). */
  generated: number;
  /** Generated states already stored. */
  duplicates: number;
  /** Heuristic evaluations. */
  evaluated?: number;
  /** States reopened because a cheaper path to them was found. */
  reopened?: number;
  /** States stored at the end (peak) by strategies with a closed set. */
  stored: number;
  /** Bytes per stored state of the closed set. */
  bytesPerState?: number;
  iterations?: IterationJson[];
  /** Every plan an anytime strategy found, each cheaper than the one before. */
  plans?: AnytimePlanJson[];
  /** Search time. */
  timeMs: number;
  /** Which limit ended the search (status `limit`). */
  limit?: 'time' | 'nodes' | 'memory' | 'interrupted';
  parseMs: number;
  groundMs: number;
  /** Parse + ground + search. */
  totalMs: number;
  /** Ground atoms and operators of the task (0 for the Prolog backend, which does not ground). */
  atoms: number;
  operators: number;
  /** The preprocessing of the ground task (--preprocess): the sizes after it and each phase's time (absent: the Prolog backend, or a limit while grounding). */
  preprocess?: PreprocessJson;
};

/** `stats.preprocess`: what the preprocessing of the ground task did (src/strips/preprocess.ts PreprocessStats). */
export type PreprocessJson = {
  /** What ran: none, relevance or h2 (h2 asked for and skipped: see h2Skipped). */
  mode: string;
  /** Atoms and operators after preprocessing. */
  atoms: number;
  operators: number;
  /** Mutex groups (finite-domain variables of two or more atoms) and the atoms in them; 0 without h2. */
  mutexGroups: number;
  groupedAtoms: number;
  /** Operators dropped by h^2 and by relevance. */
  h2Pruned: number;
  irrelevant: number;
  h2Ms: number;
  relevanceMs: number;
  groupsMs: number;
  /** Why h^2 did not run (the task's size). */
  h2Skipped?: string;
};

/** Where a solved level comes from. */
export type LevelJson = {
  file: string;
  /** 1-based place in its file. */
  number: number;
  title: string | null;
};

/** What the Prolog backend adds to a solve --json object. */
export type PrologJson = {
  theory: string;
  engine: string;
  /** tau-prolog resolution steps (counted in chunks of 20,000); swipl: SWI-Prolog inferences. */
  steps: number;
  /** Whether the plan passed the TypeScript validator (absent unless solved). */
  valid?: boolean;
  /** The validator's message for an invalid plan. */
  invalidReason?: string;
};

/** The `solve --json` object (also the web API's /api/solve answer). */
export type SolveJson = {
  status: 'solved' | 'unsolvable' | 'limit';
  /** Ground operator terms as the domain names them; [] unless solved. */
  plan: string[];
  length: number;
  cost: number;
  /** Whether the strategy guarantees a shortest (cheapest) plan. */
  optimal: boolean;
  /** Sokoban levels only. */
  lurd?: string;
  moves?: number;
  pushes?: number;
  algo: string;
  heuristic: string;
  /** Every heuristic the strategy used (a portfolio's members', in order; the last answered); [] for none. */
  heuristics: string[];
  backend: 'ts' | 'prolog';
  cycle: 'state' | 'action';
  /** Why no plan was returned (unsolvable or limit). */
  reason?: string;
  /** On unsolvable: proven only under the original's action rule. */
  proof?: 'action-rule';
  stats: StatsJson;
  /** The Prolog backend's run (backend prolog, and compare's prolog side). */
  prolog?: PrologJson;
  /** Levels only: which level was solved. */
  level?: LevelJson;
  /** The lint's warnings on the domain and problem ([] when none). */
  warnings: WarningJson[];
};

/** A lint warning (src/lint): its check's code, where, and the message with its notes (did you mean …). */
export type WarningJson = {
  /** The check: singleton, unknown-precondition, unused-init, unreachable-goal, never-applies, no-shared-predicates. */
  code: string;
  file: string;
  line?: number;
  column?: number;
  message: string;
  notes?: string[];
};

/** The `lint --json` object. */
export type LintJson = {
  /** The file linted: a domain alone, a problem, or a level file. */
  file: string;
  /** The domain it was linted against (null: the file is a domain, linted alone). */
  domain: string | null;
  warnings: WarningJson[];
  /** Why a check did not run (never-applies when grounding hit a limit). */
  unchecked?: string;
};

/** What warningsJson reads: a lint Warning (src/lint/warning.ts), a located diagnostic with its code. */
export type WarningFields = Omit<WarningJson, 'notes'> & { notes?: readonly string[] };

/** The `warnings` array of every JSON object: the warnings' contract fields, in their order. */
export function warningsJson(warnings: readonly WarningFields[] | undefined): WarningJson[] {
  return (warnings ?? []).map((w) => ({
    code: w.code,
    file: w.file,
    ...(w.line !== undefined ? { line: w.line, column: w.column ?? 1 } : {}),
    message: w.message,
    ...(w.notes && w.notes.length > 0 ? { notes: [...w.notes] } : {}),
  }));
}

/** The `compare --json` object (also /api/compare). */
export type CompareJson = {
  agree: boolean;
  reason: string;
  ts: SolveJson;
  prolog: SolveJson;
  /** The lint's warnings on the domain and problem ([] when none). */
  warnings: WarningJson[];
};

/** One located problem. */
export type DiagnosticJson = {
  message: string;
  file: string;
  line?: number;
  column?: number;
};

/**
 * The error object of `--json` (printed as `{ "error": … }`) and of the web
 * API's 400 answers: the first problem located, all of them under `all`
 * when there are several.
 */
export type ErrorJson = DiagnosticJson & {
  all?: DiagnosticJson[];
};

/** A Sokoban plan's LURD string and counts. */
export type SokobanCounts = {
  lurd: string;
  moves: number;
  pushes: number;
};

/** Why a plan is invalid: the first step that fails (or the goal check). */
export type FailureJson = {
  kind: 'unknown-operator' | 'not-ground' | 'precondition' | 'goal';
  /** 1-based step number; the plan's length + 1 for the goal check. */
  step: number;
  /** The step as written (empty for the goal check). */
  op: string;
  message: string;
  /** Preconditions (or goal facts) that do not hold. */
  missing: string[];
  /** Where the step was written (plan file line, LURD letter). */
  file?: string;
  line?: number;
  column?: number;
};

/** The `validate --json` object (also the web API's /api/validate answer). */
export type ValidateJson = {
  valid: boolean;
  /** Steps in the plan. */
  length: number;
  /** Cost of the plan; on an invalid plan, of the steps replayed before the failing one. */
  cost: number;
  /** Invalid plans: the same number as `cost`, named for what it is. */
  prefixCost?: number;
  /** Sokoban levels only. */
  lurd?: string;
  moves?: number;
  pushes?: number;
  failure?: FailureJson;
  /** The lint's warnings on the domain and problem ([] when none). */
  warnings: WarningJson[];
};

/** What solveJson reads: a report (core/report.ts's SolveReport, the Prolog backend's too) is the object plus the validator's replay. */
export type SolveReportFields = Omit<SolveJson, 'level' | 'heuristics' | 'warnings'> & { heuristics?: string[]; warnings?: readonly WarningFields[]; validation?: unknown };

/** The `solve --json` object: the report without the validator's details, plus the level's place. */
export function solveJson(r: SolveReportFields, loaded: { level?: LevelJson }): SolveJson {
  const { validation: _validation, warnings, ...rest } = r;
  return {
    ...rest,
    heuristics: r.heuristics ?? (r.heuristic === 'none' ? [] : [r.heuristic]),
    ...(loaded.level ? { level: { file: loaded.level.file, number: loaded.level.number, title: loaded.level.title } } : {}),
    warnings: warningsJson(warnings),
  };
}

/**
 * The `compare --json` object (what it reads: a Comparison of
 * pipeline/compare.ts); `warnings`: the lint's on the problem, the ts
 * side's report's, also in each side's object.
 */
export function compareJson(
  c: { verdict: { agree: boolean; reason: string }; ts: SolveReportFields; prolog: SolveReportFields },
  loaded: { level?: LevelJson },
): CompareJson {
  // one problem, one lint (the ts side's, which grounds it): both sides carry its warnings
  const w = warningsJson(c.ts.warnings);
  return { agree: c.verdict.agree, reason: c.verdict.reason, ts: { ...solveJson(c.ts, loaded), warnings: w }, prolog: { ...solveJson(c.prolog, loaded), warnings: w }, warnings: w };
}

/** The error object of `--json` and of the web API's 400 answers: the first problem located, all of them under `all`. */
export function errorJson(e: PlanlogError): ErrorJson {
  const d = e.first;
  return {
    message: d.message,
    file: d.file,
    ...(d.line !== undefined ? { line: d.line, column: d.column ?? 1 } : {}),
    ...(e.diagnostics.length > 1 ? { all: e.diagnostics.map((x) => ({ message: x.message, file: x.file, line: x.line, column: x.column })) } : {}),
  };
}

/** What validationJson reads of a ValidationResult (strips/validate.ts). */
export type ValidationFields = {
  valid: boolean;
  cost: number;
  failure?: Omit<FailureJson, 'file' | 'line' | 'column'> & { loc?: { file: string; line: number; column: number } };
};

/**
 * The `validate --json` object (also the web API's /api/validate answer).
 * On an invalid plan `cost` is the cost of the steps replayed before the
 * failing one, not of the plan; `prefixCost` names it so (`cost` stays for
 * the contract's readers).
 */
export function validationJson(v: ValidationFields, length: number, sokoban?: SokobanCounts, warnings?: readonly WarningFields[]): ValidateJson {
  const f = v.failure;
  return {
    valid: v.valid,
    length,
    cost: v.cost,
    ...(v.valid ? {} : { prefixCost: v.cost }),
    ...(sokoban ?? {}),
    ...(f
      ? {
          failure: {
            kind: f.kind,
            step: f.step,
            op: f.op,
            message: f.message,
            missing: f.missing,
            ...(f.loc ? { file: f.loc.file, line: f.loc.line, column: f.loc.column } : {}),
          },
        }
      : {}),
    warnings: warningsJson(warnings),
  };
}

/**
 * One node of `planlog trace --format json` (and POST /api/trace): an
 * expansion, a frontier node or an unrecorded plan node (src/trace/).
 */
export type TraceNodeJson = {
  /** Expansion order from 0; frontier nodes (with `states`) come after the recorded ones, then the unrecorded plan nodes. */
  id: number;
  parent: number | null;
  /** The operator that led here; null for a root. */
  op: string | null;
  g: number;
  /** null when the strategy has no heuristic (or for an unrecorded plan node; for a frontier node when h was not known at generation: lazy evaluation, a goal found when generated). */
  h: number | null;
  /** What the strategy orders by (g when it has no heuristic); null for an unrecorded plan node. */
  f: number | null;
  depth: number;
  /** The iteration's bound (iddfs: depth, idastar: f). */
  bound?: number;
  /** One of the recorded expansions; false for a plan node added to complete the path. */
  recorded: boolean;
  /** On the plan's path. */
  plan: boolean;
  /** The plan's last node (a goal state; no strategy expands it). */
  goal?: boolean;
  /**
   * With `states`: a node on the open list when the recorded window ended —
   * generated by a recorded expansion (`parent`) and not expanded within the
   * window (`recorded` is false). Only graph searches (bfs, ucs, astar,
   * wastar, gbfs, the push searches) have them; depth-first ones do not.
   */
  frontier?: boolean;
  /**
   * With `states`: the fluent atoms true in the node's state as the task
   * names them (`box(x2y1)`, `sokoban(x1y1)`), sorted; static facts are not
   * included. A push search's state is its boxes and the player's normalised
   * square (the smallest square of the region the player can walk to), no
   * `empty` atoms. Absent when the searched space cannot say its states.
   */
  state?: string[];
};

/** One bound of an iterative strategy's trace: its expansions as the trace counted them, generated and maxDepth as the strategy reports them. */
export type TraceIterationJson = IterationJson;

/** The JSON of `planlog trace --format json` and of POST /api/trace (src/trace/trace.ts builds it). */
export type TraceJson = {
  algo: string;
  heuristic: string;
  status: SolveJson['status'];
  reason?: string;
  /** Expansions recorded at most. */
  limit: number;
  /** The trace has states and frontier nodes (trace --states); absent otherwise. */
  states?: boolean;
  /** Expansions of the whole search. */
  expansions: number;
  nodes: TraceNodeJson[];
  plan: string[];
  /**
   * Strategies over macro operators (the Sokoban push-level search): the
   * plan as the searched space's operators (its pushes, or backwards its
   * pulls from the goals), the steps of the path `planNodes` marks. Absent
   * when the nodes' operators are the plan's steps.
   */
  planOps?: string[];
  /** Ids of the plan's nodes, from the initial state (a root) to the goal; [] without a plan. */
  planNodes: number[];
  /** Non-iterative strategies: expansions per depth (depth 0 = the initial state). */
  levels?: { depth: number; expanded: number }[];
  /** Iterative strategies: one entry per bound tried. */
  iterations?: TraceIterationJson[];
  /** Iterative strategies: why the deepening stopped where it did. */
  stopped?: string;
  stats: StatsJson;
};
