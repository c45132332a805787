/**
 * The SWI-Prolog engine adapter (`--engine swipl`): the same contract as
 * engine.ts's runProlog, run by SWI-Prolog compiled to WebAssembly (the npm
 * package swipl-wasm, loaded only by the worker thread worker-swipl.js that
 * this module starts; nothing else in planlog touches it).
 *
 * - The engine runs in a worker thread; the wall-clock limit terminates it.
 * - The step limit is SWI's inference count, per answer
 *   (call_with_inference_limit/3); `steps` reports the inferences used.
 * - Sources (planlog's theory) are consulted from their texts (written to
 *   SWI's in-memory file system, never to disk). SWI reports a syntax error
 *   and goes on loading; here the first error ends the run, like tau's.
 * - Then the engine is locked down (worker-swipl.js: no JavaScript bridge,
 *   no file, shell, environment or halt predicates, no more loading, the
 *   stack limit set from `maxMemoryMb`) before the facts (the only user
 *   data) are read with read_term and asserted.
 * - Prolog errors become PlanlogErrors: syntax errors with file:line:col
 *   (SWI gives the line and the character position), unknown predicates
 *   located at their first use in the consulted texts.
 */
import { createRequire } from 'node:module';
import { readClausesWith, runWorker, type PrologRunOptions, type PrologRunResult, type ReadResult } from './engine.ts';

const workerUrl = new URL('./worker-swipl.js', import.meta.url);

let available: boolean | undefined;

/** Whether swipl-wasm is installed (it is a dependency: `npm ci` installs it). */
export function swiplAvailable(): boolean {
  if (available === undefined) {
    try {
      createRequire(import.meta.url).resolve('swipl-wasm');
      available = true;
    } catch {
      available = false;
    }
  }
  return available;
}

/** Why `--engine swipl` cannot run here (for the usage error). */
export const swiplMissing = 'SWI-Prolog not available: the npm package swipl-wasm is not installed (run npm install, or npm install swipl-wasm)';

/**
 * Runs a query in SWI-Prolog (swipl-wasm) in a worker thread and collects
 * its answers; resolves with status `limit` when a limit stops it, rejects
 * with a PlanlogError for a Prolog error. `chunk` is not used.
 */
export function runSwipl(options: PrologRunOptions & { readOnly?: boolean }): Promise<PrologRunResult> {
  if (!swiplAvailable()) return Promise.reject(new Error(swiplMissing));
  const maxSteps = options.maxSteps ?? Infinity;
  const mb = options.maxMemoryMb;
  return runWorker(
    workerUrl,
    {
      sources: options.sources,
      facts: options.facts ?? [],
      query: options.query,
      answerVar: options.answerVar,
      maxSteps: Number.isFinite(maxSteps) ? Math.max(1, Math.floor(maxSteps)) : null,
      // SWI's stacks get half the memory limit, at most 1 GB (the WebAssembly heap ends at 2 GB)
      stackLimitMb: mb !== undefined && Number.isFinite(mb) && mb > 0 ? Math.min(1024, Math.max(16, Math.floor(mb / 2))) : null,
      readOnly: options.readOnly ?? false,
    },
    options,
    'SWI-Prolog',
  );
}

/** readClausesWith for SWI-Prolog (swipl-wasm must be installed). */
export function readClausesSwipl(texts: readonly string[]): Promise<ReadResult[]> {
  return readClausesWith((o) => runSwipl(o), texts);
}
