/**
 * Loading PDDL directly: a PDDL domain (and problem) read, checked and
 * imported as planlog's own domain and problem (src/pddl/import.ts), every
 * location in the PDDL files, so that the checks, the validator and the
 * linter point into what the user wrote. loadProblem calls it when the
 * domain or the problem is PDDL (src/pddl/detect.ts: `.pddl`, or a text
 * that starts with `(define`).
 */
import type { Domain, Problem } from '../model/lifted.ts';
import { isPddl, pddlDefineKind } from '../pddl/detect.ts';
import { type Complement, importPddlDomain, importPddlProblem } from '../pddl/import.ts';
import { readPddlDomain } from '../pddl/read-domain.ts';
import { readPddlProblem } from '../pddl/read-problem.ts';
import { PlanlogError } from '../util/errors.ts';

/** The texts loadProblem reads (a ProblemSource). */
interface Texts {
  file: string;
  text: string;
  domainFile: string;
  domainText: string;
}

export interface PddlLoaded {
  domain: Domain;
  /** The problem when it is PDDL too; null for a Prolog problem file or a level (loadProblem reads those against `domain`). */
  problem: Problem | null;
  /** The predicates import made up (types, object, the complements of negated predicates; a predicate only negations read): the linter leaves them alone. */
  generated: Set<string>;
  /** The complements of the predicates the domain or problem negates (`notP` for `(not (p …))`). */
  complements: Complement[];
}

/** True when the domain or the problem of a source is PDDL. */
export function isPddlSource(src: Texts): boolean {
  return isPddl(src.domainFile, src.domainText) || isPddl(src.file, src.text);
}

/**
 * The domain (and, when it is PDDL, the problem) of a source whose domain
 * or problem is PDDL; null for a source without PDDL.
 * @throws PlanlogError located in the PDDL files for bad PDDL; for a PDDL
 * problem with a domain that is not PDDL, and for a domain and a problem
 * given the wrong way round.
 */
export function loadPddl(src: Texts): PddlLoaded | null {
  const domainIsPddl = isPddl(src.domainFile, src.domainText);
  const problemIsPddl = isPddl(src.file, src.text);
  if (!domainIsPddl && !problemIsPddl) return null;
  if (pddlDefineKind(src.domainText) === 'problem' && pddlDefineKind(src.text) === 'domain') {
    throw new PlanlogError({
      file: src.domainFile,
      message: `this is a PDDL problem and ${src.file} is its domain: give the domain first (DOMAIN.pddl PROBLEM.pddl) or with --domain DOMAIN.pddl`,
    });
  }
  if (!domainIsPddl) {
    throw new PlanlogError({ file: src.file, message: `a PDDL problem needs a PDDL domain, but ${src.domainFile} is not PDDL: give the domain with --domain DOMAIN.pddl` });
  }
  const pddlDomain = readPddlDomain(src.domainText, src.domainFile);
  // the problem first: a predicate only its goal negates gets a complement in the domain too
  const pddlProblem = problemIsPddl ? readPddlProblem(src.text, src.file, pddlDomain) : null;
  const imported = importPddlDomain(pddlDomain, `${src.domainFile} (as opn)`, pddlProblem);
  if (!pddlProblem && imported.complements.length > 0) {
    const c = imported.complements[0];
    throw new PlanlogError({
      file: src.domainFile,
      line: c.loc.line,
      column: c.loc.column,
      message: `negative precondition (not (${c.pred} …)): planlog compiles it away with complement facts made from a PDDL problem's objects and init, but ${src.file} is not a PDDL problem`,
    });
  }
  const problem = pddlProblem ? importPddlProblem(pddlDomain, imported, pddlProblem) : null;
  return { domain: imported.domain, problem, generated: imported.generated, complements: imported.complements };
}
