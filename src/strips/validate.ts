/**
 * The plan validator. Independent of grounding and search on purpose: it
 * reads the operator schemas and the problem directly and replays each plan
 * step by matching its name against the schemas, finding the preconditions
 * in the current state, and applying delete then add lists (add wins).
 */
import type { Loc, Term } from '../model/terms.ts';
import { termToString } from '../model/terms.ts';
import type { Arg, Domain, Literal, OperatorSchema, PlanStep, Problem } from '../model/lifted.ts';
import { factKey } from '../model/lifted.ts';

export type FailureKind = 'unknown-operator' | 'not-ground' | 'precondition' | 'goal';

export interface ValidationFailure {
  kind: FailureKind;
  /** 1-based step number; plan length + 1 for the goal check. */
  step: number;
  /** The step as written (empty for the goal check). */
  op: string;
  message: string;
  /** Preconditions (or goal facts) that do not hold, ground where the step fixes them. */
  missing: string[];
  loc?: Loc;
}

export interface ValidatedStep {
  op: string;
  schema: number;
  /** Variable → constant, for every variable of the schema. */
  binding: Record<string, string>;
  /** Preconditions as matched in the state. */
  pre: string[];
  added: string[];
  deleted: string[];
}

export interface ValidationResult {
  valid: boolean;
  steps: ValidatedStep[];
  /** states[0] is the initial state; states[i] the state after step i (facts, static ones included); worked out when first read. */
  states: string[][];
  /** The state after the last step replayed: the last of `states`, without working them all out. */
  last: string[];
  failure?: ValidationFailure;
  /** Sum of the costs of the steps replayed. */
  cost: number;
}

/**
 * How the validator's messages (and a failure's `op` and `missing`) write
 * facts and steps: as planlog's terms (`PROLOG_NAMES`, the default), or as
 * the input was written, e.g. PDDL's `(robot-at office)` for a PDDL domain
 * (the pipeline's). The steps and states of a result are always planlog's.
 */
export interface FactNames {
  /** A fact or step: its predicate (operator) name and arguments, constants as Prolog text. */
  fact(name: string, args: readonly Arg[]): string;
  /** An operator of the domain by name and arity, as in "no operator fly/2 in the domain". */
  operator(name: string, arity: number): string;
  /** The inequality `a ≠ b` (constants as Prolog text). */
  differ(a: string, b: string): string;
}

/** planlog's own terms: `robotAt(office)`, "operator putDown/2", `a \\= b`. */
export const PROLOG_NAMES: FactNames = {
  fact: (name, args) => factKey({ pred: name, args }),
  operator: (name, arity) => `operator ${name}/${arity}`,
  differ: (a, b) => `${a} \\= ${b}`,
};

type Binding = Map<string, string>;

const valueOf = (a: Arg, b: Binding): string | undefined => (a.kind === 'const' ? a.value : b.get(a.name));

/** The literal under the binding (its variables bound so far replaced by their values). */
function bound(l: Literal, b: Binding): Arg[] {
  return l.args.map((a): Arg => {
    const v = valueOf(a, b);
    return v === undefined ? a : { kind: 'const', value: v };
  });
}

function show(l: Literal, b: Binding): string {
  return factKey({ ...l, args: bound(l, b) });
}

/** A step as a failure's message writes it (only a failure: the steps replayed keep planlog's term). */
const written = (names: FactNames, call: { name: string; args: string[] }): string => names.fact(call.name, call.args.map((value): Arg => ({ kind: 'const', value })));

/** Splits a ground term into name and argument texts; null if not a ground callable function-free term. */
function groundCall(t: Term): { name: string; args: string[] } | null {
  if (t.kind === 'atom') return { name: t.name, args: [] };
  if (t.kind !== 'compound') return null;
  const args: string[] = [];
  for (const a of t.args) {
    if (a.kind === 'atom' || a.kind === 'int') args.push(termToString(a));
    else return null;
  }
  return { name: t.functor, args };
}

/** A fact in the state, split into predicate and arguments. */
interface Fact {
  pred: string;
  args: string[];
}

