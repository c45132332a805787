/**
 * POST /api/trace (the JSON of `planlog trace --format json`, with `states`
 * that of --states) and a solve or trace streamed as server-sent events
 * (`"stream": true`): the events in order,
 * the final one equal to the plain answer, a client that leaves stops the
 * search.
 */
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { apiTests } from './api-harness.ts';
import { runMain } from '../cli/run-main.ts';

/** Five boxes, 783,372 states: bfs needs seconds (maps/bench.txt). */
const HARD = ['#######', '#. .  #', '# $$$ #', '#  #  #', '# $ $ #', '#. .@.#', '#######', ''].join('\n');
const TUTORIAL = readFileSync('maps/tutorial.txt', 'utf8');

const api = apiTests({ threads: 2, queue: 8, maxTraceLimit: 20 });
const post = api.post;

/** A JSON value without its timings (fields ending in Ms), which differ between two runs. */
function untimed(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(untimed);
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).filter(([k]) => !k.endsWith('Ms')).map(([k, x]) => [k, untimed(x)]));
  return v;
}

/** The events of a text/event-stream body, in order. */
function eventsOf(body: string): { event: string; data: Record<string, unknown> }[] {
  return body
    .split('\n\n')
    .filter((b) => b.trim() !== '')
    .map((b) => {
      const event = /^event: (.*)$/m.exec(b)?.[1] ?? '';
      const data = JSON.parse(/^data: (.*)$/m.exec(b)?.[1] ?? 'null');
      return { event, data };
    });
}

