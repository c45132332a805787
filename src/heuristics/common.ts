/**
 * The shared core of the delete-relaxation heuristics (h^max, h^add, h^FF,
 * LM-cut): the ground task as flat adjacency arrays, a priority queue over
 * atom ids, and a generalised Dijkstra over atoms that keeps, per operator,
 * a counter of preconditions not yet reached.
 *
 * Two artificial atoms make every case uniform:
 * - `init` (id n) is true in every state and is the one precondition of an
 *   operator that has none, so such operators fire from the start;
 * - `goal` (id n + 1) is added by an artificial operator (id m, cost 0)
 *   whose preconditions are the goal atoms, so "the cost of the goal" is
 *   the cost of one atom: max over the goal atoms under h^max, their sum
 *   under h^add.
 */
import { pollSetup } from '../util/budget.ts';
import { Heap } from '../util/heap.ts';
import type { Task } from '../strips/task.ts';
import { grow } from '../util/grow.ts';

/** The task as flat arrays, with the artificial `init` and `goal` atoms and the goal operator. */
export interface RelaxedTask {
  /** Atoms of the task (n); ids n and n + 1 are `init` and `goal`. */
  readonly taskAtoms: number;
  /** n + 2. */
  readonly numAtoms: number;
  /** Operators of the task (m); id m is the goal operator. */
  readonly taskOps: number;
  /** m + 1. */
  readonly numOps: number;
  readonly initAtom: number;
  readonly goalAtom: number;
  readonly goalOp: number;
  /** Preconditions of operator o: pre[preStart[o] .. preStart[o + 1]), duplicates removed, never empty. */
  readonly preStart: Int32Array;
  readonly pre: Int32Array;
  /** Added atoms of operator o: add[addStart[o] .. addStart[o + 1]), duplicates removed. */
  readonly addStart: Int32Array;
  readonly add: Int32Array;
  /** Operators with atom a as a precondition: preOf[preOfStart[a] .. preOfStart[a + 1]). */
  readonly preOfStart: Int32Array;
  readonly preOf: Int32Array;
  /** Operators that add atom a: addOf[addOfStart[a] .. addOfStart[a + 1]). */
  readonly addOfStart: Int32Array;
  readonly addOf: Int32Array;
  /** Number of (distinct) preconditions per operator. */
  readonly numPre: Int32Array;
  /** Operator costs; the goal operator costs 0. */
  readonly cost: Float64Array;
  /** The task's goal atoms, duplicates removed. */
  readonly goals: Int32Array;
  /** All costs are non-negative integers (so a bucket queue can order h^max values). */
  readonly integerCosts: boolean;
  /** Sum of all operator costs: no h^max value can exceed it. */
  readonly costSum: number;
  /** Grounding already proved that no plan exists. */
  readonly unsolvable: boolean;
  /** 32-bit words per packed state. */
  readonly words: number;
}

/** Flattens a CSR adjacency from per-row lists. */
function csr(rows: readonly (readonly number[])[]): { start: Int32Array; list: Int32Array } {
  const start = new Int32Array(rows.length + 1);
  let k = 0;
  rows.forEach((r, i) => {
    start[i] = k;
    k += r.length;
  });
  start[rows.length] = k;
  const list = new Int32Array(k);
  rows.forEach((r, i) => list.set(r, start[i]));
  return { start, list };
}

