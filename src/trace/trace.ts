/**
 * planlog trace: a search watched node by node. The search runs to its end
 * as `solve` would run it (the same limits apply); the first `limit`
 * expansions are kept as nodes with g, h, f and the operator that led
 * there, every expansion is counted by depth (levels) and by iteration
 * (iddfs, idastar), and the plan's path is marked. Plan nodes the recorded
 * expansions do not reach (the goal, which no strategy expands, and nodes
 * expanded after the first `limit`) are added as unrecorded nodes (g only),
 * so the whole path is always shown.
 *
 * With `states` (trace --states, /api/trace's `states`) every node also has
 * its state (the fluent atoms true in it), and graph searches add their
 * frontier: the nodes the recorded expansions put on the open list that
 * were not expanded within the window (after the recorded nodes, before
 * the unrecorded plan nodes). The open list after step i is then the nodes
 * with a parent <= i that are recorded with an id > i, or frontier nodes;
 * the closed set the recorded nodes with an id <= i.
 */
import { DEFAULT_TRACE_LIMIT, UsageError } from '../options/index.ts';
import { PlanlogError } from '../util/errors.ts';
import { type LoadedProblem } from '../core/load.ts';
import { type SolveReport } from '../core/report.ts';
import { type SolveOptions, solveLoaded } from '../pipeline/solve.ts';
import { getStrategy, strategies } from '../plugins/index.ts';
import type { TracedSpace } from '../search/types.ts';
import { type FrontierNode, type RawNode, stateNamer, TraceRecorder } from './recorder.ts';
import { count } from '../util/words.ts';
import type { TraceJson as SearchTrace, TraceNodeJson as TraceNode } from '../pipeline/json.ts';

/** The trace's JSON objects are declared with the contract's others (pipeline/json.ts, which the page imports too). */
export type { TraceIterationJson as TraceIteration, TraceJson as SearchTrace, TraceNodeJson as TraceNode } from '../pipeline/json.ts';

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
export function traceLoaded(loaded: LoadedProblem, options: SolveOptions, limit = DEFAULT_TRACE_LIMIT, { states = false }: { states?: boolean } = {}): SearchTrace {
  if (!getStrategy(options.algo)?.traced) {
    throw new PlanlogError({ file: '<options>', message: `strategy ${options.algo} cannot be traced (traced strategies: ${tracedStrategies.join(', ')})` });
  }
  const rec = new TraceRecorder(limit, states);
  const report = solveLoaded(loaded, { ...options, trace: rec.attach });
  const its = report.stats.iterations;
  const bounds = rec.iterations.map((it) => it.bound);
  const nodes: TraceNode[] = rec.nodes.map((n, id) => nodeOf(n, id, bounds));
  const frontier = states ? rec.frontier : [];
  for (const n of frontier) nodes.push(frontierNode(n, nodes.length));
  const packed = [...rec.nodes, ...frontier].map((n) => n.packed);
  const planOps = report.status === 'solved' ? rec.space?.planOps?.(report.plan) : undefined;
  const rebuild = states && rec.space ? stateRebuilder(rec.space, nodes, packed) : undefined;
  const planNodes = report.status === 'solved' ? markPlan(nodes, planOps ?? report.plan, rec.space, rec.runStart, bounds[bounds.length - 1], rebuild) : [];
  return {
    algo: report.algo,
    heuristic: report.heuristic,
    status: report.status,
    ...(report.reason ? { reason: report.reason } : {}),
    limit,
    ...(states ? { states: true } : {}),
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
    ...(n.state ? { state: n.state } : {}),
  };
}

function frontierNode(n: FrontierNode, id: number): TraceNode {
  return { id, parent: n.parent, op: n.opName, g: n.g, h: Number.isNaN(n.h) ? null : n.h, f: n.f, depth: n.depth, recorded: false, plan: false, frontier: true, ...(n.state ? { state: n.state } : {}) };
}

/**
 * The state of a plan node the search did not report (an unrecorded one),
 * rebuilt from its parent's packed state by the step's operator (a root:
 * the space's first initial state); nothing when the space cannot.
 */
function stateRebuilder(space: TracedSpace, nodes: TraceNode[], packed: (Uint32Array | undefined)[]): (id: number, parent: number, step: string | null) => void {
  const namer = stateNamer(space);
  const { words, init, applicable, apply } = space;
  return (id, parent, step) => {
    if (namer === null || words === undefined || init === undefined || !applicable || !apply) return;
    let st: Uint32Array | undefined;
    if (parent < 0) st = init.slice(0, words);
    else {
      const from = packed[parent];
      if (!from) return;
      const ops = new Int32Array(Math.max(1, space.numOps));
      const k = applicable.call(space, from, 0, ops);
      for (let i = 0; i < k && !st; i++) {
        if (space.opName(ops[i]) !== step) continue;
        st = new Uint32Array(words);
        apply.call(space, ops[i], from, 0, st, 0);
      }
    }
    if (!st) return;
    packed[id] = st;
    nodes[id].state = namer(st, 0);
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
function markPlan(
  nodes: TraceNode[],
  plan: readonly string[],
  space: TracedSpace | null,
  runStart: number,
  lastBound: number | undefined,
  rebuild?: (id: number, parent: number, step: string | null) => void,
): number[] {
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
    rebuild?.(cur, -1, null);
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
      rebuild?.(next, cur, step);
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
