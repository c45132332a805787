/** A job's row when it has no counts of its own: an error, or a run that stopped before any. */
import type { JobResult } from './jobs.ts';

/** The counts and plan fields of a row without them. */
export const NO_COUNTS = { length: null, cost: null, moves: null, pushes: null, expanded: 0, generated: 0, evaluated: 0, stored: 0, timeMs: 0, totalMs: 0, memoryMb: 0 } as const satisfies Partial<JobResult>;

/** The row of a job that failed with `error`. */
export const errorResult = (base: Pick<JobResult, 'file' | 'level' | 'config'>, error: string): JobResult => ({ ...base, ...NO_COUNTS, status: 'error', error });
