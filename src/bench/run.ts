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

/** One job of the benchmark with where it belongs; `key` names it uniquely within the plan (repetition, level, strategy). */
export interface BenchJob {
  key: string;
  job: Job;
  level: BenchLevel;
  config: BenchConfig;
  repetition: number;
}

export function benchJobs(plan: BenchPlan): BenchJob[] {
  const out: BenchJob[] = [];
  for (let r = 1; r <= plan.repeat; r++) {
    for (const level of plan.levels) {
      for (const config of plan.configs) {
        if (config.maxBoxes !== undefined && (level.boxes ?? 0) > config.maxBoxes) continue;
        out.push({
          key: `${r}\t${level.file}:${level.level}\t${config.label}`,
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

/** Rows already recorded (bench --resume) and where each new one is recorded as it arrives (the journal). */
export interface BenchRecord {
  have: ReadonlyMap<string, BenchRow>;
  onRow(key: string, row: BenchRow): void;
}

/**
 * Runs every job with `run` (e.g. a worker pool's run, or the job queue's
 * with the key as the job's name; all at once, the pool or the queue
 * queues them) and returns the rows in job order. With `record`, the jobs
 * whose key has a row already are not run, and each new row is handed to
 * `record.onRow` as soon as it arrives. `onDone` after each finished run
 * (for a progress bar; the recorded rows count as done from the start).
 */
export async function runBench(
  plan: BenchPlan,
  run: (job: Job, key: string) => Promise<JobResult>,
  onDone?: (done: number, total: number, solved: number) => void,
  record?: BenchRecord,
): Promise<BenchRow[]> {
  const jobs = benchJobs(plan);
  const have = record?.have ?? new Map<string, BenchRow>();
  let done = jobs.filter((j) => have.has(j.key)).length;
  let solved = jobs.filter((j) => have.get(j.key)?.solved).length;
  return Promise.all(
    jobs.map(async ({ key, job, level, config, repetition }) => {
      const had = have.get(key);
      if (had) return had;
      const { config: _name, ...r } = await run(job, key);
      done++;
      if (r.status === 'solved') solved++;
      const row: BenchRow = { ...r, strategy: config.label, levelLabel: level.label, title: level.title, repetition, seed: job.seed ?? null, solved: r.status === 'solved' };
      record?.onRow(key, row);
      onDone?.(done, jobs.length, solved);
      return row;
    }),
  );
}

/** A one-line progress bar: `[#####-----] 12/40 runs, 9 solved, 3.1 s`. */
export function progressBar(done: number, total: number, solved: number, elapsedMs: number, width = 30): string {
  const full = total === 0 ? width : Math.round((done / total) * width);
  return `[${'#'.repeat(full)}${'-'.repeat(width - full)}] ${done}/${total} runs, ${solved} solved, ${(elapsedMs / 1000).toFixed(1)} s`;
}
