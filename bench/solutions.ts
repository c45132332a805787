/**
 * Known solutions for the bench tools that replay them (solution-check.ts,
 * solution-track.ts): the `N: LURD` lines of a solutions file, `;` lines
 * being comments too (scripts/classic-best.mjs writes one), and a
 * solution's pushes on its level, or the located reason it does not
 * replay.
 */
import { planLines, type PlanLine } from './args.ts';
import type { Board } from '../src/plugins/sokoban/board.ts';
import { pushesOfSteps } from '../src/plugins/sokoban/improve.ts';
import type { Push } from '../src/plugins/sokoban/push-search.ts';
import type { Level } from '../src/sokoban/level.ts';
import { lurdToPlan } from '../src/sokoban/lurd.ts';
import { PlanlogError } from '../src/util/errors.ts';

/** The solutions by level; `other`: the numbers of the lines that are none (blank, `#` and `;` lines left out). */
export function solutionLines(text: string): { plans: Map<number, PlanLine>; other: number[] } {
  const { plans, other } = planLines(text);
  const lines = text.split(/\r?\n/);
  return { plans, other: other.filter((l) => !lines[l - 1].trim().startsWith(';')) };
}

/** The pushes of level `n`'s solution `plan` from `file`, or why it does not replay: `FILE:line:col: level N: …` (the LURD's column in its line). */
export function solutionPushes(level: Level, board: Board, n: number, plan: PlanLine, file: string): Push[] | string {
  try {
    return pushesOfSteps(board, lurdToPlan(level, plan.lurd, file));
  } catch (e) {
    if (!(e instanceof PlanlogError)) throw e;
    const at = e.first.column === undefined ? '' : `:${plan.column + e.first.column - 1}`;
    return `${file}:${plan.line}${at}: level ${n}: ${e.first.message}`;
  }
}
