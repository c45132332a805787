/**
 * `planlog serve --queue redis://…` (issue 19, item 3) with real processes:
 * two playground servers on one job queue (as behind a balancer: either
 * answers, neither keeps a request's state) send solve and compare
 * requests to a `planlog worker`; a streamed solve's events come through;
 * a client that leaves stops the search on the worker; the jobs waiting on
 * the queue are bounded (503), and a request no worker takes within
 * --max-wait is answered 503 and taken off the queue. Skipped without
 * redis-server.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { QueueEvents } from 'bullmq';
import { afterEach, describe, expect, it } from 'vitest';
import { openQueue } from '../../src/queue/client.ts';
import { redisOptions, SOLVE_QUEUE } from '../../src/queue/connection.ts';
import { finished, haveRedis, planlog, type Proc, root, started, startWorker, suiteRedis } from './harness.ts';

const LEVEL = '#####\n#@$.#\n#####\n';
const MICROBAN = join(root, '..', 'shared', 'levels', 'microban.txt');

const procs: Proc[] = [];
const track = (p: Proc): Proc => {
  procs.push(p);
  return p;
};
afterEach(async () => {
  for (const p of procs.splice(0)) {
    p.kill('SIGKILL');
    await p.exited;
  }
});

/** A `planlog serve` on a free port with the job queue; its base URL. */
async function serve(...args: string[]): Promise<{ proc: Proc; base: string }> {
  const proc = track(planlog('serve', '--port', '0', ...args));
  const line = await proc.line(/^planlog playground on /, 'the server listens');
  return { proc, base: /(http:\/\/127\.0\.0\.1:\d+)/.exec(line)![1] };
}

const post = async (base: string, route: string, body: unknown, signal?: AbortSignal): Promise<[number, Record<string, unknown>]> => {
  const r = await fetch(`${base}${route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), signal });
  return [r.status, (await r.json()) as Record<string, unknown>];
};

describe.skipIf(!haveRedis)('serve --queue: the playground on the job queue', () => {
  const redis = suiteRedis();

  it('two servers on one queue: solve, compare and a streamed solve run on the worker', async () => {
    const url = redis.url(1);
    const worker = track(await startWorker(url));
    const [a, b] = await Promise.all([serve('--queue', url), serve('--queue', url)]);
    expect(await a.proc.line(/^solve and compare/)).toBe(`solve and compare requests go to the job queue at ${url}`);
    const [s1, solved] = await post(a.base, '/api/solve', { level: LEVEL, algo: 'bfs' });
    expect([s1, solved.status, solved.plan, solved.length]).toEqual([200, 'solved', ['pushR(x1y1,x2y1,x3y1)'], 1]);
    const [s2, compared] = await post(b.base, '/api/compare', { level: LEVEL, algo: 'bfs' });
    expect([s2, compared.agree]).toEqual([200, true]);
    const [s3, bad] = await post(b.base, '/api/solve', { level: '#####\n#@$#\n#####\n' });
    expect([s3, (bad.error as { message: string }).message]).toEqual([400, 'level 1: 1 box but 0 goals: every box needs its own goal (* is a box on a goal)']);
    const r = await fetch(`${a.base}/api/solve`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ level: LEVEL, algo: 'bfs', stream: true }) });
    const text = await r.text();
    expect(text.startsWith('event: started\ndata: {}\n\n')).toBe(true);
    expect(text).toMatch(/event: result\ndata: \{"status":"solved","plan":\["pushR\(x1y1,x2y1,x3y1\)"\],"length":1,/);
    // every request ran on the worker, none on a server's own pool
    expect(worker.lines.filter((l) => l.startsWith('start ')).map((l) => l.split(' ').slice(2).join(' '))).toEqual(['solve request', 'compare request', 'solve request', 'solve request']);
  }, 120_000);

  it.skipIf(!existsSync(MICROBAN))('a client that leaves: the search on the worker stops', async () => {
    const url = redis.url(2);
    const worker = track(await startWorker(url));
    const { base } = await serve('--queue', url, '--max-timeout', '600');
    const level = readFileSync(MICROBAN, 'utf8').split(/\n\s*\n/).find((block) => block.startsWith('; 153\n'));
    expect(level).toBeDefined();
    const leave = new AbortController();
    // bfs on Microban 153 runs for minutes within these limits
    const request = post(base, '/api/solve', { level: level!, algo: 'bfs', timeout: 600, maxNodes: 10_000_000 }, leave.signal).catch((e: Error) => e.name);
    await worker.line(/^start web-\S+ solve request$/);
    leave.abort();
    expect(await request).toBe('AbortError');
    const done = await worker.line(/^done web-/);
    expect(done).toMatch(/^done web-\S+ limit \d+ ms$/);
    expect(finished(worker)).toEqual(started(worker));
  }, 120_000);

  it('bounded: 503 when the queue holds --queue N jobs; a request no worker takes within --max-wait: 503, taken off the queue', async () => {
    const url = redis.url(3);
    const events = new QueueEvents(SOLVE_QUEUE, { connection: redisOptions(url) });
    await events.waitUntilReady();
    const waiting = new Promise<string>((resolve) => events.once('waiting', ({ jobId }) => resolve(jobId)));
    const removed = new Promise<string>((resolve) => events.once('removed', ({ jobId }) => resolve(jobId)));
    try {
      // no worker: the first request waits on the queue
      const { base } = await serve('--queue', url, '--queue', '1', '--max-wait', '3');
      const first = post(base, '/api/solve', { level: LEVEL });
      const id = await waiting;
      const [s2, busy] = await post(base, '/api/solve', { level: LEVEL });
      expect([s2, busy]).toEqual([503, { error: { message: 'the server is busy (1 requests waiting); try again shortly' } }]);
      expect(await first).toEqual([503, { error: { message: 'the server is busy (no worker was free within 3 s); try again shortly' } }]);
      expect(await removed).toBe(id);
      const client = await openQueue(url);
      try {
        expect(await client.counts()).toEqual({ waiting: 0, active: 0 });
      } finally {
        await client.close();
      }
    } finally {
      await events.close();
    }
  }, 60_000);
});
