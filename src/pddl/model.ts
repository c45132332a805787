/**
 * A STRIPS PDDL domain and problem as the reader returns them: names
 * lowercased, every part located in its file.
 */
import type { Loc } from '../model/terms.ts';

/** A variable (`?x`, stored as `x`) or a name (an object or constant). */
export type PddlTerm = { kind: 'var'; name: string; loc: Loc } | { kind: 'name'; name: string; loc: Loc };

/** `(pred t1 t2 …)`. */
export interface PddlAtom {
  pred: string;
  args: PddlTerm[];
  loc: Loc;
}

/** A name (object, constant or parameter without its `?`) with its type (`object` when untyped). */
export interface TypedName {
  name: string;
  type: string;
  loc: Loc;
}

/** `(= a b)` (equal: true) or `(not (= a b))` (equal: false) in a precondition. */
export interface PddlEquality {
  left: PddlTerm;
  right: PddlTerm;
  equal: boolean;
  loc: Loc;
}

export interface PddlAction {
  name: string;
  params: TypedName[];
  pre: PddlAtom[];
  /** `(not (p …))` in the precondition: the atom p(…), located at its `(not`. */
  negPre: PddlAtom[];
  equalities: PddlEquality[];
  add: PddlAtom[];
  del: PddlAtom[];
  /** `(increase (total-cost) N)`; null when the action has none. */
  cost: number | null;
  loc: Loc;
}

export interface PddlPredicate {
  name: string;
  params: TypedName[];
  loc: Loc;
}

export interface PddlDomain {
  name: string;
  file: string;
  /** Type → parent type (`object` at the top; `object` itself is not listed). */
  types: Map<string, { parent: string; loc: Loc }>;
  constants: TypedName[];
  predicates: Map<string, PddlPredicate>;
  actions: PddlAction[];
}

export interface PddlProblem {
  name: string;
  file: string;
  objects: TypedName[];
  /** Ground atoms true initially. */
  init: PddlAtom[];
  /** Where `(:init` stands (the place of the facts made up from what init leaves out). */
  initLoc: Loc;
  /** Ground atoms that must hold at the end. */
  goal: PddlAtom[];
  /** `(not (p …))` in the goal: ground atoms that must not hold at the end, each located at its `(not`. */
  negGoal: PddlAtom[];
}
