/**
 * `planlog serve`: the web playground's HTTP server (Fastify). Serves the
 * page (bundled in memory when the server starts: no files are read per
 * request, so no path can escape) and the JSON API of shared/DESIGN.md.
 *
 * Every CPU-bound route (solve, compare, trace, validate, explain, scan, lint, pddl) runs on a
 * worker pool (piscina) with a bounded queue: 503 when it is full (the
 * server counts what it handed to the pool) or when a request has waited
 * longer than `maxWait` for a worker. A request's time and node limits are
 * capped by the server; its hard limit (the time limit plus a grace, then
 * the worker is stopped: 504) counts from the moment a worker starts it, not
 * from the queue (handshake.ts). When the client goes away a waiting request
 * is dropped, a running search is stopped (its interrupt flag, then the
 * worker if it does not end within a second). What workers print goes to
 * the log, never to stdout (workers/output.ts). Request bodies are limited in
 * size and checked against a JSON schema; bad input gets a 400 with the
 * located message.
 */
import { createServer } from 'node:http';
import { availableParallelism, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { Piscina } from 'piscina';
import { backendNames } from '../core/report.ts';
import { getPlugin, heuristicNames, heuristics, prunerNames, strategies, strategyNames } from '../plugins/index.ts';
import { swiplAvailable } from '../prolog/engine-swipl.ts';
import { prologEngines, prologStrategies } from '../prolog/solve.ts';
import { theories } from '../prolog/theory.ts';
import { bundledDomains, bundledLevels } from './catalog.ts';
import { DEFAULT_TRACE_LIMIT, optionCatalog } from '../options/index.ts';
import { buildPage, type PageAsset } from './page.ts';
import { lintBodySchema, pddlBodySchema, scanBodySchema, schemaMessage, solveBodySchema, streamedSolveBodySchema, traceBodySchema, validateBodySchema } from './schema.ts';
import { claimed, giveUp, type PoolAnswer, type PoolRequest } from './handshake.ts';
import { progressSlots, readProgress, writeProgress, type RequestOptions, type WebResult, type WebTask } from './task.ts';
import { openEventStream, type EventStream } from './events.ts';
import type { ScanResult, WorkerHeap } from './worker.ts';
import type { AuthorJob } from './author.ts';
import { collectWorkerOutput, type WorkerStream } from '../workers/output.ts';
import type { Progress } from '../util/budget.ts';

export interface ServeOptions {
  /** Worker threads solving requests (default: all cores). */
  threads?: number;
  /** Requests waiting for a worker beyond which the server answers 503 (default 64). */
  queue?: number;
  /** Longest wait for a worker in seconds; a request not started by then is answered 503 (default 30). */
  maxWait?: number;
  /** Seconds a started request may run past its time limit before its worker is stopped and the answer is 504 (default 10). */
  grace?: number;
  /** Time limit of a search when the request names none, in seconds (default 10). */
  defaultTimeout?: number;
  /** Largest time limit a request may ask for, in seconds (default 60). */
  maxTimeout?: number;
  /** Largest node limit (and the default; default 10,000,000 expanded nodes). */
  maxNodes?: number;
  /** Largest number of expansions a trace request may record (`limit`; default 5,000). */
  maxTraceLimit?: number;
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
  /** Lint warnings are errors (400) for solve and compare requests that do not say `strict` themselves (serve --strict). */
  strict?: boolean;
  /**
   * Solve and compare requests go to these workers instead of the server's
   * own pool (serve --queue: the job queue's `planlog worker` processes);
   * `queue` then bounds the requests waiting on the job queue.
   */
  remote?: RemoteRunner;
  /**
   * Where a line that a worker printed goes (default: the log when `logger`
   * is on, otherwise stderr as `planlog serve: worker stdout: …`); never the
   * server's stdout.
   */
  onWorkerOutput?: (stream: WorkerStream, line: string) => void;
}

/** Workers elsewhere (serve --queue: src/queue/client.ts) that run a request's task. */
export interface RemoteRunner {
  /** Requests and jobs waiting for a worker (of every server on the queue). */
  waiting(): Promise<number>;
  /** Sends the task; `onStart` when a worker takes it, `onProgress` with a streamed search's progress; `cancel` drops it or stops its search. */
  run(
    data: { task: Omit<WebTask, 'interrupt' | 'progress'>; stream?: boolean },
    hooks: { onStart: () => void; onProgress: (p: Progress) => void },
  ): { result: Promise<WebResult>; cancel(): Promise<void> };
}

export interface ServerCounters {
  threads: number;
  queueLimit: number;
  queued: number;
  running: number;
  completed: number;
  /** Requests whose client left (dropped while waiting, or its search stopped) or that ran past their hard limit. */
  cancelled: number;
  rejected: number;
  /** Workers terminated (a search that did not stop: hard limit, or a second after its client left) and replaced. */
  workersStopped: number;
}

export interface PlaygroundServer {
  app: FastifyInstance;
  counters(): ServerCounters;
  /**
   * Each worker's heap in bytes (after a full collection when the process
   * runs with --expose-gc); meaningful when no request is running (the
   * load bench's memory rounds).
   */
  workerHeaps(): Promise<WorkerHeap[]>;
  close(): Promise<void>;
}

const projectRoot = fileURLToPath(new URL('../../', import.meta.url));
/** How long serve --queue waits for the job queue's count before it answers 503 (ms). */
const REMOTE_ANSWER_MS = 5000;

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
  const maxTraceLimit = options.maxTraceLimit ?? 5_000;
  const maxWait = options.maxWait ?? 30;
  const grace = options.grace ?? 10;
  const maxMemoryMb = options.maxMemoryMb ?? Math.floor(totalmem() / 2 ** 20 / 2 / threads);
  const root = options.root ?? projectRoot;

  const levels = bundledLevels(`${root}/maps`);
  const domains = bundledDomains(`${root}/domains`);
  const sokobanDomain = domains.find((d) => d.id === 'sokoban');
  if (!sokobanDomain) throw new Error(`no domains/sokoban.pl under ${root}`);
  const page = await buildPage();

  const counters = { completed: 0, cancelled: 0, rejected: 0, workersStopped: 0 };

  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: options.bodyLimit ?? 256 * 1024,
    // a client must send its whole request within 10 s, checked every second (slow
    // clients cannot hold sockets: 408); answers may take longer
    serverFactory: (handler) => {
      const t = options.requestTimeoutMs ?? 10_000;
      return createServer({ requestTimeout: t, headersTimeout: t, connectionsCheckingInterval: Math.min(1000, t / 2) }, handler);
    },
    // closing the server closes its connections (keep-alive ones would hold close() for seconds)
    forceCloseConnections: true,
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false, allErrors: false } },
  });

  // what workers print: to the log (or stderr), never to stdout
  const workerOutput = collectWorkerOutput((stream, line) => {
    if (options.onWorkerOutput) options.onWorkerOutput(stream, line);
    else if (options.logger) app.log.warn({ worker: stream }, line);
    else process.stderr.write(`planlog serve: worker ${stream}: ${line}\n`);
  });
  const pool = new Piscina({
    // compiled (dist/): the worker module itself; from the sources: a shim that registers tsx's loader first
    filename: new URL(import.meta.url.endsWith('.js') ? './worker.js' : './pool-task.mjs', import.meta.url).href,
    minThreads: threads,
    maxThreads: threads,
    concurrentTasksPerWorker: 1,
    workerData: workerOutput.workerData,
  });
  // every worker loads the request runner before the server takes requests (a few seconds with
  // tsx's loader), so that no request's wait for a worker includes it
  await Promise.all(Array.from({ length: threads }, () => pool.run(null, { name: 'ready' })));

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
  // (`options`: the declarations of the options, every request's and each strategy's own, so that a form can be built from them)
  const catalog = optionCatalog();
  const optionsBody = {
    strategies: strategyNames.map((n) => ({
      name: n,
      summary: strategies[n].summary,
      heuristics: strategies[n].defaultHeuristic ? (strategies[n].heuristics ?? heuristicNames) : [],
      defaultHeuristic: strategies[n].defaultHeuristic ?? null,
      levelHeuristic: getPlugin('sokoban')?.defaultHeuristics?.[n] ?? null,
      needsLevel: strategies[n].plugin === 'sokoban',
      stochastic: Boolean(strategies[n].stochastic),
      prolog: (prologStrategies as readonly string[]).includes(n),
      options: catalog.of(n),
    })),
    heuristics: heuristicNames.map((n) => ({ name: n, summary: heuristics[n].summary, admissible: heuristics[n].admissible, needsLevel: heuristics[n].plugin === 'sokoban' })),
    prune: prunerNames,
    backends: backendNames,
    engines: prologEngines.filter((e) => e !== 'swipl' || swiplAvailable()),
    theories,
    limits: { defaultTimeout, maxTimeout, maxNodes, defaultTraceLimit: DEFAULT_TRACE_LIMIT, maxTraceLimit },
    options: catalog.common,
  };
  app.get('/api/options', async () => optionsBody);
  app.get('/api/status', async () => statusOf());
  // The levels of an uploaded file (the level reader only), on the pool like every CPU-bound route.
  app.post<{ Body: { text: string } }>('/api/scan', { schema: { body: scanBodySchema } }, (req, reply) => dispatch(reply, 'scan', { text: req.body.text }, undefined, 30));

  /** Requests handed to the pool and not answered yet (waiting or running), and of those the ones a worker has started. */
  let inPool = 0;
  let started = 0;
  const statusOf = (): ServerCounters => ({ threads, queueLimit, queued: inPool - started, running: started, ...counters });

  /** The problem of a body: a level (with the Sokoban domain unless one is given) or a Prolog problem with its domain. */
  const sourceOf = (b: { level?: string; number?: number; problem?: string; domain?: string }): WebTask['source'] =>
    b.level !== undefined
      ? { file: '<level>', text: b.level, isProlog: false, level: b.number, domainFile: b.domain !== undefined ? '<domain>' : sokobanDomain.file, domainText: b.domain ?? sokobanDomain.text }
      : { file: '<problem>', text: b.problem ?? '', isProlog: true, domainFile: '<domain>', domainText: b.domain ?? '' };

  const busy = (reply: FastifyReply, why: string): FastifyReply => {
    counters.rejected++;
    return reply.code(503).header('retry-after', '1').send({ error: { message: `the server is busy (${why}); try again shortly` } });
  };

  /**
   * Runs a job on the pool (`task`: a WebTask, `scan`: a text); answers 200
   * with its object, 400 with its located error, 503 when the queue is full
   * or no worker started it within `maxWait`, 504 when it ran `hardLimitS`
   * seconds (counted from its start) and was stopped. `interrupt` is the
   * search's stop flag, set when the client goes away.
   */
  async function dispatch(reply: FastifyReply, handler: 'task' | 'scan' | 'author', job: Omit<WebTask, 'interrupt' | 'maxMemoryMb'> | { text: string } | AuthorJob, interrupt: Int32Array | undefined, hardLimitS: number, progress?: Float64Array): Promise<FastifyReply> {
    if (options.remote && handler === 'task' && interrupt && ((job as WebTask).kind === 'solve' || (job as WebTask).kind === 'compare')) {
      return dispatchRemote(reply, options.remote, job as Omit<WebTask, 'interrupt' | 'maxMemoryMb'>, hardLimitS, progress);
    }
    if (inPool >= threads + queueLimit) return busy(reply, `${queueLimit} requests waiting`);
    const state = new Int32Array(new SharedArrayBuffer(4));
    const abort = new AbortController();
    const request: PoolRequest<unknown> = { job: interrupt ? { ...job, interrupt: interrupt.buffer, maxMemoryMb, ...(progress ? { progress: progress.buffer } : {}) } : job, state: state.buffer as SharedArrayBuffer };
    const result = pool.run(request, { signal: abort.signal, name: handler === 'task' ? 'default' : handler }) as Promise<PoolAnswer<WebResult | ScanResult>>;
    // answered below, or dropped when the request is given up before it starts
    const settled = result.then(
      () => 'settled' as const,
      () => 'settled' as const,
    );
    let running = false;
    let leave!: () => void;
    const left = new Promise<'left'>((resolve) => (leave = () => resolve('left')));
    let kill: NodeJS.Timeout | undefined;
    let deadline: NodeJS.Timeout | undefined;
    /** A streamed request once a worker started it: the answer is an event stream (events.ts). */
    let events: EventStream | undefined;
    const onClose = (): void => {
      if (reply.raw.writableFinished) return;
      if (!running) return leave();
      // the client went away: stop the search, and the worker if it does not stop by itself
      if (!interrupt) return;
      Atomics.store(interrupt, 0, 1);
      kill ??= setTimeout(() => abort.abort(), 1000);
    };
    reply.raw.on('close', onClose);
    inPool++;
    try {
      const begun = await Promise.race([claimed(state, maxWait * 1000), left, settled]);
      if (begun === false) return busy(reply, `no worker was free within ${maxWait} s`);
      if (begun === 'left' && giveUp(state)) {
        counters.cancelled++;
        return reply;
      }
      running = true;
      started++;
      if (begun === 'left') onClose();
      deadline = setTimeout(() => abort.abort(), hardLimitS * 1000);
      if (progress && !reply.raw.destroyed) events = openEventStream(reply, progress, readProgress);
      const answer = await result;
      if (answer.skipped) throw new Error('a worker skipped a request that it had started');
      counters.completed++;
      const r = answer.result;
      if (events) return events.end(r.ok ? 'result' : 'error', r.ok ? r.body : { status: 400, error: r.error });
      if (!r.ok) return await reply.code(400).send({ error: r.error });
      return await reply.send(r.body);
    } catch (e) {
      const err = e as Error;
      if (err.name === 'AbortError') {
        // aborted only once started: piscina terminated the worker
        counters.cancelled++;
        counters.workersStopped++;
        const message = `the search did not stop within ${hardLimitS} s of its start and was cancelled`;
        if (events) return events.end('error', { status: 504, error: { message } });
        if (reply.raw.destroyed) return reply;
        return apiError(reply, 504, message);
      }
      if (events) {
        app.log.error(err);
        return events.end('error', { status: 500, error: { message: `internal error: ${err.message}` } });
      }
      throw e;
    } finally {
      events?.stop();
      inPool--;
      if (running) started--;
      clearTimeout(deadline);
      clearTimeout(kill);
      reply.raw.off('close', onClose);
      // wakes the start wait if it still waits (the request ended before a worker took it)
      Atomics.notify(state, 0);
    }
  }

  /**
   * A solve or compare on the job queue's workers (serve --queue), with the
   * pool's rules: 503 when `queueLimit` jobs wait on the queue already or no
   * worker took it within `maxWait` (it is then taken off the queue), the
   * hard limit from the moment a worker took it (then its search is stopped:
   * 504), its search stopped when the client leaves. The server keeps
   * nothing of it once answered.
   */
  async function dispatchRemote(reply: FastifyReply, remote: RemoteRunner, task: Omit<WebTask, 'interrupt' | 'maxMemoryMb'>, hardLimitS: number, progress?: Float64Array): Promise<FastifyReply> {
    // a queue that does not answer (its server gone) is busy too, not a request that hangs
    let answer: NodeJS.Timeout | undefined;
    const waiting = await Promise.race([remote.waiting(), new Promise<null>((resolve) => (answer = setTimeout(() => resolve(null), REMOTE_ANSWER_MS)))]).catch(() => null);
    clearTimeout(answer);
    if (waiting === null) return busy(reply, 'the job queue does not answer');
    if (waiting >= queueLimit) return busy(reply, `${queueLimit} requests waiting`);
    let onStart!: () => void;
    const begun = new Promise<'started'>((resolve) => (onStart = () => resolve('started')));
    const slots = progress ? new Float64Array(progressSlots) : undefined;
    const job = remote.run(
      { task: { ...task, maxMemoryMb }, ...(progress ? { stream: true } : {}) },
      {
        onStart,
        onProgress: (p) => {
          if (slots) writeProgress(slots, p);
        },
      },
    );
    const settled = job.result.then(
      () => 'settled' as const,
      () => 'settled' as const,
    );
    let leave!: () => void;
    const left = new Promise<'left'>((resolve) => (leave = () => resolve('left')));
    const onClose = (): void => {
      if (!reply.raw.writableFinished) leave();
    };
    reply.raw.on('close', onClose);
    let wait: NodeJS.Timeout | undefined;
    let deadline: NodeJS.Timeout | undefined;
    let events: EventStream | undefined;
    let running = false;
    inPool++;
    try {
      const timedOut = new Promise<'timeout'>((resolve) => (wait = setTimeout(() => resolve('timeout'), maxWait * 1000)));
      const first = await Promise.race([begun, left, settled, timedOut]);
      clearTimeout(wait);
      // the cancellations are not awaited: the answer does not wait for the queue
      if (first === 'timeout') {
        void job.cancel().catch(() => {});
        return busy(reply, `no worker was free within ${maxWait} s`);
      }
      if (first === 'left') {
        counters.cancelled++;
        void job.cancel().catch(() => {});
        return reply;
      }
      running = true;
      started++;
      const stopped = new Promise<'hard-limit'>((resolve) => (deadline = setTimeout(() => resolve('hard-limit'), hardLimitS * 1000)));
      if (slots && !reply.raw.destroyed) events = openEventStream(reply, slots, readProgress);
      const end = await Promise.race([settled, left, stopped]);
      if (end !== 'settled') {
        counters.cancelled++;
        void job.cancel().catch(() => {});
        if (end === 'left') return reply;
        const message = `the search did not stop within ${hardLimitS} s of its start and was cancelled`;
        if (events) return events.end('error', { status: 504, error: { message } });
        return apiError(reply, 504, message);
      }
      const r = await job.result;
      counters.completed++;
      if (events) return events.end(r.ok ? 'result' : 'error', r.ok ? r.body : { status: 400, error: r.error });
      if (!r.ok) return await reply.code(400).send({ error: r.error });
      return await reply.send(r.body);
    } catch (e) {
      if (events) {
        app.log.error(e);
        return events.end('error', { status: 500, error: { message: `internal error: ${(e as Error).message}` } });
      }
      throw e;
    } finally {
      events?.stop();
      inPool--;
      if (running) started--;
      clearTimeout(wait);
      clearTimeout(deadline);
      reply.raw.off('close', onClose);
    }
  }

  /** A search's stop flag in shared memory. */
  const stopFlag = (): Int32Array => new Int32Array(new SharedArrayBuffer(4));

  type SolveBody = RequestOptions & { level?: string; number?: number; problem?: string; domain?: string; stream?: boolean; limit?: number; states?: boolean };
  /** The search options of a body, with the server's limits applied. */
  const optionsOf = (b: SolveBody): RequestOptions => {
    const { level: _l, number: _n, problem: _p, domain: _d, stream: _s, limit: _t, states: _st, ...o } = b;
    return { ...o, timeout: Math.min(o.timeout ?? defaultTimeout, maxTimeout), maxNodes: Math.min(o.maxNodes ?? maxNodes, maxNodes), ...(options.strict && o.strict === undefined ? { strict: true } : {}) };
  };

  // `stream: true`: the answer is a text/event-stream of the search's progress and its result (events.ts)
  app.post<{ Body: SolveBody }>('/api/solve', { schema: { body: streamedSolveBodySchema } }, (req, reply) => {
    const o = optionsOf(req.body);
    const progress = req.body.stream ? new Float64Array(new SharedArrayBuffer(progressSlots * 8)) : undefined;
    return dispatch(reply, 'task', { kind: 'solve', source: sourceOf(req.body), options: o }, stopFlag(), (o.timeout ?? defaultTimeout) + grace, progress);
  });
  // the JSON of `planlog trace --format json`; the trace's own options (options/ traceOptionDecls): `limit`, the expansions recorded
  // (default DEFAULT_TRACE_LIMIT as the CLI's, capped by the server), `states` (trace --states); `stream: true` as /api/solve's
  app.post<{ Body: SolveBody }>('/api/trace', { schema: { body: traceBodySchema } }, (req, reply) => {
    const o = optionsOf(req.body);
    const limit = Math.min(req.body.limit ?? DEFAULT_TRACE_LIMIT, maxTraceLimit);
    const progress = req.body.stream ? new Float64Array(new SharedArrayBuffer(progressSlots * 8)) : undefined;
    const job = { kind: 'trace' as const, source: sourceOf(req.body), options: o, limit, ...(req.body.states ? { states: true } : {}) };
    return dispatch(reply, 'task', job, stopFlag(), (o.timeout ?? defaultTimeout) + grace, progress);
  });
  app.post<{ Body: SolveBody }>('/api/compare', { schema: { body: solveBodySchema } }, (req, reply) => {
    const o = optionsOf(req.body);
    return dispatch(reply, 'task', { kind: 'compare', source: sourceOf(req.body), options: o }, stopFlag(), 2 * (o.timeout ?? defaultTimeout) + grace);
  });
  type PlanBody = { level?: string; number?: number; problem?: string; domain?: string; plan?: string[]; lurd?: string };
  for (const kind of ['validate', 'explain'] as const) {
    app.post<{ Body: PlanBody }>(`/api/${kind}`, { schema: { body: validateBodySchema } }, (req, reply) => {
      if (req.body.lurd !== undefined && req.body.level === undefined) return apiError(reply, 400, 'a LURD string needs a level', { file: '<request>' });
      return dispatch(reply, 'task', { kind, source: sourceOf(req.body), options: {}, plan: req.body.plan, lurd: req.body.lurd }, stopFlag(), 30);
    });
  }

  // authoring (author.ts): the lint's warnings of a text as `planlog lint --json` answers them, and PDDL ↔ opn as `planlog pddl import|export`
  type LintBody = { level?: string; number?: number; problem?: string; domain?: string; strict?: boolean };
  app.post<{ Body: LintBody }>('/api/lint', { schema: { body: lintBodySchema } }, (req, reply) => {
    const b = req.body;
    const source = b.level === undefined && b.problem === undefined ? null : sourceOf(b);
    const job: AuthorJob = { kind: 'lint', source, domainText: b.domain ?? '', strict: b.strict ?? options.strict ?? false, timeoutMs: defaultTimeout * 1000 };
    return dispatch(reply, 'author', job, stopFlag(), defaultTimeout + grace);
  });
  type PddlBody = { to: 'opn' | 'pddl'; domain?: string; problem?: string; level?: string; number?: number; domainName?: string; plan?: string[]; lurd?: string };
  app.post<{ Body: PddlBody }>('/api/pddl', { schema: { body: pddlBodySchema } }, (req, reply) => {
    const b = req.body;
    if (b.to === 'opn') return dispatch(reply, 'author', { kind: 'pddl', to: 'opn', domain: b.domain ?? '', ...(b.problem !== undefined ? { problem: b.problem } : {}) }, undefined, 30);
    if (b.problem !== undefined && b.domain === undefined) return apiError(reply, 400, 'a problem needs its domain', { file: '<request>' });
    const src = b.level !== undefined || b.problem !== undefined ? sourceOf(b) : null;
    const job: AuthorJob = {
      kind: 'pddl',
      to: 'pddl',
      domainText: src?.domainText ?? b.domain ?? '',
      domainFile: src?.domainFile ?? '<domain>',
      ...(src ? { problem: { file: src.file, text: src.text, isProlog: src.isProlog, level: src.level } } : {}),
      domainName: b.domainName ?? (b.domain === undefined ? 'sokoban' : 'domain'),
      plan: b.plan,
      lurd: b.lurd,
    };
    return dispatch(reply, 'author', job, undefined, 30);
  });

  return {
    app,
    counters: statusOf,
    // one task per worker: handed over at once, each goes to a different idle worker
    workerHeaps: () => Promise.all(Array.from({ length: threads }, () => pool.run(null, { name: 'heap' }) as Promise<WorkerHeap>)),
    async close() {
      await app.close();
      await pool.destroy();
      workerOutput.close();
    },
  };
}
