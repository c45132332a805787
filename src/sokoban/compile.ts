/**
 * Level → STRIPS problem in the vocabulary of domains/sokoban.pl.
 *
 * `init` lists, in this order (each group deterministic):
 * 1. `top(A, B)` — A directly above B — for every vertical pair of cells,
 *    ordered by the lower cell B in row-major order;
 * 2. `right(A, B)` — A directly right of B — for every horizontal pair of
 *    cells, ordered by the left cell B in row-major order;
 * 3. `sokoban(P)` — the player's cell;
 * 4. `box(C)` for each box, row-major;
 * 5. `empty(C)` for every cell with neither player nor box, row-major.
 * `goal` is `box(G)` for each goal cell, row-major.
 * Only cells (floor inside the walls, `level.cells`) take part. Each literal
 * is located at the board square of its first argument.
 */
import type { Arg, Literal, Problem } from '../strips/model.ts';
import { cellLoc, cellName, isCell, type Level, type Point } from './level.ts';

/** The predicates of the Sokoban domain that no operator changes. */
export const SOKOBAN_STATIC: Set<string> = new Set<string>(['top', 'right']);

function cellArg(p: Point): Arg {
  return { kind: 'const', value: cellName(p.x, p.y) };
}

function fact(level: Level, pred: string, ...cells: Point[]): Literal {
  return { pred, args: cells.map(cellArg), loc: cellLoc(level, cells[0].x, cells[0].y) };
}

/** The initial facts and goal facts of a level (see the module comment for the order). */
export function compileLevel(level: Level): Problem {
  const init: Literal[] = [];
  for (const b of level.cells) {
    if (isCell(level, b.x, b.y - 1)) init.push(fact(level, 'top', { x: b.x, y: b.y - 1 }, b));
  }
  for (const b of level.cells) {
    if (isCell(level, b.x + 1, b.y)) init.push(fact(level, 'right', { x: b.x + 1, y: b.y }, b));
  }
  init.push(fact(level, 'sokoban', level.player));
  const occupied = new Set<string>([cellName(level.player.x, level.player.y)]);
  for (const box of level.boxes) {
    init.push(fact(level, 'box', box));
    occupied.add(cellName(box.x, box.y));
  }
  for (const c of level.cells) {
    if (!occupied.has(cellName(c.x, c.y))) init.push(fact(level, 'empty', c));
  }
  const goal = level.goals.map((g) => fact(level, 'box', g));
  return { file: level.file, init, goal };
}
