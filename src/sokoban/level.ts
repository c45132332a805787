/**
 * Sokoban level reader: standard level text (single levels and collections)
 * → checked `Level` records.
 *
 * Characters: `#` wall, space / `-` / `_` floor, `@` player, `+` player on
 * goal, `$` box, `*` box on goal, `.` goal.
 *
 * A file is split into lines (LF, CRLF or CR; tabs expand to 8-column tab
 * stops; trailing spaces are ignored). Each line is one of
 * - a board row: after leading whitespace / `-` / `_` it starts with `#`, or
 *   it consists only of level characters and contains one of `#@$.*+`;
 * - blank;
 * - a `;` comment;
 * - `Key: value` metadata (`Title:` names a level; Author, Comment, … are
 *   ignored);
 * - plain text (may be a title).
 * A level is a maximal run of consecutive board rows. Its title is, in this
 * order: a `Title:` line directly after its board (before any blank line),
 * a comment line directly after its board that a blank line (or the end)
 * follows (`; 12` after each board), a `Title:` line in the block of non-blank lines directly before its board,
 * or the first comment / plain-text line of that block (so `; 12` before a
 * board titles it "12").
 *
 * Cells are named `xXyY`: X = column (after tab expansion), Y = row within
 * the level's board lines, x0y0 = the first character of the level's first
 * board line.
 */
import { PlanlogError, type Diagnostic } from '../util/errors.ts';
import type { Loc } from '../model/terms.ts';

/**
 * What the reader polls while it works (a solve's Budget): `poll` throws
 * (a limit) with the position `where` names. Reading is linear in the
 * text: a 1000 × 1000 room is read in about a second.
 */
export interface ReadBudget {
  poll(where: () => string): void;
}

export interface Point {
  x: number;
  y: number;
}

export interface Level {
  /** File name as given to readLevels. */
  file: string;
  /** 1-based position in the file. */
  number: number;
  /** From `; Title`, `Title: …` or a plain text line; null when none. */
  title: string | null;
  /** 1-based file line of board row 0 (row y is on line firstLine + y). */
  firstLine: number;
  /** Longest row length. */
  width: number;
  /** Number of board rows. */
  height: number;
  /** Normalised board text: tabs expanded, `-`/`_` as space, trailing spaces trimmed. */
  rows: string[];
  /** The raw text of each board line as it is in the file (line ending removed). */
  source: string[];
  /** Wall squares (`#`), row-major. */
  walls: Point[];
  player: Point;
  /** Row-major. */
  boxes: Point[];
  /** Row-major. */
  goals: Point[];
  /**
   * The floor cells inside the walls: every square reachable from the player
   * through non-wall squares (boxes ignored), row-major.
   */
  cells: Point[];
  /**
   * Boxes already on their goals (`*`) walled off from the player: drawn as
   * they are, but not part of the problem (not in boxes, goals or cells).
   */
  scenery: Point[];
  /** The normalised board as one string (rows joined by "\n"). */
  text: string;
}

/** `xXyY`, e.g. cellName(3, 1) = "x3y1". */
export function cellName(x: number, y: number): string {
  return `x${x}y${y}`;
}

/** The point named by `xXyY`; null when `name` is not such a name. */
export function parseCellName(name: string): Point | null {
  const m = /^x(\d+)y(\d+)$/.exec(name);
  return m ? { x: Number(m[1]), y: Number(m[2]) } : null;
}

/** Per level: 1 at y·width + x for each cell (a grid, not a set of names: a level may have millions of cells). */
const cellGrids = new WeakMap<Level, Uint8Array>();

function cellGrid(level: Level): Uint8Array {
  let grid = cellGrids.get(level);
  if (!grid) {
    grid = new Uint8Array(level.width * level.height);
    for (const c of level.cells) grid[c.y * level.width + c.x] = 1;
    cellGrids.set(level, grid);
  }
  return grid;
}

/** True when (x, y) is one of the level's cells (floor inside the walls). */
export function isCell(level: Level, x: number, y: number): boolean {
  if (x < 0 || y < 0 || x >= level.width || y >= level.height) return false;
  return cellGrid(level)[y * level.width + x] === 1;
}

/** True when the board has a `#` at (x, y). */
export function isWall(level: Level, x: number, y: number): boolean {
  return level.rows[y]?.[x] === '#';
}

/** Per level: the rows whose source line has a tab (only there does a column differ from x + 1). */
const tabbedRows = new WeakMap<Level, Set<number>>();

