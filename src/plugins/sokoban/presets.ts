/**
 * The Sokoban plug-in's presets: on a level, the registry's `auto` and
 * `optimal-moves` run these instead of the generic ones
 * (DomainPlugin.presets), and `optimal-pushes` is a Sokoban strategy.
 *
 * - `auto` on a level: a portfolio of push-level greedy searches run one
 *   after the other, each with a share of the limits (AUTO_PORTFOLIO):
 *   backward (pulling boxes from the goals) with matching, the goal groups
 *   one after the other (groups.ts; levels whose goals form two groups or
 *   more), backward with push distances and goal macros (pull-macros.ts: a
 *   box pulled alone onto an initial box's square), a forward feature-space search with goal macros,
 *   parking in the packing order (packing.ts), FESS's advisor weights and
 *   the out-of-plan feature (features.ts, goal-macros.ts), the same search with box macros (every box to every
 *   square it reaches) instead of goal macros and with stuck patterns (stuck.ts); all with deadlock pruning;
 *   then the plan found is shortened (improve.ts). Fast; not optimal.
 * - `optimal-moves` on a level: A* on the ground task with the matching
 *   heuristic and deadlock pruning: fewest moves under unit costs (cheapest
 *   plan under any costs where a push costs at least the cheapest push
 *   operator).
 * - `optimal-pushes`: push-level A* with matching: fewest pushes (optimal
 *   under domains/sokoban-pushes.pl, where pushes cost 1 and moves 0).
 */
import { astarStrategy } from '../../search/astar.ts';
import { addStats } from '../../search/result.ts';
import type { SearchOptions, SearchResult, SearchStats, Strategy } from '../../search/types.ts';
import { limitReason } from '../../util/budget.ts';
import { matching } from './h-matching.ts';
import { deadlocksPruner } from './prune.ts';
import { costsArePushes, pushStrategy, runPushSearch } from './push.ts';
import type { PushSearchConfig, Reached } from './push-search.ts';
import { IMPROVE, improveResult } from './improve.ts';
import { SWITCH_OPTIONS } from './switches.ts';

/** A member of the `auto` portfolio: a greedy push-level search, its share of the time and node limits, and the techniques it turns on (switches.ts; a switch given overrides them). */
export interface AutoMember {
  label: string;
  share: number;
  estimate: 'matching' | 'pushdist';
  backward: boolean;
  /** Stop when the estimate stalls (PushSearchConfig.stall), leaving the rest of the share to the members after it (memberSliceMs); absent: run to the end of the share. */
  stall?: number;
  techniques?: Pick<PushSearchConfig, 'features' | 'goalMacros' | 'boxMacros' | 'advisorWeights' | 'outOfPlan' | 'parking' | 'piCorrals' | 'stuck' | 'groups' | 'groupsOnly' | 'orientations'>;
}

/**
 * The backward members stop when their estimate has stood for STALL times
 * the expansions that brought it (BestFirstConfig.stall), and the members
 * after them share the time left (memberSliceMs). Measured on every level of
 * Sasquatch and the classic 90, each backward member alone for its share of
 * a minute: on the levels a member solved, its estimate stood at most 170
 * times (classic 44, push distances: 145 on classic 55, which only that
 * member solves), but for Sasquatch 16, which the first member solves in
 * 13 ms; in 46 of the 176 runs that found no plan it stood more than 300
 * times, most from early on (Sasquatch 29, push distances: the best after
 * 151 expansions, none better in 3.2 million).
 */
export const STALL = 300;

/** The techniques of the goal-macro member (and of the same search on the level's other orientations). */
const GOAL_MEMBER = { features: true, goalMacros: true, parking: true, piCorrals: true, advisorWeights: true, outOfPlan: true } as const;

/** The members of the `auto` portfolio, in order. */
export const AUTO_PORTFOLIO: readonly AutoMember[] = [
  { label: 'backward greedy, matching', share: 0.15, estimate: 'matching', backward: true, stall: STALL },
  {
    label: 'goal groups one after the other, forward greedy with matching (levels whose goals form two groups or more)',
    share: 0.1,
    estimate: 'matching',
    backward: false,
    techniques: { groups: true, groupsOnly: true },
  },
  { label: 'backward greedy, push distances, goal macros (a box pulled alone onto an initial box square)', share: 0.2, estimate: 'pushdist', backward: true, stall: STALL, techniques: { goalMacros: true } },
  {
    label: 'forward feature-space search with goal macros, parking, PI-corrals, advisor weights and out of plan, matching',
    share: 0.225,
    estimate: 'matching',
    backward: false,
    techniques: GOAL_MEMBER,
  },
  {
    label: "the same search on the level's other orientations, turned and mirrored, one after the other (at least 3 s each)",
    share: 0.1,
    estimate: 'matching',
    backward: false,
    techniques: { ...GOAL_MEMBER, orientations: true },
  },
  {
    label: 'forward feature-space search with box macros, PI-corrals, advisor weights, out of plan and stuck patterns, matching',
    share: 0.225,
    estimate: 'matching',
    backward: false,
    techniques: { features: true, boxMacros: true, piCorrals: true, advisorWeights: true, outOfPlan: true, stuck: true },
  },
];

/** auto's members by name, for the tools that run one alone (bench/dead-states.ts, bench/solution-track.ts). */
export const AUTO_MEMBERS = {
  'backward-matching': AUTO_PORTFOLIO.find((m) => m.backward && m.estimate === 'matching') as AutoMember,
  groups: AUTO_PORTFOLIO.find((m) => m.techniques?.groups === true) as AutoMember,
  'backward-pushdist': AUTO_PORTFOLIO.find((m) => m.backward && m.estimate === 'pushdist') as AutoMember,
  goal: AUTO_PORTFOLIO.find((m) => !m.backward && m.techniques?.goalMacros === true && m.techniques.orientations !== true) as AutoMember,
  orientations: AUTO_PORTFOLIO.find((m) => m.techniques?.orientations === true) as AutoMember,
  box: AUTO_PORTFOLIO.find((m) => m.techniques?.boxMacros === true) as AutoMember,
} as const;

