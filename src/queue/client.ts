/**
 * The side that puts solve jobs on the queue and waits for their results
 * (the bench; the playground). Each job has an id chosen by the caller:
 * BullMQ adds a job whose id is already on the queue only once, so a run
 * that is started again with the same ids (bench --resume) gets the result
 * of a job that finished meanwhile instead of running it again.
 *
 * Results arrive by the queue's events (QueueEvents, subscribed before the
 * first job is added); a job whose id was on the queue already (its
 * `duplicated` event) is looked up, as it may have finished before. Events
 * can be lost while the connection is down: after an error of the event
 * reader every awaited job is looked up once (in batches), and every
 * SWEEP_MS the jobs seen starting are (a few: those the workers run), so
 * that no lost `completed` leaves a bench waiting for ever. A failed job (malformed, or lost by its workers
 * more often than MAX_STALLED) is a result with status error and its reason.
 */
import { createHash } from 'node:crypto';
import { randomUUID } from 'node:crypto';
import { Queue, QueueEvents } from 'bullmq';
import { Redis } from 'ioredis';
import type { Progress } from '../util/budget.ts';
import type { WebResult } from '../web/task.ts';
import type { Job, JobResult } from '../workers/jobs.ts';
import { configName } from '../workers/jobs.ts';
import { errorResult } from '../workers/result.ts';
import { CANCEL_CHANNEL, checkQueue, SOLVE_QUEUE } from './connection.ts';
import type { WebJob } from './worker.ts';

/** How long finished jobs stay on the queue (s): long enough for a --resume the next day. */
export const KEEP_FINISHED_S = 7 * 24 * 3600;
/** Period of the sweep over the jobs seen starting (ms). */
const SWEEP_MS = 5000;
/** Jobs looked up at a time by a sweep. */
const SWEEP_BATCH = 200;

export interface QueueClient {
  /** Adds the job under `id` (or finds it there) and resolves with its result. */
  run(job: Job, id: string): Promise<JobResult>;
  /** Jobs waiting on the queue (all callers'), and being run. */
  counts(): Promise<{ waiting: number; active: number }>;
  /**
   * Sends a playground request to the workers; `onStart` when a worker takes
   * it, `onProgress` with its search's progress (with `stream`). `cancel()`
   * removes it from the queue, or stops its search when it runs.
   */
  runWeb(data: WebJob, hooks?: { onStart?: () => void; onProgress?: (p: Progress) => void }): { result: Promise<WebResult>; cancel(): Promise<void> };
  /** Removes a job that no worker has started (false when it has started or is gone). */
  cancel(id: string): Promise<boolean>;
  close(): Promise<void>;
}