describe('POST /api/trace', () => {
  for (const algo of ['bfs', 'iddfs', 'astar']) {
    it(`answers the JSON of planlog trace --format json (${algo}, tutorial level 3, limit 12)`, async () => {
      const cli = await runMain('trace', 'maps/tutorial.txt', '--level', '3', '--algo', algo, '--limit', '12', '--format', 'json');
      expect(cli.code).toBe(0);
      const api = await post('/api/trace', { level: TUTORIAL, number: 3, algo, limit: 12 });
      expect(api.status).toBe(200);
      expect(untimed(api.json)).toEqual(untimed(JSON.parse(cli.out)));
      expect(api.json).toMatchObject({ algo, status: 'solved', limit: 12, warnings: [] });
      expect(api.json.plan).toHaveLength(6);
    }, 60_000);
  }

  it('iddfs: the bounds tried and why the deepening stopped', async () => {
    const r = await post('/api/trace', { level: TUTORIAL, number: 3, algo: 'iddfs' });
    expect(r.json.limit).toBe(20); // the default 50, capped by the server's maxTraceLimit
    expect(r.json.iterations.map((i: { bound: number }) => i.bound)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(r.json.expansions).toBe(52);
    expect(r.json.nodes.filter((n: { recorded: boolean }) => n.recorded)).toHaveLength(20);
    expect(r.json.stopped).toBe('a plan of 6 steps was found with depth bound 6');
  }, 60_000);

  it('the limit: default 50 as the CLI, capped by the server, in /api/options', async () => {
    const o = (await api.server.app.inject('/api/options')).json();
    expect(o.limits).toEqual({ defaultTimeout: 10, maxTimeout: 60, maxNodes: 10_000_000, defaultTraceLimit: 50, maxTraceLimit: 20 });
    expect((await post('/api/trace', { level: TUTORIAL, number: 3, limit: 5 })).json.limit).toBe(5);
    expect((await post('/api/trace', { level: TUTORIAL, number: 3, limit: 500 })).json.limit).toBe(20);
    expect((await post('/api/trace', { level: TUTORIAL, number: 3, limit: 0 })).json.error.message).toBe('bad request: limit must be >= 1');
  }, 60_000);

  it('a strategy that is not traced: 400 naming the traced ones, as the CLI', async () => {
    const cli = await runMain('trace', 'maps/tutorial.txt', '--level', '3', '--algo', 'mcts');
    const api = await post('/api/trace', { level: TUTORIAL, number: 3, algo: 'mcts' });
    expect(api.status).toBe(400);
    expect(cli.code).toBe(2);
    expect(api.json.error.message).toMatch(/^trace watches iddfs, bfs, .*; not mcts$/);
    expect(cli.err).toContain(api.json.error.message);
  }, 60_000);

  it('bad input: the located error of /api/solve', async () => {
    const r = await post('/api/trace', { level: '#####\n#@$.#\n####\n#x#\n' });
    expect(r.status).toBe(400);
    const s = await post('/api/solve', { level: '#####\n#@$.#\n####\n#x#\n' });
    expect(r.json).toEqual(s.json);
    expect(r.json.error.file).toBe('<level>');
    expect((await post('/api/trace', { level: TUTORIAL, states: 'yes' })).json.error.message).toBe('bad request: states must be boolean');
    expect((await post('/api/trace', { level: TUTORIAL, stream: 1 })).json.error.message).toBe('bad request: stream must be boolean');
  }, 60_000);

  it('states: the JSON of planlog trace --states --format json (bfs, frontier nodes; iddfs, none)', async () => {
    for (const algo of ['bfs', 'iddfs']) {
      const cli = await runMain('trace', 'maps/tutorial.txt', '--level', '3', '--algo', algo, '--limit', '6', '--states', '--json');
      const api = await post('/api/trace', { level: TUTORIAL, number: 3, algo, limit: 6, states: true });
      expect(api.status).toBe(200);
      expect(untimed(api.json)).toEqual(untimed(JSON.parse(cli.out)));
      expect(api.json.states).toBe(true);
      expect(api.json.nodes.every((n: { state?: string[] }) => Array.isArray(n.state))).toBe(true);
      const frontier = api.json.nodes.filter((n: { frontier?: boolean }) => n.frontier).length;
      expect([algo, frontier]).toEqual([algo, algo === 'bfs' ? 4 : 0]);
    }
    const plain = await post('/api/trace', { level: TUTORIAL, number: 3, limit: 6 });
    expect(plain.json.states).toBeUndefined();
    expect(plain.json.nodes.some((n: object) => 'state' in n || 'frontier' in n)).toBe(false);
  }, 60_000);

  it('stream: started, progress (expanded, generated, states/s), then the trace as the result event, equal to the plain answer', async () => {
    const body = { level: HARD, algo: 'bfs', maxNodes: 400_000, limit: 10, states: true };
    const plain = await post('/api/trace', body);
    expect(plain.json).toMatchObject({ status: 'limit', expansions: 400_000, limit: 10, states: true });
    const streamed = await post('/api/trace', { ...body, stream: true });
    expect(streamed.headers['content-type']).toMatch(/^text\/event-stream/);
    const events = eventsOf(streamed.body);
    expect(events[0].event).toBe('started');
    const progress = events.slice(1, -1);
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.every((e) => e.event === 'progress')).toBe(true);
    expect(Object.keys(progress[0].data).sort()).toEqual(['elapsedMs', 'expanded', 'generated', 'statesPerSecond']);
    const last = events[events.length - 1];
    expect(last.event).toBe('result');
    expect(untimed(last.data)).toEqual(untimed(plain.json));
    // a solved trace streams too; an error is an error event
    const solved = eventsOf((await post('/api/trace', { level: TUTORIAL, number: 3, algo: 'iddfs', states: true, stream: true })).body);
    expect(solved.at(-1)).toMatchObject({ event: 'result', data: { status: 'solved', algo: 'iddfs', states: true } });
    const bad = eventsOf((await post('/api/trace', { level: TUTORIAL, number: 3, algo: 'mcts', stream: true })).body);
    expect(bad.map((e) => e.event)).toEqual(['started', 'error']);
    expect(bad[1].data).toMatchObject({ status: 400, error: { file: '<request>' } });
  }, 120_000);

  it('the request limits apply: a node limit ends the trace with status limit', async () => {
    const r = await post('/api/trace', { level: HARD, algo: 'bfs', maxNodes: 1000, limit: 3 });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ status: 'limit', expansions: 1000, limit: 3 });
    expect(r.json.nodes).toHaveLength(3);
  }, 60_000);
});

