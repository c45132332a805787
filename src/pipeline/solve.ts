/**
 * The whole chain in one place:
 *
 *   level text ─ readLevels ─ selectLevel ─ compileLevel ─► Problem
 *   domain text ─ parseDomain ─► Domain
 *   (Domain, Problem) ─ ground ─► Task ─ makeSearchSpace ─► SearchSpace
 *   SearchSpace ─ strategy.run ─► SearchResult
 *   plan ─ validatePlan ─► checked plan ─ report ─► SolveReport
 *
 * Every stage is a pure function over texts and values; reading files is the
 * caller's business (the CLI, the web server, tests).
 */
import { factNamesOf, type LoadedProblem, loadProblem, type ProblemSource } from '../core/load.ts';
import { planSteps, sokobanFields, type SolveReport } from '../core/report.ts';
import { parseTerm } from '../lang/parse.ts';
import type { Domain } from '../model/lifted.ts';
import type { Heuristic } from '../heuristics/types.ts';
import { contextOf, defaultHeuristicFor, getHeuristic, getPruner, getStrategy, heuristicNames, prunerNames } from '../plugins/index.ts';
import { defaultEngine, solvePrologLoaded, type PrologSolveOptions, type PrologSolveReport } from '../prolog/solve.ts';
import { defaultTheory } from '../prolog/theory.ts';
import { levelLabel } from '../sokoban/level.ts';
import { Budget, clockMs, LimitReached, setActiveBudget } from '../util/budget.ts';
import { defaultSearchOptions, type Pruner, type SearchContext, type SearchOptions, type SearchResult, type Strategy } from '../search/types.ts';
import { prologOptionsOf, type SolveOptions, type SolveRun } from './options.ts';
import { lurdToTerms } from '../sokoban/lurd.ts';
import { ground } from '../strips/ground.ts';
import { DEFAULT_PREPROCESS, preprocess, type PreprocessStats } from '../strips/preprocess.ts';
import { makeSearchSpace, type SearchSpace } from '../strips/space.ts';
import type { Task } from '../strips/task.ts';
import { type FactNames, type ValidationResult, validatePlan } from '../strips/validate.ts';
import type { PlanStep } from '../model/lifted.ts';
import { PlanlogError } from '../util/errors.ts';
import { lintCause, lintTask, strictError, type Warning } from '../lint/index.ts';

export type { SolveOptions, SolveRun } from './options.ts';

/** A solve's options (plain data: names) with its run's hooks. */
export type RunOptions = SolveOptions & SolveRun;

/**
 * The one budget of a solve (time from `startedAt`, memory, interrupt):
 * reading, compiling, grounding and the heuristics' set-up poll it, and
 * the search's own budget counts from the same start.
 */
export function solveBudget(options: Omit<RunOptions, 'algo'>): Budget {
  const startedAt = options.startedAt ?? clockMs();
  return new Budget({
    timeoutMs: options.timeoutMs ?? Infinity,
    maxNodes: options.maxNodes ?? Infinity,
    maxMemoryMb: options.maxMemoryMb,
    signal: options.signal,
    interrupt: options.interrupt,
    spentMs: clockMs() - startedAt,
  });
}

function strategyOf(options: RunOptions): Strategy {
  const strategy = getStrategy(options.algo);
  if (!strategy) throw new PlanlogError({ file: '<options>', message: `unknown strategy ${options.algo}` });
  return strategy;
}

/** The pruner of a name; undefined for none. */
function prunerOf(name: string | undefined): Pruner | undefined {
  if (name === undefined || name === 'none') return undefined;
  const p = getPruner(name);
  if (!p) throw new PlanlogError({ file: '<options>', message: `unknown pruning ${name} (choose one of: ${['none', ...prunerNames].join(', ')})` });
  return p;
}

