/**
 * One error class for every stage that reads user input (grammar, domain
 * check, problem check, level reader, plan reader). It carries one or more
 * located diagnostics, so a stage can collect all problems and report them
 * together.
 */

/** A position in a source text; line and column are 1-based. */
export interface SourcePos {
  line: number;
  column: number;
}

/**
 * A line end, as the Prolog grammar, the level reader and both Prolog
 * engines (tau-prolog, SWI-Prolog) count them: CR LF, LF, a bare CR, and the
 * Unicode separators U+2028 and U+2029 (which end a `%` comment in both
 * engines).
 */
export const LINE_END = /\r\n|[\n\r\u2028\u2029]/;

/** The lines of a text, split at every LINE_END. */
export function splitLines(text: string): string[] {
  return text.split(LINE_END);
}

/** True for a character that ends a line (CR LF counts once, at its CR). */
export function isLineEnd(c: string | undefined): boolean {
  return c === '\n' || c === '\r' || c === '\u2028' || c === '\u2029';
}

/** The offset of the first character of each line (0 first), with line ends as LINE_END. */
export function lineStarts(text: string): number[] {
  const starts = [0];
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x0d) {
      if (text.charCodeAt(i + 1) === 0x0a) i++;
      starts.push(i + 1);
    } else if (c === 0x0a || c === 0x2028 || c === 0x2029) {
      starts.push(i + 1);
    }
  }
  return starts;
}

/** The 1-based line and column of `offset`, given the text's lineStarts. */
export function positionAt(starts: readonly number[], offset: number): SourcePos {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= offset) lo = mid;
    else hi = mid - 1;
  }
  return { line: lo + 1, column: offset - starts[lo] + 1 };
}

export interface Diagnostic {
  /** File name as given by the user ("<input>" for text without a file). */
  file: string;
  /** 1-based; absent when the problem has no single place (e.g. an empty file). */
  line?: number;
  column?: number;
  message: string;
  /** Further located or plain remarks ("first used here", hints). */
  notes?: string[];
  severity?: 'error' | 'warning';
}

export class PlanlogError extends Error {
  readonly diagnostics: Diagnostic[];

  constructor(diagnostics: Diagnostic | Diagnostic[]) {
    const list = Array.isArray(diagnostics) ? diagnostics : [diagnostics];
    super(list.map(formatLocation).join('\n'));
    this.name = 'PlanlogError';
    this.diagnostics = list;
  }

  /** The first diagnostic (every PlanlogError has at least one). */
  get first(): Diagnostic {
    return this.diagnostics[0];
  }
}

/** "file:line:col: message" (or "file: message" without a position). */
export function formatLocation(d: Diagnostic): string {
  const where = d.line !== undefined ? `${d.file}:${d.line}:${d.column ?? 1}` : d.file;
  const sev = d.severity === 'warning' ? 'warning: ' : '';
  return `${where}: ${sev}${d.message}`;
}

/** Diagnostics formatDiagnostics shows; the rest are counted on one line. */
export const MAX_SHOWN_DIAGNOSTICS = 50;

/** Longest source excerpt under a message; a longer line is cut around the column. */
const EXCERPT_WIDTH = 100;

/**
 * Formats diagnostics for a terminal: the located message, the offending
 * source line (cut around the column when it is long) and a caret under the
 * column, then the notes; after MAX_SHOWN_DIAGNOSTICS, one line counts the
 * rest. `sources` maps file names to their text; files not in it get no excerpt.
 */
export function formatDiagnostics(
  diagnostics: readonly Diagnostic[],
  sources: ReadonlyMap<string, string> | Record<string, string> = {},
  /** The line that counts the diagnostics not shown. */
  tail: (rest: number) => string = (rest) => `… and ${rest} more problem${rest === 1 ? '' : 's'} (fix these first)`,
): string {
  const lookup = (file: string): string | undefined =>
    sources instanceof Map ? sources.get(file) : Object.hasOwn(sources, file) ? (sources as Record<string, string>)[file] : undefined;
  const lines = new Map<string, string[]>();
  const out: string[] = [];
  for (const d of diagnostics.slice(0, MAX_SHOWN_DIAGNOSTICS)) {
    out.push(formatLocation(d));
    const text = lookup(d.file);
    if (text !== undefined && d.line !== undefined) {
      if (!lines.has(d.file)) lines.set(d.file, splitLines(text));
      const lineText = lines.get(d.file)![d.line - 1];
      if (lineText !== undefined) out.push(...excerpt(lineText.replace(/\t/g, ' '), (d.column ?? 1) - 1));
    }
    for (const note of d.notes ?? []) out.push(`  note: ${note}`);
  }
  const rest = diagnostics.length - MAX_SHOWN_DIAGNOSTICS;
  if (rest > 0) out.push(tail(rest));
  return out.join('\n');
}

/** The line (at most EXCERPT_WIDTH characters of it, around `at`) and a caret under position `at`. */
function excerpt(line: string, at: number): string[] {
  if (line.length <= EXCERPT_WIDTH) return [`  ${line}`, `  ${' '.repeat(Math.max(0, at))}^`];
  const start = Math.max(0, Math.min(at - EXCERPT_WIDTH / 2, line.length - EXCERPT_WIDTH));
  const end = start + EXCERPT_WIDTH;
  const head = start > 0 ? '…' : '';
  const shown = `${head}${line.slice(start, end)}${end < line.length ? '…' : ''}`;
  return [`  ${shown}`, `  ${' '.repeat(Math.max(0, at - start + head.length))}^`];
}

/** True when `e` is one of ours (a user mistake, not a bug). */
export function isPlanlogError(e: unknown): e is PlanlogError {
  return e instanceof PlanlogError;
}
