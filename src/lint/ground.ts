/**
 * The lint's check on the ground task: never-applies, an operator schema
 * that has no ground operator in the delete-relaxed reachability that
 * grounding computes (strips/ground.ts), with the first of its
 * preconditions that no reachable fact matches.
 */
import { type Domain, type Literal, type OperatorSchema, type Problem } from '../model/lifted.ts';
import { quoteAtom } from '../model/terms.ts';
import { staticPredicates } from '../strips/ground.ts';
import type { Task } from '../strips/task.ts';
import { matches } from './lifted.ts';
import { namingOf, type Naming } from './naming.ts';
import { warningAt, type Warning } from './warning.ts';

/**
 * never-applies for each schema of `domain` with no operator in `task` (its
 * grounding on `problem`). `known`: warnings already given (the lifted
 * ones): after no-shared-predicates none is reported. A schema whose first
 * unreached precondition has a predicate that no operator adds and no init
 * fact has is not reported either: unknown-precondition is that warning.
 * `pddl`: the problem was read from PDDL (PDDL's names in the message).
 */
export function lintTask(domain: Domain, problem: Problem, task: Task, known: readonly Warning[] = [], pddl = false): Warning[] {
  const applies = new Uint8Array(domain.operators.length);
  for (const op of task.operators) applies[op.schema] = 1;
  // a problem written for another domain: every operator fails, for that one reason
  if (applies.every((a) => a === 1) || known.some((w) => w.code === 'no-shared-predicates')) return [];
  const facts = new ReachedFacts(domain, problem, task);
  const added = new Set(domain.operators.flatMap((op) => op.add.map((l) => l.pred)));
  const inInit = new Set<string>();
  for (const f of problem.init) inInit.add(f.pred);
  const out: Warning[] = [];
  domain.operators.forEach((op, i) => {
    if (applies[i]) return;
    const missing = op.pre.find((l) => !facts.some(l)) ?? null;
    if (missing && !added.has(missing.pred) && !inInit.has(missing.pred)) return;
    out.push(neverApplies(op, missing, namingOf(pddl)));
  });
  // one broken link of a chain stops every operator after it: the first ones say where
  if (out.length > MAX_NEVER_APPLIES) {
    const last = out[MAX_NEVER_APPLIES - 1];
    last.notes = [...(last.notes ?? []), `and ${out.length - MAX_NEVER_APPLIES} more operators never apply (not listed)`];
    out.length = MAX_NEVER_APPLIES;
  }
  return out;
}

/** never-applies warnings listed; the last one counts the rest. */
export const MAX_NEVER_APPLIES = 20;

function neverApplies(op: OperatorSchema, missing: Literal | null, n: Naming): Warning {
  const opText = n.lit(op.name);
  const why = missing
    ? `its precondition ${n.lit(missing)} never holds, even when delete lists are ignored`
    : `its preconditions${op.neq.length > 0 ? ' and inequalities' : ''} never hold together, even when delete lists are ignored`;
  return warningAt('never-applies', (missing ?? op.name).loc, `operator ${opText} never applies: ${why}`, `operator ${opText} never applies`);
}

/** The facts that hold in the relaxed reachability: the init facts of static predicates and the task's atoms, by predicate (read when first asked). */
class ReachedFacts {
  private readonly statics: Set<string>;
  private readonly byPred = new Map<string, Literal[]>();
  /** The task's atoms by their predicate's quoted name (one pass, made when a fluent predicate is first asked for). */
  private atomsByHead: Map<string, string[]> | null = null;
  /** The init facts by predicate (one pass, made when a static predicate is first asked for). */
  private initByPred: Map<string, Literal[]> | null = null;

  constructor(
    private readonly domain: Domain,
    private readonly problem: Problem,
    private readonly task: Task,
  ) {
    this.statics = staticPredicates(domain);
  }

  /** Whether some reached fact matches the literal. */
  some(l: Literal): boolean {
    return this.of(l.pred).some((f) => matches(l, f));
  }

  private of(pred: string): Literal[] {
    let list = this.byPred.get(pred);
    if (list) return list;
    list = [];
    if (this.statics.has(pred) || !this.domain.predicates.has(pred)) {
      list = this.initOf().get(pred) ?? [];
    } else {
      const head = quoteAtom(pred);
      for (const atom of this.byHead().get(head) ?? []) {
        if (atom === head) list.push({ pred, args: [], loc: LOC });
        else list.push({ pred, args: splitArgs(atom.slice(head.length + 1, -1)).map((value) => ({ kind: 'const', value })), loc: LOC });
      }
    }
    this.byPred.set(pred, list);
    return list;
  }

  private initOf(): Map<string, Literal[]> {
    if (this.initByPred) return this.initByPred;
    const m = new Map<string, Literal[]>();
    for (const f of this.problem.init) {
      const list = m.get(f.pred);
      if (list) list.push(f);
      else m.set(f.pred, [f]);
    }
    return (this.initByPred = m);
  }

  private byHead(): Map<string, string[]> {
    if (this.atomsByHead) return this.atomsByHead;
    const m = new Map<string, string[]>();
    for (const atom of this.task.atoms) {
      const head = atom.slice(0, headEnd(atom));
      const list = m.get(head);
      if (list) list.push(atom);
      else m.set(head, [atom]);
    }
    return (this.atomsByHead = m);
  }
}

/** Where an atom's predicate name ends: at its "(" (after a quoted name's closing quote), or at the end. */
function headEnd(atom: string): number {
  let i = 0;
  if (atom[0] === "'") {
    for (i = 1; i < atom.length; i++) {
      if (atom[i] === '\\') i++;
      else if (atom[i] === "'") break;
    }
    i++;
  }
  const paren = atom.indexOf('(', i);
  return paren < 0 ? atom.length : paren;
}

const LOC = { file: '<task>', line: 0, column: 0, offset: 0 };

/** The constants of an atom's argument text (`a,'b,c',3`): split at the commas outside quotes. */
function splitArgs(text: string): string[] {
  const out: string[] = [];
  let start = 0;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '\\') i++;
      else if (c === "'") quoted = false;
    } else if (c === "'") quoted = true;
    else if (c === ',') {
      out.push(text.slice(start, i));
      start = i + 1;
    }
  }
  out.push(text.slice(start));
  return out;
}
