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
 * - Negative preconditions (and negative goals) are compiled away: a
 *   predicate p that occurs negated gets a complement `not-p` (notP in
 *   Prolog; a number is added when the name is taken) that holds exactly
 *   when p does not. `(not (p ?x))` is the precondition notP(X); an action
 *   that adds p(…) deletes notP(…), one that deletes p(…) adds notP(…)
 *   (unless it also adds that same p(…): add wins, as everywhere in
 *   planlog); the problem holds notP(…) for every tuple of objects the
 *   negations can name that init does not hold in p. An action that could
 *   add and delete one atom of p in a step through different arguments
 *   (add wins: p stays true, and so would notP) is refused unless its
 *   precondition, its types or the problem's static facts rule that out.
 */
import { parseDomain, Reporter } from '../lang/domain.ts';
import { parseTerm } from '../lang/parse.ts';
import { formatLoc, formatProblem } from '../lang/print.ts';
import { quoteAtom, type Loc } from '../model/terms.ts';
import { dedupeFacts, type Domain, type Literal, type Problem } from '../model/lifted.ts';
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
  /**
   * The predicates import makes up: the types (static facts such as
   * block(a)), object and the complements; also a predicate that only
   * negated preconditions read (the linter sees its init facts unread).
   */
  generated: Set<string>;
  /** Some untyped parameter needs object(X): the problem then has object(O) for every object. */
  needsObject: boolean;
  /** The complements of the predicates that occur negated, in the order of the domain's :predicates. */
  complements: Complement[];
}

/** A predicate that occurs negated (in a precondition or in the goal) and its complement. */
export interface Complement {
  /** The PDDL predicate p. */
  pred: string;
  /** The complement's PDDL name: not-p (not-p2, … when that is taken). */
  name: string;
  /** Its Prolog name: notP. */
  prolog: string;
  /** The first `(not (p …))`. */
  loc: Loc;
}

/** Complement facts a problem may get, summed over the predicates; more is an error. */
const MAX_COMPLEMENT_FACTS = 1_000_000;

/**
 * The opn domain and Prolog problem texts of a PDDL domain and problem. The
 * domain text is read back by planlog's own parser before it is returned.
 * @throws PlanlogError (located in the PDDL files) for what cannot be
 * expressed: a type named like a predicate, an equality that never holds.
 */
export function importPddl(domain: PddlDomain, problem: PddlProblem | null, names: ImportNames): ImportedPddl {
  const imported = importPddlDomain(domain, names.domainFile, problem);
  if (!problem) return { domainText: imported.text, problemText: null };
  const p = importPddlProblem(domain, imported, problem);
  const header = [`Imported by planlog from ${problem.file} (PDDL problem ${problem.name}, domain ${domain.name}).`];
  for (const c of imported.complements) {
    const n = p.init.filter((l) => l.pred === c.prolog).length;
    header.push(`${n} ${quoteAtom(c.prolog)} fact${n === 1 ? '' : 's'}: the ${c.pred} atoms false initially (negative preconditions compiled away).`);
  }
  const problemText = formatProblem({ ...p, file: names.problemFile }, { header, staticPreds: staticPredicates(imported.domain) });
  return { domainText: imported.text, problemText };
}

/**
 * The opn domain of a PDDL domain: its text (`textFile`: the name the text
 * is parsed under) and the domain read back from it, located in the PDDL
 * file (see ImportedDomain). With the problem it will be solved with, a
 * predicate only its goal negates gets its complement too.
 * @throws PlanlogError (located in the PDDL file) for what cannot be expressed.
 */
export function importPddlDomain(domain: PddlDomain, textFile: string, problem: PddlProblem | null = null): ImportedDomain {
  const report = new Reporter(domain.file);
  const predNames = new Set([...domain.predicates.keys()].map(predText));
  for (const [t, { loc }] of domain.types) {
    if (predNames.has(predText(t))) report.at(loc, `type ${t} has the name of a predicate; planlog writes types as static facts ${predText(t)}(X), so rename one of them`);
  }
  const complements = complementsOf(domain, problem);
  const byPred = new Map(complements.map((c) => [c.pred, c]));
  const ops = domain.actions.map((a) => operatorOf(a, byPred, report));
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
    ...complementHeader(complements, domain),
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
  // the complements; and a predicate read only negated: its init facts are used (they leave out complement facts), which the linter cannot see
  const readPositively = new Set(domain.actions.flatMap((a) => a.pre.map((x) => x.pred)));
  for (const c of complements) {
    generated.add(c.prolog);
    if (!readPositively.has(c.pred)) generated.add(predText(c.pred));
  }
  return { text: out.text, domain: out.relocate(parsed, domain.file), generated, needsObject, complements };
}

