/**
 * The server's queue and limits over real HTTP: /api/scan waits for a worker
 * like a solve (and gets the same 503 when the queue is full); the hard
 * limit counts from the moment a worker starts a request, not from the
 * queue; a request that waits longer than maxWait for a worker is a 503; a
 * client that leaves while its request waits drops it before any worker
 * runs it; what a worker prints goes to the server's sink, never to stdout.
 *
 * One worker thread per server, held by a search that runs until its client
 * leaves, so that which request waits for which is fixed by the test, not by
 * timing.
 */
import type { AddressInfo } from 'node:net';
import { Piscina } from 'piscina';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { collectWorkerOutput } from '../../src/workers/output.ts';
import { createPlayground, type PlaygroundServer, type ServeOptions, type ServerCounters } from '../../src/web/server.ts';

/** maps/bench.txt level 1, five boxes: iddfs runs for minutes on it. */
const HARD = ['#######', '#. .  #', '# $$$ #', '#  #  #', '# $ $ #', '#. .@.#', '#######', ''].join('\n');
const ONE_PUSH = '#####\n#@$.#\n#####\n';
/** A search that holds its worker until its client leaves. */
const HOLD = { level: HARD, algo: 'iddfs', timeout: 60 };

const servers: PlaygroundServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function start(options: ServeOptions): Promise<{ server: PlaygroundServer; base: string }> {
  // no node cap within reach: the searches here end by their time limits or are held (iddfs expands
  // the default cap of 10 million nodes in under 3 s on a quiet machine)
  const server = await createPlayground({ threads: 1, maxNodes: 1e12, ...options });
  servers.push(server);
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  return { server, base: `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}` };
}

interface Answer {
  status: number;
  retryAfter: string | null;
  json: Record<string, any>;
}

