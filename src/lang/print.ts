/**
 * Writing planning data back out as Prolog text, and short term texts for
 * messages.
 */
import { factKey, type Arg, type Domain, type Inequality, type Literal, type Problem } from '../model/lifted.ts';
import { termToString, type Loc, type Term } from '../model/terms.ts';

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
  // loops, not spreads into push: a level's init list can hold 100,000 facts (issue 13)
  const init: Literal[] = [];
  for (const l of problem.init) if (isStatic(l)) init.push(l);
  for (const l of problem.init) if (!isStatic(l)) init.push(l);
  formatList(out, 'init', init);
  formatList(out, 'goal', problem.goal);
  return `${out.join('\n')}\n`;
}

function formatList(out: string[], name: string, facts: readonly Literal[]): void {
  if (facts.length === 0) {
    out.push(`${name}([]).`);
    return;
  }
  out.push(`${name}([`);
  for (let i = 0; i < facts.length; i++) out.push(`  ${formatLiteral(facts[i])}${i < facts.length - 1 ? ',' : ''}`);
  out.push(']).');
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

// ------------------------------------------------------------ engine texts
//
// What a Prolog engine reads: the checked domain and problem printed back
// as Prolog text, never the user's own bytes (issue 13). Every name that is
// not a plain one (`box`, `x1y2`) is quoted, so no operator, "." or "|"
// of the engine's own syntax can come into play; with `keepPlaces`, each
// term starts at its original line and column (newlines and spaces pad the
// text), so a line an engine names points into the user's file.

const plainName = /^[a-z][a-zA-Z0-9_]*$/;

/** A name as the engines must read it: plain names as they are, all others quoted. */
export function engineAtom(name: string): string {
  if (plainName.test(name)) return name;
  return `'${name.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n').replace(/\t/g, '\\t')}'`;
}

/** A constant (an Arg's text, as quoteAtom wrote it) or variable, for an engine. */
function engineArg(a: Arg): string {
  if (a.kind === 'var') return a.name;
  const v = a.value;
  // integers, [] and quoted atoms are safe as they are; a bare symbol atom (+, \=, .) or ! ; {} is quoted
  if (/^-?[0-9]+$/.test(v) || v === '[]' || plainName.test(v) || v.startsWith("'")) return v;
  return engineAtom(v);
}

/** A literal (`box(x1y2)`, `'+'(A)`) for an engine. */
export function engineLiteral(l: Literal): string {
  if (l.args.length === 0) return engineAtom(l.pred);
  let s = `${engineAtom(l.pred)}(`;
  for (let i = 0; i < l.args.length; i++) s += `${i > 0 ? ',' : ''}${engineArg(l.args[i])}`;
  return `${s})`;
}

/** Text built left to right that can be padded to a source position (line and column, 1-based). */
class PlacedText {
  private readonly parts: string[] = [];
  private line = 1;
  private column = 1;
  /** The last piece ended a clause: the next one needs layout before it. */
  private afterEnd = false;

  constructor(private readonly keepPlaces: boolean) {}

  /** Pads with newlines and spaces up to `loc` when it lies ahead. */
  at(loc: Loc | undefined): this {
    if (this.keepPlaces && loc && loc.line >= 1) {
      if (loc.line > this.line) {
        this.parts.push('\n'.repeat(loc.line - this.line));
        this.line = loc.line;
        this.column = 1;
        this.afterEnd = false;
      }
      if (loc.line === this.line && loc.column > this.column) {
        this.parts.push(' '.repeat(loc.column - this.column));
        this.column = loc.column;
        this.afterEnd = false;
      }
    }
    return this;
  }

  /** Appends text without line ends. */
  put(s: string): this {
    if (this.afterEnd) {
      this.parts.push(this.keepPlaces ? ' ' : '\n');
      if (this.keepPlaces) this.column++;
      else {
        this.line++;
        this.column = 1;
      }
      this.afterEnd = false;
    }
    this.parts.push(s);
    this.column += s.length;
    return this;
  }

  /** Ends a clause with ".". */
  end(): this {
    this.put('.');
    this.afterEnd = true;
    return this;
  }

  text(): string {
    return `${this.parts.join('')}\n`;
  }
}

/** A loc moved `by` columns to the left (not past column 1): where a prefix must start so that the term after it stands at loc. */
const before = (loc: Loc, by: number): Loc => ({ ...loc, column: Math.max(1, loc.column - by) });

function putList<T extends { loc: Loc }>(out: PlacedText, items: readonly T[], text: (x: T) => string): void {
  if (items.length > 0) out.at(before(items[0].loc, 1));
  out.put('[');
  for (let i = 0; i < items.length; i++) {
    if (i > 0) out.put(',');
    out.at(items[i].loc).put(text(items[i]));
  }
  out.put(']');
}

const inequality = (n: Inequality): string => `${engineArg(n.left)} \\= ${engineArg(n.right)}`;

export interface EngineTextOptions {
  /** Start every term at its original line and column (default true). */
  keepPlaces?: boolean;
}

/**
 * The checked domain as the engines read it: one `opn(Name, Pre, Add, Del)`
 * fact per operator, in the domain's order; `opn/5` with the cost for every
 * operator when any cost differs from 1 (so that the theory, which takes
 * opn/4 facts before opn/5 ones, sees the domain's order). Inequalities
 * stand among the preconditions where they were written.
 */
export function formatDomainForEngine(domain: Domain, options: EngineTextOptions = {}): string {
  const out = new PlacedText(options.keepPlaces ?? true);
  const withCost = domain.operators.some((o) => o.cost !== 1);
  for (const op of domain.operators) {
    out.at(op.loc).put('opn(');
    out.at(op.name.loc).put(engineLiteral(op.name)).put(', ');
    const pre: { loc: Loc; text: string }[] = [];
    for (const l of op.pre) pre.push({ loc: l.loc, text: engineLiteral(l) });
    for (const n of op.neq) pre.push({ loc: n.loc, text: inequality(n) });
    pre.sort((a, b) => a.loc.offset - b.loc.offset);
    putList(out, pre, (x) => x.text);
    out.put(', ');
    putList(out, op.add, engineLiteral);
    out.put(', ');
    putList(out, op.del, engineLiteral);
    if (withCost) out.put(`, ${op.cost}`);
    out.put(')').end();
  }
  return out.text();
}

/**
 * The checked problem as the engines read it: one `init_fact(F).` or
 * `goal_fact(F).` clause per fact, each where it was written (keepPlaces: a
 * problem file's positions; a level's facts are printed one per line). The
 * engine's loader gathers them into the theory's `init([...])` and
 * `goal([...])` (src/prolog/worker*.js). Not one long list: tau-prolog reads
 * a list in time quadratic in its length, and past some 40,000 items runs
 * out of stack; one clause per fact is read in linear time.
 */
export function formatProblemForEngine(problem: Problem, options: EngineTextOptions = {}): string {
  const out = new PlacedText(options.keepPlaces ?? true);
  const lists: [string, readonly Literal[]][] = [
    ['init_fact', problem.init],
    ['goal_fact', problem.goal],
  ];
  const first = (l: readonly Literal[]): number => (l.length > 0 ? l[0].loc.offset : Infinity);
  if (first(problem.goal) < first(problem.init)) lists.reverse();
  for (const [name, facts] of lists) {
    for (const f of facts) out.at(before(f.loc, name.length + 1)).put(`${name}(${engineLiteral(f)})`).end();
  }
  return out.text();
}
