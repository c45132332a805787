/**
 * A Sokoban board in the page: parsed from level text for display, replay
 * of LURD strings and play by hand (with undo). The server's level reader
 * is the authority on whether a level is valid; this only draws and moves.
 */

export type Cell = 'wall' | 'floor' | 'outside';

export interface BoardState {
  width: number;
  height: number;
  cells: Cell[];
  goals: Set<number>;
  boxes: Set<number>;
  player: number;
}

/** The character grid of a level text (tabs as spaces to the next multiple of 8, trailing blanks kept as floor). */
export function textRows(text: string): string[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((l) => l.replace(/\t/g, '        ').replace(/[-_]/g, ' ').replace(/\s+$/, ''));
}

/** The board of a level text; null when it has no player. Floor outside the walls (not reachable from the player) is `outside`. */
export function parseBoard(text: string): BoardState | null {
  const rows = textRows(text);
  while (rows.length && rows[rows.length - 1] === '') rows.pop();
  const height = rows.length;
  const width = Math.max(0, ...rows.map((r) => r.length));
  const cells: Cell[] = new Array(width * height).fill('outside');
  const goals = new Set<number>();
  const boxes = new Set<number>();
  let player = -1;
  rows.forEach((row, y) => {
    for (let x = 0; x < width; x++) {
      const c = row[x] ?? ' ';
      const p = y * width + x;
      if (c === '#') cells[p] = 'wall';
      if (c === '.' || c === '*' || c === '+') goals.add(p);
      if (c === '$' || c === '*') boxes.add(p);
      if (c === '@' || c === '+') player = p;
    }
  });
  if (player < 0) return null;
  // floor: what the player can reach without crossing a wall
  const stack = [player];
  while (stack.length) {
    const p = stack.pop()!;
    if (p < 0 || p >= cells.length || cells[p] !== 'outside') continue;
    cells[p] = 'floor';
    const x = p % width;
    if (x > 0) stack.push(p - 1);
    if (x < width - 1) stack.push(p + 1);
    stack.push(p - width, p + width);
  }
  return { width, height, cells, goals, boxes: new Set(boxes), player };
}

const DIRS: Record<string, [number, number]> = { l: [-1, 0], u: [0, -1], r: [1, 0], d: [0, 1] };

/** Moves the player one step (pushing a box if there is one and room behind it); null when the step is blocked. */
export function step(b: BoardState, dir: 'l' | 'u' | 'r' | 'd'): { board: BoardState; push: boolean } | null {
  const [dx, dy] = DIRS[dir];
  const x = b.player % b.width;
  const y = Math.floor(b.player / b.width);
  const at = (cx: number, cy: number): number => (cx < 0 || cy < 0 || cx >= b.width || cy >= b.height ? -1 : cy * b.width + cx);
  const next = at(x + dx, y + dy);
  if (next < 0 || b.cells[next] !== 'floor') return null;
  if (!b.boxes.has(next)) return { board: { ...b, player: next }, push: false };
  const beyond = at(x + 2 * dx, y + 2 * dy);
  if (beyond < 0 || b.cells[beyond] !== 'floor' || b.boxes.has(beyond)) return null;
  const boxes = new Set(b.boxes);
  boxes.delete(next);
  boxes.add(beyond);
  return { board: { ...b, boxes, player: next }, push: true };
}

/**
 * The shortest walk of the player to square `target` over free floor (no
 * box moved): its LURD letters (lower case), '' when the player is there,
 * null when the square cannot be reached without a push. A breadth-first
 * search over the board's squares.
 */
