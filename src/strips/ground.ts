/**
 * Grounding: operator schemas × facts → a ground task.
 *
 * Predicates that occur in no add or delete list are static: their facts are
 * matched while grounding and never stored in a state. Fluent preconditions
 * are matched against the relaxed-reachable atoms (a delete-free fixpoint run
 * as a worklist: each newly reached atom is joined with the schemas whose
 * preconditions mention its predicate, found through an index by
 * predicate), so operators that can never apply are never created.
 *
 * Constants are numbered once (facts and joins compare small integers, not
 * strings), and a fluent atom is known by its position in the worklist; the
 * names of atoms and operators are written once each, at the end.
 */
import { quoteAtom } from '../model/terms.ts';
import { BigMap } from './big.ts';
import { Heap } from '../util/heap.ts';
import type { Arg, Domain, Literal, OperatorSchema, Problem } from '../model/lifted.ts';
import type { GroundOperator, Task } from './task.ts';

/**
 * What grounding polls (a solve's Budget): `poll` throws when a limit is
 * reached, with the position `where` names. Grounding polls it inside its
 * join loops, once per candidate fact and per operator found, so a domain
 * whose grounding explodes stops within the limit.
 */
export interface GroundBudget {
  poll(where: () => string): void;
}

/** Constants numbered in order of appearance. */
class Constants {
  readonly names: string[] = [];
  private readonly ids = new BigMap<string, number>();

  id(name: string): number {
    let i = this.ids.get(name);
    if (i === undefined) {
      i = this.names.push(name) - 1;
      this.ids.set(name, i);
    }
    return i;
  }

  /** The number of a constant, or -1 when no fact or schema has it. */
  find(name: string): number {
    return this.ids.get(name) ?? -1;
  }
}

/** A fact of a relation (its constants' numbers) and when it was reached: its worklist position (-1: a static fact). */
interface Tuple {
  args: number[];
  pos: number;
}

const PAIR = 2 ** 26;

/** The key of a tuple in its relation: a number for up to two arguments, else a string. */
function tupleKey(args: readonly number[]): number | string {
  if (args.length === 0) return 0;
  if (args.length === 1) return args[0];
  if (args.length === 2 && args[0] < PAIR && args[1] < PAIR) return args[0] * PAIR + args[1];
  return args.join(',');
}

/** Tuples of one predicate with an index by (argument position, value). */
class Relation {
  readonly tuples: Tuple[] = [];
  private readonly byKey = new BigMap<number | string, Tuple>();
  /** Per argument position, the tuples by constant number (an array: constants are numbered densely; a Map was 5× slower here). */
  private readonly byArg: (Tuple[] | undefined)[][] = [];

  constructor(
    readonly pred: string,
    /** The quoted name, as a fact key writes it. */
    readonly head: string,
  ) {}

  /** Adds a tuple; null if it was there already. */
  add(args: number[], pos: number): Tuple | null {
    const key = tupleKey(args);
    if (this.byKey.get(key) !== undefined) return null;
    const tuple: Tuple = { args, pos };
    this.byKey.set(key, tuple);
    this.tuples.push(tuple);
    for (let i = 0; i < args.length; i++) {
      const index = (this.byArg[i] ??= []);
      // grown without holes (a sparse array would turn into a slow dictionary)
      while (index.length <= args[i]) index.push(undefined);
      const list = index[args[i]];
      if (list) list.push(tuple);
      else index[args[i]] = [tuple];
    }
    return tuple;
  }

  get(args: readonly number[]): Tuple | undefined {
    return this.byKey.get(tupleKey(args));
  }

  /** Tuples whose argument `pos` equals `value`. */
  withArg(pos: number, value: number): Tuple[] {
    return this.byArg[pos]?.[value] ?? NONE;
  }
}

const NONE: Tuple[] = [];