/**
 * The predicates that occur negated in a precondition or in the goal of
 * `problem`, in the order of :predicates, each with its complement's name:
 * not-p, made unique against the domain's predicates, types and actions.
 */
function complementsOf(domain: PddlDomain, problem: PddlProblem | null): Complement[] {
  const negated = new Map<string, Loc>();
  for (const n of [...domain.actions.flatMap((a) => a.negPre), ...(problem?.negGoal ?? [])]) if (!negated.has(n.pred)) negated.set(n.pred, n.loc);
  const used = new Set([...domain.predicates.keys(), ...domain.types.keys(), 'object', ...domain.actions.map((a) => a.name)]);
  return [...domain.predicates.keys()]
    .filter((p) => negated.has(p))
    .map((pred) => {
      const name = unique(`not-${pred}`, used);
      return { pred, name, prolog: predText(name), loc: negated.get(pred)! };
    });
}

/** The domain header's lines on the complements (none without). */
function complementHeader(complements: Complement[], domain: PddlDomain): string[] {
  if (complements.length === 0) return [];
  const out = [
    '% Negative preconditions compiled away: each complement below holds exactly when',
    '% its atom does not. An action that adds the atom deletes the complement, one',
    '% that deletes it adds the complement; the problem lists the complement of every',
    '% atom false initially (over the objects of the types the negations name).',
  ];
  for (const c of complements) {
    const arity = domain.predicates.get(c.pred)!.params.length;
    out.push(`%   (not (${c.pred}${arity > 0 ? ' …' : ''})) is ${quoteAtom(c.prolog)}/${arity}`);
  }
  return out;
}

/**
 * The problem of a PDDL problem for an imported domain, located in the PDDL
 * problem file: the type facts of every constant and object (at its
 * declaration; object(O) too when the domain needs them), the initial
 * atoms, the goal atoms; duplicate facts dropped.
 */
export function importPddlProblem(domain: PddlDomain, imported: Pick<ImportedDomain, 'needsObject' | 'complements'>, problem: PddlProblem): Problem {
  const init: Literal[] = [];
  for (const o of [...domain.constants, ...problem.objects]) {
    for (const t of typeChain(domain, o.type)) init.push(literal(t, [o.name], o.loc));
    if (imported.needsObject) init.push(literal('object', [o.name], o.loc));
  }
  for (const f of problem.init) init.push(groundLiteral(f));
  const byPred = new Map(imported.complements.map((c) => [c.pred, c]));
  if (byPred.size > 0) checkConflicts(domain, problem, byPred);
  const goal = problem.goal.map(groundLiteral);
  for (const g of problem.negGoal) {
    const c = byPred.get(g.pred);
    if (!c) throw new Error(`internal error: the negative goal on ${g.pred} has no complement (import the domain with its problem)`);
    goal.push(literal(c.name, g.args.map((t) => t.name), g.loc));
  }
  // the complement facts are all different, and their predicates new: no dedupe (they can be most of the facts)
  const all = dedupeFacts(init);
  for (const f of complementInit(domain, problem, imported.complements)) all.push(f);
  return { file: problem.file, init: all, goal: dedupeFacts(goal) };
}

/**
 * The complement facts of the initial state, located at the problem's
 * `(:init`: notP(t) for every tuple t that the negations of p can name and
 * that init does not hold in p. Position i of p ranges over the objects of
 * the types at position i of p's negations (a parameter's type, or the
 * named object itself): every atom a precondition or the goal can ask
 * about.
 * @throws PlanlogError at `(:init` when there would be more than MAX_COMPLEMENT_FACTS.
 */
