/**
 * Known solutions through the forward push-level search's checks: each
 * solution of a solutions file (`N: LURD`, e.g. from
 * `scripts/classic-best.mjs --solutions`) is replayed push by push on the
 * space the forward members search (PushSpace, single pushes, the default
 * pruning: dead squares, freeze, frozen-goal and corral deadlocks, the
 * matching estimate), calling it as the engine does: the state's pushes
 * (`applicable`), the freeze test of the push (`rejectFreeze`), the
 * successor (`apply`, `evaluate`, `onNew`) and the corral test when it is
 * taken (`pruneOnPop`). Every state of a solution can be solved, so a check
 * that calls one dead, or a push of the solution that is not generated, is
 * a bug of that check: it is reported with the step and the board, and the
 * tool exits 1. A solution that does not replay on its level is an error
 * (exit 2).
 *
 * Also counted, not errors: the pushes of a solution that PI-corral pruning
 * (`--pi-corrals`, auto's forward members) would not generate (the pruning
 * keeps some solution, not every one).
 *
 *   npx tsx bench/solution-check.ts --levels FILE[:N | :A-B | :1,4,7-9] --solutions FILE [--show N]
 *
 * `--levels` defaults to every level of FILE that the solutions file has;
 * `--show` is how many boards to print per broken check (default 1).
 */
import { benchArgs, planLines, readInput } from './args.ts';
import { parseRanges, splitSpec } from '../src/bench/levels.ts';
import { Board } from '../src/plugins/sokoban/board.ts';
import { CorralCheck, PiCorrals } from '../src/plugins/sokoban/corral.ts';
import { deadSquares, FreezeCheck } from '../src/plugins/sokoban/deadlocks.ts';
import { BoxEstimator } from '../src/plugins/sokoban/estimates.ts';
import { FrozenGoals } from '../src/plugins/sokoban/frozen-goals.ts';
import { pushesOfSteps, subLevel } from '../src/plugins/sokoban/improve.ts';
import { PushSpace } from '../src/plugins/sokoban/push-search.ts';
import { lurdToPlan } from '../src/sokoban/lurd.ts';
import { renderInitial } from '../src/sokoban/render.ts';
import { readLevel, scanLevels } from '../src/sokoban/level.ts';
import { PlanlogError } from '../src/util/errors.ts';

const { values } = benchArgs(import.meta.url, {
  options: {
    levels: { type: 'string' },
    solutions: { type: 'string' },
    show: { type: 'string', default: '1' },
  },
});
const fail = (message: string): never => {
  console.error(`bench/solution-check.ts: ${message}`);
  process.exit(2);
};
if (values.levels === undefined || values.solutions === undefined) fail('--levels FILE and --solutions FILE are needed (--help)');
const show = Number(values.show);
if (!Number.isInteger(show) || show < 0) fail(`--show: a whole number, not '${values.show}'`);

const { file, ranges } = splitSpec(values.levels as string);
const text = readInput(import.meta.url, '--levels', file);
const entries = scanLevels(text, file);
const solutionsFile = values.solutions as string;
const solutionsText = readInput(import.meta.url, '--solutions', solutionsFile);
const { plans, other: notPlans } = planLines(solutionsText);
// `;` lines are comments too (classic-best.mjs writes one)
const other = notPlans.filter((l) => !solutionsText.split(/\r?\n/)[l - 1].trim().startsWith(';'));
if (other.length > 0) fail(`${solutionsFile}:${other[0]}: expected 'N: LURD'`);
const numbers = ranges === null ? [...plans.keys()].filter((n) => n <= entries.length).sort((a, b) => a - b) : parseRanges(ranges, entries.length, file);

/** What one replay found: the first step a check broke at, by check, and the pushes PI-corrals would not generate. */
interface Finding {
  check: string;
  step: number;
  board: string;
}

