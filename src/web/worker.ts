/**
 * The web server's pool worker: one handler per kind of work (`task`:
 * solve, compare, validate, explain; `scan`: the levels of an uploaded
 * file; `author`: lint and PDDL translations), each behind the start handshake (handshake.ts); what the worker
 * prints goes to the server's log, not to its stdout (workers/output.ts).
 */
import { errorJson } from '../pipeline/json.ts';
import { scanLevels } from '../sokoban/level.ts';
import { isPlanlogError, PlanlogError } from '../util/errors.ts';
import { runAuthorJob, type AuthorJob } from './author.ts';
import { claim, type PoolAnswer, type PoolRequest } from './handshake.ts';
import { runWebTask, type WebError, type WebResult, type WebTask } from './task.ts';
import { captureWorkerOutput } from '../workers/output.ts';

captureWorkerOutput();

/** One level of a scanned file: its text, or its located problem. */
export interface ScanEntry {
  number: number;
  title: string | null;
  text: string | null;
  error: WebError | null;
}

export type ScanResult = { ok: true; body: ScanEntry[] } | { ok: false; error: WebError };

async function handshake<J, R>(request: PoolRequest<J>, work: (job: J) => R | Promise<R>): Promise<PoolAnswer<R>> {
  if (!claim(request.state)) return { skipped: true };
  return { skipped: false, result: await work(request.job) };
}

/** The levels of an uploaded file (the level reader only). */
export function scanText(text: string): ScanResult {
  try {
    const body = scanLevels(text, '<level>').map((e) => ({
      number: e.number,
      title: e.title,
      text: e.level ? `${e.level.source.join('\n')}\n` : null,
      error: e.problems?.length ? errorJson(new PlanlogError(e.problems)) : null,
    }));
    return { ok: true, body };
  } catch (e) {
    if (isPlanlogError(e)) return { ok: false, error: errorJson(e) };
    throw e;
  }
}

export const task = (request: PoolRequest<WebTask>): Promise<PoolAnswer<WebResult>> => handshake(request, runWebTask);
/** Piscina's default handler (the compiled planner loads this module directly; pool-task.mjs re-exports it from the sources). */
export default task;
export const scan = (request: PoolRequest<{ text: string }>): Promise<PoolAnswer<ScanResult>> => handshake(request, (job) => scanText(job.text));
/** The authoring routes' jobs (author.ts: /api/lint, /api/pddl). */
export const author = (request: PoolRequest<AuthorJob>): Promise<PoolAnswer<WebResult>> => handshake(request, runAuthorJob);
/** Answers once the worker has loaded this module (the server waits for every worker before it listens). */
export const ready = (): boolean => true;

/** This worker's JavaScript heap in bytes (used and reserved), after a full collection when the process runs with --expose-gc. */
export function heap(): WorkerHeap {
  (globalThis as { gc?: () => void }).gc?.();
  const m = process.memoryUsage();
  return { heapUsed: m.heapUsed, heapTotal: m.heapTotal };
}

export interface WorkerHeap {
  heapUsed: number;
  heapTotal: number;
}