function splitFact(l: Literal): Fact {
  return { pred: l.pred, args: l.args.map((a) => (a as { value: string }).value) };
}

/**
 * Finds a binding extending `b` under which every precondition is a fact of
 * the state and every inequality holds; null if there is none.
 */
function matchPreconditions(op: OperatorSchema, state: Map<string, Fact>, b: Binding): Binding | null {
  const pre = op.pre;
  const n = pre.length;
  const inequalitiesHold = (): boolean => op.neq.every((x) => valueOf(x.left, b) !== valueOf(x.right, b));
  if (n === 0) return inequalitiesHold() ? b : null;
  // A backtracking search over the preconditions with an explicit stack of
  // levels (no recursion: an operator may have many thousands of them).
  // Per level: the facts to try (null: the literal was ground when the level
  // was entered, a lookup), the next one, and the variables it bound.
  const candidates: (Fact[] | null)[] = [];
  const next: number[] = [];
  const bound: string[][] = [];
  const enter = (i: number): void => {
    const l = pre[i];
    candidates[i] = l.args.every((a) => valueOf(a, b) !== undefined) ? null : [...state.values()].filter((f) => f.pred === l.pred && f.args.length === l.args.length);
    next[i] = 0;
    bound[i] = [];
  };
  let i = 0;
  enter(0);
  while (i >= 0) {
    for (const v of bound[i]) b.delete(v);
    bound[i] = [];
    const l = pre[i];
    const facts = candidates[i];
    let found = false;
    if (facts === null) found = next[i]++ === 0 && state.has(show(l, b));
    while (facts !== null && !found && next[i] < facts.length) {
      const f = facts[next[i]++];
      let ok = true;
      for (let k = 0; k < l.args.length && ok; k++) {
        const a = l.args[k];
        const v = valueOf(a, b);
        if (v === undefined && a.kind === 'var') {
          b.set(a.name, f.args[k]);
          bound[i].push(a.name);
        } else ok = v === f.args[k];
      }
      if (ok) found = true;
      else {
        for (const v of bound[i]) b.delete(v);
        bound[i] = [];
      }
    }
    if (!found) i--;
    else if (i + 1 < n) enter(++i);
    else if (inequalitiesHold()) return b;
  }
  return null;
}

/**
 * Replays a plan. Returns valid: true when every step applies and the goal
 * holds at the end; otherwise `failure` names the first failing step, its
 * operator and each missing precondition (or unmet goal fact). Never throws
 * on a bad plan.
 */