function complementInit(domain: PddlDomain, problem: PddlProblem, complements: readonly Complement[]): Literal[] {
  const all = [...domain.constants, ...problem.objects];
  const ofType = new Map<string, Set<string>>();
  const objectsOf = (type: string): Set<string> => {
    let set = ofType.get(type);
    if (!set) ofType.set(type, (set = new Set(all.filter((o) => type === 'object' || typeChain(domain, o.type).includes(type)).map((o) => o.name))));
    return set;
  };
  const columns = complements.map((c) => {
    const arity = domain.predicates.get(c.pred)!.params.length;
    const named = Array.from({ length: arity }, () => new Set<string>());
    const add = (i: number, names: Iterable<string>): void => {
      for (const n of names) named[i].add(n);
    };
    for (const a of domain.actions) {
      const typeOf = new Map(a.params.map((p) => [p.name, p.type]));
      for (const n of a.negPre) if (n.pred === c.pred) n.args.forEach((t, i) => add(i, t.kind === 'var' ? objectsOf(typeOf.get(t.name)!) : [t.name]));
    }
    for (const g of problem.negGoal) if (g.pred === c.pred) g.args.forEach((t, i) => add(i, [t.name]));
    // in the order the objects are declared
    return named.map((set) => all.filter((o) => set.has(o.name)).map((o) => ({ name: o.name, arg: { kind: 'const' as const, value: fromPddlName(o.name) } })));
  });
  const total = columns.reduce((sum, cols) => sum + cols.reduce((n, col) => n * col.length, 1), 0);
  if (total > MAX_COMPLEMENT_FACTS) {
    const sizes = complements.map((c, i) => `${quoteAtom(c.prolog)} ${columns[i].map((col) => col.length).join(' × ')}`).join(', ');
    const report = new Reporter(problem.file);
    report.at(problem.initLoc, `the negative preconditions need ${total.toLocaleString('en')} complement facts for these objects (${sizes}), more than planlog makes (${MAX_COMPLEMENT_FACTS.toLocaleString('en')})`);
    report.throwIfAny();
  }
  const out: Literal[] = [];
  const SEP = '\u0000';
  complements.forEach((c, k) => {
    // the atoms of p that init holds, as their PDDL argument names joined
    const holds = new Set(problem.init.filter((f) => f.pred === c.pred).map((f) => f.args.map((t) => `${SEP}${t.name}`).join('')));
    const cols = columns[k];
    const tuple: Literal['args'] = [];
    const walk = (i: number, key: string): void => {
      if (i === cols.length) {
        if (!holds.has(key)) out.push({ pred: c.prolog, args: tuple.slice(), loc: problem.initLoc });
        return;
      }
      for (const v of cols[i]) {
        tuple.push(v.arg);
        walk(i + 1, `${key}${SEP}${v.name}`);
        tuple.pop();
      }
    };
    walk(0, '');
  });
  return out;
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

/**
 * The operator of an action, as Prolog texts each with its PDDL part;
 * equalities substituted away, negated atoms as their complements.
 */
function operatorOf(a: PddlAction, complements: ReadonlyMap<string, Complement>, report: Reporter): Operator {
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
    // after the positive ones, which bind the variables first
    ...a.negPre.map((x) => atom(complements.get(x.pred)!.name, x.args, x.loc, true)),
  ];
  const unbound = new Map<string, Loc>();
  for (const p of params) if (p.isVar && !bound.has(p.text) && !unbound.has(p.text)) unbound.set(p.text, p.loc);
  for (const [v, loc] of unbound) pre.push({ text: `object(${v})`, loc });
  for (const e of a.equalities.filter((x) => !x.equal)) {
    const [l, r] = [term(e.left), term(e.right)];
    if (l.text === r.text) report.at(e.loc, `(not (= …)) in action ${a.name} compares ${l.text} with itself (after the equalities), so the action never applies`);
    else if (l.isVar || r.isVar) pre.push({ text: `${l.text} \\= ${r.text}`, loc: e.loc });
  }
  const add = a.add.map((x) => atom(x.pred, x.args, x.loc));
  const del = a.del.map((x) => atom(x.pred, x.args, x.loc));
  // the complements in step: adding p deletes notP; deleting p adds notP, unless the action adds that same p (add wins)
  const added = new Set(add.map((x) => x.text));
  for (const x of a.add) {
    const c = complements.get(x.pred);
    if (c) del.push(atom(c.name, x.args, x.loc));
  }
  for (const x of a.del) {
    const c = complements.get(x.pred);
    if (c && !added.has(atom(x.pred, x.args, x.loc).text)) add.push(atom(c.name, x.args, x.loc));
  }
  const seen = new Set<string>();
  return {
    name: { text: `${quoteAtom(predText(a.name))}${params.length > 0 ? `(${params.map((p) => p.text).join(', ')})` : ''}`, loc: a.loc },
    pre: pre.filter((x) => !seen.has(x.text) && seen.add(x.text)),
    add,
    del,
    cost: a.cost ?? 0,
    needsObject: unbound.size > 0,
    loc: a.loc,
  };
}

