/**
 * The lowest layer of the PDDL reader: text → s-expressions. Every atom and
 * list carries the place where it starts; `;` starts a comment that runs to
 * the end of the line; `?` starts a variable, also right after a name. PDDL
 * is case-insensitive, so atoms are kept both as written and lowercased.
 */
import { PlanlogError } from '../util/errors.ts';
import type { Loc } from '../model/terms.ts';

export interface SAtom {
  kind: 'atom';
  /** Lowercased text (PDDL names are case-insensitive). */
  text: string;
  /** The text as written. */
  raw: string;
  loc: Loc;
}

export interface SList {
  kind: 'list';
  items: SExpr[];
  /** Where the opening parenthesis stands. */
  loc: Loc;
}

export type SExpr = SAtom | SList;

/** Deepest nesting accepted, so that the recursive passes cannot exhaust the stack. */
const MAX_DEPTH = 200;

/**
 * Reads every top-level s-expression of a text.
 * @throws PlanlogError located at an unclosed "(" or a stray ")", or at the
 * first character of a nesting deeper than MAX_DEPTH.
 */
export function readSExprs(text: string, file: string): SExpr[] {
  const top: SExpr[] = [];
  const stack: SList[] = [];
  let line = 1;
  let col = 1;
  const here = (offset: number): Loc => ({ file, line, column: col, offset });
  let i = 0;
  while (i < text.length) {
    const ch = text[i];
    if (ch === '\n') {
      line++;
      col = 1;
      i++;
      continue;
    }
    if (/\s/.test(ch)) {
      col++;
      i++;
      continue;
    }
    if (ch === ';') {
      while (i < text.length && text[i] !== '\n') i++;
      continue;
    }
    const into = stack.length > 0 ? stack[stack.length - 1].items : top;
    if (ch === '(') {
      if (stack.length >= MAX_DEPTH) throw new PlanlogError({ ...pos(here(i)), message: `the PDDL text is nested more than ${MAX_DEPTH} levels deep` });
      const list: SList = { kind: 'list', items: [], loc: here(i) };
      into.push(list);
      stack.push(list);
      col++;
      i++;
      continue;
    }
    if (ch === ')') {
      if (stack.length === 0) throw new PlanlogError({ ...pos(here(i)), message: 'unexpected ")": no "(" is open here' });
      stack.pop();
      col++;
      i++;
      continue;
    }
    const start = here(i);
    // a name ends at white space, a parenthesis, a comment or a "?": "?" starts
    // a variable and is no part of a name, so (aircraft?a) is aircraft, ?a
    let j = i + 1;
    while (j < text.length && !/[\s();?]/.test(text[j])) j++;
    const raw = text.slice(i, j);
    into.push({ kind: 'atom', raw, text: raw.toLowerCase(), loc: start });
    col += j - i;
    i = j;
  }
  if (stack.length > 0) {
    const open = stack[stack.length - 1];
    throw new PlanlogError({ ...pos(open.loc), message: 'this "(" is never closed' });
  }
  return top;
}

/** The file, line and column of a location, for a Diagnostic. */
export function pos(loc: Loc): { file: string; line: number; column: number } {
  return { file: loc.file, line: loc.line, column: loc.column };
}

/** The s-expression as PDDL text on one line (for messages), cut to `max` characters. */
export function showSExpr(e: SExpr, max = 60): string {
  const s = e.kind === 'atom' ? e.raw : `(${e.items.map((x) => showSExpr(x, Infinity)).join(' ')})`;
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}

/**
 * The text of the parenthesised form that opens at `offset` (a `(` in
 * `text`), up to its closing `)`, as written (comments included); null
 * when it is never closed or `offset` is not at a `(`.
 */
export function formText(text: string, offset: number): string | null {
  if (text[offset] !== '(') return null;
  let depth = 0;
  for (let i = offset; i < text.length; i++) {
    const c = text[i];
    if (c === ';') {
      while (i < text.length && text[i] !== '\n') i++;
    } else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return text.slice(offset, i + 1);
  }
  return null;
}
