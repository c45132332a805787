#!/usr/bin/env node
/**
 * The best known results of a collection, for bench/coverage.ts's
 * `--best FILE`, from a `.sok` collection that carries solutions (such as
 * `Original_and_Extra.sok`, a test fixture of github.com/tadams42/sokoenginepy):
 *
 *   node scripts/classic-best.mjs FILE.sok [--count K] [--skip N,…] [--check LEVELS.txt [--differ N,…]] [--solutions] > best.txt
 *
 * A `;` comment naming FILE, then `N moves pushes` for each of the first K
 * levels (default 90, the classic XSokoban 90): the fewest moves of any of
 * the level's solutions and the fewest pushes of any (often two different
 * solutions: each is the best known in its own measure, as issue 17's plan
 * goals compare them); `N - -` for a level without one. A solution is a block of LURD lines after the board
 * (run-length counts such as `3r` or `2(dR)` expanded), whatever its title
 * (`Solution 230/97`, `Solution/Moves …`, a solver's or a person's name),
 * except a saved game (a title starting `SaveGame`, `Saved` or `Snapshot`).
 * Each is replayed (a lower-case letter moves the player, an upper-case one
 * must push a box, at the end every box is on a goal); one that does not
 * solve the board is named on stderr, `FILE:LINE: level N: solution does not
 * solve the board (step S)` (S: the first step that cannot be made, one past
 * the last when a box ends off a goal), and left out.
 *
 * `--solutions` writes the solutions themselves instead, `N: LURD` (the
 * other format of `--best` files, which bench/solution-check.ts replays):
 * for each level the solution with the fewest pushes (then the fewest
 * moves), run-length counts expanded; a level without one has no line.
 *
 * Levels are numbered in FILE's order, after `--skip` has left those levels
 * of FILE out (`--skip 37`: Original_and_Extra.sok keeps the unsolvable
 * original 37 before `Level 37a`, xsokoban's 37). `--check LEVELS.txt` (our
 * format, e.g. from scripts/classic-levels.mjs) makes sure that level N of
 * LEVELS.txt is the same puzzle as board N: the same squares within the
 * player's reach (walking over boxes), with the same boxes, goals and
 * player; walls and squares out of reach are not compared (copies of the
 * classic levels differ in outer walls). The solutions are then replayed on
 * the boards of LEVELS.txt, and `--differ N,…` lets those levels differ.
 * A bad argument, an unreadable file, too few levels, a level that differs
 * (the first named, with the list of all), or not one level with a
 * solution: a message on stderr, exit 2.
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';

const die = (message) => {
  console.error(message);
  process.exit(2);
};
const usage = 'usage: node scripts/classic-best.mjs FILE.sok [--count K] [--skip N,…] [--check LEVELS.txt [--differ N,…]] [--solutions]';
const opt = { '--count': '90', '--skip': '', '--differ': '' };
let sok;
let solutionsOut = false;
const args = process.argv.slice(2);
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--solutions') solutionsOut = true;
  else if (args[i] in opt || args[i] === '--check') {
    if (args[i + 1] === undefined) die(`${args[i]} needs a value; ${usage}`);
    opt[args[i]] = args[++i];
  } else if (args[i].startsWith('-') || sok !== undefined) die(usage);
  else sok = args[i];
}
if (sok === undefined) die(usage);
const numbers = (name) => opt[name].split(',').filter((n) => n !== '').map((n) => (/^[1-9]\d*$/.test(n) ? Number(n) : die(`${name}: '${n}' is not a level number`)));
const [count, extra] = numbers('--count');
if (count === undefined || extra !== undefined) die(`--count: '${opt['--count']}' is not a level number`);
const skip = new Set(numbers('--skip'));
const differ = new Set(numbers('--differ'));
const check = opt['--check'];
if (differ.size > 0 && check === undefined) die(`--differ needs --check; ${usage}`);
const read = (file) => {
  try {
    return readFileSync(file, 'utf8').replace(/^\uFEFF/, '').split(/\r\n|\r|\n/).map((l) => l.replace(/\s+$/, ''));
  } catch (e) {
    return die(`${file}: ${e.code === 'ENOENT' ? 'no such file' : e.message}`);
  }
};

/** Run-length decoding: `3r` → `rrr`, `2(dR)` → `dRdR`. */
function expand(s) {
  let i = 0;
  const group = () => {
    let out = '';
    while (i < s.length && s[i] !== ')') {
      let n = '';
      while (s[i] >= '0' && s[i] <= '9') n += s[i++];
      let piece = s[i++] ?? '';
      if (piece === '(') [piece, i] = [group(), i + 1];
      out += piece.repeat(n === '' ? 1 : Number(n));
    }
    return out;
  };
  return group();
}

