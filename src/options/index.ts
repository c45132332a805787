/** The search flags of solve (and compare), checked and turned into options. */
import { totalmem } from 'node:os';
import type { ParseArgsConfig } from 'node:util';
import { isPrologFile } from '../core/load.ts';
import { getHeuristic, heuristicNames } from '../heuristics/index.ts';
import type { SolveOptions } from '../pipeline/solve.ts';
import { swiplAvailable, swiplMissing } from '../prolog/engine-swipl.ts';
import { prologEngines, prologStrategies, type PrologEngine, type PrologSolveOptions } from '../prolog/solve.ts';
import { isTheory, theories, type TheoryName } from '../prolog/theory.ts';
import { getStrategy, strategyNames } from '../search/index.ts';
import { prunerNames } from '../search/prune.ts';

/** The strategies that take --seed (their random choices follow it), from the registry. */
export const STOCHASTIC = strategyNames.filter((n) => getStrategy(n)?.stochastic);

/** A mistake in the command line (exit 2). */
export class UsageError extends Error {}

export const searchFlags = {
  algo: { type: 'string' },
  heuristic: { type: 'string' },
  cycle: { type: 'string' },
  weight: { type: 'string' },
  lazy: { type: 'boolean' },
  preferred: { type: 'boolean' },
  tt: { type: 'boolean' },
  prune: { type: 'string' },
  timeout: { type: 'string' },
  'max-nodes': { type: 'string' },
  'max-memory': { type: 'string' },
  seed: { type: 'string' },
  width: { type: 'string' },
  temperature: { type: 'string' },
} as const satisfies ParseArgsConfig['options'];

export interface SearchFlagValues {
  algo?: string;
  heuristic?: string;
  cycle?: string;
  weight?: string;
  lazy?: boolean;
  preferred?: boolean;
  tt?: boolean;
  prune?: string;
  timeout?: string;
  'max-nodes'?: string;
  'max-memory'?: string;
  seed?: string;
  width?: string;
  temperature?: string;
}

/** Default memory limit: three quarters of the machine's memory. */
export const defaultMaxMemoryMb = Math.floor((totalmem() / 2 ** 20) * 0.75);

export function positiveNumber(flag: string, v: string | undefined, integer: boolean): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (v.trim() === '' || !Number.isFinite(n) || n <= 0 || (integer && !Number.isInteger(n))) {
    throw new UsageError(`--${flag} needs a positive ${integer ? 'whole number' : 'number'}, got '${v}'`);
  }
  return n;
}

/** The strategy used without --algo: `auto` for a level file, `bfs` for a Prolog problem file. */
export function defaultAlgoFor(file: string): string {
  return isPrologFile(file) ? 'bfs' : 'auto';
}

