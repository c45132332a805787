/**
 * The observer behind planlog trace: it keeps the first `limit` expansions
 * as nodes (parent, operator, g, h, f, depth, iteration) and counts every
 * expansion of the whole search by depth and by iteration.
 */
import type { SearchTracer } from '../search/types.ts';
import type { SearchSpace } from '../strips/space.ts';

/** One recorded expansion. */
export interface RawNode {
  /** Index of the parent's record, -1 for a root. */
  parent: number;
  /** Operator id that led here, -1 for a root. */
  op: number;
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
  /** The search space the strategy reported (set when the strategy starts). */
  space: SearchSpace | null = null;
  private depthOf: Int32Array = new Int32Array(64);
  /** Key → index of its latest recorded node (while recording). */
  private readonly recordOf = new Map<number, number>();

  constructor(readonly limit: number) {}

  /** The factory for SearchOptions.trace: the strategy calls it with its space. */
  readonly attach = (space: SearchSpace): SearchTracer => {
    this.space = space;
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
    this.nodes.push({ parent: p, op, g, h, f: Number.isNaN(f) ? g : f, depth, iteration: Math.max(it, 0) });
  }
}
