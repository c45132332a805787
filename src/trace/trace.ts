/**
 * planlog trace: a search watched node by node. The search runs to its end
 * as `solve` would run it (the same limits apply); the first `limit`
 * expansions are kept as nodes with g, h, f and the operator that led
 * there, every expansion is counted by depth (levels) and by iteration
 * (iddfs, idastar), and the plan's path is marked. Plan nodes the recorded
 * expansions do not reach (the goal, which no strategy expands, and nodes
 * expanded after the first `limit`) are added as unrecorded nodes (g only),
 * so the whole path is always shown.
 */
import { DEFAULT_TRACE_LIMIT, UsageError } from '../options/index.ts';
import { PlanlogError } from '../util/errors.ts';
import { type LoadedProblem } from '../core/load.ts';
import { type SolveReport } from '../core/report.ts';
import { type SolveOptions, solveLoaded } from '../pipeline/solve.ts';
import { getStrategy, strategies } from '../plugins/index.ts';
import type { TracedSpace } from '../search/types.ts';
import { type RawNode, TraceRecorder } from './recorder.ts';
import { count } from '../util/words.ts';

export interface TraceNode {
  /** Expansion order from 0; unrecorded plan nodes come after the recorded ones. */
  id: number;
  parent: number | null;
  /** The operator that led here; null for a root. */
  op: string | null;
  g: number;
  /** null when the strategy has no heuristic (or for an unrecorded plan node). */
  h: number | null;
  /** What the strategy orders by (g when it has no heuristic); null for an unrecorded plan node. */
  f: number | null;
  depth: number;
  /** The iteration's bound (iddfs: depth, idastar: f). */
  bound?: number;
  /** One of the recorded expansions; false for a plan node added to complete the path. */
  recorded: boolean;
  /** On the plan's path. */
  plan: boolean;
  /** The plan's last node (a goal state; no strategy expands it). */
  goal?: boolean;
}

export interface TraceIteration {
  bound: number;
  /** Expansions counted by the trace. */
  expanded: number;
  /** Generated nodes and the longest partial plan, as the strategy reports them. */
  generated: number;
  maxDepth: number;
}

export interface SearchTrace {
  algo: string;
  heuristic: string;
  status: SolveReport['status'];
  reason?: string;
  /** Expansions recorded at most. */
  limit: number;
  /** Expansions of the whole search. */
  expansions: number;
  nodes: TraceNode[];
  plan: string[];
  /**
   * Strategies over macro operators (the Sokoban push-level search): the
   * plan as the searched space's operators (its pushes, or backwards its
   * pulls from the goals), the steps of the path `planNodes` marks. Absent
   * when the nodes' operators are the plan's steps.
   */
  planOps?: string[];
  /** Ids of the plan's nodes, from the initial state (a root) to the goal; [] without a plan. */
  planNodes: number[];
  /** Non-iterative strategies: expansions per depth (depth 0 = the initial state). */
  levels?: { depth: number; expanded: number }[];
  /** Iterative strategies: one entry per bound tried. */
  iterations?: TraceIteration[];
  /** Iterative strategies: why the deepening stopped where it did. */
  stopped?: string;
  stats: SolveReport['stats'];
}

/** The strategies planlog trace can watch, from the registry. */
export const tracedStrategies: readonly string[] = Object.keys(strategies).filter((n) => strategies[n].traced);

/** A trace's strategy must be one the tracer watches; UsageError (the command line's and the API's message) otherwise. */
export function checkTraced(algo: string): void {
  if (!tracedStrategies.includes(algo)) throw new UsageError(`trace watches ${tracedStrategies.join(', ')}; not ${algo}`);
}

/** The trace of a run whose reading a limit stopped (loadWithin's `stopped` report): no node was expanded. */
export function stoppedTrace(report: SolveReport, limit: number): SearchTrace {
  return { algo: report.algo, heuristic: report.heuristic, status: report.status, ...(report.reason ? { reason: report.reason } : {}), limit, expansions: 0, nodes: [], plan: [], planNodes: [], levels: [], stats: report.stats };
}

/**
 * Runs the search of `options` with a recorder and returns the trace.
 * @throws PlanlogError when the strategy is unknown or cannot be traced.
 */
