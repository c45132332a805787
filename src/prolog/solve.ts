/**
 * The Prolog backend: the same (Domain, Problem) solved by the planning
 * theory (src/prolog/*.pl) in tau-prolog (or SWI-Prolog: `engine`), the plan replayed by the
 * TypeScript validator, and the answer as a SolveReport like the TS
 * backend's.
 *
 *   checked Domain + Problem ─ printed (formatDomainForEngine, …) ─► fact texts
 *     ─ theory (prelude, search, plain|fast) ─ engine (worker) ─► events
 *     ─ plan ─ validatePlan ─► SolveReport { backend: 'prolog' }
 *
 * The engines never see the user's own text: only what planlog's parser and
 * checks accepted, printed back by planlog (each term on its original line,
 * so a line an engine names is the user's line), and read by the engine as
 * facts after it is locked down (engine.ts). This holds for every caller:
 * solve --backend prolog, compare, the web API and bench.
 */
import type { Domain } from '../model/lifted.ts';
import { PlanlogError } from '../util/errors.ts';
import { formatDomainForEngine, formatProblem, formatProblemForEngine } from '../lang/print.ts';
import { termToString, type Term } from '../model/terms.ts';
import { type LoadedProblem } from '../core/load.ts';
import { planSteps, sokobanFields, type SolveReport } from '../core/report.ts';
import { defaultSearchOptions, type CycleRule, type IterationStats, type LimitKind } from '../search/types.ts';
import { SOKOBAN_STATIC } from '../sokoban/compile.ts';
import { staticPredicates } from '../strips/ground.ts';
import { validatePlan, type ValidationResult } from '../strips/validate.ts';
import { PrologEngineError, runProlog } from './engine.ts';
import { runSwipl } from './engine-swipl.ts';
import { defaultTheory, theorySources, type TheoryName } from './theory.ts';

/** The strategies the planning theory implements. */
export const prologStrategies = ['iddfs', 'bfs'] as const;
export type PrologStrategy = (typeof prologStrategies)[number];

/** The Prolog engines: tau-prolog (the default, engine.ts) and SWI-Prolog in WebAssembly (engine-swipl.ts). */
export const prologEngines = ['tau', 'swipl'] as const;
export type PrologEngine = (typeof prologEngines)[number];

/** The engine used when none is named. */
export const defaultEngine: PrologEngine = 'tau';

export interface PrologSolveOptions {
  algo: PrologStrategy;
  /** iddfs's cycle rule (default state). */
  cycle?: CycleRule;
  /** Theory variant (default fast). */
  theory?: TheoryName;
  /** Prolog engine (default tau). */
  engine?: PrologEngine;
  /** Wall-clock limit in ms (default none). */
  timeoutMs?: number;
  /** Of the time limit, what the run spent before the engine starts (reading, the lint's grounding): the engine gets the rest. */
  spentMs?: number;
  /** Limit on expanded nodes (default none). */
  maxNodes?: number;
  /** Limit on tau-prolog resolution steps (swipl: inferences per answer; default none). */
  maxSteps?: number;
  /** Memory limit in MB for the engine (its worker's heap; SWI's stacks get half, at most 1 GB; default none). */
  maxMemoryMb?: number;
  /** Name of the domain in error messages (default: the loaded domain's file). */
  domainFile?: string;
  /** Name of the problem in error messages (default: the loaded problem's file; a level's facts: "… (as Prolog facts)"). */
  problemFile?: string;
  /** The domain the engine reads instead of the loaded one (checked like any domain; for mutation tests). The plan is still validated against the loaded domain. */
  engineDomain?: Domain;
  /** Called after each completed iddfs iteration. */
  onIteration?: (it: IterationStats) => void;
}

/** What the Prolog backend adds to a SolveReport. */
export interface PrologInfo {
  theory: TheoryName;
  engine: PrologEngine;
  /** tau-prolog resolution steps (counted in chunks of 20,000); swipl: SWI-Prolog inferences. */
  steps: number;
  /** Whether the plan passed the TypeScript validator (absent unless solved). */
  valid?: boolean;
  /** The validator's message for an invalid plan. */
  invalidReason?: string;
}

