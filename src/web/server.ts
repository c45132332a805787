/**
 * `planlog serve`: the web playground's HTTP server (Fastify). Serves the
 * page (bundled in memory when the server starts: no files are read per
 * request, so no path can escape) and the JSON API of shared/DESIGN.md.
 *
 * Solving runs on a worker pool (piscina) with a bounded queue (503 when
 * full: the server counts what it handed to the pool), a per-request time and node limit capped by the server, and
 * cancellation when the client goes away (the search's interrupt flag, then
 * the worker is stopped if it does not end within a second). Request bodies
 * are limited in size and checked against a JSON schema; bad input gets a
 * 400 with the located message.
 */
import { createServer } from 'node:http';
import { availableParallelism, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { Piscina } from 'piscina';
import { backendNames, errorJson, heuristicNames, heuristics, isPlanlogError, PlanlogError, prologEngines, scanLevels, prologStrategies, prunerNames, strategies, strategyNames, swiplAvailable, theories } from '../index.ts';
import { bundledDomains, bundledLevels } from './catalog.ts';
import { buildPage, type PageAsset } from './page.ts';
import { scanBodySchema, schemaMessage, solveBodySchema, validateBodySchema } from './schema.ts';
import type { RequestOptions, WebResult, WebTask } from './task.ts';

export interface ServeOptions {
  /** Worker threads solving requests (default: all cores). */
  threads?: number;
  /** Requests waiting for a worker beyond which the server answers 503 (default 64). */
  queue?: number;
  /** Time limit of a search when the request names none, in seconds (default 10). */
  defaultTimeout?: number;
  /** Largest time limit a request may ask for, in seconds (default 60). */
  maxTimeout?: number;
  /** Largest node limit (and the default; default 10,000,000 expanded nodes). */
  maxNodes?: number;
  /** Memory limit of one search in MB (default: half the machine's memory over the threads). */
  maxMemoryMb?: number;
  /** Largest request body in bytes (default 256 KiB). */
  bodyLimit?: number;
  /** Time a client has to send its whole request, in ms (default 10,000; then 408). */
  requestTimeoutMs?: number;
  /** The project folder with maps/ and domains/ (default: planlog's own). */
  root?: string;
  /** Log requests (Fastify's logger). */
  logger?: boolean;
}

export interface ServerCounters {
  threads: number;
  queueLimit: number;
  queued: number;
  running: number;
  completed: number;
  cancelled: number;
  rejected: number;
}

export interface PlaygroundServer {
  app: FastifyInstance;
  counters(): ServerCounters;
  close(): Promise<void>;
}

const projectRoot = fileURLToPath(new URL('../../', import.meta.url));

/** A located error object as the API answers it. */
function apiError(reply: FastifyReply, status: number, message: string, extra: Record<string, unknown> = {}): FastifyReply {
  return reply.code(status).send({ error: { message, ...extra } });
}

/** Builds the server (not listening yet: call `app.listen`). Builds the page first (esbuild, ~0.1 s). */
export async function createPlayground(options: ServeOptions = {}): Promise<PlaygroundServer> {
  const threads = options.threads ?? availableParallelism();
  const queueLimit = options.queue ?? 64;
  const defaultTimeout = options.defaultTimeout ?? 10;
  const maxTimeout = options.maxTimeout ?? 60;
  const maxNodes = options.maxNodes ?? 10_000_000;
  const maxMemoryMb = options.maxMemoryMb ?? Math.floor(totalmem() / 2 ** 20 / 2 / threads);
  const root = options.root ?? projectRoot;

  const levels = bundledLevels(`${root}/maps`);
  const domains = bundledDomains(`${root}/domains`);
  const sokobanDomain = domains.find((d) => d.id === 'sokoban');
  if (!sokobanDomain) throw new Error(`no domains/sokoban.pl under ${root}`);
  const page = await buildPage();

  const pool = new Piscina({
    filename: new URL('./pool-task.mjs', import.meta.url).href,
    minThreads: threads,
    maxThreads: threads,
    concurrentTasksPerWorker: 1,
  });
  const counters = { completed: 0, cancelled: 0, rejected: 0 };

  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: options.bodyLimit ?? 256 * 1024,
    // a client must send its whole request within 10 s, checked every second (slow
    // clients cannot hold sockets: 408); answers may take longer
    serverFactory: (handler) => {
      const t = options.requestTimeoutMs ?? 10_000;
      return createServer({ requestTimeout: t, headersTimeout: t, connectionsCheckingInterval: Math.min(1000, t / 2) }, handler);
    },
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false, allErrors: false } },
  });

  app.setErrorHandler((err: Error & { statusCode?: number; validation?: Parameters<typeof schemaMessage>[0]; code?: string }, _req, reply) => {
    if (err.validation) return apiError(reply, 400, `bad request: ${schemaMessage(err.validation)}`, { file: '<request>' });
    const status = err.statusCode ?? 500;
    if (status === 413) return apiError(reply, 413, `request body too large (limit ${app.initialConfig.bodyLimit} bytes)`);
    if (status === 415) return apiError(reply, 415, 'send JSON (Content-Type: application/json)');
    if (status >= 400 && status < 500) return apiError(reply, status, `bad request: ${err.message}`);
    app.log.error(err);
    return apiError(reply, 500, `internal error: ${err.message}`);
  });
  // JSON only: a text body is a 415, not a string that fails the schema
  app.removeContentTypeParser('text/plain');
  app.setNotFoundHandler((req, reply) => apiError(reply, 404, `not found: ${req.method} ${req.url.slice(0, 200)}`));

  // The page: three assets from memory.
  const serveAsset = (asset: PageAsset) => (_req: FastifyRequest, reply: FastifyReply) => reply.type(asset.type).header('cache-control', 'no-cache').send(asset.body);
  app.get('/', serveAsset(page.html));
  app.get('/app.js', serveAsset(page.js));
  app.get('/app.css', serveAsset(page.css));

  app.get('/api/levels', async () => levels);
  app.get('/api/domains', async () => domains);
  // the registries do not change while the server runs: the answer is built once
  const optionsBody = {
    strategies: strategyNames.map((n) => ({
      name: n,
      summary: strategies[n].summary,
      heuristics: strategies[n].defaultHeuristic ? (strategies[n].heuristics ?? heuristicNames) : [],
      defaultHeuristic: strategies[n].defaultHeuristic ?? null,
      levelHeuristic: strategies[n].levelHeuristic ?? null,
      needsLevel: Boolean(strategies[n].needsLevel),
      stochastic: Boolean(strategies[n].stochastic),
      prolog: (prologStrategies as readonly string[]).includes(n),
    })),
    heuristics: heuristicNames.map((n) => ({ name: n, summary: heuristics[n].summary, admissible: heuristics[n].admissible, needsLevel: Boolean(heuristics[n].needsLevel) })),
    prune: prunerNames,
    backends: backendNames,
    engines: prologEngines.filter((e) => e !== 'swipl' || swiplAvailable()),
    theories,
    limits: { defaultTimeout, maxTimeout, maxNodes },
  };
  app.get('/api/options', async () => optionsBody);
  app.get('/api/status', async () => statusOf());
  // The levels of an uploaded file (the level reader only, on the main thread: it is linear in the text).
  app.post<{ Body: { text: string } }>('/api/scan', { schema: { body: scanBodySchema } }, async (req, reply) => {
    try {
      return scanLevels(req.body.text, '<level>').map((e) => ({
        number: e.number,
        title: e.title,
        text: e.level ? `${e.level.source.join('\n')}\n` : null,
        error: e.problems?.length ? errorJson(new PlanlogError(e.problems)) : null,
      }));
    } catch (e) {
      if (isPlanlogError(e)) return reply.code(400).send({ error: errorJson(e) });
      throw e;
    }
  });

  /** Requests handed to the pool and not answered yet (waiting or running). */
  let inPool = 0;
  const statusOf = (): ServerCounters => ({ threads, queueLimit, queued: Math.max(0, inPool - threads), running: Math.min(inPool, threads), ...counters });

  /** The problem of a body: a level (with the Sokoban domain unless one is given) or a Prolog problem with its domain. */
  const sourceOf = (b: { level?: string; number?: number; problem?: string; domain?: string }): WebTask['source'] =>
    b.level !== undefined
      ? { file: '<level>', text: b.level, isProlog: false, level: b.number, domainFile: b.domain !== undefined ? '<domain>' : sokobanDomain.file, domainText: b.domain ?? sokobanDomain.text }
      : { file: '<problem>', text: b.problem ?? '', isProlog: true, domainFile: '<domain>', domainText: b.domain ?? '' };

  /** Runs a task on the pool; answers 200 with its object, 400 with its located error, 503 when the queue is full. */
  async function dispatch(reply: FastifyReply, task: Omit<WebTask, 'interrupt' | 'maxMemoryMb'>, hardLimitS: number): Promise<FastifyReply> {
    if (inPool >= threads + queueLimit) {
      counters.rejected++;
      return reply.code(503).header('retry-after', '1').send({ error: { message: `the server is busy (${queueLimit} requests waiting); try again shortly` } });
    }
    const interrupt = new SharedArrayBuffer(4);
    const abort = new AbortController();
    let kill: NodeJS.Timeout | undefined;
    const onClose = (): void => {
      if (reply.raw.writableFinished) return;
      // the client went away: stop the search, and the worker if it does not stop by itself
      Atomics.store(new Int32Array(interrupt), 0, 1);
      kill = setTimeout(() => abort.abort(), 1000);
    };
    reply.raw.on('close', onClose);
    const deadline = setTimeout(() => abort.abort(), hardLimitS * 1000);
    inPool++;
    try {
      const r = (await pool.run({ ...task, interrupt, maxMemoryMb } satisfies WebTask, { signal: abort.signal })) as WebResult;
      counters.completed++;
      if (!r.ok) return await reply.code(400).send({ error: r.error });
      return await reply.send(r.body);
    } catch (e) {
      const err = e as Error;
      if (err.name === 'AbortError') {
        counters.cancelled++;
        if (reply.raw.destroyed) return reply;
        return apiError(reply, 504, `the search did not stop within ${hardLimitS} s and was cancelled`);
      }
      throw e;
    } finally {
      inPool--;
      clearTimeout(deadline);
      clearTimeout(kill);
      reply.raw.off('close', onClose);
    }
  }

  type SolveBody = RequestOptions & { level?: string; number?: number; problem?: string; domain?: string };
  /** The search options of a body, with the server's limits applied. */
  const optionsOf = (b: SolveBody): RequestOptions => {
    const { level: _l, number: _n, problem: _p, domain: _d, ...o } = b;
    return { ...o, timeout: Math.min(o.timeout ?? defaultTimeout, maxTimeout), maxNodes: Math.min(o.maxNodes ?? maxNodes, maxNodes) };
  };

  app.post<{ Body: SolveBody }>('/api/solve', { schema: { body: solveBodySchema } }, (req, reply) => {
    const o = optionsOf(req.body);
    return dispatch(reply, { kind: 'solve', source: sourceOf(req.body), options: o }, (o.timeout ?? defaultTimeout) + 10);
  });
  app.post<{ Body: SolveBody }>('/api/compare', { schema: { body: solveBodySchema } }, (req, reply) => {
    const o = optionsOf(req.body);
    return dispatch(reply, { kind: 'compare', source: sourceOf(req.body), options: o }, 2 * (o.timeout ?? defaultTimeout) + 10);
  });
  type PlanBody = { level?: string; number?: number; problem?: string; domain?: string; plan?: string[]; lurd?: string };
  for (const kind of ['validate', 'explain'] as const) {
    app.post<{ Body: PlanBody }>(`/api/${kind}`, { schema: { body: validateBodySchema } }, (req, reply) => {
      if (req.body.lurd !== undefined && req.body.level === undefined) return apiError(reply, 400, 'a LURD string needs a level', { file: '<request>' });
      return dispatch(reply, { kind, source: sourceOf(req.body), options: {}, plan: req.body.plan, lurd: req.body.lurd }, 30);
    });
  }

  return {
    app,
    counters: statusOf,
    async close() {
      await app.close();
      await pool.destroy();
    },
  };
}
