/**
 * PDDL → planlog: a read PDDL domain and problem become an opn domain file
 * and a Prolog problem file.
 *
 * - Names go through fromPddlName (`pick-up` → `pickUp`, `truck-1` →
 *   `'truck-1'`); variables are capitalised (`?from` → `From`).
 * - Types become static unary facts: an object `a - block` is the fact
 *   `block(a)` (and one fact for each ancestor type but `object`); a
 *   parameter `?x - block` is the precondition `block(X)`, written first.
 * - An untyped parameter that no precondition mentions gets the precondition
 *   `object(X)`, and the problem the facts `object(O)` for every object.
 * - `(= ?x ?y)` and `(= ?x c)` are substituted away (the operator's name
 *   then repeats the variable or holds the constant); `(not (= a b))` is the
 *   inequality `A \= B`.
 * - With action costs every operator is opn/5; an action without an
 *   increase costs 0.
 */
import { parseDomain, Reporter } from '../lang/domain.ts';
import { parseTerm } from '../lang/parse.ts';
import { formatProblem } from '../lang/print.ts';
import { quoteAtom, type Loc } from '../model/terms.ts';
import { factKey, type Domain, type Literal, type Problem } from '../model/lifted.ts';
import { staticPredicates } from '../strips/ground.ts';
import type { PddlAction, PddlAtom, PddlDomain, PddlProblem, PddlTerm } from './model.ts';
import { fromPddlName, prologVarName, unique } from './names.ts';
import { typeChain } from './read-domain.ts';

export interface ImportedPddl {
  /** The opn domain file. */
  domainText: string;
  /** The Prolog problem file; null without a problem. */
  problemText: string | null;
}

/** File names the texts will be written to (for the generated files' own error messages). */
export interface ImportNames {
  domainFile: string;
  problemFile: string;
}

/** A PDDL domain as planlog's own: the opn text and the domain read from it, located in the PDDL file. */
export interface ImportedDomain {
  /** The opn domain text. */
  text: string;
  /**
   * The domain parsed from `text`, every location (operators, their names,
   * literals, inequalities, first uses of predicates) moved to the PDDL
   * part it came from: an action, an atom, a typed parameter (its type
   * precondition), a `(not (= …))`.
   */
  domain: Domain;
  /** The predicates import makes up: the types (static facts such as block(a)) and object. */
  generated: Set<string>;
  /** Some untyped parameter needs object(X): the problem then has object(O) for every object. */
  needsObject: boolean;
}

/**
 * The opn domain and Prolog problem texts of a PDDL domain and problem. The
 * domain text is read back by planlog's own parser before it is returned.
 * @throws PlanlogError (located in the PDDL files) for what cannot be
 * expressed: a type named like a predicate, an equality that never holds.
 */
export function importPddl(domain: PddlDomain, problem: PddlProblem | null, names: ImportNames): ImportedPddl {
  const imported = importPddlDomain(domain, names.domainFile);
  if (!problem) return { domainText: imported.text, problemText: null };
  const p = importPddlProblem(domain, imported, problem);
  const problemText = formatProblem(
    { ...p, file: names.problemFile },
    {
      header: [`Imported by planlog from ${problem.file} (PDDL problem ${problem.name}, domain ${domain.name}).`],
      staticPreds: staticPredicates(imported.domain),
    },
  );
  return { domainText: imported.text, problemText };
}

/**
 * The opn domain of a PDDL domain: its text (`textFile`: the name the text
 * is parsed under) and the domain read back from it, located in the PDDL
 * file (see ImportedDomain).
 * @throws PlanlogError (located in the PDDL file) for what cannot be expressed.
 */
