/**
 * A level as flat arrays for the Sokoban-aware plug-ins (deadlocks,
 * heuristics, push-level search): squares are numbered p = y·width + x, the
 * four neighbours of p are p ± 1 and p ± width. Every floor cell is enclosed
 * by walls (the level reader checks that), so a neighbour of a floor cell is
 * always on the grid.
 *
 * Also maps the ground task's atoms to squares by name: `box(xXyY)` and
 * `sokoban(xXyY)` (the vocabulary of domains/sokoban.pl).
 */
import type { Task } from '../../strips/task.ts';
import { cellName, parseCellName, type Level } from '../../sokoban/level.ts';

export class Board {
  readonly width: number;
  readonly height: number;
  readonly size: number;
  /** 1 for a floor cell (inside the walls). */
  readonly floor: Uint8Array;
  /** 1 for a goal square. */
  readonly goal: Uint8Array;
  /** Floor cells in row-major order (grid squares). */
  readonly cells: Int32Array;
  /** Index in `cells` of each square (-1 for non-floor). */
  readonly cellIndex: Int32Array;
  /** Goal squares, row-major. */
  readonly goals: Int32Array;
  /** Box squares of the level's initial state, row-major. */
  readonly boxes: Int32Array;
  readonly player: number;
  /** Square offsets of up, down, left, right. */
  readonly dirs: Int32Array;

  constructor(readonly level: Level) {
    this.width = level.width;
    this.height = level.height;
    this.size = this.width * this.height;
    this.floor = new Uint8Array(this.size);
    this.goal = new Uint8Array(this.size);
    this.cellIndex = new Int32Array(this.size).fill(-1);
    const at = (x: number, y: number): number => y * this.width + x;
    this.cells = Int32Array.from(level.cells, (c) => at(c.x, c.y));
    this.cells.forEach((p, i) => {
      this.floor[p] = 1;
      this.cellIndex[p] = i;
    });
    this.goals = Int32Array.from(level.goals, (g) => at(g.x, g.y));
    for (const g of this.goals) this.goal[g] = 1;
    this.boxes = Int32Array.from(level.boxes, (b) => at(b.x, b.y));
    this.player = at(level.player.x, level.player.y);
    this.dirs = Int32Array.from([-this.width, this.width, -1, 1]);
  }

  /** Rows plus columns between two squares. */
  manhattan(a: number, b: number): number {
    return Math.abs((a % this.width) - (b % this.width)) + Math.abs(Math.floor(a / this.width) - Math.floor(b / this.width));
  }

  /** The `xXyY` name of a square. */
  name(p: number): string {
    return cellName(p % this.width, Math.floor(p / this.width));
  }

  /** The board square of an `xXyY` name, or -1. */
  square(name: string): number {
    const pt = parseCellName(name);
    return pt && pt.x < this.width && pt.y < this.height ? pt.y * this.width + pt.x : -1;
  }
}

/**
 * Marks with `stamp` in `mark` the free cells (floor without a box, boxAt
 * as obstacles) connected to `from`, with `queue` (board.size long) as
 * scratch; returns the smallest square of that region (its normal form).
 */
export function floodRegion(board: Board, boxAt: Uint8Array, from: number, mark: Int32Array, stamp: number, queue: Int32Array): number {
  const { floor, dirs } = board;
  let n = 0;
  let min = from;
  queue[n++] = from;
  mark[from] = stamp;
  for (let i = 0; i < n; i++) {
    const p = queue[i];
    if (p < min) min = p;
    for (let k = 0; k < 4; k++) {
      const q = p + dirs[k];
      if (floor[q] && !boxAt[q] && mark[q] !== stamp) {
        mark[q] = stamp;
        queue[n++] = q;
      }
    }
  }
  return min;
}

/**
 * Grows the seeds queue[0..n) (marked with `stamp` in `mark`) to every
 * square from which a box can be pushed, one push after another, onto one
 * of them: a box on p goes to q = p + d when p and the player's square
 * p − d are floor and not `wall` (other boxes and the player's reach left
 * out). Returns the new count; the squares are queue[0..count).
 */
