/**
 * The planning model read from domain and problem files: operator schemas
 * (opn/4 facts) and a problem (initial facts, goal facts). Function-free:
 * arguments are constants or variables, as in STRIPS/PDDL.
 */
import { quoteAtom, type Loc, type Term } from './terms.ts';

/** A constant (its Prolog text, e.g. `x1y2`, `'New York'`, `3`) or a variable. */
export type Arg = { kind: 'const'; value: string } | { kind: 'var'; name: string };

/** `pred(arg, …)`; ground when every argument is a constant. */
export interface Literal {
  pred: string;
  args: Arg[];
  loc: Loc;
}

/** An inequality between two arguments in a precondition list: `A \= B`. */
export interface Inequality {
  left: Arg;
  right: Arg;
  loc: Loc;
}

export interface OperatorSchema {
  /** The operator's name term, e.g. moveR(From, To); printed plans use it. */
  name: Literal;
  /** Positive preconditions (static and fluent). */
  pre: Literal[];
  /** `A \= B` constraints among the preconditions. */
  neq: Inequality[];
  add: Literal[];
  del: Literal[];
  /** Action cost; opn/4 operators cost 1. */
  cost: number;
  loc: Loc;
  /**
   * Named variables (not `_`, not `_X`) that occur once in the clause, in
   * text order, each with the precondition it occurs in (the lint's
   * `singleton` check); absent when there is none.
   */
  singletons?: Singleton[];
}

/** A variable that occurs once in an opn clause: where, and in which precondition. */
export interface Singleton {
  name: string;
  loc: Loc;
  literal: Literal;
}

export interface PredicateInfo {
  name: string;
  arity: number;
  /** Where it is first used. */
  loc: Loc;
}

export interface Domain {
  file: string;
  operators: OperatorSchema[];
  /** Every predicate used in preconditions or effects, keyed by name. */
  predicates: Map<string, PredicateInfo>;
}

export interface Problem {
  file: string;
  /** Ground facts true in the initial state (static ones included). */
  init: Literal[];
  /** Ground facts that must hold in a goal state. */
  goal: Literal[];
}

/** Canonical text of a ground literal, e.g. `box(x2y3)`; the key of a fact everywhere. */
export function factKey(l: { readonly pred: string; readonly args: readonly Arg[] }): string {
  if (l.args.length === 0) return quoteAtom(l.pred);
  return `${quoteAtom(l.pred)}(${l.args.map((a) => (a.kind === 'const' ? a.value : a.name)).join(',')})`;
}

/** The facts without repeats (by factKey), the first of each kept, in order. */
export function dedupeFacts(facts: Literal[]): Literal[] {
  const seen = new Set<string>();
  return facts.filter((f) => {
    const k = factKey(f);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

export function isGround(l: Literal): boolean {
  return l.args.every((a) => a.kind === 'const');
}

/** One step of a plan to check: a term, and where it was read from. */
export interface PlanStep {
  term: Term;
  /** Where the step was written (plan file line, LURD character); absent for generated plans. */
  loc?: Loc;
}
