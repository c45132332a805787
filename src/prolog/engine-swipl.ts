/**
 * The SWI-Prolog engine adapter (`--engine swipl`): the same contract as
 * engine.ts's runProlog, run by SWI-Prolog compiled to WebAssembly (the npm
 * package swipl-wasm, loaded only by the worker thread worker-swipl.js that
 * this module starts; nothing else in planlog touches it).
 *
 * - The engine runs in a worker thread; the wall-clock limit terminates it.
 * - The step limit is SWI's inference count, per answer
 *   (call_with_inference_limit/3); `steps` reports the inferences used.
 * - Sources are consulted from their texts (written to SWI's in-memory file
 *   system, never to disk). SWI reports a syntax error and goes on loading;
 *   here the first error ends the run, like tau's.
 * - Prolog errors become PlanlogErrors: syntax errors with file:line:col
 *   (SWI gives the line and the character position), unknown predicates
 *   located at their first use in the consulted texts.
 */
import { createRequire } from 'node:module';
import { runWorker, type PrologRunOptions, type PrologRunResult } from './engine.ts';

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
export function runSwipl(options: PrologRunOptions): Promise<PrologRunResult> {
  if (!swiplAvailable()) return Promise.reject(new Error(swiplMissing));
  const maxSteps = options.maxSteps ?? Infinity;
  return runWorker(
    workerUrl,
    {
      sources: options.sources,
      query: options.query,
      answerVar: options.answerVar,
      maxSteps: Number.isFinite(maxSteps) ? Math.max(1, Math.floor(maxSteps)) : null,
    },
    options,
    'SWI-Prolog',
  );
}