export function importPddlDomain(domain: PddlDomain, textFile: string): ImportedDomain {
  const report = new Reporter(domain.file);
  const predNames = new Set([...domain.predicates.keys()].map(predText));
  for (const [t, { loc }] of domain.types) {
    if (predNames.has(predText(t))) report.at(loc, `type ${t} has the name of a predicate; planlog writes types as static facts ${predText(t)}(X), so rename one of them`);
  }
  const ops = domain.actions.map((a) => operatorOf(a, report));
  const needsObject = ops.some((o) => o.needsObject);
  if (needsObject && (predNames.has('object') || domain.types.has('object'))) {
    report.at(domain.actions.find((_, i) => ops[i].needsObject)!.loc, 'an untyped parameter that no precondition mentions needs the static facts object(X), but object is a predicate of the domain');
  }
  report.throwIfAny();

  const costs = domain.actions.some((a) => a.cost !== null);
  const header = [
    `% Imported by planlog from ${domain.file} (PDDL domain ${domain.name}).`,
    '% PDDL names: a dash before a letter capitalises it (pick-up -> pickUp); other',
    '% names with a dash are quoted. Types are static facts: an object a of type t',
    '% is the fact t(a), a parameter ?x - t the precondition t(X).',
    '',
  ];
  const out = new Located(`${header.join('\n')}\n`);
  ops.forEach((o, i) => {
    if (i > 0) out.put('\n\n');
    formatOperator(out, o, costs);
  });
  out.put('\n');
  const parsed = parseDomain(out.text, textFile);
  const generated = new Set([...domain.types.keys()].map(predText));
  if (needsObject) generated.add('object');
  return { text: out.text, domain: out.relocate(parsed, domain.file), generated, needsObject };
}

/**
 * The problem of a PDDL problem for an imported domain, located in the PDDL
 * problem file: the type facts of every constant and object (at its
 * declaration; object(O) too when the domain needs them), the initial
 * atoms, the goal atoms; duplicate facts dropped.
 */
export function importPddlProblem(domain: PddlDomain, imported: Pick<ImportedDomain, 'needsObject'>, problem: PddlProblem): Problem {
  const init: Literal[] = [];
  for (const o of [...domain.constants, ...problem.objects]) {
    for (const t of typeChain(domain, o.type)) init.push(literal(t, [o.name], o.loc));
    if (imported.needsObject) init.push(literal('object', [o.name], o.loc));
  }
  for (const f of problem.init) init.push(groundLiteral(f));
  return { file: problem.file, init: dedupe(init), goal: dedupe(problem.goal.map(groundLiteral)) };
}

