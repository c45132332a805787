/**
 * The International Planning Competition's scores of a benchmark, per
 * domain and strategy, as the IPC reports them (satisficing tracks):
 *
 * - coverage: problems solved;
 * - quality: Σ over problems of C* / C, C the plan's cost and C* the best
 *   known cost, here the cheapest plan any strategy of the benchmark found
 *   (or a smaller one given by the caller); 0 for a problem not solved;
 * - time (the agile track's score): 1 for a problem solved within 1 s, 0
 *   when not solved, else 1 − log(t) / log(T), t the whole solve's time
 *   (reading, grounding, search) and T the time limit, both in seconds.
 *
 * A domain is the folder of a PDDL problem (an IPC suite's layout) or the
 * level file of a Sokoban level; with repetitions, a problem counts as
 * solved when one repetition solved it, with the median cost and time of
 * the solved ones.
 */
import { basename, dirname } from 'node:path';
import { median } from '../util/stats.ts';
import type { BenchRow } from './run.ts';

export interface IpcScore {
  domain: string;
  strategy: string;
  problems: number;
  solved: number;
  quality: number;
  time: number;
}

/** The domain of a run: a PDDL problem's folder, else its level file's name (extension dropped). */
export function domainOf(row: Pick<BenchRow, 'file'>): string {
  return /\.pddl$/i.test(row.file) ? basename(dirname(row.file)) : basename(row.file).replace(/\.[^.]*$/, '');
}

/** The agile track's time score of a solve of `seconds` under a limit of `limitSeconds`. */
export function timeScore(seconds: number, limitSeconds: number): number {
  if (!(seconds <= limitSeconds)) return 0;
  if (seconds <= 1 || !(limitSeconds > 1)) return 1;
  return 1 - Math.log(seconds) / Math.log(limitSeconds);
}

/**
 * The scores per domain and strategy (domains and strategies in first-seen
 * order). `best` may give a smaller best known cost per problem (keyed by
 * the run's levelLabel).
 */
export function ipcScores(rows: readonly BenchRow[], timeoutMs: number, best?: ReadonlyMap<string, number>): IpcScore[] {
  const problems = new Map<string, { domain: string; label: string }>();
  for (const r of rows) problems.set(r.levelLabel, { domain: domainOf(r), label: r.levelLabel });
  const strategies = [...new Set(rows.map((r) => r.strategy))];
  // per problem and strategy: the median cost and time of the solved runs
  const cell = new Map<string, { cost: number; seconds: number }>();
  for (const p of problems.keys()) {
    for (const s of strategies) {
      const solved = rows.filter((r) => r.levelLabel === p && r.strategy === s && r.solved);
      if (solved.length === 0) continue;
      const cost = median(solved.map((r) => r.cost ?? r.length ?? 0));
      cell.set(`${s}\n${p}`, { cost, seconds: median(solved.map((r) => r.totalMs)) / 1000 });
    }
  }
  const bestCost = new Map<string, number>();
  for (const p of problems.keys()) {
    let c = best?.get(p) ?? Infinity;
    for (const s of strategies) c = Math.min(c, cell.get(`${s}\n${p}`)?.cost ?? Infinity);
    bestCost.set(p, c);
  }
  const limit = timeoutMs / 1000;
  const out: IpcScore[] = [];
  for (const domain of [...new Set([...problems.values()].map((p) => p.domain))]) {
    const ps = [...problems.values()].filter((p) => p.domain === domain);
    for (const strategy of strategies) {
      const score: IpcScore = { domain, strategy, problems: ps.length, solved: 0, quality: 0, time: 0 };
      for (const p of ps) {
        const c = cell.get(`${strategy}\n${p.label}`);
        if (!c) continue;
        score.solved++;
        const b = bestCost.get(p.label)!;
        // a plan of cost 0 (the goal holds at the start) is the best there is
        score.quality += c.cost === 0 ? 1 : b / c.cost;
        score.time += timeScore(c.seconds, limit);
      }
      out.push(score);
    }
  }
  return out;
}

const fixed2 = (v: number): string => v.toFixed(2);

/** The scores as a Markdown table: a row per domain and strategy, then (with several domains) a total per strategy. */
export function ipcTable(scores: readonly IpcScore[]): string {
  const strategies = [...new Set(scores.map((s) => s.strategy))];
  const domains = [...new Set(scores.map((s) => s.domain))];
  const lines = ['| domain | strategy | solved | quality | time |', '|---|---|--:|--:|--:|'];
  const row = (domain: string, strategy: string, ss: readonly IpcScore[]): string => {
    const sum = (f: (s: IpcScore) => number): number => ss.reduce((a, s) => a + f(s), 0);
    return `| ${domain} | ${strategy} | ${sum((s) => s.solved)} / ${sum((s) => s.problems)} | ${fixed2(sum((s) => s.quality))} | ${fixed2(sum((s) => s.time))} |`;
  };
  for (const d of domains) for (const st of strategies) lines.push(row(d, st, scores.filter((s) => s.domain === d && s.strategy === st)));
  if (domains.length > 1) for (const st of strategies) lines.push(row('**total**', st, scores.filter((s) => s.strategy === st)));
  return lines.join('\n');
}
