/**
 * Reads the command lines out of Markdown, with what the text says about
 * them: the exit code (a trailing `# exit N` comment; 0 without one) and the
 * output excerpt shown in the plain fenced block right after a command's
 * `sh` block.
 *
 * What counts as a command line:
 * - every line of an `sh` fenced block but blank lines and `#` comment
 *   lines (a line ending in `\` continues on the next);
 * - an inline code span in prose (it may wrap across lines) that starts
 *   with a program the README runs (`npx`, `npm`, `node`, `/usr/bin/time`,
 *   `git`, or a bare `planlog`), has more than one word, and is complete:
 *   not a template, i.e. it has no `…`, no `<…>` or `[…]` and no
 *   upper-case placeholder word such as FILE, DIR, N outside quotes
 *   (`npx planlog solve domains/NAME-N.pl` is a template, `npx planlog
 *   serve` a command line).
 *
 * Each command line has a kind, from its first words:
 * - `planlog`: `npx planlog …`, the commands a user types; run as printed.
 * - `shell`: a shell utility (`printf`, `cp`, `sed`, …) that prepares a file
 *   for the commands after it; run as printed.
 * - `setup`: `npm …` (`npm ci`, `npm test`, `npm start`, `npm run NAME`,
 *   `npm link`): set-up and maintenance of the checkout itself; not run
 *   (they install, build or run the whole suite), `npm run NAME` must name a
 *   script of package.json.
 * - `measure`: `npx tsx FILE`, `npx vitest …`, `node …`, `/usr/bin/time …`,
 *   `git …`: the commands that reproduce a figure (benchmarks of minutes,
 *   other checkouts); not run, the script or folder they name must exist.
 * - `bare`: `planlog …` without npx: not on the PATH of a checkout, refused.
 * - `unknown`: anything else, refused until classified here.
 */

export type Kind = 'planlog' | 'shell' | 'setup' | 'measure' | 'bare' | 'unknown';

export interface DocCommand {
  /** The command line as printed (continuation lines joined): what bash runs. */
  printed: string;
  /** The same without its trailing comment (for names and look-ups). */
  text: string;
  kind: Kind;
  /** Exit code the text promises (`# exit N`; 0 without). */
  exit: number;
  /** Index of the `sh` block the command is in (-1: inline in prose). */
  block: number;
  /** 1-based line of the Markdown text where the command starts. */
  line: number;
}

export interface DocExcerpt {
  /** Index of the `sh` block whose commands printed it. */
  block: number;
  lines: string[];
}

export interface DocShell {
  commands: DocCommand[];
  excerpts: DocExcerpt[];
}

/** Shell utilities a README block may use to prepare files. */
const SHELL = new Set(['printf', 'echo', 'cat', 'cp', 'mv', 'mkdir', 'ls', 'sed', 'head', 'tail', 'grep', 'diff', 'cmp', 'wc', 'touch', 'dot', 'jq']);

/** The kind of a command line, from its first words. */
export function kindOf(text: string): Kind {
  const w = text.trim().split(/\s+/);
  if (w[0] === 'npx') return w[1] === 'planlog' ? 'planlog' : w[1] === 'tsx' || w[1] === 'vitest' ? 'measure' : 'unknown';
  if (w[0] === 'npm') return 'setup';
  if (w[0] === 'node' || w[0] === '/usr/bin/time' || w[0] === 'git') return 'measure';
  if (w[0] === 'planlog') return 'bare';
  return SHELL.has(w[0]) ? 'shell' : 'unknown';
}

/**
 * Splits a shell line into words: single and double quotes group, `#` after
 * whitespace starts a comment (returned separately; `end` is where it
 * starts), and `>`, `<`, `|`, `;` and `&` (runs of them, e.g. `&&`; `2>` is
 * `2` then `>`) are words of their own (`operators` says whether there is
 * one). Throws on an unterminated quote.
 */
export function shellWords(line: string): { words: string[]; comment: string; operators: boolean; end: number } {
  const words: string[] = [];
  let operators = false;
  let word: string | null = null;
  let i = 0;
  const flush = (): void => {
    if (word !== null) words.push(word);
    word = null;
  };
  while (i < line.length) {
    const c = line[i];
    if (c === "'" || c === '"') {
      const end = line.indexOf(c, i + 1);
      if (end < 0) throw new Error(`unterminated quote in: ${line}`);
      word = (word ?? '') + line.slice(i + 1, end);
      i = end + 1;
    } else if (/\s/.test(c)) {
      flush();
      i++;
    } else if (c === '#' && word === null) {
      return { words, comment: line.slice(i + 1).trim(), operators, end: i };
    } else if ('<>|;&'.includes(c)) {
      flush();
      let j = i;
      while (j < line.length && '<>|;&'.includes(line[j])) j++;
      words.push(line.slice(i, j));
      operators = true;
      i = j;
    } else {
      word = (word ?? '') + c;
      i++;
    }
  }
  flush();
  return { words, comment: '', operators, end: line.length };
}

/** The text without quoted parts (for the template test). */
const unquoted = (s: string): string => s.replace(/'[^']*'|"[^"]*"/g, "''");

