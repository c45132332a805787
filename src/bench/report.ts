/**
 * The benchmark's outputs from its rows: CSV and JSON of every run, a
 * Markdown summary, and SVG charts (time, states expanded and plan length
 * per level and strategy; levels solved against the time limit).
 */
import type { BenchRow } from './run.ts';
import { barChart, curveChart } from './svg.ts';
import { median } from '../util/stats.ts';

export const CSV_COLUMNS = [
  'strategy',
  'file',
  'level',
  'label',
  'title',
  'repetition',
  'seed',
  'solved',
  'status',
  'time_ms',
  'total_ms',
  'expanded',
  'generated',
  'evaluated',
  'stored',
  'length',
  'moves',
  'pushes',
  'cost',
  'memory_mb',
  'limit',
  'error',
] as const;

function csvCell(v: unknown): string {
  if (v === null || v === undefined) return '';
  const s = typeof v === 'number' ? (Number.isInteger(v) ? String(v) : v.toFixed(3)) : String(v);
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** One header line and one line per run. */
export function toCsv(rows: readonly BenchRow[]): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (const r of rows) {
    const cells: unknown[] = [
      r.strategy,
      r.file,
      r.level,
      r.levelLabel,
      r.title,
      r.repetition,
      r.seed,
      r.solved,
      r.status,
      r.timeMs,
      r.totalMs,
      r.expanded,
      r.generated,
      r.evaluated,
      r.stored,
      r.length,
      r.moves,
      r.pushes,
      r.cost,
      r.memoryMb,
      r.limit,
      r.error,
    ];
    lines.push(cells.map(csvCell).join(','));
  }
  return `${lines.join('\n')}\n`;
}

const mean = (xs: readonly number[]): number => (xs.length === 0 ? NaN : xs.reduce((a, b) => a + b, 0) / xs.length);

const uniq = <T>(xs: readonly T[]): T[] => [...new Set(xs)];

/** Strategies and levels in first-seen order. */
export function axes(rows: readonly BenchRow[]): { strategies: string[]; levels: string[] } {
  return { strategies: uniq(rows.map((r) => r.strategy)), levels: uniq(rows.map((r) => r.levelLabel)) };
}

/** Median of a measure over the solved repetitions of one level and strategy; null when none solved. */
export function cellMedian(rows: readonly BenchRow[], level: string, strategy: string, measure: (r: BenchRow) => number | null): number | null {
  const vs = rows.filter((r) => r.solved && r.levelLabel === level && r.strategy === strategy).map(measure).filter((v): v is number => v !== null);
  return vs.length ? median(vs) : null;
}

export interface StrategySummary {
  strategy: string;
  runs: number;
  solvedRuns: number;
  /** Levels solved in at least one repetition. */
  levelsSolved: number;
  /** Levels the strategy ran on (fewer than all for the Prolog backend's small levels). */
  levels: number;
  limit: number;
  unsolvable: number;
  errors: number;
  medianTimeMs: number;
  meanLength: number;
  meanMoves: number;
  meanPushes: number;
  medianExpanded: number;
}

export function summarize(rows: readonly BenchRow[]): StrategySummary[] {
  const { strategies } = axes(rows);
  return strategies.map((s) => {
    const rs = rows.filter((r) => r.strategy === s);
    const solved = rs.filter((r) => r.solved);
    const num = (f: (r: BenchRow) => number | null): number[] => solved.map(f).filter((v): v is number => v !== null);
    return {
      strategy: s,
      runs: rs.length,
      solvedRuns: solved.length,
      levelsSolved: uniq(solved.map((r) => r.levelLabel)).length,
      levels: uniq(rs.map((r) => r.levelLabel)).length,
      limit: rs.filter((r) => r.status === 'limit').length,
      unsolvable: rs.filter((r) => r.status === 'unsolvable').length,
      errors: rs.filter((r) => r.status === 'error').length,
      medianTimeMs: median(num((r) => r.timeMs)),
      meanLength: mean(num((r) => r.length)),
      meanMoves: mean(num((r) => r.moves)),
      meanPushes: mean(num((r) => r.pushes)),
      medianExpanded: median(num((r) => r.expanded)),
    };
  });
}

const seconds = (ms: number): string => (Number.isNaN(ms) ? '–' : ms < 10 ? `${ms.toFixed(2)} ms` : ms < 1000 ? `${ms.toFixed(0)} ms` : `${(ms / 1000).toFixed(2)} s`);
const num1 = (v: number): string => (Number.isNaN(v) ? '–' : v.toFixed(1));

export interface SummaryInfo {
  timeoutMs: number;
  maxNodes?: number;
  repeat: number;
  threads: number;
  /** Where the runs ran when not on local worker threads, e.g. `the job queue at redis://…` (replaces the threads). */
  runner?: string;
  wallMs: number;
  /** Chart files to link, relative to the Markdown file. */
  charts?: { title: string; file: string }[];
  /** The IPC scores' table (ipc.ts ipcTable), printed after the levels. */
  ipc?: string;
}

