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
import { type LoadedProblem, loadProblem, type ProblemSource } from '../core/load.ts';
import { planSteps, sokobanFields, type SolveReport } from '../core/report.ts';
import { parseTerm } from '../lang/parse.ts';
import type { Domain } from '../model/lifted.ts';
import { contextOf, defaultHeuristicFor, getHeuristic, getPruner, getStrategy, problemHeuristics, prunerNames } from '../plugins/index.ts';
import { Budget, clockMs, LimitReached, setActiveBudget } from '../util/budget.ts';
import type { Pruner, SearchContext, SearchOptions, SearchResult, Strategy } from '../search/types.ts';
import { lurdToTerms } from '../sokoban/lurd.ts';
import { ground } from '../strips/ground.ts';
import { makeSearchSpace, type SearchSpace } from '../strips/space.ts';
import type { Task } from '../strips/task.ts';
import { type ValidationResult, validatePlan } from '../strips/validate.ts';
import type { PlanStep } from '../model/lifted.ts';
import { PlanlogError } from '../util/errors.ts';

export interface SolveOptions extends Partial<Omit<SearchOptions, 'prune'>> {
  algo: string;
  /** The pruner's name (a registered one; 'none' or absent: no pruning). */
  prune?: string;
  /**
   * clockMs() when the solve started, before its files were read: every
   * limit counts from it, and `stats.totalMs` is the time since. Default:
   * when solveSource starts (solveLoaded: `parseMs` before it starts).
   */
  startedAt?: number;
}

/**
 * The one budget of a solve (time from `startedAt`, memory, interrupt):
 * reading, compiling, grounding and the heuristics' set-up poll it, and
 * the search's own budget counts from the same start.
 */
export function solveBudget(options: Omit<SolveOptions, 'algo'>): Budget {
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

function strategyOf(options: SolveOptions): Strategy {
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

/**
 * The search options of a solve: the problem's context (from its domain
 * plug-in), the pruner, and the default heuristic of a strategy whose default
 * a plug-in chooses for its problems (picked by the problem).
 */
function searchOptionsOf(strategy: Strategy, options: SolveOptions, context: SearchContext | undefined): SearchOptions {
  const { startedAt: _startedAt, algo: _algo, prune, ...rest } = stripUndefined(options);
  const search: SearchOptions = { cycle: 'state', timeoutMs: Infinity, maxNodes: Infinity, ...rest, context, prune: prunerOf(prune) };
  if (search.heuristic === undefined && problemHeuristics(strategy.name).length > 0) search.heuristic = getHeuristic(defaultHeuristicFor(strategy.name, context) ?? '');
  return search;
}

/**
 * Reading and compiling under a solve's budget (`options.timeoutMs`,
 * `maxMemoryMb`, the interrupt, from `options.startedAt`), for callers that
 * solve elsewhere (the Prolog backend) and for solveSource: the loaded
 * problem and the budget, or the `limit` report of the phase that a limit
 * stopped ("… while reading level 1 of big.txt (row 180 of 500)") with an
 * empty problem under the files' names.
 */
export function loadWithin(src: ProblemSource, options: SolveOptions): { loaded: LoadedProblem; parseMs: number; budget: Budget } | { stopped: SolveReport; loaded: LoadedProblem } {
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
export function solveSource(src: ProblemSource, options: SolveOptions): { report: SolveReport; loaded: LoadedProblem; read: boolean } {
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
export function solveLoaded(loaded: LoadedProblem, options: SolveOptions, parseMs = 0, budget?: Budget): SolveReport {
  const strategy = strategyOf(options);
  const search = searchOptionsOf(strategy, options, contextOf(loaded));
  const t0 = clockMs();
  const startedAt = options.startedAt ?? t0 - parseMs;
  budget ??= solveBudget({ ...options, startedAt });
  // the time limit covers grounding too: a huge level or domain can take long to ground
  budget.phase = 'grounding';
  let task: Task;
  let space: SearchSpace;
  try {
    task = ground(loaded.domain, loaded.problem, budget);
    space = makeSearchSpace(task, budget);
  } catch (e) {
    if (!(e instanceof LimitReached)) throw e;
    const groundMs = clockMs() - t0;
    return stoppedReport(e, strategy, search, { parseMs, groundMs, totalMs: clockMs() - startedAt, atoms: 0, operators: 0 });
  }
  const groundMs = clockMs() - t0;
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
    return stoppedReport(e, strategy, search, { parseMs, groundMs, totalMs: clockMs() - startedAt, atoms: task.atoms.length, operators: task.operators.length });
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
    optimal: result.status === 'solved' && strategy.optimal(space, search),
    algo: strategy.name,
    heuristic: search.heuristic?.name ?? 'none',
    backend: 'ts',
    cycle: search.cycle,
    ...(result.reason ? { reason: result.reason } : {}),
    ...(result.proof ? { proof: result.proof } : {}),
    stats: { ...result.stats, parseMs, groundMs, totalMs: 0, atoms: task.atoms.length, operators: task.operators.length },
    validation,
  };
  if (loaded.level && result.status === 'solved') Object.assign(report, sokobanFields(plan));
  // the whole time, from the solve's start (reading included) to the validated plan
  report.stats.totalMs = clockMs() - startedAt;
  return report;
}

/** The report of a solve that a limit stopped before its search: the phase's position in the reason. */
function stoppedReport(e: LimitReached, strategy: Strategy, search: SearchOptions, times: { parseMs: number; groundMs: number; totalMs: number; atoms: number; operators: number }): SolveReport {
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

/** The whole chain from texts: load, ground, search, validate (solveSource's report). */
export function solve(src: ProblemSource, options: SolveOptions): SolveReport {
  return solveSource(src, options).report;
}

/** Reads a plan given as ground terms or (for levels) as a LURD string, and validates it. */
export function validateSteps(loaded: LoadedProblem, steps: PlanStep[]): ValidationResult {
  return validatePlan(loaded.domain, loaded.problem, steps);
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