export type PrologSolveReport = SolveReport & { prolog: PrologInfo };

/** The problem as a Prolog problem file (`init([...]).` and `goal([...]).`, what `planlog facts` writes), static facts first. */
export function problemText(loaded: LoadedProblem): string {
  return formatProblem(loaded.problem, { staticPreds: loaded.level ? SOKOBAN_STATIC : staticPredicates(loaded.domain) });
}

/**
 * The problem as the engine reads it, printed from the checked problem: one
 * init_fact/goal_fact clause per fact, a problem file's facts each on its
 * original line (a level's facts one per line).
 */
export function problemFacts(loaded: LoadedProblem): string {
  return formatProblemForEngine(loaded.problem, { keepPlaces: !loaded.level });
}

/** The domain as the engine reads it, printed from the checked domain, each operator on its original line. */
export function domainText(domain: Domain): string {
  return formatDomainForEngine(domain);
}

const termInt = (t: Term): number => (t.kind === 'int' ? t.value : NaN);

function iterationOf(t: Term): IterationStats {
  if (t.kind !== 'compound' || t.functor !== 'it' || t.args.length !== 4) throw new Error(`unexpected iteration term ${termToString(t)}`);
  const [bound, expanded, generated, maxDepth] = t.args.map(termInt);
  return { bound, expanded, generated, maxDepth };
}

function planOf(t: Term): string[] {
  if (t.kind !== 'list') throw new Error(`unexpected plan term ${termToString(t)}`);
  return t.items.map(termToString);
}

/**
 * Solves with the planning theory in tau-prolog. Resolves with status
 * `limit` when a limit stopped the search; rejects with a located
 * PlanlogError for a Prolog error in the domain or problem text. A returned
 * plan has been replayed by the validator: `prolog.valid` says whether it
 * passed (false only when the theory and the TS side disagree, e.g. a
 * different domain text).
 */