/** Builds the flat relaxed task of a ground task. */
export function compileRelaxed(task: Task): RelaxedTask {
  const n = task.atoms.length;
  const m = task.operators.length;
  const initAtom = n;
  const goalAtom = n + 1;
  const goals = [...new Set(task.goal)];
  const preRows: number[][] = [];
  const addRows: number[][] = [];
  const cost = new Float64Array(m + 1);
  for (let o = 0; o < m; o++) {
    pollSetup(() => `setting up the relaxed task of a delete-relaxation heuristic (operator ${(o + 1).toLocaleString('en')} of ${m.toLocaleString('en')})`);
    const op = task.operators[o];
    const pre = [...new Set(op.pre)];
    preRows.push(pre.length > 0 ? pre : [initAtom]);
    addRows.push([...new Set(op.add)]);
    cost[o] = op.cost;
  }
  preRows.push(goals.length > 0 ? goals.slice() : [initAtom]);
  addRows.push([goalAtom]);
  cost[m] = 0;

  const preOfRows: number[][] = Array.from({ length: n + 2 }, () => []);
  const addOfRows: number[][] = Array.from({ length: n + 2 }, () => []);
  preRows.forEach((r, o) => r.forEach((a) => preOfRows[a].push(o)));
  addRows.forEach((r, o) => r.forEach((a) => addOfRows[a].push(o)));

  const pre = csr(preRows);
  const add = csr(addRows);
  const preOf = csr(preOfRows);
  const addOf = csr(addOfRows);
  let costSum = 0;
  for (let o = 0; o < m; o++) costSum += cost[o];
  return {
    taskAtoms: n,
    numAtoms: n + 2,
    taskOps: m,
    numOps: m + 1,
    initAtom,
    goalAtom,
    goalOp: m,
    preStart: pre.start,
    pre: pre.list,
    addStart: add.start,
    add: add.list,
    preOfStart: preOf.start,
    preOf: preOf.list,
    addOfStart: addOf.start,
    addOf: addOf.list,
    numPre: Int32Array.from(preRows, (r) => r.length),
    cost,
    goals: Int32Array.from(goals),
    integerCosts: task.operators.every((o) => Number.isInteger(o.cost) && o.cost >= 0),
    costSum,
    unsolvable: task.unsolvableReason !== undefined,
    words: Math.max(1, (n + 31) >>> 5),
  };
}

/** True when atom a holds in the packed state. */
export function holds(s: Uint32Array, off: number, a: number): boolean {
  return (s[off + (a >>> 5)] & (1 << (a & 31))) !== 0;
}

/**
 * A min-priority queue of atom ids with numeric keys; an entry is never
 * updated in place (callers push again and skip stale entries when popped).
 * Bucket mode (integer keys, each pushed key at least the last popped one,
 * as in Dijkstra) is a stack per key value (last pushed, first popped),
 * linked through typed arrays: no allocation per push once the pool has
 * grown to its peak; heap mode is a binary heap.
 */
export class MinQueue {
  private readonly bucketed: boolean;
  private size = 0;
  // heap mode: the search's binary heap
  private readonly heap = new Heap();
  // bucket mode: head[key] is the last entry pushed with that key (-1: none);
  // an entry holds its value and the entry pushed before it with the same key
  private head = new Int32Array(0);
  private val = new Int32Array(0);
  private next = new Int32Array(0);
  /** Entries handed out since the last `clear`; popped ones are reused through `free`. */
  private used = 0;
  private free = -1;
  private cur = 0;
  private top = -1;
  /** Key of the entry returned by the last `pop`. */
  lastKey = 0;

  /** Buckets when `integerKeys` and the largest key stays below `maxKey` (memory is one word per key). */
  constructor(integerKeys: boolean, maxKey = Infinity) {
    this.bucketed = integerKeys && maxKey <= 1 << 20;
  }

  get empty(): boolean {
    return this.size === 0;
  }

  clear(): void {
    if (this.bucketed) {
      const head = this.head;
      for (let k = this.cur; k <= this.top; k++) head[k] = -1;
      this.cur = 0;
      this.top = -1;
      this.used = 0;
      this.free = -1;
    } else this.heap.size = 0;
    this.size = 0;
  }

  push(key: number, val: number): void {
    this.size++;
    if (!this.bucketed) {
      this.heap.push(key, val);
      return;
    }
    if (key >= this.head.length) this.growHead(key);
    let e = this.free;
    if (e >= 0) this.free = this.next[e];
    else {
      if (this.used === this.val.length) this.growPool();
      e = this.used++;
    }
    this.val[e] = val;
    this.next[e] = this.head[key];
    this.head[key] = e;
    if (this.size === 1 || key < this.cur) this.cur = key;
    if (key > this.top) this.top = key;
  }

