/**
 * planlog's public API. The command line (and the web page) import only
 * from here; everything else is an implementation detail.
 */

// The pipeline: texts → problem → ground task → search → validated plan.
export { isPrologFile, loadProblem, type LoadedProblem, type ProblemSource } from './core/load.ts';
export { backendNames, planSteps, sokobanFields, type Backend, type SolveReport } from './core/report.ts';
export { lurdSteps, solve, solveBudget, solveLoaded, solveSource, loadWithin, validateSteps, type SolveOptions } from './pipeline/solve.ts';

// The JSON objects of the contract (CLI --json, web API).
export { compareJson, errorJson, solveJson, validationJson, type SokobanCounts } from './pipeline/json.ts';

// Reading and writing Prolog texts; located errors.
export { formatDiagnostics, formatLocation, isPlanlogError, PlanlogError, type Diagnostic } from './util/errors.ts';
export { parseDomain } from './lang/domain.ts';
export { parseProblem } from './lang/problem.ts';
export { parseProgram, parseTerm } from './lang/parse.ts';
export { readPlan } from './lang/plan.ts';
export { formatProblem } from './lang/print.ts';

// The planning model and the ground task.
export { factKey, type Domain, type Literal, type OperatorSchema, type Problem } from './model/lifted.ts';
export { ground, staticPredicates } from './strips/ground.ts';
export { makeSearchSpace, type SearchSpace } from './strips/space.ts';
export { makeTask, type Task } from './strips/task.ts';
export { validatePlan, type ValidationResult } from './strips/validate.ts';
export type { PlanStep } from './model/lifted.ts';

// Teaching: why each step of a plan is legal; a search watched node by node.
export { explainPlan, type ExplainedFailure, type ExplainedStep, type Explanation, type Precondition, type SchemaSource } from './explain/explain.ts';
export { renderExplanation, renderStep } from './explain/render.ts';
export { traceLoaded, tracedStrategies, type SearchTrace, type TraceIteration, type TraceNode } from './trace/trace.ts';
export { renderTrace } from './trace/render.ts';
export { dotString, traceToDot } from './trace/dot.ts';

// Registries: strategies, heuristics, pruning, composed from the generic records and the installed domain plug-ins.
export { compose, contextOf, defaultHeuristicFor, getHeuristic, getPlugin, getPruner, getStrategy, heuristicNames, heuristics, plugins, problemHeuristics, prunerNames, pruners, strategies, strategyFor, strategyNames, type DomainPlugin, type ProblemInput, type Registries } from './plugins/index.ts';
export type { Progress, Pruner, SearchContext, SearchOptions, SearchResult, SearchStats, SearchTracer, Strategy } from './search/types.ts';
export type { Heuristic } from './heuristics/types.ts';

// Sokoban levels.
export { SOKOBAN_STATIC, compileLevel } from './sokoban/compile.ts';
export { levelLabel, readLevel, readLevels, scanLevels, selectLevel, type Level } from './sokoban/level.ts';
export { countMovesPushes, lurdToPlan, lurdToTerms, planToLurd } from './sokoban/lurd.ts';
export { renderBoard, renderInitial } from './sokoban/render.ts';

// PDDL: reading STRIPS PDDL, import (PDDL → opn), export (opn → PDDL), plans for VAL and Fast Downward.
export { readPddlDomain } from './pddl/read-domain.ts';
export { readPddlProblem } from './pddl/read-problem.ts';
export { importPddl, type ImportedPddl } from './pddl/import.ts';
export { actionShapes, exportPddlDomain, exportPddlProblem, pddlLabel } from './pddl/export.ts';
export { pddlPlan } from './pddl/plan.ts';
export { fromPddlName, toPddlName } from './pddl/names.ts';
export type { PddlDomain, PddlProblem } from './pddl/model.ts';

// The Prolog backend and the comparison of the two backends.
export { compareLoaded, compareReports, renderComparison, stoppedComparison, type Comparison } from './pipeline/compare.ts';
export { isTheory, theories, type TheoryName } from './prolog/theory.ts';
export { prologEngines, prologStrategies, problemText, solvePrologLoaded, type PrologEngine, type PrologSolveOptions, type PrologSolveReport } from './prolog/solve.ts';
export { swiplAvailable, swiplMissing } from './prolog/engine-swipl.ts';

// Solving off the main thread.
export { solveInWorker, solveSourceInWorker } from './workers/solve.ts';
export { clockMs, LimitReached } from './util/budget.ts';
export { createPool } from './workers/pool.ts';
export type { Job, JobResult } from './workers/jobs.ts';

// Benchmarks (planlog bench): levels × strategies on the worker pool → CSV, JSON, Markdown, SVG.
export { resolveLevels, type BenchLevel } from './bench/levels.ts';
export { benchJobs, progressBar, runBench, type BenchConfig, type BenchPlan, type BenchRow } from './bench/run.ts';
export { charts, summarize, toCsv, toMarkdown } from './bench/report.ts';
export { barChart, curveChart } from './bench/svg.ts';

// The web playground (planlog serve), loaded on demand: Fastify and esbuild are not needed by the other commands.
export const loadPlayground = (): Promise<typeof import('./web/server.ts')> => import('./web/server.ts');
export type { PlaygroundServer, ServeOptions } from './web/server.ts';
