/**
 * The bench pool's worker module (piscina): what a worker prints goes to
 * the pool's output channel (pool.ts), not stdout; the default export runs
 * one job. The compiled planner (dist/) loads it directly; run from the
 * sources, pool-task.mjs registers tsx's loader first and then loads it.
 */
import { captureWorkerOutput } from './output.ts';
import { runJob } from './jobs.ts';

captureWorkerOutput();
export default runJob;
