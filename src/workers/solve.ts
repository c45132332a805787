/**
 * Solving in a worker thread, from the main thread's side. The CLI uses it
 * so that Ctrl-C stops a search cleanly (status `limit`, with the
 * statistics so far) instead of killing the process.
 *
 * solveSourceInWorker sends the texts, not a loaded problem: the worker
 * reads, compiles, grounds and searches under one budget, so reading is
 * inside the limits and Ctrl-C stops it too, and no big object graph is
 * copied between threads (a 500 × 500 level's facts took 6.6 s to copy).
 * The level comes back packed into typed arrays; the domain and problem
 * are read again in the main thread only if a renderer asks for them.
 */
import { getHeapStatistics } from 'node:v8';
import { Worker } from 'node:worker_threads';
import { parseDomain } from '../lang/domain.ts';
import { PlanlogError, type Diagnostic } from '../util/errors.ts';
import { parseProblem } from '../lang/problem.ts';
import { readProblem, type LoadedProblem, type ProblemSource } from '../core/load.ts';
import { isPddlSource } from '../core/pddl-load.ts';
import type { SolveReport } from '../core/report.ts';
import type { RunOptions, SolveOptions, SolveRun } from '../pipeline/solve.ts';
import type { Progress } from '../search/types.ts';
import type { Warning } from '../lint/index.ts';
import { compileLevel } from '../sokoban/compile.ts';
import type { Level, Point } from '../sokoban/level.ts';
import type { Domain, Problem } from '../model/lifted.ts';
import type { ValidationResult } from '../strips/validate.ts';
import { planSteps } from '../core/report.ts';
import { validateSteps } from '../pipeline/solve.ts';

/** What the worker gets: only data (the options as they are: names; the interrupt flag as shared memory); a loaded problem or the texts. */
export interface SolveJob {
  loaded?: LoadedProblem;
  source?: ProblemSource;
  options: SolveOptions & Pick<SolveRun, 'startedAt'>;
  parseMs: number;
  interrupt: SharedArrayBuffer;
  progress: boolean;
}

export type WorkerReply =
  | { type: 'progress'; progress: Progress }
  /** The lint's warnings, as soon as the worker knows them (before the search). */
  | { type: 'warnings'; warnings: Warning[] }
  /** `read`: the texts were read (a limit may have stopped the reading); `level`: the level read, packed. */
  | { type: 'done'; report: PortableReport; read?: boolean; level?: PackedLevel }
  | { type: 'user-error'; diagnostics: Diagnostic[] }
  | { type: 'crash'; message: string };

/**
 * What of the validator's replay crosses from the worker: the verdict, the
 * cost and the last state. Its steps and states (enumerable, worked out when
 * read) are not sent: copying classic level 67's 59,675 states between the
 * threads took about 5 s; the main thread replays the plan again only if a
 * renderer reads them (`--show`, a PDDL plan file).
 */
export type PortableValidation = Pick<ValidationResult, 'valid' | 'cost' | 'failure' | 'last'>;
export type PortableReport = Omit<SolveReport, 'validation'> & { validation?: PortableValidation };

/** The report as the worker sends it (see PortableValidation). */
export function portableReport(r: SolveReport): PortableReport {
  if (!r.validation) return r;
  const { valid, cost, failure, last } = r.validation;
  return { ...r, validation: { valid, cost, ...(failure ? { failure } : {}), last } };
}

/** The report in the main thread: its validation's steps and states replayed from `loaded` on first reading. */
function mainReport(r: PortableReport, loaded: () => LoadedProblem): SolveReport {
  const sent = r.validation;
  if (!sent) return r as SolveReport;
  let replay: ValidationResult | undefined;
  const again = (): ValidationResult => (replay ??= validateSteps(loaded(), planSteps(r.plan)));
  const validation = {
    ...sent,
    get steps(): ValidationResult['steps'] {
      return again().steps;
    },
    get states(): ValidationResult['states'] {
      return again().states;
    },
  } satisfies ValidationResult;
  return { ...r, validation };
}

/** A Level with its point lists as squares (y · width + x) in typed arrays: cheap to send between threads. */
export type PackedLevel = Omit<Level, 'walls' | 'boxes' | 'goals' | 'cells' | 'scenery'> & {
  walls: Int32Array;
  boxes: Int32Array;
  goals: Int32Array;
  cells: Int32Array;
  scenery: Int32Array;
};

export function packLevel(level: Level): PackedLevel {
  const pack = (ps: Point[]): Int32Array => {
    const out = new Int32Array(ps.length);
    for (let i = 0; i < ps.length; i++) out[i] = ps[i].y * level.width + ps[i].x;
    return out;
  };
  return { ...level, walls: pack(level.walls), boxes: pack(level.boxes), goals: pack(level.goals), cells: pack(level.cells), scenery: pack(level.scenery) };
}

export function unpackLevel(p: PackedLevel): Level {
  const unpack = (a: Int32Array): Point[] => {
    const out = new Array<Point>(a.length);
    for (let i = 0; i < a.length; i++) out[i] = { x: a[i] % p.width, y: Math.floor(a[i] / p.width) };
    return out;
  };
  return { ...p, walls: unpack(p.walls), boxes: unpack(p.boxes), goals: unpack(p.goals), cells: unpack(p.cells), scenery: unpack(p.scenery) };
}

/** The buffers of a packed level, to transfer instead of copy. */
export function levelBuffers(p: PackedLevel): ArrayBuffer[] {
  return [p.walls, p.boxes, p.goals, p.cells, p.scenery].map((a) => a.buffer as ArrayBuffer);
}