/** The heuristic of a name; without one, the strategy's default on this problem (its plug-in's, else the strategy's own); undefined for none. */
function heuristicOf(name: string | undefined, strategy: Strategy, context: SearchContext | undefined): Heuristic | undefined {
  const n = name ?? defaultHeuristicFor(strategy.name, context);
  if (n === undefined) return undefined;
  const h = getHeuristic(n);
  if (!h) throw new PlanlogError({ file: '<options>', message: `unknown heuristic ${n} (choose one of: ${heuristicNames.join(', ')})` });
  return h;
}

/**
 * The search options of a solve: the names resolved to records (the
 * heuristic, by default the strategy's on this problem; the pruner), the
 * problem's context (from its domain plug-in), the defaults of a search.
 */
function searchOptionsOf(strategy: Strategy, options: RunOptions, context: SearchContext | undefined): SearchOptions {
  const { startedAt: _startedAt, algo: _algo, backend: _backend, theory: _theory, engine: _engine, preprocess: _preprocess, heuristic, prune, ...rest } = stripUndefined(options);
  return { ...defaultSearchOptions, ...rest, context, heuristic: heuristicOf(heuristic, strategy, context), prune: prunerOf(prune) };
}

/**
 * Reading and compiling under a solve's budget (`options.timeoutMs`,
 * `maxMemoryMb`, the interrupt, from `options.startedAt`), for callers that
 * solve elsewhere (the Prolog backend) and for solveSource: the loaded
 * problem and the budget, or the `limit` report of the phase that a limit
 * stopped ("… while reading level 1 of big.txt (row 180 of 500)") with an
 * empty problem under the files' names.
 */
export function loadWithin(src: ProblemSource, options: RunOptions): { loaded: LoadedProblem; parseMs: number; budget: Budget } | { stopped: SolveReport; loaded: LoadedProblem } {
  const startedAt = options.startedAt ?? clockMs();
  const budget = solveBudget({ ...options, startedAt });
  const t0 = clockMs();
  try {
    return { loaded: loadProblem(src, budget), parseMs: clockMs() - t0, budget };
  } catch (e) {
    if (!(e instanceof LimitReached)) throw e;
    const strategy = strategyOf(options);
    const stopped = stoppedReport(e, strategy, searchOptionsOf(strategy, options, undefined), { parseMs: clockMs() - t0, groundMs: 0, totalMs: clockMs() - startedAt, atoms: 0, operators: 0 });
    // nothing was loaded: an empty domain and problem under the files' names
    const domain: Domain = { file: src.domainFile, operators: [], predicates: new Map() };
    return { stopped, loaded: { domain, problem: { file: src.file, init: [], goal: [] } } };
  }
}

/**
 * The whole chain from texts under one budget made when the solve starts
 * (`options.startedAt`, else now): reading, compiling, grounding, the
 * heuristics' set-up and the search all poll it. A limit in any phase gives
 * a `limit` report whose reason says where ("time limit of 1 s reached
 * while reading level 1 of big.txt (row 180 of 500)"). `read` is false
 * when a limit stopped the reading: `loaded` then has no level and an
 * empty domain and problem.
 */
export function solveSource(src: ProblemSource, options: RunOptions): { report: SolveReport; loaded: LoadedProblem; read: boolean } {
  const startedAt = options.startedAt ?? clockMs();
  const r = loadWithin(src, { ...options, startedAt });
  if ('stopped' in r) return { report: r.stopped, loaded: r.loaded, read: false };
  return { report: solveLoaded(r.loaded, { ...options, startedAt }, r.parseMs, r.budget), loaded: r.loaded, read: true };
}

/**
 * Grounds, searches and validates. Every returned plan has been replayed by
 * the validator; a plan that fails it is a bug and throws a plain Error.
 * `budget`: the solve's (solveSource); without it one is made, counting
 * from `options.startedAt`, else from `parseMs` before now.
 */
