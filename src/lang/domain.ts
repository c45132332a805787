/**
 * Checking a parsed domain file: it holds only `opn(Name, Pre, Add, Del).`
 * facts over function-free literals. Every problem found is collected and
 * reported together, sorted by position.
 */
import { PlanlogError, type Diagnostic } from '../util/errors.ts';
import { parseProgram, type ParsePoll } from './parse.ts';
import { describeTerm, formatLoc, shortTerm } from './print.ts';
import { indicatorString, quoteAtom, type Clause, type Loc, type Program, type Term, type Var } from '../model/terms.ts';
import type { Arg, Domain, Inequality, Literal, OperatorSchema, PredicateInfo, Singleton } from '../model/lifted.ts';

/**
 * Reads and checks a domain file (`poll`: see parseProgram).
 * @throws PlanlogError with every syntax or domain problem found.
 */
export function parseDomain(text: string, file: string, poll?: ParsePoll): Domain {
  return checkDomain(parseProgram(text, file, poll));
}

/**
 * The domain of a parsed program of opn/4 facts.
 * @throws PlanlogError listing all problems (sorted by position) when the
 * program is not a valid domain.
 */
export function checkDomain(program: Program): Domain {
  const report = new Reporter(program.file);
  const operators: OperatorSchema[] = [];
  const names: Literal[] = [];
  const literals: Literal[] = [];
  for (const clause of program.clauses) {
    const r = checkClause(clause, report);
    if (r.op) operators.push(r.op);
    if (r.name) names.push(r.name);
    for (const l of r.literals) literals.push(l); // not push(...): one operator may list 200,000 literals
  }
  if (program.clauses.length === 0) {
    report.fileLevel('the domain has no operators; expected opn(Name, Preconditions, AddList, DeleteList) facts');
  }
  const predicates = checkArities(literals, report);
  checkDuplicates(names, report);
  report.throwIfAny();
  return { file: program.file, operators, predicates };
}

// ------------------------------------------------------------------ shared

/** Collects diagnostics; throws them sorted by position. */
export class Reporter {
  private readonly list: { d: Diagnostic; offset: number; seq: number }[] = [];

  constructor(readonly file: string) {}

  at(loc: Loc, message: string, notes?: string[]): void {
    const d: Diagnostic = { file: this.file, line: loc.line, column: loc.column, message };
    if (notes && notes.length > 0) d.notes = notes;
    this.list.push({ d, offset: loc.offset, seq: this.list.length });
  }

  fileLevel(message: string): void {
    this.list.push({ d: { file: this.file, message }, offset: -1, seq: this.list.length });
  }

  get count(): number {
    return this.list.length;
  }

  throwIfAny(): void {
    if (this.list.length === 0) return;
    const sorted = [...this.list].sort((a, b) => a.offset - b.offset || a.seq - b.seq);
    throw new PlanlogError(sorted.map((x) => x.d));
  }
}

/** A constant (atom, integer, `[]`) or variable as an Arg; null for anything else. */
export function termToArg(t: Term): Arg | null {
  switch (t.kind) {
    case 'atom':
      return { kind: 'const', value: quoteAtom(t.name) };
    case 'int':
      return { kind: 'const', value: String(t.value) };
    case 'var':
      return { kind: 'var', name: t.name };
    case 'list':
      return t.items.length === 0 && t.tail === null ? { kind: 'const', value: '[]' } : null;
    default:
      return null;
  }
}

const controlOps = new Set([',', ';', '->', ':-', '\\+', '=', '\\=', '==', '\\==', 'is', '<', '>', '=<', '>=', '=:=', '=\\=']);

/** True for `A = B`, `\+ G`, `(A, B)` and the like: built-ins, not predicates. */
export function isControlConstruct(t: Term): boolean {
  return t.kind === 'compound' && controlOps.has(t.functor) && (t.args.length === 2 || (t.args.length === 1 && (t.functor === '\\+' || t.functor === ':-')));
}

