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
import type { Arg, Literal, Problem } from '../model/lifted.ts';
import { cellLoc, cellName, isCell, levelLabel, type Level, type Point, type ReadBudget } from './level.ts';

/** The predicates of the Sokoban domain that no operator changes. */
export const SOKOBAN_STATIC: Set<string> = new Set<string>(['top', 'right']);

/** Every predicate whose facts compileLevel writes (a level may have none of some: a single row has no top/2 fact). */
export const LEVEL_PREDICATES: ReadonlySet<string> = new Set<string>(['top', 'right', 'sokoban', 'box', 'empty']);

/**
 * The argument and the location of each cell, made once per cell and shared
 * by its facts (a big level has millions of facts; terms are never changed
 * after they are made).
 */
class CellTerms {
  private readonly args: (Arg | undefined)[];
  private readonly locs: (Literal['loc'] | undefined)[];
  constructor(private readonly level: Level) {
    this.args = new Array<Arg | undefined>(level.width * level.height).fill(undefined);
    this.locs = new Array<Literal['loc'] | undefined>(level.width * level.height).fill(undefined);
  }

  arg(p: Point): Arg {
    const k = p.y * this.level.width + p.x;
    return (this.args[k] ??= { kind: 'const', value: cellName(p.x, p.y) });
  }

  loc(p: Point): Literal['loc'] {
    const k = p.y * this.level.width + p.x;
    return (this.locs[k] ??= cellLoc(this.level, p.x, p.y));
  }

  fact(pred: string, a: Point, b?: Point): Literal {
    return { pred, args: b ? [this.arg(a), this.arg(b)] : [this.arg(a)], loc: this.loc(a) };
  }
}

/**
 * The initial facts and goal facts of a level (see the module comment for
 * the order). `budget` is polled every 1,024 cells (a limit stops the
 * compilation with its position).
 */
export function compileLevel(level: Level, budget?: ReadBudget): Problem {
  const init: Literal[] = [];
  const t = new CellTerms(level);
  const cells = level.cells;
  const n = cells.length;
  const fmt = (i: number): string => i.toLocaleString('en');
  const poll = (pass: string, i: number): void => {
    if (budget && (i & 1023) === 0) budget.poll(() => `compiling ${levelLabel(level)} of ${level.file} into facts (${pass}: cell ${fmt(i + 1)} of ${fmt(n)})`);
  };
  for (let i = 0; i < n; i++) {
    poll('top', i);
    const b = cells[i];
    if (isCell(level, b.x, b.y - 1)) init.push(t.fact('top', { x: b.x, y: b.y - 1 }, b));
  }
  for (let i = 0; i < n; i++) {
    poll('right', i);
    const b = cells[i];
    if (isCell(level, b.x + 1, b.y)) init.push(t.fact('right', { x: b.x + 1, y: b.y }, b));
  }
  init.push(t.fact('sokoban', level.player));
  // occupied squares as a grid: a level may have millions of cells
  const occupied = new Uint8Array(level.width * level.height);
  occupied[level.player.y * level.width + level.player.x] = 1;
  for (const box of level.boxes) {
    init.push(t.fact('box', box));
    occupied[box.y * level.width + box.x] = 1;
  }
  for (let i = 0; i < n; i++) {
    poll('empty', i);
    const c = cells[i];
    if (!occupied[c.y * level.width + c.x]) init.push(t.fact('empty', c));
  }
  const goal = level.goals.map((g) => t.fact('box', g));
  return { file: level.file, init, goal };
}