/** 1-based file column of board square (x, y) (differs from x + 1 only when the line has tabs). */
export function sourceColumn(level: Level, x: number, y: number): number {
  let tabbed = tabbedRows.get(level);
  if (!tabbed) {
    tabbed = new Set();
    for (let i = 0; i < level.source.length; i++) if (level.source[i].includes('\t')) tabbed.add(i);
    tabbedRows.set(level, tabbed);
  }
  // without tabs the column is x + 1: no walk along the line (compiling a big level asks for every cell)
  return tabbed.has(y) ? rawColumn(level.source[y], x) : x + 1;
}

/** A synthetic source location of board square (x, y). */
export function cellLoc(level: Level, x: number, y: number): Loc {
  return { file: level.file, line: level.firstLine + y, column: sourceColumn(level, x, y), offset: 0 };
}

/** "level 3" or `level 3 ("Title")` (the title is left out when it is just the number). */
export function levelLabel(level: { number: number; title: string | null }): string {
  return level.title === null || level.title === String(level.number)
    ? `level ${level.number}`
    : `level ${level.number} (${JSON.stringify(level.title)})`;
}

// ---------------------------------------------------------------------------
// Lines

const TAB = 8;

function expandTabs(s: string): string {
  if (!s.includes('\t')) return s;
  let out = '';
  for (const ch of s) {
    if (ch === '\t') out += ' '.repeat(TAB - (out.length % TAB));
    else out += ch;
  }
  return out;
}

/** 1-based column in the raw line of the character at expanded position x. */
function rawColumn(raw: string, x: number): number {
  let pos = 0;
  for (let i = 0; i < raw.length; i++) {
    const next = raw[i] === '\t' ? pos + TAB - (pos % TAB) : pos + 1;
    if (x < next) return i + 1;
    pos = next;
  }
  return raw.length + 1 + (x - pos);
}

type LineKind = 'board' | 'blank' | 'comment' | 'meta' | 'text';

interface Line {
  kind: LineKind;
  raw: string;
  /** Tabs expanded, trailing whitespace removed. */
  text: string;
  /** Comment text, metadata value or the trimmed text. */
  content: string;
  /** Metadata key in lower case. */
  key?: string;
}