/** "found a directive" / "found a rule for foo/2" / "found a fact for foo/2" / "found the integer 3". */
export function describeClause(c: Clause): string {
  if (c.head === null) return 'a directive';
  if (c.body !== null) return `a rule for ${indicatorString(c.head)}`;
  if (c.head.kind === 'atom' || c.head.kind === 'compound') return `a fact for ${indicatorString(c.head)}`;
  return describeTerm(c.head);
}

export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

// ----------------------------------------------------------------- clauses

const OPN_SHAPE = 'opn(Name, Preconditions, AddList, DeleteList)';
const OPN_COST_SHAPE = 'opn/5 with a Cost';
/** Costs are whole numbers, so plan costs stay exact integers. */
const MAX_COST = 1_000_000;

type Place = 'precondition list' | 'add list' | 'delete list';

interface ClauseResult {
  /** The operator, null when anything about it is wrong. */
  op: OperatorSchema | null;
  /** Its name, when that is well-formed. */
  name: Literal | null;
  /** Every well-formed literal of its lists, in text order (for the arity check). */
  literals: Literal[];
}

function checkClause(clause: Clause, report: Reporter): ClauseResult {
  const none: ClauseResult = { op: null, name: null, literals: [] };
  const head = clause.head;
  if (head === null || clause.body !== null || !(head.kind === 'compound' && head.functor === 'opn')) {
    if (head !== null && clause.body === null && head.kind === 'atom' && head.name === 'opn') {
      report.at(head.loc, `opn/0 has 0 arguments; expected ${OPN_SHAPE}`);
    } else {
      report.at(head?.loc ?? clause.loc, `expected an opn/4 fact, found ${describeClause(clause)}`);
    }
    return none;
  }
  if (head.args.length !== 4 && head.args.length !== 5) {
    report.at(head.loc, `opn/${head.args.length} has ${plural(head.args.length, 'argument')}; expected ${OPN_SHAPE}, or ${OPN_COST_SHAPE}`);
    return none;
  }
  const [nameT, preT, addT, delT, costT] = head.args;
  let ok = true;
  let cost = 1;
  if (costT !== undefined) {
    if (costT.kind === 'int' && costT.value >= 0 && costT.value <= MAX_COST) cost = costT.value;
    else {
      report.at(costT.loc, `the cost of ${shortTerm(nameT)} must be a whole number from 0 to ${MAX_COST}, found ${describeTerm(costT)}`);
      ok = false;
    }
  }
  const opName = shortTerm(nameT);

  // The name.
  let name: Literal | null = null;
  if (nameT.kind === 'atom' || nameT.kind === 'compound') {
    name = literalOf(nameT, report, (a) => `argument ${shortTerm(a)} of the operator name ${opName} is not a constant or a variable`);
  } else {
    report.at(nameT.loc, `the operator name must be an atom or a compound term, found ${describeTerm(nameT)}`);
  }
  if (!name) ok = false;

  // The three lists.
  const pre: Literal[] = [];
  const neq: Inequality[] = [];
  const add: Literal[] = [];
  const del: Literal[] = [];
  let preconditionsRead = true;
  const lists: [Term, Place, Literal[]][] = [
    [preT, 'precondition list', pre],
    [addT, 'add list', add],
    [delT, 'delete list', del],
  ];
  for (const [listT, place, out] of lists) {
    const items = listItems(listT, `the ${place} of ${opName}`, report);
    if (items === null) {
      ok = false;
      if (place === 'precondition list') preconditionsRead = false;
      continue;
    }
    for (const item of items) {
      const isPre = place === 'precondition list';
      if (item.kind === 'compound' && item.functor === '\\=' && item.args.length === 2) {
        if (!isPre) {
          report.at(item.loc, `an inequality is only allowed in the precondition list; found ${shortTerm(item)} in the ${place} of ${opName}`);
          ok = false;
          continue;
        }
        const [l, r] = item.args.map((a) => {
          const arg = termToArg(a);
          if (!arg) report.at(a.loc, `argument ${shortTerm(a)} of the inequality ${shortTerm(item)} in the ${place} of ${opName} is not a constant or a variable`);
          return arg;
        });
        if (l && r) neq.push({ left: l, right: r, loc: item.loc });
        else ok = false;
        continue;
      }
      if (item.kind !== 'atom' && item.kind !== 'compound') {
        report.at(item.loc, `expected a literal in the ${place} of ${opName}, found ${describeTerm(item)}`);
        ok = false;
        continue;
      }
      if (isControlConstruct(item)) {
        const allowed = isPre ? 'only literals such as box(C) and inequalities A \\= B are allowed' : 'only literals such as box(C) are allowed';
        report.at(item.loc, `${shortTerm(item)} is not allowed in the ${place} of ${opName}: ${allowed}`);
        ok = false;
        continue;
      }
      const lit = literalOf(item, report, (a) => `argument ${shortTerm(a)} of ${shortTerm(item)} in the ${place} of ${opName} is not a constant or a variable`);
      if (!lit) {
        ok = false;
        continue;
      }
      out.push(lit);
    }
  }

  // Variables: every one must occur in a precondition literal.
  // (Variables of malformed precondition literals count too, to avoid follow-up errors;
  // without a precondition list there is nothing to check against.)
  if (!preconditionsRead) return { op: null, name, literals: [...pre, ...add, ...del] };
  const bound = new Set<string>();
  if (preT.kind === 'list') {
    for (const item of preT.items) {
      if (item.kind !== 'compound' || isControlConstruct(item)) continue;
      for (const v of shallowVars(item)) if (v.name !== '_') bound.add(v.name);
    }
  }
  const occurrences: { v: Var; where: string }[] = [];
  const collect = (t: Term, where: string): void => {
    for (const v of shallowVars(t)) occurrences.push({ v, where });
  };
  if (nameT.kind === 'compound') collect(nameT, `the name of ${opName}`);
  for (const [listT, place] of lists) {
    if (listT.kind !== 'list') continue;
    for (const item of listT.items) {
      if (item.kind === 'compound' && item.functor === '\\=' && item.args.length === 2) {
        if (place === 'precondition list') collect(item, `the inequality ${shortTerm(item)} of ${opName}`);
      } else if (place !== 'precondition list') {
        collect(item, `the ${place} of ${opName}`);
      }
    }
  }
  occurrences.sort((a, b) => a.v.loc.offset - b.v.loc.offset);
  const reported = new Set<string>();
  for (const { v, where } of occurrences) {
    if (v.name === '_') {
      report.at(v.loc, `anonymous variable _ in ${where} is not bound by its preconditions`);
      ok = false;
    } else if (!bound.has(v.name) && !reported.has(v.name)) {
      reported.add(v.name);
      report.at(v.loc, `variable ${v.name} in ${where} is not bound by its preconditions`);
      ok = false;
    }
  }

  const literals = [...pre, ...add, ...del];
  if (!ok || !name) return { op: null, name, literals };
  const singletons = singletonsOf(nameT, [preT, addT, delT], pre);
  renameAnonymous(pre, bound, nameT);
  return { op: { name, pre, neq, add, del, cost, loc: head.loc, ...(singletons ? { singletons } : {}) }, name, literals };
}

