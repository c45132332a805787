/** What the problem commands read: the flags naming the problem and the plan, and the reading itself. */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { loadProblem, type LoadedProblem, type ProblemSource } from '../core/load.ts';
import { readPlan } from '../lang/plan.ts';
import type { PlanStep } from '../model/lifted.ts';
import { flagSpecs, searchFlagSpecs, UsageError, type FlagSpec } from '../options/index.ts';
import { isPddl, pddlDefineKind } from '../pddl/detect.ts';
import { isPddlPlan, readPddlPlan } from '../pddl/plan.ts';
import { lurdSteps } from '../pipeline/solve.ts';
import type { Flag } from './command.ts';
import type { Io } from './io.ts';
import { bundledDomain, programName } from './paths.ts';

export const levelFlag = { type: 'string', value: 'N|TITLE', help: 'which level of a collection (1-based number or title)' } as const satisfies Flag;
export const domainFlag = { type: 'string', value: 'FILE', help: 'opn/4 or PDDL domain file (default: domains/sokoban.pl)' } as const satisfies Flag;
export const jsonFlag = { type: 'boolean', help: 'one JSON object on stdout' } as const satisfies Flag;

/** The search flags of solve, compare and trace with their help, generated from the strategy records (src/options). */
export const searchFlags = searchFlagSpecs();

/** solve's --backend, --theory and --engine (compare takes the latter two) with their help (src/options). */
export const backendFlags = flagSpecs(['backend', 'theory', 'engine']) as Record<'backend' | 'theory' | 'engine', FlagSpec>;

/** The plan of validate and explain. */
export const planFlags = {
  plan: {
    type: 'string',
    value: 'FILE',
    help: 'the plan: one step per line, as solve prints them (pushR(x1y2,x2y2,x3y2)), or in PDDL as VAL and Fast Downward write them ((push-r x1y2 x2y2 x3y2), ; comments)',
  },
  lurd: { type: 'string', value: 'STRING', help: 'the plan of a level as LURD letters (l u r d move, L U R D push)' },
} as const satisfies Record<string, Flag>;

/**
 * The texts of the problem: the file, its level, the domain (the bundled
 * Sokoban domain without --domain). A PDDL file without a domain is a
 * UsageError that names the command to run (`command`: the one the user
 * ran).
 */
export function readSource(io: Io, file: string, values: { level?: string; domain?: string }, command = 'solve'): ProblemSource {
  const text = io.readFile(file);
  if (values.domain === undefined) checkDomainGiven(file, text, command);
  const domainFile = values.domain ?? bundledDomain;
  return { file, text, level: values.level, domainFile, domainText: io.readFile(domainFile), ...(values.domain === undefined ? { defaultDomain: true } : {}) };
}

/**
 * Throws a UsageError for a PDDL file given without its domain: a PDDL
 * problem (naming the domain.pddl beside it when there is one) or a PDDL
 * domain alone.
 */
export function checkDomainGiven(file: string, text: string, command: string): void {
  if (!isPddl(file, text)) return;
  if (pddlDefineKind(text) === 'domain') {
    throw new UsageError(`${file} is a PDDL domain: give a problem after it, as in: ${programName()} ${command} ${file} PROBLEM.pddl`);
  }
  const sibling = join(dirname(file), 'domain.pddl');
  if (sibling !== join(file) && existsSync(sibling)) {
    throw new UsageError(`${file} is a PDDL problem and needs its domain; did you mean: ${programName()} ${command} ${sibling} ${file}?`);
  }
  throw new UsageError(`${file} is a PDDL problem and needs its domain: ${programName()} ${command} DOMAIN.pddl ${file} (or --domain DOMAIN.pddl)`);
}

/** Reads and checks the problem; throws PlanlogError for bad input (UsageError for a PDDL file without its domain). */
export function load(io: Io, file: string, values: { level?: string; domain?: string }, command = 'solve'): { loaded: LoadedProblem; parseMs: number } {
  const t0 = performance.now();
  const loaded = loadProblem(readSource(io, file, values, command));
  return { loaded, parseMs: performance.now() - t0 };
}

/**
 * The plan of validate and explain: the steps of the --plan file (planlog's
 * steps, or PDDL's `(action arg …)` lines, told apart per file), or of the
 * --lurd string (levels only).
 */
export function readSteps(io: Io, values: { plan?: string; lurd?: string }, loaded: LoadedProblem): PlanStep[] {
  if (values.plan === undefined) return lurdSteps(loaded, values.lurd as string);
  const text = io.readFile(values.plan);
  return isPddlPlan(text) ? readPddlPlan(text, values.plan, loaded.domain) : readPlan(text, values.plan);
}
