/**
 * A command of the CLI as one record: its name, what it is for, its usage
 * lines, its flags (node:util parseArgs options, each with a help line) and
 * what it does. The table of all commands is commands/index.ts; main.ts
 * dispatches through it, and the help texts, the unknown-command and
 * unknown-flag messages are generated from it (help.ts, here).
 */
import { parseArgs } from 'node:util';
import { UsageError, type FlagSpec } from '../options/index.ts';
import type { Io } from './io.ts';
import { didYouMean } from './suggest.ts';
import { isPddlName } from '../pddl/detect.ts';

/** A flag: what parseArgs needs (type, short, multiple) and its line in the help (FlagSpec: value, help, list). */
export interface Flag extends FlagSpec {
  short?: string;
  multiple?: boolean;
}

export type Flags = Record<string, Flag>;

/** The values parseArgs returns for these flags (absent when not given). */
export type Values<F extends Flags> = {
  [K in keyof F]?: F[K]['type'] extends 'boolean' ? boolean : F[K]['multiple'] extends true ? string[] : string;
} & { help?: boolean };

/** A command line parsed for one command. */
export interface Parsed<F extends Flags> {
  values: Values<F>;
  positionals: string[];
  /** The file of a command that takes one ('' for --help). */
  file: string;
}

export interface Command<F extends Flags = Flags> {
  name: string;
  /** Its arguments in the global command list: `<file>`, `<levels…>`, `export|import`. */
  args: string;
  /** One or two sentences for the global command list (wrapped). */
  summary: string;
  /** The usage lines of its --help, each after the program's name, `npx planlog ` or `planlog ` (a line that starts with a space continues the one above). */
  usage: readonly string[];
  /** What --help says between the usage and the flags (wrapped; "\n" starts a line, a line that starts with a space is kept as it is). */
  description?: string;
  flags: F;
  /**
   * The files it takes: one (`<file>`, checked here), a problem (one file, or
   * two when the first is a PDDL domain, `DOMAIN.pddl PROBLEM`, which is then
   * the value of --domain; checked here), none (checked here), or any
   * (checked by run).
   */
  files: 'one' | 'problem' | 'none' | 'any';
  /** The exit codes it gives and what each means for it. */
  exits: Readonly<Record<number, string>>;
  /** Runs it; returns the exit code; throws UsageError or PlanlogError for bad input. */
  run(input: Parsed<F>, io: Io): number | Promise<number>;
}

/** A command record with its flags' types kept (for `values`). */
export function command<const F extends Flags>(c: Command<F>): Command<F> {
  return c;
}

/** The flag every command takes. */
export const helpFlag: Flag = { type: 'boolean', short: 'h', help: 'this help' };

/**
 * Parses a command's arguments (after its name). Throws UsageError for an
 * unknown flag (naming the closest known one), a flag without its value, a
 * value for a flag that takes none, and a wrong number of files. With --help
 * nothing else is checked.
 */
export function parseFor<F extends Flags>(c: Command<F>, args: string[]): Parsed<F> {
  const flags: Flags = { ...c.flags, help: helpFlag };
  const options: Record<string, { type: 'string' | 'boolean'; short?: string; multiple?: boolean }> = {};
  for (const [name, f] of Object.entries(flags)) {
    options[name] = { type: f.type, ...(f.short ? { short: f.short } : {}), ...(f.multiple ? { multiple: true } : {}) };
  }
  let r;
  try {
    r = parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (e) {
    if (isParseArgsError(e)) throw new UsageError(parseArgsMessage((e as Error).message, Object.keys(flags)));
    throw e;
  }
  const values = r.values as Values<F>;
  const positionals = r.positionals;
  if (values.help) return { values, positionals, file: '' };
  if (c.files === 'problem' && positionals.length === 2 && isPddlName(positionals[0])) {
    const v = values as Record<string, unknown>;
    if (v.domain !== undefined) throw new UsageError(`${c.name}: give the domain once, as the first file (${positionals[0]}) or with --domain (${String(v.domain)})`);
    v.domain = positionals[0];
    return { values, positionals, file: positionals[1] };
  }
  if ((c.files === 'one' || c.files === 'problem') && positionals.length !== 1) {
    const pddl = c.files === 'problem' ? ' (two files are a PDDL domain and problem: DOMAIN.pddl PROBLEM)' : '';
    throw new UsageError(positionals.length === 0 ? `${c.name} needs a file` : `${c.name} takes one file${pddl}, got: ${positionals.join(' ')}`);
  }
  if (c.files === 'none' && positionals.length > 0) throw new UsageError(`${c.name} takes no files, got: ${positionals.join(' ')}`);
  return { values, positionals, file: c.files === 'one' || c.files === 'problem' ? positionals[0] : '' };
}

/** Node's parseArgs messages in plain words; an unknown flag with the known one it is closest to. */
function parseArgsMessage(m: string, names: readonly string[]): string {
  const unknown = /^Unknown option '([^']+)'/.exec(m);
  if (unknown) {
    const flag = unknown[1];
    const meant = flag.startsWith('--') ? didYouMean(flag.slice(2), names) : null;
    return `unknown option ${flag}${meant ? `; did you mean --${meant}?` : ''}`;
  }
  const dash = /^Option '([^' ]+)' argument is ambiguous/.exec(m);
  if (dash) return `${dash[1]} needs a value; a value that starts with "-" is written ${dash[1]}=-…`;
  const missing = /^Option '([^' ]+) <value>' argument missing/.exec(m);
  if (missing) return `${missing[1]} needs a value`;
  const noValue = /^Option '([^' ]+)' does not take an argument/.exec(m);
  if (noValue) return `${noValue[1]} takes no value`;
  return m;
}

function isParseArgsError(e: unknown): boolean {
  const code = e instanceof Error ? (e as Error & { code?: unknown }).code : undefined;
  return typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS');
}

/** The command called `name`; UsageError naming the closest one and listing all when there is none (the caller adds where help is). */
export function commandNamed(table: readonly Command[], name: string): Command {
  const c = table.find((x) => x.name === name);
  if (c) return c;
  const names = table.map((x) => x.name);
  const meant = didYouMean(name, names);
  throw new UsageError(`unknown command '${name}'${meant ? `; did you mean ${meant}?` : ''} (commands: ${names.join(', ')})`);
}
