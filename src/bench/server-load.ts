/**
 * Load test of the playground server on loopback (autocannon), one
 * scenario after another: sustained concurrent solves, a burst beyond the
 * queue, oversized bodies, malformed JSON, searches that hit their time
 * limit, slow clients, clients that go away. For each: requests answered,
 * by status, errors and timeouts, latency; the process's memory throughout;
 * and whether every worker is free at the end.
 *
 *   npx tsx src/bench/server-load.ts [--seconds S]
 */
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { createPlayground } from '../web/server.ts';

const { values } = parseArgs({ options: { seconds: { type: 'string' } } });
const seconds = Number(values.seconds ?? 15);

const server = await createPlayground({ queue: 64 });
await server.app.listen({ port: 0, host: '127.0.0.1' });
const port = (server.app.server.address() as AddressInfo).port;
const base = `http://127.0.0.1:${port}`;
const levels = (await (await fetch(`${base}/api/levels`)).json()) as { id: string; text: string }[];
const text = (id: string): string => levels.find((l) => l.id === id)!.text;

let peakRss = 0;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 200);
const mb = (b: number): string => `${Math.round(b / 2 ** 20)} MB`;
const rss0 = process.memoryUsage().rss;

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

async function load(scenario: string, opts: { connections: number; duration: number; body: string | Buffer; path?: string; contentType?: string }): Promise<void> {
  const statuses = new Map<number, number>();
  const r = await autocannon({
    url: `${base}${opts.path ?? '/api/solve'}`,
    method: 'POST',
    connections: opts.connections,
    duration: opts.duration,
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

await load('sustained: 50 clients solving small levels (bfs)', { connections: 50, duration: seconds, body: json({ level: text('tutorial-7'), algo: 'bfs' }) });
await load('burst: 200 clients, queue of 64', { connections: 200, duration: Math.ceil(seconds / 2), body: json({ level: text('tutorial-9'), algo: 'astar', heuristic: 'hmax' }) });
await load('oversized bodies (1 MB)', { connections: 20, duration: Math.ceil(seconds / 3), body: json({ level: '#'.repeat(1 << 20) }) });
await load('malformed JSON', { connections: 20, duration: Math.ceil(seconds / 3), body: '{"level": "####' });
await load('searches that hit their 0.5 s time limit', { connections: 8, duration: Math.ceil(seconds / 2), body: json({ level: text('bench-1'), algo: 'iddfs', timeout: 0.5 }) });

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
const slow = slowClients(50);
await new Promise((r) => setTimeout(r, 1000));
const t1 = performance.now();
const during = await fetch(`${base}/api/solve`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: json({ level: text('tutorial-3'), algo: 'bfs' }) });
const duringMs = performance.now() - t1;
rows.push(await slow);
rows.push({ scenario: 'a normal solve while the slow clients hang', requests: 1, statuses: `${during.status}: 1`, errors: 0, timeouts: 0, p50: `${Math.round(duringMs)} ms`, p99: '' });

// Clients that go away in the middle of a long search.
const before = server.counters();
await Promise.all(
  Array.from({ length: 20 }, async () => {
    const ctl = new AbortController();
    const p = fetch(`${base}/api/solve`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: json({ level: text('bench-1'), algo: 'iddfs', timeout: 60 }), signal: ctl.signal }).catch(() => undefined);
    setTimeout(() => ctl.abort(), 300);
    await p;
  }),
);
let waited = 0;
while (server.counters().running + server.counters().queued > 0 && waited < 30_000) {
  await new Promise((r) => setTimeout(r, 100));
  waited += 100;
}
const after = server.counters();
rows.push({ scenario: '20 clients leave a 60 s search after 0.3 s', requests: 20, statuses: `finished early: ${after.completed - before.completed}, workers stopped: ${after.cancelled - before.cancelled}`, errors: 0, timeouts: 0, p50: `all workers free after ${(waited / 1000).toFixed(1)} s`, p99: '' });

clearInterval(sampler);
const status = server.counters();
await server.close();

console.log(`\n| scenario | requests answered | by status | errors | timeouts | latency p50 | p99 |`);
console.log('|---|---|---|---|---|---|---|');
for (const r of rows) console.log(`| ${r.scenario} | ${r.requests} | ${r.statuses} | ${r.errors} | ${r.timeouts} | ${r.p50} | ${r.p99} |`);
console.log(`\nmemory (rss, server and its ${status.threads} workers in one process): ${mb(rss0)} at start, peak ${mb(peakRss)}; at the end: ${status.running} running, ${status.queued} queued; ${status.completed} searches completed, ${status.rejected} answered 503, ${status.cancelled} workers stopped`);
