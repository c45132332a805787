/**
 * The playground server in a process of its own, for the load bench
 * (server-load.ts forks it): so that the memory measured is the server's
 * and its workers', not the load generator's. Answers the bench over IPC:
 * `counters`, `memory` (after a full collection when run with
 * --expose-gc: resident and anonymous memory, threads, the main heap and
 * every worker's heap, external memory, the peak resident memory sampled
 * every 200 ms, and the CPU time of all its threads) and `close`.
 */
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createPlayground, type ServerCounters } from '../src/web/index.ts';

export interface ServerMemory {
  rss: number;
  /** Resident anonymous memory (V8 heaps, malloc), Linux only. */
  rssAnon: number | null;
  threads: number | null;
  heapUsed: number;
  heapTotal: number;
  external: number;
  workers: { heapUsed: number; heapTotal: number }[];
  peakRss: number;
  /** CPU time of the process since it started (all its threads: the server and the workers), ms. */
  cpuMs: number;
}

export type ServerRequest = { id: number; type: 'counters' | 'memory' | 'close' };
export interface ServerAnswer {
  id: number;
  counters?: ServerCounters;
  memory?: ServerMemory;
}
export type ServerReply = ServerAnswer | { port: number };

const send = (m: ServerReply): void => void process.send!(m);

/** Resident anonymous memory and threads of this process, from /proc (Linux). */
function procStatus(): { rssAnon: number; threads: number } | null {
  try {
    const st = readFileSync('/proc/self/status', 'utf8');
    const kb = (k: string): number => Number(new RegExp(`^${k}:\\s+(\\d+)`, 'm').exec(st)?.[1] ?? NaN);
    return { rssAnon: kb('RssAnon') * 1024, threads: kb('Threads') };
  } catch {
    return null;
  }
}

const threads = process.argv[2] ? Number(process.argv[2]) : undefined;
const server = await createPlayground({ queue: 64, ...(threads ? { threads } : {}) });
await server.app.listen({ port: 0, host: '127.0.0.1' });
let peakRss = process.memoryUsage().rss;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 200);

process.on('message', async (m: ServerRequest) => {
  if (m.type === 'counters') send({ id: m.id, counters: server.counters() });
  else if (m.type === 'memory') {
    (globalThis as { gc?: () => void }).gc?.();
    const workers = await server.workerHeaps();
    const u = process.memoryUsage();
    const p = procStatus();
    send({ id: m.id, memory: { rss: u.rss, rssAnon: p?.rssAnon ?? null, threads: p?.threads ?? null, heapUsed: u.heapUsed, heapTotal: u.heapTotal, external: u.external, workers, peakRss, cpuMs: (process.cpuUsage().user + process.cpuUsage().system) / 1000 } });
  } else {
    clearInterval(sampler);
    await server.close();
    send({ id: m.id });
    process.disconnect();
  }
});
send({ port: (server.app.server.address() as AddressInfo).port });