export function walkTo(b: BoardState, target: number): string | null {
  const free = (p: number): boolean => p >= 0 && p < b.cells.length && b.cells[p] === 'floor' && !b.boxes.has(p);
  if (!free(target) && target !== b.player) return null;
  const from = new Map<number, { prev: number; letter: string }>([[b.player, { prev: -1, letter: '' }]]);
  const queue = [b.player];
  for (let i = 0; i < queue.length; i++) {
    const p = queue[i];
    if (p === target) break;
    const x = p % b.width;
    for (const [letter, [dx, dy]] of Object.entries(DIRS)) {
      const nx = x + dx;
      if (nx < 0 || nx >= b.width) continue;
      const q = p + dx + dy * b.width;
      if (!free(q) || from.has(q)) continue;
      from.set(q, { prev: p, letter });
      queue.push(q);
    }
  }
  if (!from.has(target)) return null;
  let path = '';
  for (let p = target; p !== b.player; p = from.get(p)!.prev) path = from.get(p)!.letter + path;
  return path;
}

/** The boards after each letter of a LURD string (the initial board first); stops at the first impossible letter. */
export function replayLurd(start: BoardState, lurd: string): BoardState[] {
  const frames = [start];
  for (const ch of lurd) {
    const d = ch.toLowerCase();
    if (!(d in DIRS)) continue;
    const r = step(frames[frames.length - 1], d as 'l' | 'u' | 'r' | 'd');
    if (!r) break;
    frames.push(r.board);
  }
  return frames;
}

/** Every box is on a goal. */
export function isSolved(b: BoardState): boolean {
  for (const p of b.boxes) if (!b.goals.has(p)) return false;
  return b.boxes.size > 0;
}

/** The class of a square for drawing. */
export function squareClass(b: BoardState, p: number): string {
  if (b.cells[p] === 'wall') return 'wall';
  if (b.cells[p] === 'outside') return 'outside';
  const goal = b.goals.has(p);
  if (b.boxes.has(p)) return goal ? 'box-on-goal' : 'box';
  if (p === b.player) return goal ? 'player-on-goal' : 'player';
  return goal ? 'goal' : 'floor';
}

/** Draws a board into a container as a grid of squares. */
export function drawBoard(container: HTMLElement, b: BoardState): void {
  setBoardSize(container, b.width, b.height);
  const squares: HTMLElement[] = [];
  for (let p = 0; p < b.width * b.height; p++) {
    const s = document.createElement('div');
    s.className = `sq ${squareClass(b, p)}`;
    s.dataset.p = String(p);
    squares.push(s);
  }
  container.replaceChildren(...squares);
}

/** The smallest and the largest square (px) a board is drawn with. */
export const CELL_MIN = 14;
export const CELL_MAX = 40;

/** The square size (whole px) at which cols × rows squares fit into width × height, kept within CELL_MIN..CELL_MAX. */
export function cellSize(cols: number, rows: number, width: number, height: number): number {
  const fit = Math.floor(Math.min(width / Math.max(1, cols), height / Math.max(1, rows)));
  return Math.max(CELL_MIN, Math.min(CELL_MAX, fit));
}

/** The boards sized to their containers, each with its sizing. */
const fitted = new Map<HTMLElement, () => void>();

/**
 * Sizes a board's squares (its --sq) to its container's inner width and
 * to `height()` px at most: whenever it is drawn (setBoardSize) and
 * whenever the container or the window changes size.
 */
export function fitBoard(board: HTMLElement, height: () => number = () => innerHeight * 0.6): void {
  const within = board.parentElement;
  if (!within || fitted.has(board)) return;
  const fit = (): void => {
    const cols = Number(board.style.getPropertyValue('--cols')) || 1;
    const rows = Number(board.style.getPropertyValue('--rows')) || 1;
    const style = getComputedStyle(within);
    const width = within.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    board.style.setProperty('--sq', `${cellSize(cols, rows, width, height())}px`);
  };
  if (fitted.size === 0) addEventListener('resize', () => fitted.forEach((f) => f()));
  fitted.set(board, fit);
  new ResizeObserver(fit).observe(within);
}

/** A board's size in squares (and its squares' size, if it is fitted to its container). */
export function setBoardSize(board: HTMLElement, cols: number, rows: number): void {
  board.style.setProperty('--cols', String(cols));
  board.style.setProperty('--rows', String(rows));
  fitted.get(board)?.();
}