export function validatePlan(domain: Domain, problem: Problem, plan: readonly PlanStep[], names: FactNames = PROLOG_NAMES): ValidationResult {
  const literals = new Map<string, Literal>();
  const remember = (l: Literal): string => {
    const k = factKey(l);
    if (!literals.has(k)) literals.set(k, l);
    return k;
  };
  // the current state, updated in place step by step (keys in the order a Set of them would have)
  const state = new Map<string, Fact>();
  for (const k of problem.init.map(remember)) if (!state.has(k)) state.set(k, splitFact(literals.get(k)!));
  const initKeys = [...state.keys()];
  // each step's delete list as applied (before the add list), for the states rebuilt on demand
  const applied: string[][] = [];
  const steps: ValidatedStep[] = [];
  let cost = 0;
  const done = (r: Omit<ValidationResult, 'states' | 'last'>): ValidationResult => withStates({ ...r, last: [...state.keys()] }, initKeys, applied, steps);
  const fail = (f: ValidationFailure): ValidationResult => done({ valid: false, steps, failure: f, cost });

  for (let i = 0; i < plan.length; i++) {
    const { term, loc } = plan[i];
    const call = groundCall(term);
    const asTerm = termToString(term);
    const stepNo = i + 1;
    if (!call) {
      return fail({ kind: 'not-ground', step: stepNo, op: asTerm, loc, missing: [], message: `step ${stepNo}: ${asTerm} is not a ground operator term (expected name(constant, …))` });
    }
    const op = domain.operators.find((o) => o.name.pred === call.name && o.name.args.length === call.args.length);
    if (!op) {
      return fail({ kind: 'unknown-operator', step: stepNo, op: written(names, call), loc, missing: [], message: `step ${stepNo}: no ${names.operator(call.name, call.args.length)} in the domain` });
    }
    const b: Binding = new Map();
    const nameOk = op.name.args.every((a, k) => {
      if (a.kind === 'const') return a.value === call.args[k];
      const cur = b.get(a.name);
      if (cur !== undefined) return cur === call.args[k];
      b.set(a.name, call.args[k]);
      return true;
    });
    const matched = nameOk ? matchPreconditions(op, state, b) : null;
    if (!matched) {
      const text = written(names, call);
      const missing = nameOk
        ? op.pre.filter((l) => !matchPreconditions({ ...op, pre: [l], neq: [] }, state, new Map(b))).map((l) => names.fact(l.pred, bound(l, b)))
        : [];
      const neqBroken = nameOk ? op.neq.filter((n) => valueOf(n.left, b) !== undefined && valueOf(n.left, b) === valueOf(n.right, b)) : [];
      const why = !nameOk
        ? `${text} does not match the operator's name ${show(op.name, new Map())}`
        : missing.length > 0
          ? `precondition${missing.length > 1 ? 's' : ''} ${missing.join(', ')} ${missing.length > 1 ? 'do' : 'does'} not hold`
          : neqBroken.length > 0
            ? `inequality ${neqBroken.map((n) => names.differ(valueOf(n.left, b)!, valueOf(n.right, b)!)).join(', ')} does not hold`
            : 'no single binding satisfies all preconditions together';
      return fail({ kind: 'precondition', step: stepNo, op: text, loc, missing, message: `step ${stepNo}: ${text} is not applicable: ${why}` });
    }
    const deleted = op.del.map((l) => remember(literalOf(l, matched)));
    const added = op.add.map((l) => remember(literalOf(l, matched)));
    for (const d of deleted) state.delete(d);
    for (const a of added) if (!state.has(a)) state.set(a, splitFact(literals.get(a)!));
    applied.push(deleted);
    cost += op.cost;
    steps.push({
      op: asTerm,
      schema: domain.operators.indexOf(op),
      binding: Object.fromEntries(matched),
      pre: op.pre.map((l) => show(l, matched)),
      added,
      deleted: deleted.filter((d) => !added.includes(d)),
    });
  }
  const unmet = problem.goal.filter((g) => !state.has(factKey(g))).map((g) => names.fact(g.pred, g.args));
  if (unmet.length > 0) {
    return fail({
      kind: 'goal',
      step: plan.length + 1,
      op: '',
      missing: unmet,
      message: `after the last step (${plan.length}) the goal is not reached: ${unmet.join(', ')} ${unmet.length > 1 ? 'do' : 'does'} not hold`,
    });
  }
  return done({ valid: true, steps, cost });
}

/**
 * The result with its `states`, worked out on first reading from the
 * initial keys and each step's delete and add lists: a copy of the whole
 * state per step costs time and memory proportional to the plan's length
 * times the state's size (an 81,567-move plan of a large level: hundreds of
 * megabytes), and only the board renderers read them.
 */
function withStates(r: Omit<ValidationResult, 'states'>, initKeys: string[], applied: readonly string[][], steps: readonly ValidatedStep[]): ValidationResult {
  let states: string[][] | null = null;
  return Object.defineProperty(r, 'states', {
    enumerable: true,
    get(): string[][] {
      if (states === null) {
        const state = new Set(initKeys);
        states = [initKeys];
        for (let i = 0; i < applied.length; i++) {
          for (const d of applied[i]) state.delete(d);
          for (const a of steps[i].added) state.add(a);
          states.push([...state]);
        }
      }
      return states;
    },
  }) as ValidationResult;
}

function literalOf(l: Literal, b: Binding): Literal {
  return { ...l, args: l.args.map((a): Arg => ({ kind: 'const', value: valueOf(a, b) as string })) };
}
