/**
 * The bench tools' command lines: node's parseArgs, plus `--help` (prints
 * the tool's leading doc comment, exit 0) and a usage error for a flag the
 * tool does not know or a value left out (`bench/TOOL.ts: message`, exit 2)
 * instead of a stack trace.
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, type ParseArgsConfig } from 'node:util';

/** parseArgs for the tool whose module URL is `toolUrl` (its import.meta.url). */
export function benchArgs<T extends ParseArgsConfig>(toolUrl: string, config: T): ReturnType<typeof parseArgs<T>> {
  const file = fileURLToPath(toolUrl);
  const args = config.args ?? process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    const doc = readFileSync(file, 'utf8').split('*/')[0];
    console.log(doc.replace(/^\s*\/\*\*[ \t]*\n/, '').replace(/^ \* ?/gm, '').trimEnd());
    process.exit(0);
  }
  try {
    return parseArgs(config);
  } catch (e) {
    if (!String((e as NodeJS.ErrnoException).code).startsWith('ERR_PARSE_ARGS')) throw e;
    console.error(`bench/${basename(file)}: ${(e as Error).message}`);
    process.exit(2);
  }
}

/** A bench tool's input file (the tool by its module URL): its text, or `bench/TOOL.ts: OPTION: PATH: no such file` (or the system's words), exit 2. */
export function readInput(toolUrl: string, option: string, path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === undefined) throw e;
    console.error(`bench/${basename(fileURLToPath(toolUrl))}: ${option}: ${path}: ${code === 'ENOENT' ? 'no such file' : (e as Error).message}`);
    process.exit(2);
  }
}

/** A plan of a `N: LURD` line: the LURD string, its line and the column it starts at; `expanded` and `ms`: the states its search expanded and the wall time it took, when the line ends with `expanded N ms M` (bench/improve.ts --save-plans writes them). */
export interface PlanLine {
  lurd: string;
  line: number;
  column: number;
  expanded?: number;
  ms?: number;
}

/** The `N: LURD` lines of a plans file (as bench/improve.ts --save-plans writes them: `N: LURD expanded N ms M`), by level; `other`: the numbers of the lines that are none, blank lines and `#` comments left out. */
export function planLines(text: string): { plans: Map<number, PlanLine>; other: number[] } {
  const plans = new Map<number, PlanLine>();
  const other: number[] = [];
  text.split(/\r?\n/).forEach((line, i) => {
    const m = /^(\s*(\d+)\s*:\s*)(\S*)(?:\s+expanded\s+(\d+)(?:\s+ms\s+(\d+(?:\.\d+)?))?)?\s*$/.exec(line);
    if (m) {
      const search = { ...(m[4] === undefined ? {} : { expanded: Number(m[4]) }), ...(m[5] === undefined ? {} : { ms: Number(m[5]) }) };
      plans.set(Number(m[2]), { lurd: m[3], line: i + 1, column: m[1].length + 1, ...search });
    } else if (line.trim() !== '' && !line.trim().startsWith('#')) other.push(i + 1);
  });
  return { plans, other };
}

/**
 * `--set FIELD=VALUE` items (repeatable, or comma-separated) as config
 * fields: `true`, `false`, numbers, else strings. An item that is not
 * FIELD=VALUE: `bench/TOOL.ts: --set ITEM: expected FIELD=VALUE`, exit 2.
 */
export function setFields(toolUrl: string, items: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const item of items.flatMap((s) => s.split(','))) {
    const m = /^(\w+)=(.*)$/.exec(item.trim());
    if (!m) {
      console.error(`bench/${basename(fileURLToPath(toolUrl))}: --set ${item}: expected FIELD=VALUE`);
      process.exit(2);
    }
    out[m[1]] = m[2] === 'true' ? true : m[2] === 'false' ? false : m[2] !== '' && !Number.isNaN(Number(m[2])) ? Number(m[2]) : m[2];
  }
  return out;
}
