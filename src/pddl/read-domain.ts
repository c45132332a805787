/**
 * Reading a PDDL domain: STRIPS with :typing, :equality, :negative-preconditions
 * (`(not (p …))` in a precondition; the import compiles them away) and
 * :action-costs (constant costs). Everything else — disjunctions,
 * quantifiers, conditional effects, numeric fluents — is reported, located,
 * as not supported.
 */
import { Reporter } from '../lang/domain.ts';
import type { Loc } from '../model/terms.ts';
import type { PddlAction, PddlAtom, PddlDomain, PddlEquality, PddlPredicate } from './model.ts';
import { showSExpr, type SExpr, type SList } from './sexpr.ts';
import { body, conjuncts, head, readAtom, readDefine, readName, readTerm, readTypedList, type TermScope } from './syntax.ts';

const SUPPORTED = new Set([':strips', ':typing', ':equality', ':negative-preconditions', ':action-costs']);
const SUPPORTED_TEXT = 'planlog reads STRIPS with :typing, :equality, :negative-preconditions and :action-costs';
const DURATIVE = 'durative actions are not supported (temporal planning); planlog reads instantaneous :action sections only';
/** Action costs are whole numbers, as in opn/5. */
export const MAX_PDDL_COST = 1_000_000;

/**
 * Reads and checks a PDDL domain.
 * @throws PlanlogError listing every problem found, each at file:line:col.
 */
export function readPddlDomain(text: string, file: string): PddlDomain {
  const report = new Reporter(file);
  const def = readDefine(text, file, 'domain', report);
  const domain: PddlDomain = { name: def?.name ?? 'domain', file, types: new Map(), constants: [], predicates: new Map(), actions: [] };
  const actions: SList[] = [];
  let durative = false;
  for (const s of def?.sections ?? []) {
    switch (head(s)) {
      case ':requirements':
        if (readRequirements(s, report)) durative = true;
        break;
      case ':types':
        for (const t of readTypedList(body(s), false, 'the types', report)) {
          if (t.name === 'object') report.at(t.loc, 'object is the built-in root type; it cannot be declared');
          else domain.types.set(t.name, { parent: t.type, loc: t.loc });
        }
        // a parent that is not listed itself is a type under object (as in `truck plane - vehicle`)
        for (const [, { parent, loc }] of [...domain.types]) if (parent !== 'object' && !domain.types.has(parent)) domain.types.set(parent, { parent: 'object', loc });
        break;
      case ':constants':
        for (const c of readTypedList(body(s), false, 'the constants', report)) domain.constants.push(c);
        break;
      case ':predicates':
        for (const p of body(s)) readPredicate(p, domain.predicates, report);
        break;
      case ':functions':
        readFunctions(s, report);
        break;
      case ':action':
        actions.push(s);
        break;
      case ':durative-action':
        durative = true;
        report.at(s.loc, DURATIVE);
        break;
      default:
        report.at(s.loc, `section ${s.items[0].kind === 'atom' ? s.items[0].raw : ''} is not supported (${SUPPORTED_TEXT})`);
    }
  }
  checkTypes(domain, report);
  const names = new Set(domain.constants.map((c) => c.name));
  const first = new Map<string, PddlAction>();
  for (const a of actions) {
    const action = readAction(a, domain, names, report);
    if (!action) continue;
    const earlier = first.get(action.name);
    if (earlier) {
      report.at(action.loc, `action ${action.name} is defined twice (names are case-insensitive)`, [`first defined at ${domain.file}:${earlier.loc.line}:${earlier.loc.column}`]);
      continue;
    }
    first.set(action.name, action);
    domain.actions.push(action);
  }
  // a temporal domain has been told why already; "no actions" would only mislead
  if (def && actions.length === 0 && !durative) report.at(def.loc, 'the domain has no actions');
  report.throwIfAny();
  return domain;
}

/** Reports unsupported requirements; true when :durative-actions is among them. */
function readRequirements(s: SList, report: Reporter): boolean {
  let durative = false;
  for (const r of body(s)) {
    if (r.kind !== 'atom' || !r.text.startsWith(':')) report.at(r.loc, `expected a requirement such as :strips, found ${showSExpr(r)}`);
    else if (r.text === ':durative-actions') {
      durative = true;
      report.at(r.loc, `requirement :durative-actions: ${DURATIVE}`);
    } else if (!SUPPORTED.has(r.text)) report.at(r.loc, `requirement ${r.raw} is not supported (${SUPPORTED_TEXT})`);
  }
  return durative;
}

function readPredicate(p: SExpr, into: Map<string, PddlPredicate>, report: Reporter): void {
  if (p.kind !== 'list' || p.items.length === 0) {
    report.at(p.loc, `expected a predicate declaration (name ?arg …), found ${showSExpr(p)}`);
    return;
  }
  const name = readName(p.items[0], 'a predicate name', report);
  if (name === null) return;
  if (into.has(name)) {
    report.at(p.loc, `predicate ${name} is declared twice`);
    return;
  }
  into.set(name, { name, params: readTypedList(p.items.slice(1), true, `predicate ${name}`, report), loc: p.loc });
}

