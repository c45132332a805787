/**
 * The Prolog engine adapter: the only module that runs tau-prolog (through
 * the worker thread in worker.js; nothing else imports tau-prolog).
 *
 * - The engine runs in a worker thread, so the event loop never blocks.
 * - Limits: a wall-clock limit (the worker is terminated), a step limit
 *   (tau-prolog's resolution steps, counted in chunks) and a memory limit
 *   (the worker's heap, `resourceLimits`; running out is status `limit`).
 * - Two kinds of text: `sources`, program text consulted as it is (the
 *   planning theory: planlog's own files), and `facts`, read with read_term
 *   after the engine is locked down (consult, halt, open, … removed) and
 *   asserted only if each clause is an opn/4, opn/5, init_fact/1 or
 *   goal_fact/1 fact (the problem's facts, gathered into init/1 and goal/1).
 *   User input reaches an engine only as facts, printed by planlog from the
 *   checked terms (src/prolog/solve.ts), never as the user's bytes.
 * - Sandbox: no tau module that reaches JavaScript or the file system is
 *   loaded; sources are consulted as texts, never as files.
 * - Prolog errors become PlanlogErrors: syntax errors with file:line:col
 *   (tau reports line and column), unknown predicates located at their
 *   first use in the consulted texts. A failure of the engine itself is a
 *   PrologEngineError, whose message never holds the query.
 * - What an engine prints goes to `onOutput` (or nowhere), never to the
 *   process's stdout or stderr.
 */
import { Worker } from 'node:worker_threads';
import { PlanlogError } from '../util/errors.ts';
import { noLoc, type Term } from '../model/terms.ts';

/** A text to consult, and the file name its errors are reported against. */
export interface PrologSource {
  file: string;
  text: string;
}

export interface PrologRunOptions {
  /** Program text, consulted in order (planlog's own theory files; never user input). */
  sources: PrologSource[];
  /**
   * Fact texts, read after the lock-down with read_term and asserted; every
   * clause must be an opn/4, opn/5, init_fact/1 or goal_fact/1 fact (else
   * the run ends with an error); the init_fact and goal_fact facts are
   * gathered into the theory's init/1 and goal/1 lists. The only way user
   * data reaches an engine.
   */
  facts?: PrologSource[];
  /** A goal (no trailing period needed) whose answers are wanted. */
  query: string;
  /** The variable of `query` whose value each answer reports. */
  answerVar: string;
  /** Wall-clock limit in ms (Infinity: none); the worker is terminated. */
  timeoutMs?: number;
  /** Limit on tau-prolog resolution steps (Infinity: none). */
  maxSteps?: number;
  /** Steps the engine runs between progress reports (default 20,000). */
  chunk?: number;
  /** Called with each answer as it arrives (before the run ends). */
  onAnswer?: (answer: Term) => void;
  /** Text the program (or the engine itself) writes; dropped when absent. */
  onOutput?: (text: string) => void;
  /** Memory limit of the engine's worker in MB (default: none beyond Node's). */
  maxMemoryMb?: number;
}

export interface PrologRunResult {
  /** done: all answers found (the query failed after the last one); limit: a limit stopped the run. */
  status: 'done' | 'limit';
  /** memory: the worker's heap (or SWI's stacks) ran out; stack: the engine's JavaScript stack (tau-prolog recurses over long lists). */
  limit?: 'time' | 'steps' | 'memory' | 'stack';
  answers: Term[];
  /** Resolution steps used (tau-prolog steps, counted by the worker). */
  steps: number;
  timeMs: number;
}

/** A term as the worker sends it (the project's Term shapes without locations, plus floats). */
export type JsonTerm =
  | { kind: 'atom'; name: string }
  | { kind: 'var'; name: string }
  | { kind: 'int'; value: number }
  | { kind: 'float'; value: number }
  | { kind: 'compound'; functor: string; args: JsonTerm[] }
  | { kind: 'list'; items: JsonTerm[]; tail: JsonTerm | null };

