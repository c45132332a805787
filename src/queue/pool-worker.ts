/**
 * The worker pool module of `planlog worker` (piscina): a bench job runs
 * through runJob (workers/jobs.ts, as on the bench's local pool), a
 * playground request through runWebTask (web/task.ts, as on the server's
 * own pool), with its stop flag and progress slots in shared memory that
 * the worker's main thread reads and sets (cancellation from the server,
 * progress to the server). What the thread prints goes to the worker's log
 * (workers/output.ts). The compiled planner (dist/) loads this module
 * directly; run from the sources, pool-task.mjs registers tsx's loader first.
 */
import { captureWorkerOutput } from '../workers/output.ts';
import { runJob, type Job, type JobResult } from '../workers/jobs.ts';
import { runWebTask, type WebResult, type WebTask } from '../web/task.ts';

captureWorkerOutput();

export type PoolTask = { kind: 'bench'; job: Job } | { kind: 'web'; task: WebTask };

export default function run(t: PoolTask): Promise<JobResult | WebResult> {
  return t.kind === 'bench' ? runJob(t.job) : runWebTask(t.task);
}
