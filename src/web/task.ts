/**
 * What a worker of the web server's pool does with one request: read and
 * check the texts (level reader and compiler, or the Prolog parser and the
 * domain check — no engine ever sees raw request text), check the options
 * exactly as the CLI does, then solve, compare, validate or explain. Returns
 * the contract's JSON object, or a located error for bad input.
 */
import { UsageError, prologOptionsFrom, searchOptionsFrom, type SearchFlagValues } from '../options/index.ts';
import {
  backendNames,
  clockMs,
  compareJson,
  compareLoaded,
  errorJson,
  explainPlan,
  isPlanlogError,
  loadProblem,
  loadWithin,
  lurdSteps,
  readPlan,
  sokobanFields,
  solveJson,
  solveLoaded,
  solvePrologLoaded,
  solveSource,
  stoppedComparison,
  validateSteps,
  validationJson,
  type LoadedProblem,
  type ProblemSource,
} from '../index.ts';

/** The option fields of a request body (the CLI's flags, camel-cased where they have a dash). */
export interface RequestOptions {
  algo?: string;
  heuristic?: string;
  cycle?: string;
  weight?: number;
  lazy?: boolean;
  preferred?: boolean;
  tt?: boolean;
  prune?: string;
  timeout?: number;
  maxNodes?: number;
  seed?: number;
  width?: number;
  temperature?: number;
  backend?: string;
  theory?: string;
  engine?: string;
}

export interface WebTask {
  kind: 'solve' | 'compare' | 'validate' | 'explain';
  source: ProblemSource;
  options: RequestOptions;
  /** validate and explain: the plan as terms, or a LURD string (levels only). */
  plan?: string[];
  lurd?: string;
  /** The server's memory limit for one search. */
  maxMemoryMb: number;
  /** Element 0 set non-zero: stop the search (the client went away). */
  interrupt: SharedArrayBuffer;
}

export type WebError = ReturnType<typeof errorJson>;
export type WebResult = { ok: true; body: Record<string, unknown> } | { ok: false; error: WebError };

const str = (v: number | undefined): string | undefined => (v === undefined ? undefined : String(v));

/** The CLI's flag values of a request's options (so that both are checked by the same code). */
export function flagValues(o: RequestOptions): SearchFlagValues {
  return {
    algo: o.algo,
    heuristic: o.heuristic,
    cycle: o.cycle,
    weight: str(o.weight),
    lazy: o.lazy,
    preferred: o.preferred,
    tt: o.tt,
    prune: o.prune,
    timeout: str(o.timeout),
    'max-nodes': str(o.maxNodes),
    seed: str(o.seed),
    width: str(o.width),
    temperature: str(o.temperature),
  };
}

/** Runs one task; never throws for bad input (a located error instead). */
export async function runWebTask(task: WebTask): Promise<WebResult> {
  try {
    return { ok: true, body: await run(task) };
  } catch (e) {
    if (isPlanlogError(e)) return { ok: false, error: errorJson(e) };
    if (e instanceof UsageError) return { ok: false, error: { message: e.message.replace(/--([a-z-]+)/g, (_m, f: string) => f.replace(/-([a-z])/g, (_n, c: string) => c.toUpperCase())), file: '<request>' } };
    throw e;
  }
}

