/**
 * Which files are PDDL: a name ending in `.pddl`, or a text whose first
 * form (after white space and `;` comments) is `(define`. A Prolog file
 * cannot start so (`(define (domain x) …)` is no clause), nor can a level
 * file, so the text decides for files of any other name.
 */
import { isLineEnd } from '../util/errors.ts';

/** A PDDL file by its name alone: `*.pddl` (any case). */
export const isPddlName = (file: string): boolean => /\.pddl$/i.test(file);

/** True for a PDDL file: by its name (`.pddl`) or its text (`(define` first). */
export function isPddl(file: string, text: string): boolean {
  return isPddlName(file) || pddlDefineKind(text) !== null;
}

/**
 * What a PDDL text defines, from its first form: `(define (domain …` or
 * `(define (problem …`; `other` for another `(define …`; null when the
 * text does not start with `(define`.
 */
export function pddlDefineKind(text: string): 'domain' | 'problem' | 'other' | null {
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  for (;;) {
    while (i < text.length && /\s/.test(text[i])) i++;
    if (text[i] !== ';') break;
    while (i < text.length && !isLineEnd(text[i])) i++;
  }
  const m = /^\(\s*define(?=[\s(;])\s*(?:\(\s*([a-zA-Z]+))?/i.exec(text.slice(i, i + 200));
  if (!m) return null;
  const kind = m[1]?.toLowerCase();
  return kind === 'domain' || kind === 'problem' ? kind : 'other';
}
