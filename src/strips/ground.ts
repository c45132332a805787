/**
 * Grounding: operator schemas × facts → a ground task.
 *
 * Predicates that occur in no add or delete list are static: their facts are
 * matched while grounding and never stored in a state. Fluent preconditions
 * are matched against the relaxed-reachable atoms (a delete-free fixpoint run
 * as a worklist: each newly reached atom is joined with the schemas whose
 * preconditions mention its predicate), so operators that can never apply
 * are never created.
 */
import type { Arg, Domain, Literal, OperatorSchema, Problem } from './model.ts';
import { factKey } from './model.ts';
import type { GroundOperator, Task } from './task.ts';

/** Tuples of one predicate with an index by (argument position, value). */
class Relation {
  readonly tuples: string[][] = [];
  private readonly keys = new Set<string>();
  private readonly byArg = new Map<string, string[][]>();

  /** Adds a tuple; false if it was there already. */
  add(args: string[]): boolean {
    const key = args.join('\u0000');
    if (this.keys.has(key)) return false;
    this.keys.add(key);
    this.tuples.push(args);
    args.forEach((v, i) => {
      const k = `${i}\u0000${v}`;
      let list = this.byArg.get(k);
      if (!list) this.byArg.set(k, (list = []));
      list.push(args);
    });
    return true;
  }

  has(args: string[]): boolean {
    return this.keys.has(args.join('\u0000'));
  }

  /** Tuples whose argument `pos` equals `value`. */
  withArg(pos: number, value: string): string[][] {
    return this.byArg.get(`${pos}\u0000${value}`) ?? [];
  }
}

type Binding = Map<string, string>;

/** A ground operator whose atoms are still fact keys. */
interface RawOp {
  name: string;
  schema: number;
  cost: number;
  pre: string[];
  add: string[];
  del: string[];
}

function argValue(a: Arg, b: Binding): string | undefined {
  return a.kind === 'const' ? a.value : b.get(a.name);
}

function instantiate(l: Literal, b: Binding): string {
  return factKey({ pred: l.pred, args: l.args.map((a) => ({ kind: 'const', value: argValue(a, b) as string })), loc: l.loc });
}

/** Static predicates of a domain: used, but in no add or delete list. */
export function staticPredicates(domain: Domain): Set<string> {
  const changed = new Set<string>();
  for (const op of domain.operators) for (const l of [...op.add, ...op.del]) changed.add(l.pred);
  return new Set([...domain.predicates.keys()].filter((p) => !changed.has(p)));
}

/**
 * Orders a schema's preconditions for joining: repeatedly the literal with
 * the most bound arguments, static before fluent, fewest new variables.
 */
function joinOrder(pre: Literal[], isStatic: (p: string) => boolean, bound0: Set<string>): Literal[] {
  const rest = pre.slice();
  const bound = new Set(bound0);
  const out: Literal[] = [];
  while (rest.length > 0) {
    let best = 0;
    let bestScore = -Infinity;
    rest.forEach((l, i) => {
      const b = l.args.filter((a) => a.kind === 'const' || bound.has(a.name)).length;
      const free = l.args.length - b;
      const score = (b > 0 || l.args.length === 0 ? 1000 : 0) + (isStatic(l.pred) ? 100 : 0) - free;
      if (score > bestScore) {
        bestScore = score;
        best = i;
      }
    });
    const [l] = rest.splice(best, 1);
    out.push(l);
    for (const a of l.args) if (a.kind === 'var') bound.add(a.name);
  }
  return out;
}

/** Thrown by ground when its `stop` check answers true (a time limit or an interrupt during grounding). */
export class GroundingStopped extends Error {
  constructor(readonly operators: number) {
    super(`grounding stopped after ${operators} operators`);
  }
}

/**
 * Grounds a domain on a problem. Never fails on well-formed input: a goal
 * that cannot be reached even in the delete relaxation gives a task with
 * `unsolvableReason` set. `stop` is asked every 256 reached atoms; when it
 * answers true, grounding throws GroundingStopped.
 */
