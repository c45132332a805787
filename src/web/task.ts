/**
 * What a worker of the web server's pool does with one request: read and
 * check the texts (level reader and compiler, or the Prolog parser and the
 * domain check — no engine ever sees raw request text), check the options
 * exactly as the CLI does, then solve, compare, validate or explain. Returns
 * the contract's JSON object, or a located error for bad input.
 */
import { loadProblem, type LoadedProblem, type ProblemSource } from '../core/load.ts';
import { sokobanFields } from '../core/report.ts';
import { explainPlan } from '../explain/explain.ts';
import { readPlan } from '../lang/plan.ts';
import type { PlanStep } from '../model/lifted.ts';
import { DEFAULT_ALGO, DEFAULT_TRACE_LIMIT, solveOptionsFrom, UsageError, type OptionValue, type SolveOptions } from '../options/index.ts';
import { compareLoaded, stoppedComparison } from '../pipeline/compare.ts';
import { compareJson, errorJson, solveJson, validationJson, warningsJson } from '../pipeline/json.ts';
import { prologOptionsOf } from '../pipeline/options.ts';
import { loadWithin, lurdSteps, solveFrom, validateSteps } from '../pipeline/solve.ts';
import { clockMs } from '../util/budget.ts';
import { isPlanlogError } from '../util/errors.ts';
import type { Progress } from '../util/budget.ts';
import { checkTraced, stoppedTrace, traceLoaded } from '../trace/trace.ts';

/**
 * The option fields of a request body: each option's flag name in camelCase
 * (src/options/ declares them; the server's JSON schema is generated from
 * the same declarations). The server sets timeout and maxNodes (capped).
 */
export interface RequestOptions {
  readonly [field: string]: OptionValue | undefined;
  timeout?: number;
  maxNodes?: number;
}

export interface WebTask {
  kind: 'solve' | 'compare' | 'validate' | 'explain' | 'trace';
  source: ProblemSource;
  options: RequestOptions;
  /** validate and explain: the plan as terms, or a LURD string (levels only). */
  plan?: string[];
  lurd?: string;
  /** trace: the expansions recorded (the server caps it). */
  limit?: number;
  /** trace: each node's state and the frontier (trace --states). */
  states?: boolean;
  /**
   * A solve or trace streamed to the client: the search's progress is written here
   * (progressSlots; the server reads it), every ~100 ms as the CLI's
   * progress line.
   */
  progress?: SharedArrayBuffer;
  /** The server's memory limit for one search. */
  maxMemoryMb: number;
  /** Element 0 set non-zero: stop the search (the client went away). */
  interrupt: SharedArrayBuffer;
}

export type WebError = ReturnType<typeof errorJson>;
export type WebResult = { ok: true; body: Record<string, unknown> } | { ok: false; error: WebError };

/** Runs one task; never throws for bad input (a located error instead). */
export async function runWebTask(task: WebTask): Promise<WebResult> {
  try {
    return { ok: true, body: await run(task) };
  } catch (e) {
    return badInput(e);
  }
}

/** A request's bad input as its answer: a located error (a bad option: at `<request>`); anything else is rethrown. */
export function badInput(e: unknown): WebResult {
  if (isPlanlogError(e)) return { ok: false, error: errorJson(e) };
  if (e instanceof UsageError) return { ok: false, error: { message: e.message, file: '<request>' } };
  throw e;
}