function dedupe(facts: Literal[]): Literal[] {
  const seen = new Set<string>();
  return facts.filter((f) => {
    const k = factKey(f);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** The Prolog atom name of a PDDL predicate, type or action name. */
function predText(pddl: string): string {
  const text = fromPddlName(pddl);
  if (/^[a-z][a-zA-Z0-9_]*$/.test(text)) return text; // a plain atom is its own name (no parse per fact)
  const t = parseTerm(text, '<name>');
  return t.kind === 'atom' ? t.name : text;
}

function literal(pred: string, args: string[], loc: Loc): Literal {
  return { pred: predText(pred), args: args.map((a) => ({ kind: 'const', value: fromPddlName(a) })), loc };
}

function groundLiteral(a: PddlAtom): Literal {
  return literal(a.pred, a.args.map((t) => t.name), a.loc);
}

/** A piece of an operator's text and the PDDL part it came from. */
interface Item {
  text: string;
  loc: Loc;
}

interface Operator {
  name: Item;
  pre: Item[];
  add: Item[];
  del: Item[];
  cost: number;
  needsObject: boolean;
  loc: Loc;
}

/** The operator of an action, as Prolog texts each with its PDDL part; equalities substituted away. */
function operatorOf(a: PddlAction, report: Reporter): Operator {
  const subst = substitution(a, report);
  const used = new Set<string>();
  const varText = new Map(a.params.map((p) => [p.name, unique(prologVarName(p.name), used)]));
  /** A term after the substitution: a Prolog variable or constant. */
  const term = (t: PddlTerm): { text: string; isVar: boolean } => {
    const r = t.kind === 'var' ? (subst.get(t.name) ?? t) : t;
    return r.kind === 'var' ? { text: varText.get(r.name)!, isVar: true } : { text: fromPddlName(r.name), isVar: false };
  };
  const param = (name: string): PddlTerm => ({ kind: 'var', name, loc: a.loc });
  const bound = new Set<string>();
  const atom = (pred: string, args: PddlTerm[], loc: Loc, binds = false): Item => {
    const ts = args.map(term);
    if (binds) for (const t of ts) if (t.isVar) bound.add(t.text);
    return { text: `${quoteAtom(predText(pred))}${ts.length > 0 ? `(${ts.map((t) => t.text).join(', ')})` : ''}`, loc };
  };

  const params = a.params.map((p) => ({ ...term(param(p.name)), loc: p.loc }));
  const pre = [
    ...a.params.filter((p) => p.type !== 'object').map((p) => atom(p.type, [param(p.name)], p.loc, true)),
    ...a.pre.map((x) => atom(x.pred, x.args, x.loc, true)),
  ];
  const unbound = new Map<string, Loc>();
  for (const p of params) if (p.isVar && !bound.has(p.text) && !unbound.has(p.text)) unbound.set(p.text, p.loc);
  for (const [v, loc] of unbound) pre.push({ text: `object(${v})`, loc });
  for (const e of a.equalities.filter((x) => !x.equal)) {
    const [l, r] = [term(e.left), term(e.right)];
    if (l.text === r.text) report.at(e.loc, `(not (= …)) in action ${a.name} compares ${l.text} with itself (after the equalities), so the action never applies`);
    else if (l.isVar || r.isVar) pre.push({ text: `${l.text} \\= ${r.text}`, loc: e.loc });
  }
  const seen = new Set<string>();
  return {
    name: { text: `${quoteAtom(predText(a.name))}${params.length > 0 ? `(${params.map((p) => p.text).join(', ')})` : ''}`, loc: a.loc },
    pre: pre.filter((x) => !seen.has(x.text) && seen.add(x.text)),
    add: a.add.map((x) => atom(x.pred, x.args, x.loc)),
    del: a.del.map((x) => atom(x.pred, x.args, x.loc)),
    cost: a.cost ?? 0,
    needsObject: unbound.size > 0,
    loc: a.loc,
  };
}

/** Each parameter's replacement under the action's positive equalities (a name, or a representative parameter). */
function substitution(a: PddlAction, report: Reporter): Map<string, PddlTerm> {
  const key = (t: PddlTerm): string => `${t.kind}:${t.name}`;
  const parent = new Map<string, PddlTerm>();
  const find = (t: PddlTerm): PddlTerm => {
    let r = t;
    for (let p = parent.get(key(r)); p; p = parent.get(key(r))) r = p;
    return r;
  };
  for (const e of a.equalities.filter((x) => x.equal)) {
    const [l, r] = [find(e.left), find(e.right)];
    if (key(l) === key(r)) continue;
    if (l.kind === 'name' && r.kind === 'name') {
      report.at(e.loc, `(= …) in action ${a.name} equates the different objects ${l.name} and ${r.name}, so the action never applies`);
      continue;
    }
    // a name stays the representative; of two variables, the earlier parameter
    const order = (t: PddlTerm): number => (t.kind === 'name' ? -1 : a.params.findIndex((p) => p.name === t.name));
    const [keep, drop] = order(l) <= order(r) ? [l, r] : [r, l];
    parent.set(key(drop), keep);
  }
  return new Map(a.params.map((p) => [p.name, find({ kind: 'var', name: p.name, loc: p.loc })]));
}

function formatOperator(out: Located, o: Operator, costs: boolean): void {
  const list = (xs: Item[]): void => {
    out.put('[');
    xs.forEach((x, i) => out.put(i > 0 ? ', ' : '').item(x));
    out.put(']');
  };
  out.item({ text: 'opn(', loc: o.loc }).item(o.name).put(',\n    ');
  list(o.pre);
  out.put(',\n    ');
  list(o.add);
  out.put(',\n    ');
  list(o.del);
  out.put(`${costs ? `,\n    ${o.cost}` : ''}).`);
}

/** A text built piece by piece, with the PDDL location of each located piece by its offset. */
class Located {
  private readonly places = new Map<number, Loc>();

  constructor(public text: string) {}

  put(s: string): this {
    this.text += s;
    return this;
  }

  /** Appends a piece; a term parsed from it starts at its offset, and is moved to its location. */
  item(x: Item): this {
    this.places.set(this.text.length, x.loc);
    return this.put(x.text);
  }

  /** The domain parsed from the text, named `file`, every location moved to the PDDL part it came from. */
  relocate(domain: Domain, file: string): Domain {
    const move = (loc: Loc): Loc => {
      const to = this.places.get(loc.offset);
      if (!to) throw new Error(`internal error: no PDDL place for ${file} (as opn) offset ${loc.offset}`);
      return to;
    };
    const literal = (l: Literal): Literal => ({ ...l, loc: move(l.loc) });
    const operators = domain.operators.map((op) => ({
      ...op,
      name: literal(op.name),
      pre: op.pre.map(literal),
      neq: op.neq.map((n) => ({ ...n, loc: move(n.loc) })),
      add: op.add.map(literal),
      del: op.del.map(literal),
      loc: move(op.loc),
    }));
    const predicates = new Map([...domain.predicates].map(([k, info]) => [k, { ...info, loc: move(info.loc) }]));
    return { file, operators, predicates };
  }
}
