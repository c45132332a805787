/**
 * The source text of one clause, as written: from where it starts to the
 * "." that ends it (a "." outside brackets, quoted atoms and comments,
 * followed by layout, "%" or the end of the text — the grammar's rule).
 */

import { isLineEnd } from '../util/errors.ts';

/**
 * The clause that starts at `offset` in `text`, up to and including its
 * final "."; null when no clause end follows (text that did not come from
 * a parsed clause).
 */
export function clauseText(text: string, offset: number): string | null {
  const n = text.length;
  let depth = 0;
  let i = offset;
  while (i < n) {
    const c = text[i];
    if (c === '%') {
      while (i < n && !isLineEnd(text[i])) i++;
    } else if (c === '/' && text[i + 1] === '*') {
      const close = text.indexOf('*/', i + 2);
      i = close < 0 ? n : close + 2;
    } else if (c === "'") {
      i = afterQuoted(text, i);
    } else if (c === '(' || c === '[' || c === '{') {
      depth++;
      i++;
    } else if (c === ')' || c === ']' || c === '}') {
      depth--;
      i++;
    } else if (c === '.' && depth <= 0 && (i + 1 === n || /[ \t\n\r\f\v\u2028\u2029%]/.test(text[i + 1]))) {
      return text.slice(offset, i + 1);
    } else {
      i++;
    }
  }
  return null;
}

/** The index after the quoted atom opening at `start` (escapes `\x` and doubled quotes `''` stay inside). */
function afterQuoted(text: string, start: number): number {
  let i = start + 1;
  while (i < text.length) {
    if (text[i] === '\\') i += 2;
    else if (text[i] === "'") {
      if (text[i + 1] !== "'") return i + 1;
      i += 2;
    } else i++;
  }
  return i;
}
