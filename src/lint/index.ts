/**
 * The domain linter (README "Lint"): checks that find what is legal but
 * hardly meant — a singleton variable, a precondition nothing makes true,
 * an init fact nothing reads, a goal nothing reaches, an operator that never
 * applies, a problem written for another domain — each a located warning
 * with its code and, where one is near, a "did you mean".
 *
 * The checks on the texts as read (lintLifted) run in loadProblem
 * (core/load.ts), so every run has them; the check on the ground task
 * (lintTask, never-applies) runs where the task is ground.
 */
import type { Domain, Problem } from '../model/lifted.ts';
import { lintDomain, lintProblem, type ProblemContext } from './lifted.ts';
import { sortWarnings, type Warning } from './warning.ts';

export { lintDomain, lintProblem, type ProblemContext } from './lifted.ts';
export { lintTask } from './ground.ts';
export { lintCause, lintCodes, strictError, type LintCode, type Warning } from './warning.ts';

/** The checks of a domain and a problem as read: the domain's (singletons), then the problem's against it; sorted by place, the domain's file first. */
export function lintLifted(domain: Domain, problem: Problem, ctx: ProblemContext = {}): Warning[] {
  return sortWarnings([...lintDomain(domain), ...lintProblem(domain, problem, ctx)], [domain.file, problem.file]);
}
