/** How the CLI shows the lint's warnings: on stderr, located, with the offending line and a caret, as errors are shown. */
import type { Warning } from '../lint/index.ts';
import { flagSpecs, type FlagSpec } from '../options/index.ts';
import { formatDiagnostics, MAX_SHOWN_DIAGNOSTICS, type Diagnostic } from '../util/errors.ts';
import type { Io } from './io.ts';

/** --strict (solve, compare, serve, lint), with its help from the option table (src/options). */
export const strictFlags = flagSpecs(['strict']) as Record<'strict', FlagSpec>;

/**
 * Prints warnings on stderr: `file:line:col: warning: message`, the source
 * line with a caret under the column, then the notes (did you mean …).
 */
export function printWarnings(io: Io, warnings: readonly Warning[]): void {
  if (warnings.length === 0) return;
  const shown = warnings.slice(0, MAX_SHOWN_DIAGNOSTICS);
  const rest = warnings.length - shown.length;
  io.err(formatDiagnostics(shown, sourcesOf(io, shown)) + (rest > 0 ? `\n… and ${warningCount(rest).replace('warning', 'more warning')}` : ''));
}

/** "no warnings", "1 warning", "3 warnings". */
export function warningCount(n: number): string {
  return n === 0 ? 'no warnings' : `${n} warning${n === 1 ? '' : 's'}`;
}

/** The texts of the files the diagnostics point into (for the excerpt under each); a file that cannot be read gets none. */
export function sourcesOf(io: Io, diagnostics: readonly Diagnostic[]): Map<string, string> {
  const m = new Map<string, string>();
  const failed = new Set<string>();
  for (const d of diagnostics) {
    if (d.line === undefined || m.has(d.file) || failed.has(d.file) || d.file.startsWith('<')) continue;
    try {
      m.set(d.file, io.readFile(d.file));
    } catch {
      failed.add(d.file);
    }
  }
  return m;
}