export function ground(domain: Domain, problem: Problem, stop?: () => boolean): Task {
  const statics = staticPredicates(domain);
  const isStatic = (p: string): boolean => statics.has(p);
  const relations = new Map<string, Relation>();
  const rel = (p: string): Relation => {
    let r = relations.get(p);
    if (!r) relations.set(p, (r = new Relation()));
    return r;
  };
  const args = (l: Literal): string[] => l.args.map((a) => (a.kind === 'const' ? a.value : a.name));

  // Reached fluent atoms in discovery order, and a queue of those not yet joined.
  const reached: Literal[] = [];
  const queue: Literal[] = [];
  const reach = (l: Literal): void => {
    if (rel(l.pred).add(args(l))) {
      reached.push(l);
      queue.push(l);
    }
  };
  for (const f of problem.init) {
    if (isStatic(f.pred) || !domain.predicates.has(f.pred)) rel(f.pred).add(args(f));
    else reach(f);
  }

  const ops: RawOp[] = [];
  const opKeys = new Set<string>();
  const pending: { schema: number; binding: Binding }[] = [];

  const join = (schema: OperatorSchema, si: number, order: Literal[], k: number, b: Binding): void => {
    if (k === order.length) {
      for (const n of schema.neq) if (argValue(n.left, b) === argValue(n.right, b)) return;
      const key = `${si}|${[...b.entries()].sort().map(([v, c]) => `${v}=${c}`).join(',')}`;
      if (opKeys.has(key)) return;
      opKeys.add(key);
      pending.push({ schema: si, binding: new Map(b) });
      return;
    }
    const l = order[k];
    const r = relations.get(l.pred);
    if (!r) return;
    let candidates = r.tuples;
    for (let i = 0; i < l.args.length; i++) {
      const v = argValue(l.args[i], b);
      if (v !== undefined) {
        candidates = r.withArg(i, v);
        break;
      }
    }
    // Index by position so that tuples added during the loop are seen too.
    for (let t = 0; t < candidates.length; t++) {
      const tuple = candidates[t];
      const added: string[] = [];
      let ok = true;
      for (let i = 0; i < l.args.length && ok; i++) {
        const a = l.args[i];
        if (a.kind === 'const') ok = a.value === tuple[i];
        else {
          const cur = b.get(a.name);
          if (cur === undefined) {
            b.set(a.name, tuple[i]);
            added.push(a.name);
          } else ok = cur === tuple[i];
        }
      }
      if (ok) join(schema, si, order, k + 1, b);
      for (const v of added) b.delete(v);
    }
  };

  const flush = (): void => {
    for (let p = 0; p < pending.length; p++) {
      const { schema: si, binding } = pending[p];
      const s = domain.operators[si];
      const add = s.add.map((l) => instantiate(l, binding));
      const addSet = new Set(add);
      ops.push({
        name: instantiate(s.name, binding),
        schema: si,
        cost: s.cost,
        pre: s.pre.filter((l) => !isStatic(l.pred)).map((l) => instantiate(l, binding)),
        add,
        del: s.del.map((l) => instantiate(l, binding)).filter((d) => !addSet.has(d)),
      });
      for (const l of s.add) reach({ pred: l.pred, args: l.args.map((a) => ({ kind: 'const', value: argValue(a, binding) as string })), loc: l.loc });
    }
    pending.length = 0;
  };

  // Operators whose preconditions are all static (or empty) are joined once.
  domain.operators.forEach((s, si) => {
    if (s.pre.every((l) => isStatic(l.pred))) join(s, si, joinOrder(s.pre, isStatic, new Set()), 0, new Map());
  });
  flush();
  // Then each reached atom is joined with every precondition literal it matches.
  const triggers = domain.operators.map((s) =>
    s.pre.map((l, i) => ({ l, rest: joinOrder(s.pre.filter((_, j) => j !== i), isStatic, new Set(l.args.flatMap((a) => (a.kind === 'var' ? [a.name] : [])))) })),
  );
  for (let q = 0; q < queue.length; q++) {
    if (stop !== undefined && (q & 255) === 255 && stop()) throw new GroundingStopped(ops.length);
    const atom = queue[q];
    domain.operators.forEach((s, si) => {
      for (const { l, rest } of triggers[si]) {
        if (l.pred !== atom.pred || isStatic(l.pred)) continue;
        const b: Binding = new Map();
        let ok = true;
        l.args.forEach((a, i) => {
          const v = (atom.args[i] as { value: string }).value;
          if (a.kind === 'const') ok &&= a.value === v;
          else {
            const cur = b.get(a.name);
            if (cur === undefined) b.set(a.name, v);
            else ok &&= cur === v;
          }
        });
        if (ok) join(s, si, rest, 0, b);
      }
    });
    flush();
  }

  return finishTask(domain, problem, reached, ops, isStatic, (l) => relations.get(l.pred)?.has(args(l)) ?? false);
}

/** Numbers the reached atoms (grouped by predicate) and resolves operator atoms to ids. */
function finishTask(
  domain: Domain,
  problem: Problem,
  reached: Literal[],
  rawOps: RawOp[],
  isStatic: (p: string) => boolean,
  holdsStatic: (l: Literal) => boolean,
): Task {
  const predOrder = [...domain.predicates.keys()];
  const rank = new Map(predOrder.map((p, i) => [p, i]));
  const sorted = reached
    .map((l, i) => ({ l, i }))
    .sort((a, b) => (rank.get(a.l.pred) ?? 1e9) - (rank.get(b.l.pred) ?? 1e9) || a.i - b.i)
    .map((x) => factKey(x.l));
  const id = new Map(sorted.map((k, i) => [k, i]));
  // init facts of predicates no operator mentions are neither static nor fluent: they play no part
  const initKeys = new Set(problem.init.filter((f) => !isStatic(f.pred) && domain.predicates.has(f.pred)).map(factKey));

  const operators: GroundOperator[] = rawOps.map((raw) => ({
    name: raw.name,
    schema: raw.schema,
    pre: [...new Set(raw.pre.map((k) => id.get(k)!))],
    add: [...new Set(raw.add.map((k) => id.get(k)!))],
    // deleting an atom that is never true changes nothing
    del: [...new Set(raw.del.filter((k) => id.has(k)).map((k) => id.get(k)!))],
    cost: raw.cost,
  }));

  const task: Task = {
    atoms: sorted,
    init: [...initKeys].map((k) => id.get(k)!).sort((a, b) => a - b),
    goal: [],
    operators,
  };
  for (const g of problem.goal) {
    const key = factKey(g);
    if (isStatic(g.pred)) {
      if (!holdsStatic(g)) task.unsolvableReason ??= `goal ${key} is a static fact that does not hold`;
    } else if (!domain.predicates.has(g.pred)) {
      if (!holdsStatic(g)) task.unsolvableReason ??= `goal ${key} does not hold and no operator changes ${g.pred}`;
    } else {
      const i = id.get(key);
      if (i === undefined) task.unsolvableReason ??= `goal ${key} is unreachable even when delete lists are ignored`;
      else if (!task.goal.includes(i)) task.goal.push(i);
    }
  }
  return task;
}
