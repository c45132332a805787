/** `planlog facts <file>`: a problem as a Prolog problem file (static facts first, then fluents). */
import { formatProblem } from '../../lang/print.ts';
import { SOKOBAN_STATIC } from '../../sokoban/compile.ts';
import { levelLabel } from '../../sokoban/level.ts';
import { staticPredicates } from '../../strips/ground.ts';
import { command } from '../command.ts';
import { exitCode } from '../exit.ts';
import { domainFlag, levelFlag, load } from '../inputs.ts';

export const facts = command({
  name: 'facts',
  args: '<file>',
  summary: "print a level's problem as a Prolog file (init/goal facts)",
  usage: ['facts <level-file> [--level N|TITLE] [--domain FILE]'],
  description:
    "Prints the problem as a Prolog problem file, init([…]). and goal([…]).: static facts first, then fluents; for a level, a header that explains the cells' names. solve reads it back with --domain.",
  flags: {
    level: levelFlag,
    domain: domainFlag,
    json: { type: 'boolean', help: 'bad input as a JSON error object on stdout' },
  },
  files: 'one',
  exits: { 0: 'printed', 2: 'bad input or usage' },
  run({ file, values }, io) {
    const { loaded } = load(io, file, values);
    const header = [
      `planlog facts: ${file}${loaded.level ? `, ${levelLabel(loaded.level)}` : ''}`,
      "cells xXyY: X = column, Y = row, x0y0 = first character of the level's first line",
      'top(A,B): A is directly above B; right(A,B): A is directly right of B',
    ];
    const staticPreds = loaded.level ? SOKOBAN_STATIC : staticPredicates(loaded.domain);
    io.out(formatProblem(loaded.problem, { header: loaded.level ? header : header.slice(0, 1), staticPreds }));
    return exitCode('ok');
  },
});