/**
 * The main thread's view of a problem the worker read: the level as the
 * worker sent it; the domain and the problem read from the texts again on
 * first use (renderers of a level without a plan ask for the problem's
 * initial facts). When the worker's reading stopped at a limit, the domain
 * and problem are empty.
 */
function loadedInMain(src: ProblemSource, read: boolean, level: Level | undefined): LoadedProblem {
  // PDDL is read again as a whole (the domain is imported, the problem read against it), not linted again: the worker did
  if (read && isPddlSource(src)) {
    let whole: LoadedProblem | undefined;
    const get = (): LoadedProblem => (whole ??= readProblem(src));
    return {
      level,
      pddl: true,
      get domain(): Domain {
        return get().domain;
      },
      get problem(): Problem {
        return get().problem;
      },
      get generated(): Set<string> | undefined {
        return get().generated;
      },
    };
  }
  let domain: Domain | undefined;
  let problem: Problem | undefined;
  return {
    level,
    get domain(): Domain {
      return (domain ??= read ? parseDomain(src.domainText, src.domainFile) : { file: src.domainFile, operators: [], predicates: new Map() });
    },
    get problem(): Problem {
      return (problem ??= !read ? { file: src.file, init: [], goal: [] } : level ? compileLevel(level) : parseProblem(src.text, src.file, this.domain, undefined, src.defaultDomain));
    },
  };
}

export interface WorkerSolveHooks {
  onProgress?: (p: Progress) => void;
  /** Set element 0 to non-zero to stop the search (e.g. from a SIGINT handler). */
  interrupt?: Int32Array;
}

// The compiled planner (dist/) starts the worker's JavaScript directly; run
// from the TypeScript sources (tests, `npm run dev`), the worker first
// registers tsx's loader (boot.mjs).
const compiled = import.meta.url.endsWith('.js');
const entry = new URL(compiled ? './solve-worker.js' : './solve-worker.ts', import.meta.url).href;
const boot = compiled ? new URL(entry) : new URL('./boot.mjs', import.meta.url);

/**
 * The old-space limit (MB) of a solve worker's JavaScript heap: the memory
 * limit, so that the heap may grow as far as the process may (V8's default,
 * about 4 GB, is smaller than the default limit of 3/4 of the machine's
 * memory); never below V8's default.
 */
export function workerHeapLimitMb(maxMemoryMb: number | undefined): number {
  const defaultMb = Math.ceil(getHeapStatistics().heap_size_limit / 2 ** 20);
  return maxMemoryMb === undefined || !Number.isFinite(maxMemoryMb) ? defaultMb : Math.max(defaultMb, Math.ceil(maxMemoryMb));
}

/** Solves a loaded problem in a fresh worker thread; resolves with the report (also for `limit`), rejects with PlanlogError on bad input. */
export async function solveInWorker(loaded: LoadedProblem, options: RunOptions, parseMs: number, hooks: WorkerSolveHooks = {}): Promise<SolveReport> {
  return mainReport((await runWorker({ loaded }, options, parseMs, hooks)).report, () => loaded);
}

/**
 * Reads and solves the texts in a fresh worker thread, under one budget
 * from `options.startedAt` (set it before reading the files); resolves with
 * the report (also for `limit`, in any phase) and the problem as the main
 * thread sees it, rejects with PlanlogError on bad input.
 */
export async function solveSourceInWorker(source: ProblemSource, options: RunOptions, hooks: WorkerSolveHooks = {}): Promise<{ report: SolveReport; loaded: LoadedProblem }> {
  const m = await runWorker({ source }, options, 0, hooks);
  const loaded = loadedInMain(source, m.read ?? true, m.level ? unpackLevel(m.level) : undefined);
  return { report: mainReport(m.report, () => loaded), loaded };
}

function runWorker(what: Pick<SolveJob, 'loaded' | 'source'>, options: RunOptions, parseMs: number, hooks: WorkerSolveHooks): Promise<Extract<WorkerReply, { type: 'done' }>> {
  const { interrupt: _i, onProgress: _p, signal: _s, trace: _t, onWarnings: _w, ...plain } = options;
  const flag = hooks.interrupt ?? new Int32Array(new SharedArrayBuffer(4));
  if (!(flag.buffer instanceof SharedArrayBuffer)) throw new Error('solveInWorker: the interrupt flag must live in a SharedArrayBuffer');
  const job: SolveJob = { ...what, options: plain, parseMs, interrupt: flag.buffer, progress: Boolean(hooks.onProgress) };
  return new Promise((resolve, reject) => {
    const worker = new Worker(boot, { workerData: { entry, job }, resourceLimits: { maxOldGenerationSizeMb: workerHeapLimitMb(options.maxMemoryMb) } });
    worker.on('message', (m: WorkerReply) => {
      if (m.type === 'progress') hooks.onProgress?.(m.progress);
      else if (m.type === 'warnings') options.onWarnings?.(m.warnings);
      else {
        void worker.terminate();
        if (m.type === 'done') resolve(m);
        else if (m.type === 'user-error') reject(new PlanlogError(m.diagnostics));
        else reject(new Error(`solve worker failed: ${m.message}`));
      }
    });
    worker.on('error', reject);
    worker.on('exit', (code) => {
      if (code !== 0) reject(new Error(`solve worker exited with code ${code}`));
    });
  });
}
