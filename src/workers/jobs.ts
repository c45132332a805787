/**
 * Jobs for the worker pool: one solve of one level with one configuration,
 * described by data only (file names, strategy and heuristic names), and
 * its result as a flat record for tables and charts.
 */
import { readFileSync } from 'node:fs';
import { PlanlogError } from '../util/errors.ts';
import { isProblemFile, loadProblem, type LoadedProblem } from '../core/load.ts';
import type { SolveOptions, StrategyOptions } from '../pipeline/options.ts';
import { solve } from '../pipeline/solve.ts';
import type { PrologEngine } from '../prolog/solve.ts';
import { runFastDownwardJob } from './fast-downward.ts';
import { errorResult } from './result.ts';

export interface Job {
  file: string;
  level: number;
  domainFile: string;
  algo: string;
  heuristic?: string;
  options?: StrategyOptions;
  /** Seed of a stochastic strategy (not part of the configuration's name). */
  seed?: number;
  timeoutMs: number;
  maxNodes?: number;
  maxMemoryMb?: number;
  /** Run the planning theory in a Prolog engine instead of the TS search (algo iddfs or bfs), or Fast Downward (fast-downward.ts). */
  backend?: 'ts' | 'prolog' | 'fd';
  /** With backend fd: the driver (fast-downward.py) and the configuration (an alias or a search string). */
  fd?: { driver: string; config: string };
  /** Prolog engine of backend prolog (default tau). */
  engine?: PrologEngine;
}

export interface JobResult {
  file: string;
  level: number;
  config: string;
  status: 'solved' | 'unsolvable' | 'limit' | 'error';
  length: number | null;
  cost: number | null;
  moves: number | null;
  pushes: number | null;
  expanded: number;
  generated: number;
  evaluated: number;
  stored: number;
  timeMs: number;
  totalMs: number;
  /** Peak memory of the search's own data in MB: states stored × bytes per state (0 when the strategy does not say). */
  memoryMb: number;
  limit?: string;
  error?: string;
}

export function configName(j: Pick<Job, 'algo' | 'heuristic' | 'options' | 'backend'>): string {
  if (j.backend === 'prolog') return `prolog:${j.algo}`;
  if (j.backend === 'fd') return `fd:${j.algo}`;
  const flags = Object.entries(j.options ?? {})
    .filter(([, v]) => v !== undefined && v !== false)
    .map(([k, v]) => (v === true ? k : `${k}=${v}`));
  return [j.heuristic ? `${j.algo}+${j.heuristic}` : j.algo, ...flags].join(' ');
}

function load(job: Job): LoadedProblem {
  const text = readFileSync(job.file, 'utf8');
  return loadProblem({
    file: job.file,
    text,
    // a problem file (Prolog or PDDL) has no levels
    level: isProblemFile(job.file, text) ? undefined : job.level,
    domainFile: job.domainFile,
    domainText: readFileSync(job.domainFile, 'utf8'),
  });
}

/** The options of a job: plain data, as every solve's. */
function optionsOf(job: Job): SolveOptions {
  return {
    algo: job.algo,
    heuristic: job.heuristic,
    ...job.options,
    seed: job.seed,
    timeoutMs: job.timeoutMs,
    maxNodes: job.maxNodes ?? Infinity,
    maxMemoryMb: job.maxMemoryMb,
    ...(job.backend === 'prolog' ? { backend: 'prolog' as const, engine: job.engine } : {}),
  };
}

/** Runs one job; never rejects: a failure is a row with status `error`. */
export async function runJob(job: Job): Promise<JobResult> {
  const config = configName(job);
  const base = { file: job.file, level: job.level, config };
  if (job.backend === 'fd' && job.fd) return runFastDownwardJob({ ...job, fd: job.fd }, base);
  try {
    const t0 = performance.now();
    const loaded = load(job);
    const parseMs = performance.now() - t0;
    // the engine's messages name the domain file; a level's facts as the Prolog backend names them
    const r = await solve(loaded, optionsOf(job), { parseMs, sources: { domainFile: job.domainFile } });
    if (r.status === 'solved' && r.validation && !r.validation.valid) {
      throw new Error(`the plan found is invalid: ${r.validation.failure?.message ?? 'rejected by the validator'}`);
    }
    return {
      ...base,
      status: r.status,
      length: r.status === 'solved' ? r.length : null,
      cost: r.status === 'solved' ? r.cost : null,
      moves: r.moves ?? null,
      pushes: r.pushes ?? null,
      expanded: r.stats.expanded,
      generated: r.stats.generated,
      evaluated: r.stats.evaluated ?? 0,
      stored: r.stats.stored,
      timeMs: r.stats.timeMs,
      totalMs: r.stats.totalMs,
      memoryMb: (r.stats.stored * (r.stats.bytesPerState ?? 0)) / 2 ** 20,
      ...(r.stats.limit ? { limit: r.stats.limit } : {}),
    };
  } catch (e) {
    const error = e instanceof PlanlogError ? e.message : e instanceof Error ? e.message : String(e);
    return errorResult(base, error);
  }
}
