/**
 * The job queue with real processes on loopback: a Redis server of the
 * test's own, `planlog worker` processes and `planlog bench --queue` (issue
 * 19). A bench on the queue gives the rows of the local pool; a worker
 * killed in the middle of a job leaves it to the other one, and every result
 * is recorded once; a bench interrupted and started again with --resume
 * runs no job twice (counted by the workers' `start ID` lines); a job that
 * hits its limit is a result, a malformed job a failed job with its
 * message; an unreachable queue is a one-line error naming the URL, exit 2.
 * Each test uses a database of its own on the one server. Skipped without
 * redis-server (.ci/run installs it) or without ../shared/levels/microban.txt.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openQueue } from '../../src/queue/client.ts';
import type { Job } from '../../src/workers/jobs.ts';
import { finished, freePort, haveRedis, planlog, type Proc, root, started, startWorker, suiteRedis } from './harness.ts';

const MICROBAN = join(root, '..', 'shared', 'levels', 'microban.txt');
const haveMicroban = existsSync(MICROBAN);
const microban = '../shared/levels/microban.txt';

/** bfs's plan lengths on Microban 1-6 (astar+matching, optimal too, finds the same). */
const LENGTHS = [33, 16, 41, 23, 25, 107];

interface Row {
  strategy: string;
  levelLabel: string;
  repetition: number;
  status: string;
  length: number | null;
  expanded: number;
}
const readRuns = (out: string): Row[] => (JSON.parse(readFileSync(join(out, 'bench.json'), 'utf8')) as { runs: Row[] }).runs;
const brief = (rows: Row[]): string[] => rows.map((r) => `${r.levelLabel} ${r.strategy} r${r.repetition}: ${r.status} ${r.length} (${r.expanded} expanded)`);
/** How often each id occurs. */
const counts = (ids: string[]): Map<string, number> => {
  const m = new Map<string, number>();
  for (const id of ids) m.set(id, (m.get(id) ?? 0) + 1);
  return m;
};

let tmp = '';
const procs: Proc[] = [];
const track = <P extends Proc>(p: P): P => {
  procs.push(p);
  return p;
};
beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'planlog-queue-'));
});
afterAll(() => {
  rmSync(tmp, { recursive: true, force: true });
});
afterEach(async () => {
  for (const p of procs.splice(0)) {
    p.kill('SIGKILL');
    await p.exited;
  }
});

describe('an unreachable queue', () => {
  it('bench --queue, worker --queue and serve --queue: one line naming the URL, exit 2, no stack trace', async () => {
    const port = await freePort();
    const url = `redis://127.0.0.1:${port}`;
    const bench = track(planlog('bench', 'maps/tutorial.txt:1', '--algo', 'bfs', '--queue', url, '--out', join(tmp, 'unreachable')));
    const worker = track(planlog('worker', '--queue', url));
    const serve = track(planlog('serve', '--port', '0', '--queue', url));
    expect(await bench.exited).toBe(2);
    expect(await worker.exited).toBe(2);
    expect(await serve.exited).toBe(2);
    for (const p of [bench, worker, serve]) {
      expect(p.err).toBe(`planlog: cannot reach the job queue at ${url}: connection refused (is redis-server running there?)\n`);
      expect(p.out).toBe('');
    }
  }, 60_000);

  it('a URL that is not one of Redis: a usage error, exit 2', async () => {
    const worker = track(planlog('worker', '--queue', 'http://127.0.0.1:6379'));
    expect(await worker.exited).toBe(2);
    expect(worker.err.split('\n')[0]).toBe("planlog: --queue needs a Redis URL (redis://HOST:PORT or rediss://…), got 'http://127.0.0.1:6379'");
  }, 30_000);
});