async function run(task: WebTask): Promise<Record<string, unknown>> {
  const o = task.options;
  // a ts solve reads the texts under the request's budget, from here: a big level stops at the time limit while read
  const startedAt = clockMs();
  const ts = tsSolveOptions(task);
  if (ts) {
    const { report, loaded } = solveSource(task.source, { ...ts, startedAt, interrupt: new Int32Array(task.interrupt) });
    return solveJson(report, loaded);
  }
  // compare and the Prolog backend read under the request's budget too (when the options are good; bad ones are reported after reading)
  const early = prologRunOptions(task);
  const t0 = performance.now();
  let loaded: LoadedProblem;
  if (early) {
    const r = loadWithin(task.source, { ...early.options, startedAt, interrupt: new Int32Array(task.interrupt) });
    if ('stopped' in r) {
      const c = stoppedComparison(r.stopped, task.options);
      return task.kind === 'compare' ? compareJson(c, r.loaded) : solveJson(c.prolog, r.loaded);
    }
    loaded = r.loaded;
  } else loaded = loadProblem(task.source);
  const parseMs = performance.now() - t0;
  if (task.kind === 'validate' || task.kind === 'explain') {
    const steps = planOf(task, loaded);
    if (task.kind === 'explain') return { ...explainPlan(loaded, steps, task.source.domainText) };
    const v = validateSteps(loaded, steps);
    const sokoban = loaded.level && v.valid ? sokobanFields(v.steps.map((s) => s.op)) : undefined;
    return validationJson(v, steps.length, sokoban);
  }
  const interrupt = new Int32Array(task.interrupt);
  const backend = o.backend ?? 'ts';
  if (!(backendNames as readonly string[]).includes(backend)) throw new UsageError(`unknown backend '${backend}' (choose one of: ${backendNames.join(', ')})`);
  const prolog = task.kind === 'compare' || backend === 'prolog';
  const options = { ...searchOptionsFrom(flagValues(o), prolog ? 'iddfs' : task.source.isProlog ? 'bfs' : 'auto'), maxMemoryMb: task.maxMemoryMb };
  if (!prolog) {
    if (o.theory !== undefined || o.engine !== undefined) throw new UsageError('theory and engine apply to the prolog backend and to compare');
    return solveJson(solveLoaded(loaded, { ...options, interrupt }, parseMs), loaded);
  }
  const src = task.source;
  // the engine reads the checked domain and problem, printed by planlog (solve.ts), never the request's text
  const p = { ...prologOptionsFrom(options, o), domainFile: src.domainFile, problemFile: src.file };
  if (task.kind === 'compare') return compareJson(await compareLoaded(loaded, p, parseMs), loaded);
  return solveJson(await solvePrologLoaded(loaded, p, parseMs), loaded);
}

/**
 * A request's search options checked as the CLI does (`check` adds the
 * backend's own checks), or undefined when they are bad: the error is then
 * reported after the texts are read, as for every task.
 */
function checkedOptions(task: WebTask, defaultAlgo: string, check?: (options: ReturnType<typeof searchOptionsFrom>) => void): ReturnType<typeof searchOptionsFrom> | undefined {
  let options: ReturnType<typeof searchOptionsFrom>;
  try {
    options = { ...searchOptionsFrom(flagValues(task.options), defaultAlgo), maxMemoryMb: task.maxMemoryMb };
  } catch (e) {
    if (e instanceof UsageError) return undefined;
    throw e;
  }
  try {
    check?.(options);
  } catch (e) {
    if (e instanceof UsageError || isPlanlogError(e)) return undefined;
    throw e;
  }
  return options;
}

/** The options of a solve with planlog's own search; undefined for other tasks and for bad options. */
function tsSolveOptions(task: WebTask): ReturnType<typeof searchOptionsFrom> | undefined {
  const o = task.options;
  if (task.kind !== 'solve' || (o.backend ?? 'ts') !== 'ts' || o.theory !== undefined || o.engine !== undefined) return undefined;
  return checkedOptions(task, task.source.isProlog ? 'bfs' : 'auto');
}

/** The options of a compare or a Prolog-backend solve; undefined for other tasks and for bad options. */
function prologRunOptions(task: WebTask): { options: ReturnType<typeof searchOptionsFrom> } | undefined {
  const o = task.options;
  if (task.kind !== 'compare' && !(task.kind === 'solve' && o.backend === 'prolog')) return undefined;
  const options = checkedOptions(task, 'iddfs', (opts) => prologOptionsFrom(opts, o));
  return options && { options };
}

function planOf(task: WebTask, loaded: LoadedProblem) {
  if (task.lurd !== undefined) return lurdSteps(loaded, task.lurd, '<lurd>');
  // one step per line, so that a step that does not parse is reported as `<plan>:N:COL`
  return readPlan((task.plan ?? []).join('\n'), '<plan>');
}
