/**
 * `planlog worker`'s engine: takes jobs from the queue (BullMQ on Redis)
 * and runs each on this machine's worker threads (pool-worker.ts: a bench
 * job through the bench's runJob, a playground request through the
 * server's runWebTask), at most `concurrency` at a time. The result (a
 * JobResult, also for status limit or error; a request's answer) is the
 * job's return value; a job whose data is not a job fails with its message
 * and is not retried. A worker that dies in the middle of a job stops
 * renewing the job's lock; after `stallMs` another worker's stalled-job
 * check puts the job back on the queue (at most MAX_STALLED times, then it
 * fails).
 *
 * A playground request can be stopped by the server that sent it (its
 * client left, or it ran past its hard limit): the server publishes the
 * job's id on CANCEL_CHANNEL, and the worker running it sets the search's
 * stop flag. Its progress (a streamed solve) goes to the server as the
 * job's progress, at most every PROGRESS_MS.
 */
import { availableParallelism, totalmem } from 'node:os';
import { UnrecoverableError, Worker, type Job as QueueJob } from 'bullmq';
import { Redis } from 'ioredis';
import { Piscina } from 'piscina';
import { collectWorkerOutput } from '../workers/output.ts';
import { configName, type Job, type JobResult } from '../workers/jobs.ts';
import type { WebResult, WebTask } from '../web/task.ts';
import { progressSlots, readProgress } from '../web/task.ts';
import { CANCEL_CHANNEL, redisOptions, SOLVE_QUEUE } from './connection.ts';
import type { PoolTask } from './pool-worker.ts';

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

/** How often a streamed request's progress is sent (ms). */
export const PROGRESS_MS = 250;

/** A playground request on the queue (job name `web`): the task without its shared memory, which the worker makes. */
export interface WebJob {
  task: Omit<WebTask, 'interrupt' | 'progress'>;
  /** Send the search's progress (a streamed solve). */
  stream?: boolean;
}

/** Starts taking jobs; `close()` stops taking new ones and waits for the running ones (`force`: abandons them). */
export function startWorker(url: string, o: WorkerOptions): { close(force?: boolean): Promise<void> } {
  const output = collectWorkerOutput((stream, line) => o.log(`worker ${stream}: ${line}`));
  const pool = new Piscina({
    // compiled (dist/): the worker module itself; from the sources: a shim that registers tsx's loader first
    filename: new URL(import.meta.url.endsWith('.js') ? './pool-worker.js' : './pool-task.mjs', import.meta.url).href,
    minThreads: Math.min(o.concurrency, availableParallelism()),
    maxThreads: o.concurrency,
    concurrentTasksPerWorker: 1,
    workerData: output.workerData,
  });
  const runPool = (t: PoolTask): Promise<JobResult | WebResult> => pool.run(t) as Promise<JobResult | WebResult>;
  const stallMs = o.stallMs ?? DEFAULT_STALL_MS;
  /** The stop flags of the playground requests running here, by job id. */
  const stops = new Map<string, Int32Array>();
  const subscriber = new Redis(redisOptions(url));
  subscriber.on('error', () => {});
  subscriber.on('message', (_channel: string, id: string) => {
    const stop = stops.get(id);
    if (stop) Atomics.store(stop, 0, 1);
  });
  void subscriber.subscribe(CANCEL_CHANNEL).catch(() => {});

  const runWeb = async (qj: QueueJob): Promise<WebResult> => {
    const data = checkWebJob(qj.data);
    const interrupt = new SharedArrayBuffer(4);
    const progress = data.stream ? new SharedArrayBuffer(progressSlots * 8) : undefined;
    stops.set(String(qj.id), new Int32Array(interrupt));
    let seen = 0;
    const timer = progress
      ? setInterval(() => {
          const p = readProgress(new Float64Array(progress), seen);
          if (!p) return;
          seen = p.seq;
          void qj.updateProgress({ ...p.progress }).catch(() => {});
        }, PROGRESS_MS)
      : undefined;
    o.log(`start ${qj.id} ${data.task.kind} request`);
    const t0 = performance.now();
    try {
      // the server's memory limit, but no more than this machine's share for one job (half its memory over the jobs at a time, as serve's own pool)
      const maxMemoryMb = Math.min(data.task.maxMemoryMb, Math.floor(totalmem() / 2 ** 20 / 2 / o.concurrency));
      const r = (await runPool({ kind: 'web', task: { ...data.task, maxMemoryMb, interrupt, ...(progress ? { progress } : {}) } })) as WebResult;
      o.log(`done ${qj.id} ${r.ok ? String(r.body.status ?? 'answered') : 'bad input'} ${(performance.now() - t0).toFixed(0)} ms`);
      return r;
    } finally {
      clearInterval(timer);
      stops.delete(String(qj.id));
    }
  };

  const worker = new Worker(
    SOLVE_QUEUE,
    async (qj: QueueJob) => {
      if (qj.name === 'web') return runWeb(qj);
      const job = checkJob(qj.data);
      o.log(`start ${qj.id} ${job.file}:${job.level} ${configName(job)}`);
      const t0 = performance.now();
      const r = (await runPool({ kind: 'bench', job })) as JobResult;
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
      subscriber.disconnect();
      await pool.destroy();
      output.close();
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

/** The playground request of a `web` job's data, checked as far as the worker relies on it (runWebTask checks the texts and options). */
export function checkWebJob(data: unknown): WebJob {
  const bad = (m: string): never => {
    throw new UnrecoverableError(`malformed request: ${m}`);
  };
  const d = data as { task?: Record<string, unknown>; stream?: unknown } | null;
  const t = d?.task;
  if (typeof t !== 'object' || t === null) return bad("'task' must be an object");
  if (!['solve', 'compare', 'validate', 'explain', 'trace'].includes(String(t.kind))) bad("'task.kind' must be solve, compare, validate, explain or trace");
  const src = t.source as Record<string, unknown> | undefined;
  if (typeof src !== 'object' || src === null || typeof src.text !== 'string' || typeof src.file !== 'string' || typeof src.domainText !== 'string') bad("'task.source' must have file, text and domainText");
  if (typeof t.options !== 'object' || t.options === null) bad("'task.options' must be an object");
  if (typeof t.maxMemoryMb !== 'number' || !(t.maxMemoryMb > 0)) bad("'task.maxMemoryMb' must be a positive number");
  return d as WebJob;
}