export function solveLoaded(loaded: LoadedProblem, options: RunOptions, parseMs = 0, budget?: Budget): SolveReport {
  const strategy = strategyOf(options);
  const search = searchOptionsOf(strategy, options, contextOf(loaded));
  const lifted = loaded.warnings ?? [];
  announce(lifted, options);
  const t0 = clockMs();
  const startedAt = options.startedAt ?? t0 - parseMs;
  budget ??= solveBudget({ ...options, startedAt });
  // the time limit covers grounding too: a huge level or domain can take long to ground
  budget.phase = 'grounding';
  let task: Task;
  let groundTask: Task;
  let space: SearchSpace;
  let pre: PreprocessStats;
  let size = { atoms: 0, operators: 0 };
  try {
    task = groundTask = ground(loaded.domain, loaded.problem, budget);
    size = { atoms: task.atoms.length, operators: task.operators.length };
    // the ground task made smaller (src/strips/preprocess.ts); a level keeps its atoms, which its plug-in reads by name
    ({ task, stats: pre } = preprocess(task, options.preprocess ?? DEFAULT_PREPROCESS[loaded.level ? 'level' : 'problem'], budget, loaded.level !== undefined));
    space = makeSearchSpace(task, budget);
  } catch (e) {
    if (!(e instanceof LimitReached)) throw e;
    const groundMs = clockMs() - t0;
    // a limit while preprocessing: the ground task's size (0 while grounding)
    return withWarnings(stoppedReport(e, strategy, search, { parseMs, groundMs, totalMs: clockMs() - startedAt, ...size }), lifted);
  }
  // grounding and packing the search space; the preprocessing's phases are in stats.preprocess
  const groundMs = clockMs() - t0 - (pre.h2Ms + pre.relevanceMs + pre.groupsMs);
  // never-applies (on the task as ground): not for a level, whose facts planlog writes (a level without vertical corridors never pushes up)
  const grounded = loaded.level ? [] : lintTask(loaded.domain, loaded.problem, groundTask, lifted, loaded.pddl);
  announce(grounded, options);
  const warnings = [...lifted, ...grounded];
  // the search's budget counts from the solve's start; the set-up of heuristics and pruners polls the solve's (pollSetup)
  search.spentMs = clockMs() - startedAt;
  budget.phase = 'set-up';

  let result: SearchResult;
  setActiveBudget(budget);
  try {
    result = task.unsolvableReason
      ? { status: 'unsolvable', plan: null, reason: task.unsolvableReason, stats: { expanded: 0, generated: 0, duplicates: 0, stored: 0, timeMs: 0 } }
      : strategy.run(space, search);
  } catch (e) {
    if (!(e instanceof LimitReached)) throw e;
    return withWarnings(stoppedReport(e, strategy, search, { parseMs, groundMs, totalMs: clockMs() - startedAt, atoms: groundTask.atoms.length, operators: groundTask.operators.length, preprocess: pre }), warnings);
  } finally {
    setActiveBudget(null);
  }
  const plan = result.plan ? result.plan.map((o) => task.operators[o].name) : [];
  let validation: ValidationResult | undefined;
  if (result.status === 'solved') {
    validation = validatePlan(loaded.domain, loaded.problem, planSteps(plan));
    if (!validation.valid) throw new Error(`internal error: ${options.algo} returned a plan the validator rejects: ${validation.failure?.message}`);
  }
  const report: SolveReport = {
    status: result.status,
    plan,
    length: plan.length,
    cost: validation?.cost ?? 0,
    optimal: result.status === 'solved' && (result.provedOptimal === true || strategy.optimal(space, search)),
    algo: strategy.name,
    heuristic: result.heuristics?.at(-1) ?? search.heuristic?.name ?? 'none',
    ...(result.heuristics ? { heuristics: result.heuristics } : {}),
    backend: 'ts',
    cycle: search.cycle,
    ...(result.reason ? { reason: result.reason } : {}),
    ...(result.proof ? { proof: result.proof } : {}),
    stats: { ...result.stats, parseMs, groundMs, totalMs: 0, atoms: groundTask.atoms.length, operators: groundTask.operators.length, preprocess: pre },
    validation,
  };
  if (loaded.level && result.status === 'solved') Object.assign(report, sokobanFields(plan));
  // the whole time, from the solve's start (reading included) to the validated plan
  report.stats.totalMs = clockMs() - startedAt;
  return withWarnings(report, warnings);
}

