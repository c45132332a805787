/**
 * The start handshake between the web server and its pool workers. Every
 * request carries a 4-byte shared `state`. The worker moves it from WAITING
 * to STARTED (compare-and-swap) before any work and notifies the server,
 * which only then starts the request's hard time limit — time spent
 * waiting in the queue does not count. The server moves it from WAITING to
 * GIVEN_UP when the request waited too long or its client left; a worker
 * that picks such a request up skips it at once.
 */

/** Values of a request's shared state (element 0). */
export const WAITING = 0;
export const STARTED = 1;
export const GIVEN_UP = 2;

/** What the server hands the pool: the job and the shared start state. */
export interface PoolRequest<J> {
  job: J;
  state: SharedArrayBuffer;
}

/** The worker's answer: the job's result, or `skipped` when the server had given the request up. */
export type PoolAnswer<R> = { skipped: true } | { skipped: false; result: R };

/** Worker side: claims the request (WAITING → STARTED) and wakes the server; false when the server gave it up. */
export function claim(state: SharedArrayBuffer): boolean {
  const s = new Int32Array(state);
  if (Atomics.compareExchange(s, 0, WAITING, STARTED) !== WAITING) return false;
  Atomics.notify(s, 0);
  return true;
}

/** Server side: gives the request up unless a worker has claimed it; true when given up. */
export function giveUp(state: Int32Array): boolean {
  return Atomics.compareExchange(state, 0, WAITING, GIVEN_UP) === WAITING;
}

type WaitAsync = (a: Int32Array, index: number, value: number, timeoutMs?: number) => { async: false; value: 'not-equal' | 'timed-out' } | { async: true; value: Promise<'ok' | 'timed-out'> };
/** Atomics.waitAsync (Node 16+; not in TypeScript's ES2022 library). */
const waitAsync = (Atomics as unknown as { waitAsync: WaitAsync }).waitAsync;

/**
 * Server side: resolves `true` once a worker has claimed the request, or
 * `false` after `timeoutMs` if none has — and then the request is given up
 * (a claim that comes at the same moment wins: then `true`).
 */
export async function claimed(state: Int32Array, timeoutMs: number): Promise<boolean> {
  const w = waitAsync(state, 0, WAITING, Number.isFinite(timeoutMs) ? Math.max(0, timeoutMs) : undefined);
  if (w.async) await w.value;
  return !giveUp(state) && Atomics.load(state, 0) === STARTED;
}
