/**
 * The set-up of the API tests: one playground server per test file (made
 * before its tests, closed after them) and `post`, a request through
 * Fastify's inject.
 */
import type { OutgoingHttpHeaders } from 'node:http';
import { afterAll, beforeAll } from 'vitest';
import { createPlayground, type PlaygroundServer, type ServeOptions } from '../../src/web/server.ts';

/** An answer: its status, headers and body text; `json` parses the body (when read). */
export interface Answer {
  status: number;
  headers: OutgoingHttpHeaders;
  body: string;
  readonly json: any; // the tests read the answer's fields freely
}

export interface ApiTests {
  /** The server of the file's tests (set once its beforeAll ran). */
  readonly server: PlaygroundServer;
  post(url: string, body: unknown): Promise<Answer>;
}

/** Registers the hooks (call it at a test file's top level): the server made with `options` before the tests, closed after them. */
export function apiTests(options: ServeOptions): ApiTests {
  let server: PlaygroundServer | undefined;
  beforeAll(async () => {
    server = await createPlayground(options);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });
  const t: ApiTests = {
    get server(): PlaygroundServer {
      if (!server) throw new Error('the API tests\' server is not made yet (apiTests must be called at the top level of the file)');
      return server;
    },
    async post(url, body) {
      const r = await t.server.app.inject({ method: 'POST', url, payload: body as Record<string, unknown> });
      return { status: r.statusCode, headers: r.headers, body: r.body, get json() { return r.json(); } };
    },
  };
  return t;
}