async function run(task: WebTask): Promise<Record<string, unknown>> {
  if (task.kind === 'validate' || task.kind === 'explain') {
    const loaded = loadProblem(task.source);
    const steps = planOf(task, loaded);
    if (task.kind === 'explain') return { ...explainPlan(loaded, steps, task.source.domainText), warnings: warningsJson(loaded.warnings) };
    const v = validateSteps(loaded, steps);
    const sokoban = loaded.level && v.valid ? sokobanFields(v.steps.map((s) => s.op)) : undefined;
    return validationJson(v, steps.length, sokoban, loaded.warnings);
  }
  // the request's budget counts from here: a big level stops at the time limit while it is read
  const startedAt = clockMs();
  let options: SolveOptions;
  try {
    // the request's fields as they are (JSON values), checked as the command line's flags (trace: as `planlog trace`'s)
    const context = task.kind === 'trace' ? { from: 'web' as const, defaultAlgo: DEFAULT_ALGO.trace } : { from: 'web' as const, mode: task.kind, problem: task.source.isProlog ? ('prolog' as const) : ('level' as const) };
    options = { ...solveOptionsFrom(task.options, context), maxMemoryMb: task.maxMemoryMb };
    if (task.kind === 'trace') checkTraced(options.algo);
  } catch (e) {
    // bad options are reported after the texts are read, as for every task (a bad text first)
    if (e instanceof UsageError || isPlanlogError(e)) loadProblem(task.source);
    throw e;
  }
  const progress = task.progress ? new Float64Array(task.progress) : undefined;
  const run = { ...options, startedAt, interrupt: new Int32Array(task.interrupt), ...(progress ? { onProgress: (p: Progress) => writeProgress(progress, p) } : {}) };
  // the engine reads the checked domain and problem, printed by planlog (prolog/solve.ts), never the request's text
  const sources = { domainFile: task.source.domainFile, problemFile: task.source.file };
  if (task.kind === 'solve') {
    const { report, loaded } = await solveFrom(task.source, run, () => sources);
    return solveJson(report, loaded);
  }
  // compare and trace read under the request's budget too
  const r = loadWithin(task.source, run);
  if (task.kind === 'trace') {
    // the JSON of `planlog trace --format json`
    const trace = 'stopped' in r ? stoppedTrace(r.stopped, task.limit ?? DEFAULT_TRACE_LIMIT) : traceLoaded(r.loaded, run, task.limit ?? DEFAULT_TRACE_LIMIT, { states: task.states === true });
    return { ...trace, warnings: warningsJson(r.loaded.warnings) };
  }
  if ('stopped' in r) return compareJson(stoppedComparison(r.stopped, options), r.loaded);
  // the lint's warnings (the texts' and never-applies) are the ts side's: errors under strict, before either search runs
  return compareJson(await compareLoaded(r.loaded, { ...prologOptionsOf(options), ...sources, strict: options.strict }, r.parseMs), r.loaded);
}

/** A request's plan: its LURD string, or its steps as terms (`<lurd>`, `<plan>` in the errors). */
export function planOf(request: { plan?: string[]; lurd?: string }, loaded: LoadedProblem): PlanStep[] {
  if (request.lurd !== undefined) return lurdSteps(loaded, request.lurd, '<lurd>');
  // one step per line, so that a step that does not parse is reported as `<plan>:N:COL`
  return readPlan((request.plan ?? []).join('\n'), '<plan>');
}

/**
 * The shared progress slots of a streamed solve (Float64): a sequence
 * number (written last, odd while the others are being written), expanded,
 * generated, bound and f (NaN when the strategy has none), elapsed ms.
 */
export const progressSlots = 6;

export function writeProgress(slots: Float64Array, p: Progress): void {
  slots[0] += 1;
  slots[1] = p.expanded;
  slots[2] = p.generated;
  slots[3] = p.bound ?? Number.NaN;
  slots[4] = p.f ?? Number.NaN;
  slots[5] = p.elapsedMs;
  slots[0] += 1;
}

/** The progress in the slots, or null when none was written since `seen` (or a write is under way). */
export function readProgress(slots: Float64Array, seen: number): { seq: number; progress: Progress } | null {
  const seq = slots[0];
  if (seq === seen || seq % 2 === 1) return null;
  const progress: Progress = { expanded: slots[1], generated: slots[2], elapsedMs: slots[5] };
  if (!Number.isNaN(slots[3])) progress.bound = slots[3];
  if (!Number.isNaN(slots[4])) progress.f = slots[4];
  // a write began meanwhile: read it next time
  return slots[0] === seq ? { seq, progress } : null;
}
