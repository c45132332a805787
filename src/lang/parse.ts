/**
 * Reading Prolog text: a thin wrapper around the generated peggy parser
 * (grammar/prolog.peggy) that turns its failures into PlanlogErrors with
 * readable, located messages.
 */
import { isLineEnd, lineStarts, PlanlogError, positionAt, type Diagnostic } from '../util/errors.ts';
import type { Clause, Program, Term } from '../model/terms.ts';
import { parse as peggyParse, SyntaxError as PeggySyntaxError } from './parser.generated.js';

/**
 * Deepest bracket nesting ("(" and "[") accepted. Deeper input is rejected
 * before parsing, so neither the parser nor later recursive passes over the
 * terms can exhaust the stack.
 */
export const MAX_NESTING = 200;

/**
 * Deepest term accepted (long operator chains such as `a, b, c, …` or
 * `\+ \+ …` nest without brackets), so recursive passes stay safe.
 */
export const MAX_TERM_DEPTH = 2000;

/**
 * Called while a text is parsed (about every 1,024 terms) with the offset
 * reached; what it throws (a solve's budget: a limit) ends the parse and is
 * thrown as it is.
 */
export type ParsePoll = (offset: number) => void;

/**
 * Parses a whole file of clauses. Empty or comment-only text gives a Program
 * without clauses.
 * @throws PlanlogError (and nothing else) for any syntax error; what `poll` throws.
 */
export function parseProgram(text: string, file: string, poll?: ParsePoll): Program {
  const clauses = run(text, file, 'program', poll) as Clause[];
  for (const c of clauses) {
    if (c.head) checkDepth(c.head, file);
    if (c.body) checkDepth(c.body, file);
  }
  return { file, text, clauses };
}

/**
 * Parses one term, optionally followed by "." (e.g. a plan step
 * `pushR(x1y2,x2y2,x3y2)`).
 * @throws PlanlogError (and nothing else) when the text is not exactly one term.
 */
export function parseTerm(text: string, file: string): Term {
  const term = run(text, file, 'term') as Term;
  checkDepth(term, file);
  return term;
}

type StartRule = 'program' | 'term';

function run(text: string, file: string, startRule: StartRule, poll?: ParsePoll): unknown {
  if (typeof text !== 'string') {
    throw new PlanlogError({ file, message: 'the input is not text' });
  }
  const starts = lineStarts(text);
  checkNesting(text, file, starts);
  let stopped: { e: unknown } | null = null;
  const asked = poll
    ? (offset: number): void => {
        try {
          poll(offset);
        } catch (e) {
          stopped = { e };
          throw e;
        }
      }
    : undefined;
  try {
    return peggyParse(text, { grammarSource: file, startRule, lineStarts: starts, poll: asked });
  } catch (e) {
    if (stopped !== null) throw (stopped as { e: unknown }).e;
    if (e instanceof PeggySyntaxError) throw new PlanlogError(syntaxDiagnostic(e, text, file, startRule, starts));
    if (e instanceof RangeError) {
      throw new PlanlogError({ file, message: 'the input is nested too deeply to be read' });
    }
    if (e instanceof PlanlogError) throw e;
    throw new PlanlogError({ file, message: `cannot read the input: ${e instanceof Error ? e.message : String(e)}` });
  }
}

// ------------------------------------------------------------------ nesting

/**
 * Scans brackets outside quoted atoms and comments; throws at the first
 * bracket that opens level MAX_NESTING + 1. Unbalanced or unterminated input
 * is left to the parser to report.
 */
function checkNesting(text: string, file: string, starts: readonly number[]): void {
  let depth = 0;
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text[i];
    if (c === '%') {
      while (i < n && !isLineEnd(text[i])) i++;
    } else if (c === '/' && text[i + 1] === '*') {
      const close = text.indexOf('*/', i + 2);
      i = close < 0 ? n : close + 2;
    } else if (c === "'") {
      i++;
      while (i < n && text[i] !== "'" && !isLineEnd(text[i])) i += text[i] === '\\' ? 2 : 1;
      if (i < n && text[i] === "'") i++; // closing quote ('' doubling re-enters here)
    } else if (c === '(' || c === '[') {
      depth++;
      if (depth > MAX_NESTING) {
        throw new PlanlogError({ file, ...positionAt(starts, i), message: `terms are nested more than ${MAX_NESTING} levels deep` });
      }
      i++;
    } else if (c === ')' || c === ']') {
      if (depth > 0) depth--;
      i++;
    } else {
      i++;
    }
  }
}

/** Throws when `term` is nested deeper than MAX_TERM_DEPTH (checked without recursion). */
function checkDepth(term: Term, file: string): void {
  const stack: [Term, number][] = [[term, 1]];
  while (stack.length > 0) {
    const [t, d] = stack.pop()!;
    if (d > MAX_TERM_DEPTH) {
      throw new PlanlogError({
        file,
        line: term.loc.line,
        column: term.loc.column,
        message: `this term is nested more than ${MAX_TERM_DEPTH} levels deep`,
      });
    }
    if (t.kind === 'compound') for (const a of t.args) stack.push([a, d + 1]);
    else if (t.kind === 'list') {
      for (const a of t.items) stack.push([a, d + 1]);
      if (t.tail) stack.push([t.tail, d + 1]);
    }
  }
}

