/** Formatting located diagnostics for a terminal: long lines are cut around the column, long lists are cut short. */
import { describe, expect, it } from 'vitest';
import { formatDiagnostics, MAX_SHOWN_DIAGNOSTICS, type Diagnostic } from '../../src/util/errors.ts';

describe('formatDiagnostics', () => {
  it('cuts a long line to 100 characters around the column, caret included', () => {
    const line = `${'a'.repeat(500)}X${'b'.repeat(500)}`;
    const text = formatDiagnostics([{ file: 'f.txt', line: 1, column: 501, message: 'here' }], { 'f.txt': line });
    const [, shown, caret] = text.split('\n');
    expect(shown).toBe(`  …${'a'.repeat(50)}X${'b'.repeat(49)}…`);
    expect(caret).toBe(`  ${' '.repeat(51)}^`);
    expect(shown[caret.length - 1]).toBe('X');
  });

  it('shows a short line whole', () => {
    expect(formatDiagnostics([{ file: 'f', line: 2, column: 3, message: 'm' }], { f: 'one\ntwo\n' })).toBe('f:2:3: m\n  two\n    ^');
  });

  it(`shows ${MAX_SHOWN_DIAGNOSTICS} diagnostics and counts the rest`, () => {
    const many: Diagnostic[] = Array.from({ length: 120 }, (_, i) => ({ file: 'f', line: 1, column: i + 1, message: `problem ${i + 1}` }));
    const lines = formatDiagnostics(many).split('\n');
    expect(lines).toHaveLength(MAX_SHOWN_DIAGNOSTICS + 1);
    expect(lines[MAX_SHOWN_DIAGNOSTICS - 1]).toBe(`f:1:${MAX_SHOWN_DIAGNOSTICS}: problem ${MAX_SHOWN_DIAGNOSTICS}`);
    expect(lines[MAX_SHOWN_DIAGNOSTICS]).toBe('… and 70 more problems (fix these first)');
  });
});
