/**
 * Reading plan files: one ground operator term per line (an optional
 * trailing `.` and a leading step number like `12.` are allowed; blank lines
 * and `%` or `;` comment lines are skipped), a Prolog list `[op1, op2, …]`,
 * or JSON: an array of strings or an object with a `plan` array (the output
 * of `solve --json`). Every step must be an operator term — a name or
 * name(…) — whatever the format: a number, a variable, a string or a list
 * as a step makes the file malformed (a PlanlogError, exit 2), as a JSON
 * array of non-strings does; whether a well-formed step names an operator
 * that applies is the validator's question (exit 5).
 */
import { isLineEnd, lineStarts, PlanlogError, positionAt, splitLines } from '../util/errors.ts';
import { parseTerm } from './parse.ts';
import { termToString, type Term } from '../model/terms.ts';
import type { PlanStep } from '../model/lifted.ts';

/** Parses a plan file. Throws PlanlogError located at the offending step. */
export function readPlan(text: string, file: string): PlanStep[] {
  const steps = readSteps(text, file);
  steps.forEach((s, i) => {
    if (s.term.kind === 'atom' || s.term.kind === 'compound') return;
    const loc = s.loc ?? s.term.loc;
    throw new PlanlogError({ file, line: loc.line, column: loc.column, message: `step ${i + 1}: ${termToString(s.term)} is not an operator term; a plan step is a name or name(constant, …)` });
  });
  return steps;
}

function readSteps(text: string, file: string): PlanStep[] {
  const trimmed = text.trim();
  if (trimmed.startsWith('{') || (trimmed.startsWith('[') && trimmed.includes('"'))) {
    let json: unknown;
    try {
      json = JSON.parse(trimmed);
    } catch (e) {
      throw new PlanlogError({ file, ...jsonErrorPlace(text, e as Error), message: `the plan looks like JSON but does not parse: ${(e as Error).message}` });
    }
    const list = Array.isArray(json) ? json : (json as { plan?: unknown }).plan;
    if (!Array.isArray(list) || !list.every((s) => typeof s === 'string')) {
      throw new PlanlogError({ file, line: 1, column: 1, message: 'a JSON plan must be an array of strings or an object with a "plan" array of strings' });
    }
    const places = jsonStringPlaces(text);
    let next = 0;
    return list.map((s: string) => {
      // the step's string literal: the next one in the text with this value
      while (next < places.length && places[next].value !== s) next++;
      const place = places[next++] ?? { line: 1, column: 1, offset: 0, plain: false };
      const term = shifted(() => parseTerm(s, file), place.line, place.plain ? place.column - 1 : 0, place.plain ? undefined : place.column);
      return { term, loc: { file, line: place.line, column: place.column, offset: place.offset } };
    });
  }
  if (trimmed.startsWith('[')) {
    const t = parseTerm(text, file);
    if (t.kind !== 'list' || t.tail) throw new PlanlogError({ file, line: t.loc.line, column: t.loc.column, message: 'a plan given as a Prolog list must be a proper list of operator terms' });
    return t.items.map((term) => ({ term, loc: term.loc }));
  }
  const steps: PlanStep[] = [];
  const lines = splitLines(text);
  lines.forEach((raw, i) => {
    const line = raw.trimEnd();
    const body = line.trimStart();
    if (body === '' || body.startsWith('%') || body.startsWith(';')) return;
    const prefix = /^\s*(\d+[.:)]\s+)?/.exec(line)![0].length;
    const term: Term = shifted(() => parseTerm(line.slice(prefix), file), i + 1, prefix);
    steps.push({ term, loc: { ...term.loc, line: i + 1, column: prefix + 1 } });
  });
  return steps;
}

/**
 * Runs a parse of one line and moves its error positions to that line of
 * the file, `column` characters to the right; with `fixedColumn`, every
 * error is put at that column of the line instead (text that is not written
 * out as it is read, such as a JSON string with escapes).
 */
function shifted<T>(parse: () => T, line: number, column: number, fixedColumn?: number): T {
  try {
    return parse();
  } catch (e) {
    if (!(e instanceof PlanlogError)) throw e;
    throw new PlanlogError(
      e.diagnostics.map((d) =>
        fixedColumn !== undefined
          ? { ...d, line, column: fixedColumn }
          : { ...d, line: line + (d.line ?? 1) - 1, column: (d.line ?? 1) === 1 ? (d.column ?? 1) + column : d.column },
      ),
    );
  }
}

/** Where JSON.parse failed (its message gives "position N" in the trimmed text, or the end); 1:1 when it does not say. */
function jsonErrorPlace(text: string, e: Error): { line: number; column: number } {
  const m = /position (\d+)/.exec(e.message);
  const atEnd = /end of JSON input/.test(e.message);
  if (!m && !atEnd) return { line: 1, column: 1 };
  const offset = m ? Math.min(text.length, text.length - text.trimStart().length + Number(m[1])) : text.trimEnd().length;
  return positionAt(lineStarts(text), offset);
}

interface StringPlace {
  value: string;
  /** Position of the first character after the opening quote. */
  line: number;
  column: number;
  offset: number;
  /** The literal has no escapes: its characters are the value's, one for one. */
  plain: boolean;
}

/** Every string literal of a JSON text, in order, with where its contents start. */
function jsonStringPlaces(text: string): StringPlace[] {
  const places: StringPlace[] = [];
  const starts = lineStarts(text);
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"' && !isLineEnd(text[j])) j += text[j] === '\\' ? 2 : 1;
      const raw = text.slice(i + 1, j);
      let value: string;
      try {
        value = JSON.parse(`"${raw}"`) as string;
      } catch {
        value = raw;
      }
      places.push({ value, ...positionAt(starts, i + 1), offset: i + 1, plain: !raw.includes('\\') });
      i = j;
    }
  }
  return places;
}
