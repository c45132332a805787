/**
 * Solving in a worker thread, from the main thread's side. The CLI uses it
 * so that Ctrl-C stops a search cleanly (status `limit`, with the
 * statistics so far) instead of killing the process.
 */
import { getHeapStatistics } from 'node:v8';
import { Worker } from 'node:worker_threads';
import { PlanlogError, type Diagnostic } from '../lang/errors.ts';
import type { LoadedProblem, SolveOptions, SolveReport } from '../pipeline.ts';
import type { Progress } from '../search/types.ts';

/** What the worker gets: only data (the heuristic by name, the interrupt flag as shared memory). */
export interface SolveJob {
  loaded: LoadedProblem;
  options: Omit<SolveOptions, 'heuristic' | 'interrupt' | 'onProgress' | 'signal'>;
  heuristic?: string;
  parseMs: number;
  interrupt: SharedArrayBuffer;
  progress: boolean;
}

export type WorkerReply =
  | { type: 'progress'; progress: Progress }
  | { type: 'done'; report: SolveReport }
  | { type: 'user-error'; diagnostics: Diagnostic[] }
  | { type: 'crash'; message: string };

export interface WorkerSolveHooks {
  onProgress?: (p: Progress) => void;
  /** Set element 0 to non-zero to stop the search (e.g. from a SIGINT handler). */
  interrupt?: Int32Array;
}

const boot = new URL('./boot.mjs', import.meta.url);
const entry = new URL('./solve-worker.ts', import.meta.url).href;

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

/** Solves in a fresh worker thread; resolves with the report (also for `limit`), rejects with PlanlogError on bad input. */
export function solveInWorker(loaded: LoadedProblem, options: SolveOptions, parseMs: number, hooks: WorkerSolveHooks = {}): Promise<SolveReport> {
  const { heuristic, interrupt: _i, onProgress: _p, signal: _s, ...plain } = options;
  const flag = hooks.interrupt ?? new Int32Array(new SharedArrayBuffer(4));
  if (!(flag.buffer instanceof SharedArrayBuffer)) throw new Error('solveInWorker: the interrupt flag must live in a SharedArrayBuffer');
  const job: SolveJob = { loaded, options: plain, heuristic: heuristic?.name, parseMs, interrupt: flag.buffer, progress: Boolean(hooks.onProgress) };
  return new Promise((resolve, reject) => {
    const worker = new Worker(boot, { workerData: { entry, job }, resourceLimits: { maxOldGenerationSizeMb: workerHeapLimitMb(options.maxMemoryMb) } });
    worker.on('message', (m: WorkerReply) => {
      if (m.type === 'progress') hooks.onProgress?.(m.progress);
      else {
        void worker.terminate();
        if (m.type === 'done') resolve(m.report);
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
