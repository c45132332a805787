/**
 * What "a clear, located error" means for the property tests: a
 * PlanlogError (nothing else), each diagnostic naming an input file, with a
 * plain message and, when it has a position, a line and column inside the
 * text it points into.
 */
import { expect } from 'vitest';
import { PlanlogError } from '../../src/util/errors.ts';

/** Line texts under each line convention (the plan reader counts LF, the level reader also CR, the Prolog grammar also U+2028 and U+2029). */
function lineTexts(text: string): string[][] {
  return [text.split('\n'), text.split(/\r\n|\r|\n/), text.split(/\r\n|[\n\r\u2028\u2029]/)];
}

/** True when (line, column) lies in `text`: a line of it, a column up to one past that line's end. */
export function inText(text: string, line: number, column: number): boolean {
  return lineTexts(text).some((lines) => line <= lines.length && column <= lines[line - 1].length + 1);
}

/**
 * Runs `read` and returns its result, or null after checking that it threw
 * a PlanlogError whose every diagnostic is located in one of `texts` (file
 * name → text). Fails the test for any other exception.
 */
export function resultOrLocated<T>(read: () => T, texts: Record<string, string>): T | null {
  try {
    return read();
  } catch (e) {
    if (!(e instanceof PlanlogError)) throw new Error(`expected a result or a PlanlogError, got ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
    expectLocated(e, texts);
    return null;
  }
}

/** Checks every diagnostic of `e` as resultOrLocated describes. */
export function expectLocated(e: PlanlogError, texts: Record<string, string>): void {
  expect(e.diagnostics.length).toBeGreaterThan(0);
  for (const d of e.diagnostics) {
    expect(Object.keys(texts)).toContain(d.file);
    expect(d.message.length).toBeGreaterThan(0);
    expect(d.message).not.toMatch(/undefined|NaN|\[object /);
    if (d.line === undefined) continue;
    const column = d.column ?? 1;
    expect(Number.isInteger(d.line) && Number.isInteger(column) && d.line >= 1 && column >= 1).toBe(true);
    if (!inText(texts[d.file], d.line, column)) {
      throw new Error(`${d.file}:${d.line}:${column}: ${d.message} — this position is not in the text ${JSON.stringify(texts[d.file].slice(0, 300))}`);
    }
  }
}
