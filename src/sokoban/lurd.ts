/**
 * LURD notation: `l u r d` for a move, `L U R D` for a push. Converts plans
 * of domains/sokoban.pl (moveX(From,To), pushX(Sok,From,To)) to LURD and
 * back.
 */
import { PlanlogError } from '../util/errors.ts';
import { quoteAtom } from '../model/terms.ts';
import { cellName, isCell, isWall, type Level, type Point } from './level.ts';

type Dir = 'U' | 'D' | 'L' | 'R';

const DELTA: Record<Dir, Point> = {
  U: { x: 0, y: -1 },
  D: { x: 0, y: 1 },
  L: { x: -1, y: 0 },
  R: { x: 1, y: 0 },
};

/** The operator name of a plan step: the text before `(` (the whole step for an atom). */
function operatorName(step: string): string {
  const s = step.trim();
  const open = s.indexOf('(');
  return open < 0 ? s : s.slice(0, open).trim();
}

/** True when the step is a moveU/D/L/R or pushU/D/L/R of domains/sokoban.pl (by operator name). */
export function isSokobanStep(step: string): boolean {
  return /^(move|push)[UDLR]$/.test(operatorName(step));
}

/** The kind and direction of a step; throws a PlanlogError for a step that is neither moveX nor pushX. */
function classifyStep(step: string, index: number, file: string): { push: boolean; dir: Dir } {
  const m = /^(move|push)([UDLR])$/.exec(operatorName(step));
  if (!m) {
    throw new PlanlogError({
      file,
      message: `step ${index + 1} (${step}) is not a Sokoban step: expected moveU/D/L/R or pushU/D/L/R`,
    });
  }
  return { push: m[1] === 'push', dir: m[2] as Dir };
}

/**
 * The LURD string of a plan: moveU/D/L/R → u/d/l/r, pushU/D/L/R → U/D/L/R
 * (by operator name). Throws a PlanlogError naming the first step with
 * another operator.
 */
export function planToLurd(plan: readonly string[], file = '<plan>'): string {
  return plan
    .map((step, i) => {
      const { push, dir } = classifyStep(step, i, file);
      return push ? dir : dir.toLowerCase();
    })
    .join('');
}

/**
 * Moves = all steps, pushes = push steps (the usual Sokoban counts).
 * Throws a PlanlogError for a step that is neither a move nor a push.
 */
export function countMovesPushes(plan: readonly string[], file = '<plan>'): { moves: number; pushes: number } {
  let pushes = 0;
  plan.forEach((step, i) => {
    if (classifyStep(step, i, file).push) pushes++;
  });
  return { moves: plan.length, pushes };
}

/**
 * The characters of a LURD string other than whitespace, each with its
 * 1-based line and column (in characters, as a terminal shows them).
 */
function* lurdLetters(lurd: string): Generator<{ ch: string; line: number; column: number }> {
  let line = 1;
  let column = 0;
  for (const ch of lurd) {
    column++;
    if (ch === '\n') {
      line++;
      column = 0;
    } else if (!/\s/.test(ch)) yield { ch, line, column };
  }
}

/**
 * The plan (ground operator terms as domains/sokoban.pl names them) that
 * replays a LURD string on the level; whitespace is ignored. Throws a
 * PlanlogError located at the first impossible character (its line and
 * column in `lurd`), naming the step number: a move into a
 * wall or a box, a push with no box or into a wall or box, an unknown
 * character.
 */
export function lurdToPlan(level: Level, lurd: string, file = '<lurd>'): string[] {
  const boxes = new Set(level.boxes.map((b) => cellName(b.x, b.y)));
  let player: Point = { ...level.player };
  const plan: string[] = [];
  let step = 0;
  for (const { ch, line, column } of lurdLetters(lurd)) {
    step++;
    const fail = (message: string): never => {
      throw new PlanlogError({ file, line, column, message: `step ${step} ('${ch}'): ${message}` });
    };
    if (!/^[udlrUDLR]$/.test(ch)) fail('unknown character: use l u r d to move and L U R D to push');
    const upper = ch.toUpperCase();
    const dir = upper as Dir;
    const d = DELTA[dir];
    const next = { x: player.x + d.x, y: player.y + d.y };
    const nextName = cellName(next.x, next.y);
    const where = (p: Point): string => (isWall(level, p.x, p.y) ? `the wall at ${cellName(p.x, p.y)}` : `${cellName(p.x, p.y)} (not a floor cell)`);
    if (ch === upper) {
      if (!boxes.has(nextName)) {
        fail(isCell(level, next.x, next.y) ? `no box to push at ${nextName}` : `no box to push at ${nextName}: it is ${where(next)}`);
      }
      const beyond = { x: next.x + d.x, y: next.y + d.y };
      const beyondName = cellName(beyond.x, beyond.y);
      if (!isCell(level, beyond.x, beyond.y)) fail(`cannot push the box at ${nextName} into ${where(beyond)}`);
      if (boxes.has(beyondName)) fail(`cannot push the box at ${nextName} into the box at ${beyondName}`);
      plan.push(`push${dir}(${cellName(player.x, player.y)},${nextName},${beyondName})`);
      boxes.delete(nextName);
      boxes.add(beyondName);
    } else {
      if (!isCell(level, next.x, next.y)) fail(`cannot move into ${where(next)}`);
      if (boxes.has(nextName)) fail(`cannot walk into the box at ${nextName} (use '${upper}' to push it)`);
      plan.push(`move${dir}(${cellName(player.x, player.y)},${nextName})`);
    }
    player = next;
  }
  return plan;
}

/**
 * The operator terms a LURD string stands for, by geometry alone: each
 * letter moves (or pushes) from the player's cell one cell in its direction,
 * whether or not that is possible. This is what `validate --lurd` checks:
 * the validator, not this function, decides whether a step applies. Throws a
 * PlanlogError only for a character that is not a LURD letter; `lines` and
 * `columns` give each step's 1-based position in `lurd`.
 */
export function lurdToTerms(level: Level, lurd: string, file = '<lurd>'): { plan: string[]; columns: number[]; lines: number[] } {
  let player: Point = { ...level.player };
  const plan: string[] = [];
  const columns: number[] = [];
  const lines: number[] = [];
  for (const { ch, line, column } of lurdLetters(lurd)) {
    if (!/^[udlrUDLR]$/.test(ch)) {
      throw new PlanlogError({ file, line, column, message: `step ${plan.length + 1} ('${ch}'): unknown character: use l u r d to move and L U R D to push` });
    }
    const dir = ch.toUpperCase() as Dir;
    const d = DELTA[dir];
    const next = { x: player.x + d.x, y: player.y + d.y };
    // a step off the map names a cell such as 'x-1y2' (quoted, so that it reads as an atom)
    const from = quoteAtom(cellName(player.x, player.y));
    const to = quoteAtom(cellName(next.x, next.y));
    plan.push(ch === dir ? `push${dir}(${from},${to},${quoteAtom(cellName(next.x + d.x, next.y + d.y))})` : `move${dir}(${from},${to})`);
    columns.push(column);
    lines.push(line);
    player = next;
  }
  return { plan, columns, lines };
}
