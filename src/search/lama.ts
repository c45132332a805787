/**
 * LAMA (Richter & Westphal 2010), the satisficing planner of the IPC, on
 * the one best-first engine:
 *
 * 1. lazy greedy best-first search with two heuristics, h^FF and the
 *    landmark count, each with an open list and a list of the states
 *    reached by preferred operators (the union of both heuristics'), taken
 *    in turn with boosting after progress (engine.ts's alternation);
 * 2. once a plan exists, restarting weighted A* (lazy, f = g + w·h, w = 5,
 *    3, 2, then 1 again and again), each search keeping only paths cheaper
 *    than the best plan so far, so that every plan it finds is cheaper.
 *    When the last (w = 1) search runs out of states, no cheaper plan
 *    exists: the plan is optimal (`provedOptimal`: the report says so) and
 *    the strategy stops.
 *
 * The improvement (2) is anytime: it runs for `--improve SECONDS`, or by
 * default until the time or node limit when one is given (without a limit
 * the first plan is the answer, as Fast Downward's lama-first). When a
 * limit stops it, the answer is the best plan found, status solved; the
 * costs of the plans found are in `stats.plans`.
 */
import { getHeuristic } from '../heuristics/index.ts';
import type { Evaluator } from '../heuristics/types.ts';
import type { SearchSpace } from '../strips/space.ts';
import { Budget, clockMs } from '../util/budget.ts';
import type { OptionDecl } from '../util/option-decl.ts';
import { type BestFirstConfig, bestFirstSearch } from './engine.ts';
import { makePrune } from './prune.ts';
import { addStats } from './result.ts';
import type { AnytimePlanStats, SearchOptions, SearchResult, Strategy } from './types.ts';

/** The weights of the restarting weighted A* searches; the last is repeated. */
export const LAMA_WEIGHTS: readonly number[] = [5, 3, 2, 1];

/** lama's --improve: seconds for finding cheaper plans after the first. */
export const LAMA_IMPROVE = {
  name: 'improve',
  type: 'number',
  min: 0,
  arg: 'SECONDS',
  defaultHelp: 'until the time or node limit; none without a limit',
  help: 'lama: seconds to spend finding cheaper plans after the first (restarting weighted A*)',
} as const satisfies OptionDecl;

/** The first phase: lazy greedy search over both heuristics' lists, preferred operators boosted. */
export const LAMA_FIRST: BestFirstConfig = { gWeight: 0, hWeight: 1, reopen: false, goalOnGeneration: true, tieByG: true, lazy: true, preferred: true };

/** A restart: lazy weighted A* with weight w, only paths cheaper than `bound`. */
export const lamaRestart = (w: number, bound: number): BestFirstConfig => ({ gWeight: 1, hWeight: w, reopen: true, goalOnGeneration: false, tieByG: false, lazy: true, preferred: true, bound });

const planCost = (space: SearchSpace, plan: readonly number[]): number => plan.reduce((c, op) => c + space.cost(op), 0);

/** The first search alone (Fast Downward's alias lama-first): lama without the improvement. */
export const lamaFirstStrategy: Strategy = {
  name: 'lama-first',
  summary: "LAMA's first search alone: lazy greedy search alternating hff and lmcount with preferred operators; the first plan found; not optimal",
  kind: 'preset',
  heuristics: ['hff', 'lmcount'],
  traced: true,
  optimal: () => false,
  complete: () => true,
  run: (space, options) => lamaStrategy.run(space, { ...options, improve: 0 } as SearchOptions),
};

export const lamaStrategy: Strategy = {
  name: 'lama',
  summary: 'LAMA: lazy greedy search alternating hff and lmcount with preferred operators, then restarting weighted A* (w = 5, 3, 2, 1) for cheaper plans while a limit or --improve allows; not optimal',
  kind: 'preset',
  heuristics: ['hff', 'lmcount'],
  options: [LAMA_IMPROVE],
  traced: true,
  optimal: () => false,
  complete: () => true,
  run(space, options): SearchResult {
    const t0 = clockMs();
    const evaluators: Evaluator[] = ['hff', 'lmcount'].map((n) => getHeuristic(n)!.create(space, options.context));
    const [first, ...alternates] = evaluators;
    // the evaluators serve every search in turn: lmcount's reached sets are indexed by the state ids of the search running (each state's parent is evaluated before it)
    const prune = makePrune(space, options);
    const hooks = { evaluator: first, alternates, prune };
    const spent = (): number => (options.spentMs ?? 0) + clockMs() - t0;
    const heuristics = ['hff', 'lmcount'];

    let r = bestFirstSearch(space, options, LAMA_FIRST, hooks, new Budget(options));
    let stats = r.stats;
    if (r.status !== 'solved' || r.plan === null) return { ...r, heuristics };
    let best = r.plan;
    let cost = planCost(space, best);
    const plans: AnytimePlanStats[] = [{ cost, length: best.length, weight: 0, atMs: clockMs() - t0 }];

    const given = (options as SearchOptions & { improve?: number }).improve;
    const limited = options.timeoutMs !== Infinity || options.maxNodes !== Infinity;
    // the improvement's own deadline (--improve), within the time limit
    const until = given !== undefined ? clockMs() + given * 1000 : Infinity;
    // a plan of cost 0 is the cheapest there is
    let proved = cost === 0;
    // under a trace only when asked for: the trace shows the first search
    if ((given !== undefined && given > 0) || (given === undefined && limited && !options.trace)) {
      for (let i = 0; cost > 0; i = Math.min(i + 1, LAMA_WEIGHTS.length - 1)) {
        const w = LAMA_WEIGHTS[i];
        const timeoutMs = Math.min(options.timeoutMs - spent(), until - clockMs());
        const maxNodes = options.maxNodes - stats.expanded;
        if (!(timeoutMs > 0) || maxNodes <= 0) break;
        const restart = bestFirstSearch(space, { ...options, spentMs: 0, timeoutMs, maxNodes }, lamaRestart(w, cost), hooks, new Budget({ ...options, spentMs: 0, timeoutMs, maxNodes }));
        stats = addStats(stats, restart.stats);
        if (restart.status === 'limit') break;
        if (restart.status !== 'solved' || restart.plan === null) {
          // w = 1 ran out of states cheaper than the best plan: none exists
          if (w === 1) {
            proved = true;
            break;
          }
          continue;
        }
        best = restart.plan;
        cost = planCost(space, best);
        plans.push({ cost, length: best.length, weight: w, atMs: clockMs() - t0 });
      }
    }
    return { status: 'solved', plan: best, heuristics, ...(proved ? { provedOptimal: true as const } : {}), stats: { ...stats, limit: undefined, timeMs: clockMs() - t0, plans } };
  },
};
