/**
 * Writing planning data back out as Prolog text, and short term texts for
 * messages.
 */
import { factKey, type Literal, type Problem } from '../strips/model.ts';
import { termToString, type Loc, type Term } from './terms.ts';

export interface FormatProblemOptions {
  /** Comment lines written first, each prefixed with "% ". */
  header?: string[];
  /**
   * Static predicates, by name (`top`) or by name/arity (`top/2`); their
   * facts are written first in the init list.
   */
  staticPreds?: Set<string>;
}

/**
 * The problem as a Prolog problem file: header comments, `init([...]).` with
 * one fact per line (static facts first, each group in original order), then
 * `goal([...]).`. parseProblem reads the text back to an equal problem.
 */
export function formatProblem(problem: Problem, options: FormatProblemOptions = {}): string {
  const out: string[] = [];
  for (const h of options.header ?? []) {
    for (const line of h.split(/\r?\n/)) out.push(line === '' ? '%' : `% ${line}`);
  }
  if (out.length > 0) out.push('');
  const statics = options.staticPreds ?? new Set<string>();
  const isStatic = (l: Literal): boolean => statics.has(l.pred) || statics.has(`${l.pred}/${l.args.length}`);
  const init = [...problem.init.filter(isStatic), ...problem.init.filter((l) => !isStatic(l))];
  out.push(...formatList('init', init));
  out.push(...formatList('goal', problem.goal));
  return `${out.join('\n')}\n`;
}

function formatList(name: string, facts: readonly Literal[]): string[] {
  if (facts.length === 0) return [`${name}([]).`];
  return [`${name}([`, ...facts.map((f, i) => `  ${formatLiteral(f)}${i < facts.length - 1 ? ',' : ''}`), ']).'];
}

/** Prolog text of a literal, e.g. `box(x2y3)` or `top(To,From)`; same as factKey. */
export function formatLiteral(l: Literal): string {
  return factKey(l);
}

/** `file:line:col` of a location, as used in notes. */
export function formatLoc(loc: Loc): string {
  return `${loc.file}:${loc.line}:${loc.column}`;
}

/** Prolog text of a term for a message, cut to `max` characters with "…". */
export function shortTerm(t: Term, max = 60): string {
  const s = termToString(t);
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}

/** A term named for a "found …" phrase: `the variable X`, `the integer 3`, `the list [a]`, or its text. */
export function describeTerm(t: Term): string {
  switch (t.kind) {
    case 'var':
      return t.name === '_' ? 'the anonymous variable _' : `the variable ${t.name}`;
    case 'int':
      return `the integer ${t.value}`;
    case 'list':
      return `the list ${shortTerm(t)}`;
    default:
      return shortTerm(t);
  }
}