  /** Removes and returns the value with the smallest key (its key in `lastKey`); the queue must not be empty. */
  pop(): number {
    this.size--;
    if (!this.bucketed) {
      const v = this.heap.pop();
      this.lastKey = this.heap.lastKey;
      return v;
    }
    const head = this.head;
    let k = this.cur;
    while (head[k] < 0) k++;
    this.cur = k;
    const e = head[k];
    head[k] = this.next[e];
    this.next[e] = this.free;
    this.free = e;
    this.lastKey = k;
    return this.val[e];
  }

  private growHead(key: number): void {
    this.head = grow(this.head, key + 1, -1, 64);
  }

  private growPool(): void {
    const n = this.val.length + 1;
    this.val = grow(this.val, n, 0, 256);
    this.next = grow(this.next, n, 0, 256);
  }
}

/**
 * The relaxed exploration shared by h^max, h^add and h^FF: atom costs from
 * a state under the delete relaxation, where an operator costs its own cost
 * plus the max (`max`) or the sum (`add`) of its preconditions' costs.
 * Stops as soon as the artificial goal atom is settled.
 */
export class RelaxedExploration {
  /** Cost of each atom after `run` (Infinity: not reached; atoms beyond the goal's cost may be unsettled). */
  readonly atomCost: Float64Array;
  /** The operator that reached each atom at its cost; -1 for atoms true in the state and unreached atoms. */
  readonly supporter: Int32Array;
  private readonly acc: Float64Array;
  private readonly unsat: Int32Array;
  private readonly queue: MinQueue;
  private readonly sum: boolean;

  constructor(
    readonly rt: RelaxedTask,
    mode: 'max' | 'add',
  ) {
    this.sum = mode === 'add';
    this.atomCost = new Float64Array(rt.numAtoms);
    this.supporter = new Int32Array(rt.numAtoms);
    this.acc = new Float64Array(rt.numOps);
    this.unsat = new Int32Array(rt.numOps);
    // h^add values are sums and can grow far beyond the sum of costs: heap.
    this.queue = new MinQueue(rt.integerCosts && !this.sum, rt.costSum);
  }

  /** Explores from the state; returns the cost of the goal (Infinity if relaxed-unreachable). */
  run(s: Uint32Array, off: number): number {
    const rt = this.rt;
    const { atomCost, supporter, acc, unsat, queue, sum } = this;
    const { preOfStart, preOf, addStart, add, cost } = rt;
    atomCost.fill(Infinity);
    supporter.fill(-1);
    acc.fill(0);
    unsat.set(rt.numPre);
    queue.clear();
    for (let w = 0; w < rt.words; w++) {
      let bits = s[off + w];
      while (bits !== 0) {
        const low = bits & -bits;
        const a = (w << 5) + (31 - Math.clz32(low));
        bits ^= low;
        atomCost[a] = 0;
        queue.push(0, a);
      }
    }
    atomCost[rt.initAtom] = 0;
    queue.push(0, rt.initAtom);
    const goal = rt.goalAtom;
    while (!queue.empty) {
      const a = queue.pop();
      const c = queue.lastKey;
      if (c > atomCost[a]) continue;
      if (a === goal) break;
      for (let i = preOfStart[a], end = preOfStart[a + 1]; i < end; i++) {
        const o = preOf[i];
        if (sum) acc[o] += c;
        else acc[o] = c; // settled in cost order: the last precondition is the costliest
        if (--unsat[o] === 0) {
          const v = acc[o] + cost[o];
          for (let j = addStart[o], je = addStart[o + 1]; j < je; j++) {
            const e = add[j];
            if (v < atomCost[e]) {
              atomCost[e] = v;
              supporter[e] = o;
              queue.push(v, e);
            }
          }
        }
      }
    }
    return atomCost[goal];
  }
}

