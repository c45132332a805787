/**
 * A lint warning: a located Diagnostic (util/errors.ts) with its check's
 * code. Warnings never stop a run; `--strict` (and `strict` in a request)
 * makes them errors (strictError).
 */
import { PlanlogError, type Diagnostic } from '../util/errors.ts';

/** The checks of the lint (README "Lint"), each one code. */
export const lintCodes = ['singleton', 'unknown-precondition', 'unused-init', 'unreachable-goal', 'never-applies', 'no-shared-predicates'] as const;
export type LintCode = (typeof lintCodes)[number];

export interface Warning extends Diagnostic {
  code: LintCode;
  severity: 'warning';
  /** The warning in a few words, for the reason of a run that found no plan: "precondition hodling/1 never holds". */
  summary: string;
}

/** A warning at `loc` (file, line, column) with its notes (none: no `notes` field). */
export function warningAt(code: LintCode, loc: { file: string; line: number; column: number }, message: string, summary: string, notes: readonly (string | null)[] = []): Warning {
  const shown = notes.filter((n): n is string => n !== null);
  return { code, severity: 'warning', file: loc.file, line: loc.line, column: loc.column, message, summary, ...(shown.length > 0 ? { notes: shown } : {}) };
}

/** Warnings sorted by file (in the order of `files`; others after them) and position; a stable sort. */
export function sortWarnings(ws: Warning[], files: readonly string[]): Warning[] {
  const rank = (f: string): number => {
    const i = files.indexOf(f);
    return i < 0 ? files.length : i;
  };
  return ws.sort((a, b) => rank(a.file) - rank(b.file) || (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0));
}

/**
 * The error `--strict` makes of warnings (exit 2, HTTP 400): each one as an
 * error, with a note naming its check.
 */
export function strictError(ws: readonly Warning[]): PlanlogError {
  return new PlanlogError(
    ws.map(({ code, severity: _s, summary: _m, ...d }) => ({ ...d, notes: [...(d.notes ?? []), `lint check ${code} (a warning without --strict)`] })),
  );
}

/** Which warning most likely explains a run that found no plan: the earlier codes first. */
const causeOrder: readonly LintCode[] = ['no-shared-predicates', 'unreachable-goal', 'unknown-precondition', 'unused-init', 'never-applies', 'singleton'];

/**
 * What a run that found no plan adds to its reason after warnings: " (the
 * lint warning at robot.pl:4:12 — precondition hodling/1 never holds — may
 * be the cause)"; "" without warnings.
 */
export function lintCause(ws: readonly Warning[]): string {
  if (ws.length === 0) return '';
  const first = [...ws].sort((a, b) => causeOrder.indexOf(a.code) - causeOrder.indexOf(b.code))[0];
  const where = first.line !== undefined ? `${first.file}:${first.line}:${first.column ?? 1}` : first.file;
  const more = ws.length - 1;
  return ` (the lint warning at ${where} — ${first.summary} — ${more > 0 ? `and ${more} more ` : ''}may be the cause)`;
}