/** A PDDL term's text as written: `?x` or a name. */
const termText = (t: PddlTerm): string => (t.kind === 'var' ? `?${t.name}` : t.name);
const atomText = (a: PddlAtom): string => `(${[a.pred, ...a.args.map(termText)].join(' ')})`;

/**
 * Refuses an action that can add p(…) and delete p(…) of a complemented p
 * in one step with arguments that differ as written but can be the same
 * objects: PDDL then keeps the atom (add wins), and notP would be kept too.
 * It is fine when that case never applies: the arguments are different
 * constants or of unrelated types, an inequality or a precondition pair
 * p(…) and (not (p …)) rules it out, or a precondition on a static
 * predicate has no init fact with those arguments equal.
 * @throws PlanlogError located at the added atom, with a note at the first negation.
 */
function checkConflicts(domain: PddlDomain, problem: PddlProblem, complements: ReadonlyMap<string, Complement>): void {
  const report = new Reporter(domain.file);
  const changed = new Set(domain.actions.flatMap((a) => [...a.add, ...a.del].map((x) => x.pred)));
  const typeOfName = new Map([...domain.constants, ...problem.objects].map((o) => [o.name, o.type]));
  const initOf = new Map<string, PddlAtom[]>();
  for (const f of problem.init) {
    const list = initOf.get(f.pred);
    if (list) list.push(f);
    else initOf.set(f.pred, [f]);
  }
  for (const a of domain.actions) {
    const base = classes();
    for (const e of a.equalities) if (e.equal) base.union(termText(e.left), termText(e.right));
    for (const x of a.add) {
      const c = complements.get(x.pred);
      if (!c) continue;
      for (const y of a.del) {
        if (y.pred !== x.pred || x.args.every((t, i) => base.find(termText(t)) === base.find(termText(y.args[i])))) continue;
        const same = base.copy();
        x.args.forEach((t, i) => same.union(termText(t), termText(y.args[i])));
        if (neverSame(a, same, domain, typeOfName) || staticRulesOut(a, same, changed, initOf)) continue;
        const pairs = x.args.map((t, i) => [termText(t), termText(y.args[i])]).filter(([l, r]) => base.find(l) !== base.find(r));
        const fix = pairs.length === 1 ? `add (not (= ${pairs[0][0]} ${pairs[0][1]})) to the precondition of ${a.name} if they must differ` : `make the two atoms differ in the precondition of ${a.name}`;
        report.at(
          x.loc,
          `action ${a.name} adds ${atomText(x)} and deletes ${atomText(y)}, the same atom when ${pairs.map(([l, r]) => `${l} = ${r}`).join(' and ')}: PDDL then keeps it true (add wins), but its complement ${quoteAtom(c.prolog)}, which planlog uses for (not (${c.pred} …)), would stay true as well; ${fix}`,
          [`${c.pred} is negated at ${formatLoc(c.loc)}`],
        );
      }
    }
  }
  report.throwIfAny();
}

