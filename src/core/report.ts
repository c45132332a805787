/** The report of a solve, shared by both backends, and the plan helpers they use to build it. */
import { parseTerm } from '../lang/parse.ts';
import type { SearchOptions, SearchResult } from '../search/types.ts';
import { countMovesPushes, isSokobanStep, planToLurd } from '../sokoban/lurd.ts';
import type { PreprocessStats } from '../strips/preprocess.ts';
import type { ValidationResult } from '../strips/validate.ts';
import type { PlanStep } from '../model/lifted.ts';
import type { Warning } from '../lint/index.ts';

/** The two backends: planlog's own search (ts) and the planning theory on a Prolog engine. */
export const backendNames = ['ts', 'prolog'] as const;
export type Backend = (typeof backendNames)[number];

export interface SolveReport {
  status: SearchResult['status'];
  /** Ground operator terms, as the domain names them; [] unless solved. */
  plan: string[];
  length: number;
  cost: number;
  optimal: boolean;
  lurd?: string;
  moves?: number;
  pushes?: number;
  algo: string;
  /** The heuristic of the run that answered ('none' for none). */
  heuristic: string;
  /** Every heuristic used when a preset or portfolio ran several (SearchResult.heuristics); absent: just `heuristic`. */
  heuristics?: string[];
  backend: Backend;
  cycle: SearchOptions['cycle'];
  /** Why no plan was returned (unsolvable or limit). */
  reason?: string;
  /** On unsolvable: 'action-rule' when proven only under the original's rule (see SearchResult). */
  proof?: SearchResult['proof'];
  stats: SearchResult['stats'] & {
    parseMs: number;
    groundMs: number;
    totalMs: number;
    atoms: number;
    operators: number;
    /** The preprocessing of the ground task (atoms and operators above are the task as ground): the sizes after it and each phase's time; absent when the search did not start from a ground task. */
    preprocess?: PreprocessStats;
  };
  /** The lint's warnings on this problem (src/lint): the texts', and the ground task's when it was ground; absent: none. */
  warnings?: Warning[];
  /** The validator's replay of the plan (states for rendering). Not part of the JSON output. */
  validation?: ValidationResult;
}

/**
 * Plan step strings as terms for the validator. Each distinct step is parsed
 * once (a plan repeats its operators: classic level 67's 59,675 moves are 570
 * operators, and parsing each step took a second); the terms are shared and
 * only read.
 */
export function planSteps(plan: readonly string[], file = '<plan>'): PlanStep[] {
  const parsed = new Map<string, PlanStep['term']>();
  return plan.map((s) => {
    let term = parsed.get(s);
    if (term === undefined) parsed.set(s, (term = parseTerm(s, file)));
    return { term };
  });
}

/**
 * LURD string and move/push counts of a Sokoban plan; undefined when a step
 * is not a moveX/pushX (a level solved with a domain that names its
 * operators otherwise).
 */
export function sokobanFields(plan: readonly string[]): { lurd: string; moves: number; pushes: number } | undefined {
  if (!plan.every(isSokobanStep)) return undefined;
  return { lurd: planToLurd(plan), ...countMovesPushes(plan) };
}