/** What a Prolog worker thread posts (worker.js; worker-swipl.js posts the same). */
export type WorkerMessage =
  | { type: 'answer'; term: JsonTerm }
  | { type: 'progress'; steps: number }
  | { type: 'done'; steps: number }
  | { type: 'limit'; steps: number }
  | { type: 'output'; alias: string; text: string }
  | {
      type: 'error';
      phase: 'consult' | 'query' | 'run';
      file: string;
      error: string;
      term: JsonTerm | null;
      /** Where a consult error other than a syntax error happened (SWI-Prolog reports it). */
      line?: number;
      syntax?: { message: string; line?: number; column?: number; found?: string };
    };

const workerUrl = new URL('./worker.js', import.meta.url);

/** The engine workers' stack in MB (Node's default is 4). */
export const ENGINE_STACK_MB = 64;

/**
 * The engine itself failed (its worker crashed or stopped, the planning query
 * could not run): not the user's mistake. The message names the engine and
 * the cause, never the query or the consulted texts.
 */
export class PrologEngineError extends Error {
  constructor(engine: string, cause: string) {
    super(`the Prolog engine (${engine}) failed: ${cause}`);
    this.name = 'PrologEngineError';
  }
}

/** One line of at most 200 characters of an engine's own message. */
function shortCause(text: string): string {
  const line = text.split(/\r?\n/)[0].trim();
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}

/** Converts a worker term to the project's Term (no source locations). */
export function fromJson(t: JsonTerm): Term {
  switch (t.kind) {
    case 'atom':
      return { kind: 'atom', name: t.name, loc: noLoc };
    case 'var':
      return { kind: 'var', name: t.name, loc: noLoc };
    case 'int':
      return { kind: 'int', value: t.value, loc: noLoc };
    case 'float':
      return { kind: 'atom', name: String(t.value), loc: noLoc };
    case 'compound':
      return { kind: 'compound', functor: t.functor, args: t.args.map(fromJson), loc: noLoc };
    case 'list':
      return { kind: 'list', items: t.items.map(fromJson), tail: t.tail ? fromJson(t.tail) : null, loc: noLoc };
  }
}

/**
 * Runs a query in tau-prolog in a worker thread and collects its answers.
 * Resolves with status `limit` (and the answers so far) when a limit stops
 * it; rejects with a PlanlogError for a Prolog error (syntax error in a
 * source, unknown predicate, uncaught exception).
 */
export function runProlog(options: PrologRunOptions): Promise<PrologRunResult> {
  const maxSteps = options.maxSteps ?? Infinity;
  return runWorker(
    workerUrl,
    {
      sources: options.sources,
      facts: options.facts ?? [],
      query: /\.\s*$/.test(options.query) ? options.query : `${options.query}.`,
      answerVar: options.answerVar,
      maxSteps: Number.isFinite(maxSteps) ? maxSteps : null,
      chunk: options.chunk ?? 20_000,
    },
    options,
    'tau-prolog',
  );
}

/**
 * Drives one engine worker (plain JavaScript: no TypeScript loader): collects
 * its answers, enforces the wall-clock limit by terminating it, and turns
 * its messages into the run's result. Shared by the tau-prolog and the
 * SWI-Prolog adapters; `engine` names it in messages.
 */
