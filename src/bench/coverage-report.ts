/**
 * The coverage tool's report (bench/coverage.ts): a per-level table per
 * configuration, a summary row per configuration, and — given a file of best
 * known results — the ratio of each plan's moves and pushes to the best known.
 *
 * Best-known files come in two formats, detected from the first data line:
 *
 *   - results: `N moves pushes` (whitespace or comma separated, `-` for an
 *     unknown value), e.g. `12, 218, 63` or `7 - 41`;
 *   - solutions: `N: LURD` (lower case a move, upper case a push; a count
 *     before a letter repeats it, `3r` = `rrr`; spaces are ignored).
 *
 * Blank lines and lines starting with `#` or `;` are comments; so is the rest
 * of a line after ` #` or ` ;` in the results format.
 */
import { PlanlogError } from '../util/errors.ts';
import type { JobResult } from '../workers/jobs.ts';
import { median } from '../util/stats.ts';

/** The best known moves and pushes of one level (null when unknown). */
export interface Best {
  moves: number | null;
  pushes: number | null;
}

export type BestTable = Map<number, Best>;

/** The issue-17 goal: pushes within 1.5× and moves within 2× of the best known. */
export const PUSH_GOAL = 1.5;
export const MOVE_GOAL = 2;

/** Whether a plan with these ratios to the best known meets both goals (pushes ≤ PUSH_GOAL×, moves ≤ MOVE_GOAL×). */
export const withinGoals = (pushes: number, moves: number): boolean => pushes <= PUSH_GOAL + 1e-9 && moves <= MOVE_GOAL + 1e-9;

