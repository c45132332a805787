/**
 * Reads the `npm start -- …` commands out of Markdown, with what the text
 * says about them: the exit code (a trailing `# exit N` comment; 0 without
 * one), a `> FILE` redirection of stdout, and the output excerpt shown in
 * the plain fenced block right after the command's `sh` block.
 */

export interface DocCommand {
  /** The arguments after `npm start --`. */
  argv: string[];
  /** The command as written (for test names). */
  text: string;
  /** Exit code the text promises. */
  exit: number;
  /** File name stdout is redirected to, if any. */
  redirect?: string;
  /** Index of the `sh` block the command is in (-1: inline in prose). */
  block: number;
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

const PREFIXES = ['npx planlog ', 'npm start -- '];

/**
 * Splits a shell line into words: single and double quotes group, `#` after
 * whitespace starts a comment (returned separately), `>` is a word of its
 * own. Throws on an unterminated quote.
 */
export function shellWords(line: string): { words: string[]; comment: string } {
  const words: string[] = [];
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
      return { words, comment: line.slice(i + 1).trim() };
    } else if (c === '>') {
      flush();
      words.push('>');
      i++;
    } else {
      word = (word ?? '') + c;
      i++;
    }
  }
  flush();
  return { words, comment: '' };
}

/** One `npm start -- …` line as a command; null for any other line. */
export function parseCommand(line: string, block: number): DocCommand | null {
  const text = line.trim();
  const prefix = PREFIXES.find((p) => text.startsWith(p));
  if (prefix === undefined) return null;
  const { words, comment } = shellWords(text.slice(prefix.length));
  const exit = /^exit (\d+)\b/.exec(comment);
  const gt = words.indexOf('>');
  if (gt >= 0 && gt !== words.length - 2) throw new Error(`a redirection must end the command: ${text}`);
  return {
    argv: gt >= 0 ? words.slice(0, gt) : words,
    text: text.replace(/\s+#.*$/, ''),
    exit: exit ? Number(exit[1]) : 0,
    ...(gt >= 0 ? { redirect: words[gt + 1] } : {}),
    block,
  };
}

/**
 * The commands of a Markdown text: those of its `sh` fenced blocks and
 * those written inline in prose (`` `npm start -- serve` ``), and the output
 * excerpts: plain fenced blocks that follow an `sh` block with nothing but
 * blank lines between.
 */
export function docShell(markdown: string): DocShell {
  const commands: DocCommand[] = [];
  const excerpts: DocExcerpt[] = [];
  const lines = markdown.split('\n');
  let shBlocks = 0;
  let lastSh = -1;
  let lastShEnd = -2;
  for (let i = 0; i < lines.length; i++) {
    const fence = /^```(\S*)\s*$/.exec(lines[i]);
    if (!fence) {
      if (lines[i].trim() !== '') lastShEnd = -2;
      for (const m of lines[i].matchAll(/`((?:npx planlog|npm start --) [^`]+)`/g)) commands.push(parseCommand(m[1], -1)!);
      continue;
    }
    const body: string[] = [];
    let j = i + 1;
    while (j < lines.length && !/^```\s*$/.test(lines[j])) body.push(lines[j++]);
    if (fence[1] === 'sh') {
      lastSh = shBlocks++;
      for (const l of body) {
        const c = parseCommand(l, lastSh);
        if (c) commands.push(c);
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
  return { commands, excerpts };
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
