/**
 * Reading a PDDL problem against its domain: objects, an initial state of
 * ground atoms (and `(= (total-cost) 0)`), a goal that is a conjunction of
 * ground atoms and negated ground atoms `(not (p …))`, and optionally
 * `(:metric minimize (total-cost))`.
 */
import { Reporter } from '../lang/domain.ts';
import type { PddlAtom, PddlDomain, PddlProblem, TypedName } from './model.ts';
import { showSExpr, type SExpr, type SList } from './sexpr.ts';
import { readNegated } from './read-domain.ts';
import { body, conjuncts, head, readAtom, readDefine, readName, readTypedList, type TermScope } from './syntax.ts';

/**
 * Reads and checks a PDDL problem of `domain`. A problem that names another
 * domain in `(:domain …)` is an error (names compared case-insensitively).
 * @throws PlanlogError listing every problem found, each at file:line:col.
 */
export function readPddlProblem(text: string, file: string, domain: PddlDomain): PddlProblem {
  const report = new Reporter(file);
  const def = readDefine(text, file, 'problem', report);
  const problem: PddlProblem = { name: def?.name ?? 'problem', file, objects: [], init: [], initLoc: { file, line: 1, column: 1, offset: 0 }, goal: [], negGoal: [] };
  const sections = new Map<string, SList>();
  for (const s of def?.sections ?? []) {
    const h = head(s) as string;
    if (sections.has(h)) report.at(s.loc, `section ${h} is given twice`);
    else sections.set(h, s);
    if (![':domain', ':requirements', ':objects', ':init', ':goal', ':metric'].includes(h)) {
      report.at(s.loc, `section ${h} is not supported in a problem (expected :domain, :objects, :init, :goal, :metric)`);
    }
  }
  const domainName = sections.get(':domain');
  if (domainName) {
    const name = readName(domainName.items[1], 'the domain name', report, domainName.loc);
    if (name !== null && name !== domain.name) {
      report.at(domainName.items[1].loc, `the problem is for domain ${name}, but ${domain.file} defines domain ${domain.name}`);
    }
  }
  problem.objects = readObjects(sections.get(':objects'), domain, report);
  const names = new Set([...domain.constants, ...problem.objects].map((o) => o.name));
  const scope = (part: string): TermScope => ({ where: `the ${part}`, vars: null, names, declareIn: ':objects' });

  const init = sections.get(':init');
  if (init) problem.initLoc = init.loc;
  if (!init) report.at(def?.loc ?? { file, line: 1, column: 1, offset: 0 }, 'the problem has no (:init …)');
  for (const f of init ? body(init) : []) {
    if (head(f) === '=') checkCostInit(f as SList, report);
    else if (head(f) === 'not') report.at(f.loc, `negative initial fact ${showSExpr(f)}: list only the atoms that are true`);
    else {
      const atom = groundAtom(f, domain, scope('initial state'), report);
      if (atom) problem.init.push(atom);
    }
  }
  const goal = sections.get(':goal');
  if (!goal) report.at(def?.loc ?? { file, line: 1, column: 1, offset: 0 }, 'the problem has no (:goal …)');
  else if (goal.items.length !== 2) report.at(goal.loc, '(:goal …) takes one formula');
  else {
    for (const g of conjuncts(goal.items[1])) {
      const h = head(g);
      if (h === 'or' || h === 'imply' || h === 'exists' || h === 'forall') {
        report.at(g.loc, `goal ${showSExpr(g)}: only a conjunction of atoms and negated atoms is supported (no ${h})`);
        continue;
      }
      if (h === 'not') {
        const atom = readNegated(g as SList, domain.predicates, scope('goal'), report);
        if (atom) problem.negGoal.push(atom);
        continue;
      }
      const atom = groundAtom(g, domain, scope('goal'), report);
      if (atom) problem.goal.push(atom);
    }
  }
  const metric = sections.get(':metric');
  if (metric && !(metric.items.length === 3 && metric.items[1].kind === 'atom' && metric.items[1].text === 'minimize' && head(metric.items[2]) === 'total-cost')) {
    report.at(metric.loc, `only (:metric minimize (total-cost)) is supported, found ${showSExpr(metric)}`);
  }
  report.throwIfAny();
  return problem;
}

function readObjects(section: SList | undefined, domain: PddlDomain, report: Reporter): TypedName[] {
  if (!section) return [];
  const known = new Map(domain.constants.map((c) => [c.name, c]));
  const out: TypedName[] = [];
  for (const o of readTypedList(body(section), false, 'the objects', report)) {
    if (o.type !== 'object' && !domain.types.has(o.type)) {
      report.at(o.loc, `type ${o.type} of ${o.name} is not declared in the domain's :types`);
      continue;
    }
    const first = known.get(o.name);
    if (first && first.type !== o.type) report.at(o.loc, `object ${o.name} is declared as ${first.type} and as ${o.type}`);
    if (first) continue;
    known.set(o.name, o);
    out.push(o);
  }
  return out;
}

function groundAtom(e: SExpr, domain: PddlDomain, scope: TermScope, report: Reporter): PddlAtom | null {
  if (e.kind !== 'list' || head(e) === null) {
    report.at(e.loc, `expected an atom such as (p a b) in ${scope.where}, found ${showSExpr(e)}`);
    return null;
  }
  return readAtom(e, domain.predicates, scope, report);
}

/** `(= (total-cost) 0)` is accepted (action costs start at 0); other numeric facts are not. */
function checkCostInit(f: SList, report: Reporter): void {
  const [, fn, value] = f.items;
  if (f.items.length === 3 && head(fn) === 'total-cost' && (fn as SList).items.length === 1 && value.kind === 'atom' && /^0+(\.0*)?$/.test(value.text)) return;
  report.at(f.loc, `numeric initial value ${showSExpr(f)} is not supported: only (= (total-cost) 0)`);
}
