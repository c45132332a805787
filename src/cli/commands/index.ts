/**
 * The command table: every command of `planlog`, in the order the help and
 * the unknown-command message list them, and the demo (no command). A new
 * command is one file here, exporting its record, and one line below.
 */
import type { Command } from '../command.ts';
import { bench } from './bench.ts';
import { compare } from './compare.ts';
import { demo } from './demo.ts';
import { explain } from './explain.ts';
import { facts } from './facts.ts';
import { lint } from './lint.ts';
import { pddl } from './pddl.ts';
import { serve } from './serve.ts';
import { solve } from './solve.ts';
import { trace } from './trace.ts';
import { validate } from './validate.ts';
import { worker } from './worker.ts';

export const commands: readonly Command[] = [solve, compare, lint, facts, validate, explain, trace, bench, worker, pddl, serve];

/** What `planlog` runs without a command. */
export { demo };

/** The command whose options the global help lists. */
export { solve as mainCommand };
