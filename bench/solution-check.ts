/**
 * Known solutions through the forward push-level search's checks: each
 * solution of a solutions file (`N: LURD`, e.g. from
 * `scripts/classic-best.mjs --solutions`) is replayed push by push on the
 * space the forward members search (PushSpace, single pushes, the default
 * pruning: dead squares, freeze, frozen-goal and corral deadlocks, the
 * matching estimate), calling it as the engine does: the state's pushes
 * (`applicable`), the freeze test of the push (`rejectFreeze`), the
 * successor (`apply`, `evaluate`, `onNew`) and the corral test when it is
 * taken (`pruneOnPop`); then backward, as auto's backward members search
 * (pull dead squares, the matching and push-distance estimates to the
 * initial boxes), from the solved state undoing each push by a pull, to
 * the initial state (the backward goal test). Every state of a solution
 * can be solved, so a check that calls one dead, or a push (pull) of the
 * solution that is not generated, is a bug of that check: it is reported
 * with the step and the board, and the tool exits 1. A solution that does
 * not replay on its level is an error (exit 2).
 *
 * Also counted, not errors: the pushes of a solution that PI-corral pruning
 * (`--pi-corrals`, auto's forward members) would not generate (the pruning
 * keeps some solution, not every one).
 *
 * `--backward-states N` needs no solutions: a backward greedy search
 * (matching, as auto's first member) runs N expanded states on each level,
 * and every state it stored, each solvable (its pulls from the goals,
 * reversed, solve it), goes through the forward search's checks of a
 * whole state (as on a level's initial state: dead squares, freeze,
 * corral and frozen-goal deadlocks, the matching estimate) and through the
 * push back to the state it was pulled from, tested as above. The states
 * near the goals, where forward searches of hard levels spend their time.
 *
 *   npx tsx bench/solution-check.ts --levels FILE[:N | :A-B | :1,4,7-9] [--solutions FILE] [--backward-states N] [--show N]
 *
 * `--levels` defaults to every level of FILE that the solutions file has
 * (every level without one); `--show` is how many boards to print per
 * broken check (default 1).
 */
import { benchArgs, readInput } from './args.ts';
import { solutionLines, solutionPushes } from './solutions.ts';
import { parseRanges, splitSpec } from '../src/bench/levels.ts';
import { Board } from '../src/plugins/sokoban/board.ts';
import { CorralCheck, PiCorrals } from '../src/plugins/sokoban/corral.ts';
import { deadSquares, FreezeCheck, pullDeadSquares } from '../src/plugins/sokoban/deadlocks.ts';
import { BoxEstimator } from '../src/plugins/sokoban/estimates.ts';
import { FrozenGoals } from '../src/plugins/sokoban/frozen-goals.ts';
import { subLevel } from '../src/plugins/sokoban/improve.ts';
import { PushSpace } from '../src/plugins/sokoban/push-search.ts';
import { renderInitial } from '../src/sokoban/render.ts';
import { readLevel, scanLevels } from '../src/sokoban/level.ts';
import { Budget } from '../src/util/budget.ts';
import { bestFirstSearch } from '../src/search/engine.ts';
import { defaultSearchOptions } from '../src/search/types.ts';
import type { StateStore } from '../src/strips/store.ts';

const { values } = benchArgs(import.meta.url, {
  options: {
    levels: { type: 'string' },
    solutions: { type: 'string' },
    'backward-states': { type: 'string', default: '0' },
    show: { type: 'string', default: '1' },
  },
});
const fail = (message: string): never => {
  console.error(`bench/solution-check.ts: ${message}`);
  process.exit(2);
};
const backwardStates = Number(values['backward-states']);
if (!Number.isInteger(backwardStates) || backwardStates < 0) fail(`--backward-states: a whole number, not '${values['backward-states']}'`);
if (values.levels === undefined || (values.solutions === undefined && backwardStates === 0)) fail('--levels FILE and --solutions FILE (or --backward-states N) are needed (--help)');
const show = Number(values.show);
if (!Number.isInteger(show) || show < 0) fail(`--show: a whole number, not '${values.show}'`);

const { file, ranges } = splitSpec(values.levels as string);
const text = readInput(import.meta.url, '--levels', file);
const entries = scanLevels(text, file);
const solutionsFile = values.solutions ?? '';
const solutionsText = values.solutions === undefined ? '' : readInput(import.meta.url, '--solutions', solutionsFile);
const { plans, other } = solutionLines(solutionsText);
if (other.length > 0) fail(`${solutionsFile}:${other[0]}: expected 'N: LURD'`);
const numbers =
  ranges !== null ? parseRanges(ranges, entries.length, file) : values.solutions === undefined ? entries.map((_, i) => i + 1) : [...plans.keys()].filter((n) => n <= entries.length).sort((a, b) => a - b);