/** POSTs JSON; with a signal, a client that may leave (then the promise resolves to null). */
async function post(base: string, route: string, body: unknown, signal?: AbortSignal): Promise<Answer | null> {
  try {
    const r = await fetch(`${base}${route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), signal });
    return { status: r.status, retryAfter: r.headers.get('retry-after'), json: (await r.json()) as Record<string, any> };
  } catch (e) {
    if (signal?.aborted) return null;
    throw e;
  }
}

/** Polls the server's counters until `ok` holds (a state the test waits for, not a time). */
async function until(server: PlaygroundServer, ok: (c: ServerCounters) => boolean): Promise<ServerCounters> {
  for (let i = 0; i < 1000; i++) {
    const c = server.counters();
    if (ok(c)) return c;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`the server never reached the state: ${JSON.stringify(server.counters())}`);
}

/** Starts the search that holds the only worker; returns a function that makes its client leave. */
async function hold(server: PlaygroundServer, base: string): Promise<() => Promise<void>> {
  const leave = new AbortController();
  const held = post(base, '/api/solve', HOLD, leave.signal);
  await until(server, (c) => c.running === 1);
  return async () => {
    leave.abort();
    expect(await held).toBeNull();
  };
}

const TWO_LEVELS = `; 1\n${ONE_PUSH}\n; 2\n#####\n#@$ #\n#####\n`;

describe('/api/scan goes through the pool', () => {
  it('waits for a worker like a solve: queued while the only worker is busy, GET routes answered meanwhile, then the levels', async () => {
    const { server, base } = await start({ queue: 4 });
    const release = await hold(server, base);
    const scan = post(base, '/api/scan', { text: TWO_LEVELS });
    expect(await until(server, (c) => c.queued === 1)).toMatchObject({ running: 1, queued: 1 });
    // the main thread is free: the catalogue is answered while the scan waits
    const levels = await fetch(`${base}/api/levels`);
    expect(levels.status).toBe(200);
    expect(server.counters()).toMatchObject({ running: 1, queued: 1 });
    await release();
    const answer = (await scan)!;
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual([
      { number: 1, title: '1', text: ONE_PUSH, error: null },
      {
        number: 2,
        title: '2',
        text: null,
        error: { message: expect.stringContaining('1 box but 0 goals'), file: '<level>', line: 7, column: 1 },
      },
    ]);
  }, 60_000);

  it('a scan beyond the full queue is a 503 with Retry-After', async () => {
    const { server, base } = await start({ queue: 1 });
    const release = await hold(server, base);
    const leaveWaiting = new AbortController();
    const waiting = post(base, '/api/solve', { level: ONE_PUSH }, leaveWaiting.signal);
    await until(server, (c) => c.queued === 1);
    const busy = (await post(base, '/api/scan', { text: TWO_LEVELS }))!;
    expect(busy).toEqual({ status: 503, retryAfter: '1', json: { error: { message: 'the server is busy (1 requests waiting); try again shortly' } } });
    expect(server.counters().rejected).toBe(1);
    leaveWaiting.abort();
    expect(await waiting).toBeNull();
    await release();
  }, 60_000);
});

describe('the hard limit counts from the start of the work', () => {
  it('a request queued behind a 3 s search, with a 1 s time limit and a 2 s grace, stops at its own limit (200, status limit), not 504', async () => {
    // Counted from the hand-over to the pool, the second request's hard limit (1 + 2 s) ran out
    // while it waited for the first search (3 s) and its answer was a 504.
    const { server, base } = await start({ queue: 4, grace: 2 });
    const first = post(base, '/api/solve', { level: HARD, algo: 'iddfs', timeout: 3 });
    await until(server, (c) => c.running === 1);
    const second = post(base, '/api/solve', { level: HARD, algo: 'iddfs', timeout: 1 });
    const answers = await Promise.all([first, second]);
    expect(answers.map((a) => [a!.status, a!.json.status, a!.json.stats?.limit])).toEqual([
      [200, 'limit', 'time'],
      [200, 'limit', 'time'],
    ]);
    expect(server.counters()).toMatchObject({ completed: 2, cancelled: 0, rejected: 0, workersStopped: 0, running: 0, queued: 0 });
  }, 60_000);
});

describe('a request that waits longer than maxWait for a worker', () => {
  it('is answered 503 with Retry-After, and never runs', async () => {
    const { server, base } = await start({ queue: 4, maxWait: 0.5 });
    const release = await hold(server, base);
    const late = (await post(base, '/api/solve', { level: ONE_PUSH, algo: 'bfs' }))!;
    expect(late).toEqual({ status: 503, retryAfter: '1', json: { error: { message: 'the server is busy (no worker was free within 0.5 s); try again shortly' } } });
    expect(server.counters()).toMatchObject({ rejected: 1, running: 1, queued: 0 });
    await release();
    await until(server, (c) => c.running === 0);
    // the held search ended (its interrupt) and is the only one that ran; the given-up request was skipped
    const next = (await post(base, '/api/solve', { level: ONE_PUSH, algo: 'bfs' }))!;
    expect([next.status, next.json.status, next.json.length]).toEqual([200, 'solved', 1]);
    expect(server.counters()).toMatchObject({ completed: 2, rejected: 1, running: 0, queued: 0 });
  }, 60_000);
});

describe('a client that leaves while its request waits for a worker', () => {
  it('drops the request: no worker runs it, the running search goes on', async () => {
    const { server, base } = await start({ queue: 4 });
    const release = await hold(server, base);
    const leave = new AbortController();
    const waiting = post(base, '/api/solve', { level: ONE_PUSH, algo: 'bfs' }, leave.signal);
    await until(server, (c) => c.queued === 1);
    leave.abort();
    expect(await waiting).toBeNull();
    expect(await until(server, (c) => c.queued === 0)).toMatchObject({ running: 1, cancelled: 1, completed: 0 });
    await release();
    await until(server, (c) => c.running === 0);
    const next = (await post(base, '/api/validate', { level: ONE_PUSH, lurd: 'R' }))!;
    expect([next.status, next.json.valid]).toEqual([200, true]);
    // the held search and the validation; the dropped request never ran
    expect(server.counters()).toMatchObject({ completed: 2, cancelled: 1, workersStopped: 0 });
  }, 60_000);
});

describe('what pool workers print', () => {
  it('reaches the sink line by line — console, split writes, a nested worker — and never the process stdout or stderr', async () => {
    const stdout = vi.spyOn(process.stdout, 'write');
    const stderr = vi.spyOn(process.stderr, 'write');
    const lines: string[] = [];
    let allIn!: () => void;
    const arrived = new Promise<void>((r) => (allIn = r));
    const output = collectWorkerOutput((stream, line) => {
      lines.push(`${stream}: ${line}`);
      if (lines.length === 4) allIn();
    });
    const pool = new Piscina({ filename: new URL('../fixtures/web/noisy-task.mjs', import.meta.url).href, minThreads: 1, maxThreads: 1, workerData: output.workerData });
    try {
      expect(await pool.run(null)).toBe('done');
      await arrived;
    } finally {
      await pool.destroy();
      output.close();
    }
    expect(lines.sort()).toEqual(['stderr: noisy: console.error', 'stdout: noisy: console.log', 'stdout: noisy: nested worker', 'stdout: noisy: written in two pieces']);
    const printed = [...stdout.mock.calls, ...stderr.mock.calls].map((c) => String(c[0]));
    stdout.mockRestore();
    stderr.mockRestore();
    expect(printed.filter((t) => t.includes('noisy'))).toEqual([]);
  }, 60_000);
});
