/**
 * `planlog worker`'s engine: takes solve jobs from the queue (BullMQ on
 * Redis) and runs each on this machine's worker pool (workers/pool.ts, the
 * same runJob as a local bench), at most `concurrency` at a time. The
 * result (a JobResult, also for status limit or error) is the job's return
 * value; a job whose data is not a solve job fails with its message and is
 * not retried. A worker that dies in the middle of a job stops renewing the
 * job's lock; after `stallMs` another worker's stalled-job check puts the
 * job back on the queue (at most MAX_STALLED times, then it fails).
 */
import { UnrecoverableError, Worker, type Job as QueueJob } from 'bullmq';
import { createPool } from '../workers/pool.ts';
import { configName, type Job, type JobResult } from '../workers/jobs.ts';
import { redisOptions, SOLVE_QUEUE } from './connection.ts';

/** Default lock time of a job (ms): a dead worker's job goes back to the queue within one to two of it. */
export const DEFAULT_STALL_MS = 30_000;
/** How often a job may lose its worker before it fails (“stalled more than allowable limit”). */
export const MAX_STALLED = 2;

export interface WorkerOptions {
  concurrency: number;
  /** Lock time of a job and period of the stalled-job check (ms). */
  stallMs?: number;
  /** One line per event: `start ID …`, `done ID STATUS …`, `failed ID: message`, queue errors. */
  log: (line: string) => void;
}

/** Starts taking jobs; `close()` stops taking new ones and waits for the running ones (`force`: abandons them). */
export function startWorker(url: string, o: WorkerOptions): { close(force?: boolean): Promise<void> } {
  const pool = createPool(o.concurrency, (stream, line) => o.log(`worker ${stream}: ${line}`));
  const stallMs = o.stallMs ?? DEFAULT_STALL_MS;
  const worker = new Worker(
    SOLVE_QUEUE,
    async (qj: QueueJob) => {
      const job = checkJob(qj.data);
      o.log(`start ${qj.id} ${job.file}:${job.level} ${configName(job)}`);
      const t0 = performance.now();
      const r: JobResult = await pool.run(job);
      o.log(`done ${qj.id} ${r.status}${r.length !== null ? ` length ${r.length}` : ''} ${(performance.now() - t0).toFixed(0)} ms`);
      return r;
    },
    {
      connection: redisOptions(url),
      concurrency: o.concurrency,
      lockDuration: stallMs,
      stalledInterval: stallMs,
      maxStalledCount: MAX_STALLED,
    },
  );
  let lastError = '';
  worker.on('error', (e: Error) => {
    // a lost connection repeats its error on every retry: say it once
    if (e.message !== lastError) o.log(`queue error: ${e.message}`);
    lastError = e.message;
  });
  worker.on('failed', (qj, e) => o.log(`failed ${qj?.id ?? '?'}: ${e.message}`));
  return {
    async close(force = false) {
      await worker.close(force);
      await pool.close();
    },
  };
}

/**
 * The job of a queue entry's data, checked field by field (the queue is
 * shared: anything may have been put on it); a malformed job is an
 * UnrecoverableError naming the field, so BullMQ fails it at once.
 */
export function checkJob(data: unknown): Job {
  const bad = (m: string): never => {
    throw new UnrecoverableError(`malformed job: ${m}`);
  };
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return bad('not an object');
  const d = data as Record<string, unknown>;
  const str = (k: string, optional = false): void => {
    if (d[k] === undefined && optional) return;
    if (typeof d[k] !== 'string' || d[k] === '') bad(`'${k}' must be a non-empty string`);
  };
  const num = (k: string, optional = false, integer = false): void => {
    if ((d[k] === undefined || d[k] === null) && optional) return;
    if (typeof d[k] !== 'number' || !(d[k] > 0) || (integer && !Number.isInteger(d[k]))) bad(`'${k}' must be a positive ${integer ? 'whole ' : ''}number`);
  };
  str('file');
  str('domainFile');
  str('algo');
  str('heuristic', true);
  num('level', false, true);
  num('timeoutMs');
  num('maxNodes', true);
  num('maxMemoryMb', true);
  if (d.seed !== undefined && d.seed !== null && !Number.isInteger(d.seed)) bad(`'seed' must be a whole number`);
  if (d.options !== undefined && (typeof d.options !== 'object' || d.options === null || Array.isArray(d.options))) bad(`'options' must be an object`);
  if (d.backend !== undefined && d.backend !== 'ts' && d.backend !== 'prolog' && d.backend !== 'fd') bad(`'backend' must be ts, prolog or fd`);
  if (d.backend === 'fd') {
    const fd = d.fd as Record<string, unknown> | undefined;
    if (typeof fd !== 'object' || fd === null || typeof fd.driver !== 'string' || typeof fd.config !== 'string') bad(`'fd' must be { driver, config } with backend fd`);
  }
  return d as unknown as Job;
}
