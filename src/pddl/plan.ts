/**
 * A validated plan as PDDL steps, the format of VAL and Fast Downward:
 * one `(action arg …)` line per step and a last line `; cost = N`.
 */
import type { Domain } from '../model/lifted.ts';
import type { ValidatedStep } from '../strips/validate.ts';
import { actionShapes } from './export.ts';
import { toPddlName } from './names.ts';

/**
 * The PDDL plan text of validated steps (`ValidationResult.steps`; their
 * bindings give the values of every PDDL parameter, also of those that are
 * not arguments of the operator's name). The actions are named as
 * exportPddlDomain names them.
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
