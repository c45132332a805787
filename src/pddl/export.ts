/**
 * planlog → PDDL: an opn domain becomes a STRIPS PDDL domain (with
 * `:equality` for inequalities, `:action-costs` when an operator does not
 * cost 1), a problem a PDDL problem. Names go through toPddlName
 * (`moveR` → `move-r`, `x1y2` stays), variables are lowercased.
 *
 * An operator's PDDL parameters follow its name's arguments, so that the
 * ground name `pushR(x1y2,x2y2,x3y2)` is the PDDL step
 * `(push-r x1y2 x2y2 x3y2)`: a variable is a parameter; a constant, or a
 * variable written twice, is a fresh parameter tied to it by `(= …)`.
 * Variables that only the preconditions mention come last.
 */
import { quoteAtom } from '../model/terms.ts';
import type { Arg, Domain, Literal, OperatorSchema, Problem } from '../model/lifted.ts';
import { pddlVarName, toPddlName, unique } from './names.ts';

/** One PDDL parameter of an operator: its name and the opn argument it stands for. */
export interface ShapeParam {
  name: string;
  arg: Arg;
}

/** How an operator is written as a PDDL action. */
export interface ActionShape {
  name: string;
  params: ShapeParam[];
  /** `(= ?p value)` preconditions tying parameters to constants or to other parameters. */
  ties: { param: string; value: string }[];
  /** Prolog variable → PDDL variable. */
  vars: Map<string, string>;
}

/** The PDDL shape of every operator of the domain, in the domain's order. */
export function actionShapes(domain: Domain): ActionShape[] {
  const usedNames = new Set<string>();
  const arities = new Map<string, number>();
  for (const op of domain.operators) arities.set(op.name.pred, (arities.get(op.name.pred) ?? 0) + 1);
  return domain.operators.map((op) => {
    const base = toPddlName(quoteAtom(op.name.pred));
    const name = unique(arities.get(op.name.pred)! > 1 ? `${base}-${op.name.args.length}` : base, usedNames);
    const used = new Set<string>();
    const vars = new Map<string, string>();
    const params: ShapeParam[] = [];
    const ties: ActionShape['ties'] = [];
    op.name.args.forEach((a, i) => {
      if (a.kind === 'var' && !vars.has(a.name)) {
        vars.set(a.name, unique(pddlVarName(a.name), used));
        params.push({ name: vars.get(a.name)!, arg: a });
        return;
      }
      const p = unique(`?p${i + 1}`, used);
      params.push({ name: p, arg: a });
      ties.push({ param: p, value: a.kind === 'var' ? vars.get(a.name)! : toPddlName(a.value) });
    });
    // (the opn checks make every variable of an inequality occur in a precondition too)
    for (const l of op.pre) {
      for (const a of l.args) {
        if (a.kind !== 'var' || vars.has(a.name)) continue;
        vars.set(a.name, unique(pddlVarName(a.name), used));
        params.push({ name: vars.get(a.name)!, arg: a });
      }
    }
    return { name, params, ties, vars };
  });
}

/** The constants (Prolog texts) the operators mention: the PDDL domain's :constants. */
function domainConstants(domain: Domain): Set<string> {
  const out = new Set<string>();
  for (const op of domain.operators) {
    const args = [op.name, ...op.pre, ...op.add, ...op.del].flatMap((l) => l.args).concat(op.neq.flatMap((n) => [n.left, n.right]));
    for (const a of args) if (a.kind === 'const') out.add(a.value);
  }
  return out;
}

/** True when some operator does not cost 1: the PDDL then uses :action-costs. */
export function usesCosts(domain: Domain): boolean {
  return domain.operators.some((o) => o.cost !== 1);
}

/** A PDDL name for a file or level (not reversible; only a label): letters, digits and dashes. */
export function pddlLabel(s: string): string {
  const t = s.toLowerCase().replace(/[^a-z0-9_-]+/g, '-').replace(/^[^a-z]+/, '').replace(/-+$/, '');
  return t === '' ? 'unnamed' : t;
}

/**
 * The PDDL domain text of an opn domain. Predicates used only by `problem`
 * (facts no operator mentions) are declared too, so that its PDDL problem
 * reads.
 */
