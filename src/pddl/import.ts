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
import { staticPredicates } from '../strips/ground.ts';
import type { Literal, Problem } from '../model/lifted.ts';
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

/**
 * The opn domain and Prolog problem texts of a PDDL domain and problem. The
 * domain text is read back by planlog's own parser before it is returned.
 * @throws PlanlogError (located in the PDDL files) for what cannot be
 * expressed: a type named like a predicate, an equality that never holds.
 */
export function importPddl(domain: PddlDomain, problem: PddlProblem | null, names: ImportNames): ImportedPddl {
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
  const domainText = `${header.join('\n')}\n${ops.map((o) => formatOperator(o, costs)).join('\n\n')}\n`;
  const parsed = parseDomain(domainText, names.domainFile);
  if (!problem) return { domainText, problemText: null };

  const init: Literal[] = [];
  for (const o of [...domain.constants, ...problem.objects]) {
    for (const t of typeChain(domain, o.type)) init.push(literal(t, [o.name], o.loc));
    if (needsObject) init.push(literal('object', [o.name], o.loc));
  }
  for (const f of problem.init) init.push(groundLiteral(f));
  const imported: Problem = { file: names.problemFile, init, goal: problem.goal.map(groundLiteral) };
  const problemText = formatProblem(imported, {
    header: [`Imported by planlog from ${problem.file} (PDDL problem ${problem.name}, domain ${domain.name}).`],
    staticPreds: staticPredicates(parsed),
  });
  return { domainText, problemText };
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

interface Operator {
  name: string;
  pre: string[];
  add: string[];
  del: string[];
  cost: number;
  needsObject: boolean;
}

/** The operator of an action, as Prolog texts; equalities substituted away. */
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
  const atom = (pred: string, args: PddlTerm[], binds = false): string => {
    const ts = args.map(term);
    if (binds) for (const t of ts) if (t.isVar) bound.add(t.text);
    return `${quoteAtom(predText(pred))}${ts.length > 0 ? `(${ts.map((t) => t.text).join(', ')})` : ''}`;
  };

  const params = a.params.map((p) => term(param(p.name)));
  const pre = [
    ...a.params.filter((p) => p.type !== 'object').map((p) => atom(p.type, [param(p.name)], true)),
    ...a.pre.map((x) => atom(x.pred, x.args, true)),
  ];
  const unbound = [...new Set(params.filter((p) => p.isVar && !bound.has(p.text)).map((p) => p.text))];
  pre.push(...unbound.map((v) => `object(${v})`));
  for (const e of a.equalities.filter((x) => !x.equal)) {
    const [l, r] = [term(e.left), term(e.right)];
    if (l.text === r.text) report.at(e.loc, `(not (= …)) in action ${a.name} compares ${l.text} with itself (after the equalities), so the action never applies`);
    else if (l.isVar || r.isVar) pre.push(`${l.text} \\= ${r.text}`);
  }
  return {
    name: `${quoteAtom(predText(a.name))}${params.length > 0 ? `(${params.map((p) => p.text).join(', ')})` : ''}`,
    pre: [...new Set(pre)],
    add: a.add.map((x) => atom(x.pred, x.args)),
    del: a.del.map((x) => atom(x.pred, x.args)),
    cost: a.cost ?? 0,
    needsObject: unbound.length > 0,
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

function formatOperator(o: Operator, costs: boolean): string {
  const list = (xs: string[]): string => `[${xs.join(', ')}]`;
  return `opn(${o.name},\n    ${list(o.pre)},\n    ${list(o.add)},\n    ${list(o.del)}${costs ? `,\n    ${o.cost}` : ''}).`;
}