const LEVEL_CHARS = /^[#@+$*. \-_]*$/;
const SIGNIFICANT = /[#@+$*.]/;
const META = /^([A-Za-z][A-Za-z0-9_-]*)\s*:(.*)$/;

function classify(raw: string): Line {
  const text = expandTabs(raw).trimEnd();
  const trimmed = text.trim();
  if (trimmed === '') return { kind: 'blank', raw, text, content: '' };
  if (trimmed.startsWith(';')) return { kind: 'comment', raw, text, content: trimmed.slice(1).trim() };
  if (/^[\s\-_]*#/.test(text) || (LEVEL_CHARS.test(text) && SIGNIFICANT.test(text))) {
    return { kind: 'board', raw, text, content: trimmed };
  }
  const m = META.exec(trimmed);
  if (m) return { kind: 'meta', raw, text, content: m[2].trim(), key: m[1].toLowerCase() };
  return { kind: 'text', raw, text, content: trimmed };
}

// ---------------------------------------------------------------------------
// Reading

/** A level of a file as read: the level, or the problems that make it unusable. */
export interface LevelEntry {
  number: number;
  title: string | null;
  level?: Level;
  problems?: Diagnostic[];
}

/**
 * Reads every level of a level file (a single level or a collection).
 * Throws a PlanlogError carrying every problem found in every level (each
 * message names its level), or `no level found in file: …` for a file
 * without a board.
 */
export function readLevels(text: string, file: string, budget?: ReadBudget): Level[] {
  const entries = scanLevels(text, file, budget);
  const problems = entries.flatMap((e) => e.problems ?? []);
  if (problems.length > 0) throw new PlanlogError(problems);
  return entries.map((e) => e.level as Level);
}

/**
 * Reads one level of a file, chosen as selectLevel does. Only the chosen
 * level has to be well-formed: a broken level elsewhere in a collection
 * does not stop the others from being used. Throws a PlanlogError with the
 * chosen level's problems.
 */
export function readLevel(text: string, file: string, spec: string | number | undefined, budget?: ReadBudget): Level {
  // only the chosen level is built (Microban 153 without building the 152 before it)
  const entry = selectLevel(findLevels(text, file, budget), spec, file);
  const result = entry.build();
  if ('problems' in result) throw new PlanlogError(result.problems);
  return result.level;
}

/**
 * Every level of a file with its problems, in file order. Throws only for a
 * file without any board (`no level found in file: …`), or what `budget`
 * throws when a limit is reached.
 */
export function scanLevels(text: string, file: string, budget?: ReadBudget): LevelEntry[] {
  return findLevels(text, file, budget).map(({ number, title, build }) => {
    const result = build();
    return 'level' in result ? { number, title, level: result.level } : { number, title, problems: result.problems };
  });
}

/** The levels of a file, numbered and titled, each built (checked) only when asked. */
function findLevels(text: string, file: string, budget?: ReadBudget): { number: number; title: string | null; build: () => { level: Level } | { problems: Diagnostic[] } }[] {
  const raw = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const lines: Line[] = new Array<Line>(raw.length);
  for (let i = 0; i < raw.length; i++) {
    budget?.poll(() => `reading ${file} (line ${fmt(i + 1)} of ${fmt(raw.length)})`);
    lines[i] = classify(raw[i]);
  }

  // Runs of board lines.
  const runs: { start: number; end: number }[] = []; // [start, end) line indexes
  for (let i = 0; i < lines.length; i++) {
    if (lines[i].kind !== 'board') continue;
    const start = i;
    while (i < lines.length && lines[i].kind === 'board') i++;
    runs.push({ start, end: i });
  }
  if (runs.length === 0) {
    const what = text.trim() === '' ? 'the file is empty' : 'no line of the file is a board row (a row of # walls, with @ the player, $ boxes and . goals)';
    throw new PlanlogError({ file, message: `no level found in file: ${what}` });
  }

  const entries: { number: number; title: string | null; build: () => { level: Level } | { problems: Diagnostic[] } }[] = [];
  let claimedUpTo = 0; // lines before this index belong to an earlier level
  runs.forEach((run, index) => {
    // Title: lines directly after this board (metadata block) belong to it.
    let trailerTitle: string | null = null;
    let after = run.end;
    while (after < lines.length && lines[after].kind === 'meta') {
      if (lines[after].key === 'title' && trailerTitle === null) trailerTitle = lines[after].content;
      after++;
    }
    // Or a comment directly after it that ends the block (`; 12` after each board, as in the Sasquatch files).
    const next = lines[after];
    if (trailerTitle === null && next?.kind === 'comment' && next.content !== '' && (after + 1 === lines.length || lines[after + 1].kind === 'blank')) {
      trailerTitle = next.content;
      after++;
    }
    // The block of non-blank lines directly before the board.
    let blockStart = run.start;
    while (blockStart > claimedUpTo && lines[blockStart - 1].kind !== 'blank') blockStart--;
    const block = lines.slice(blockStart, run.start);
    const titleMeta = block.find((l) => l.kind === 'meta' && l.key === 'title');
    const titleLine = block.find((l) => (l.kind === 'comment' || l.kind === 'text') && l.content !== '');
    const title = trailerTitle ?? titleMeta?.content ?? titleLine?.content ?? null;
    claimedUpTo = after;

    entries.push({ number: index + 1, title, build: () => buildLevel(file, index + 1, title, run.start + 1, lines.slice(run.start, run.end), budget) });
  });
  return entries;
}

const DIRS: Point[] = [
  { x: 0, y: -1 },
  { x: -1, y: 0 },
  { x: 1, y: 0 },
  { x: 0, y: 1 },
];

/** Problems of one kind listed per level (unknown characters, extra players, walled-off boxes or goals); the rest are counted. */
const MAX_REPEATED = 5;
const REPEATED_WHAT: Record<string, string> = {
  char: 'unknown characters',
  player: 'extra players',
  box: 'walled-off boxes',
  goal: 'walled-off goals',
};

/** 'x' for printable ASCII, 'é' (U+00E9) for other characters, U+00A0 alone for one that does not show. */
function describeChar(ch: string): string {
  const code = ch.codePointAt(0) ?? 0;
  if (code > 0x20 && code < 0x7f) return `'${ch}'`;
  const hex = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  return code <= 0x20 || (code >= 0x7f && code <= 0xa0) || ch.trim() === '' || (code >= 0xd800 && code <= 0xdfff) ? hex : `'${ch}' (${hex})`;
}

function buildLevel(
  file: string,
  number: number,
  title: string | null,
  firstLine: number,
  boardLines: Line[],
  budget?: ReadBudget,
): { level: Level } | { problems: Diagnostic[] } {
  const label = levelLabel({ number, title });
  const poll = budget ? (what: () => string): void => budget.poll(() => `reading ${label} of ${file} (${what()})`) : undefined;
  const problems: Diagnostic[] = [];
  const source = boardLines.map((l) => l.raw);
  const at = (x: number, y: number, message: string, notes?: string[]): Diagnostic => {
    const d: Diagnostic = { file, line: firstLine + y, column: rawColumn(source[y], x), message: `${label}: ${message}` };
    if (notes) d.notes = notes;
    return d;
  };
  const repeated = new Map<string, number>();
  /** Reports a problem that may repeat on many squares: the first few of each kind, then a count. */
  const some = (kind: string, x: number, y: number, message: () => string, notes?: () => string[]): void => {
    const n = (repeated.get(kind) ?? 0) + 1;
    repeated.set(kind, n);
    if (n <= MAX_REPEATED) problems.push(at(x, y, message(), notes?.()));
  };

  const rows = boardLines.map((l) => l.text.replace(/[-_]/g, ' ').trimEnd());
  const height = rows.length;
  let width = 0;
  for (const r of rows) if (r.length > width) width = r.length;
  const walls: Point[] = [];
  const players: Point[] = [];
  let boxes: Point[] = [];
  let goals: Point[] = [];
  for (let y = 0; y < height; y++) {
    poll?.(() => `row ${fmt(y + 1)} of ${fmt(height)}`);
    for (let x = 0; x < rows[y].length; x++) {
      const ch = rows[y][x];
      switch (ch) {
        case '#':
          walls.push({ x, y });
          break;
        case ' ':
          break;
        case '@':
          players.push({ x, y });
          break;
        case '+':
          players.push({ x, y });
          goals.push({ x, y });
          break;
        case '$':
          boxes.push({ x, y });
          break;
        case '*':
          boxes.push({ x, y });
          goals.push({ x, y });
          break;
        case '.':
          goals.push({ x, y });
          break;
        default: {
          const whole = String.fromCodePoint(rows[y].codePointAt(x) ?? 0);
          some('char', x, y, () => `unknown character ${describeChar(whole)} in level; use # @ + $ * . and spaces`);
          x += whole.length - 1; // a character outside the BMP takes two positions
        }
      }
    }
  }

  // Problems of the whole level point at the first character of its first row.
  const x0 = rows[0].search(/\S/);
  if (players.length === 0) {
    problems.push(at(x0, 0, 'no player: put one @ on a floor square (+ when it stands on a goal)'));
  }
  for (const extra of players.slice(1)) {
    const first = players[0];
    some(
      'player',
      extra.x,
      extra.y,
      () => `a second player at ${cellName(extra.x, extra.y)}; a level has exactly one (@ or +)`,
      () => [`the first player is at ${cellName(first.x, first.y)} (line ${firstLine + first.y}, column ${rawColumn(source[first.y], first.x)})`],
    );
  }
  if (boxes.length === 0 && goals.length === 0) {
    problems.push(at(x0, 0, 'no boxes: a level needs at least one box ($) and a goal (.) for it'));
  } else if (boxes.length !== goals.length) {
    const plural = (n: number, w: string): string => `${n} ${w}${n === 1 ? '' : 'es'}`;
    problems.push(at(x0, 0, `${plural(boxes.length, 'box')} but ${goals.length} goal${goals.length === 1 ? '' : 's'}: every box needs its own goal (* is a box on a goal)`));
  }

  let cells: Point[] = [];
  let scenery: Point[] = [];
  if (players.length > 0) {
    // Flood fill from the player through non-wall squares.
    const start = players[0];
    const inGrid = (x: number, y: number): boolean => y >= 0 && y < height && x >= 0 && x < rows[y].length;
    const seenGrid = new Uint8Array(width * height);
    const seen = { has: (x: number, y: number): boolean => seenGrid[y * width + x] === 1 };
    seenGrid[start.y * width + start.x] = 1;
    const queue: Point[] = [start];
    const leaks: Point[] = [];
    for (let i = 0; i < queue.length; i++) {
      if ((i & 1023) === 0) poll?.(() => `finding the floor: ${fmt(queue.length)} squares so far`);
      const p = queue[i];
      let leaky = false;
      for (const d of DIRS) {
        const x = p.x + d.x;
        const y = p.y + d.y;
        if (!inGrid(x, y)) {
          leaky = true;
          continue;
        }
        if (rows[y][x] === '#') continue;
        if (!seen.has(x, y)) {
          seenGrid[y * width + x] = 1;
          queue.push({ x, y });
        }
      }
      if (leaky) leaks.push(p);
    }
    const rowMajor = (a: Point, b: Point): number => a.y - b.y || a.x - b.x;
    if (leaks.length > 0) {
      const first = leaks.sort(rowMajor)[0];
      problems.push(at(first.x, first.y, 'the player can walk off the map here: no wall encloses the level'));
    } else {
      // row-major by walking the grid (no sort of millions of points)
      for (let y = 0; y < height; y++) {
        poll?.(() => `listing the floor: row ${fmt(y + 1)} of ${fmt(height)}`);
        for (let x = 0, i = y * width; x < width; x++, i++) if (seenGrid[i] === 1) cells.push({ x, y });
      }
      const inside = (p: Point): boolean => seen.has(p.x, p.y);
      // A box already on its goal (`*`) behind walls is scenery, not part of the problem.
      const isScenery = (p: Point): boolean => !inside(p) && rows[p.y][p.x] === '*';
      scenery = boxes.filter(isScenery);
      for (const b of boxes) {
        if (!inside(b) && !isScenery(b)) some('box', b.x, b.y, () => `the box at ${cellName(b.x, b.y)} is walled off from the player`);
      }
      for (const g of goals) {
        if (!inside(g) && !isScenery(g)) some('goal', g.x, g.y, () => `the goal at ${cellName(g.x, g.y)} is walled off from the player`);
      }
      boxes = boxes.filter((p) => !isScenery(p));
      goals = goals.filter((p) => !isScenery(p));
    }
  }

  for (const [kind, n] of repeated) {
    if (n > MAX_REPEATED) problems.push(at(x0, 0, `${n - MAX_REPEATED} more ${REPEATED_WHAT[kind]} not listed`));
  }
  if (problems.length > 0) return { problems };
  return {
    level: {
      file,
      number,
      title,
      firstLine,
      width,
      height,
      rows,
      source,
      walls,
      player: players[0],
      boxes,
      goals,
      cells,
      scenery,
      text: rows.join('\n'),
    },
  };
}

const fmt = (n: number): string => n.toLocaleString('en');

// ---------------------------------------------------------------------------
// Selecting

const MAX_LISTED_TITLES = 20;

/**
 * The level chosen by `spec`: a 1-based number (a number or a string of
 * digits), else a title (exact match first, then case-insensitive);
 * `undefined` selects the first level. Throws a PlanlogError when the number
 * is out of range or no level has the title (the message lists the titles).
 */
export function selectLevel<T extends { number: number; title: string | null }>(
  levels: T[],
  spec: string | number | undefined,
  file: string,
): T {
  if (levels.length === 0) throw new PlanlogError({ file, message: 'no level found in file' });
  if (spec === undefined) return levels[0];
  const count = `the file has ${levels.length} level${levels.length === 1 ? '' : 's'}`;
  const asNumber = typeof spec === 'number' ? spec : /^\s*\d+\s*$/.test(spec) ? Number(spec) : null;
  if (asNumber !== null) {
    if (!Number.isInteger(asNumber) || asNumber < 1 || asNumber > levels.length) {
      // as the user wrote it: Number('99999999999999999999999') would print as 1e+23
      const written = typeof spec === 'number' ? String(spec) : spec.trim().replace(/^0+(?=\d)/, '');
      throw new PlanlogError({ file, message: `level ${written} is out of range: ${count}` });
    }
    return levels[asNumber - 1];
  }
  const wanted = String(spec).trim();
  const exact = levels.find((l) => l.title === wanted);
  if (exact) return exact;
  const lower = wanted.toLowerCase();
  const loose = levels.find((l) => l.title !== null && l.title.toLowerCase() === lower);
  if (loose) return loose;
  const titled = levels.filter((l) => l.title !== null);
  let listing: string;
  if (titled.length === 0) listing = `no level in the file has a title (${count}; select one by number)`;
  else {
    const shown = titled.slice(0, MAX_LISTED_TITLES).map((l) => `${l.number} ${JSON.stringify(l.title)}`);
    if (titled.length > MAX_LISTED_TITLES) shown.push(`… (${titled.length - MAX_LISTED_TITLES} more)`);
    listing = `the titles are: ${shown.join(', ')}`;
  }
  throw new PlanlogError({ file, message: `no level titled ${JSON.stringify(wanted)}; ${listing}` });
}
