/**
 * The Search view's model: what a trace (POST /api/trace, the JSON of
 * `planlog trace --format json`) shows at each step, without the DOM.
 * Step i is the expansion of recorded node i (recorded nodes have the ids
 * 0..R-1 in expansion order). At step i, closed = the recorded nodes with
 * id <= i; open = the nodes with a parent <= i that are recorded and
 * expanded later (id > i) or `frontier` (generated, never expanded within
 * the window); a depth-first strategy shows its current path (the stack)
 * instead of an open list.
 */
import type { TraceJson, TraceNodeJson } from '../../pipeline/json.ts';

/** The trace JSON (POST /api/trace, `planlog trace --format json`), as the contract declares it. */
export type SearchTrace = TraceJson;
/** A trace node; `state` (its true fluents) and `frontier` are there when the trace was asked with states. */
export type ViewNode = TraceNodeJson;

/** The strategies that search depth-first: the view shows their stack, not an open list. */
export const DEPTH_FIRST: ReadonlySet<string> = new Set(['iddfs', 'dfs', 'idastar']);

/** Strategies that deepen a bound (a table of iterations, jump to a bound). */
export const ITERATIVE: ReadonlySet<string> = new Set(['iddfs', 'idastar']);

export interface StepView {
  /** The expansion at this step (node id). */
  current: number;
  closed: number[];
  open: number[];
  /** Depth-first strategies: the current path from its root to the current node. */
  path: number[];
}

/** A place the view can jump to: an iteration's bound, or the first expansion of an f value. */
export interface Jump {
  label: string;
  step: number;
}

export class TraceModel {
  readonly nodes: ViewNode[];
  /** The number of recorded expansions (the steps). */
  readonly steps: number;
  readonly depthFirst: boolean;
  readonly children = new Map<number, number[]>();

  constructor(readonly trace: SearchTrace) {
    this.nodes = trace.nodes as ViewNode[];
    let r = 0;
    while (r < this.nodes.length && this.nodes[r].recorded && this.nodes[r].id === r) r++;
    this.steps = r;
    this.depthFirst = DEPTH_FIRST.has(trace.algo);
    for (const n of this.nodes) {
      if (n.parent === null) continue;
      const c = this.children.get(n.parent);
      if (c) c.push(n.id);
      else this.children.set(n.parent, [n.id]);
    }
  }

  /** The trace was cut: the search expanded more than the recorded window. */
  get cut(): boolean {
    return this.trace.expansions > this.steps;
  }

  node(id: number): ViewNode | undefined {
    return this.nodes[id]?.id === id ? this.nodes[id] : this.nodes.find((n) => n.id === id);
  }

  /** Closed, open and the current path at step `i` (0 ≤ i < steps). */
  at(i: number): StepView {
    const closed: number[] = [];
    const open: number[] = [];
    for (const n of this.nodes) {
      if (n.recorded && n.id <= i) closed.push(n.id);
      else if (n.parent !== null && n.parent <= i && ((n.recorded && n.id > i) || n.frontier)) open.push(n.id);
    }
    return { current: i, closed, open, path: this.pathTo(i) };
  }

  /** The node's ancestors from its root, ending with the node. */
  pathTo(id: number): number[] {
    const path: number[] = [];
    for (let n = this.node(id); n; n = n.parent === null ? undefined : this.node(n.parent)) path.unshift(n.id);
    return path;
  }

  /** Iterative strategies: the first step of each bound; otherwise the first step of each f value (in order of first expansion). */
  jumps(): Jump[] {
    const out: Jump[] = [];
    const seen = new Set<number>();
    const iterative = this.trace.iterations !== undefined;
    for (let i = 0; i < this.steps; i++) {
      const n = this.nodes[i];
      const key = iterative ? n.bound : n.f;
      if (key === undefined || key === null || seen.has(key)) continue;
      seen.add(key);
      out.push({ label: iterative ? `bound ${key}` : `f = ${key}`, step: i });
    }
    return out;
  }

  /** Recorded expansions per bound (iterative strategies): what the tree shows of each iteration. */
  recordedPerBound(): Map<number, number> {
    const m = new Map<number, number>();
    for (let i = 0; i < this.steps; i++) {
      const b = this.nodes[i].bound;
      if (b !== undefined) m.set(b, (m.get(b) ?? 0) + 1);
    }
    return m;
  }
}

/** A Sokoban state from its fluents: the player's square and the boxes' squares as (x, y), from `sokoban(xXyY)` and `box(xXyY)`; null when the atoms are not of that form. */
export function sokobanState(state: readonly string[]): { player: [number, number]; boxes: [number, number][] } | null {
  let player: [number, number] | null = null;
  const boxes: [number, number][] = [];
  for (const a of state) {
    const m = /^(sokoban|box|at|player)\(x(\d+)y(\d+)\)$/.exec(a.replace(/\s+/g, ''));
    if (!m) continue;
    const xy: [number, number] = [Number(m[2]), Number(m[3])];
    if (m[1] === 'box') boxes.push(xy);
    else player = xy;
  }
  return player ? { player, boxes } : null;
}

/** Formats a value of g, h or f ('–' for none). */
export const num = (v: number | null | undefined): string => (v === null || v === undefined ? '–' : Number.isInteger(v) ? String(v) : v.toFixed(2));
