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

/**
 * Formats diagnostics for a terminal: the located message, the offending
 * source line and a caret under the column, then the notes.
 * `sources` maps file names to their text; files not in it get no excerpt.
 */
export function formatDiagnostics(
  diagnostics: readonly Diagnostic[],
  sources: ReadonlyMap<string, string> | Record<string, string> = {},
): string {
  const lookup = (file: string): string | undefined =>
    sources instanceof Map ? sources.get(file) : (sources as Record<string, string>)[file];
  const out: string[] = [];
  for (const d of diagnostics) {
    out.push(formatLocation(d));
    const text = lookup(d.file);
    if (text !== undefined && d.line !== undefined) {
      const lineText = text.split(/\r?\n/)[d.line - 1];
      if (lineText !== undefined) {
        const shown = lineText.replace(/\t/g, ' ');
        out.push(`  ${shown}`);
        out.push(`  ${' '.repeat(Math.max(0, (d.column ?? 1) - 1))}^`);
      }
    }
    for (const note of d.notes ?? []) out.push(`  note: ${note}`);
  }
  return out.join('\n');
}

/** True when `e` is one of ours (a user mistake, not a bug). */
export function isPlanlogError(e: unknown): e is PlanlogError {
  return e instanceof PlanlogError;
}