function checkLevel(n: number, plan: { lurd: string; line: number; column: number }): { pushes: number; broken: Finding[]; piExcluded: number } {
  const level = readLevel(text, file, n);
  const board = new Board(level);
  let steps: string[];
  try {
    steps = lurdToPlan(level, plan.lurd, solutionsFile);
  } catch (e) {
    if (!(e instanceof PlanlogError)) throw e;
    // the LURD's column in its line of the file
    const at = e.first.column === undefined ? '' : `:${plan.column + e.first.column - 1}`;
    return fail(`${solutionsFile}:${plan.line}${at}: level ${n}: ${e.first.message}`);
  }
  const pushes = pushesOfSteps(board, steps);
  const dead = deadSquares(board);
  const freeze = new FreezeCheck(board, dead);
  const corrals = new CorralCheck(board, dead, { backing: true, merge: true });
  const space = new PushSpace(board, dead, false, freeze, corrals, new BoxEstimator(board, 'matching'));
  space.frozenGoals = new FrozenGoals(board, freeze);
  const piSpace = new PushSpace(board, dead, false, freeze, null, new BoxEstimator(board, 'matching'));
  piSpace.piCorrals = new PiCorrals(board, dead);
  const ops = new Int32Array(space.numOps);
  const boxes = new Int32Array(board.boxes.length);
  const broken = new Map<string, Finding>();
  const note = (check: string, step: number, s: Uint32Array): void => {
    if (broken.has(check)) return;
    const k = space.readBoxes(s, 0, boxes);
    broken.set(check, { check, step, board: renderInitial(subLevel(board, boxes.subarray(0, k), space.playerSquare(s, 0), board.goals)) });
  };
  let cur = space.init.slice();
  let piExcluded = 0;
  for (let i = 0; i < pushes.length; i++) {
    const { box, dir } = pushes[i];
    const op = (box << 2) | dir;
    const step = i + 1;
    const k = space.applicable(cur, 0, ops);
    if (k === 0) note('frozen-goal deadlock (the state expanded)', step, cur);
    else if (!ops.subarray(0, k).includes(op)) note(dead[box + board.dirs[dir]] ? 'dead squares (the push onto one)' : 'the pushes generated', step, cur);
    const pk = piSpace.applicable(cur, 0, ops);
    if (!ops.subarray(0, pk).includes(op)) piExcluded++;
    space.applicable(cur, 0, ops); // the state decoded again for the push's own tests
    if (space.rejectFreeze(op)) note('freeze or frozen-goal deadlock (the push)', step, cur);
    const next = new Uint32Array(space.words);
    space.apply(op, cur, 0, next, 0);
    if (space.evaluate(next, 0) === Infinity) note('matching estimate (no assignment after the push)', step, next);
    space.onNew(next, 0, op, 1);
    if (space.pruneOnPop(next, 0, 1)) note('corral deadlock (the state after the push, taken)', step, next);
    cur = next;
  }
  return { pushes: pushes.length, broken: [...broken.values()], piExcluded };
}

let bad = 0;
console.log('| level | pushes | checks that broke (first step) | pushes PI-corrals leave out |');
console.log('|---|---|---|---|');
const shown: string[] = [];
for (const n of numbers) {
  const plan = plans.get(n);
  if (plan === undefined) {
    console.log(`| ${n} | - | no solution in ${solutionsFile} | - |`);
    continue;
  }
  const r = checkLevel(n, plan);
  if (r.broken.length > 0) bad++;
  console.log(`| ${n} | ${r.pushes} | ${r.broken.length === 0 ? 'none' : r.broken.map((f) => `${f.check} (${f.step})`).join('; ')} | ${r.piExcluded} |`);
  for (const f of r.broken.slice(0, show)) shown.push(`\nlevel ${n}, push ${f.step}: ${f.check}\n${f.board}`);
}
for (const s of shown) console.log(s);
console.log(`\n${numbers.length} levels, ${bad} with a check that calls a state of its solution dead`);
process.exit(bad > 0 ? 1 : 0);