/** The Markdown summary: per strategy, then per level, then the charts. */
export function toMarkdown(rows: readonly BenchRow[], info: SummaryInfo): string {
  const { strategies, levels } = axes(rows);
  const out: string[] = [];
  const limits = [`${info.timeoutMs / 1000} s`, ...(info.maxNodes !== undefined && Number.isFinite(info.maxNodes) ? [`${info.maxNodes} expanded nodes`] : [])].join(', ');
  out.push('# Benchmark', '');
  out.push(
    `${levels.length} level${levels.length === 1 ? '' : 's'} × ${strategies.length} strateg${strategies.length === 1 ? 'y' : 'ies'} × ${info.repeat} repetition${info.repeat === 1 ? '' : 's'}; limit per run: ${limits}; ${info.runner ?? `${info.threads} worker thread${info.threads === 1 ? '' : 's'}`}; wall time ${(info.wallMs / 1000).toFixed(1)} s.`,
    '',
  );
  out.push('| strategy | coverage (levels solved) | runs solved | limit | unsolvable | errors | median time (solved) | mean length | mean moves | mean pushes | median expanded |');
  out.push('|---|---|---|---|---|---|---|---|---|---|---|');
  for (const s of summarize(rows)) {
    out.push(
      `| ${s.strategy} | ${s.levelsSolved} / ${s.levels} | ${s.solvedRuns} / ${s.runs} | ${s.limit} | ${s.unsolvable} | ${s.errors} | ${seconds(s.medianTimeMs)} | ${num1(s.meanLength)} | ${num1(s.meanMoves)} | ${num1(s.meanPushes)} | ${Number.isNaN(s.medianExpanded) ? '–' : Math.round(s.medianExpanded)} |`,
    );
  }
  out.push('', '## Per level', '', 'Plan length (median search time); – when no run solved the level; not run: the level is too big for that backend (see --vs-max-boxes).', '');
  out.push(`| level | ${strategies.join(' | ')} |`);
  out.push(`|---|${strategies.map(() => '---').join('|')}|`);
  for (const l of levels) {
    const cells = strategies.map((s) => {
      const len = cellMedian(rows, l, s, (r) => r.length);
      if (len === null) {
        const row = rows.find((r) => r.levelLabel === l && r.strategy === s);
        if (!row) return 'not run';
        return row.status === 'limit' || row.status === 'unsolvable' || row.status === 'error' ? `– (${row.status})` : '–';
      }
      return `${len} (${seconds(cellMedian(rows, l, s, (r) => r.timeMs) ?? NaN)})`;
    });
    out.push(`| ${l} | ${cells.join(' | ')} |`);
  }
  if (info.ipc) {
    out.push('', '## IPC scores', '');
    out.push(
      'Per domain (a PDDL folder, or a level file): problems solved; quality, Σ C*/C with C* the cheapest plan any strategy here found; time, Σ of 1 within 1 s, else 1 − log t / log T (t the whole solve, T the limit).',
      '',
      info.ipc,
    );
  }
  if (info.charts?.length) {
    out.push('', '## Charts', '');
    for (const c of info.charts) out.push(`![${c.title}](${c.file})`, '');
  }
  const errors = rows.filter((r) => r.status === 'error');
  if (errors.length) {
    out.push('', '## Errors', '');
    for (const e of errors.slice(0, 20)) out.push(`- ${e.levelLabel}, ${e.strategy}: ${e.error}`);
  }
  return `${out.join('\n')}\n`;
}

/** The charts: file name, title and SVG text. */
export function charts(rows: readonly BenchRow[], timeoutMs: number): { file: string; title: string; svg: string }[] {
  const { strategies, levels } = axes(rows);
  const grid = (f: (r: BenchRow) => number | null): (number | null)[][] => levels.map((l) => strategies.map((s) => cellMedian(rows, l, s, f)));
  const bars = (file: string, title: string, yLabel: string, log: boolean, f: (r: BenchRow) => number | null) => ({
    file,
    title,
    svg: barChart({ title, yLabel, log, groups: levels, series: strategies, values: grid(f) }),
  });
  const coverage = strategies.map((s) => {
    const times = levels
      .map((l) => cellMedian(rows, l, s, (r) => r.timeMs))
      .filter((t): t is number => t !== null)
      .sort((a, b) => a - b);
    return { name: s, points: times.map((t, i) => [Math.max(t, 1e-3) / 1000, i + 1] as [number, number]) };
  });
  return [
    bars('time.svg', 'Search time per level (median of solved runs)', 'search time (ms)', true, (r) => Math.max(r.timeMs, 1e-3)),
    bars('expanded.svg', 'States expanded per level', 'states expanded', true, (r) => Math.max(r.expanded, 1)),
    bars('length.svg', 'Plan length per level (steps)', 'plan length', false, (r) => r.length),
    {
      file: 'coverage.svg',
      title: 'Levels solved within a time limit',
      svg: curveChart({
        title: 'Levels solved within a time limit',
        xLabel: 'time limit (s)',
        yLabel: 'levels solved',
        xLog: true,
        series: coverage,
        xMax: Number.isFinite(timeoutMs) ? timeoutMs / 1000 : Math.max(1, ...coverage.flatMap((c) => c.points.map((p) => p[0]))),
        yMax: Math.max(1, levels.length),
      }),
    },
  ];
}
