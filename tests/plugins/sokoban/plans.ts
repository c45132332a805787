/**
 * Shared by the push-level search's tests: a board from rows of a level,
 * and whether steps (moveX/pushX) replay on a level by domains/sokoban.pl's
 * operators, every step applying and the goal holding at the end.
 */
import { readFileSync } from 'node:fs';
import { loadProblem } from '../../../src/core/load.ts';
import { planSteps } from '../../../src/core/report.ts';
import { Board } from '../../../src/plugins/sokoban/board.ts';
import { readLevel } from '../../../src/sokoban/level.ts';
import { validatePlan } from '../../../src/strips/validate.ts';

const DOMAIN = 'domains/sokoban.pl';
const domainText = readFileSync(new URL(`../../../${DOMAIN}`, import.meta.url), 'utf8');

/** The board of a level given by its rows. */
export const board = (rows: string[]): Board => new Board(readLevel(rows.join('\n'), 'test.txt', undefined));

/** Whether the steps replay on the level (`level`: its number in a collection's text). */
export function replays(text: string, steps: string[], level?: number): boolean {
  const loaded = loadProblem({ file: 'test.txt', text, level, isProlog: false, domainFile: DOMAIN, domainText });
  return validatePlan(loaded.domain, loaded.problem, planSteps(steps)).valid;
}
