/** The help texts, generated from the command records (command.ts). */
import { flagHelpLines } from '../options/index.ts';
import { helpFlag, type Command, type Flags } from './command.ts';
import { exitCodeHelp } from './exit.ts';
import { programName } from './paths.ts';

/** Width of the help texts, and the column where the texts of a list start. */
const WIDTH = 80;
const COLUMN = 20;

/**
 * Words of `text` in lines of at most `width` characters, each after
 * `indent` spaces; a "\n" in the text starts a new line, and a line that
 * starts with a space is kept as it is.
 */
export function wrap(text: string, indent: number, width = WIDTH): string[] {
  const pad = ' '.repeat(indent);
  const lines: string[] = [];
  for (const part of text.split('\n')) {
    if (part.trim() === '') {
      lines.push('');
      continue;
    }
    // a line that starts with a space is printed as it is (an example, a command)
    if (part.startsWith(' ')) {
      lines.push(pad + part);
      continue;
    }
    const lead = pad;
    let line = '';
    for (const word of part.split(' ').filter((w) => w !== '')) {
      if (line !== '' && lead.length + line.length + 1 + word.length > width) {
        lines.push(lead + line);
        line = word;
      } else line = line === '' ? word : `${line} ${word}`;
    }
    lines.push(lead + line);
  }
  return lines;
}

/** An entry of a two-column list: the label at column 2, the text at COLUMN (below the label when the label is too wide). */
function entry(label: string, text: string): string[] {
  const lines = wrap(text, COLUMN);
  const head = `  ${label}`;
  if (head.length < COLUMN) return [head.padEnd(COLUMN) + lines[0].slice(COLUMN), ...lines.slice(1)];
  return [head, ...lines];
}

/** The help lines of flags (src/options renders them: one layout for every flag list), and of -h, --help. */
export function flagLines(flags: Flags, withHelp = false): string[] {
  return [...flagHelpLines(flags), ...(withHelp ? entry(`-h, --help`, helpFlag.help) : [])];
}

/** "exit codes: 0 solved · 1 no plan exists · …", wrapped between the codes. */
function exitLine(codes: readonly (readonly [number, string])[]): string[] {
  const head = 'exit codes: ';
  const lines: string[] = [];
  let line = head;
  codes.forEach(([code, meaning], i) => {
    const item = `${code} ${meaning}${i < codes.length - 1 ? ' ·' : ''}`;
    if (line.length > head.length && line.length + 1 + item.length > WIDTH) {
      lines.push(line);
      line = ' '.repeat(head.length) + item;
    } else line = line.length > head.length ? `${line} ${item}` : line + item;
  });
  lines.push(line);
  return lines;
}

/**
 * `planlog <command> --help`: the usage lines, the description, the flags
 * with their help, the exit codes. `program` is how the user runs planlog
 * (paths.ts: `npx planlog` or `planlog`); the usage lines start with it.
 */
export function commandHelp(c: Command, program = programName()): string {
  const [first, ...more] = c.usage;
  const head = `usage: ${program} `;
  // a line that starts with a space continues the one above; any other is a form of its own
  const out = [head + first, ...more.map((u) => (u.startsWith(' ') ? ' '.repeat(head.length) + u : `${' '.repeat('usage: '.length)}${program} ${u}`)), ''];
  // an example line of the description (it starts with a space) that runs planlog names it as the user runs it
  out.push(...wrap((c.description ?? c.summary).replace(/^( +)planlog /gm, `$1${program} `), 0), '');
  out.push('options:', ...flagLines(c.flags, true), '');
  out.push(...exitLine(Object.entries(c.exits).map(([code, meaning]) => [Number(code), meaning] as const)));
  return `${out.join('\n')}\n`;
}

/**
 * `planlog --help`: the commands with their summaries, the options of solve
 * (the main command) and the exit codes; `program` as for commandHelp.
 */
export function globalHelp(commands: readonly Command[], demo: Command, main: Command, program = programName()): string {
  const out = ['planlog — a Prolog-style STRIPS planner', '', `usage: ${program} <command> [options]`, '', 'commands:'];
  for (const c of commands) out.push(...entry(`${c.name} ${c.args}`.trim(), c.summary));
  out.push(...entry(demo.name, demo.summary));
  out.push('', `options of ${main.name}:`, ...flagLines(main.flags));
  out.push('', ...wrap(`${program} <command> --help shows the usage, options and exit codes of one command; ${program} --version prints the version.`, 0), '');
  out.push(...exitLine(exitCodeHelp));
  return `${out.join('\n')}\n`;
}
