/**
 * planlog's public API: load a problem, ground it, solve, validate, explain,
 * trace and compare; the registries of strategies, heuristics and pruners;
 * located errors; the contract's JSON objects; Sokoban levels; PDDL.
 *
 * An entry file, like src/cli.ts: nothing in src/ imports it (each module
 * imports the modules it needs). The benchmark (src/bench/index.ts) and the
 * web playground (src/web/index.ts) have entry files of their own; the worker
 * pool, the chart writer and the Prolog engines' adapters are not part of it.
 */

// Load: texts → a checked domain and problem (a level is compiled to facts).
export { loadProblem, type LoadedProblem, type ProblemSource } from './core/load.ts';
export { parseDomain } from './lang/domain.ts';
export { parseProblem } from './lang/problem.ts';
export type { Domain, OperatorSchema, PlanStep, Problem } from './model/lifted.ts';

// Ground: the problem as a STRIPS task, and the packed search space the strategies run on.
export { ground } from './strips/ground.ts';
export { makeSearchSpace, type SearchSpace } from './strips/space.ts';
export type { Task } from './strips/task.ts';

// Solve: the whole chain (load → ground → search → validate), with either backend.
export { solve, solveLoaded, solveSource, type SolveOptions } from './pipeline/solve.ts';
export type { Backend, SolveReport } from './core/report.ts';
export { swiplAvailable } from './prolog/engine-swipl.ts';

// Lint: the domain linter's warnings on a loaded problem (the texts' checks and never-applies on the ground task), and each check's code.
export { lintLoaded } from './pipeline/solve.ts';
export { lintCodes, type LintCode, type Warning } from './lint/index.ts';

// Validate: a plan (ground terms, or a LURD string on a level) replayed by the validator.
export { lurdSteps, validateSteps } from './pipeline/solve.ts';
export { validatePlan, type ValidationResult } from './strips/validate.ts';
export { readPlan } from './lang/plan.ts';

// Explain: why each step of a plan is legal.
export { explainPlan, type Explanation } from './explain/explain.ts';
export { renderExplanation } from './explain/render.ts';

// Trace: the first expansions of a search, as text, JSON or DOT.
export { tracedStrategies, traceLoaded, type SearchTrace } from './trace/trace.ts';
export { renderTrace } from './trace/render.ts';
export { traceToDot } from './trace/dot.ts';

// Compare: the ts search against the planning theory on a Prolog engine.
export { compareLoaded, renderComparison, type Comparison } from './pipeline/compare.ts';

// The registries: strategies, heuristics and pruners, composed from the generic records and the installed domain plug-ins.
export {
  compose,
  contextOf,
  defaultHeuristicFor,
  getHeuristic,
  getPlugin,
  getPruner,
  getStrategy,
  heuristicNames,
  heuristics,
  plugins,
  prunerNames,
  pruners,
  strategies,
  strategyNames,
  type DomainPlugin,
  type Registries,
} from './plugins/index.ts';
export type { Pruner, SearchContext, SearchOptions, SearchResult, SearchStats, Strategy } from './search/types.ts';
export type { Heuristic } from './heuristics/types.ts';

// Errors: every stage that reads input throws a PlanlogError with located diagnostics (file:line:col: message).
export { formatDiagnostics, formatLocation, isPlanlogError, PlanlogError, type Diagnostic } from './util/errors.ts';

// The contract's JSON objects (the CLI's --json, the web API).
export {
  compareJson,
  errorJson,
  solveJson,
  validationJson,
  type CompareJson,
  type ErrorJson,
  type SolveJson,
  type StatsJson,
  type ValidateJson,
} from './pipeline/json.ts';

// Sokoban levels: the reader, the compiler to facts, LURD, boards.
export { readLevel, readLevels, type Level } from './sokoban/level.ts';
export { compileLevel } from './sokoban/compile.ts';
export { lurdToPlan, planToLurd } from './sokoban/lurd.ts';
export { renderBoard } from './sokoban/render.ts';

// PDDL: reading STRIPS PDDL, import (PDDL → opn/4), export (opn/4 → PDDL), plans for VAL and Fast Downward.
export { readPddlDomain } from './pddl/read-domain.ts';
export { readPddlProblem } from './pddl/read-problem.ts';
export { importPddl, type ImportedPddl } from './pddl/import.ts';
export { exportPddlDomain, exportPddlProblem } from './pddl/export.ts';
export { pddlPlan } from './pddl/plan.ts';