/** Checks the search flags and returns solve options (`defaultAlgo` without --algo; see defaultAlgoFor). Throws UsageError. */
export function searchOptionsFrom(values: SearchFlagValues, defaultAlgo = 'bfs'): SolveOptions {
  const algo = values.algo ?? defaultAlgo;
  const strategy = getStrategy(algo);
  if (!strategy) throw new UsageError(`unknown strategy '${algo}' (choose one of: ${strategyNames.join(', ')})`);
  let heuristic;
  if (values.heuristic !== undefined) {
    if (!strategy.defaultHeuristic) throw new UsageError(`strategy ${algo} uses no heuristic; drop --heuristic`);
    heuristic = getHeuristic(values.heuristic);
    if (!heuristic) throw new UsageError(`unknown heuristic '${values.heuristic}' (choose one of: ${heuristicNames.join(', ')})`);
    if (strategy.heuristics && !strategy.heuristics.includes(values.heuristic)) {
      throw new UsageError(`strategy ${algo} takes the heuristics ${strategy.heuristics.join(', ')}, not '${values.heuristic}'`);
    }
  } else if (strategy.defaultHeuristic && !strategy.levelHeuristic) {
    // (strategies with a levelHeuristic get theirs in solveLoaded, by whether the problem is a level)
    heuristic = getHeuristic(strategy.defaultHeuristic);
  }
  const only = (flag: string, set: boolean, algos: string[]): void => {
    if (set && !algos.includes(algo)) throw new UsageError(`--${flag} applies to ${algos.join(', ')}, not to ${algo}`);
  };
  only('weight', values.weight !== undefined, ['wastar', 'push']);
  only('lazy', Boolean(values.lazy), ['gbfs']);
  only('preferred', Boolean(values.preferred), ['gbfs']);
  only('tt', Boolean(values.tt), ['iddfs']);
  only('seed', values.seed !== undefined, STOCHASTIC);
  only('width', values.width !== undefined, ['beam']);
  only('temperature', values.temperature !== undefined, ['beam']);
  if (values.preferred && heuristic && !heuristic.preferredOperators) {
    throw new UsageError(`--preferred needs a heuristic with preferred operators (hff), not ${heuristic.name}`);
  }
  if (values.prune !== undefined && values.prune !== 'none' && !prunerNames.includes(values.prune)) {
    throw new UsageError(`unknown pruning '${values.prune}' (choose one of: none, ${prunerNames.join(', ')})`);
  }
  const cycle = values.cycle ?? 'state';
  if (cycle !== 'state' && cycle !== 'action') throw new UsageError(`--cycle must be state or action, got '${cycle}'`);
  const timeout = positiveNumber('timeout', values.timeout, false);
  const maxNodes = positiveNumber('max-nodes', values['max-nodes'], true);
  const maxMemory = positiveNumber('max-memory', values['max-memory'], false);
  const weight = positiveNumber('weight', values.weight, false);
  const width = positiveNumber('width', values.width, true);
  const temperature = positiveNumber('temperature', values.temperature, false);
  let seed: number | undefined;
  if (values.seed !== undefined) {
    seed = Number(values.seed);
    if (values.seed.trim() === '' || !Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) throw new UsageError(`--seed needs a whole number from 0 to 4294967295, got '${values.seed}'`);
  }
  return {
    algo,
    cycle,
    heuristic,
    weight,
    lazy: values.lazy,
    preferred: values.preferred,
    tt: values.tt,
    seed,
    width,
    temperature,
    prune: values.prune === 'none' ? undefined : values.prune,
    timeoutMs: timeout === undefined ? Infinity : timeout * 1000,
    maxNodes: maxNodes ?? Infinity,
    maxMemoryMb: maxMemory ?? defaultMaxMemoryMb,
  };
}

/** The theory flag's value, checked. */
export function theoryFrom(v: string | undefined): TheoryName {
  const t = v ?? 'fast';
  if (!isTheory(t)) throw new UsageError(`--theory must be ${theories.join(' or ')}, got '${t}'`);
  return t;
}

/** The engine flag's value, checked: swipl needs swipl-wasm installed. */
export function engineFrom(v: string | undefined): PrologEngine {
  const e = v ?? 'tau';
  if (!(prologEngines as readonly string[]).includes(e)) throw new UsageError(`--engine must be ${prologEngines.join(' or ')}, got '${e}'`);
  if (e === 'swipl' && !swiplAvailable()) throw new UsageError(swiplMissing);
  return e as PrologEngine;
}

/** The names of the domain and the problem in the Prolog backend's error messages (the engine reads the checked terms, printed by planlog). */
export type PrologSources = Required<Pick<PrologSolveOptions, 'domainFile' | 'problemFile'>>;

/**
 * Prolog backend options from solve's checked options and the theory and
 * engine flags (the sources come later, once read); UsageError for what the
 * theory does not offer and for bad flags.
 */
export function prologOptionsFrom(options: SolveOptions, flags: { theory?: string; engine?: string }): Omit<PrologSolveOptions, keyof PrologSources> {
  const algo = options.algo;
  if (!(prologStrategies as readonly string[]).includes(algo)) {
    throw new UsageError(`the prolog backend runs ${prologStrategies.join(' and ')}, not ${algo}`);
  }
  if (options.tt) throw new UsageError('--tt is not part of the Prolog planning theory (use the ts backend)');
  return {
    algo: algo as PrologSolveOptions['algo'],
    cycle: options.cycle ?? 'state',
    theory: theoryFrom(flags.theory),
    engine: engineFrom(flags.engine),
    timeoutMs: options.timeoutMs ?? Infinity,
    maxNodes: options.maxNodes ?? Infinity,
    maxMemoryMb: options.maxMemoryMb,
  };
}
