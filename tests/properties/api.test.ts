/**
 * The web API under random requests: any JSON body (random values, random
 * field names, real field names with random values, token soups as level,
 * problem, domain and plan texts) and any raw bytes to every POST route get
 * an answer with a JSON body — 200 with a result, or 400/413/415 with
 * `{ error: { message } }` — never a 500, and the server keeps answering.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlayground, type PlaygroundServer } from '../../src/web/server.ts';
import { fcParams, LEVEL_TOKENS, PROLOG_TOKENS } from './arbitraries.ts';

let server: PlaygroundServer;
beforeAll(async () => {
  server = await createPlayground({ threads: 2, defaultTimeout: 2, maxTimeout: 2, maxNodes: 20_000 });
}, 60_000);
afterAll(async () => {
  await server?.close();
});

const ROUTES = ['/api/solve', '/api/compare', '/api/validate', '/api/explain', '/api/scan'];
const FIELDS = ['level', 'number', 'problem', 'domain', 'algo', 'heuristic', 'cycle', 'backend', 'theory', 'engine', 'prune', 'weight', 'lazy', 'preferred', 'tt', 'timeout', 'maxNodes', 'seed', 'width', 'temperature', 'plan', 'lurd', 'text'];

const soup = (tokens: string[], max: number) => fc.array(fc.constantFrom(...tokens), { maxLength: max }).map((t) => t.join(''));
const level = fc.oneof(soup(LEVEL_TOKENS, 60), fc.constant('#####\n#@$.#\n#####\n'));
const prolog = fc.oneof(soup(PROLOG_TOKENS, 40), fc.constant('opn(go, [a], [b], [a]).\n'), fc.constant('init([a]).\ngoal([b]).\n'));
const value = fc.oneof(fc.string(), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.array(fc.string(), { maxLength: 4 }), fc.constantFrom('bfs', 'iddfs', 'astar', 'hff', 'lmcut', 'prolog', 'tau', 'state', 'deadlocks'));
const body = fc.oneof(
  fc.jsonValue(),
  fc.dictionary(fc.constantFrom(...FIELDS), value, { maxKeys: 5 }),
  fc.record(
    { level, problem: prolog, domain: prolog, algo: fc.constantFrom('bfs', 'iddfs', 'dfs', 'gbfs'), plan: fc.array(soup(PROLOG_TOKENS, 8), { maxLength: 3 }), lurd: soup(['l', 'u', 'r', 'd', 'L', 'U', 'R', 'D', 'x', ' ', '\n'], 8), text: level, timeout: fc.constantFrom(0.2, 0.5) },
    { requiredKeys: [] },
  ),
);

/** Bodies shaped like each route's: random texts in the right fields. */
const shaped = fc.oneof(
  fc.tuple(fc.constantFrom('/api/solve', '/api/compare'), fc.record({ level, algo: fc.constantFrom('bfs', 'iddfs'), timeout: fc.constant(0.5) })),
  fc.tuple(fc.constant('/api/solve'), fc.record({ problem: prolog, domain: prolog, algo: fc.constantFrom('bfs', 'gbfs', 'astar') })),
  fc.tuple(fc.constantFrom('/api/validate', '/api/explain'), fc.record({ level, lurd: soup(['l', 'u', 'r', 'd', 'L', 'U', 'R', 'D', 'x', ' '], 8) })),
  fc.tuple(fc.constantFrom('/api/validate', '/api/explain'), fc.record({ problem: prolog, domain: prolog, plan: fc.array(soup(PROLOG_TOKENS, 8), { maxLength: 3 }) })),
  fc.tuple(fc.constant('/api/scan'), fc.record({ text: level })),
);
const request = fc.oneof(fc.tuple(fc.constantFrom(...ROUTES), body), shaped);

/** The answer is JSON and says what it is: a result (200) or a located error object (4xx). */
function wellFormed(status: number, text: string): boolean {
  if (![200, 400, 413, 415].includes(status)) return false;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return false;
  }
  if (status === 200) return typeof json === 'object' && json !== null;
  const e = (json as { error?: { message?: unknown } }).error;
  return typeof e?.message === 'string' && e.message.length > 0;
}

describe('the API under random requests', () => {
  it('any JSON body to any route: 200 or a 4xx with an error message, never a 500', async () => {
    const statuses = new Set<number>();
    await fc.assert(
      fc.asyncProperty(request, async ([url, payload]) => {
        const r = await server.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(payload) });
        statuses.add(r.statusCode);
        expect(wellFormed(r.statusCode, r.body), `${url} ${JSON.stringify(payload).slice(0, 300)} → ${r.statusCode} ${r.body.slice(0, 300)}`).toBe(true);
      }),
      fcParams(150),
    );
    // the generators reach past the schema: some requests are answered, some refused
    expect([...statuses].sort()).toEqual([200, 400]);
  }, 120_000);

  it('raw bytes as the body: 400 or 415 with an error message', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...ROUTES), fc.uint8Array({ maxLength: 200 }), fc.constantFrom('application/json', 'text/plain', 'application/octet-stream'), async (url, bytes, type) => {
        const r = await server.app.inject({ method: 'POST', url, headers: { 'content-type': type }, payload: Buffer.from(bytes) });
        expect(wellFormed(r.statusCode, r.body), `${url} ${type} → ${r.statusCode} ${r.body.slice(0, 300)}`).toBe(true);
      }),
      fcParams(100),
    );
    expect((await server.app.inject('/api/status')).json()).toMatchObject({ running: 0, queued: 0 });
  }, 60_000);
});