/** The forward members' space of a level with its default pruning (single pushes), and the checks it holds. */
interface Forward {
  board: Board;
  dead: Uint8Array;
  freeze: FreezeCheck;
  corrals: CorralCheck;
  frozenGoals: FrozenGoals;
  matching: BoxEstimator;
  space: PushSpace;
}

function forwardOf(board: Board): Forward {
  const dead = deadSquares(board);
  const freeze = new FreezeCheck(board, dead);
  const corrals = new CorralCheck(board, dead, { backing: true, merge: true });
  const frozenGoals = new FrozenGoals(board, freeze);
  const matching = new BoxEstimator(board, 'matching');
  const space = new PushSpace(board, dead, false, freeze, corrals, matching);
  space.frozenGoals = frozenGoals;
  return { board, dead, freeze, corrals, frozenGoals, matching, space };
}

/** The board of a state of `space` (its boxes, its player's normalised square), as text. */
function boardText(board: Board, space: PushSpace, s: Uint32Array): string {
  const boxes = new Int32Array(board.boxes.length);
  const k = space.readBoxes(s, 0, boxes);
  return renderInitial(subLevel(board, boxes.subarray(0, k), space.playerSquare(s, 0), board.goals));
}

/**
 * The push `op` of state `s` tested as the engine tests it, once `applicable`
 * has listed `ops[0..k)` for `s`: generated, not dropped by the freeze and
 * frozen-goal tests of the push, a finite estimate of its successor, no
 * corral deadlock when the successor is taken (all of them, also for a
 * push not generated). Tells `note` what broke (with the state it broke
 * on); returns the successor.
 */
function testPush(f: Forward, s: Uint32Array, op: number, ops: Int32Array, k: number, note: (check: string, st: Uint32Array) => void): Uint32Array {
  const { space, dead, board } = f;
  if (!ops.subarray(0, k).includes(op)) note(k === 0 ? 'frozen-goal deadlock (the state expanded)' : dead[(op >> 2) + board.dirs[op & 3]] ? 'dead squares (the push onto one)' : 'the pushes generated', s);
  if (space.rejectFreeze(op)) note('freeze or frozen-goal deadlock (the push)', s);
  const next = new Uint32Array(space.words);
  space.apply(op, s, 0, next, 0);
  if (space.evaluate(next, 0) === Infinity) note('matching estimate (after the push)', next);
  space.onNew(next, 0, op, 1);
  if (space.pruneOnPop(next, 0, 1)) note('corral deadlock (the state after the push, taken)', next);
  return next;
}

/** What one replay found: the first step a check broke at, by check, and the pushes PI-corrals would not generate. */
interface Finding {
  check: string;
  step: number;
  board: string;
}

function checkLevel(n: number, plan: { lurd: string; line: number; column: number }): { pushes: number; broken: Finding[]; piExcluded: number } {
  const level = readLevel(text, file, n);
  const board = new Board(level);
  const pushes = solutionPushes(level, board, n, plan, solutionsFile);
  if (typeof pushes === 'string') return fail(pushes);
  const f = forwardOf(board);
  const { space, dead, freeze } = f;
  const piSpace = new PushSpace(board, dead, false, freeze, null, f.matching);
  piSpace.piCorrals = new PiCorrals(board, dead);
  const ops = new Int32Array(space.numOps);
  const boxes = new Int32Array(board.boxes.length);
  const broken = new Map<string, Finding>();
  let step = 0;
  const note = (check: string, s: Uint32Array): void => {
    if (!broken.has(check)) broken.set(check, { check, step, board: boardText(board, space, s) });
  };
  let cur: Uint32Array = space.init.slice();
  let piExcluded = 0;
  for (let i = 0; i < pushes.length; i++) {
    const { box, dir } = pushes[i];
    const op = (box << 2) | dir;
    step = i + 1;
    const pk = piSpace.applicable(cur, 0, ops);
    if (!ops.subarray(0, pk).includes(op)) piExcluded++;
    cur = testPush(f, cur, op, ops, space.applicable(cur, 0, ops), note);
  }
  // backward (auto's first two members): from the solved state, each push undone by a pull, to the initial state
  const pullDead = pullDeadSquares(board);
  const est = { matching: new BoxEstimator(board, 'matching', board.boxes, true), pushdist: new BoxEstimator(board, 'pushdist', board.boxes, true) };
  const back = new PushSpace(board, pullDead, true, freeze, null, est.matching);
  for (let i = pushes.length - 1; i >= 0; i--) {
    const { box, dir } = pushes[i];
    // the push of the box on b in direction d is undone by the pull of the box on b + d in direction −d
    const op = ((box + board.dirs[dir]) << 2) | (dir ^ 1);
    step = i + 1;
    const k = back.applicable(cur, 0, ops);
    if (!ops.subarray(0, k).includes(op)) note(pullDead[box] ? 'backward: pull dead squares (the pull onto one)' : 'backward: the pulls generated', cur);
    const next = new Uint32Array(back.words);
    back.apply(op, cur, 0, next, 0);
    if (back.evaluate(next, 0) === Infinity) note('backward: matching estimate (no assignment after the pull)', next);
    const n = back.readBoxes(next, 0, boxes);
    if (est.pushdist.estimate(boxes, n) === Infinity) note('backward: push-distance estimate (a box no initial square)', next);
    cur = next;
  }
  step = 0;
  if (!back.isGoal(cur, 0)) note('backward: the initial state as the goal', cur);
  return { pushes: pushes.length, broken: [...broken.values()], piExcluded };
}

