/**
 * TS vs Prolog: the same problem solved by both backends with the same
 * strategy and cycle rule, and the verdict.
 *
 * They agree when both find plans of equal length, each valid per the
 * TypeScript validator, or both prove that no plan exists; for iddfs the
 * generated-node count of every depth iteration that both completed must
 * be equal too. A backend that hit its limit gives no verdict (`limit`).
 */
import { type LoadedProblem } from '../core/load.ts';
import { type SolveReport } from '../core/report.ts';
import { solveLoaded, stoppedPrologReport } from './solve.ts';
import { defaultSearchOptions, type IterationStats } from '../search/types.ts';
import { solvePrologLoaded, type PrologSolveOptions, type PrologSolveReport } from '../prolog/solve.ts';
import type { Warning } from '../lint/index.ts';
import { count } from '../util/words.ts';

export interface Verdict {
  agree: boolean;
  /** One line: why they agree, disagree, or why there is no verdict. */
  reason: string;
  /** A backend hit its limit: no verdict (agree is false). */
  limit: boolean;
}

export interface Comparison {
  ts: SolveReport;
  prolog: PrologSolveReport;
  verdict: Verdict;
}

/** Iterations a search completed (all of them unless it was solved or stopped in the last one). */
export function completedIterations(r: SolveReport): IterationStats[] {
  const its = r.stats.iterations ?? [];
  return r.status === 'unsolvable' ? its : its.slice(0, -1);
}

/** The verdict on two reports of the same problem, strategy and cycle rule. */
export function compareReports(ts: SolveReport, prolog: PrologSolveReport): Verdict {
  const limited = [ts.status === 'limit' ? `ts: ${ts.reason ?? 'limit'}` : '', prolog.status === 'limit' ? `prolog: ${prolog.reason ?? 'limit'}` : ''].filter(Boolean);
  // per-iteration counts first: they are the sharpest check, and valid even when one side stopped later
  if (ts.algo === 'iddfs') {
    const a = completedIterations(ts);
    const b = completedIterations(prolog);
    for (let i = 0; i < Math.min(a.length, b.length); i++) {
      if (a[i].generated !== b[i].generated) {
        return { agree: false, limit: false, reason: `iteration ${a[i].bound}: ts generated ${a[i].generated} nodes, prolog ${b[i].generated}` };
      }
      if (a[i].expanded !== b[i].expanded) {
        return { agree: false, limit: false, reason: `iteration ${a[i].bound}: ts expanded ${a[i].expanded} nodes, prolog ${b[i].expanded}` };
      }
    }
  }
  if (prolog.status === 'solved' && prolog.prolog.valid === false) {
    return { agree: false, limit: false, reason: `the prolog plan is invalid: ${prolog.prolog.invalidReason ?? 'rejected by the validator'}` };
  }
  if (limited.length > 0) return { agree: false, limit: true, reason: `no verdict: a limit stopped the search (${limited.join('; ')})` };
  if (ts.status !== prolog.status) {
    const say = (r: SolveReport): string => (r.status === 'solved' ? `found a ${r.length}-step plan` : 'proved that no plan exists');
    return { agree: false, limit: false, reason: `ts ${say(ts)}, prolog ${say(prolog)}` };
  }
  if (ts.status === 'unsolvable') {
    const n = ts.algo === 'iddfs' ? completedIterations(prolog).length : 0;
    return { agree: true, limit: false, reason: `both prove that no plan exists${n > 0 && (ts.stats.iterations?.length ?? 0) > 0 ? `; node counts equal in all ${n} iterations` : ''}` };
  }
  if (ts.length !== prolog.length) {
    return { agree: false, limit: false, reason: `plan lengths differ: ts ${count(ts.length, 'step')}, prolog ${prolog.length}` };
  }
  const n = ts.algo === 'iddfs' ? Math.min(completedIterations(ts).length, completedIterations(prolog).length) : 0;
  return {
    agree: true,
    limit: false,
    reason: `both find valid ${ts.length}-step plans${ts.algo === 'iddfs' ? `; node counts equal in all ${n} completed iterations` : ''}`,
  };
}

export type CompareOptions = PrologSolveOptions & {
  /** Called when the ts side is done, before the Prolog side starts (a terminal's progress). */
  onTsDone?: (ts: SolveReport) => void;
  /** Lint warnings are errors: the ts side throws them (strictError) before either search runs. */
  strict?: boolean;
  /** The lint's warnings as the ts side finds them, before its search: the texts', then never-applies on its ground task. */
  onWarnings?: (warnings: readonly Warning[]) => void;
};