/** Tells the run's hook (onWarnings) the warnings; under `strict` throws them as errors instead. */
function announce(warnings: readonly Warning[], options: RunOptions): void {
  if (warnings.length === 0) return;
  if (options.strict) throw strictError(warnings);
  options.onWarnings?.(warnings);
}

/** The report with the run's warnings; a run that found no plan names the warning that may be the cause in its reason. */
function withWarnings<R extends SolveReport>(report: R, warnings: readonly Warning[]): R {
  if (warnings.length === 0) return report;
  report.warnings = [...warnings];
  if (report.status === 'unsolvable') report.reason = `${report.reason ?? 'no plan exists'}${lintCause(warnings)}`;
  return report;
}

/**
 * The lint's warnings on a loaded problem: those of its texts
 * (loaded.warnings) and, but for a level, never-applies on its ground task,
 * ground under `budget` when given. A limit reached while grounding leaves
 * never-applies unchecked; `unchecked` then says why.
 */
export function lintLoaded(loaded: LoadedProblem, budget?: Budget): { warnings: Warning[]; unchecked?: string } {
  const lifted = loaded.warnings ?? [];
  if (loaded.level) return { warnings: [...lifted] };
  try {
    if (budget) budget.phase = 'grounding';
    const task = ground(loaded.domain, loaded.problem, budget);
    return { warnings: [...lifted, ...lintTask(loaded.domain, loaded.problem, task, lifted, loaded.pddl)] };
  } catch (e) {
    if (!(e instanceof LimitReached)) throw e;
    return { warnings: [...lifted], unchecked: `never-applies was not checked: ${e.reason}` };
  }
}

/** The report of a solve that a limit stopped before its search: the phase's position in the reason. */
function stoppedReport(e: LimitReached, strategy: Strategy, search: SearchOptions, times: { parseMs: number; groundMs: number; totalMs: number; atoms: number; operators: number; preprocess?: PreprocessStats }): SolveReport {
  return {
    status: 'limit',
    plan: [],
    length: 0,
    cost: 0,
    optimal: false,
    algo: strategy.name,
    heuristic: search.heuristic?.name ?? 'none',
    backend: 'ts',
    cycle: search.cycle,
    reason: e.reason,
    stats: { expanded: 0, generated: 0, duplicates: 0, stored: 0, timeMs: 0, limit: e.kind, ...times },
  };
}

/** The names of the domain and the problem in the Prolog backend's messages (the engine reads the checked terms, printed by planlog). */
export type PrologSources = Partial<Pick<PrologSolveOptions, 'domainFile' | 'problemFile'>>;

/**
 * One solve of a loaded problem with the backend its options name: planlog's
 * own search (ts, the default: solveLoaded) or the planning theory on a
 * Prolog engine (prolog: options.theory, options.engine). `parseMs`: the
 * reading's time; `budget`: the solve's, when the reading was under it
 * (loadWithin); `sources`: the names of the domain and the problem in the
 * engine's messages.
 */
export async function solve(loaded: LoadedProblem, options: RunOptions, more: { parseMs?: number; budget?: Budget; sources?: PrologSources } = {}): Promise<SolveReport> {
  if (options.backend !== 'prolog') return solveLoaded(loaded, options, more.parseMs, more.budget);
  // the engine does not ground: the lint grounds the problem for never-applies, under the solve's budget
  announce(loaded.warnings ?? [], options);
  const budget = more.budget ?? solveBudget(options);
  const { warnings } = lintLoaded(loaded, budget);
  announce(warnings.slice(loaded.warnings?.length ?? 0), options);
  // one time limit for the run: the engine gets what reading and the lint's grounding left of it
  const left = budget.remainingMs();
  const prolog = prologOptionsOf(options);
  const spentMs = Number.isFinite(left) ? Math.max(0, (prolog.timeoutMs ?? Infinity) - left) : 0;
  return withWarnings(await solvePrologLoaded(loaded, { ...prolog, ...more.sources, spentMs }, more.parseMs), warnings);
}

