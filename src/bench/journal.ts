/**
 * The bench's journal, OUT/bench.jsonl: the rows written as they arrive, so
 * that an interrupted run loses nothing it finished. Its first line names
 * the run (an id, used in the queue's job ids) and the plan (a hash of every
 * job and its key); each further line is one row with its key. `bench
 * --resume` reads it back, checks that the plan is the same and runs only
 * the jobs whose key has no row.
 */
import { createHash, randomBytes } from 'node:crypto';
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { UsageError } from '../options/index.ts';
import type { BenchRow } from './run.ts';

export const JOURNAL_FILE = 'bench.jsonl';

interface Header {
  planlogBench: 1;
  run: string;
  plan: string;
  jobs: number;
}

export interface Journal {
  /** The run's id (kept by --resume). */
  run: string;
  /** The rows already recorded, by key. */
  rows: ReadonlyMap<string, BenchRow>;
  /** Appends a row (one line, written at once). */
  add(key: string, row: BenchRow): void;
}

/** A hash of the jobs and their keys: what --resume must find unchanged. */
export function planHash(jobs: readonly { key: string; job: unknown }[]): string {
  return createHash('sha256')
    .update(JSON.stringify(jobs.map((j) => [j.key, j.job])))
    .digest('hex')
    .slice(0, 16);
}

/**
 * Opens the journal at `path`: a new one (a fresh run id), or with
 * `resume` the existing one, whose plan must be `plan` (UsageError when
 * the file is missing, is not a journal, or was written for other jobs).
 * A last line cut short by a kill is dropped.
 */
export function openJournal(path: string, plan: string, jobs: number, resume: boolean): Journal {
  const rows = new Map<string, BenchRow>();
  let header: Header;
  if (resume) {
    if (!existsSync(path)) throw new UsageError(`--resume: ${path} does not exist (nothing to resume: run without --resume, or give the --out folder of the run)`);
    const lines = readFileSync(path, 'utf8').split('\n');
    let h: Header | undefined;
    try {
      h = JSON.parse(lines[0]) as Header;
    } catch {
      h = undefined;
    }
    if (!h || h.planlogBench !== 1 || typeof h.run !== 'string') throw new UsageError(`--resume: ${path}:1:1: not a bench journal`);
    if (h.plan !== plan) {
      throw new UsageError(`--resume: ${path} is the journal of other runs (other levels, strategies, limits or repetitions); give the same arguments as the interrupted run, or run without --resume`);
    }
    header = h;
    for (const line of lines.slice(1)) {
      if (line.trim() === '') continue;
      try {
        const e = JSON.parse(line) as { key: string; row: BenchRow };
        if (typeof e.key === 'string' && e.row && typeof e.row === 'object') rows.set(e.key, e.row);
      } catch {
        // a line cut short when the run was killed: that job runs again
      }
    }
  } else {
    header = { planlogBench: 1, run: `r${randomBytes(6).toString('hex')}`, plan, jobs };
  }
  // (re)written whole: a resumed journal without the cut line, so the next lines start on their own
  writeFileSync(path, [JSON.stringify(header), ...[...rows].map(([key, row]) => JSON.stringify({ key, row }))].join('\n') + '\n');
  return {
    run: header.run,
    rows,
    add(key, row) {
      appendFileSync(path, `${JSON.stringify({ key, row })}\n`);
    },
  };
}