const isComment = (line: string): boolean => /^\s*([#;]|$)/.test(line);

/**
 * Reads a best-known file (either format). Throws a PlanlogError located at
 * the offending line (`FILE:line:col: …`) for a bad line, a repeated level
 * or a line of the other format; `FILE: no …` for a file without data.
 */
export function parseBest(text: string, file: string): BestTable {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const out: BestTable = new Map();
  const firstLine = new Map<number, number>();
  let format: 'results' | 'solutions' | null = null;
  const fail = (line: number, column: number, message: string): never => {
    throw new PlanlogError({ file, line, column, message });
  };
  lines.forEach((raw, i) => {
    const line = i + 1;
    if (isComment(raw)) return;
    const lineFormat = /^\s*\d+\s*:/.test(raw) ? 'solutions' : 'results';
    format ??= lineFormat;
    const indent = raw.length - raw.trimStart().length;
    if (lineFormat !== format) {
      fail(line, indent + 1, format === 'solutions' ? `expected a solution 'N: LURD' (the file's first line is one), not '${raw.trim()}'` : `expected 'N moves pushes' (the file's first line is one), not a solution`);
    }
    let level: number;
    let best: Best;
    if (format === 'solutions') {
      const colon = raw.indexOf(':');
      level = Number(raw.slice(0, colon));
      best = countLurd(raw, colon + 1, (col, msg) => fail(line, col, msg));
    } else {
      const body = raw.replace(/\s[#;].*$/, '');
      const fields = [...body.matchAll(/[^\s,]+/g)];
      if (fields.length !== 3) {
        fail(line, indent + 1, `expected 'N moves pushes' (3 values, '-' for unknown), found ${fields.length} value${fields.length === 1 ? '' : 's'}`);
      }
      const value = (k: number, what: string, dash: boolean): number | null => {
        const f = fields[k];
        if (dash && f[0] === '-') return null;
        if (!/^\d+$/.test(f[0])) fail(line, (f.index ?? 0) + 1, `bad ${what} '${f[0]}' (a whole number${dash ? " or '-'" : ''})`);
        return Number(f[0]);
      };
      level = value(0, 'level number', false) as number;
      best = { moves: value(1, 'moves', true), pushes: value(2, 'pushes', true) };
      if (best.moves !== null && best.pushes !== null && best.pushes > best.moves) {
        fail(line, (fields[2].index ?? 0) + 1, `${best.pushes} pushes but ${best.moves} moves (every push is a move)`);
      }
    }
    if (level < 1) fail(line, indent + 1, `level numbers start at 1, not ${level}`);
    const seen = firstLine.get(level);
    if (seen !== undefined) fail(line, indent + 1, `level ${level} again (first on line ${seen})`);
    firstLine.set(level, line);
    out.set(level, best);
  });
  if (format === null) throw new PlanlogError({ file, message: "no best known results in the file (lines 'N moves pushes' or 'N: LURD')" });
  return out;
}

/** Moves and pushes of a LURD string from `start` in `raw` (columns for errors are 1-based in `raw`). */
function countLurd(raw: string, start: number, fail: (column: number, message: string) => never): Best {
  let moves = 0;
  let pushes = 0;
  let count = '';
  let countAt = 0;
  for (let i = start; i < raw.length; i++) {
    const c = raw[i];
    if (c === ' ' || c === '\t') continue;
    if (c >= '0' && c <= '9') {
      if (count === '') countAt = i;
      count += c;
      continue;
    }
    const n = count === '' ? 1 : Number(count);
    if (count !== '' && n === 0) fail(countAt + 1, 'a repeat count of 0');
    count = '';
    if ('lurd'.includes(c)) moves += n;
    else if ('LURD'.includes(c)) {
      moves += n;
      pushes += n;
    } else fail(i + 1, `'${c}' is not a move (l, u, r, d; upper case for a push)`);
  }
  if (count !== '') fail(countAt + 1, `a repeat count '${count}' without a move after it`);
  if (moves === 0) fail(start + 1, 'an empty solution');
  return { moves, pushes };
}

/** `[4, 9, 10, 11, 20]` → `4, 9-11, 20`; `-` for none. */
export function compactList(numbers: readonly number[]): string {
  const s = [...new Set(numbers)].sort((a, b) => a - b);
  if (s.length === 0) return '-';
  const parts: string[] = [];
  for (let i = 0; i < s.length; ) {
    let j = i;
    while (j + 1 < s.length && s[j + 1] === s[j] + 1) j++;
    parts.push(j === i ? `${s[i]}` : j === i + 1 ? `${s[i]}, ${s[j]}` : `${s[i]}-${s[j]}`);
    i = j + 1;
  }
  return parts.join(', ');
}

/** `solved`, `limit (time)`, `unsolvable` or `error`. */
export function statusText(r: Pick<JobResult, 'status' | 'limit'>): string {
  return r.status === 'limit' ? `limit (${r.limit ?? '?'})` : r.status;
}

/** The ratio of a plan's value to the best known (null when either is unknown, or the best is 0 and so is the plan: 1). */
export function ratio(value: number | null, best: number | null | undefined): number | null {
  if (value === null || best === null || best === undefined) return null;
  if (best === 0) return value === 0 ? 1 : null;
  return value / best;
}

const fixed = (x: number | null, digits = 2): string => (x === null || Number.isNaN(x) ? '-' : x.toFixed(digits));
const int = (x: number | null): string => (x === null ? '-' : `${x}`);
const TITLE_WIDTH = 32;
const cell = (text: string): string => text.replace(/\|/g, '\\|');
function shortTitle(title: string | null | undefined): string {
  if (!title) return '';
  const t = title.trim();
  return cell(t.length > TITLE_WIDTH ? `${t.slice(0, TITLE_WIDTH - 1)}…` : t);
}

/** One row of a configuration's per-level table. */
export interface LevelRow {
  level: number;
  title: string;
  status: string;
  time: string;
  moves: string;
  pushes: string;
  expanded: string;
  pushesRatio?: string;
  movesRatio?: string;
}

/** The per-level rows of one configuration's results, in level order (the ratio fields only with `best`). */
export function levelRows(results: readonly JobResult[], titles: ReadonlyMap<number, string | null>, best?: BestTable): LevelRow[] {
  return [...results]
    .sort((a, b) => a.level - b.level)
    .map((r) => {
      const solved = r.status === 'solved';
      const row: LevelRow = {
        level: r.level,
        title: shortTitle(titles.get(r.level)),
        status: statusText(r),
        time: `${(r.totalMs / 1000).toFixed(2)} s`,
        moves: solved ? int(r.moves) : '-',
        pushes: solved ? int(r.pushes) : '-',
        expanded: r.status === 'error' ? '-' : `${r.expanded}`,
      };
      if (best) {
        const b = best.get(r.level);
        row.pushesRatio = solved ? fixed(ratio(r.pushes, b?.pushes)) : '-';
        row.movesRatio = solved ? fixed(ratio(r.moves, b?.moves)) : '-';
      }
      return row;
    });
}

/** A Markdown table of levelRows. */
export function levelTable(rows: readonly LevelRow[], withBest: boolean): string {
  const head = ['level', 'title', 'status', 'time', 'moves', 'pushes', 'expanded', ...(withBest ? ['pushes/best', 'moves/best'] : [])];
  const lines = [`| ${head.join(' | ')} |`, `|${head.map((_, i) => (i === 1 || i === 2 ? '---' : '--:')).join('|')}|`];
  for (const r of rows) {
    const cells = [r.level, r.title, r.status, r.time, r.moves, r.pushes, r.expanded, ...(withBest ? [r.pushesRatio, r.movesRatio] : [])];
    lines.push(`| ${cells.join(' | ')} |`);
  }
  return lines.join('\n');
}

/** One configuration's summary. */
export interface Summary {
  config: string;
  runs: number;
  solved: number;
  unsolvable: number;
  limit: number;
  error: number;
  /** Median total time of the solved levels in ms (NaN when none). */
  medianMs: number;
  meanLength: number | null;
  meanMoves: number | null;
  meanPushes: number | null;
  /** Level numbers not solved (unsolvable, limit or error). */
  unsolved: number[];
  /** Only with a best-known table: over the solved levels with a known best value. */
  ratios?: {
    pushes: RatioStats;
    moves: RatioStats;
    /** Solved levels with both best values known, and how many of them meet both goals. */
    both: { levels: number; withinGoal: number };
  };
}

export interface RatioStats {
  /** Solved levels whose best value is known. */
  levels: number;
  mean: number | null;
  worst: number | null;
  /** The level of the worst ratio. */
  worstLevel: number | null;
  /** How many are within the goal (pushes 1.5×, moves 2×). */
  withinGoal: number;
}

const mean = (xs: number[]): number | null => (xs.length === 0 ? null : xs.reduce((a, b) => a + b, 0) / xs.length);

function ratioStats(pairs: { level: number; r: number | null }[], goal: number): RatioStats {
  const known = pairs.filter((p): p is { level: number; r: number } => p.r !== null);
  let worst: { level: number; r: number } | null = null;
  for (const p of known) if (worst === null || p.r > worst.r) worst = p;
  return {
    levels: known.length,
    mean: mean(known.map((p) => p.r)),
    worst: worst?.r ?? null,
    worstLevel: worst?.level ?? null,
    withinGoal: known.filter((p) => p.r <= goal + 1e-9).length,
  };
}

/** The summary of one configuration's results. */
export function summarize(config: string, results: readonly JobResult[], best?: BestTable): Summary {
  const solved = results.filter((r) => r.status === 'solved');
  const n = (s: JobResult['status']): number => results.filter((r) => r.status === s).length;
  const known = (xs: (number | null)[]): number[] => xs.filter((x): x is number => x !== null);
  const summary: Summary = {
    config,
    runs: results.length,
    solved: solved.length,
    unsolvable: n('unsolvable'),
    limit: n('limit'),
    error: n('error'),
    medianMs: median(solved.map((r) => r.totalMs)),
    meanLength: mean(known(solved.map((r) => r.length))),
    meanMoves: mean(known(solved.map((r) => r.moves))),
    meanPushes: mean(known(solved.map((r) => r.pushes))),
    unsolved: results.filter((r) => r.status !== 'solved').map((r) => r.level),
  };
  if (best) {
    const pushes = solved.map((r) => ({ level: r.level, r: ratio(r.pushes, best.get(r.level)?.pushes) }));
    const moves = solved.map((r) => ({ level: r.level, r: ratio(r.moves, best.get(r.level)?.moves) }));
    const both = pushes.map((p, i) => ({ p: p.r, m: moves[i].r })).filter((x) => x.p !== null && x.m !== null) as { p: number; m: number }[];
    summary.ratios = {
      pushes: ratioStats(pushes, PUSH_GOAL),
      moves: ratioStats(moves, MOVE_GOAL),
      both: { levels: both.length, withinGoal: both.filter((x) => withinGoals(x.p, x.m)).length },
    };
  }
  return summary;
}

/** The summary table (one row per configuration). */
export function summaryTable(summaries: readonly Summary[]): string {
  const lines = [
    '| configuration | solved | unsolvable | limit | error | median time (solved) | mean plan length | mean moves | mean pushes | unsolved levels |',
    '|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const s of summaries) {
    lines.push(
      `| ${s.config} | ${s.solved} / ${s.runs} | ${s.unsolvable} | ${s.limit} | ${s.error} | ${fixed(s.medianMs / 1000)} s | ${fixed(s.meanLength, 1)} | ${fixed(s.meanMoves, 1)} | ${fixed(s.meanPushes, 1)} | ${compactList(s.unsolved)} |`,
    );
  }
  return lines.join('\n');
}

/** The ratio-to-best table (one row per configuration; only summaries made with a best table). */
export function ratioTable(summaries: readonly Summary[]): string {
  const lines = [
    `| configuration | pushes/best mean | pushes/best worst | pushes ≤ ${PUSH_GOAL}× | moves/best mean | moves/best worst | moves ≤ ${MOVE_GOAL}× | both goals |`,
    '|---|---|---|---|---|---|---|---|',
  ];
  const worst = (s: RatioStats): string => (s.worst === null ? '-' : `${fixed(s.worst)} (level ${s.worstLevel})`);
  for (const s of summaries) {
    const r = s.ratios;
    if (!r) continue;
    lines.push(
      `| ${s.config} | ${fixed(r.pushes.mean)} | ${worst(r.pushes)} | ${r.pushes.withinGoal} / ${r.pushes.levels} | ${fixed(r.moves.mean)} | ${worst(r.moves)} | ${r.moves.withinGoal} / ${r.moves.levels} | ${r.both.withinGoal} / ${r.both.levels} |`,
    );
  }
  return lines.join('\n');
}

/** `bench-output/coverage.json` → `bench-output/coverage-levels.md` (any other name: its extension replaced). */
export function levelsPath(out: string): string {
  const m = /^(.*?)(\.[^./\\]*)?$/.exec(out) as RegExpExecArray;
  return `${m[1]}-levels.md`;
}

/**
 * The per-level report: for each configuration, a heading and its table.
 * `titles` maps level numbers to titles (null for none).
 */
export function levelsReport(results: readonly JobResult[], titles: ReadonlyMap<number, string | null>, best?: BestTable): string {
  const parts: string[] = [];
  for (const config of [...new Set(results.map((r) => r.config))]) {
    const rows = levelRows(
      results.filter((r) => r.config === config),
      titles,
      best,
    );
    parts.push(`#### ${config}\n\n${levelTable(rows, best !== undefined)}`);
  }
  return parts.join('\n\n');
}