export async function solvePrologLoaded(loaded: LoadedProblem, options: PrologSolveOptions, parseMs = 0): Promise<PrologSolveReport> {
  const algo = options.algo;
  if (!(prologStrategies as readonly string[]).includes(algo)) {
    throw new PlanlogError({ file: '<options>', message: `the prolog backend runs ${prologStrategies.join(' and ')}, not ${algo}` });
  }
  const cycle = options.cycle ?? defaultSearchOptions.cycle;
  const theory = options.theory ?? defaultTheory;
  const engine = options.engine ?? defaultEngine;
  const maxNodes = options.maxNodes !== undefined && Number.isFinite(options.maxNodes) ? String(Math.floor(options.maxNodes)) : 'none';
  const domain = options.engineDomain ?? loaded.domain;
  const facts = [
    { file: options.domainFile ?? domain.file, text: domainText(domain) },
    { file: options.problemFile ?? (loaded.level ? `${loaded.problem.file} (as Prolog facts)` : loaded.problem.file), text: problemFacts(loaded) },
  ];
  const query =
    algo === 'iddfs'
      ? `once(theory_setup), catch(iddfs_event(${cycle}, ${maxNodes}, E), planlog_limit(L), E = limit(L))`
      : `once(theory_setup), catch(bfs(${maxNodes}, R, S), planlog_limit(L), (R = limit(L), S = none)), E = bfs(R, S)`;

  const iterations: IterationStats[] = [];
  let final: Term | null = null;
  const run = await (engine === 'swipl' ? runSwipl : runProlog)({
    sources: theorySources(theory),
    facts,
    query,
    answerVar: 'E',
    timeoutMs: options.timeoutMs === undefined ? undefined : Math.max(1, options.timeoutMs - (options.spentMs ?? 0)),
    maxSteps: options.maxSteps,
    maxMemoryMb: options.maxMemoryMb,
    onAnswer: (t) => {
      if (t.kind === 'compound' && t.functor === 'iteration') {
        const it = iterationOf(t.args[0]);
        iterations.push(it);
        options.onIteration?.(it);
      } else final = t;
    },
  });

  let status: SolveReport['status'] = 'limit';
  let plan: string[] = [];
  let reason: string | undefined;
  let limit: LimitKind | undefined;
  let expanded = 0;
  let generated = 0;
  let duplicates = 0;
  let stored = 0;
  const f = final as Term | null;
  if (algo === 'iddfs') {
    if (f && f.kind === 'compound' && f.functor === 'solved') {
      const it = iterationOf(f.args[1]);
      iterations.push(it);
      options.onIteration?.(it);
      status = 'solved';
      plan = planOf(f.args[0]);
    } else if (f && f.kind === 'compound' && f.functor === 'unsolvable') {
      status = 'unsolvable';
      const last = iterations[iterations.length - 1];
      reason =
        cycle === 'state'
          ? `no path reached depth ${last.bound} (longest: ${last.maxDepth}): every cycle-free path was explored`
          : `no path reached depth ${last.bound} (longest: ${last.maxDepth}): no plan uses each ground operator at most once (the original's rule); a plan that repeats an operator may exist (try --cycle state)`;
    }
    for (const it of iterations) {
      expanded += it.expanded;
      generated += it.generated;
    }
  } else if (f && f.kind === 'compound' && f.functor === 'bfs') {
    const [r, s] = f.args;
    if (s.kind === 'compound' && s.functor === 'bfs') [expanded, generated, duplicates, stored] = s.args.map(termInt);
    if (r.kind === 'compound' && r.functor === 'solved') {
      status = 'solved';
      plan = planOf(r.args[0]);
    } else if (r.kind === 'atom' && r.name === 'unsolvable') {
      status = 'unsolvable';
      reason = `all ${stored} reachable states explored; none satisfies the goal`;
    } else final = r;
  }
  const ff = final as Term | null;
  if (status === 'limit') {
    if (ff && ff.kind === 'compound' && ff.functor === 'limit') {
      limit = 'nodes';
      reason = `node limit of ${options.maxNodes} expanded nodes reached`;
    } else if (run.status === 'limit' && run.limit === 'time') {
      limit = 'time';
      reason = `time limit of ${(options.timeoutMs ?? 0) / 1000} s reached`;
    } else if (run.status === 'limit' && run.limit === 'memory') {
      limit = 'memory';
      reason = `memory limit of ${options.maxMemoryMb} MB reached in the Prolog engine`;
    } else if (run.status === 'limit' && run.limit === 'stack') {
      limit = 'memory';
      reason = `the Prolog engine ran out of stack (${engine === 'tau' ? 'tau-prolog recurses over lists: this problem is too large for it; try --engine swipl' : 'SWI-Prolog'})`;
    } else if (run.status === 'limit') {
      limit = 'nodes';
      reason = `step limit of ${options.maxSteps} Prolog resolution steps reached`;
    } else {
      throw new PrologEngineError(engine === 'swipl' ? 'SWI-Prolog' : 'tau-prolog', 'the planning theory ended without an answer');
    }
  }

  let validation: ValidationResult | undefined;
  const prolog: PrologInfo = { theory, engine, steps: run.steps };
  if (status === 'solved') {
    validation = validatePlan(loaded.domain, loaded.problem, planSteps(plan));
    prolog.valid = validation.valid;
    if (!validation.valid) prolog.invalidReason = validation.failure?.message;
  }
  const report: PrologSolveReport = {
    status,
    plan,
    length: plan.length,
    cost: validation?.cost ?? 0,
    optimal: status === 'solved' && (algo === 'bfs' || cycle === 'state') && loaded.domain.operators.every((o) => o.cost === loaded.domain.operators[0].cost),
    algo,
    heuristic: 'none',
    backend: 'prolog',
    cycle,
    ...(reason ? { reason } : {}),
    ...(status === 'unsolvable' && algo === 'iddfs' && cycle === 'action' ? { proof: 'action-rule' as const } : {}),
    stats: {
      expanded,
      generated,
      duplicates,
      stored,
      ...(algo === 'iddfs' ? { iterations } : {}),
      timeMs: run.timeMs,
      ...(limit ? { limit } : {}),
      parseMs,
      groundMs: 0,
      totalMs: parseMs + run.timeMs,
      atoms: 0,
      operators: 0,
    },
    validation,
    prolog,
  };
  if (loaded.level && status === 'solved' && validation?.valid) Object.assign(report, sokobanFields(plan));
  return report;
}