/** A command written with placeholders (`…`, `<file>`, `[--level N]`, `FILE`, `DIR`): a template, not a command line. */
export function isTemplate(text: string): boolean {
  return /…|<[^>]*>|\[/.test(text) || /(^|[\s=/:,])[A-Z][A-Z_]*(?=$|[\s.,:;)/-])/.test(unquoted(text));
}

/** One command line (its text as printed, `#` comment included) as a command. */
export function parseCommand(line: string, block: number, lineNo: number): DocCommand {
  const { comment, end } = shellWords(line);
  const exit = /^exit (\d+)\b/.exec(comment);
  return { printed: line.trim(), text: line.slice(0, end).trim(), kind: kindOf(line), exit: exit ? Number(exit[1]) : 0, block, line: lineNo };
}

/** Programs whose inline code spans are command lines (see the header). */
const INLINE = /^(npx|npm|node|\/usr\/bin\/time|git|planlog)(\s|$)/;

/**
 * The commands of a Markdown text, in its order: those of its `sh` fenced
 * blocks and those written inline in prose; and the output excerpts: plain
 * fenced blocks that follow an `sh` block with nothing but blank lines
 * between.
 */
export function docShell(markdown: string): DocShell {
  const commands: DocCommand[] = [];
  const excerpts: DocExcerpt[] = [];
  const lines = markdown.split('\n');
  let shBlocks = 0;
  let lastSh = -1;
  let lastShEnd = -2;
  /** The prose paragraph being collected (inline spans may wrap), with its first line's number. */
  let para: string[] = [];
  let paraStart = 0;
  const flushPara = (): void => {
    const text = para.join('\n');
    // code spans: a run of backticks up to the same run (`` \` `` holds one)
    for (const m of text.matchAll(/(`+)([\s\S]+?)\1/g)) {
      const span = m[2].replace(/\s*\n\s*/g, ' ').trim();
      // a program's name alone (`npx`, `planlog`) is a word, not a command line
      if (!INLINE.test(span) || !/\s/.test(span) || isTemplate(span)) continue;
      commands.push(parseCommand(span, -1, paraStart + text.slice(0, m.index).split('\n').length - 1));
    }
    para = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const fence = /^```(\S*)\s*$/.exec(lines[i]);
    if (!fence) {
      if (lines[i].trim() === '') flushPara();
      else {
        lastShEnd = -2;
        if (para.length === 0) paraStart = i + 1;
        para.push(lines[i]);
      }
      continue;
    }
    flushPara();
    const body: string[] = [];
    let j = i + 1;
    while (j < lines.length && !/^```\s*$/.test(lines[j])) body.push(lines[j++]);
    if (fence[1] === 'sh') {
      lastSh = shBlocks++;
      for (let k = 0; k < body.length; k++) {
        const start = k;
        let l = body[k];
        while (l.endsWith('\\') && k + 1 < body.length) l = `${l.slice(0, -1)} ${body[++k].trim()}`;
        if (l.trim() === '' || l.trim().startsWith('#')) continue;
        commands.push(parseCommand(l, lastSh, i + 2 + start));
      }
      lastShEnd = j;
    } else if (fence[1] === '' && lastShEnd >= 0) {
      excerpts.push({ block: lastSh, lines: body });
      lastShEnd = -2;
    } else {
      lastShEnd = -2;
    }
    i = j;
  }
  flushPara();
  return { commands, excerpts };
}

/** The arguments of an `npx planlog …` line run in-process (docs/ pages): no redirections or pipes there. */
export function planlogArgv(c: DocCommand): string[] {
  const { words, operators } = shellWords(c.text);
  if (words[0] !== 'npx' || words[1] !== 'planlog') throw new Error(`not an npx planlog command: ${c.text}`);
  if (operators) throw new Error(`a redirection or pipe in a command run in-process: ${c.text}`);
  return words.slice(2);
}

/** The section of a Markdown text from a heading to the next heading of the same or a higher level; throws when absent. */
export function section(markdown: string, heading: string): string {
  const lines = markdown.split('\n');
  const start = lines.indexOf(heading);
  if (start < 0) throw new Error(`no heading "${heading}"`);
  const level = /^#+/.exec(heading)![0].length;
  let end = start + 1;
  while (end < lines.length && !(/^#+ /.test(lines[end]) && /^#+/.exec(lines[end])![0].length <= level)) end++;
  return lines.slice(start, end).join('\n');
}

/**
 * A pattern for one excerpt line: runs of spaces match any run of spaces,
 * times (`1.40 ms`, `0.5 s`) match any time, and a trailing `…` makes the
 * line a prefix. Null for a line that stands for omitted output (`…`).
 */
export function excerptPattern(line: string): RegExp | null {
  const t = line.trimEnd();
  if (t.trim() === '…' || t.trim() === '') return null;
  const prefix = t.endsWith('…');
  const body = prefix ? t.slice(0, -1).trimEnd() : t;
  const escaped = body.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const timed = escaped.replace(/\d[\d,]*(?:\\\.\d+)? (ms|s)\b/g, '[\\d.,]+ $1');
  return new RegExp(`^${timed.replace(/ +/g, ' +')}${prefix ? '' : '$'}`);
}
