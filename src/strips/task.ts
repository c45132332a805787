/**
 * The ground STRIPS task: integer fluent atoms and ground operators.
 * It knows nothing about Sokoban or about the files it came from; static
 * facts have been folded away while grounding.
 */

export interface GroundOperator {
  /** The ground name term as the domain writes it, e.g. `moveR(x1y1,x2y1)`. */
  name: string;
  /** Index of the operator schema (clause order in the domain file). */
  schema: number;
  /** Fluent atoms that must be true. */
  pre: number[];
  /** Atoms made true. */
  add: number[];
  /** Atoms made false (never one that is also added: add wins). */
  del: number[];
  cost: number;
}

export interface Task {
  /** Fluent atom keys (`box(x2y3)`); an atom id indexes this array. Atoms of one predicate are contiguous. */
  atoms: string[];
  /** Atoms true initially, ascending. */
  init: number[];
  /** Atoms that must be true in a goal state. */
  goal: number[];
  operators: GroundOperator[];
  /**
   * Set when grounding already proves that no plan exists (a goal fact is
   * static and false, or not even relaxed-reachable); the reason in words.
   */
  unsolvableReason?: string;
  /**
   * Mutex groups (invariants), set by preprocessing with h^2 (preprocess.ts):
   * disjoint sets of two or more atoms of which at most one is true in every
   * reachable state, ascending. Each is a finite-domain variable whose values
   * are its atoms, plus "none of them" where `mutexGroupNone` says so; an atom
   * in no group is a variable of two values. Absent: not computed.
   */
  mutexGroups?: number[][];
  /** Per mutex group: whether a reachable state may have none of its atoms (false: exactly one holds). */
  mutexGroupNone?: boolean[];
}

/** Builds a task from atom names; a convenience for tests and small hand-made tasks. */
export function makeTask(spec: {
  atoms: string[];
  init: string[];
  goal: string[];
  operators: { name: string; pre: string[]; add: string[]; del: string[]; cost?: number }[];
}): Task {
  const id = new Map(spec.atoms.map((a, i) => [a, i]));
  const ids = (names: string[]): number[] =>
    names.map((n) => {
      const i = id.get(n);
      if (i === undefined) throw new Error(`makeTask: unknown atom ${n}`);
      return i;
    });
  return {
    atoms: spec.atoms.slice(),
    init: ids(spec.init).sort((a, b) => a - b),
    goal: ids(spec.goal),
    operators: spec.operators.map((o, i) => {
      const add = ids(o.add);
      return { name: o.name, schema: i, pre: ids(o.pre), add, del: ids(o.del).filter((d) => !add.includes(d)), cost: o.cost ?? 1 };
    }),
  };
}

/** Applies a plan (operator ids) to the initial state as sets; null if a step is not applicable. */
export function replayTask(task: Task, plan: readonly number[]): Set<number> | null {
  const state = new Set(task.init);
  for (const o of plan) {
    const op = task.operators[o];
    if (!op.pre.every((p) => state.has(p))) return null;
    for (const d of op.del) state.delete(d);
    for (const a of op.add) state.add(a);
  }
  return state;
}