/** A literal of a schema compiled for joining: each argument a variable slot (>= 0) or a constant (slot -1). */
interface JoinLit {
  rel: Relation;
  slots: number[];
  /** The constant's number where the slot is -1. */
  consts: number[];
  /** Fluent (its facts are reached by the worklist) or static. */
  fluent: boolean;
  /** Index among the schema's preconditions. */
  index: number;
}

/** A schema compiled for joining: its variables numbered, its literals as JoinLits. */
interface JoinSchema {
  schema: OperatorSchema;
  index: number;
  vars: string[];
  /** The name term: quoted functor and its arguments (slots / constants). */
  nameHead: string;
  nameSlots: number[];
  nameConsts: string[];
  pre: JoinLit[];
  add: JoinLit[];
  del: JoinLit[];
  neq: { left: number; leftConst: number; right: number; rightConst: number }[];
}

/** A ground operator found, its atoms as worklist positions (del: tuples resolved at the end: an atom reached later still counts). */
interface RawOp {
  schema: JoinSchema;
  vals: number[];
  pre: number[];
  add: number[];
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
  const n = pre.length;
  // per literal: how many of its arguments are bound (a constant, or a variable bound so far); kept up to date as variables become bound
  const boundArgs = new Int32Array(n);
  const bonus = new Int32Array(n);
  /** The literals with an occurrence of each variable not bound yet (one entry per occurrence). */
  const occurrences = new Map<string, number[]>();
  for (let i = 0; i < n; i++) {
    const l = pre[i];
    bonus[i] = isStatic(l.pred) ? 100 : 0;
    for (const a of l.args) {
      if (a.kind === 'const' || bound0.has(a.name)) boundArgs[i]++;
      else {
        let list = occurrences.get(a.name);
        if (!list) occurrences.set(a.name, (list = []));
        list.push(i);
      }
    }
  }
  const score = (i: number): number => {
    const arity = pre[i].args.length;
    const b = boundArgs[i];
    return (b > 0 || arity === 0 ? 1000 : 0) + bonus[i] - (arity - b);
  };
  // the next literal is the first (in the schema's order) of the highest score: a min-heap keyed by
  // (1100 - score, index); a literal's score only grows, so an entry whose score is no longer
  // the literal's is passed over (the new one was pushed when it grew)
  const key = (i: number): number => (1100 - score(i)) * n + i;
  const heap = new Heap(2 * n);
  for (let i = 0; i < n; i++) heap.push(key(i), i);
  const taken = new Uint8Array(n);
  const out: Literal[] = [];
  while (out.length < n) {
    const best = heap.pop();
    if (taken[best] || heap.lastKey !== key(best)) continue;
    taken[best] = 1;
    out.push(pre[best]);
    for (const a of pre[best].args) {
      if (a.kind !== 'var') continue;
      const list = occurrences.get(a.name);
      if (!list) continue;
      occurrences.delete(a.name);
      for (const j of list) {
        boundArgs[j]++;
        if (!taken[j]) heap.push(key(j), j);
      }
    }
  }
  return out;
}

/** Joins of up to this many levels recurse (joinShallow); deeper ones use an explicit stack, so the call stack never limits an operator's preconditions. */
const SHALLOW_JOIN = 64;

/** 810,000 · 24.3 M · 6.6e+12: a count in a limit message. */
export function bigCount(n: number): string {
  if (n < 1e6) return n.toLocaleString('en');
  if (n < 1e9) return `${(n / 1e6).toFixed(1)} M`;
  return n.toExponential(1);
}

const count = (n: number, what: string): string => `${n.toLocaleString('en')} ${what}${n === 1 ? '' : 's'}`;