describe('POST /api/solve with "stream": true', () => {
  it('started, progress events (the CLI progress line), then the plain answer as the result event', async () => {
    const body = { level: HARD, algo: 'bfs', maxNodes: 400_000 };
    const plain = await post('/api/solve', body);
    expect(plain.json.status).toBe('limit');
    const streamed = await post('/api/solve', { ...body, stream: true });
    expect(streamed.status).toBe(200);
    expect(streamed.headers['content-type']).toMatch(/^text\/event-stream/);
    const events = eventsOf(streamed.body);
    expect(events[0].event).toBe('started');
    expect(events[events.length - 1].event).toBe('result');
    const progress = events.slice(1, -1);
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.every((e) => e.event === 'progress')).toBe(true);
    const expanded = progress.map((e) => e.data.expanded as number);
    expect(expanded).toEqual([...expanded].sort((a, b) => a - b));
    expect(expanded[expanded.length - 1]).toBeLessThanOrEqual(400_000);
    expect(Object.keys(progress[0].data).sort()).toEqual(['elapsedMs', 'expanded', 'generated', 'statesPerSecond']);
    const result = events[events.length - 1].data as { status: string; length: number | null; stats: { expanded: number } };
    expect({ status: result.status, length: result.length, expanded: result.stats.expanded }).toEqual({ status: plain.json.status, length: plain.json.length, expanded: plain.json.stats.expanded });
    expect(result.stats.expanded).toBe(400_000);
    expect(untimed(result)).toEqual(untimed(plain.json));
  }, 120_000);

  it('iddfs: the progress events carry the depth bound, which only grows', async () => {
    const events = eventsOf((await post('/api/solve', { level: HARD, algo: 'iddfs', maxNodes: 1_500_000, stream: true })).body);
    const progress = events.filter((e) => e.event === 'progress').map((e) => e.data);
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.every((p) => typeof p.bound === 'number')).toBe(true);
    const bounds = progress.map((p) => p.bound as number);
    expect(bounds).toEqual([...bounds].sort((a, b) => a - b));
    const last = events[events.length - 1];
    expect(last.event).toBe('result');
    expect(last.data).toMatchObject({ status: 'limit', stats: { expanded: 1_500_000 } });
    expect(bounds[bounds.length - 1]).toBeLessThanOrEqual((last.data as { stats: { iterations: { bound: number }[] } }).stats.iterations.at(-1)!.bound);
  }, 120_000);

  it('a solved level: the result event is the plain answer', async () => {
    const plain = await post('/api/solve', { level: TUTORIAL, number: 7, algo: 'bfs' });
    const events = eventsOf((await post('/api/solve', { level: TUTORIAL, number: 7, algo: 'bfs', stream: true })).body);
    expect(events[0].event).toBe('started');
    const last = events[events.length - 1];
    expect(last.event).toBe('result');
    expect(untimed(last.data)).toEqual(untimed(plain.json));
    expect(last.data).toMatchObject({ status: 'solved', length: 13 });
  }, 60_000);

  it('bad input found by the worker: an error event with the plain answer\'s status and body', async () => {
    const plain = await post('/api/solve', { level: TUTORIAL, number: 3, algo: 'bfs', weight: 2 });
    expect(plain.status).toBe(400);
    const events = eventsOf((await post('/api/solve', { level: TUTORIAL, number: 3, algo: 'bfs', weight: 2, stream: true })).body);
    expect(events.map((e) => e.event)).toEqual(['started', 'error']);
    expect(events[1].data).toEqual({ status: 400, ...plain.json });
  }, 60_000);

  it('schema errors are plain 400 JSON before any stream', async () => {
    const r = await post('/api/solve', { level: TUTORIAL, stream: 'yes' });
    expect(r.status).toBe(400);
    expect(r.json.error.message).toBe('bad request: stream must be boolean');
  });

  it('a client that leaves the stream stops its search and frees the worker', async () => {
    await api.server.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(api.server.app.server.address() as AddressInfo).port}`;
    const before = api.server.counters();
    const req = request(`${base}/api/solve`, { method: 'POST', headers: { 'content-type': 'application/json' } });
    req.on('error', () => {});
    const seen: string[] = [];
    req.on('response', (res) => {
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        for (const m of chunk.matchAll(/^event: (.*)$/gm)) seen.push(m[1]);
        // leave once the search has reported progress (it would run for seconds)
        if (seen.includes('progress')) req.destroy();
      });
    });
    req.end(JSON.stringify({ level: HARD, algo: 'bfs', timeout: 60, stream: true }));
    await vi.waitFor(() => expect(seen).toContain('progress'), { timeout: 30_000, interval: 20 });
    await vi.waitFor(
      () => {
        expect(api.server.counters().running).toBe(0);
        expect(api.server.counters().completed).toBe(before.completed + 1);
      },
      { timeout: 20_000, interval: 20 },
    );
    expect(seen[0]).toBe('started');
    expect(seen).not.toContain('result');
    // stopped by its interrupt flag, not by terminating the worker
    expect(api.server.counters().workersStopped).toBe(before.workersStopped);
  }, 60_000);
});
