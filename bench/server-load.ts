/**
 * Load test of the playground server on loopback (autocannon), one
 * scenario after another: sustained concurrent solves, a burst beyond the
 * queue, oversized bodies, malformed JSON, searches that hit their time
 * limit, slow clients, clients that go away, scans of big uploads while the
 * catalogue is asked for, and 100 requests with a 1 s limit from 20 clients
 * at once (none may get a 504). For each: requests answered, by status,
 * errors and timeouts, latency; the server's memory (it runs in a process of
 * its own, server-process.ts, so that the load generator's memory does not
 * count); and whether every worker is free at the end.
 *
 *   npx tsx bench/server-load.ts [--seconds S] [--only a,b] [--rounds N]
 *
 * --only runs the named scenarios (sustained, burst, oversized, malformed,
 * timelimit, slow, leave, scan, timeouts). --rounds N runs them N times and
 * prints, after each round and 3 s of idleness, the server's resident
 * memory and the heaps of its main thread and of each worker after a full
 * collection (the server process runs with --expose-gc).
 */
import { fork } from 'node:child_process';
import { connect } from 'node:net';
import { benchArgs } from './args.ts';
import autocannon from 'autocannon';
import type { ServerCounters } from '../src/web/index.ts';
import type { ServerAnswer, ServerMemory, ServerReply, ServerRequest } from './server-process.ts';

const { values } = benchArgs(import.meta.url, { options: { seconds: { type: 'string' }, only: { type: 'string' }, rounds: { type: 'string' }, threads: { type: 'string' } } });
const seconds = Number(values.seconds ?? 15);
const rounds = Number(values.rounds ?? 1);
const allScenarios = ['sustained', 'burst', 'oversized', 'malformed', 'timelimit', 'slow', 'leave', 'scan', 'timeouts'];
const only = values.only ? values.only.split(',') : allScenarios;
for (const o of only) if (!allScenarios.includes(o)) throw new Error(`unknown scenario ${o} (${allScenarios.join(', ')})`);

// the server in its own process, asked over IPC
const child = fork(new URL('./server-process.ts', import.meta.url), values.threads ? [values.threads] : [], { execArgv: ['--expose-gc', '--import', 'tsx'] });
const port = await new Promise<number>((resolve, reject) => {
  child.once('message', (m: ServerReply) => ('port' in m ? resolve(m.port) : reject(new Error('the server process did not start'))));
  child.once('exit', () => reject(new Error('the server process ended before it listened')));
});
let asked = 0;
const waiting = new Map<number, (m: ServerAnswer) => void>();
child.on('message', (m: ServerReply) => {
  if ('id' in m) waiting.get(m.id)?.(m);
});
function ask(type: ServerRequest['type']): Promise<ServerAnswer> {
  const id = ++asked;
  return new Promise((resolve) => {
    waiting.set(id, (m) => {
      waiting.delete(id);
      resolve(m);
    });
    child.send({ id, type } satisfies ServerRequest);
  });
}
const server = {
  counters: async (): Promise<ServerCounters> => (await ask('counters')).counters!,
  memory: async (): Promise<ServerMemory> => (await ask('memory')).memory!,
  close: async (): Promise<void> => void (await ask('close')),
};
const base = `http://127.0.0.1:${port}`;
const levels = (await (await fetch(`${base}/api/levels`)).json()) as { id: string; text: string }[];
const text = (id: string): string => levels.find((l) => l.id === id)!.text;

const mb = (b: number): string => `${Math.round(b / 2 ** 20)} MB`;
const start = await server.memory();

interface Row {
  scenario: string;
  requests: number;
  statuses: string;
  errors: number;
  timeouts: number;
  p50: string;
  p99: string;
}
const rows: Row[] = [];

async function load(scenario: string, opts: { connections: number; duration?: number; amount?: number; body: string | Buffer; path?: string; contentType?: string }): Promise<void> {
  const statuses = new Map<number, number>();
  const r = await autocannon({
    url: `${base}${opts.path ?? '/api/solve'}`,
    method: 'POST',
    connections: opts.connections,
    ...(opts.amount ? { amount: opts.amount } : { duration: opts.duration }),
    timeout: 120,
    headers: { 'content-type': opts.contentType ?? 'application/json' },
    body: opts.body,
    setupClient: (client: { on(e: 'response', f: (status: number) => void): void }) => client.on('response', (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1)),
  } as autocannon.Options);
  rows.push({
    scenario,
    requests: [...statuses.values()].reduce((a, b) => a + b, 0),
    statuses: [...statuses].sort((a, b) => a[0] - b[0]).map(([s, n]) => `${s}: ${n}`).join(', '),
    errors: r.errors,
    timeouts: r.timeouts,
    p50: `${r.latency.p50} ms`,
    p99: `${r.latency.p99} ms`,
  });
  process.stderr.write(`${scenario}: ${rows[rows.length - 1].statuses}, errors ${r.errors}, timeouts ${r.timeouts}\n`);
}

