/** How the CLI shows the lint's warnings: on stderr, located, with the offending line and a caret, as errors are shown. */
import type { Warning } from '../lint/index.ts';
import { flagSpecs, type FlagSpec } from '../options/index.ts';
import { formatDiagnostics } from '../util/errors.ts';
import { count } from '../util/words.ts';
import { sourcesOf } from './errors.ts';
import type { Io } from './io.ts';

/** --strict (solve, compare, serve, lint), with its help from the option table (src/options). */
export const strictFlags = flagSpecs(['strict']) as Record<'strict', FlagSpec>;

/**
 * Prints warnings on stderr: `file:line:col: warning: message`, the source
 * line with a caret under the column, then the notes (did you mean …).
 */
export function printWarnings(io: Io, warnings: readonly Warning[]): void {
  if (warnings.length === 0) return;
  io.err(formatDiagnostics(warnings, sourcesOf(io, warnings), (rest) => `… and ${count(rest, 'more warning')}`));
}

/** "no warnings", "1 warning", "3 warnings". */
export function warningCount(n: number): string {
  return n === 0 ? 'no warnings' : count(n, 'warning');
}
