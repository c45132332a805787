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
import { parseDomain } from './lang/domain.ts';
import { PlanlogError } from './lang/errors.ts';
import { parseTerm } from './lang/parse.ts';
import { parseProblem } from './lang/problem.ts';
import { getHeuristic } from './heuristics/index.ts';
import { getStrategy } from './search/index.ts';
import { limitReason } from './search/budget.ts';
import type { LimitKind, SearchOptions, SearchResult } from './search/types.ts';
import { compileLevel } from './sokoban/compile.ts';
import { type Level, readLevel } from './sokoban/level.ts';
import { countMovesPushes, isSokobanStep, lurdToTerms, planToLurd } from './sokoban/lurd.ts';
import { ground, GroundingStopped } from './strips/ground.ts';
import type { Domain, Problem } from './strips/model.ts';
import { makeSearchSpace } from './strips/space.ts';
import type { Task } from './strips/task.ts';
import { type PlanStep, type ValidationResult, validatePlan } from './strips/validate.ts';

/** A problem to solve, as texts: a level file or a Prolog problem file, and a domain. */
export interface ProblemSource {
  file: string;
  text: string;
  /** `.pl` problem file (true) or a level file (false). Default: by the file's extension. */
  isProlog?: boolean;
  /** Level number (1-based) or title; for level files. */
  level?: string | number;
  domainFile: string;
  domainText: string;
}

/** A problem ready to ground: the domain, the problem, and the level it came from (if any). */
export interface LoadedProblem {
  domain: Domain;
  problem: Problem;
  level?: Level;
}

export function isPrologFile(file: string): boolean {
  return /\.pl$/i.test(file);
}

/** Parses and checks domain and problem. Throws PlanlogError (located) on bad input. */
export function loadProblem(src: ProblemSource): LoadedProblem {
  const domain = parseDomain(src.domainText, src.domainFile);
  if (src.isProlog ?? isPrologFile(src.file)) {
    if (src.level !== undefined) throw new PlanlogError({ file: src.file, message: '--level applies to level files, not to Prolog problem files' });
    return { domain, problem: parseProblem(src.text, src.file, domain) };
  }
  const level = readLevel(src.text, src.file, src.level);
  return { domain, problem: compileLevel(level), level };
}

export interface SolveOptions extends Partial<SearchOptions> {
  algo: string;
}

/** The two backends: planlog's own search (ts) and the planning theory on a Prolog engine. */
export const backendNames = ['ts', 'prolog'] as const;
export type Backend = (typeof backendNames)[number];

export interface SolveReport {
  status: SearchResult['status'];
  /** Ground operator terms, as the domain names them; [] unless solved. */
  plan: string[];
  length: number;
  cost: number;
  optimal: boolean;
  lurd?: string;
  moves?: number;
  pushes?: number;
  algo: string;
  heuristic: string;
  backend: Backend;
  cycle: SearchOptions['cycle'];
  /** Why no plan was returned (unsolvable or limit). */
  reason?: string;
  /** On unsolvable: 'action-rule' when proven only under the original's rule (see SearchResult). */
  proof?: SearchResult['proof'];
  stats: SearchResult['stats'] & {
    parseMs: number;
    groundMs: number;
    totalMs: number;
    atoms: number;
    operators: number;
  };
  /** The validator's replay of the plan (states for rendering). Not part of the JSON output. */
  validation?: ValidationResult;
}

/** Plan step strings as terms for the validator. */
export function planSteps(plan: readonly string[], file = '<plan>'): PlanStep[] {
  return plan.map((s) => ({ term: parseTerm(s, file) }));
}

/**
 * Grounds, searches and validates. Every returned plan has been replayed by
 * the validator; a plan that fails it is a bug and throws a plain Error.
 */
export function solveLoaded(loaded: LoadedProblem, options: SolveOptions, parseMs = 0): SolveReport {
  const strategy = getStrategy(options.algo);
  if (!strategy) throw new PlanlogError({ file: '<options>', message: `unknown strategy ${options.algo}` });
  const search: SearchOptions = { cycle: 'state', timeoutMs: Infinity, maxNodes: Infinity, ...stripUndefined(options), context: { level: loaded.level } };
  // strategies with a Sokoban default (levelHeuristic) pick their heuristic by the problem
  if (search.heuristic === undefined && strategy.levelHeuristic) search.heuristic = getHeuristic((loaded.level ? strategy.levelHeuristic : strategy.defaultHeuristic) ?? '');
  const t0 = performance.now();
  // the time limit covers grounding too: a huge level can take seconds to ground
  const deadline = t0 + search.timeoutMs;
  const stop = (): boolean => performance.now() >= deadline || (search.interrupt !== undefined && Atomics.load(search.interrupt, 0) !== 0);
  let task: Task;
  try {
    task = ground(loaded.domain, loaded.problem, stop);
  } catch (e) {
    if (!(e instanceof GroundingStopped)) throw e;
    return stoppedWhileGrounding(loaded, strategy.name, search, parseMs, performance.now() - t0, e.operators);
  }
  const space = makeSearchSpace(task);
  const groundMs = performance.now() - t0;
  search.spentMs = groundMs;

  const result: SearchResult = task.unsolvableReason
    ? { status: 'unsolvable', plan: null, reason: task.unsolvableReason, stats: { expanded: 0, generated: 0, duplicates: 0, stored: 0, timeMs: 0 } }
    : strategy.run(space, search);
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
    stats: { ...result.stats, parseMs, groundMs, totalMs: parseMs + groundMs + result.stats.timeMs, atoms: task.atoms.length, operators: task.operators.length },
    validation,
  };
  if (loaded.level && result.status === 'solved') Object.assign(report, sokobanFields(plan));
  return report;
}

/** The report of a solve whose time limit (or an interrupt) came while grounding. */
function stoppedWhileGrounding(loaded: LoadedProblem, algo: string, search: SearchOptions, parseMs: number, groundMs: number, operators: number): SolveReport {
  const interrupted = search.interrupt !== undefined && Atomics.load(search.interrupt, 0) !== 0;
  const limit: LimitKind = interrupted ? 'interrupted' : 'time';
  return {
    status: 'limit',
    plan: [],
    length: 0,
    cost: 0,
    optimal: false,
    algo,
    heuristic: search.heuristic?.name ?? 'none',
    backend: 'ts',
    cycle: search.cycle,
    reason: `${limitReason(limit, search)} while grounding (${operators.toLocaleString('en')} operators so far; ${loaded.problem.init.length.toLocaleString('en')} facts in the problem)`,
    stats: { expanded: 0, generated: 0, duplicates: 0, stored: 0, timeMs: 0, limit, parseMs, groundMs, totalMs: parseMs + groundMs, atoms: 0, operators },
  };
}

/**
 * LURD string and move/push counts of a Sokoban plan; undefined when a step
 * is not a moveX/pushX (a level solved with a domain that names its
 * operators otherwise).
 */
export function sokobanFields(plan: readonly string[]): { lurd: string; moves: number; pushes: number } | undefined {
  if (!plan.every(isSokobanStep)) return undefined;
  return { lurd: planToLurd(plan), ...countMovesPushes(plan) };
}

/** The whole chain from texts: load, ground, search, validate. */
export function solve(src: ProblemSource, options: SolveOptions): SolveReport {
  const t0 = performance.now();
  const loaded = loadProblem(src);
  return solveLoaded(loaded, options, performance.now() - t0);
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
