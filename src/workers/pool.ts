/** A worker pool (piscina) that runs solve jobs on every core. */
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import type { Job, JobResult } from './jobs.ts';

export function createPool(threads = availableParallelism()): { run(job: Job): Promise<JobResult>; close(): Promise<void> } {
  const pool = new Piscina({
    filename: new URL('./pool-task.mjs', import.meta.url).href,
    minThreads: threads,
    maxThreads: threads,
    // one search per thread at a time: searches are CPU-bound
    concurrentTasksPerWorker: 1,
  });
  return {
    run: (job) => pool.run(job) as Promise<JobResult>,
    close: () => pool.destroy(),
  };
}