/**
 * Solves with both backends (TS first, then Prolog) and compares; `onTsDone`
 * and `onIteration` (the Prolog side's finished iddfs bounds) report
 * progress. The lint is the ts side's (its report's `warnings`, told to
 * `onWarnings`): it grounds the problem anyway, so never-applies costs no
 * second grounding.
 */
export async function compareLoaded(loaded: LoadedProblem, options: CompareOptions, parseMs = 0): Promise<Comparison> {
  const ts = solveLoaded(
    loaded,
    {
      algo: options.algo,
      cycle: options.cycle ?? defaultSearchOptions.cycle,
      timeoutMs: options.timeoutMs ?? Infinity,
      maxNodes: options.maxNodes ?? Infinity,
      strict: options.strict,
      onWarnings: options.onWarnings,
    },
    parseMs,
  );
  options.onTsDone?.(ts);
  const { onTsDone: _onTsDone, strict: _strict, onWarnings: _onWarnings, ...prologOptions } = options;
  const prolog = await solvePrologLoaded(loaded, prologOptions, parseMs);
  return { ts, prolog, verdict: compareReports(ts, prolog) };
}

const num = (n: number): string => n.toLocaleString('en');

/** The side-by-side table of a comparison, and the verdict. */
export function renderComparison(c: Comparison, title: string): string {
  const { ts, prolog } = c;
  const rows: [string, string, string][] = [['', 'ts', `prolog (${prolog.prolog.theory}, ${prolog.prolog.engine === 'swipl' ? 'SWI-Prolog' : 'tau-prolog'})`]];
  const status = (r: SolveReport): string => (r.status === 'limit' ? `limit (${r.stats.limit ?? '?'})` : r.status);
  rows.push(['status', status(ts), status(prolog)]);
  rows.push(['plan length', ts.status === 'solved' ? String(ts.length) : '–', prolog.status === 'solved' ? String(prolog.length) : '–']);
  if (prolog.status === 'solved') rows.push(['plan valid', 'yes', prolog.prolog.valid ? 'yes' : 'NO']);
  rows.push(['expanded', num(ts.stats.expanded), num(prolog.stats.expanded)]);
  rows.push(['generated', num(ts.stats.generated), num(prolog.stats.generated)]);
  if (ts.algo === 'bfs') rows.push(['stored', num(ts.stats.stored), num(prolog.stats.stored)]);
  rows.push(['time', `${ts.stats.timeMs.toFixed(1)} ms`, `${prolog.stats.timeMs.toFixed(0)} ms`]);
  const widths = [0, 1, 2].map((k) => Math.max(...rows.map((r) => r[k].length)));
  const line = (r: [string, string, string]): string => `  ${r[0].padEnd(widths[0])}  ${r[1].padStart(widths[1])}  ${r[2].padStart(widths[2])}`;
  const out = [title, ...rows.map(line)];
  if (ts.algo === 'iddfs') {
    const a = ts.stats.iterations ?? [];
    const b = prolog.stats.iterations ?? [];
    const n = Math.max(a.length, b.length);
    if (n > 0) {
      out.push('nodes generated per depth bound (expanded in parentheses):');
      const cell = (it?: IterationStats): string => (it ? `${num(it.generated)} (${num(it.expanded)})` : '–');
      const cells = Array.from({ length: n }, (_, i) => [String(a[i]?.bound ?? b[i]?.bound), cell(a[i]), cell(b[i])]);
      // widths by a loop, not a spread into Math.max: an iddfs can run thousands of iterations
      const w = [5, 2, 6];
      for (const c of cells) for (let k = 0; k < 3; k++) w[k] = Math.max(w[k], c[k].length);
      out.push(`  ${'bound'.padStart(w[0])}  ${'ts'.padStart(w[1])}  ${'prolog'.padStart(w[2])}`);
      for (const [bound, x, y] of cells) out.push(`  ${bound.padStart(w[0])}  ${x.padStart(w[1])}  ${y.padStart(w[2])}${x !== y && x !== '–' && y !== '–' ? '  ←' : ''}`);
      out.push('  (the last iteration of a solved search stops at the first plan, in each side\'s own successor order)');
    }
  }
  // a limit's reason already says "no verdict: …"
  out.push(c.verdict.limit ? c.verdict.reason : `${c.verdict.agree ? 'agree' : 'DISAGREE'}: ${c.verdict.reason}`);
  return out.join('\n');
}

/**
 * The comparison of a run that a limit stopped while reading (loadWithin's
 * `stopped` report): neither backend started; no verdict (limit).
 */
export function stoppedComparison(stopped: SolveReport, prolog: { theory?: string; engine?: string }): Comparison {
  const p = stoppedPrologReport(stopped, prolog);
  return { ts: stopped, prolog: p, verdict: compareReports(stopped, p) };
}