/**
 * The push-level search configuration of a member; given `reached`, the
 * states of the backward members run before it: a backward member keeps its
 * states, a forward one ends where it meets theirs — when the meet switch
 * is on (PushSearchConfig.meet; off by default).
 */
export function memberConfig(m: AutoMember, reached?: readonly Reached[]): PushSearchConfig {
  const c: PushSearchConfig = { gWeight: 0, hWeight: 1, goalOnGeneration: true, preferDeep: true, estimate: m.estimate, backward: m.backward, ...m.techniques };
  if (m.stall !== undefined) c.stall = m.stall;
  if (reached === undefined) return c;
  return m.backward ? { ...c, keepReached: true } : { ...c, meetStates: reached };
}

/**
 * The time (ms) member i of `portfolio` gets when `leftMs` of the limit is
 * left: its share of it among the members from i on, so that what a member
 * leaves (a stall) goes to the members after it in proportion; the last
 * member gets all that is left. With no time limit every member but the
 * last gets 10 s per share of 0.1.
 */
export function memberSliceMs(portfolio: readonly Pick<AutoMember, 'share'>[], i: number, leftMs: number): number {
  const final = i === portfolio.length - 1;
  if (leftMs === Infinity) return final ? Infinity : portfolio[i].share * 100_000;
  if (final) return leftMs;
  let rest = 0;
  for (let j = i; j < portfolio.length; j++) rest += portfolio[j].share;
  return (leftMs * portfolio[i].share) / rest;
}

/**
 * The expanded states member i of `portfolio` may use under a node limit of
 * `maxNodes` with `nodesLeft` of it left: its share of the limit (at least
 * one state, at most what is left); the last member gets all that is left.
 */
export function memberNodes(portfolio: readonly Pick<AutoMember, 'share'>[], i: number, maxNodes: number, nodesLeft: number): number {
  if (i === portfolio.length - 1) return nodesLeft;
  return Math.min(nodesLeft, Math.max(1, Math.ceil(maxNodes * portfolio[i].share)));
}

export const sokobanAutoStrategy: Strategy = {
  name: 'auto',
  summary: 'a portfolio of Sokoban push-level greedy searches (backward and forward, matching, deadlock pruning)',
  kind: 'preset',
  plugin: 'sokoban',
  traced: true,
  options: [IMPROVE, ...SWITCH_OPTIONS],
  optimal: () => false,
  complete: () => true,
  run(space, options): SearchResult {
    const t0 = performance.now();
    let stats: SearchStats | null = null;
    let r: SearchResult | null = null;
    let nodesLeft = options.maxNodes;
    const used: string[] = [];
    const reached: Reached[] = [];
    for (let i = 0; i < AUTO_PORTFOLIO.length; i++) {
      const m = AUTO_PORTFOLIO[i];
      const slice = memberSliceMs(AUTO_PORTFOLIO, i, options.timeoutMs - (performance.now() - t0));
      const nodes = memberNodes(AUTO_PORTFOLIO, i, options.maxNodes, nodesLeft);
      const run = runPushSearch(space, { ...options, timeoutMs: Math.max(1, slice), maxNodes: nodes }, memberConfig(m, reached));
      if (run.reached) reached.push(run.reached);
      r = run;
      // each heuristic once, the one of the run that answered last
      const seen = used.indexOf(m.estimate);
      if (seen >= 0) used.splice(seen, 1);
      used.push(m.estimate);
      nodesLeft -= r.stats.expanded;
      stats = stats ? addStats(stats, r.stats) : r.stats;
      if (r.status !== 'limit' || r.stats.limit === 'interrupted' || r.stats.limit === 'memory' || nodesLeft <= 0) break;
    }
    if (!r || !stats) throw new Error('auto: empty portfolio');
    const reason = r.status === 'limit' && r.stats.limit ? limitReason(r.stats.limit, options) : r.reason;
    // a plan found: shortened within --improve seconds (improve.ts)
    r = improveResult(space, options, r, stats.expanded, t0, nodesLeft);
    // the whole portfolio's time, the set-up of each member (dead squares, distances) and the improvement included
    return { ...r, reason, heuristics: used, stats: { ...stats, timeMs: performance.now() - t0 } };
  },
};

export const sokobanOptimalMovesStrategy: Strategy = {
  name: 'optimal-moves',
  summary: 'A* with matching and --prune deadlocks',
  kind: 'preset',
  plugin: 'sokoban',
  traced: true,
  optimal: () => true,
  complete: () => true,
  run: (space, options: SearchOptions): SearchResult => ({ ...astarStrategy.run(space, { ...options, heuristic: matching, prune: deadlocksPruner }), heuristics: [matching.name] }),
};

export const optimalPushesStrategy: Strategy = {
  name: 'optimal-pushes',
  summary: 'preset: Sokoban push-level A* with matching; fewest pushes (optimal under sokoban-pushes.pl); needs a level',
  kind: 'preset',
  plugin: 'sokoban',
  traced: true,
  options: SWITCH_OPTIONS,
  optimal: (space) => costsArePushes(space),
  complete: () => true,
  run: (space, options) => ({ ...pushStrategy.run(space, { ...options, heuristic: matching, weight: 1 }), heuristics: [matching.name] }),
};