/**
 * The named variables (not `_`, not `_X`) that occur once in a well-formed
 * clause, in text order, each with its precondition literal (a variable that
 * occurs once anywhere else is not bound by the preconditions: an error).
 * One pass over the variables; undefined when there is none.
 */
function singletonsOf(nameT: Term, lists: Term[], pre: Literal[]): Singleton[] | undefined {
  const first = new Map<string, Var | null>();
  const visit = (t: Term): void => {
    for (const v of shallowVars(t)) {
      if (v.name.startsWith('_')) continue;
      first.set(v.name, first.has(v.name) ? null : v);
    }
  };
  visit(nameT);
  for (const l of lists) if (l.kind === 'list') for (const item of l.items) visit(item);
  const once = [...first.values()].filter((v): v is Var => v !== null);
  if (once.length === 0) return undefined;
  // the precondition whose text holds the variable: the last one starting before it
  const literalAt = (offset: number): Literal => {
    let lo = 0;
    let hi = pre.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (pre[mid].loc.offset <= offset) lo = mid;
      else hi = mid - 1;
    }
    return pre[lo];
  };
  return once.sort((a, b) => a.loc.offset - b.loc.offset).map((v) => ({ name: v.name, loc: v.loc, literal: literalAt(v.loc.offset) }));
}