/**
 * Grounds a domain on a problem. Never fails on well-formed input: a goal
 * that cannot be reached even in the delete relaxation gives a task with
 * `unsolvableReason` set. `budget` is polled inside the join loops; what it
 * throws (a limit) ends grounding, and its `where` names the schema being
 * grounded, the operators found so far and, when the literals to join
 * share no variable (the schema's operators are the product of their
 * facts), that product: "grounding op(A,B,C,D,E): 30^5 = 24.3 M
 * combinations of its preconditions' facts".
 *
 * Each reached atom is joined only with the schemas whose preconditions
 * mention its predicate, and every operator is made once, where it is first
 * found: at the first atom of its preconditions in worklist order whose
 * join could see all its other atoms. So no set of the operators made so
 * far is kept, and they come out in the order in which joining each atom
 * with every schema finds them.
 */
export function ground(domain: Domain, problem: Problem, budget?: GroundBudget): Task {
  const statics = staticPredicates(domain);
  const isStatic = (p: string): boolean => statics.has(p);
  const constants = new Constants();
  const relations = new Map<string, Relation>();
  const rel = (p: string): Relation => {
    let r = relations.get(p);
    if (!r) relations.set(p, (r = new Relation(p, quoteAtom(p))));
    return r;
  };
  const constArgs = (l: Literal): number[] => l.args.map((a) => constants.id(a.kind === 'const' ? a.value : a.name));

  // Fluent atoms in the order reached (the worklist; an atom's position is its index).
  const reached: { rel: Relation; tuple: Tuple }[] = [];
  const reach = (r: Relation, args: number[]): number => {
    const t = r.add(args, reached.length);
    if (t === null) return (r.get(args) as Tuple).pos;
    reached.push({ rel: r, tuple: t });
    return t.pos;
  };

  // Where grounding is, for a limit's message.
  let current: JoinSchema | null = null;
  let currentOrder: JoinLit[] = [];
  let currentBound: boolean[] = [];
  let q = -1;
  const ops: RawOp[] = [];
  /** Operators found by the joins of the current atom: made (their add atoms reached) after those joins. */
  const pending: { js: JoinSchema; vals: number[]; pre: number[] }[] = [];
  /** "30^5 = 24.3 M combinations …" when the literals to join share no variable: the schema's operators are then the product of their facts. */
  const crossProduct = (order: JoinLit[], bound0: boolean[]): string | null => {
    const bound = bound0.slice();
    const factors: number[] = [];
    for (const l of order) {
      if (l.slots.length === 0) continue;
      if (l.slots.some((s, i) => s < 0 || bound[s] || l.slots.indexOf(s) !== i)) return null;
      for (const s of l.slots) bound[s] = true;
      factors.push(l.rel.tuples.length);
    }
    if (factors.length < 2) return null;
    const total = factors.reduce((a, b) => a * b, 1);
    const shown = factors.every((f) => f === factors[0]) ? `${factors[0]}^${factors.length}` : factors.join(' × ');
    return `${shown} = ${bigCount(total)} combinations of its preconditions' facts`;
  };
  /** What grounding does outside the joins (indexing the facts, numbering the atoms). */
  let stage = '';
  const where = (): string => {
    if (stage) return `grounding: ${stage} (${count(ops.length, 'operator')} found, ${count(reached.length, 'atom')} reached; ${count(problem.init.length, 'fact')} in the problem)`;
    const name = current ? schemaText(current) : 'the domain';
    const product = current ? crossProduct(currentOrder, currentBound) : null;
    const progress = q < 0 ? '' : `, atom ${(q + 1).toLocaleString('en')} of ${reached.length.toLocaleString('en')} reached so far`;
    return `grounding ${name}${product ? `: ${product}` : ''} (${count(ops.length + pending.length, 'operator')} found${progress}; ${count(problem.init.length, 'fact')} in the problem)`;
  };
  const poll = budget ? (): void => budget.poll(where) : (): void => {};

  stage = "indexing the problem's facts";
  for (let i = 0; i < problem.init.length; i++) {
    poll();
    const f = problem.init[i];
    if (isStatic(f.pred) || !domain.predicates.has(f.pred)) rel(f.pred).add(constArgs(f), -1);
    else reach(rel(f.pred), constArgs(f));
  }
  const schemas = domain.operators.map((s, si) => compileSchema(s, si, isStatic, rel, constants));
  stage = '';

  /** Per worklist position p: how many atoms had been reached when p was joined. */
  const reachedWhenJoined: number[] = [];
  /** Worklist position of the fact each join level matched (-1: static). */
  const matched: number[] = [];
  /** The trigger of the join under way: its precondition's index (-1: the join of the static-only schemas). */
  let trigIndex = -1;

  /** False when the operator at this leaf was found before (see ground's comment). */
  const firstFound = (order: JoinLit[]): boolean => {
    if (trigIndex < 0) return true;
    let maxPos = q;
    for (let k = 0; k < order.length; k++) if (matched[k] > maxPos) maxPos = matched[k];
    for (let k = 0; k < order.length; k++) {
      const p = matched[k];
      if (p < 0) continue;
      // at an earlier atom whose join already saw every atom of this operator
      if (p < q && reachedWhenJoined[p] > maxPos) return false;
      // or at this atom, through an earlier precondition
      if (p === q && order[k].index < trigIndex) return false;
    }
    return true;
  };

  /** The join levels above the one under way: their candidate facts, the next one to try, the trail's length when each was entered. */
  const levelCands: Tuple[][] = [];
  const levelNext: number[] = [];
  const levelMark: number[] = [];
  /** The candidates of a join level: the facts of its relation, narrowed by the first argument already bound. */
  const candidatesOf = (l: JoinLit, vals: number[]): Tuple[] => {
    for (let i = 0; i < l.slots.length; i++) {
      const v = l.slots[i] < 0 ? l.consts[i] : vals[l.slots[i]];
      if (v >= 0) return l.rel.withArg(i, v);
    }
    return l.rel.tuples;
  };
  /** Binds the free slots of level `l` to a fact's arguments (recorded on the trail); false when a bound slot or a constant differs. */
  const bind = (l: JoinLit, args: readonly number[], vals: number[]): boolean => {
    for (let i = 0; i < l.slots.length; i++) {
      const s = l.slots[i];
      if (s < 0) {
        if (l.consts[i] !== args[i]) return false;
      } else {
        const cur = vals[s];
        if (cur < 0) {
          vals[s] = args[i];
          trail.push(s);
        } else if (cur !== args[i]) return false;
      }
    }
    return true;
  };
  /** `join` of a schema with few preconditions, by recursion (the common case, and faster than the explicit stack). */
  const joinShallow = (js: JoinSchema, order: JoinLit[], k: number, vals: number[]): void => {
    if (k === order.length) {
      leaf(js, order, vals);
      return;
    }
    const l = order[k];
    const candidates = candidatesOf(l, vals);
    const mark = trail.length;
    for (let t = 0; t < candidates.length; t++) {
      poll();
      if (bind(l, candidates[t].args, vals)) {
        matched[k] = candidates[t].pos;
        joinShallow(js, order, k + 1, vals);
      }
      while (trail.length > mark) vals[trail.pop() as number] = -1;
    }
  };
  /** A complete match: the operator, unless an inequality fails or it was found before. */
  const leaf = (js: JoinSchema, order: JoinLit[], vals: number[]): void => {
    for (const n of js.neq) if ((n.left < 0 ? n.leftConst : vals[n.left]) === (n.right < 0 ? n.rightConst : vals[n.right])) return;
    if (!firstFound(order)) return;
    poll();
    // fluent preconditions as worklist positions, in the schema's order (-1: the trigger's)
    const pre = new Array<number>(fluentAt.length);
    for (let i = 0; i < fluentAt.length; i++) pre[i] = fluentAt[i] < 0 ? q : matched[fluentAt[i]];
    pending.push({ js, vals: vals.slice(), pre });
  };
  /**
   * Every match of the join levels `order` (from the bindings in `vals`): a
   * backtracking search over the levels' candidates with an explicit stack
   * of levels, not recursion, so that an operator of many thousands of
   * preconditions does not overflow the call stack. The level under way
   * lives in locals; the levels above it in levelCands/levelNext/levelMark.
   */
  const join = (js: JoinSchema, order: JoinLit[], vals: number[]): void => {
    const n = order.length;
    if (n <= SHALLOW_JOIN) {
      joinShallow(js, order, 0, vals);
      return;
    }
    let k = 0;
    let l = order[0];
    let candidates = candidatesOf(l, vals);
    let t = 0;
    let mark = trail.length;
    for (;;) {
      if (t === candidates.length) {
        if (k === 0) return;
        k--;
        l = order[k];
        candidates = levelCands[k];
        t = levelNext[k];
        mark = levelMark[k];
        while (trail.length > mark) vals[trail.pop() as number] = -1;
        continue;
      }
      poll();
      const tuple = candidates[t++];
      if (bind(l, tuple.args, vals)) {
        matched[k] = tuple.pos;
        if (k + 1 < n) {
          // one level down; this one resumes at candidate t when that one is done
          levelCands[k] = candidates;
          levelNext[k] = t;
          levelMark[k] = mark;
          k++;
          l = order[k];
          candidates = candidatesOf(l, vals);
          t = 0;
          mark = trail.length;
          continue;
        }
        leaf(js, order, vals);
      }
      while (trail.length > mark) vals[trail.pop() as number] = -1;
    }
  };
  /** Slots bound by the join levels under way, undone on the way back. */
  const trail: number[] = [];
  /** Per fluent precondition of the schema being joined (in its order): the join level that matches it, -1 for the trigger. */
  let fluentAt: number[] = [];
  const fluentLevels = (js: JoinSchema, order: JoinLit[]): number[] =>
    js.pre.filter((l) => l.fluent).map((l) => order.indexOf(l));
  const scratch: number[] = [];

  const flush = (): void => {
    for (let p = 0; p < pending.length; p++) {
      poll();
      const { js, vals, pre } = pending[p];
      const add = new Array<number>(js.add.length);
      for (let i = 0; i < js.add.length; i++) {
        const l = js.add[i];
        // the arguments are copied only for an atom not reached before
        argsInto(l, vals, scratch);
        const t = l.rel.get(scratch);
        add[i] = t === undefined ? reach(l.rel, scratch.slice()) : t.pos;
      }
      ops.push({ schema: js, vals, pre, add });
    }
    pending.length = 0;
  };

  const orderOf = (js: JoinSchema, lits: Literal[], bound: Set<string>): JoinLit[] => {
    const at = new Map(js.schema.pre.map((l, i) => [l, i]));
    return joinOrder(lits, isStatic, bound).map((l) => js.pre[at.get(l) as number]);
  };
  const unbound = (js: JoinSchema): number[] => js.vars.map(() => -1);

  // Operators whose preconditions are all static (or empty) are joined once.
  for (const js of schemas) {
    if (js.pre.some((l) => l.fluent)) continue;
    current = js;
    currentOrder = orderOf(js, js.schema.pre, new Set());
    currentBound = js.vars.map(() => false);
    fluentAt = [];
    join(js, currentOrder, unbound(js));
  }
  flush();

  // Then each reached atom is joined with the fluent preconditions of its predicate.
  const triggers = new Map<Relation, { js: JoinSchema; lit: JoinLit; rest: JoinLit[]; bound: boolean[]; fluent: number[]; vals: number[] }[]>();
  for (const js of schemas) {
    for (const lit of js.pre) {
      if (!lit.fluent) continue;
      const l = js.schema.pre[lit.index];
      const boundVars = new Set(l.args.flatMap((a) => (a.kind === 'var' ? [a.name] : [])));
      const rest = orderOf(
        js,
        js.schema.pre.filter((_, j) => j !== lit.index),
        boundVars,
      );
      let list = triggers.get(lit.rel);
      if (!list) triggers.set(lit.rel, (list = []));
      list.push({ js, lit, rest, bound: js.vars.map((v) => boundVars.has(v)), fluent: fluentLevels(js, rest), vals: unbound(js) });
    }
  }
  for (q = 0; q < reached.length; q++) {
    reachedWhenJoined[q] = reached.length;
    const list = triggers.get(reached[q].rel);
    if (list) {
      const atom = reached[q].tuple.args;
      for (const { js, lit, rest, bound, fluent, vals } of list) {
        vals.fill(-1);
        let ok = true;
        for (let i = 0; i < lit.slots.length && ok; i++) {
          const s = lit.slots[i];
          if (s < 0) ok = lit.consts[i] === atom[i];
          else if (vals[s] < 0) vals[s] = atom[i];
          else ok = vals[s] === atom[i];
        }
        if (!ok) continue;
        current = js;
        currentOrder = rest;
        currentBound = bound;
        trigIndex = lit.index;
        fluentAt = fluent;
        join(js, rest, vals);
      }
    }
    trigIndex = -1;
    flush();
  }
  current = null;
  q = -1;
  stage = 'numbering the atoms and operators';
  return finishTask(domain, problem, { constants, relations, reached, ops, isStatic, poll });
}