/** Only `(:functions (total-cost) [- number])`, the action-cost counter. */
function readFunctions(s: SList, report: Reporter): void {
  const items = body(s);
  for (let i = 0; i < items.length; i++) {
    const f = items[i];
    if (f.kind === 'atom' && f.text === '-') {
      if (items[i + 1]?.kind !== 'atom' || (items[i + 1] as { text: string }).text !== 'number') report.at(f.loc, 'a function type must be number');
      i++;
    } else if (head(f) !== 'total-cost' || (f as SList).items.length !== 1) {
      report.at(f.loc, `function ${showSExpr(f)} is not supported: only (total-cost), for action costs (${SUPPORTED_TEXT})`);
    }
  }
}

/** The type hierarchy has no cycle; constants and predicate arguments have declared types. */
function checkTypes(domain: PddlDomain, report: Reporter): void {
  const known = (t: string): boolean => t === 'object' || domain.types.has(t);
  for (const [name, { parent, loc }] of domain.types) {
    const seen = new Set([name]);
    for (let t = parent; domain.types.has(t); t = domain.types.get(t)!.parent) {
      if (seen.has(t)) {
        report.at(loc, `type ${name} is its own ancestor (the :types form a cycle)`);
        break;
      }
      seen.add(t);
    }
  }
  const typed = [...domain.constants, ...[...domain.predicates.values()].flatMap((p) => p.params)];
  for (const t of typed) if (!known(t.type)) report.at(t.loc, `type ${t.type} of ${t.name} is not declared in :types`);
}

function readAction(s: SList, domain: PddlDomain, constants: Set<string>, report: Reporter): PddlAction | null {
  const predicates = domain.predicates;
  const name = readName(s.items[1], 'the action name', report, s.loc);
  if (name === null) return null;
  const action: PddlAction = { name, params: [], pre: [], negPre: [], equalities: [], add: [], del: [], cost: null, loc: s.loc };
  const fields = new Map<string, { value: SExpr; loc: Loc }>();
  const rest = s.items.slice(2);
  for (let i = 0; i < rest.length; i += 2) {
    const key = rest[i];
    if (key.kind !== 'atom' || ![':parameters', ':precondition', ':effect'].includes(key.text)) {
      report.at(key.loc, `expected :parameters, :precondition or :effect in action ${name}, found ${showSExpr(key)}`);
      return null;
    }
    if (rest[i + 1] === undefined) {
      report.at(key.loc, `${key.raw} of action ${name} has no value`);
      return null;
    }
    if (fields.has(key.text)) report.at(key.loc, `${key.raw} of action ${name} is given twice`);
    fields.set(key.text, { value: rest[i + 1], loc: key.loc });
  }
  const params = fields.get(':parameters')?.value;
  if (params && params.kind !== 'list') report.at(params.loc, `the parameters of action ${name} must be a list (?x ?y …)`);
  else if (params) action.params = readTypedList(params.items, true, `the parameters of action ${name}`, report);
  const vars = new Set<string>();
  for (const p of action.params) {
    if (p.type !== 'object' && !domain.types.has(p.type)) report.at(p.loc, `type ${p.type} of ?${p.name} is not declared in :types`);
    if (vars.has(p.name)) report.at(p.loc, `parameter ?${p.name} of action ${name} is declared twice`);
    vars.add(p.name);
  }
  const scope = (part: string): TermScope => ({ where: `the ${part} of action ${name}`, vars, names: constants, declareIn: ':constants' });
  const pre = fields.get(':precondition')?.value;
  if (pre) for (const c of conjuncts(pre)) readPrecondition(c, action, predicates, scope('precondition'), report);
  const eff = fields.get(':effect')?.value;
  if (eff) for (const c of conjuncts(eff)) readEffect(c, action, predicates, scope('effect'), report);
  else report.at(s.loc, `action ${name} has no :effect`);
  return action;
}

const UNSUPPORTED_PRE: Record<string, string> = {
  or: 'disjunctive preconditions (or) are not supported',
  imply: 'imply is not supported',
  exists: 'existential preconditions (exists) are not supported',
  forall: 'universal preconditions (forall) are not supported',
};