export function runWorker(url: URL, workerData: object, options: PrologRunOptions, engine: string): Promise<PrologRunResult> {
  const timeoutMs = options.timeoutMs ?? Infinity;
  const t0 = performance.now();
  const answers: Term[] = [];
  let steps = 0;
  return new Promise((resolve, reject) => {
    const mb = options.maxMemoryMb;
    // the heap from the memory limit; a deeper stack than Node's 4 MB, as tau-prolog recurses over terms and lists
    const resourceLimits = { stackSizeMb: ENGINE_STACK_MB, ...(mb !== undefined && Number.isFinite(mb) && mb > 0 ? { maxOldGenerationSizeMb: Math.max(64, Math.floor(mb)) } : {}) };
    // stdout/stderr: true gives the worker its own streams (read below) instead of the process's
    const worker = new Worker(url, { workerData, execArgv: [], stdout: true, stderr: true, resourceLimits });
    const printed = (chunk: Buffer | string): void => options.onOutput?.(String(chunk));
    worker.stdout.on('data', printed);
    worker.stderr.on('data', printed);
    let finished = false;
    const finish = (f: () => void): void => {
      if (finished) return;
      finished = true;
      if (timer) clearTimeout(timer);
      void worker.terminate();
      f();
    };
    const result = (status: PrologRunResult['status'], limit?: PrologRunResult['limit']): PrologRunResult => ({
      status,
      ...(limit ? { limit } : {}),
      answers,
      steps,
      timeMs: performance.now() - t0,
    });
    const timer = Number.isFinite(timeoutMs) ? setTimeout(() => finish(() => resolve(result('limit', 'time'))), Math.max(0, timeoutMs)) : undefined;

    worker.on('message', (m: WorkerMessage) => {
      if (finished) return;
      switch (m.type) {
        case 'answer': {
          const t = fromJson(m.term);
          answers.push(t);
          options.onAnswer?.(t);
          break;
        }
        case 'progress':
          steps = m.steps;
          break;
        case 'output':
          options.onOutput?.(m.text);
          break;
        case 'done':
          steps = Math.max(steps, m.steps);
          finish(() => resolve(result('done')));
          break;
        case 'limit':
          steps = m.steps;
          finish(() => resolve(result('limit', 'steps')));
          break;
        case 'error':
          if (isResourceError(m)) finish(() => resolve(result('limit', 'memory')));
          else if (m.phase === 'query') finish(() => reject(new PrologEngineError(engine, 'the planning query could not be run')));
          else if (m.phase === 'run' && m.file === '<run>' && m.term === null) finish(() => reject(new PrologEngineError(engine, shortCause(m.error))));
          else finish(() => reject(prologError(m, [...options.sources, ...(options.facts ?? [])], engine)));
          break;
      }
    });
    worker.on('error', (e: Error & { code?: string }) => {
      if (e.code === 'ERR_WORKER_OUT_OF_MEMORY') finish(() => resolve(result('limit', 'memory')));
      else if (e instanceof RangeError && /call stack/.test(e.message)) finish(() => resolve(result('limit', 'stack')));
      else finish(() => reject(new PrologEngineError(engine, shortCause(e.message))));
    });
    worker.on('exit', (code) => {
      if (!finished) finish(() => reject(new PrologEngineError(engine, `its worker stopped unexpectedly (exit code ${code})`)));
    });
  });
}

/** A Prolog resource error (out of stack or memory): the run hit the memory limit. */
function isResourceError(m: Extract<WorkerMessage, { type: 'error' }>): boolean {
  const t = m.term;
  return t !== null && t.kind === 'compound' && t.functor === 'error' && t.args.length === 2 && t.args[0].kind === 'compound' && t.args[0].functor === 'resource_error';
}

/** Clauses a text holds, as an engine reads them (variables numbered '$VAR'(0), '$VAR'(1), … per clause), or why it could not read them. */
export type ReadResult = { clauses: Term[] } | { error: string };

/**
 * Reads each text with an engine's read_term/3 (nothing is asserted or run):
 * the clauses it reads, or its error. For tests that compare the engines'
 * reading with planlog's grammar. `run` starts the engine's worker.
 */
export async function readClausesWith(run: (o: PrologRunOptions & { readOnly: true }) => Promise<PrologRunResult>, texts: readonly string[]): Promise<ReadResult[]> {
  const out: ReadResult[] = [];
  while (out.length < texts.length) {
    const rest = texts.slice(out.length);
    let error: string | null = null;
    const answers: Term[] = [];
    try {
      await run({ sources: [], facts: rest.map((text, i) => ({ file: `<text ${out.length + i}>`, text })), query: 'true', answerVar: 'X', readOnly: true, timeoutMs: 60_000, onAnswer: (t) => answers.push(t) });
    } catch (e) {
      error = e instanceof Error ? e.message : String(e);
    }
    for (const a of answers) out.push({ clauses: a.kind === 'list' ? a.items : [a] });
    if (out.length < texts.length) {
      if (error === null) throw new Error('the engine stopped reading without an error');
      out.push({ error });
    }
  }
  return out;
}

