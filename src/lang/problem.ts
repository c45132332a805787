/**
 * Checking a parsed problem file: exactly one `init([Fact, …]).` and one
 * `goal([Fact, …]).` (in any order), with ground, function-free facts that
 * agree with the domain's predicates when a domain is given.
 */
import type { Arg, Domain, Literal, Problem } from '../model/lifted.ts';
import { dedupeFacts, factKey } from '../model/lifted.ts';
import { describeClause, isControlConstruct, listItems, plural, Reporter, termToArg } from './domain.ts';
import { parseProgram, type ParsePoll } from './parse.ts';
import { describeTerm, formatLoc, shortTerm } from './print.ts';
import { quoteAtom, type Loc, type Program, type Term } from '../model/terms.ts';
import { nearest } from '../util/edit-distance.ts';

/**
 * Reads and checks a problem file; with a domain, also checks the facts
 * against its predicates (`poll`: see parseProgram; `defaultDomain`: the
 * domain is the default one, no domain was named, which a hint then says).
 * @throws PlanlogError with every syntax or problem error found.
 */
export function parseProblem(text: string, file: string, domain: Domain | null = null, poll?: ParsePoll, defaultDomain = false): Problem {
  return checkProblem(parseProgram(text, file, poll), domain, defaultDomain);
}

type Which = 'init' | 'goal';

/**
 * The problem of a parsed program. Duplicate facts are dropped (first kept).
 * @throws PlanlogError listing all problems (sorted by position).
 */
export function checkProblem(program: Program, domain: Domain | null = null, defaultDomain = false): Problem {
  const report = new Reporter(program.file);
  const lists: Record<Which, { term: Term; loc: Loc } | null> = { init: null, goal: null };
  const seen = new Set<string>();
  for (const clause of program.clauses) {
    const head = clause.head;
    const functor = head?.kind === 'compound' ? head.functor : head?.kind === 'atom' ? head.name : null;
    if (head === null || clause.body !== null || (functor !== 'init' && functor !== 'goal')) {
      report.at(head?.loc ?? clause.loc, `expected init([...]) or goal([...]), found ${describeClause(clause)}`);
      continue;
    }
    const which: Which = functor;
    seen.add(which);
    const arity = head.kind === 'compound' ? head.args.length : 0;
    if (head.kind !== 'compound' || arity !== 1) {
      report.at(head.loc, `${which}/${arity} has ${plural(arity, 'argument')}; expected ${which}([Fact, ...])`);
      continue;
    }
    const first = lists[which];
    if (first) {
      report.at(head.loc, `duplicate ${which}/1 fact`, [`first given at ${formatLoc(first.loc)}`]);
      continue;
    }
    lists[which] = { term: head.args[0], loc: head.loc };
  }
  for (const which of ['init', 'goal'] as const) {
    if (!seen.has(which)) report.fileLevel(`the problem has no ${which}([...]) fact`);
  }

  // The facts, in text order of the two lists.
  const facts: Record<Which, Literal[]> = { init: [], goal: [] };
  const order = (['init', 'goal'] as const).filter((w) => lists[w]).sort((a, b) => lists[a]!.loc.offset - lists[b]!.loc.offset);
  const firstUse = new Map<string, { arity: number; loc: Loc }>();
  for (const which of order) {
    const items = listItems(lists[which]!.term, `the ${which} list`, report);
    for (const item of items ?? []) {
      const fact = factOf(item, which, report);
      if (!fact) continue;
      if (!checkArity(fact, which, domain, firstUse, report)) continue;
      facts[which].push(fact);
    }
  }

  // Goal facts must be reachable by name: used by an operator or given in init.
  if (domain) {
    const initPreds = new Set(facts.init.map((f) => f.pred));
    // a problem that shares no predicate with the domain was most likely meant for another domain
    const sharesNothing = [...facts.init, ...facts.goal].every((f) => !domain.predicates.has(f.pred));
    for (const g of facts.goal) {
      if (domain.predicates.has(g.pred) || initPreds.has(g.pred)) continue;
      const suggestion = nearest(g.pred, domain.predicates.keys(), 2);
      const notes = suggestion !== null ? [`did you mean ${quoteAtom(suggestion)}/${domain.predicates.get(suggestion)!.arity}?`] : [];
      if (sharesNothing) {
        notes.push(
          defaultDomain
            ? `the problem's predicates share nothing with the default domain ${domain.file} — did you forget --domain?`
            : `the problem's predicates share nothing with the domain ${domain.file} — is it the problem's domain?`,
        );
      }
      report.at(g.loc, `goal fact ${factKey(g)}: predicate ${quoteAtom(g.pred)}/${g.args.length} occurs in no operator and not in init`, notes.length > 0 ? notes : undefined);
    }
  }

  report.throwIfAny();
  return { file: program.file, init: dedupeFacts(facts.init), goal: dedupeFacts(facts.goal) };
}

/** A ground, function-free fact; null (reported) otherwise. */
function factOf(t: Term, which: Which, report: Reporter): Literal | null {
  if ((t.kind !== 'atom' && t.kind !== 'compound') || isControlConstruct(t)) {
    report.at(t.loc, `expected a fact in the ${which} list, found ${describeTerm(t)}`);
    return null;
  }
  if (t.kind === 'atom') return { pred: t.name, args: [], loc: t.loc };
  const args: Arg[] = [];
  let ok = true;
  for (const a of t.args) {
    const arg = termToArg(a);
    if (arg && arg.kind === 'const') {
      args.push(arg);
      continue;
    }
    ok = false;
    if (a.kind === 'var') report.at(a.loc, `${which} fact ${shortTerm(t)} is not ground: ${a.name} is a variable`);
    else report.at(a.loc, `${which} fact ${shortTerm(t)} is not function-free: ${shortTerm(a)} is not a constant`);
  }
  return ok ? { pred: t.functor, args, loc: t.loc } : null;
}

/** One arity per predicate: the domain's, else the first one in this file. False (reported) on a clash. */
function checkArity(
  fact: Literal,
  which: Which,
  domain: Domain | null,
  firstUse: Map<string, { arity: number; loc: Loc }>,
  report: Reporter,
): boolean {
  const arity = fact.args.length;
  const p = quoteAtom(fact.pred);
  const inDomain = domain?.predicates.get(fact.pred);
  if (inDomain && inDomain.arity !== arity) {
    report.at(fact.loc, `${which} fact ${factKey(fact)}: predicate ${p}/${arity} is used as ${p}/${inDomain.arity} in the domain`, [
      `first used as ${p}/${inDomain.arity} at ${formatLoc(inDomain.loc)}`,
    ]);
    return false;
  }
  const first = firstUse.get(fact.pred);
  if (!first) {
    firstUse.set(fact.pred, { arity, loc: fact.loc });
    return true;
  }
  if (first.arity !== arity) {
    report.at(fact.loc, `${which} fact ${factKey(fact)}: predicate ${p}/${arity} is also used as ${p}/${first.arity}`, [
      `first used as ${p}/${first.arity} at ${formatLoc(first.loc)}`,
    ]);
    return false;
  }
  return true;
}

/** The edit distance of two names (util/edit-distance.ts), also exported from here. */
