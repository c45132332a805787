/**
 * Runs one solve in a worker thread: the search may block this thread for
 * as long as it likes while the main thread stays free to print progress
 * and to react to Ctrl-C (through the shared interrupt flag).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PlanlogError } from '../lang/errors.ts';
import { getHeuristic } from '../heuristics/index.ts';
import { solveLoaded } from '../pipeline.ts';
import type { SolveJob, WorkerReply } from './solve.ts';

const job = workerData.job as SolveJob;
const post = (m: WorkerReply): void => parentPort!.postMessage(m);
try {
  const report = solveLoaded(
    job.loaded,
    {
      ...job.options,
      heuristic: job.heuristic ? getHeuristic(job.heuristic) : undefined,
      interrupt: new Int32Array(job.interrupt),
      onProgress: job.progress ? (p) => post({ type: 'progress', progress: p }) : undefined,
    },
    job.parseMs,
  );
  post({ type: 'done', report });
} catch (e) {
  post(e instanceof PlanlogError ? { type: 'user-error', diagnostics: e.diagnostics } : { type: 'crash', message: e instanceof Error ? (e.stack ?? e.message) : String(e) });
}