function compileSchema(schema: OperatorSchema, index: number, isStatic: (p: string) => boolean, rel: (p: string) => Relation, constants: Constants): JoinSchema {
  const vars: string[] = [];
  const slots = new Map<string, number>();
  const slotOf = (a: Arg): number => {
    if (a.kind === 'const') return -1;
    let i = slots.get(a.name);
    if (i === undefined) slots.set(a.name, (i = vars.push(a.name) - 1));
    return i;
  };
  const constOf = (a: Arg): number => (a.kind === 'const' ? constants.id(a.value) : -1);
  const lit = (l: Literal, i: number): JoinLit => ({ rel: rel(l.pred), slots: l.args.map(slotOf), consts: l.args.map(constOf), fluent: !isStatic(l.pred), index: i });
  const pre = schema.pre.map(lit);
  return {
    schema,
    index,
    vars,
    nameHead: quoteAtom(schema.name.pred),
    nameSlots: schema.name.args.map(slotOf),
    nameConsts: schema.name.args.map((a) => (a.kind === 'const' ? a.value : '')),
    pre,
    add: schema.add.map(lit),
    del: schema.del.map(lit),
    neq: schema.neq.map((n) => ({ left: slotOf(n.left), leftConst: constOf(n.left), right: slotOf(n.right), rightConst: constOf(n.right) })),
  };
}