export function traceLoaded(loaded: LoadedProblem, options: SolveOptions, limit = DEFAULT_TRACE_LIMIT): SearchTrace {
  if (!getStrategy(options.algo)?.traced) {
    throw new PlanlogError({ file: '<options>', message: `strategy ${options.algo} cannot be traced (traced strategies: ${tracedStrategies.join(', ')})` });
  }
  const rec = new TraceRecorder(limit);
  const report = solveLoaded(loaded, { ...options, trace: rec.attach });
  const its = report.stats.iterations;
  const bounds = rec.iterations.map((it) => it.bound);
  const nodes: TraceNode[] = rec.nodes.map((n, id) => nodeOf(n, id, bounds));
  const planOps = report.status === 'solved' ? rec.space?.planOps?.(report.plan) : undefined;
  const planNodes = report.status === 'solved' ? markPlan(nodes, planOps ?? report.plan, rec.space, rec.runStart, bounds[bounds.length - 1]) : [];
  return {
    algo: report.algo,
    heuristic: report.heuristic,
    status: report.status,
    ...(report.reason ? { reason: report.reason } : {}),
    limit,
    expansions: rec.total,
    nodes,
    plan: report.plan,
    ...(planOps ? { planOps } : {}),
    planNodes,
    ...(rec.iterations.length > 0
      ? {
          iterations: rec.iterations.map((it, i) => ({ ...it, generated: its?.[i]?.generated ?? 0, maxDepth: its?.[i]?.maxDepth ?? 0 })),
          stopped: stoppedAt(report),
        }
      : { levels: rec.levels.map((expanded, depth) => ({ depth, expanded })) }),
    stats: report.stats,
  };
}

function nodeOf(n: RawNode, id: number, bounds: number[]): TraceNode {
  return {
    id,
    parent: n.parent < 0 ? null : n.parent,
    op: n.opName,
    g: n.g,
    h: Number.isNaN(n.h) ? null : n.h,
    f: n.f,
    depth: n.depth,
    ...(bounds.length > 0 ? { bound: bounds[n.iteration] } : {}),
    recorded: true,
    plan: false,
  };
}

/**
 * Marks the plan's path (`plan`: its steps as the space's operator names):
 * from a recorded root of the last search (`runStart` on; of the last
 * iteration, `lastBound`, for iterative strategies) — the last one with a
 * recorded child reached by the first step, else the last one — each step
 * follows the latest recorded child reached by the step's operator; where
 * none is recorded, the rest of the path is appended as unrecorded nodes.
 * Returns the path's node ids.
 */
function markPlan(nodes: TraceNode[], plan: readonly string[], space: TracedSpace | null, runStart: number, lastBound: number | undefined): number[] {
  const cost = new Map<string, number>();
  if (space) for (let o = 0; o < space.numOps; o++) cost.set(space.opName(o), space.cost(o));
  let cur = -1;
  let fallback = -1;
  for (let i = nodes.length - 1; i >= runStart && cur < 0; i--) {
    if (nodes[i].parent !== null || nodes[i].bound !== lastBound) continue;
    if (fallback < 0) fallback = i;
    if (plan.length > 0 && nodes.some((n, j) => j > i && n.parent === i && n.op === plan[0])) cur = i;
  }
  if (cur < 0) cur = fallback;
  if (cur < 0) {
    cur = nodes.length;
    nodes.push({ id: cur, parent: null, op: null, g: 0, h: null, f: null, depth: 0, ...(lastBound !== undefined ? { bound: lastBound } : {}), recorded: false, plan: true });
  }
  const path = [cur];
  nodes[cur].plan = true;
  let recorded = true;
  for (const step of plan) {
    let next = -1;
    if (recorded) for (let j = nodes.length - 1; j > cur && next < 0; j--) if (nodes[j].parent === cur && nodes[j].op === step) next = j;
    if (next < 0) {
      recorded = false;
      const p = nodes[cur];
      next = nodes.length;
      nodes.push({ id: next, parent: cur, op: step, g: p.g + (cost.get(step) ?? 1), h: null, f: null, depth: p.depth + 1, ...(p.bound !== undefined ? { bound: p.bound } : {}), recorded: false, plan: true });
    }
    nodes[next].plan = true;
    path.push(next);
    cur = next;
  }
  nodes[cur].goal = true;
  return path;
}

/** Iterative strategies: the bound the search ended at, and why it ended there. */
function stoppedAt(r: SolveReport): string {
  const its = r.stats.iterations ?? [];
  const last = its[its.length - 1];
  if (!last) return r.reason ?? r.status;
  const what = r.algo === 'idastar' ? `f bound ${last.bound}` : `depth bound ${last.bound}`;
  if (r.status === 'solved') return `a plan of ${count(r.length, 'step')} was found with ${what}`;
  if (r.status === 'limit') return `${r.reason ?? 'a limit was reached'} during the iteration with ${what}`;
  if (r.algo === 'iddfs') {
    return `deepening stopped at ${what}: the longest partial plan reached depth ${last.maxDepth} < ${last.bound}, so no deeper bound can help (the original's max-length termination)`;
  }
  return `stopped at ${what}: ${r.reason ?? 'no plan exists'}`;
}
