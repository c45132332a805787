/**
 * Reading plan files: one ground operator term per line (an optional
 * trailing `.` and a leading step number like `12.` are allowed; blank lines
 * and `%` or `;` comment lines are skipped), a Prolog list `[op1, op2, …]`,
 * or JSON: an array of strings or an object with a `plan` array (the output
 * of `solve --json`).
 */
import { PlanlogError } from './errors.ts';
import { parseTerm } from './parse.ts';
import type { Term } from './terms.ts';
import type { PlanStep } from '../strips/validate.ts';

/** Parses a plan file. Throws PlanlogError located at the offending step. */
export function readPlan(text: string, file: string): PlanStep[] {
  const trimmed = text.trim();
  if (trimmed.startsWith('{') || (trimmed.startsWith('[') && trimmed.includes('"'))) {
    let json: unknown;
    try {
      json = JSON.parse(trimmed);
    } catch (e) {
      throw new PlanlogError({ file, line: 1, column: 1, message: `the plan looks like JSON but does not parse: ${(e as Error).message}` });
    }
    const list = Array.isArray(json) ? json : (json as { plan?: unknown }).plan;
    if (!Array.isArray(list) || !list.every((s) => typeof s === 'string')) {
      throw new PlanlogError({ file, line: 1, column: 1, message: 'a JSON plan must be an array of strings or an object with a "plan" array of strings' });
    }
    return list.map((s, i) => ({ term: shifted(() => parseTerm(s, file), 1, 0), loc: { file, line: 1, column: 1, offset: i } }));
  }
  if (trimmed.startsWith('[')) {
    const t = parseTerm(text, file);
    if (t.kind !== 'list' || t.tail) throw new PlanlogError({ file, line: t.loc.line, column: t.loc.column, message: 'a plan given as a Prolog list must be a proper list of operator terms' });
    return t.items.map((term) => ({ term, loc: term.loc }));
  }
  const steps: PlanStep[] = [];
  const lines = text.split(/\r?\n/);
  lines.forEach((raw, i) => {
    const line = raw.replace(/\s+$/, '');
    const body = line.trimStart();
    if (body === '' || body.startsWith('%') || body.startsWith(';')) return;
    const prefix = /^\s*(\d+[.:)]\s+)?/.exec(line)![0].length;
    const term: Term = shifted(() => parseTerm(line.slice(prefix), file), i + 1, prefix);
    steps.push({ term, loc: { ...term.loc, line: i + 1, column: prefix + 1 } });
  });
  return steps;
}

/** Runs a parse of one line and moves its error positions to that line of the file. */
function shifted<T>(parse: () => T, line: number, column: number): T {
  try {
    return parse();
  } catch (e) {
    if (!(e instanceof PlanlogError)) throw e;
    throw new PlanlogError(
      e.diagnostics.map((d) => ({ ...d, line: line + (d.line ?? 1) - 1, column: (d.line ?? 1) === 1 ? (d.column ?? 1) + column : d.column })),
    );
  }
}