describe.skipIf(!haveRedis || !haveMicroban)('bench on the job queue with two worker processes', () => {
  const redis = suiteRedis();

  it('gives the statuses, plan lengths and node counts of the local pool; each job runs once', async () => {
    const url = redis.url(1);
    const [w1, w2] = (await Promise.all([startWorker(url), startWorker(url)])).map(track);
    const args = [`${microban}:1-6`, '--algo', 'bfs,astar+matching', '--timeout', '60'];
    const queued = track(planlog('bench', ...args, '--queue', url, '--out', join(tmp, 'queued')));
    expect(await queued.exited).toBe(0);
    const local = track(planlog('bench', ...args, '--threads', '1', '--out', join(tmp, 'local')));
    expect(await local.exited).toBe(0);

    const rows = readRuns(join(tmp, 'queued'));
    expect(rows.map((r) => `${r.levelLabel} ${r.strategy}: ${r.status} ${r.length}`)).toEqual(
      LENGTHS.flatMap((n, i) => [`microban ${i + 1} bfs: solved ${n}`, `microban ${i + 1} astar+matching: solved ${n}`]),
    );
    expect(brief(rows)).toEqual(brief(readRuns(join(tmp, 'local'))));
    // 12 jobs, each started once by one of the two workers, each finished (the bench hears of a result
    // through Redis, maybe before the worker's `done` line reaches this process: wait for those lines)
    for (const w of [w1, w2]) await w.until(() => finished(w).length === started(w).length, 'a done line per started job');
    const ids = [...started(w1), ...started(w2)];
    expect(ids).toHaveLength(12);
    expect(new Set(ids).size).toBe(12);
    expect([...finished(w1), ...finished(w2)].sort()).toEqual([...ids].sort());
    expect(readFileSync(join(tmp, 'queued', 'bench.md'), 'utf8')).toContain(`; the job queue at ${url}; wall time`);
  }, 120_000);

  it('a worker killed (kill -9) in the middle of a job: the other runs it, the run completes with every result once', async () => {
    const url = redis.url(2);
    const [w1, w2] = (await Promise.all([startWorker(url, '--stall-timeout', '1'), startWorker(url, '--stall-timeout', '1')])).map(track);
    const out = join(tmp, 'killed');
    // level 153 with bfs stops at the node limit after 1,000,000 expansions (a second or more): the job to kill
    const bench = track(planlog('bench', `${microban}:1-3,153`, '--algo', 'bfs', '--max-nodes', '1000000', '--timeout', '120', '--out', out, '--queue', url));
    const long = /^start \S+ \.\.\/shared\/levels\/microban\.txt:153 bfs$/;
    const victim = await Promise.race([w1.line(long).then(() => w1), w2.line(long).then(() => w2)]);
    const other = victim === w1 ? w2 : w1;
    const id = victim.lines.find((l) => long.test(l))!.split(' ')[1];
    victim.kill('SIGKILL');
    expect(await bench.exited).toBe(0);

    await other.until(() => finished(other).includes(id), `the other worker's done line of ${id}`);
    expect(finished(victim)).not.toContain(id);
    expect(started(other).filter((x) => x === id)).toEqual([id]);
    expect(finished(other)).toContain(id);
    const rows = readRuns(out);
    expect(rows.map((r) => `${r.levelLabel}: ${r.status} ${r.length} ${r.status === 'limit' ? r.expanded : ''}`)).toEqual([
      'microban 1: solved 33 ',
      'microban 2: solved 16 ',
      'microban 3: solved 41 ',
      'microban 153: limit null 1000000',
    ]);
    // the journal holds each row once
    const journal = readFileSync(join(out, 'bench.jsonl'), 'utf8').trim().split('\n').slice(1).map((l) => (JSON.parse(l) as { key: string }).key);
    expect(journal.sort()).toEqual(['1\t../shared/levels/microban.txt:1\tbfs', '1\t../shared/levels/microban.txt:153\tbfs', '1\t../shared/levels/microban.txt:2\tbfs', '1\t../shared/levels/microban.txt:3\tbfs']);
  }, 180_000);

  it('a bench interrupted and started again with --resume: no job runs twice (those finished meanwhile are collected), the same final rows', async () => {
    const url = redis.url(3);
    const out = join(tmp, 'resumed');
    const args = [`${microban}:1-6`, '--algo', 'bfs,astar+matching', '--timeout', '60', '--out', out, '--queue', url];
    const a = track(await startWorker(url));
    const first = track(planlog('bench', ...args));
    // three jobs done, then the bench is stopped; the worker finishes two more that no bench hears of, and stops
    await a.until(() => finished(a).length >= 3, 'three jobs done');
    first.kill('SIGINT');
    await first.exited;
    expect(existsSync(join(out, 'bench.json'))).toBe(false);
    const heard = finished(a).length;
    await a.until(() => finished(a).length >= heard + 2, 'two more jobs done');
    a.kill('SIGTERM');
    expect(await a.exited).toBe(0);
    expect(a.lines.at(-1)).toBe('worker stopped');
    const recorded = readFileSync(join(out, 'bench.jsonl'), 'utf8').trim().split('\n').length - 1;
    expect(recorded).toBeLessThan(finished(a).length);

    const [b, c] = (await Promise.all([startWorker(url), startWorker(url)])).map(track);
    const second = track(planlog('bench', ...args, '--resume'));
    expect(await second.exited).toBe(0);
    const ids = [...started(a), ...started(b), ...started(c)];
    expect(new Set(ids).size).toBe(12);
    expect([...counts(ids).values()].every((n) => n === 1)).toBe(true);
    expect(started(a).length).toBeGreaterThanOrEqual(3);
    expect(started(b).length + started(c).length).toBe(12 - started(a).length);
    expect(readRuns(out).map((r) => `${r.levelLabel} ${r.strategy}: ${r.status} ${r.length}`)).toEqual(
      LENGTHS.flatMap((n, i) => [`microban ${i + 1} bfs: solved ${n}`, `microban ${i + 1} astar+matching: solved ${n}`]),
    );
  }, 180_000);

  it('a database the server does not have: a usage error naming it, exit 2 (not database 0 instead)', async () => {
    const worker = track(planlog('worker', '--queue', redis.url(99)));
    expect(await worker.exited).toBe(2);
    expect(worker.err.split('\n')[0]).toBe(`planlog: --queue ${redis.url(99)}: the server has no database 99 (ERR DB index is out of range)`);
  }, 30_000);

  it('a job that hits its limit is a result, run once; a malformed job fails with its message', async () => {
    const url = redis.url(4);
    const w = track(await startWorker(url));
    const client = await openQueue(url);
    try {
      const limited: Job = { file: microban, level: 153, domainFile: 'domains/sokoban.pl', algo: 'bfs', timeoutMs: 60_000, maxNodes: 1000 };
      const r = await client.run(limited, 'limit-1');
      expect([r.status, r.limit, r.expanded]).toEqual(['limit', 'nodes', 1000]);
      const bad = await client.run({ file: '', level: 1 } as unknown as Job, 'malformed-1');
      expect([bad.status, bad.error]).toEqual(['error', "malformed job: 'file' must be a non-empty string"]);
      const bad2 = await client.run({ ...limited, level: 0 }, 'malformed-2');
      expect(bad2.error).toBe("malformed job: 'level' must be a positive whole number");
      // the same id again: the recorded result, not a new run
      expect((await client.run(limited, 'limit-1')).expanded).toBe(1000);
    } finally {
      await client.close();
    }
    // the client hears of a failure through Redis, maybe before the worker's line about it reaches this process
    await w.line(/^failed malformed-2: /);
    expect(started(w)).toEqual(['limit-1']);
    expect(w.lines.filter((l) => l.startsWith('failed '))).toEqual([
      "failed malformed-1: malformed job: 'file' must be a non-empty string",
      "failed malformed-2: malformed job: 'level' must be a positive whole number",
    ]);
  }, 60_000);
});