/** The Prolog backend's `limit` report of a solve that a limit stopped while its problem was read (the ts report `stopped` of loadWithin). */
export function stoppedPrologReport(stopped: SolveReport, prolog: { theory?: string; engine?: string }): PrologSolveReport {
  return {
    ...stopped,
    backend: 'prolog',
    heuristic: 'none',
    prolog: { theory: (prolog.theory ?? defaultTheory) as PrologSolveReport['prolog']['theory'], engine: (prolog.engine ?? defaultEngine) as PrologSolveReport['prolog']['engine'], steps: 0 },
  };
}

/** What a strategy sees of these options on this problem (none: a problem of no plug-in): the names resolved to records, the problem's context, the defaults of a search. */
export function searchOptionsFor(loaded: LoadedProblem | undefined, options: RunOptions): SearchOptions {
  return searchOptionsOf(strategyOf(options), options, loaded && contextOf(loaded));
}

/** The names of a problem read from `src` in the engine's messages: the file; a level's facts as "FILE (level N) as facts". */
export function prologSources(src: ProblemSource, loaded: LoadedProblem): Required<PrologSources> {
  return { domainFile: src.domainFile, problemFile: loaded.level ? `${src.file} (${levelLabel(loaded.level)}) as facts` : src.file };
}

/**
 * The texts read under the solve's budget, then solve() with the backend the
 * options name: a limit while reading gives that backend's `limit` report
 * (`read` false, `loaded` empty). `sources`: the names in the Prolog
 * engine's messages (default prologSources).
 */
export async function solveFrom(src: ProblemSource, options: RunOptions, sources: (loaded: LoadedProblem) => PrologSources = (l) => prologSources(src, l)): Promise<{ report: SolveReport; loaded: LoadedProblem; read: boolean }> {
  const startedAt = options.startedAt ?? clockMs();
  const r = loadWithin(src, { ...options, startedAt });
  if ('stopped' in r) return { report: options.backend === 'prolog' ? stoppedPrologReport(r.stopped, options) : r.stopped, loaded: r.loaded, read: false };
  return { report: await solve(r.loaded, { ...options, startedAt }, { parseMs: r.parseMs, budget: r.budget, sources: sources(r.loaded) }), loaded: r.loaded, read: true };
}

/**
 * Validates a plan read as ground terms or (for levels) as a LURD string.
 * Its messages write facts and steps as the input does (`names`): PDDL's
 * `(robot-at office)` for a PDDL domain, else planlog's terms.
 */
export function validateSteps(loaded: LoadedProblem, steps: PlanStep[], names: FactNames = factNamesOf(loaded)): ValidationResult {
  return validatePlan(loaded.domain, loaded.problem, steps, names);
}

/**
 * LURD → plan steps located at their letters; needs a level. The letters
 * are translated by geometry only, so an impossible step reaches the
 * validator and is reported as an invalid plan, not as bad input.
 */
export function lurdSteps(loaded: LoadedProblem, lurd: string, file = '<lurd>'): PlanStep[] {
  if (!loaded.level) throw new PlanlogError({ file, message: 'a LURD string needs a level file (Sokoban), not a Prolog problem' });
  const { plan, columns, lines } = lurdToTerms(loaded.level, lurd, file);
  return plan.map((s, i) => ({ term: parseTerm(s, file), loc: { file, line: lines[i], column: columns[i], offset: columns[i] - 1 } }));
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
