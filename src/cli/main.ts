/**
 * The command line: `main(argv, io)` returns the exit code (exit.ts). It
 * only dispatches: the commands are the records of commands/index.ts; the
 * help texts and the unknown-command and unknown-flag messages are generated
 * from them; a user's mistake is reported by errors.ts, never thrown.
 */
import { readFileSync } from 'node:fs';
import { commands, demo, mainCommand } from './commands/index.ts';
import { commandNamed, parseFor, type Command } from './command.ts';
import { reportError } from './errors.ts';
import { exitCode } from './exit.ts';
import { commandHelp, globalHelp } from './help.ts';
import type { Io } from './io.ts';
import { programName } from './paths.ts';

/** planlog's version, from package.json (two folders up from src/cli/ and from dist/cli/ alike). */
export function version(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version?: unknown };
  return String(pkg.version);
}

/**
 * Runs the CLI; returns the exit code. Never throws for user mistakes.
 * `program` is how the user runs planlog (`npx planlog` or `planlog`,
 * paths.ts), named by the help texts and by the hint under a usage error.
 */
export async function main(argv: string[], io: Io, program = programName()): Promise<number> {
  const [name, ...rest] = argv;
  let command: Command | undefined;
  try {
    if (name === undefined) return await demo.run({ values: {}, positionals: [], file: '' }, io);
    if (name === '--version') {
      io.out(`planlog ${version()}`);
      return exitCode('ok');
    }
    if (name === 'help' || name === '--help' || name === '-h') {
      // `planlog help solve` is `planlog solve --help`
      io.out(rest.length > 0 ? commandHelp(commandNamed(commands, rest[0]), program) : globalHelp(commands, demo, mainCommand, program));
      return exitCode('ok');
    }
    command = commandNamed(commands, name);
    const input = parseFor(command, rest);
    if (input.values.help) {
      io.out(commandHelp(command, program));
      return exitCode('ok');
    }
    return await command.run(input, io);
  } catch (e) {
    // an unknown command answers in text even with --json (it is not known to take --json)
    return reportError(e, io, argv.includes('--json') && command !== undefined, `${program}${command ? ` ${command.name}` : ''} --help`);
  }
}
