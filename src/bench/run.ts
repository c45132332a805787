/**
 * The benchmark: strategies × levels × repetitions as solve jobs, run on a
 * worker pool (or any runner), one row per run.
 */
import type { Job, JobResult } from '../workers/jobs.ts';
import type { BenchLevel } from './levels.ts';

/** One strategy of the benchmark: a strategy name with options. */
export interface BenchConfig {
  /** Its name in tables and charts, e.g. `astar+matching`. */
  label: string;
  algo: string;
  heuristic?: string;
  options?: Job['options'];
  /** Stochastic: repetition r (1-based) runs with seed + r − 1. */
  seed?: number;
  /** `prolog`: the planning theory on a Prolog engine (algo iddfs or bfs); `fd`: Fast Downward (algo: its alias or search string). */
  backend?: 'ts' | 'prolog' | 'fd';
  /** With backend fd: the driver and the configuration. */
  fd?: { driver: string; config: string };
  engine?: Job['engine'];
  /** Run only on levels with at most this many boxes (the Prolog backend's "small enough"). */
  maxBoxes?: number;
}

export interface BenchPlan {
  levels: BenchLevel[];
  configs: BenchConfig[];
  domainFile: string;
  timeoutMs: number;
  maxNodes?: number;
  maxMemoryMb?: number;
  repeat: number;
}

/** One run: the job's result plus where it belongs. */
export interface BenchRow extends Omit<JobResult, 'config'> {
  strategy: string;
  levelLabel: string;
  title: string | null;
  repetition: number;
  seed: number | null;
  solved: boolean;
}

export function benchJobs(plan: BenchPlan): { job: Job; level: BenchLevel; config: BenchConfig; repetition: number }[] {
  const out: { job: Job; level: BenchLevel; config: BenchConfig; repetition: number }[] = [];
  for (let r = 1; r <= plan.repeat; r++) {
    for (const level of plan.levels) {
      for (const config of plan.configs) {
        if (config.maxBoxes !== undefined && (level.boxes ?? 0) > config.maxBoxes) continue;
        out.push({
          level,
          config,
          repetition: r,
          job: {
            file: level.file,
            level: level.level,
            domainFile: level.domainFile ?? plan.domainFile,
            algo: config.algo,
            heuristic: config.heuristic,
            options: config.options,
            seed: config.seed === undefined ? undefined : config.seed + r - 1,
            timeoutMs: plan.timeoutMs,
            maxNodes: plan.maxNodes,
            maxMemoryMb: plan.maxMemoryMb,
            ...(config.backend === 'prolog' ? { backend: 'prolog' as const, engine: config.engine } : {}),
            ...(config.backend === 'fd' ? { backend: 'fd' as const, fd: config.fd } : {}),
          },
        });
      }
    }
  }
  return out;
}

/**
 * Runs every job with `run` (e.g. a worker pool's run; all at once, the
 * pool queues them) and returns the rows in job order. `onDone` after each
 * finished run (for a progress bar).
 */
export async function runBench(plan: BenchPlan, run: (job: Job) => Promise<JobResult>, onDone?: (done: number, total: number, solved: number) => void): Promise<BenchRow[]> {
  const jobs = benchJobs(plan);
  let done = 0;
  let solved = 0;
  return Promise.all(
    jobs.map(async ({ job, level, config, repetition }) => {
      const { config: _name, ...r } = await run(job);
      done++;
      if (r.status === 'solved') solved++;
      onDone?.(done, jobs.length, solved);
      return { ...r, strategy: config.label, levelLabel: level.label, title: level.title, repetition, seed: job.seed ?? null, solved: r.status === 'solved' };
    }),
  );
}

/** A one-line progress bar: `[#####-----] 12/40 runs, 9 solved, 3.1 s`. */
export function progressBar(done: number, total: number, solved: number, elapsedMs: number, width = 30): string {
  const full = total === 0 ? width : Math.round((done / total) * width);
  return `[${'#'.repeat(full)}${'-'.repeat(width - full)}] ${done}/${total} runs, ${solved} solved, ${(elapsedMs / 1000).toFixed(1)} s`;
}