// A board is a run of board rows (the first with a wall; `|` also ends a row),
// titled by the last text line before it; a solution a run of LURD lines, titled the same way.
const SOK_CHARS = /^[-_ #@+$*.pPbBwW0-9()|]+$/;
const MOVES = /^[lurdLURD0-9() ]*[lurdLURD][lurdLURD0-9() ]*$/;
const ALIAS = { '-': ' ', _: ' ', p: '@', P: '+', b: '$', B: '*', w: '#', W: '#' };
const levels = [];
let prev = 'blank';
let title = '';
read(sok).forEach((line, i) => {
  if (line.startsWith('::')) return;
  const kind = line === '' ? 'blank' : SOK_CHARS.test(line) && (/[#W]/.test(line) || (prev === 'board' && /[^\d()| ]/.test(line))) ? 'board' : MOVES.test(line) ? 'moves' : 'text';
  if (kind === 'board') {
    if (prev !== 'board') levels.push({ line: i + 1, title, rows: [], solutions: [] });
    const rows = expand(line).replace(/[-_pPbBwW]/g, (c) => ALIAS[c]).split('|');
    levels.at(-1).rows.push(...rows.slice(0, rows.length > 1 && rows.at(-1) === '' ? -1 : undefined).map((r) => r.replace(/\s+$/, '')));
  } else if (kind === 'moves' && levels.length > 0) {
    const solutions = levels.at(-1).solutions;
    if (prev !== 'moves') solutions.push({ line: i + 1, saved: /^(save|snapshot)/i.test(title), text: '' });
    solutions.at(-1).text += line.replace(/ /g, '');
  } else if (kind === 'text') title = line.trim();
  if (kind === 'board' || kind === 'moves') title = '';
  prev = kind;
});
const picked = levels.filter((_, k) => !skip.has(k + 1)).slice(0, count);
if (picked.length < count) die(`${sok}: ${picked.length} levels${skip.size ? ' after --skip' : ''}, fewer than ${count}`);

/** The squares the player reaches (over boxes), each with what is on it: the puzzle without its decoration. */
function puzzle(rows) {
  const y0 = rows.findIndex((r) => /[@+]/.test(r));
  const todo = y0 < 0 ? [] : [[rows[y0].search(/[@+]/), y0]];
  const seen = new Map();
  while (todo.length > 0) {
    const [x, y] = todo.pop();
    const c = rows[y]?.[x];
    if (c === undefined || c === '#' || seen.has(`${x},${y}`)) continue;
    seen.set(`${x},${y}`, c);
    todo.push([x + 1, y], [x - 1, y], [x, y + 1], [x, y - 1]);
  }
  return [...seen].sort().join(' ');
}

let boards = picked.map((l) => l.rows);
if (check !== undefined) {
  const ours = [];
  read(check).forEach((line, i, all) => {
    if (!/^[-_ #@+$*.]*#[-_ #@+$*.]*$/.test(line)) return;
    if (i === 0 || !/^[-_ #@+$*.]*#[-_ #@+$*.]*$/.test(all[i - 1])) ours.push([]);
    ours.at(-1).push(line.replace(/[-_]/g, ' '));
  });
  if (ours.length < count) die(`${check}: ${ours.length} levels, fewer than ${count}`);
  const bad = picked.flatMap((l, k) => (differ.has(k + 1) || puzzle(l.rows) === puzzle(ours[k]) ? [] : [k + 1]));
  if (bad.length > 0) {
    const l = picked[bad[0] - 1];
    const runs = [];
    for (const n of bad) runs.at(-1)?.[1] === n - 1 ? (runs.at(-1)[1] = n) : runs.push([n, n]);
    const list = runs.map(([a, b]) => (a === b ? `${a}` : `${a}-${b}`)).join(', ');
    die(`${check}: level ${bad[0]} is not the board at ${sok}:${l.line}${l.title ? ` ('${l.title}')` : ''}; levels that differ: ${list}`);
  }
  boards = ours.slice(0, count);
}

/** 0 when `moves` solve `rows`, else the step that fails (one past the last when a box is off a goal). */
function replay(rows, moves) {
  const grid = rows.map((r) => [...r]);
  let y = grid.findIndex((r) => r.includes('@') || r.includes('+'));
  if (y < 0) return 1;
  let x = grid[y].findIndex((c) => c === '@' || c === '+');
  const at = (cx, cy) => grid[cy]?.[cx] ?? '#';
  const set = (cx, cy, box) => {
    grid[cy][cx] = '.*+'.includes(at(cx, cy)) ? (box ? '*' : '.') : box ? '$' : ' ';
  };
  const DIR = { l: [-1, 0], u: [0, -1], r: [1, 0], d: [0, 1] };
  for (let s = 0; s < moves.length; s++) {
    const [dx, dy] = DIR[moves[s].toLowerCase()];
    const box = '$*'.includes(at(x + dx, y + dy));
    if (at(x + dx, y + dy) === '#' || box !== (moves[s] < 'a')) return s + 1;
    if (box) {
      if ('#$*'.includes(at(x + 2 * dx, y + 2 * dy))) return s + 1;
      set(x + dx, y + dy, false);
      set(x + 2 * dx, y + 2 * dy, true);
    }
    x += dx;
    y += dy;
  }
  return grid.some((r) => r.includes('$')) ? moves.length + 1 : 0;
}

const out = [
  solutionsOut
    ? `; best known from ${basename(sok)}: the solution of each level with the fewest pushes (then moves)`
    : `; best known from ${basename(sok)}: the fewest moves and the fewest pushes of each level's solutions`,
];
let solved = 0;
picked.forEach((l, k) => {
  let best = null;
  let fewest = null; // the solution with the fewest pushes, then moves
  for (const sol of l.solutions.filter((s) => !s.saved)) {
    const moves = expand(sol.text);
    const step = replay(boards[k], moves);
    if (step > 0) console.error(`${sok}:${sol.line}: level ${k + 1}: solution does not solve the board (step ${step})`);
    const pushes = moves.replace(/[lurd]/g, '').length;
    if (step !== 0) continue;
    best = { moves: Math.min(best?.moves ?? Infinity, moves.length), pushes: Math.min(best?.pushes ?? Infinity, pushes) };
    if (fewest === null || pushes < fewest.pushes || (pushes === fewest.pushes && moves.length < fewest.moves.length)) fewest = { pushes, moves };
  }
  if (best) solved++;
  if (solutionsOut) {
    if (fewest) out.push(`${k + 1}: ${fewest.moves}`);
  } else out.push(best ? `${k + 1} ${best.moves} ${best.pushes}` : `${k + 1} - -`);
});
if (solved === 0) die(`${sok}: no level of the ${count} has a solution that solves its board`);
process.stdout.write(`${out.join('\n')}\n`);