function readPrecondition(e: SExpr, action: PddlAction, predicates: Map<string, PddlPredicate>, scope: TermScope, report: Reporter): void {
  const h = head(e);
  if (e.kind === 'list' && e.items.length === 0) return; // () : no precondition
  if (e.kind !== 'list' || h === null) {
    report.at(e.loc, `expected an atom such as (p ?x) in ${scope.where}, found ${showSExpr(e)}`);
    return;
  }
  if (h in UNSUPPORTED_PRE) {
    report.at(e.loc, `${UNSUPPORTED_PRE[h]} (${SUPPORTED_TEXT}), in ${scope.where}`);
  } else if (h === '=') {
    const eq = readEquality(e, true, scope, report);
    if (eq) action.equalities.push(eq);
  } else if (h === 'not') {
    const inner = e.items[1];
    if (e.items.length === 2 && head(inner) === '=') {
      const eq = readEquality(inner as SList, false, scope, report);
      if (eq) action.equalities.push({ ...eq, loc: e.loc });
    } else {
      const atom = readNegated(e, predicates, scope, report);
      if (atom) action.negPre.push(atom);
    }
  } else {
    const atom = readAtom(e, predicates, scope, report);
    if (atom) action.pre.push(atom);
  }
}

/**
 * The atom of `(not (p …))` in a precondition or goal, located at the
 * `(not`; null (reported) when the inner formula is not an atom.
 */
export function readNegated(e: SList, predicates: Map<string, PddlPredicate>, scope: TermScope, report: Reporter): PddlAtom | null {
  const inner = e.items[1];
  const h = inner === undefined ? null : head(inner);
  if (e.items.length !== 2 || inner.kind !== 'list' || h === null || ['not', 'and', '=', ...Object.keys(UNSUPPORTED_PRE)].includes(h)) {
    report.at(e.loc, `expected (not (p …)) with an atom p in ${scope.where}, found ${showSExpr(e)}${h !== null && h in UNSUPPORTED_PRE ? ` (${UNSUPPORTED_PRE[h]})` : ''}`);
    return null;
  }
  const atom = readAtom(inner, predicates, scope, report);
  return atom ? { ...atom, loc: e.loc } : null;
}

function readEquality(e: SList, equal: boolean, scope: TermScope, report: Reporter): PddlEquality | null {
  if (e.items.length !== 3) {
    report.at(e.loc, `(= a b) takes 2 arguments, found ${e.items.length - 1} in ${scope.where}`);
    return null;
  }
  const left = readTerm(e.items[1], scope, report);
  const right = readTerm(e.items[2], scope, report);
  return left && right ? { left, right, equal, loc: e.loc } : null;
}

function readEffect(e: SExpr, action: PddlAction, predicates: Map<string, PddlPredicate>, scope: TermScope, report: Reporter): void {
  const h = head(e);
  if (e.kind === 'list' && e.items.length === 0) return;
  if (e.kind !== 'list' || h === null) {
    report.at(e.loc, `expected an atom such as (p ?x) or (not (p ?x)) in ${scope.where}, found ${showSExpr(e)}`);
    return;
  }
  if (h === 'not') {
    const inner = e.items[1];
    if (e.items.length !== 2 || inner.kind !== 'list' || head(inner) === null || head(inner) === 'not') {
      report.at(e.loc, `expected (not (p …)) in ${scope.where}, found ${showSExpr(e)}`);
      return;
    }
    const atom = readAtom(inner, predicates, scope, report);
    if (atom) action.del.push(atom);
  } else if (h === 'increase') {
    readCost(e, action, scope, report);
  } else if (h === 'when' || h === 'forall') {
    report.at(e.loc, `conditional and universal effects (${h}) are not supported (${SUPPORTED_TEXT}), in ${scope.where}`);
  } else if (['assign', 'decrease', 'scale-up', 'scale-down'].includes(h)) {
    report.at(e.loc, `numeric effect ${h} is not supported: only (increase (total-cost) N), in ${scope.where}`);
  } else {
    const atom: PddlAtom | null = readAtom(e, predicates, scope, report);
    if (atom) action.add.push(atom);
  }
}

/** `(increase (total-cost) N)` with a whole number N. */
function readCost(e: SList, action: PddlAction, scope: TermScope, report: Reporter): void {
  const [, target, amount] = e.items;
  if (e.items.length !== 3 || head(target) !== 'total-cost' || (target as SList).items.length !== 1) {
    report.at(e.loc, `only (increase (total-cost) N) is supported, found ${showSExpr(e)} in ${scope.where}`);
  } else if (amount.kind !== 'atom' || !/^\d+$/.test(amount.text) || Number(amount.text) > MAX_PDDL_COST) {
    report.at(amount.loc, `an action cost must be a whole number from 0 to ${MAX_PDDL_COST}, found ${showSExpr(amount)} in ${scope.where}`);
  } else if (action.cost !== null) {
    report.at(e.loc, `action ${action.name} increases total-cost twice`);
  } else {
    action.cost = Number(amount.text);
  }
}

/** Every ancestor type of `type` up to (without) object; [] for object. */
export function typeChain(domain: PddlDomain, type: string): string[] {
  const out: string[] = [];
  for (let t = type; t !== 'object' && !out.includes(t); t = domain.types.get(t)?.parent ?? 'object') out.push(t);
  return out;
}
