/**
 * The benchmark's entry file (what `planlog bench` is made of): level lists,
 * strategies × levels as jobs on the worker pool, and the reports (CSV,
 * Markdown, SVG charts). The scripts that print figures for the README live
 * apart, in the top-level bench/ folder.
 */
export { parseRanges, resolveLevels, splitSpec, type BenchLevel } from './levels.ts';
export { benchJobs, progressBar, runBench, type BenchConfig, type BenchJob, type BenchPlan, type BenchRecord, type BenchRow } from './run.ts';
export { JOURNAL_FILE, openJournal, planHash, type Journal } from './journal.ts';
export { charts, summarize, toCsv, toMarkdown, type StrategySummary, type SummaryInfo } from './report.ts';
export { ipcScores, ipcTable, timeScore, type IpcScore } from './ipc.ts';
export { barChart, curveChart, type BarChart, type CurveChart } from './svg.ts';
// the runner of the jobs: a pool of worker threads
export { createPool } from '../workers/pool.ts';
export type { Job, JobResult } from '../workers/jobs.ts';
