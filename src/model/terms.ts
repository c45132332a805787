/**
 * Prolog terms as the parser produces them. Every term carries the place in
 * the source where it starts, so later checks can point at it.
 */

export interface Loc {
  file: string;
  line: number; // 1-based
  column: number; // 1-based
  offset: number; // 0-based character offset
}

export type Term = Atom | Var | Int | Compound | List;

export interface Atom {
  kind: 'atom';
  name: string;
  loc: Loc;
}

export interface Var {
  kind: 'var';
  name: string; // "_" for the anonymous variable
  loc: Loc;
}

export interface Int {
  kind: 'int';
  value: number;
  loc: Loc;
}

export interface Compound {
  kind: 'compound';
  functor: string;
  args: Term[];
  loc: Loc;
}

/** A list `[a, b | T]`; `tail` is null for a proper list. `[]` is a List with no items. */
export interface List {
  kind: 'list';
  items: Term[];
  tail: Term | null;
  loc: Loc;
}

/** One clause: a fact (`body` null), a rule, or a directive (`head` null). */
export interface Clause {
  head: Term | null;
  body: Term | null;
  loc: Loc;
}

export interface Program {
  file: string;
  text: string;
  clauses: Clause[];
}

export const noLoc: Loc = { file: '<builtin>', line: 0, column: 0, offset: 0 };

export function atom(name: string, loc: Loc = noLoc): Atom {
  return { kind: 'atom', name, loc };
}

export function compound(functor: string, args: Term[], loc: Loc = noLoc): Compound {
  return { kind: 'compound', functor, args, loc };
}

/** Name and arity of a callable term (atom or compound), null otherwise. */
export function indicator(t: Term): { name: string; arity: number } | null {
  if (t.kind === 'atom') return { name: t.name, arity: 0 };
  if (t.kind === 'compound') return { name: t.functor, arity: t.args.length };
  return null;
}

export function indicatorString(t: Term): string {
  const i = indicator(t);
  return i ? `${i.name}/${i.arity}` : termToString(t);
}

const plainAtom = /^[a-z][a-zA-Z0-9_]*$/;
const symbolAtom = /^[+\-*/\\^<>=~:.?@#&$]+$/;

/** An atom as Prolog would print it with writeq: quoted when needed. */
export function quoteAtom(name: string): string {
  if (plainAtom.test(name) || symbolAtom.test(name) || name === '[]' || name === '!' || name === ';' || name === '{}') {
    return name;
  }
  return `'${name.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n').replace(/\t/g, '\\t')}'`;
}

const infixOps = new Set([':-', ';', '->', ',', '=', '\\=', '==', '\\==', 'is', '<', '>', '=<', '>=', '=:=', '=\\=', '+', '-', '*', '/', '//', 'mod']);

/** Prolog text of a term (writeq style, canonical spacing: `f(a,b)`, `[a,b|T]`). */
export function termToString(t: Term): string {
  switch (t.kind) {
    case 'atom':
      return quoteAtom(t.name);
    case 'var':
      return t.name;
    case 'int':
      return String(t.value);
    case 'list': {
      const items = t.items.map(termToString).join(',');
      return t.tail ? `[${items}|${termToString(t.tail)}]` : `[${items}]`;
    }
    case 'compound':
      if (t.args.length === 2 && infixOps.has(t.functor)) {
        const sep = /^[a-z]/.test(t.functor) || t.functor === ',' ? ` ${t.functor} ` : t.functor;
        return `${wrap(t.args[0])}${sep === ' , ' ? ', ' : sep}${wrap(t.args[1])}`;
      }
      if (t.args.length === 1 && t.functor === '\\+') return `\\+ ${wrap(t.args[0])}`;
      return `${quoteAtom(t.functor)}(${t.args.map(termToString).join(',')})`;
  }
}

function wrap(t: Term): string {
  const s = termToString(t);
  return t.kind === 'compound' && (infixOps.has(t.functor) || t.functor === '\\+') && t.args.length <= 2 ? `(${s})` : s;
}

/** Variables of a term in order of first occurrence (the anonymous `_` excluded). */
export function termVars(t: Term, out: Var[] = []): Var[] {
  switch (t.kind) {
    case 'var':
      if (t.name !== '_' && !out.some((v) => v.name === t.name)) out.push(t);
      break;
    case 'compound':
      for (const a of t.args) termVars(a, out);
      break;
    case 'list':
      for (const a of t.items) termVars(a, out);
      if (t.tail) termVars(t.tail, out);
      break;
  }
  return out;
}

/** Every occurrence of a variable (with its location), anonymous ones included. */
export function varOccurrences(t: Term, out: Var[] = []): Var[] {
  switch (t.kind) {
    case 'var':
      out.push(t);
      break;
    case 'compound':
      for (const a of t.args) varOccurrences(a, out);
      break;
    case 'list':
      for (const a of t.items) varOccurrences(a, out);
      if (t.tail) varOccurrences(t.tail, out);
      break;
  }
  return out;
}