// ----------------------------------------------------------- error messages

interface Expect {
  type: string;
  text?: string;
  description?: string;
}

function syntaxDiagnostic(e: PeggySyntaxError, text: string, file: string, startRule: StartRule, starts: readonly number[]): Diagnostic {
  const start = e.location?.start ?? { line: 1, column: 1, offset: 0 };
  // line and column from the offset: peggy counts only LF as a line end
  const where = { file, ...positionAt(starts, start.offset) };
  const expected = (e.expected ?? null) as Expect[] | null;
  // Messages raised by the grammar itself (unterminated quoted atom, ...).
  if (expected === null) return { ...where, message: e.message };

  const offset = start.offset;
  if (offset >= text.length) {
    // point just after the last character, not at an empty line below it
    return { file, ...positionAt(starts, text.trimEnd().length), message: `unexpected end of file: expected ${expectedText(expected, startRule)}` };
  }
  const ch = text.codePointAt(offset) ?? 0;
  if (TYPOGRAPHIC_QUOTES.has(ch)) {
    return { ...where, message: `unexpected character "${String.fromCodePoint(ch)}" (${codePoint(ch)}): typographic quotes are not Prolog; write ' for a quoted atom` };
  }
  if (ch < 0x20 && ch !== 0x09 && ch !== 0x0a && ch !== 0x0d) {
    return { ...where, message: `unexpected character ${codePoint(ch)}` };
  }
  if (ch === 0x7f || (ch >= 0x80 && ch <= 0x9f) || (ch >= 0xd800 && ch <= 0xdfff)) {
    return { ...where, message: `unexpected character ${codePoint(ch)}` };
  }
  if (ch > 0x7f) {
    return { ...where, message: `unexpected character "${String.fromCodePoint(ch)}" (${codePoint(ch)})` };
  }
  const has = (d: string): boolean => expected.some((x) => x.description === d || x.text === d);
  if (text[offset] === '.' && has('end of clause')) {
    return { ...where, message: 'the "." that ends a clause must be followed by whitespace, "%" or the end of the file' };
  }
  if (text[offset] === '"' && has('term')) {
    return { ...where, message: 'double-quoted strings are not supported; write a quoted atom \'like this\'' };
  }
  return { ...where, message: `expected ${expectedText(expected, startRule)}, found ${foundToken(text, offset)}${hint(text, offset, has, starts)}` };
}

/** Typographic quotes that word processors put in place of ' and ". */
const TYPOGRAPHIC_QUOTES = new Set([0x2018, 0x2019, 0x201c, 0x201d]);

/** A guess at the usual mistake behind a syntax error, as " (…?)"; '' when there is none. */
function hint(text: string, offset: number, has: (d: string) => boolean, starts: readonly number[]): string {
  const c = text[offset];
  const line = positionAt(starts, offset).line;
  const lineStart = starts[line - 1];
  const firstOnLine = text.slice(lineStart, offset).trim() === '';
  if (has('end of clause')) {
    if (c === ')' || c === ']') return ` (one "${c}" too many?)`;
    if (c === '(' && /[A-Za-z0-9_']\s+$/.test(text.slice(Math.max(0, offset - 40), offset))) return ' (no space is allowed between a name and its "(")';
    if (firstOnLine && line > 1 && /[A-Za-z_':]/.test(c)) return ` (is the "." missing at the end of line ${line - 1}?)`;
    return '';
  }
  if (c === '.' && (has(')') || has(']'))) return ` (is a "${has(')') ? ')' : ']'}" missing?)`;
  if (has(',') && (has(')') || has(']')) && /[A-Za-z0-9_'([]/.test(c)) return ' (is a comma missing?)';
  return '';
}

/** What the parser wanted, in words, most useful alternative first. */
function expectedText(expected: Expect[], startRule: StartRule): string {
  const has = (d: string): boolean => expected.some((x) => x.description === d || x.text === d);
  if (has('end of clause')) return '"." after the clause';
  if (has(')') && has(',')) return '"," or ")"';
  if (has(']') && has('|')) return '",", "|" or "]"';
  if (has(']') && has(',')) return '"," or "]"';
  if (has(']')) return '"]"';
  if (has(')')) return '")"';
  if (has('term')) return has('end of file') && startRule === 'program' ? 'a clause' : 'a term';
  if (has('end of file')) return startRule === 'term' ? 'the end of the term' : 'the end of the file';
  const words = [...new Set(expected.map((x) => x.description ?? (x.text !== undefined ? JSON.stringify(x.text) : x.type)))];
  return words.join(' or ') || 'something else';
}

/** The token at `offset`, quoted for a message. */
function foundToken(text: string, offset: number): string {
  const rest = text.slice(offset, offset + 200);
  const m =
    /^[A-Za-z0-9_]+/.exec(rest) ??
    /^'(?:[^'\\\n]|\\.|'')*'?/.exec(rest) ??
    /^[+\-*/\\^<>=~:.?@#&$]+/.exec(rest);
  let token = m ? m[0] : String.fromCodePoint(text.codePointAt(offset) ?? 0);
  if (token.length > 20) token = `${token.slice(0, 20)}…`;
  return JSON.stringify(token);
}

function codePoint(c: number): string {
  return `U+${c.toString(16).toUpperCase().padStart(4, '0')}`;
}