const json = (o: unknown): string => JSON.stringify(o);

/** A 440 × 440 open room: 194,040 characters, just under the API's 200,000. */
const bigRoom = ((n: number) => ['#'.repeat(n), ...Array.from({ length: n - 2 }, (_, i) => `#${i === 1 ? `@$.${' '.repeat(n - 5)}` : ' '.repeat(n - 2)}#`), '#'.repeat(n), ''].join('\n'))(440);

/** Eight scans of the big room at once; 0.2 s later the catalogue (GET /api/levels) is asked for, five times. */
async function scansWhileListing(): Promise<Row> {
  const listMs: number[] = [];
  const counts = new Map<string, number>();
  for (let i = 0; i < 5; i++) {
    const scans = Array.from({ length: 8 }, () =>
      fetch(`${base}/api/scan`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: json({ text: bigRoom }) }).then(
        async (r) => (await r.arrayBuffer(), String(r.status)),
        (e: Error) => `error (${(e.cause as Error | undefined)?.message ?? e.message})`,
      ),
    );
    await new Promise((r) => setTimeout(r, 200));
    const t = performance.now();
    await (await fetch(`${base}/api/levels`)).arrayBuffer();
    listMs.push(Math.round(performance.now() - t));
    for (const st of await Promise.all(scans)) counts.set(st, (counts.get(st) ?? 0) + 1);
  }
  listMs.sort((a, b) => a - b);
  const row = { scenario: '8 scans of a 200 KB level at once, then GET /api/levels (5 times)', requests: 45, statuses: [...counts].map(([k, v]) => `${k}: ${v}`).join(', '), errors: 0, timeouts: 0, p50: `GET /api/levels: ${listMs[2]} ms`, p99: `max ${listMs[4]} ms` };
  process.stderr.write(`${row.scenario}: ${row.statuses}; ${row.p50}, ${row.p99}\n`);
  return row;
}

async function runScenarios(): Promise<void> {
  if (only.includes('sustained')) await load('sustained: 50 clients solving small levels (bfs)', { connections: 50, duration: seconds, body: json({ level: text('tutorial-7'), algo: 'bfs' }) });
  if (only.includes('burst')) await load('burst: 200 clients, queue of 64', { connections: 200, duration: Math.ceil(seconds / 2), body: json({ level: text('tutorial-9'), algo: 'astar', heuristic: 'hmax' }) });
  if (only.includes('oversized')) await load('oversized bodies (1 MB)', { connections: 20, duration: Math.ceil(seconds / 3), body: json({ level: '#'.repeat(1 << 20) }) });
  if (only.includes('malformed')) await load('malformed JSON', { connections: 20, duration: Math.ceil(seconds / 3), body: '{"level": "####' });
  if (only.includes('timelimit')) await load('searches that hit their 0.5 s time limit', { connections: 8, duration: Math.ceil(seconds / 2), body: json({ level: text('bench-1'), algo: 'iddfs', timeout: 0.5 }) });
  if (only.includes('slow')) {
    const slow = slowClients(50);
    await new Promise((r) => setTimeout(r, 1000));
    const t1 = performance.now();
    const during = await fetch(`${base}/api/solve`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: json({ level: text('tutorial-3'), algo: 'bfs' }) });
    const duringMs = performance.now() - t1;
    rows.push(await slow);
    rows.push({ scenario: 'a normal solve while the slow clients hang', requests: 1, statuses: `${during.status}: 1`, errors: 0, timeouts: 0, p50: `${Math.round(duringMs)} ms`, p99: '' });
  }
  if (only.includes('leave')) rows.push(await clientsLeave());
  if (only.includes('scan')) rows.push(await scansWhileListing());
  if (only.includes('timeouts')) await load('100 searches with a 1 s time limit from 20 clients', { connections: 20, amount: 100, body: json({ level: text('bench-1'), algo: 'iddfs', timeout: 1 }) });
}

