/**
 * Plans in PDDL's form, the format of VAL and Fast Downward: one
 * `(action arg …)` line per step and a last line `; cost = N`. pddlPlan
 * writes a validated plan so; readPddlPlan reads such a file (also the
 * timed form `0.000: (action arg …) [1.000]` of temporal planners and VAL).
 */
import { parseTerm } from '../lang/parse.ts';
import type { Domain, PlanStep } from '../model/lifted.ts';
import { quoteAtom } from '../model/terms.ts';
import type { ValidatedStep } from '../strips/validate.ts';
import { LINE_END, PlanlogError, splitLines } from '../util/errors.ts';
import { actionShapes } from './export.ts';
import { fromPddlName, pddlNamePattern, toPddlName } from './names.ts';
import { readSExprs, showSExpr } from './sexpr.ts';

/**
 * The PDDL plan text of validated steps (`ValidationResult.steps`; their
 * bindings give the values of every PDDL parameter, also of those that are
 * not arguments of the operator's name). The actions are named as
 * exportPddlDomain names them; for a domain imported from PDDL, as the
 * PDDL domain names them.
 */
export function pddlPlan(domain: Domain, steps: readonly ValidatedStep[], cost: number): string {
  const shapes = actionShapes(domain);
  const lines = steps.map((s) => {
    const shape = shapes[s.schema];
    const values = shape.params.map((p) => toPddlName(p.arg.kind === 'const' ? p.arg.value : s.binding[p.arg.name]));
    return `(${[shape.name, ...values].join(' ')})`;
  });
  const unit = domain.operators.every((o) => o.cost === 1);
  lines.push(`; cost = ${cost} (${unit ? 'unit cost' : 'general cost'})`);
  return `${lines.join('\n')}\n`;
}

/** `12.5: ` before a step of the timed form. */
const timePrefix = /^\s*\d+(?:\.\d*)?\s*:\s*/;
/** `[1.000]` after a step of the timed form (its duration). */
const duration = /^\[\s*\d+(?:\.\d*)?\s*\]$/;

/**
 * True when a plan file is in PDDL's form: its first line that is neither
 * blank nor a `;` comment starts with `(` (after a time `0:` in the timed
 * form). planlog's own steps never start with `(`.
 */
export function isPddlPlan(text: string): boolean {
  for (const raw of text.split(LINE_END, 1000)) {
    const line = raw.trim();
    if (line === '' || line.startsWith(';')) continue;
    return line.slice(line.match(timePrefix)?.[0].length ?? 0).startsWith('(');
  }
  return false;
}

/**
 * The steps of a plan file in PDDL's form, as planlog's steps of `domain`:
 * the action's name and arguments through fromPddlName (`(pick-up a)` is
 * pickUp(a)); an action that exportPddlDomain gave more parameters than
 * its operator's name has (variables only its preconditions mention) keeps
 * the name's. Each step is located at its `(`; `;` starts a comment.
 * Whether a step names an operator that applies is the validator's
 * question (exit 5).
 * @throws PlanlogError located at a line that is not one step.
 */
export function readPddlPlan(text: string, file: string, domain: Domain): PlanStep[] {
  const shapes = new Map(actionShapes(domain).map((s, i) => [s.name, { shape: s, arity: domain.operators[i].name.args.length, pred: domain.operators[i].name.pred }]));
  const steps: PlanStep[] = [];
  splitLines(text).forEach((line, i) => {
    const comment = line.indexOf(';');
    const body = comment >= 0 ? line.slice(0, comment) : line;
    if (body.trim() === '') return;
    const prefix = body.match(timePrefix)?.[0].length ?? 0;
    const at = (column: number, message: string): PlanlogError => new PlanlogError({ file, line: i + 1, column, message });
    let items;
    try {
      items = readSExprs(body.slice(prefix), file);
    } catch (e) {
      if (!(e instanceof PlanlogError)) throw e;
      throw new PlanlogError(e.diagnostics.map((d) => ({ ...d, line: i + 1, column: (d.column ?? 1) + prefix })));
    }
    const column = (c: number): number => c + prefix;
    if (items.length === 0) throw at(column(1), `expected a step such as (pick-up a) after ${body.trim()}`);
    const [step, ...rest] = items;
    if (step.kind !== 'list' || step.items.length === 0 || step.items.some((x) => x.kind !== 'atom')) {
      throw at(column(step.loc.column), `expected a step such as (pick-up a), found ${showSExpr(step)}`);
    }
    // after the step only its duration, [1.000], in the timed form
    const extra = rest[0]?.kind === 'atom' && duration.test(rest[0].text) ? rest[1] : rest[0];
    if (extra) throw at(column(extra.loc.column), `one step per line: unexpected ${showSExpr(extra)} after ${showSExpr(step)}`);
    const [name, ...args] = step.items.map((x) => (x as { text: string }).text);
    const bad = [name, ...args].findIndex((n) => !pddlNamePattern.test(n));
    if (bad >= 0) throw at(column(step.items[bad].loc.column), `${showSExpr(step.items[bad])} in ${showSExpr(step)} is not a PDDL name (a letter, then letters, digits, - or _)`);
    const known = shapes.get(name);
    const values = args.map(fromPddlName);
    const term =
      known && known.shape.params.length === args.length
        ? `${quoteAtom(known.pred)}${known.arity > 0 ? `(${values.slice(0, known.arity).join(',')})` : ''}`
        : `${fromPddlName(name)}${values.length > 0 ? `(${values.join(',')})` : ''}`;
    const loc = { file, line: i + 1, column: column(step.loc.column), offset: 0 };
    steps.push({ term: { ...parseTerm(term, file), loc }, loc });
  });
  return steps;
}
