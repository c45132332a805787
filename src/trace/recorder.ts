/**
 * The observer behind planlog trace: it keeps the first `limit` expansions
 * as nodes (parent, operator, g, h, f, depth, iteration) and counts every
 * expansion of the whole search by depth and by iteration. A strategy that
 * runs several searches one after the other (the Sokoban `auto` portfolio)
 * attaches it once per search: the nodes of each follow those of the one
 * before, and the last search's space names the operators.
 */
import type { SearchTracer, TracedSpace } from '../search/types.ts';

/** One recorded expansion. */
export interface RawNode {
  /** Index of the parent's record, -1 for a root. */
  parent: number;
  /** Operator id that led here, -1 for a root. */
  op: number;
  /** Its name in the space searched then; null for a root. */
  opName: string | null;
  g: number;
  /** NaN when the strategy has no heuristic. */
  h: number;
  f: number;
  depth: number;
  /** Index of the iteration (iterative strategies), else 0. */
  iteration: number;
}

/** Grows an Int32Array to hold index i (doubling), keeping its contents. */
function room(a: Int32Array, i: number): Int32Array {
  if (i < a.length) return a;
  const b = new Int32Array(Math.max(i + 1, a.length * 2));
  b.set(a);
  return b;
}

export class TraceRecorder implements SearchTracer {
  readonly nodes: RawNode[] = [];
  /** Expansions of the whole search. */
  total = 0;
  /** Expansions per depth (all of them). */
  readonly levels: number[] = [];
  /** Bound and expansions of each iteration (iterative strategies). */
  readonly iterations: { bound: number; expanded: number }[] = [];
  /** The search space the strategy reported (set when a search starts; the last one's). */
  space: TracedSpace | null = null;
  /** Index of the first node recorded by the last search attached. */
  runStart = 0;
  private depthOf: Int32Array = new Int32Array(64);
  /** Key → index of its latest recorded node (while recording). */
  private readonly recordOf = new Map<number, number>();

  constructor(readonly limit: number) {}

  /** The factory for SearchOptions.trace: the strategy calls it with its space. */
  readonly attach = (space: TracedSpace): SearchTracer => {
    this.space = space;
    this.runStart = this.nodes.length;
    this.recordOf.clear(); // keys name the nodes of one search only
    return this;
  };

  iteration(bound: number): void {
    this.iterations.push({ bound, expanded: 0 });
  }

  expand(key: number, parent: number, op: number, h: number, f: number): void {
    const depth = parent < 0 ? 0 : this.depthOf[parent] + 1;
    this.depthOf = room(this.depthOf, key);
    this.depthOf[key] = depth;
    this.levels[depth] = (this.levels[depth] ?? 0) + 1;
    this.total++;
    const it = this.iterations.length - 1;
    if (it >= 0) this.iterations[it].expanded++;
    if (this.nodes.length >= this.limit) return;
    const p = parent < 0 ? -1 : (this.recordOf.get(parent) ?? -1);
    const g = p < 0 ? 0 : this.nodes[p].g + this.space!.cost(op);
    this.recordOf.set(key, this.nodes.length);
    this.nodes.push({ parent: p, op, opName: op < 0 ? null : this.space!.opName(op), g, h, f: Number.isNaN(f) ? g : f, depth, iteration: Math.max(it, 0) });
  }
}
