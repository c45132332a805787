/**
 * The PDDL translations of `planlog pddl import|export` and of the API's
 * POST /api/pddl: one function each way, so the command and the server
 * write the same texts. Texts in, texts out; reading files and writing the
 * --out folder stay with the command.
 */
import { loadProblem, type LoadedProblem, type ProblemSource } from '../core/load.ts';
import { parseDomain } from '../lang/domain.ts';
import type { PlanStep } from '../model/lifted.ts';
import { exportPddlDomain, exportPddlProblem, pddlLabel } from '../pddl/export.ts';
import { importPddl } from '../pddl/import.ts';
import { pddlPlan } from '../pddl/plan.ts';
import { readPddlDomain } from '../pddl/read-domain.ts';
import { readPddlProblem } from '../pddl/read-problem.ts';
import { PlanlogError } from '../util/errors.ts';
import { count } from '../util/words.ts';
import { validateSteps } from './solve.ts';

/** One text of a translation: the file name it is written to, the text, and a summary ("3 actions"). */
export interface TranslatedText {
  name: string;
  text: string;
  summary: string;
}

/** A text as read: its file name (for locations) and its text. */
export interface NamedText {
  file: string;
  text: string;
}

/**
 * PDDL → opn: the domain's opn text and, with a problem, the problem's.
 * `names`: the files the opn texts are parsed under (the command: the
 * --out folder's domain.pl and problem.pl).
 * @throws PlanlogError located in the PDDL texts.
 */
export function pddlToOpn(domainIn: NamedText, problemIn: NamedText | null, names: { domainFile: string; problemFile: string }): { domain: TranslatedText; problem: TranslatedText | null } {
  const domain = readPddlDomain(domainIn.text, domainIn.file);
  const problem = problemIn === null ? null : readPddlProblem(problemIn.text, problemIn.file, domain);
  const texts = importPddl(domain, problem, names);
  return {
    domain: { name: 'domain.pl', text: texts.domainText, summary: count(domain.actions.length, 'operator') },
    problem: problem && texts.problemText !== null ? { name: 'problem.pl', text: texts.problemText, summary: facts(problem.init.length, problem.goal.length + problem.negGoal.length) } : null,
  };
}

/**
 * opn → PDDL: the domain (named `domainName`) and, with a problem (a Prolog
 * problem or a level, `problem` as loadProblem reads it), the problem
 * (named by the level's title or `problemName`).
 * @throws PlanlogError located in the opn texts.
 */
export function opnToPddl(domainIn: NamedText, problemIn: Omit<ProblemSource, 'domainFile' | 'domainText'> | null, names: { domainName: string; problemName: string }): { domain: TranslatedText; problem: TranslatedText | null; loaded: LoadedProblem | null } {
  const domainName = pddlLabel(names.domainName);
  if (problemIn === null) {
    const domain = parseDomain(domainIn.text, domainIn.file);
    return { domain: { name: 'domain.pddl', text: exportPddlDomain(domain, domainName), summary: count(domain.operators.length, 'action') }, problem: null, loaded: null };
  }
  const loaded = loadProblem({ ...problemIn, domainFile: domainIn.file, domainText: domainIn.text });
  const { domain, problem } = loaded;
  const name = pddlLabel(loaded.level ? (loaded.level.title ?? `level-${loaded.level.number}`) : names.problemName);
  return {
    domain: { name: 'domain.pddl', text: exportPddlDomain(domain, domainName, problem), summary: count(domain.operators.length, 'action') },
    problem: { name: 'problem.pddl', text: exportPddlProblem(domain, problem, name, domainName), summary: facts(problem.init.length, problem.goal.length) },
    loaded,
  };
}

/**
 * A plan in PDDL's form (as `solve --plan-format pddl` prints it): the
 * steps validated against the problem; a step that does not apply is the
 * validation's located error.
 * @throws PlanlogError for a plan that is not valid.
 */
export function pddlPlanText(loaded: LoadedProblem, steps: PlanStep[]): string {
  const v = validateSteps(loaded, steps);
  if (!v.valid) {
    const f = v.failure;
    throw new PlanlogError({ file: f?.loc?.file ?? '<plan>', line: f?.loc?.line, column: f?.loc?.column, message: `the plan is not valid: ${f?.message ?? 'it does not reach the goal'}` });
  }
  return pddlPlan(loaded.domain, v.steps, v.cost);
}

const facts = (init: number, goal: number): string => `${count(init, 'initial fact')}, ${count(goal, 'goal fact')}`;