/** The constants' numbers of a literal under a binding, written to `out`. */
function argsInto(l: JoinLit, vals: readonly number[], out: number[]): number[] {
  out.length = l.slots.length;
  for (let i = 0; i < l.slots.length; i++) out[i] = l.slots[i] < 0 ? l.consts[i] : vals[l.slots[i]];
  return out;
}

/** `head(a,b)` (factKey's text) from constant names. */
function termText(head: string, args: readonly string[]): string {
  return args.length === 0 ? head : `${head}(${args.join(',')})`;
}

/** The schema's name term as written, e.g. `op(A,B,C,D,E)`. */
function schemaText(js: JoinSchema): string {
  return termText(
    js.nameHead,
    js.nameSlots.map((s, i) => (s < 0 ? js.nameConsts[i] : js.vars[s])),
  );
}

/** Numbers the reached atoms (grouped by predicate) and resolves operator atoms to ids. */
function finishTask(
  domain: Domain,
  problem: Problem,
  g: {
    constants: Constants;
    relations: Map<string, Relation>;
    reached: { rel: Relation; tuple: Tuple }[];
    ops: RawOp[];
    isStatic: (p: string) => boolean;
    poll: () => void;
  },
): Task {
  const { constants, relations, reached, isStatic, poll } = g;
  const scratch: number[] = [];
  const names = constants.names;
  const predOrder = [...domain.predicates.keys()];
  const rank = new Map(predOrder.map((p, i) => [p, i]));
  const order = reached.map((_, i) => i);
  order.sort((a, b) => (rank.get(reached[a].rel.pred) ?? 1e9) - (rank.get(reached[b].rel.pred) ?? 1e9) || a - b);
  // worklist position → atom id
  const idOf = new Int32Array(reached.length);
  const atoms = new Array<string>(order.length);
  for (let i = 0; i < order.length; i++) {
    poll();
    const { rel, tuple } = reached[order[i]];
    idOf[order[i]] = i;
    atoms[i] = termText(rel.head, tuple.args.map((c) => names[c]));
  }
  /** The id of a ground literal's atom, or -1 (never reached; or a constant no fact has). */
  const lookup = (l: Literal): number => {
    const r = relations.get(l.pred);
    const args = l.args.map((a) => constants.find(a.kind === 'const' ? a.value : a.name));
    if (!r || args.includes(-1)) return -1;
    const t = r.get(args);
    return t === undefined || t.pos < 0 ? -1 : idOf[t.pos];
  };
  const holdsStatic = (l: Literal): boolean => {
    const r = relations.get(l.pred);
    const args = l.args.map((a) => constants.find(a.kind === 'const' ? a.value : a.name));
    return r !== undefined && !args.includes(-1) && r.get(args) !== undefined;
  };

  const unique = (positions: readonly number[]): number[] => {
    const out: number[] = [];
    for (const p of positions) {
      const i = idOf[p];
      if (!out.includes(i)) out.push(i);
    }
    return out;
  };
  const operators: GroundOperator[] = new Array<GroundOperator>(g.ops.length);
  for (let o = 0; o < g.ops.length; o++) {
    poll();
    const { schema: js, vals, pre, add } = g.ops[o];
    const addIds = unique(add);
    const del: number[] = [];
    for (const l of js.del) {
      const t = l.rel.get(argsInto(l, vals, scratch));
      // deleting an atom that is never true changes nothing; add wins over delete
      if (t === undefined || t.pos < 0) continue;
      const i = idOf[t.pos];
      if (!addIds.includes(i) && !del.includes(i)) del.push(i);
    }
    operators[o] = {
      name: termText(
        js.nameHead,
        js.nameSlots.map((s, i) => (s < 0 ? js.nameConsts[i] : names[vals[s]])),
      ),
      schema: js.index,
      pre: unique(pre),
      add: addIds,
      del,
      cost: js.schema.cost,
    };
  }

  // init facts of predicates no operator mentions are neither static nor fluent: they play no part
  const init = new Set<number>();
  for (const f of problem.init) if (!isStatic(f.pred) && domain.predicates.has(f.pred)) init.add(lookup(f));
  const task: Task = { atoms, init: [...init].sort((a, b) => a - b), goal: [], operators };
  for (const goal of problem.goal) {
    const key = termText(quoteAtom(goal.pred), goal.args.map((a) => (a.kind === 'const' ? a.value : a.name)));
    if (isStatic(goal.pred)) {
      if (!holdsStatic(goal)) task.unsolvableReason ??= `goal ${key} is a static fact that does not hold`;
    } else if (!domain.predicates.has(goal.pred)) {
      if (!holdsStatic(goal)) task.unsolvableReason ??= `goal ${key} does not hold and no operator changes ${goal.pred}`;
    } else {
      const i = lookup(goal);
      if (i < 0) task.unsolvableReason ??= `goal ${key} is unreachable even when delete lists are ignored`;
      else if (!task.goal.includes(i)) task.goal.push(i);
    }
  }
  return task;
}
