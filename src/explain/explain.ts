/**
 * Why each step of a plan is legal: the validator's replay, told step by
 * step with the operator schema as written in the domain file, the
 * variable bindings, the state facts that satisfy the preconditions (static
 * facts and fluents told apart), the facts added and deleted and, for a
 * Sokoban level, the board after the step. Every step object stands on its
 * own, so a viewer can show one step without the rest.
 */
import { clauseText } from '../lang/clause-text.ts';
import { formText } from '../pddl/sexpr.ts';
import { type Term, termToString } from '../model/terms.ts';
import { type LoadedProblem } from '../core/load.ts';
import { validateSteps } from '../pipeline/solve.ts';
import { renderBoard } from '../sokoban/render.ts';
import { staticPredicates } from '../strips/ground.ts';
import { type Arg, factKey, type Literal, type OperatorSchema } from '../model/lifted.ts';
import { type FailureKind, PROLOG_NAMES } from '../strips/validate.ts';
import type { PlanStep } from '../model/lifted.ts';

/** An operator schema as written: its name term, the line where its clause starts, and the clause's text. */
export interface SchemaSource {
  name: string;
  line: number;
  text: string;
}

export interface Precondition {
  /** The ground fact (the state fact that satisfies it, in a legal step). */
  fact: string;
  /** A static fact (never added or deleted by any operator) rather than a fluent. */
  static: boolean;
}

export interface ExplainedStep {
  /** 1-based step number. */
  index: number;
  /** The step as written, e.g. `pick(red,a)`. */
  op: string;
  schema: SchemaSource;
  /** Variable → constant, for every variable of the schema. */
  bindings: Record<string, string>;
  /** The schema's preconditions, in order, ground. */
  preconditions: Precondition[];
  /** The schema's inequalities `A \= B`, ground (present only when it has some). */
  inequalities?: string[];
  /** The schema's add and delete lists, ground, in order. */
  add: string[];
  del: string[];
  /** Sokoban levels: the board after the step. */
  board?: string;
}

export interface ExplainedFailure {
  kind: FailureKind;
  /** 1-based step number; the plan's length + 1 for the goal check. */
  step: number;
  op: string;
  message: string;
  /** Preconditions (or goal facts) that do not hold. */
  missing: string[];
  /** The operator the step names, when the domain has it. */
  schema?: SchemaSource;
  /** Precondition failures: the variables the step's arguments fix. */
  bindings?: Record<string, string>;
  /** Precondition failures: the schema's preconditions as far as the step's arguments fix them, and whether each holds. */
  preconditions?: (Precondition & { holds: boolean })[];
  /** Where the step was written (plan file line, LURD letter). */
  file?: string;
  line?: number;
  column?: number;
  /** Sokoban levels: the board before the failing step (or at the goal check). */
  board?: string;
}

export interface Explanation {
  valid: boolean;
  /** Steps in the plan (all of them, also those after a failing one). */
  length: number;
  /** Cost of the steps replayed. */
  cost: number;
  goal: string[];
  /** The initial state's fluent facts (static facts left out), in the problem's order. */
  initial: string[];
  /** Sokoban levels: the board before the first step. */
  initialBoard?: string;
  /** The legal steps, up to the first failing one. */
  steps: ExplainedStep[];
  failure?: ExplainedFailure;
}

/**
 * Replays `steps` in the validator and explains each legal one. Never throws
 * on a bad plan: `valid` is false and `failure` says which step fails and
 * which preconditions (or goal facts) are missing. `domainText` is the text
 * the domain was read from (for the schemas as written: an opn clause, or a
 * PDDL domain's (:action …)).
 */