/** True when the terms made equal in `same` cannot be the same objects in action `a`, or its precondition then contradicts itself. */
function neverSame(a: PddlAction, same: Classes, domain: PddlDomain, typeOfName: ReadonlyMap<string, string>): boolean {
  const classes = new Map<string, { names: Set<string>; types: Set<string> }>();
  const member = (key: string, type: string, isName: boolean): void => {
    const r = same.find(key);
    let c = classes.get(r);
    if (!c) classes.set(r, (c = { names: new Set(), types: new Set() }));
    if (isName) c.names.add(key);
    c.types.add(type);
  };
  for (const p of a.params) member(`?${p.name}`, p.type, false);
  for (const key of same.keys()) if (!key.startsWith('?')) member(key, typeOfName.get(key) ?? 'object', true);
  const below = (t: string, u: string): boolean => u === 'object' || t === u || typeChain(domain, t).includes(u);
  for (const { names, types } of classes.values()) {
    if (names.size > 1) return true;
    // one object has one type: one of them (a name's own) lies below all the others
    const candidates = names.size === 1 ? [typeOfName.get([...names][0]) ?? 'object'] : [...types];
    if (!candidates.some((t) => [...types].every((u) => below(t, u)))) return true;
  }
  const key = (x: PddlAtom): string => `${x.pred}(${x.args.map((t) => same.find(termText(t))).join(',')})`;
  if (a.equalities.some((e) => !e.equal && same.find(termText(e.left)) === same.find(termText(e.right)))) return true;
  const positive = new Set(a.pre.map(key));
  return a.negPre.some((n) => positive.has(key(n)));
}

/** True when a precondition of `a` on a predicate no action changes has no init fact that fits the equal terms of `same`. */
function staticRulesOut(a: PddlAction, same: Classes, changed: ReadonlySet<string>, initOf: ReadonlyMap<string, PddlAtom[]>): boolean {
  return a.pre.some((x) => {
    if (changed.has(x.pred)) return false;
    return !(initOf.get(x.pred) ?? []).some((f) => {
      const value = new Map<string, string>();
      return x.args.every((t, i) => {
        const r = same.find(termText(t));
        const v = f.args[i].name;
        if (!r.startsWith('?') && r !== v) return false;
        if (value.has(r)) return value.get(r) === v;
        value.set(r, v);
        return true;
      });
    });
  });
}

/** Union-find over terms by their key; `stays(a, b)`: whether a's representative stays when the classes of a and b join. */
class UnionFind<T> {
  private readonly parent = new Map<string, T>();

  constructor(
    private readonly key: (t: T) => string,
    private readonly stays: (a: T, b: T) => boolean,
  ) {}

  find(t: T): T {
    let r = t;
    for (let p = this.parent.get(this.key(r)); p !== undefined; p = this.parent.get(this.key(r))) r = p;
    return r;
  }

  union(a: T, b: T): void {
    const [x, y] = [this.find(a), this.find(b)];
    if (this.key(x) === this.key(y)) return;
    if (this.stays(x, y)) this.parent.set(this.key(y), x);
    else this.parent.set(this.key(x), y);
  }

  /** The key of every term that was ever joined. */
  keys(): string[] {
    return [...new Set([...this.parent.keys(), ...[...this.parent.values()].map(this.key)])];
  }

  copy(): UnionFind<T> {
    const c = new UnionFind(this.key, this.stays);
    for (const [k, v] of this.parent) c.parent.set(k, v);
    return c;
  }
}

/** Term texts (`?x`, names) in classes; a class holding a name has it as its representative (two names: the class is contradictory, noticed through its names). */
type Classes = UnionFind<string>;
const classes = (): Classes => new UnionFind<string>((t) => t, (_, y) => y.startsWith('?'));

/** Each parameter's replacement under the action's positive equalities (a name, or a representative parameter). */
function substitution(a: PddlAction, report: Reporter): Map<string, PddlTerm> {
  // a name stays the representative; of two variables, the earlier parameter
  const order = (t: PddlTerm): number => (t.kind === 'name' ? -1 : a.params.findIndex((p) => p.name === t.name));
  const same = new UnionFind<PddlTerm>((t) => `${t.kind}:${t.name}`, (l, r) => order(l) <= order(r));
  for (const e of a.equalities.filter((x) => x.equal)) {
    const [l, r] = [same.find(e.left), same.find(e.right)];
    if (l.kind === 'name' && r.kind === 'name' && l.name !== r.name) {
      report.at(e.loc, `(= …) in action ${a.name} equates the different objects ${l.name} and ${r.name}, so the action never applies`);
      continue;
    }
    same.union(l, r);
  }
  return new Map(a.params.map((p) => [p.name, same.find({ kind: 'var', name: p.name, loc: p.loc })]));
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
