/**
 * Boards as text: the level's walls, outside and goals, with the player and
 * boxes taken from a state's facts.
 */
import { isCell, parseCellName, type Level, type Point } from './level.ts';

const FACT = /^(sokoban|box)\((x\d+y\d+)\)$/;

/**
 * The board of `level` with the player at every `sokoban(xXyY)` fact and a
 * box at every `box(xXyY)` fact (other facts are ignored; goals come from
 * the level). Standard characters (`# @ + $ * .` and space), rows joined by
 * "\n", trailing spaces trimmed.
 */
export function renderBoard(level: Level, facts: Iterable<string>): string {
  // Clear the level's own player and boxes from its cells (scenery outside the cells stays).
  const grid = level.rows.map((row, y) =>
    Array.from(row, (ch, x) =>
      !isCell(level, x, y) ? ch : ch === '+' || ch === '*' ? '.' : ch === '@' || ch === '$' ? ' ' : ch,
    ),
  );
  const put = (p: Point, what: 'player' | 'box'): void => {
    const row = grid[p.y];
    if (!row) return;
    while (row.length <= p.x) row.push(' ');
    const goal = row[p.x] === '.' || row[p.x] === '+' || row[p.x] === '*';
    if (what === 'player') row[p.x] = goal ? '+' : '@';
    else row[p.x] = goal ? '*' : '$';
  };
  const players: Point[] = [];
  for (const f of facts) {
    const m = FACT.exec(f.replace(/\s+/g, ''));
    if (!m) continue;
    const p = parseCellName(m[2]);
    if (!p) continue;
    if (m[1] === 'box') put(p, 'box');
    else players.push(p);
  }
  for (const p of players) put(p, 'player');
  return grid.map((row) => row.join('').replace(/\s+$/, '')).join('\n');
}

/** The level's initial board; equals level.rows joined by "\n". */
export function renderInitial(level: Level): string {
  const facts = [`sokoban(x${level.player.x}y${level.player.y})`, ...level.boxes.map((b) => `box(x${b.x}y${b.y})`)];
  return renderBoard(level, facts);
}
