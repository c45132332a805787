/**
 * The lint's checks on the domain and the problem as written (before
 * grounding): each finds a mistake that is not an error (the run goes on)
 * but that makes a run do what its author hardly meant, and names the
 * likely cause. One pass over the literals and facts each; a problem of
 * millions of facts is read once.
 */
import { factKey, type Domain, type Literal, type OperatorSchema, type Problem } from '../model/lifted.ts';
import { nearest } from '../util/edit-distance.ts';
import { count } from '../util/words.ts';
import { namingOf, type Naming } from './naming.ts';
import { warningAt, type Warning } from './warning.ts';

/** What the checks of a problem need to know beyond the domain and the problem. */
export interface ProblemContext {
  /** The problem is a level, its facts written by planlog's compiler (no-shared-predicates does not apply). */
  level?: boolean;
  /**
   * Predicates whose init facts planlog wrote, not the user (a level's
   * board, the types of a PDDL import): not reported as unused, and a
   * precondition on one that has no fact (a level without vertical
   * corridors has no top/2 fact) is not reported either.
   */
  generated?: ReadonlySet<string>;
  /** No --domain was given: the domain is the default one. */
  defaultDomain?: boolean;
  /** The domain and problem were read from PDDL: warnings write PDDL's names, `(lamp-on ?l)`. */
  pddl?: boolean;
}

/** How far a "did you mean" may be: one edit for names of up to 5 characters, two beyond. */
const hintDistance = (name: string): number => (name.length <= 5 ? 1 : 2);

// ------------------------------------------------------------------ domain

/** The domain's own checks: singleton variables. */
export function lintDomain(domain: Domain): Warning[] {
  // singletons are a Prolog domain's (a PDDL import writes every variable twice at least)
  const n = namingOf(false);
  const out: Warning[] = [];
  for (const op of domain.operators) {
    if (!op.singletons) continue;
    const names = variablesOf(op);
    for (const s of op.singletons) {
      const meant = nearest(s.name, names, hintDistance(s.name));
      const opText = n.lit(op.name);
      out.push(
        warningAt(
          'singleton',
          s.loc,
          `singleton variable ${s.name} in ${opText}: it occurs only once, so ${n.lit(s.literal)} matches any ${n.ind(s.literal.pred, s.literal.args.length)} fact`,
          `singleton variable ${s.name} in ${opText}`,
          [meant ? `did you mean ${meant}?` : null, `write _${s.name} if any value is meant`],
        ),
      );
    }
  }
  return out;
}

/** The named variables of an operator (not the anonymous ones, `_` renamed `_1`, …). */
function variablesOf(op: OperatorSchema): string[] {
  const names = new Set<string>();
  const add = (l: Literal): void => {
    for (const a of l.args) if (a.kind === 'var' && !a.name.startsWith('_')) names.add(a.name);
  };
  add(op.name);
  for (const l of op.pre) add(l);
  for (const l of op.add) add(l);
  for (const l of op.del) add(l);
  return [...names];
}

// ----------------------------------------------------------------- problem

/** A predicate's first use and how many uses it has. */
interface Uses {
  first: Literal;
  count: number;
}

/** The first use and the count of each predicate of `lits`, in order of first use. */
function usesOf(lits: Iterable<Literal>, into = new Map<string, Uses>()): Map<string, Uses> {
  for (const l of lits) {
    const u = into.get(l.pred);
    if (u) u.count++;
    else into.set(l.pred, { first: l, count: 1 });
  }
  return into;
}

/**
 * The checks of a problem against its domain: no-shared-predicates (alone
 * when it applies: every other check would repeat it), then
 * unknown-precondition, unused-init and unreachable-goal.
 */
export function lintProblem(domain: Domain, problem: Problem, ctx: ProblemContext = {}): Warning[] {
  const n = namingOf(ctx.pddl);
  const init = usesOf(problem.init);
  const goal = usesOf(problem.goal);
  const shared = [...init.keys(), ...goal.keys()].some((p) => domain.predicates.has(p));
  if (!ctx.level && !shared && (init.size > 0 || goal.size > 0)) return [noSharedPredicates(domain, problem, init, goal, ctx)];

  const generated = ctx.generated ?? new Set<string>();
  const out: Warning[] = [];
  const added = new Set<string>();
  const pre = new Map<string, { op: OperatorSchema; literal: Literal }[]>();
  for (const op of domain.operators) {
    for (const l of op.add) added.add(l.pred);
    for (const l of op.pre) {
      const list = pre.get(l.pred);
      if (!list) pre.set(l.pred, [{ op, literal: l }]);
      else if (list.at(-1)!.op !== op) list.push({ op, literal: l });
    }
  }
  // the predicates a hint may name: those of the domain, the init facts and the goal
  const known = [...new Set([...domain.predicates.keys(), ...init.keys(), ...goal.keys()])];
  const arityOf = (p: string): number => domain.predicates.get(p)?.arity ?? (init.get(p) ?? goal.get(p))!.first.args.length;
  const hint = (p: string, candidates: readonly string[]): string | null => {
    const m = nearest(p, candidates, hintDistance(p));
    return m === null ? null : `did you mean ${n.ind(m, arityOf(m))}?`;
  };

  // unknown-precondition: a precondition that never holds (no operator adds it, no init fact has it)
  for (const [p, uses] of pre) {
    if (added.has(p) || init.has(p) || generated.has(p)) continue;
    const { op, literal } = uses[0];
    const ind = n.ind(p, literal.args.length);
    const opText = n.lit(op.name);
    const others = uses.length - 1;
    const who = others === 0 ? `${opText} never applies` : `${opText} and ${count(others, 'more operator')} never apply`;
    out.push(
      warningAt('unknown-precondition', literal.loc, `precondition ${n.lit(literal)} of ${opText} never holds: no operator adds ${ind} and no init fact has it, so ${who}`, `precondition ${ind} never holds`, [
        hint(
          p,
          known.filter((k) => added.has(k) || init.has(k)),
        ),
      ]),
    );
  }

  // unused-init: a predicate whose init facts no precondition reads and no goal names
  for (const [p, uses] of init) {
    if (pre.has(p) || goal.has(p) || generated.has(p)) continue;
    const ind = n.ind(p, uses.first.args.length);
    const more = uses.count > 1 ? ` (and ${count(uses.count - 1, `more ${ind} fact`)})` : '';
    out.push(
      warningAt('unused-init', uses.first.loc, `init fact ${n.lit(uses.first)} is never used: no precondition reads ${ind} and no goal names it${more}`, `init fact ${n.lit(uses.first)} is never used`, [
        hint(p, [...pre.keys()]),
      ]),
    );
  }

  out.push(...unreachableGoals(domain, problem, n));
  return out;
}

