/** What the problem commands read: the flags naming the problem and the plan, and the reading itself. */
import { loadProblem, type LoadedProblem, type ProblemSource } from '../core/load.ts';
import { readPlan } from '../lang/plan.ts';
import type { PlanStep } from '../model/lifted.ts';
import { flagSpecs, searchFlagSpecs, type FlagSpec } from '../options/index.ts';
import { lurdSteps } from '../pipeline/solve.ts';
import type { Flag } from './command.ts';
import type { Io } from './io.ts';
import { bundledDomain } from './paths.ts';

export const levelFlag = { type: 'string', value: 'N|TITLE', help: 'which level of a collection (1-based number or title)' } as const satisfies Flag;
export const domainFlag = { type: 'string', value: 'FILE', help: 'domain file of opn/4 facts (default: domains/sokoban.pl)' } as const satisfies Flag;
export const jsonFlag = { type: 'boolean', help: 'one JSON object on stdout' } as const satisfies Flag;

/** The search flags of solve, compare and trace with their help, generated from the strategy records (src/options). */
export const searchFlags = searchFlagSpecs();

/** solve's --backend, --theory and --engine (compare takes the latter two) with their help (src/options). */
export const backendFlags = flagSpecs(['backend', 'theory', 'engine']) as Record<'backend' | 'theory' | 'engine', FlagSpec>;

/** The plan of validate and explain. */
export const planFlags = {
  plan: { type: 'string', value: 'FILE', help: 'the plan: one step per line, as solve prints them (pushR(x1y2,x2y2,x3y2))' },
  lurd: { type: 'string', value: 'STRING', help: 'the plan of a level as LURD letters (l u r d move, L U R D push)' },
} as const satisfies Record<string, Flag>;

/** The texts of the problem: the file, its level, the domain (the bundled Sokoban domain without --domain). */
export function readSource(io: Io, file: string, values: { level?: string; domain?: string }): ProblemSource {
  const domainFile = values.domain ?? bundledDomain;
  return { file, text: io.readFile(file), level: values.level, domainFile, domainText: io.readFile(domainFile), ...(values.domain === undefined ? { defaultDomain: true } : {}) };
}

/** Reads and checks the problem; throws PlanlogError for bad input. */
export function load(io: Io, file: string, values: { level?: string; domain?: string }): { loaded: LoadedProblem; parseMs: number } {
  const t0 = performance.now();
  const loaded = loadProblem(readSource(io, file, values));
  return { loaded, parseMs: performance.now() - t0 };
}

/** The plan of validate and explain: the steps of the --plan file, or of the --lurd string (levels only). */
export function readSteps(io: Io, values: { plan?: string; lurd?: string }, loaded: LoadedProblem): PlanStep[] {
  return values.plan !== undefined ? readPlan(io.readFile(values.plan), values.plan) : lurdSteps(loaded, values.lurd as string);
}
