/**
 * The lint of `planlog lint` and of the API's POST /api/lint: a domain
 * alone (its own checks: singletons), or a problem or level with its
 * domain (every check a solve runs before its search). One function each,
 * so the command and the server answer the same warnings.
 */
import { loadProblem, type ProblemSource } from '../core/load.ts';
import { checkDomain } from '../lang/domain.ts';
import type { Program } from '../model/terms.ts';
import { lintDomain, strictError, type Warning } from '../lint/index.ts';
import { type LintJson, warningsJson } from './json.ts';
import { lintLoaded, solveBudget } from './solve.ts';

export interface LintResult {
  warnings: Warning[];
  /** Why a check did not run (never-applies when grounding hit a limit). */
  unchecked?: string;
}

/** A Prolog file that is a domain: no clause is an init/1 or goal/1 fact (a problem file's). */
export function isDomainProgram(program: Program): boolean {
  return !program.clauses.some((c) => {
    const h = c.head;
    return h !== null && h.kind === 'compound' && h.args.length === 1 && (h.functor === 'init' || h.functor === 'goal');
  });
}

/** The checks of a domain alone (singleton variables); its errors are thrown (PlanlogError). */
export function lintDomainProgram(program: Program): LintResult {
  return { warnings: lintDomain(checkDomain(program)) };
}

/**
 * The checks of a problem or level with its domain; never-applies grounds
 * the problem under the limits (memory as a solve has; the server also a
 * time limit and its stop flag): a limit leaves it `unchecked`.
 */
export function lintSource(source: ProblemSource, limits: { maxMemoryMb: number; timeoutMs?: number; interrupt?: Int32Array }): LintResult {
  return lintLoaded(loadProblem(source), solveBudget(limits));
}

/**
 * The `lint --json` object of a result (`domain`: the domain file the
 * problem was checked against, null for a domain alone).
 * @throws PlanlogError with `strict` when there is a warning (every warning, located).
 */
export function lintJson(file: string, domain: string | null, r: LintResult, strict = false): LintJson {
  if (strict && r.warnings.length > 0) throw strictError(r.warnings);
  return { file, domain, warnings: warningsJson(r.warnings), ...(r.unchecked ? { unchecked: r.unchecked } : {}) };
}