/** The warning of a problem that shares no predicate with its domain (the wrong domain, or none given). */
function noSharedPredicates(domain: Domain, problem: Problem, init: Map<string, Uses>, goal: Map<string, Uses>, ctx: ProblemContext): Warning {
  const preds = new Map<string, Uses>([...init, ...[...goal].filter(([p]) => !init.has(p))]);
  const names = [...preds.values()].map((u) => namingOf(ctx.pddl).ind(u.first.pred, u.first.args.length));
  const shown = names.length > 4 ? `${names.slice(0, 4).join(', ')}, …` : names.join(', ');
  const where = problem.init[0] ?? problem.goal[0];
  const message = ctx.defaultDomain
    ? `the problem's predicates (${shown}) share nothing with the default domain ${domain.file} — did you forget --domain?`
    : `the problem's predicates (${shown}) share nothing with the domain ${domain.file} — is it the problem's domain?`;
  return warningAt('no-shared-predicates', where.loc, message, `the problem's predicates share nothing with the domain ${domain.file}`);
}

/**
 * unreachable-goal: goal facts that init does not have and that no add list
 * matches (an add literal with the same predicate whose constants agree), one
 * warning per predicate. Goal facts of a predicate no operator mentions and
 * init does not have are an error already (lang/problem.ts).
 */
function unreachableGoals(domain: Domain, problem: Problem, n: Naming): Warning[] {
  const adds = new Map<string, Literal[]>();
  for (const op of domain.operators) {
    for (const l of op.add) {
      const list = adds.get(l.pred);
      if (list) list.push(l);
      else adds.set(l.pred, [l]);
    }
  }
  // a predicate added with variables only (and no variable twice) matches every goal fact of it
  const any = new Set<string>();
  for (const [p, list] of adds) if (list.some(matchesAll)) any.add(p);
  const never = new Map<string, Literal[]>();
  let initKeys: Set<string> | null = null;
  for (const g of problem.goal) {
    if (any.has(g.pred) || (adds.get(g.pred) ?? []).some((l) => matches(l, g))) continue;
    initKeys ??= new Set(problem.init.map(factKey));
    if (initKeys.has(factKey(g))) continue;
    const list = never.get(g.pred);
    if (list) list.push(g);
    else never.set(g.pred, [g]);
  }
  const out: Warning[] = [];
  for (const [p, facts] of never) {
    const g = facts[0];
    const ind = n.ind(p, g.args.length);
    const list = adds.get(p);
    const why = list ? `no add list matches it (${ind} is added only as ${[...new Set(list.map(n.lit))].slice(0, 3).join(', ')})` : `no operator adds ${ind}`;
    const more = facts.length > 1 ? ` (and ${count(facts.length - 1, `more ${ind} goal fact`)})` : '';
    out.push(warningAt('unreachable-goal', g.loc, `goal fact ${n.lit(g)} can never hold: init does not have it and ${why}${more}`, `goal fact ${n.lit(g)} can never hold`));
  }
  return out;
}

/** An add literal of distinct variables only: it matches any fact of its predicate. */
function matchesAll(l: Literal): boolean {
  const seen = new Set<string>();
  for (const a of l.args) {
    if (a.kind === 'const' || seen.has(a.name)) return false;
    seen.add(a.name);
  }
  return true;
}

/** Whether a (lifted) literal can be made equal to a ground fact of the same predicate. */
export function matches(l: Literal, fact: Literal): boolean {
  if (l.args.length !== fact.args.length) return false;
  let bound: Map<string, string> | null = null;
  for (let i = 0; i < l.args.length; i++) {
    const a = l.args[i];
    const v = (fact.args[i] as { value: string }).value;
    if (a.kind === 'const') {
      if (a.value !== v) return false;
    } else {
      bound ??= new Map();
      const b = bound.get(a.name);
      if (b === undefined) bound.set(a.name, v);
      else if (b !== v) return false;
    }
  }
  return true;
}
