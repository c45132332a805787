/**
 * `solve -o FILE`: the plan written to a file, in PDDL's form (Fast
 * Downward's sas_plan: `(action arg …)` lines and `; cost = N`) or in
 * planlog's (one step per line, as `validate --plan` reads it).
 */
import { statSync, writeFileSync, type Stats } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { LoadedProblem } from '../core/load.ts';
import { planSteps, type SolveReport } from '../core/report.ts';
import { pddlPlan } from '../pddl/plan.ts';
import { validateSteps } from '../pipeline/solve.ts';
import { PlanlogError } from '../util/errors.ts';

/**
 * Checks, before the search, that `path` can be written: its folder exists
 * and it is not a folder itself. Throws a PlanlogError located at --output.
 */
export function checkPlanFile(path: string): void {
  const fail = (why: string): never => {
    throw new PlanlogError({ file: '--output', message: `cannot write the plan to ${path}: ${why}` });
  };
  const folder = statOf(dirname(resolve(path)));
  if (folder === null) fail(`the folder ${dirname(path)} does not exist`);
  else if (!folder.isDirectory()) fail(`${dirname(path)} is not a folder`);
  if (statOf(path)?.isDirectory()) fail('it is a folder');
}

function statOf(path: string): Stats | null {
  try {
    return statSync(path);
  } catch {
    return null;
  }
}

/** The plan of a solved report as a plan file: PDDL's form, or planlog's steps one per line. */
export function planFileText(report: SolveReport, loaded: LoadedProblem, format: 'text' | 'pddl'): string {
  if (format === 'text') return report.plan.map((s) => `${s}\n`).join('');
  const validation = report.validation ?? validateSteps(loaded, planSteps(report.plan));
  return pddlPlan(loaded.domain, validation.steps, validation.cost);
}

/** Writes the plan file; a PlanlogError located at --output when that fails. */
export function writePlanFile(path: string, text: string): void {
  try {
    writeFileSync(path, text);
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    throw new PlanlogError({ file: '--output', message: `cannot write the plan to ${path}: ${err.code === 'EACCES' ? 'permission denied' : err.message}` });
  }
}