/** readClausesWith for tau-prolog. */
export function readClauses(texts: readonly string[]): Promise<ReadResult[]> {
  return readClausesWith((o) => runWorker(workerUrl, { sources: [], facts: o.facts, query: 'true.', answerVar: 'X', maxSteps: null, chunk: 20_000, readOnly: true }, o, 'tau-prolog'), texts);
}

/** The located PlanlogError for an error a worker reported (engine: the name in syntax error messages). */
export function prologError(m: Extract<WorkerMessage, { type: 'error' }>, sources: PrologSource[], engine = 'tau-prolog'): PlanlogError {
  if (m.syntax) {
    const src = sources.find((s) => s.file === m.file);
    const pos = src && m.syntax.line !== undefined ? syntaxPosition(src.text, m.syntax.line, m.syntax.column ?? 0) : undefined;
    const found = m.syntax.found !== undefined ? `, found ${m.syntax.found}` : '';
    return new PlanlogError({
      file: m.file,
      ...(pos ?? {}),
      message: `Prolog syntax error (${engine}): ${m.syntax.message}${found}`,
    });
  }
  const t = m.term ? fromJson(m.term) : null;
  const formal = t && t.kind === 'compound' && t.functor === 'error' ? t.args[0] : null;
  // error(existence_error(procedure, Name/Arity), Context)
  if (formal && formal.kind === 'compound' && formal.functor === 'existence_error' && formal.args.length === 2) {
    const pi = formal.args[1];
    if (pi.kind === 'compound' && pi.functor === '/' && pi.args[0].kind === 'atom' && pi.args[1].kind === 'int') {
      const name = pi.args[0].name;
      const arity = pi.args[1].value;
      const at = locateName(sources, name, arity);
      return new PlanlogError({
        ...(at ?? { file: sources[sources.length - 1]?.file ?? '<prolog>' }),
        message: `unknown Prolog predicate ${name}/${arity}${at ? '' : ' (called by the planning theory)'}`,
        notes: [`the Prolog engine reported: ${m.error}`],
      });
    }
  }
  const where = m.phase === 'consult' ? m.file : sources[sources.length - 1]?.file ?? '<prolog>';
  return new PlanlogError({ file: where, ...(m.phase === 'consult' && m.line ? { line: m.line } : {}), message: `Prolog error: ${m.error}` });
}

/**
 * tau-prolog's syntax error position → 1-based line and column. tau counts
 * lines from 1 and reports the column of the offending token's end
 * (0-based, one before the token's last character in our tests); we point
 * at the token's start by scanning back over the token on that line.
 */
function syntaxPosition(text: string, line: number, column: number): { line: number; column: number } {
  const lines = text.split(/\r?\n/);
  const l = Math.min(Math.max(1, line), Math.max(1, lines.length));
  const lineText = lines[l - 1] ?? '';
  const col = Math.min(Math.max(1, column + 1), Math.max(1, lineText.length));
  return { line: l, column: col };
}

/** The first place where `name` is used with `arity` arguments in the sources (callers first: the last source is the theory's user). */
function locateName(sources: PrologSource[], name: string, arity: number): { file: string; line: number; column: number } | undefined {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const re = arity === 0 ? new RegExp(`(?<![A-Za-z0-9_])${escaped}(?![A-Za-z0-9_(])`) : new RegExp(`(?<![A-Za-z0-9_])${escaped}\\(`);
  for (const s of sources) {
    const lines = s.text.split(/\r?\n/);
    for (let i = 0; i < lines.length; i++) {
      const code = lines[i].replace(/%.*$/, '');
      const k = code.search(re);
      if (k >= 0) return { file: s.file, line: i + 1, column: k + 1 };
    }
  }
  return undefined;
}