/**
 * The states a backward search stores, each solvable (its pulls from the
 * goals reversed), through the forward checks: the root checks of the
 * whole state (dead squares, freeze, corral and frozen-goal deadlocks, the
 * matching estimate) and the push that undoes the pull that made it, as
 * the forward search would make it. Counts per broken check, the first
 * board of each.
 */
function checkBackwardStates(n: number): { expanded: number; checked: number; broken: Map<string, { count: number; board: string }> } {
  const board = new Board(readLevel(text, file, n));
  const f = forwardOf(board);
  const { space, dead, freeze, corrals, frozenGoals, matching } = f;
  const back = new PushSpace(board, pullDeadSquares(board), true, freeze, null, new BoxEstimator(board, 'matching', board.boxes, true));
  const options = { ...defaultSearchOptions, maxNodes: backwardStates };
  let store: StateStore | null = null;
  const run = bestFirstSearch(
    back,
    options,
    { gWeight: 0, hWeight: 1, reopen: false, goalOnGeneration: true, tieByG: false, preferDeep: true, lazy: false, preferred: false, fScale: 16 },
    { evaluator: back, onStore: (st) => (store = st) },
    new Budget(options),
  );
  const broken = new Map<string, { count: number; board: string }>();
  const W = space.words;
  const boxes = new Int32Array(board.boxes.length);
  const boxAt = new Uint8Array(board.size);
  const ops = new Int32Array(space.numOps);
  const note = (check: string, st: Uint32Array): void => {
    const seen = broken.get(check);
    if (seen) seen.count++;
    else broken.set(check, { count: 1, board: boardText(board, space, st) });
  };
  const kept = store as StateStore | null;
  if (kept === null) return { expanded: run.stats.expanded, checked: 0, broken };
  let checked = 0;
  for (let id = 0; id < kept.size; id++) {
    const parent = kept.parent[id];
    if (parent < 0) continue;
    checked++;
    const st = kept.data.slice(id * W, id * W + W);
    // the whole state
    const k = space.readBoxes(st, 0, boxes);
    const player = space.playerSquare(st, 0);
    for (let i = 0; i < k; i++) boxAt[boxes[i]] = 1;
    if (boxes.subarray(0, k).some((b) => dead[b])) note('dead squares (a box on one)', st);
    else if (boxes.subarray(0, k).some((b) => !board.goal[b] && freeze.frozenAt(boxAt, b))) note('freeze (a box frozen off goal)', st);
    if (corrals.deadlocked(boxAt, player)) note('corral deadlock (the whole state)', st);
    for (let i = 0; i < k; i++) boxAt[boxes[i]] = 0;
    if (frozenGoals.deadlocked(boxes, k, player)) note('frozen-goal deadlock (the whole state)', st);
    if (matching.estimate(boxes, k) === Infinity) note('matching estimate (the whole state)', st);
    // the push back to the parent: the pull moved the box on b in direction d to b + d
    const pull = kept.op[id];
    const dk = pull & 3;
    const op = (((pull >> 2) + board.dirs[dk]) << 2) | (dk ^ 1);
    testPush(f, st, op, ops, space.applicable(st, 0, ops), note);
  }
  return { expanded: run.stats.expanded, checked, broken };
}

let bad = 0;
const shown: string[] = [];
if (values.solutions !== undefined) {
  console.log('| level | pushes | checks that broke (first step) | pushes PI-corrals leave out |');
  console.log('|---|---|---|---|');
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
  for (const s of shown.splice(0)) console.log(s);
  console.log(`\n${numbers.length} levels, ${bad} with a check that calls a state of its solution dead`);
}
if (backwardStates > 0) {
  let badStates = 0;
  console.log(`\n| level | backward states expanded | stored states checked | checks that broke (states) |`);
  console.log('|---|---|---|---|');
  for (const n of numbers) {
    const r = checkBackwardStates(n);
    if (r.broken.size > 0) badStates++;
    const list = [...r.broken].map(([check, b]) => `${check} (${b.count})`).join('; ');
    console.log(`| ${n} | ${r.expanded} | ${r.checked} | ${list === '' ? 'none' : list} |`);
    for (const [check, b] of [...r.broken].slice(0, show)) shown.push(`\nlevel ${n}, a backward state: ${check}\n${b.board}`);
  }
  for (const s of shown) console.log(s);
  console.log(`\n${numbers.length} levels, ${badStates} with a check that calls a backward search's state dead`);
  bad += badStates;
}
process.exit(bad > 0 ? 1 : 0);