/** Connects (QueueUnreachable when the server does not answer) and subscribes to the queue's events. */
export async function openQueue(url: string): Promise<QueueClient> {
  const { options: connection, serverMs } = await checkQueue(url);
  const queue = new Queue(SOLVE_QUEUE, { connection });
  // the events from now on: QueueEvents' default ('$', from its first read) would miss those of a job
  // added before that read, e.g. the `duplicated` of a job that --resume adds at once
  const events = new QueueEvents(SOLVE_QUEUE, { connection, lastEventId: `${serverMs}-0` });
  const ignore = (): void => {};
  queue.on('error', ignore);
  /** The event reader lost its connection: events may have been missed. */
  let lost = false;
  events.on('error', () => {
    lost = true;
  });
  await events.waitUntilReady();
  /** The jobs awaited, by id: what to do with the return value or the failure's reason. */
  const awaited = new Map<string, { done: (value: unknown) => void; failed: (reason: string) => void; onStart?: () => void; onProgress?: (p: Progress) => void }>();
  /** Awaited jobs seen starting (the sweep looks them up). */
  const running = new Set<string>();
  /** The waiter of an awaited job, no longer awaited (undefined: settled already, or not ours). */
  const take = (id: string) => {
    const w = awaited.get(id);
    if (w) {
      awaited.delete(id);
      running.delete(id);
    }
    return w;
  };
  const settle = (id: string, value: unknown): void => take(id)?.done(value);
  const fail = (id: string, reason: string): void => take(id)?.failed(reason);
  let publisher: Redis | undefined;
  const failed = (job: Job, reason: string): JobResult => errorResult({ file: job.file, level: job.level, config: configName(job) }, reason);
  /** Settles the job when it has finished (completed or failed). */
  const lookUp = async (id: string): Promise<void> => {
    const w = awaited.get(id);
    if (!w) return;
    const qj = await queue.getJob(id);
    if (!qj) return;
    if (qj.finishedOn !== undefined && qj.failedReason) fail(id, qj.failedReason);
    else if (qj.finishedOn !== undefined && qj.returnvalue !== null && qj.returnvalue !== undefined) settle(id, qj.returnvalue);
  };

  events.on('completed', ({ jobId, returnvalue }) => {
    const w = awaited.get(jobId);
    if (!w) return;
    const r = (typeof returnvalue === 'string' ? JSON.parse(returnvalue) : returnvalue) as unknown;
    if (r && typeof r === 'object') settle(jobId, r);
    else void lookUp(jobId).catch(ignore);
  });
  events.on('failed', ({ jobId, failedReason }) => fail(jobId, failedReason));
  // a job id already on the queue (bench --resume): it may have finished while no one listened
  events.on('duplicated', ({ jobId }) => void lookUp(jobId).catch(ignore));
  events.on('active', ({ jobId }) => {
    const w = awaited.get(jobId);
    if (!w) return;
    running.add(jobId);
    w.onStart?.();
  });
  events.on('progress', ({ jobId, data }) => {
    if (typeof data === 'object' && data !== null) awaited.get(jobId)?.onProgress?.(data as Progress);
  });
  const cancel = async (id: string): Promise<boolean> => {
    const qj = await queue.getJob(id);
    if (!qj) return false;
    try {
      const state = await qj.getState();
      if (state !== 'waiting' && state !== 'prioritized' && state !== 'delayed') return false;
      await qj.remove();
      return true;
    } catch {
      // taken by a worker meanwhile (a job being run cannot be removed)
      return false;
    }
  };
  let sweeping = false;
  const sweep = setInterval(() => {
    if (sweeping) return;
    sweeping = true;
    const ids = lost ? [...awaited.keys()] : [...running];
    lost = false;
    void (async () => {
      for (let i = 0; i < ids.length; i += SWEEP_BATCH) await Promise.all(ids.slice(i, i + SWEEP_BATCH).map((id) => lookUp(id).catch(ignore)));
    })().finally(() => {
      sweeping = false;
    });
  }, SWEEP_MS);
  sweep.unref();

  return {
    run(job, id) {
      return new Promise<JobResult>((resolve, reject) => {
        awaited.set(id, { done: (r) => resolve(r as JobResult), failed: (reason) => resolve(failed(job, reason)) });
        queue
          .add('solve', job, { jobId: id, attempts: 1, removeOnComplete: { age: KEEP_FINISHED_S }, removeOnFail: { age: KEEP_FINISHED_S } })
          .catch((e: unknown) => {
            awaited.delete(id);
            reject(e as Error);
          });
      });
    },
    async counts() {
      const c = await queue.getJobCounts('waiting', 'active', 'prioritized');
      return { waiting: (c.waiting ?? 0) + (c.prioritized ?? 0), active: c.active ?? 0 };
    },
    runWeb(data, hooks = {}) {
      const id = `web-${randomUUID()}`;
      const result = new Promise<WebResult>((resolve, reject) => {
        awaited.set(id, { done: (r) => resolve(r as WebResult), failed: (reason) => reject(new Error(`the workers failed the request: ${reason}`)), ...hooks });
        queue
          .add('web', data, { jobId: id, attempts: 1, removeOnComplete: { age: 3600 }, removeOnFail: { age: 3600 } })
          .catch((e: unknown) => {
            awaited.delete(id);
            reject(e as Error);
          });
      });
      return {
        result,
        async cancel() {
          if (await cancel(id)) {
            fail(id, 'cancelled');
            return;
          }
          if (!publisher) {
            publisher = new Redis(connection);
            publisher.on('error', ignore);
          }
          await publisher.publish(CANCEL_CHANNEL, id);
        },
      };
    },
    async cancel(id) {
      const removed = await cancel(id);
      if (removed) awaited.delete(id);
      return removed;
    },
    async close() {
      clearInterval(sweep);
      publisher?.disconnect();
      await events.close();
      await queue.close();
    },
  };
}

/** The queue's id of a bench job: the run's id and a hash of the job's key (BullMQ ids may not contain ':'). */
export function jobId(run: string, key: string): string {
  return `${run}-${createHash('sha256').update(key).digest('hex').slice(0, 20)}`;
}

export { QueueUnreachable, shownUrl } from './connection.ts';