// Slow clients: send headers and trickle the body; the server drops them after its 10 s request timeout.
async function slowClients(n: number): Promise<Row> {
  const t0 = performance.now();
  const closed = await Promise.all(
    Array.from(
      { length: n },
      () =>
        new Promise<string>((resolve) => {
          const s = connect(port, '127.0.0.1');
          let answer = '';
          s.on('connect', () => s.write(`POST /api/solve HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"level": "`));
          const drip = setInterval(() => s.write('#'), 1000);
          s.on('data', (d) => (answer += d.toString()));
          s.on('close', () => {
            clearInterval(drip);
            resolve(answer.split('\r\n')[0] || 'closed without an answer');
          });
          s.on('error', () => undefined);
        }),
    ),
  );
  // meanwhile a normal request is served (measured below, while the slow ones hang)
  const counts = new Map<string, number>();
  for (const c of closed) counts.set(c, (counts.get(c) ?? 0) + 1);
  return { scenario: `slow clients: ${n} bodies at 1 byte/s`, requests: n, statuses: [...counts].map(([k, v]) => `${k}: ${v}`).join(', '), errors: 0, timeouts: 0, p50: `${Math.round(performance.now() - t0)} ms (until dropped)`, p99: '' };
}

// Clients that go away in the middle of a long search.
async function clientsLeave(): Promise<Row> {
  const before = await server.counters();
  await Promise.all(
    Array.from({ length: 20 }, async () => {
      const ctl = new AbortController();
      const p = fetch(`${base}/api/solve`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: json({ level: text('bench-1'), algo: 'iddfs', timeout: 60 }), signal: ctl.signal }).catch(() => undefined);
      setTimeout(() => ctl.abort(), 300);
      await p;
    }),
  );
  const waited = await idle();
  const after = await server.counters();
  return { scenario: '20 clients leave a 60 s search after 0.3 s', requests: 20, statuses: `finished early: ${after.completed - before.completed}, dropped while waiting: ${after.cancelled - before.cancelled - (after.workersStopped - before.workersStopped)}, workers stopped: ${after.workersStopped - before.workersStopped}`, errors: 0, timeouts: 0, p50: `all workers free after ${(waited / 1000).toFixed(1)} s`, p99: '' };
}

/** Waits until nothing runs or waits; the time waited in ms. */
async function idle(): Promise<number> {
  let waited = 0;
  for (let c = await server.counters(); c.running + c.queued > 0 && waited < 30_000; c = await server.counters()) {
    await new Promise((r) => setTimeout(r, 100));
    waited += 100;
  }
  return waited;
}

const memoryRows: string[] = [];
let cpuBefore = start.cpuMs;
let completedBefore = 0;
for (let round = 1; round <= rounds; round++) {
  await runScenarios();
  await idle();
  // 3 s idle first: V8 and malloc give back part of a busy round's memory shortly after it
  await new Promise((r) => setTimeout(r, 3000));
  const m = await server.memory();
  const { completed } = await server.counters();
  // the server's CPU time in the round (the 3 s idle included) per request a worker completed
  const cpu = `${((m.cpuMs - cpuBefore) / 1000).toFixed(1)} s, ${((m.cpuMs - cpuBefore) / Math.max(1, completed - completedBefore)).toFixed(1)} ms per request`;
  cpuBefore = m.cpuMs;
  completedBefore = completed;
  const cells = [round, mb(m.rss), m.rssAnon === null ? '' : mb(m.rssAnon), `${mb(m.heapUsed)} of ${mb(m.heapTotal)}`, m.workers.map((h) => `${mb(h.heapUsed)} of ${mb(h.heapTotal)}`).join(', '), mb(m.external), m.threads ?? '', cpu];
  memoryRows.push(`| ${cells.join(' | ')} |`);
  if (rounds > 1) process.stderr.write(`round ${round}: rss ${mb(m.rss)}${m.rssAnon === null ? '' : ` (anonymous ${mb(m.rssAnon)}, ${m.threads} threads)`}, main heap ${cells[3]}, worker heaps ${cells[4]}, external ${cells[5]}; CPU ${cpu}\n`);
}

const status = await server.counters();
const end = await server.memory();
await server.close();

console.log(`\n| scenario | requests answered | by status | errors | timeouts | latency p50 | p99 |`);
console.log('|---|---|---|---|---|---|---|');
for (const r of rows) console.log(`| ${r.scenario} | ${r.requests} | ${r.statuses} | ${r.errors} | ${r.timeouts} | ${r.p50} | ${r.p99} |`);
if (rounds > 1) {
  console.log(`\nthe server process after each round, idle for 3 s, after a full collection; heaps used of reserved:\n\n| round | rss | anonymous | main heap | worker heaps | external | threads | server CPU |\n|---|---|---|---|---|---|---|---|`);
  for (const l of memoryRows) console.log(l);
}
console.log(`\nmemory (rss of the server process with its ${status.threads} workers): ${mb(start.rss)} at start, peak ${mb(end.peakRss)}, ${mb(end.rss)} at the end; at the end: ${status.running} running, ${status.queued} queued; ${status.completed} searches completed, ${status.rejected} answered 503, ${status.cancelled} cancelled (client left or hard limit), ${status.workersStopped} workers stopped`);