export function exportPddlDomain(domain: Domain, name: string, problem: Problem | null = null): string {
  const shapes = actionShapes(domain);
  const costs = usesCosts(domain);
  const equality = domain.operators.some((o) => o.neq.length > 0) || shapes.some((s) => s.ties.length > 0);
  const reqs = [':strips', ...(equality ? [':equality'] : []), ...(costs ? [':action-costs'] : [])];
  const preds = new Map<string, number>();
  for (const [p, info] of domain.predicates) preds.set(p, info.arity);
  for (const l of problem ? [...problem.init, ...problem.goal] : []) if (!preds.has(l.pred)) preds.set(l.pred, l.args.length);
  const constants = [...domainConstants(domain)].map(toPddlName);
  const out = [
    `; Exported by planlog from ${domain.file}.`,
    '; Names: a capital letter X is written -x (moveR is move-r); see "PDDL interop" in planlog\'s README.',
    `(define (domain ${name})`,
    `  (:requirements ${reqs.join(' ')})`,
  ];
  if (constants.length > 0) out.push(`  (:constants ${constants.join(' ')})`);
  out.push('  (:predicates');
  for (const [p, arity] of preds) out.push(`    (${[toPddlName(quoteAtom(p)), ...Array.from({ length: arity }, (_, i) => `?a${i + 1}`)].join(' ')})`);
  out[out.length - 1] += ')';
  if (costs) out.push('  (:functions (total-cost) - number)');
  domain.operators.forEach((op, i) => {
    for (const line of actionText(op, shapes[i], costs)) out.push(line);
  });
  out[out.length - 1] += ')';
  return `${out.join('\n')}\n`;
}

function actionText(op: OperatorSchema, shape: ActionShape, costs: boolean): string[] {
  const arg = (a: Arg): string => (a.kind === 'var' ? shape.vars.get(a.name)! : toPddlName(a.value));
  const atom = (l: Literal): string => `(${[toPddlName(quoteAtom(l.pred)), ...l.args.map(arg)].join(' ')})`;
  const pre = [
    ...op.pre.map(atom),
    ...shape.ties.map((t) => `(= ${t.param} ${t.value})`),
    ...op.neq.map((n) => `(not (= ${arg(n.left)} ${arg(n.right)}))`),
  ];
  const eff = [...op.add.map(atom), ...op.del.map((l) => `(not ${atom(l)})`), ...(costs ? [`(increase (total-cost) ${op.cost})`] : [])];
  return [
    `  (:action ${shape.name}`,
    `    :parameters (${shape.params.map((p) => p.name).join(' ')})`,
    `    :precondition (and ${pre.join(' ')})`,
    `    :effect (and ${eff.join(' ')}))`,
  ];
}

/** The PDDL problem text of a problem of `domain` (whose PDDL name is `domainName`). */
export function exportPddlProblem(domain: Domain, problem: Problem, name: string, domainName: string): string {
  const inDomain = domainConstants(domain);
  const objects = new Set<string>();
  for (const l of [...problem.init, ...problem.goal]) for (const a of l.args) if (a.kind === 'const' && !inDomain.has(a.value)) objects.add(toPddlName(a.value));
  const fact = (l: Literal): string => `(${[toPddlName(quoteAtom(l.pred)), ...l.args.map((a) => toPddlName((a as { value: string }).value))].join(' ')})`;
  const costs = usesCosts(domain);
  const out = [
    `; Exported by planlog from ${problem.file}.`,
    `(define (problem ${name})`,
    `  (:domain ${domainName})`,
    `  (:objects${wrap([...objects])})`,
    `  (:init${wrap([...problem.init.map(fact), ...(costs ? ['(= (total-cost) 0)'] : [])])})`,
    `  (:goal (and${wrap(problem.goal.map(fact))}))`,
  ];
  if (costs) out.push('  (:metric minimize (total-cost))');
  out[out.length - 1] += ')';
  return `${out.join('\n')}\n`;
}

/** Items on lines of at most about 80 characters, each line indented. */
function wrap(items: string[]): string {
  const lines: string[] = [];
  let cur = '';
  for (const it of items) {
    if (cur.length > 0 && cur.length + it.length > 72) {
      lines.push(cur);
      cur = '';
    }
    cur += `${cur.length > 0 ? ' ' : ''}${it}`;
  }
  if (cur.length > 0) lines.push(cur);
  return lines.map((l) => `\n    ${l}`).join('');
}
