/**
 * A worker pool (piscina) that runs solve jobs on every core. What a worker
 * prints (an engine's message) goes to `onOutput` — by default stderr, as
 * `planlog: worker stdout: …` — never to stdout, which carries the bench's
 * tables.
 */
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { collectWorkerOutput, type WorkerStream } from './output.ts';
import type { Job, JobResult } from './jobs.ts';

const toStderr = (stream: WorkerStream, line: string): void => void process.stderr.write(`planlog: worker ${stream}: ${line}\n`);

export function createPool(threads = availableParallelism(), onOutput: (stream: WorkerStream, line: string) => void = toStderr): { run(job: Job): Promise<JobResult>; close(): Promise<void> } {
  const output = collectWorkerOutput(onOutput);
  const pool = new Piscina({
    // compiled (dist/): the worker module itself; from the sources: a shim that registers tsx's loader first
    filename: new URL(import.meta.url.endsWith('.js') ? './pool-worker.js' : './pool-task.mjs', import.meta.url).href,
    minThreads: threads,
    maxThreads: threads,
    // one search per thread at a time: searches are CPU-bound
    concurrentTasksPerWorker: 1,
    workerData: output.workerData,
  });
  return {
    run: (job) => pool.run(job) as Promise<JobResult>,
    async close() {
      await pool.destroy();
      output.close();
    },
  };
}
