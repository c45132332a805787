/**
 * Shared by the security tests: planlog's reading of a text next to each
 * engine's (tau-prolog, SWI-Prolog: read_term/3 in a loop, src/prolog/engine.ts
 * readClauses), as one canonical string per clause, so that the three can be
 * compared.
 *
 * Canonical form: variables numbered in order of appearance (each `_` its own);
 * lists as cons cells; the atom '[]' the same as the empty list (tau-prolog
 * reads both as one term, and planlog's planning model treats them as the
 * same constant: termToArg).
 */
import { parseProgram } from '../../src/lang/parse.ts';
import type { Clause, Term } from '../../src/model/terms.ts';
import { readClauses, type ReadResult } from '../../src/prolog/engine.ts';
import { readClausesSwipl, swiplAvailable } from '../../src/prolog/engine-swipl.ts';

/** A term as one string; `vars` numbers planlog's named variables (engines give '$VAR'(N) instead). */
export function canonical(t: Term, vars: Map<string, number> = new Map(), counter = { n: 0 }): string {
  switch (t.kind) {
    case 'atom':
      return t.name === '[]' ? '[]' : `a${JSON.stringify(t.name)}`;
    case 'int':
      return `i${t.value}`;
    case 'var': {
      if (t.name === '_') return `v${counter.n++}`;
      let k = vars.get(t.name);
      if (k === undefined) vars.set(t.name, (k = counter.n++));
      return `v${k}`;
    }
    case 'list': {
      let acc = t.tail ? canonical(t.tail, vars, counter) : '[]';
      const items = t.items.map((x) => canonical(x, vars, counter));
      for (let i = items.length - 1; i >= 0; i--) acc = `[${items[i]}|${acc}]`;
      // the tail was numbered before the items: renumber in reading order below
      return acc;
    }
    case 'compound':
      if (t.functor === '$VAR' && t.args.length === 1 && t.args[0].kind === 'int') return `v${t.args[0].value}`;
      return `c${JSON.stringify(t.functor)}(${t.args.map((a) => canonical(a, vars, counter)).join(',')})`;
  }
}

/** Numbers variables in order of first appearance in the final string (v7 v3 v7 → v0 v1 v0). */
function renumber(s: string): string {
  const seen = new Map<string, number>();
  return s.replace(/\bv(\d+)\b/g, (_m, k: string) => {
    let n = seen.get(k);
    if (n === undefined) seen.set(k, (n = seen.size));
    return `v${n}`;
  });
}

/** A clause as the term read_term returns: `H :- B`, `:- B` or H. */
function clauseTerm(c: Clause): Term {
  if (c.head === null) return { kind: 'compound', functor: ':-', args: [c.body!], loc: c.loc };
  if (c.body === null) return c.head;
  return { kind: 'compound', functor: ':-', args: [c.head, c.body], loc: c.loc };
}

/** planlog's clauses of a text, canonical; null when the parser refuses it. */
export function planlogReading(text: string): string[] | null {
  try {
    // read_term renumbers each clause apart: so does this (a fresh map per clause)
    return parseProgram(text, 'fuzz.pl').clauses.map((c) => renumber(canonical(clauseTerm(c))));
  } catch {
    return null;
  }
}

/** An engine's reading, canonical: the clauses, or its error message. */
export type EngineReading = string[] | { error: string };

function fromResult(r: ReadResult): EngineReading {
  return 'error' in r ? r : r.clauses.map((c) => renumber(canonical(c)));
}

/** Whether the SWI-Prolog side can run here (swipl-wasm is a dependency, so normally yes). */
export const withSwipl = swiplAvailable();

/** Each text as tau-prolog and (when installed) SWI-Prolog read it. */
export async function engineReadings(texts: readonly string[]): Promise<{ tau: EngineReading[]; swipl: EngineReading[] | null }> {
  const [tau, swipl] = await Promise.all([readClauses(texts), withSwipl ? readClausesSwipl(texts) : Promise.resolve(null)]);
  return { tau: tau.map(fromResult), swipl: swipl ? swipl.map(fromResult) : null };
}