/** The items of a proper list, or null (reported as "<what> is not a (proper) list") for anything else. */
export function listItems(t: Term, what: string, report: Reporter): Term[] | null {
  if (t.kind !== 'list') {
    report.at(t.loc, `${what} is not a list: ${shortTerm(t)}`);
    return null;
  }
  if (t.tail !== null) {
    report.at(t.tail.loc, `${what} is not a proper list: it ends in "|${shortTerm(t.tail)}"`);
    return null;
  }
  return t.items;
}

/** The literal of an atom or compound whose arguments are constants or variables; null (reported) otherwise. */
export function literalOf(t: Term, report: Reporter, badArg: (a: Term) => string): Literal | null {
  if (t.kind === 'atom') return { pred: t.name, args: [], loc: t.loc };
  if (t.kind !== 'compound') return null;
  const args: Arg[] = [];
  let ok = true;
  for (const a of t.args) {
    const arg = termToArg(a);
    if (arg) args.push(arg);
    else {
      report.at(a.loc, badArg(a));
      ok = false;
    }
  }
  return ok ? { pred: t.functor, args, loc: t.loc } : null;
}

/** Variables that are direct arguments of a compound. */
function shallowVars(t: Term): Var[] {
  if (t.kind === 'compound') return t.args.filter((a): a is Var => a.kind === 'var');
  return [];
}

/** Gives every anonymous `_` in the preconditions its own name (`_1`, `_2`, … not used elsewhere). */
function renameAnonymous(pre: Literal[], bound: Set<string>, nameT: Term): void {
  const used = new Set(bound);
  for (const v of shallowVars(nameT)) used.add(v.name);
  let k = 0;
  for (const l of pre) {
    l.args = l.args.map((a) => {
      if (a.kind !== 'var' || a.name !== '_') return a;
      let fresh: string;
      do fresh = `_${++k}`;
      while (used.has(fresh));
      return { kind: 'var', name: fresh };
    });
  }
}

// --------------------------------------------------------- whole-domain checks

/** Each predicate must have one arity; returns the first use of each. */
function checkArities(literals: Literal[], report: Reporter): Map<string, PredicateInfo> {
  const first = new Map<string, PredicateInfo>();
  const reported = new Set<string>();
  for (const l of literals) {
    const arity = l.args.length;
    const f = first.get(l.pred);
    if (!f) {
      first.set(l.pred, { name: l.pred, arity, loc: l.loc });
    } else if (f.arity !== arity && !reported.has(`${l.pred}/${arity}`)) {
      reported.add(`${l.pred}/${arity}`);
      const p = quoteAtom(l.pred);
      report.at(l.loc, `predicate ${p}/${arity} is also used as ${p}/${f.arity}`, [`first used as ${p}/${f.arity} at ${formatLoc(f.loc)}`]);
    }
  }
  return first;
}

function checkDuplicates(names: Literal[], report: Reporter): void {
  const seen = new Map<string, Loc>();
  for (const name of names) {
    const key = `${quoteAtom(name.pred)}/${name.args.length}`;
    const f = seen.get(key);
    if (f) report.at(name.loc, `duplicate operator ${key}`, [`first defined at ${formatLoc(f)}`]);
    else seen.set(key, name.loc);
  }
}
