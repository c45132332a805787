/**
 * Pieces shared by the PDDL domain and problem readers: the `define` form,
 * names, typed lists and atoms. Problems are reported to a Reporter (every
 * one located) so that a reader can go on and report them all together.
 */
import type { Reporter } from '../lang/domain.ts';
import type { Loc } from '../model/terms.ts';
import type { PddlAtom, PddlPredicate, PddlTerm, TypedName } from './model.ts';
import { pddlNamePattern } from './names.ts';
import { readSExprs, showSExpr, type SAtom, type SExpr, type SList } from './sexpr.ts';

/** The head word of a list, lowercased (`and`, `:action`, a predicate), or null. */
export function head(e: SExpr): string | null {
  return e.kind === 'list' && e.items.length > 0 && e.items[0].kind === 'atom' ? e.items[0].text : null;
}

/**
 * Reads `(define (KIND name) section…)`, the only top-level form of a PDDL
 * file. Returns null (reported) when the text is not that form.
 */
export function readDefine(text: string, file: string, kind: 'domain' | 'problem', report: Reporter): { name: string; sections: SList[]; loc: Loc } | null {
  const top = readSExprs(text, file);
  if (top.length === 0) {
    report.fileLevel(`the file holds no PDDL; expected (define (${kind} NAME) …)`);
    return null;
  }
  const [def, ...extra] = top;
  for (const e of extra) report.at(e.loc, `unexpected ${showSExpr(e)} after the define form`);
  if (head(def) !== 'define' || def.kind !== 'list') {
    report.at(def.loc, `expected (define (${kind} NAME) …), found ${showSExpr(def)}`);
    return null;
  }
  const what = def.items[1];
  if (!what || head(what) !== kind || what.kind !== 'list' || what.items.length !== 2) {
    report.at(what?.loc ?? def.loc, `expected (${kind} NAME) after define${what ? `, found ${showSExpr(what)}` : ''}`);
    return null;
  }
  const name = readName(what.items[1], `the ${kind} name`, report) ?? kind;
  const sections: SList[] = [];
  for (const s of def.items.slice(2)) {
    if (s.kind === 'list' && head(s)?.startsWith(':')) sections.push(s);
    else report.at(s.loc, `expected a section such as (:${kind === 'domain' ? 'action' : 'init'} …), found ${showSExpr(s)}`);
  }
  return { name, sections, loc: def.loc };
}

/** A lowercased PDDL name; null (reported) when `e` is not one. */
export function readName(e: SExpr | undefined, what: string, report: Reporter, at?: Loc): string | null {
  if (!e) {
    if (at) report.at(at, `${what} is missing`);
    return null;
  }
  if (e.kind !== 'atom' || !pddlNamePattern.test(e.text)) {
    report.at(e.loc, `${what} must be a name (a letter, then letters, digits, - or _), found ${showSExpr(e)}`);
    return null;
  }
  return e.text;
}

/**
 * A typed list `a b - t c` (names, or variables `?x` when `vars`): every name
 * with its type, `object` when untyped. `(either …)` types are reported.
 */
export function readTypedList(items: readonly SExpr[], vars: boolean, what: string, report: Reporter): TypedName[] {
  const out: TypedName[] = [];
  let pending: SAtom[] = [];
  for (let i = 0; i < items.length; i++) {
    const e = items[i];
    if (e.kind === 'atom' && e.text === '-') {
      const t = items[i + 1];
      i++;
      let type: string | null = null;
      if (t === undefined) report.at(e.loc, `expected a type after "-" in ${what}`);
      else if (head(t) === 'either') report.at(t.loc, `(either …) types are not supported: give each name one type`);
      else type = readName(t, `a type in ${what}`, report);
      for (const p of pending) out.push({ name: p.text.slice(vars ? 1 : 0), type: type ?? 'object', loc: p.loc });
      pending = [];
      continue;
    }
    if (e.kind === 'atom' && (vars ? e.text.startsWith('?') && pddlNamePattern.test(e.text.slice(1)) : pddlNamePattern.test(e.text))) {
      pending.push(e);
      continue;
    }
    report.at(e.loc, `expected ${vars ? 'a variable ?name' : 'a name'} or "-" in ${what}, found ${showSExpr(e)}`);
  }
  for (const p of pending) out.push({ name: p.text.slice(vars ? 1 : 0), type: 'object', loc: p.loc });
  return out;
}

/** How the terms of an atom are resolved: variables must be declared, names must be known constants. */
export interface TermScope {
  /** What the atom is part of, for messages: "the precondition of pick". */
  where: string;
  vars: Set<string> | null;
  names: Set<string>;
  /** What to declare an unknown name in: ":constants" or ":objects". */
  declareIn: string;
}

/**
 * An atomic formula `(pred arg…)` over declared predicates; null (reported)
 * when the predicate is unknown, the arity is wrong or an argument is not
 * a declared variable or name.
 */
export function readAtom(e: SList, predicates: Map<string, PddlPredicate>, scope: TermScope, report: Reporter): PddlAtom | null {
  const [p, ...args] = e.items;
  const pred = readName(p, `the predicate in ${scope.where}`, report, e.loc);
  if (pred === null) return null;
  const decl = predicates.get(pred);
  if (!decl) {
    report.at(p.loc, `undeclared predicate ${pred} in ${scope.where}`);
    return null;
  }
  if (decl.params.length !== args.length) {
    report.at(e.loc, `predicate ${pred} takes ${decl.params.length} argument${decl.params.length === 1 ? '' : 's'}, found ${args.length} in ${scope.where}`);
    return null;
  }
  const terms = args.map((a) => readTerm(a, scope, report));
  return terms.every((t): t is PddlTerm => t !== null) ? { pred, args: terms, loc: e.loc } : null;
}

/** A variable `?x` declared in the scope, or a known name; null (reported) otherwise. */
export function readTerm(e: SExpr, scope: TermScope, report: Reporter): PddlTerm | null {
  if (e.kind === 'atom' && e.text.startsWith('?')) {
    const name = e.text.slice(1);
    if (scope.vars === null) report.at(e.loc, `${e.raw} in ${scope.where}: a variable is not allowed here`);
    else if (!scope.vars.has(name)) report.at(e.loc, `unknown variable ${e.raw} in ${scope.where} (not a parameter)`);
    else return { kind: 'var', name, loc: e.loc };
    return null;
  }
  const name = readName(e, `an argument in ${scope.where}`, report);
  if (name === null) return null;
  if (!scope.names.has(name)) {
    report.at(e.loc, `unknown object ${name} in ${scope.where}: declare it in ${scope.declareIn}`);
    return null;
  }
  return { kind: 'name', name, loc: e.loc };
}

/** The items of a section after its keyword. */
export function body(section: SList): SExpr[] {
  return section.items.slice(1);
}

/** `(and a b …)` → [a, b, …] (nested ands flattened); anything else → [it]. */
export function conjuncts(e: SExpr): SExpr[] {
  return head(e) === 'and' ? (e as SList).items.slice(1).flatMap(conjuncts) : [e];
}
