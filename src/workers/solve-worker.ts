/**
 * Runs one solve in a worker thread: the search may block this thread for
 * as long as it likes while the main thread stays free to print progress
 * and to react to Ctrl-C (through the shared interrupt flag).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PlanlogError } from '../util/errors.ts';
import { solveLoaded, solveSource, type RunOptions } from '../pipeline/solve.ts';
import { levelBuffers, packLevel, portableReport, type SolveJob, type WorkerReply } from './solve.ts';

const job = workerData.job as SolveJob;
const post = (m: WorkerReply, transfer: ArrayBuffer[] = []): void => parentPort!.postMessage(m, transfer);
try {
  const options: RunOptions = {
    ...job.options,
    interrupt: new Int32Array(job.interrupt),
    onProgress: job.progress ? (p) => post({ type: 'progress', progress: p }) : undefined,
    onWarnings: (warnings) => post({ type: 'warnings', warnings: [...warnings] }),
  };
  if (job.source) {
    // reading, compiling, grounding and search under one budget, from options.startedAt
    const { report, loaded, read } = solveSource(job.source, options);
    const level = loaded.level ? packLevel(loaded.level) : undefined;
    post({ type: 'done', report: portableReport(report), read, level }, level ? levelBuffers(level) : []);
  } else {
    post({ type: 'done', report: portableReport(solveLoaded(job.loaded!, options, job.parseMs)) });
  }
} catch (e) {
  post(e instanceof PlanlogError ? { type: 'user-error', diagnostics: e.diagnostics } : { type: 'crash', message: e instanceof Error ? (e.stack ?? e.message) : String(e) });
}
