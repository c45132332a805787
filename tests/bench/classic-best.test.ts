/**
 * scripts/classic-best.mjs: a `.sok` collection with solutions becomes a
 * `--best` file, `N moves pushes`: the fewest moves and the fewest pushes
 * of any of each level's solutions, each replayed first (one that does not
 * solve its board named on stderr and left out, saved games ignored);
 * `--skip` leaves levels of the .sok out, `--check` compares the boards
 * (outer walls aside) with a collection of ours and replays on those,
 * `--differ` lets named levels differ; `--solutions` writes the solutions
 * with the fewest pushes instead (`N: LURD`).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseBest } from '../../src/bench/coverage-report.ts';

const dir = mkdtempSync(join(tmpdir(), 'planlog-sok-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const sok = join(dir, 'test.sok');
const good = join(dir, 'good.txt');
const bad = join(dir, 'bad.txt');
const run = (...args: string[]) => spawnSync(process.execPath, ['scripts/classic-best.mjs', ...args], { encoding: 'utf8' });
const result = (r: ReturnType<typeof run>) => [r.status, r.stdout, r.stderr];

// five levels: 1, an extra "1b" without a solution (left out by --skip 2),
// 2 (the fewest moves, 10, take 5 pushes; the fewest pushes, 3, take 12 moves), 3 (two
// bad solutions and a run-length one), 4 (no solution)
writeFileSync(
  sok,
  `:: File notes. A comment, not a board: ######
Collection: test

Level 1

#####
#@$.#
#####

Solution/Moves 1/1
R

Level 1b

######
#@ $.#
######

Level 2

#######
# #  ##
#   .@#
#   $ #
#   # #
#######

Solution/Moves 10/5
dLLdlUluRR

Solution 14/3
dLullddrUluRlr

Tomo
dLul
lddrUluR

SaveGame 1/0
d

Level 3

######
#@$ .#
######

Solution 1/1
R
Solution 2/2
rR

Solution
2(R)

Level 4

 #####
##@$.#
 #####
`,
);
const L1 = '#####\n#@$.#\n#####';
const L2 = '#######\n# #  ##\n#   .@#\n#   $ #\n#   # #\n#######';
const L4 = ' #####\n##@$.#\n #####';
// level 3 with an outer wall more (the same puzzle)
writeFileSync(good, [L1, L2, '#######\n#@$ .##\n#######', L4].map((b, k) => `${b}\n; ${k + 1}\n`).join('\n'));
// level 3 with its box one square on
writeFileSync(bad, [L1, L2, '######\n#@ $.#\n######', L4].map((b, k) => `${b}\n; ${k + 1}\n`).join('\n'));

const HEAD = "; best known from test.sok: the fewest moves and the fewest pushes of each level's solutions";
const LEVEL3_ERRORS = `${sok}:48: level 3: solution does not solve the board (step 2)\n${sok}:50: level 3: solution does not solve the board (step 1)\n`;

describe('scripts/classic-best.mjs', () => {
  it('the fewest moves and the fewest pushes, of different solutions; bad solutions named and left out; saved games ignored; no solution: - -', () => {
    const r = run(sok, '--skip', '2', '--count', '4');
    expect(result(r)).toEqual([0, `${HEAD}\n1 1 1\n2 10 3\n3 2 2\n4 - -\n`, LEVEL3_ERRORS]);
    const best = parseBest(r.stdout, 'best.txt');
    expect([...best]).toEqual([
      [1, { moves: 1, pushes: 1 }],
      [2, { moves: 10, pushes: 3 }],
      [3, { moves: 2, pushes: 2 }],
      [4, { moves: null, pushes: null }],
    ]);
  });

  it('--solutions: the solution with the fewest pushes of each level, then the fewest moves (a solution over two lines joined), none for a level without one', () => {
    const r = run(sok, '--skip', '2', '--count', '4', '--solutions');
    expect(result(r)).toEqual([0, "; best known from test.sok: the solution of each level with the fewest pushes (then moves)\n1: R\n2: dLullddrUluR\n3: RR\n", LEVEL3_ERRORS]);
    // the other format of --best files
    expect([...parseBest(r.stdout, 'best.txt')]).toEqual([
      [1, { moves: 1, pushes: 1 }],
      [2, { moves: 12, pushes: 3 }],
      [3, { moves: 2, pushes: 2 }],
    ]);
  });

  it('without --skip the levels are numbered in file order', () => {
    expect(result(run(sok, '--count', '3'))).toEqual([0, `${HEAD}\n1 1 1\n2 - -\n3 10 3\n`, '']);
  });

  it('--check: the same puzzles (an outer wall more is the same), replayed on the checked boards', () => {
    expect(result(run(sok, '--skip', '2', '--count', '4', '--check', good))).toEqual([0, `${HEAD}\n1 1 1\n2 10 3\n3 2 2\n4 - -\n`, LEVEL3_ERRORS]);
  });

  it('--check: numbering off (no --skip): the first level that differs and the list, exit 2', () => {
    expect(result(run(sok, '--count', '4', '--check', good))).toEqual([2, '', `${good}: level 2 is not the board at ${sok}:15 ('Level 1b'); levels that differ: 2-4\n`]);
  });

  it('--check: a board that differs, exit 2; --differ lets it, its solutions replayed on the checked board', () => {
    expect(result(run(sok, '--skip', '2', '--count', '4', '--check', bad))).toEqual([2, '', `${bad}: level 3 is not the board at ${sok}:43 ('Level 3'); levels that differ: 3\n`]);
    expect(result(run(sok, '--skip', '2', '--count', '4', '--check', bad, '--differ', '3'))).toEqual([
      0,
      `${HEAD}\n1 1 1\n2 10 3\n3 2 1\n4 - -\n`,
      `${sok}:48: level 3: solution does not solve the board (step 1)\n${sok}:53: level 3: solution does not solve the board (step 1)\n`,
    ]);
  });

  it('too few levels, no level with a solution, a bad argument, a missing file: a message, exit 2', () => {
    expect(result(run(sok))).toEqual([2, '', `${sok}: 5 levels, fewer than 90\n`]);
    expect(result(run(sok, '--skip', '1,3,4', '--count', '2'))).toEqual([2, '', `${sok}: no level of the 2 has a solution that solves its board\n`]);
    expect(result(run(sok, '--count', 'x'))).toEqual([2, '', "--count: 'x' is not a level number\n"]);
    expect(result(run(join(dir, 'none.sok')))).toEqual([2, '', `${join(dir, 'none.sok')}: no such file\n`]);
  });
});
