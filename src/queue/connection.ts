/**
 * Where the job queue is: a Redis URL (`redis://HOST:PORT[/DB]`, or
 * `rediss://` for TLS, with an optional `user:password@`), checked before
 * any work starts. An address that does not parse is a usage error; a
 * server that does not answer within a few seconds is `QueueUnreachable`,
 * which the commands report in one line naming the URL (exit 2) instead of
 * retrying for ever, as a Redis client would by default.
 */
import type { RedisOptions } from 'bullmq';
import { Redis } from 'ioredis';
import { UsageError } from '../options/index.ts';

/** The BullMQ queue that carries planlog's solve jobs (bench and serve put jobs on it, `planlog worker` takes them). */
export const SOLVE_QUEUE = 'planlog-solve';
/** The Redis channel on which a server asks the workers to stop a request's search (the message: the job's id). */
export const CANCEL_CHANNEL = 'planlog-solve:cancel';

/** How long the first connection may take before the server counts as unreachable (ms). */
export const CONNECT_TIMEOUT_MS = 3000;

/** The Redis server of the queue could not be reached: the message names the URL. */
export class QueueUnreachable extends Error {}

/** The client options of a queue URL; UsageError when it is not a Redis URL. */
export function redisOptions(url: string): RedisOptions {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new UsageError(`--queue needs a Redis URL such as redis://127.0.0.1:6379, got '${url}'`);
  }
  if (u.protocol !== 'redis:' && u.protocol !== 'rediss:') throw new UsageError(`--queue needs a Redis URL (redis://HOST:PORT or rediss://…), got '${url}'`);
  if (u.hostname === '') throw new UsageError(`--queue ${url}: the URL names no host (redis://HOST:PORT)`);
  const path = u.pathname.replace(/^\//, '');
  if (path !== '' && !/^\d+$/.test(path)) throw new UsageError(`--queue ${url}: the path is a database number (redis://HOST:PORT/0), got '/${path}'`);
  return {
    host: u.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: u.port === '' ? 6379 : Number(u.port),
    ...(path !== '' ? { db: Number(path) } : {}),
    ...(u.username !== '' ? { username: decodeURIComponent(u.username) } : {}),
    ...(u.password !== '' ? { password: decodeURIComponent(u.password) } : {}),
    ...(u.protocol === 'rediss:' ? { tls: {} } : {}),
    connectTimeout: CONNECT_TIMEOUT_MS,
    // BullMQ's workers block on the queue: their commands must wait for a reconnection, not fail
    maxRetriesPerRequest: null,
  };
}

/** The URL without its password, for messages. */
export function shownUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password !== '') u.password = '***';
    return u.toString().replace(/\/$/, '');
  } catch {
    return url;
  }
}

/**
 * Connects once to the queue's server and asks it for PONG and its clock;
 * throws QueueUnreachable (naming the URL and the reason) when it cannot
 * within CONNECT_TIMEOUT_MS, UsageError for a URL that is not one of Redis
 * or a database the server does not have. Returns the client options and
 * the server's time in ms (event ids are the server's clock).
 */
export async function checkQueue(url: string): Promise<{ options: RedisOptions; serverMs: number }> {
  const options = redisOptions(url);
  // the database is selected below: a client that cannot select it would go on with database 0
  const probe = new Redis({ ...options, db: 0, lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, enableOfflineQueue: false });
  let last: Error | undefined;
  probe.on('error', (e: Error) => {
    last = e;
  });
  let serverMs = 0;
  try {
    await withTimeout(
      (async () => {
        await probe.connect();
        await probe.ping();
        const [s, us] = await probe.time();
        serverMs = Number(s) * 1000 + Math.floor(Number(us) / 1000);
      })(),
      CONNECT_TIMEOUT_MS + 500,
    );
  } catch (e) {
    probe.disconnect();
    const why = reason(last ?? (e as Error));
    throw new QueueUnreachable(`cannot reach the job queue at ${shownUrl(url)}: ${why}`);
  }
  try {
    if (options.db !== undefined) await probe.select(options.db);
  } catch (e) {
    throw new UsageError(`--queue ${shownUrl(url)}: the server has no database ${options.db} (${(e as Error).message})`);
  } finally {
    probe.disconnect();
  }
  return { options, serverMs };
}

/** A connection error in plain words. */
function reason(e: Error): string {
  const code = (e as NodeJS.ErrnoException).code;
  if (code === 'ECONNREFUSED') return 'connection refused (is redis-server running there?)';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'no such host';
  if (code === 'ETIMEDOUT' || /timed? ?out/i.test(e.message)) return `no answer within ${CONNECT_TIMEOUT_MS / 1000} s`;
  if (/NOAUTH|WRONGPASS|invalid password/i.test(e.message)) return `the server refused the credentials (${e.message})`;
  return e.message;
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error('timed out')), ms);
    p.then(
      (v) => {
        clearTimeout(t);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(t);
        reject(e as Error);
      },
    );
  });
}