export function floodPushable(board: Board, wall: Uint8Array, queue: Int32Array, n: number, mark: Int32Array, stamp: number): number {
  const { floor, dirs } = board;
  for (let i = 0; i < n; i++) {
    const q = queue[i];
    for (let k = 0; k < 4; k++) {
      const p = q - dirs[k];
      if (mark[p] === stamp || !floor[p] || wall[p]) continue;
      const from = p - dirs[k];
      if (!floor[from] || wall[from]) continue;
      mark[p] = stamp;
      queue[n++] = p;
    }
  }
  return n;
}

/**
 * The goal groups: the goal squares joined by adjacency (4-connected), each
 * group's squares row-major, the groups by their first square (the goal
 * rooms of packing.ts, the stages of groups.ts).
 */
export function goalGroups(board: Board): number[][] {
  const { goal, dirs } = board;
  const group = new Int32Array(board.size).fill(-1);
  const out: number[][] = [];
  for (const g of board.goals) {
    if (group[g] >= 0) continue;
    const members = [g];
    group[g] = out.length;
    for (let i = 0; i < members.length; i++) {
      for (const d of dirs) {
        const q = members[i] + d;
        if (goal[q] && group[q] < 0) {
          group[q] = out.length;
          members.push(q);
        }
      }
    }
    out.push(members.sort((a, b) => a - b));
  }
  return out;
}

/** The letter of each direction of `Board.dirs` (U, D, L, R). */
export const DIR_LETTERS = ['U', 'D', 'L', 'R'] as const;

/** The word of each direction of `Board.dirs` in operator names ("push x3y3 right"). */
export const DIR_WORDS = ['up', 'down', 'left', 'right'] as const;

const boards = new WeakMap<Level, Board>();

/** The (cached) board of a level. */
export function boardOf(level: Level): Board {
  let b = boards.get(level);
  if (!b) boards.set(level, (b = new Board(level)));
  return b;
}

/** Where the task's Sokoban atoms are: atom id → board square, or -1. */
export interface AtomSquares {
  /** Atom ids of `box(C)` atoms, and their squares (parallel arrays). */
  boxAtoms: Int32Array;
  boxSquares: Int32Array;
  /** Atom ids of `sokoban(C)` atoms, and their squares. */
  playerAtoms: Int32Array;
  playerSquares: Int32Array;
}

const atomMaps = new WeakMap<Task, Map<Board, AtomSquares>>();

/** The task's box and player atoms with their squares, computed once per task and board. */
export function atomSquares(task: Task, board: Board): AtomSquares {
  let byBoard = atomMaps.get(task);
  if (!byBoard) atomMaps.set(task, (byBoard = new Map()));
  let m = byBoard.get(board);
  if (m) return m;
  const boxA: number[] = [];
  const boxS: number[] = [];
  const plA: number[] = [];
  const plS: number[] = [];
  task.atoms.forEach((name, id) => {
    const match = /^(box|sokoban)\((x\d+y\d+)\)$/.exec(name.replace(/\s+/g, ''));
    if (!match) return;
    const p = board.square(match[2]);
    if (p < 0 || !board.floor[p]) return;
    if (match[1] === 'box') {
      boxA.push(id);
      boxS.push(p);
    } else {
      plA.push(id);
      plS.push(p);
    }
  });
  m = { boxAtoms: Int32Array.from(boxA), boxSquares: Int32Array.from(boxS), playerAtoms: Int32Array.from(plA), playerSquares: Int32Array.from(plS) };
  byBoard.set(board, m);
  return m;
}

/** Reads the box squares of a packed state into `out`; returns their number. */
export function readBoxes(map: AtomSquares, s: Uint32Array, off: number, out: Int32Array): number {
  let n = 0;
  const atoms = map.boxAtoms;
  for (let i = 0; i < atoms.length; i++) {
    const a = atoms[i];
    if ((s[off + (a >>> 5)] & (1 << (a & 31))) !== 0) out[n++] = map.boxSquares[i];
  }
  return n;
}

/** The player's square in a packed state, or -1. */
export function readPlayer(map: AtomSquares, s: Uint32Array, off: number): number {
  const atoms = map.playerAtoms;
  for (let i = 0; i < atoms.length; i++) {
    const a = atoms[i];
    if ((s[off + (a >>> 5)] & (1 << (a & 31))) !== 0) return map.playerSquares[i];
  }
  return -1;
}