export function explainPlan(loaded: LoadedProblem, steps: readonly PlanStep[], domainText: string): Explanation {
  const { domain, problem, level } = loaded;
  // planlog's terms, as the schemas and bindings of the explanation are
  const v = validateSteps(loaded, [...steps], PROLOG_NAMES);
  const statics = staticPredicates(domain);
  const source = (op: OperatorSchema): SchemaSource => ({
    name: factKey(op.name),
    line: op.loc.line,
    // a PDDL domain's operator is its (:action …) as written
    text: (loaded.pddl ? formText(domainText, op.loc.offset) : clauseText(domainText, op.loc.offset)) ?? `opn(${factKey(op.name)}, …).`,
  });
  const precondition = (l: Literal, b: Record<string, string>): Precondition => ({ fact: groundText(l, b), static: statics.has(l.pred) });
  const board = (i: number): { board?: string } => (level ? { board: renderBoard(level, v.states[i]) } : {});

  const explained = v.steps.map((s, i): ExplainedStep => {
    const op = domain.operators[s.schema];
    return {
      index: i + 1,
      op: s.op,
      schema: source(op),
      bindings: s.binding,
      preconditions: op.pre.map((l) => precondition(l, s.binding)),
      ...(op.neq.length > 0 ? { inequalities: op.neq.map((n) => `${argText(n.left, s.binding)} \\= ${argText(n.right, s.binding)}`) } : {}),
      add: op.add.map((l) => groundText(l, s.binding)),
      del: op.del.map((l) => groundText(l, s.binding)),
      ...board(i + 1),
    };
  });

  let failure: ExplainedFailure | undefined;
  if (v.failure) {
    const f = v.failure;
    const named = f.kind === 'precondition' ? namedSchema(domain.operators, steps[f.step - 1].term) : null;
    const op = named?.op;
    const b = named?.binding;
    failure = {
      kind: f.kind,
      step: f.step,
      op: f.op,
      message: f.message,
      missing: f.missing,
      ...(op ? { schema: source(op) } : {}),
      ...(b ? { bindings: b } : {}),
      ...(op && b ? { preconditions: op.pre.map((l) => ({ ...precondition(l, b), holds: !f.missing.includes(groundText(l, b)) })) } : {}),
      ...(f.loc ? { file: f.loc.file, line: f.loc.line, column: f.loc.column } : {}),
      ...board(v.states.length - 1),
    };
  }
  return {
    valid: v.valid,
    length: steps.length,
    cost: v.cost,
    goal: problem.goal.map(factKey),
    initial: problem.init.filter((f) => !statics.has(f.pred)).map(factKey),
    ...(level ? { initialBoard: renderBoard(level, v.states[0]) } : {}),
    steps: explained,
    ...(failure ? { failure } : {}),
  };
}

/**
 * The schema a step term names (by name and arity) and the bindings its
 * arguments fix; `binding` is absent when a constant of the schema's name
 * differs from the step's argument. Null when no schema has that name.
 */
function namedSchema(operators: readonly OperatorSchema[], term: Term): { op: OperatorSchema; binding?: Record<string, string> } | null {
  const name = term.kind === 'atom' ? term.name : term.kind === 'compound' ? term.functor : null;
  const args = term.kind === 'compound' ? term.args.map(termToString) : [];
  const op = operators.find((o) => o.name.pred === name && o.name.args.length === args.length);
  if (!op) return null;
  const binding: Record<string, string> = {};
  const fits = op.name.args.every((a, k) => {
    if (a.kind === 'const') return a.value === args[k];
    if (Object.hasOwn(binding, a.name)) return binding[a.name] === args[k];
    binding[a.name] = args[k];
    return true;
  });
  return fits ? { op, binding } : { op };
}

/** An argument's text under a binding; an unbound variable stays its name. */
function argText(a: Arg, b: Record<string, string>): string {
  return a.kind === 'const' ? a.value : Object.hasOwn(b, a.name) ? b[a.name] : a.name;
}

/** A literal's text under a binding (the validator's fact key when ground). */
function groundText(l: Literal, b: Record<string, string>): string {
  return factKey({ ...l, args: l.args.map((a): Arg => ({ kind: 'const', value: argText(a, b) })) });
}
