/**
 * The command line: `main(argv, io)` returns the exit code (exit.ts). It
 * only dispatches: the commands are the records of commands/index.ts; the
 * help texts and the unknown-command and unknown-flag messages are generated
 * from them; a user's mistake is reported by errors.ts, never thrown.
 */
import { commands, demo, mainCommand } from './commands/index.ts';
import { commandNamed, parseFor } from './command.ts';
import { reportError } from './errors.ts';
import { exitCode } from './exit.ts';
import { commandHelp, globalHelp } from './help.ts';
import type { Io } from './io.ts';

/** Runs the CLI; returns the exit code. Never throws for user mistakes. */
export async function main(argv: string[], io: Io): Promise<number> {
  const [name, ...rest] = argv;
  try {
    if (name === undefined) return await demo.run({ values: {}, positionals: [], file: '' }, io);
    if (name === 'help' || name === '--help' || name === '-h') {
      // `planlog help solve` is `planlog solve --help`
      io.out(rest.length > 0 ? commandHelp(commandNamed(commands, rest[0])) : globalHelp(commands, demo, mainCommand));
      return exitCode('ok');
    }
    const command = commandNamed(commands, name);
    const input = parseFor(command, rest);
    if (input.values.help) {
      io.out(commandHelp(command));
      return exitCode('ok');
    }
    return await command.run(input, io);
  } catch (e) {
    // an unknown command answers in text even with --json (it is not known to take --json)
    return reportError(e, io, argv.includes('--json') && commands.some((c) => c.name === name));
  }
}
