/**
 * Preprocessing of a ground task before the search: it keeps every plan a
 * plan and makes the task smaller.
 *
 * - h^2 reachability (Haslum & Geffner's h^m with m = 2, unit costs: a pair
 *   of atoms is reachable or not): from the initial state, the pairs of
 *   atoms that may be true together. A pair never reached is a mutex: no
 *   reachable state has both. An operator whose precondition holds a mutex
 *   pair (or an atom h^2 never reaches) can never apply and is dropped; two
 *   goal atoms that are mutex prove that no plan exists.
 * - Relevance (backward from the goal): the relevant atoms are the goal's
 *   and the preconditions of relevant operators, the relevant operators
 *   those that add a relevant atom (a fixpoint). The others are dropped;
 *   irrelevant atoms only ever occurred in add and delete lists of the kept
 *   operators, so a plan of the smaller task is a plan of the original (its
 *   operators keep their names).
 * - Mutex groups (invariants): sets of atoms of which at most one is true
 *   in every reachable state, from h^2's mutex pairs grown greedily into
 *   cliques and chosen as a partition, largest first (as Fast Downward's
 *   translator chooses its variables): each group is a finite-domain
 *   variable, with a "none of them" value when no atom of it need hold.
 *
 * h^2 keeps a bit per pair of atoms and passes over the operators until
 * nothing changes: it is skipped above H2_MAX_ATOMS atoms or when one pass
 * would cost more than H2_MAX_WORK word operations (see README,
 * "Preprocessing").
 */
import type { GroundBudget } from './ground.ts';
import type { GroundOperator, Task } from './task.ts';

/** What a solve runs before its search: nothing, relevance alone, or h^2 pruning then relevance (and the mutex groups). */
export const preprocessModes = ['none', 'relevance', 'h2'] as const;
export type PreprocessMode = (typeof preprocessModes)[number];

/**
 * The preprocessing when none is named: on a problem of a domain plug-in (a
 * level) and on other problems (PDDL, Prolog problem files); measured in the
 * README's "Preprocessing".
 */
export const DEFAULT_PREPROCESS = { problem: 'relevance', level: 'none' } as const satisfies Record<'problem' | 'level', PreprocessMode>;

/** h^2 is not run on tasks with more atoms than this (its table, and the groups' mutex graph, have a bit per pair: 10,000 atoms are 12.5 MB each). */
export const H2_MAX_ATOMS = 10_000;
/**
 * …nor when one pass over the operators would cost more than this many
 * 32-bit word operations. Measured: zenotravel p20 (820 atoms, 32,780
 * operators, 4.1 M words a pass) takes 3 passes in 23–108 ms of CPU, 2–9 ms
 * per million words; Sokoban levels take 20–30 passes. So a pass at the
 * bound costs 0.1–0.45 s, and the solve's time limit covers the passes.
 */
export const H2_MAX_WORK = 50_000_000;

/** The sizes and times of a preprocessing (the JSON report's `stats.preprocess`). */
export interface PreprocessStats {
  /** What ran: the mode asked for (h2 falls back to relevance when h^2 was skipped: see `h2Skipped`). */
  mode: PreprocessMode;
  /** The task's atoms and operators after preprocessing (stats.atoms and stats.operators are the ground task's). */
  atoms: number;
  operators: number;
  /** Mutex groups (finite-domain variables of two or more atoms); 0 when not computed. */
  mutexGroups: number;
  /** Atoms in the mutex groups. */
  groupedAtoms: number;
  /** Operators dropped by h^2 (a mutex pair in the precondition) and by relevance. */
  h2Pruned: number;
  irrelevant: number;
  /** Milliseconds of each phase. */
  h2Ms: number;
  relevanceMs: number;
  groupsMs: number;
  /** Why h^2 did not run (too large), when the mode asked for it. */
  h2Skipped?: string;
}

const now = (): number => performance.now();

/** The result of h^2: per atom a row of W words, bit b of row a set when the pair (a, b) is reachable (bit a: a itself). */
export interface H2Table {
  n: number;
  W: number;
  rows: Uint32Array;
  /** Per operator: 1 when its precondition is h^2-reachable. */
  opReachable: Uint8Array;
}

const has = (rows: Uint32Array, W: number, a: number, b: number): boolean => (rows[a * W + (b >>> 5)] & (1 << (b & 31))) !== 0;

/**
 * Why h^2 is not run on this task (its size, in words), or null. One pass
 * costs about W words per atom of every operator's precondition and add list.
 */
export function h2TooLarge(task: Task): string | null {
  const n = task.atoms.length;
  if (n > H2_MAX_ATOMS) return `${n.toLocaleString('en')} atoms (h^2 runs up to ${H2_MAX_ATOMS.toLocaleString('en')})`;
  const W = Math.max(1, (n + 31) >>> 5);
  let work = 0;
  for (const op of task.operators) work += (op.pre.length + op.add.length + 1) * W;
  if (work > H2_MAX_WORK) return `one pass over its ${task.operators.length.toLocaleString('en')} operators would cost ${(work / 1e6).toFixed(0)} M word operations (h^2 runs up to ${H2_MAX_WORK / 1e6} M)`;
  return null;
}

/**
 * h^2 reachability with unit costs from the initial state: passes over the
 * operators until no pair is added. An operator whose precondition's pairs
 * are all reached makes reachable each pair of its add atoms and each pair
 * of an add atom with an atom r it does not delete that is reachable with
 * every atom of its precondition. An operator is passed over when no row
 * of its precondition's atoms has changed since it was last applied.
 * `budget` is polled once per operator looked at.
 */
export function h2Reachability(task: Task, budget?: GroundBudget): H2Table {
  const n = task.atoms.length;
  const W = Math.max(1, (n + 31) >>> 5);
  const rows = new Uint32Array(n * W);
  const m = task.operators.length;
  const opReachable = new Uint8Array(m);
  /** The atoms reached (as singletons): the compatible atoms of an operator without a precondition. */
  const single = new Uint32Array(W);
  /** When each row last changed (a counter of changes), and when each operator was last applied. */
  let tick = 1;
  const rowTick = new Float64Array(n);
  const singleTick = { t: 0 };
  const opTick = new Float64Array(m);
  const set = (a: number, b: number): void => {
    const i = a * W + (b >>> 5);
    const bit = 1 << (b & 31);
    if ((rows[i] & bit) !== 0) return;
    rows[i] |= bit;
    rowTick[a] = ++tick;
    if (a === b) {
      single[a >>> 5] |= bit;
      singleTick.t = tick;
    }
  };
  for (const a of task.init) for (const b of task.init) set(a, b);

  let pass = 0;
  let current = 0;
  const where = (): string => `preprocessing: h^2 mutexes (pass ${pass}, operator ${(current + 1).toLocaleString('en')} of ${m.toLocaleString('en')})`;
  const compat = new Uint32Array(W);
  // the preconditions flat: operator o's are preAtoms[preStart[o] .. preStart[o + 1])
  const preStart = new Int32Array(m + 1);
  for (let o = 0; o < m; o++) preStart[o + 1] = preStart[o] + task.operators[o].pre.length;
  const preAtoms = new Int32Array(preStart[m]);
  for (let o = 0; o < m; o++) preAtoms.set(task.operators[o].pre, preStart[o]);
  let changed = true;
  while (changed) {
    changed = false;
    pass++;
    for (let o = 0; o < m; o++) {
      current = o;
      budget?.poll(where);
      const p0 = preStart[o];
      const p1 = preStart[o + 1];
      if (!opReachable[o]) {
        let ok = true;
        for (let i = p0; i < p1 && ok; i++) {
          const base = preAtoms[i] * W;
          for (let j = i; j < p1 && ok; j++) ok = (rows[base + (preAtoms[j] >>> 5)] & (1 << (preAtoms[j] & 31))) !== 0;
        }
        if (!ok) continue;
        opReachable[o] = 1;
      } else {
        // nothing new since it was last applied?
        let stale = p0 === p1 && singleTick.t > opTick[o];
        for (let i = p0; i < p1 && !stale; i++) stale = rowTick[preAtoms[i]] > opTick[o];
        if (!stale) continue;
      }
      opTick[o] = tick;
      const op = task.operators[o];
      // the atoms reachable with every atom of the precondition, less those it deletes, plus those it adds
      if (p0 === p1) compat.set(single);
      else {
        const first = preAtoms[p0] * W;
        for (let w = 0; w < W; w++) compat[w] = rows[first + w];
        for (let i = p0 + 1; i < p1; i++) {
          const base = preAtoms[i] * W;
          for (let w = 0; w < W; w++) compat[w] &= rows[base + w];
        }
      }
      for (const d of op.del) compat[d >>> 5] &= ~(1 << (d & 31));
      for (const a of op.add) compat[a >>> 5] |= 1 << (a & 31);
      for (const p of op.add) {
        const base = p * W;
        for (let w = 0; w < W; w++) {
          let fresh = compat[w] & ~rows[base + w];
          if (fresh === 0) continue;
          // the pairs (p, r) of the new bits, and (r, p) of each
          rows[base + w] |= fresh;
          rowTick[p] = ++tick;
          changed = true;
          const pw = p >>> 5;
          const pb = 1 << (p & 31);
          while (fresh !== 0) {
            const low = fresh & -fresh;
            const r = (w << 5) + (31 - Math.clz32(low));
            fresh ^= low;
            if (r === p) {
              single[pw] |= pb;
              singleTick.t = tick;
              continue;
            }
            const j = r * W + pw;
            if ((rows[j] & pb) === 0) {
              rows[j] |= pb;
              rowTick[r] = ++tick;
            }
          }
        }
      }
    }
  }
  return { n, W, rows, opReachable };
}

/** Whether atoms a and b are h^2-mutex (both reached alone, never together); a == b: a is never reached. */
export function isMutex(h2: H2Table, a: number, b: number): boolean {
  return !has(h2.rows, h2.W, a, b);
}

/**
 * A task of the kept operators and atoms: atoms renumbered in their order
 * (a predicate's atoms stay contiguous), dropped atoms removed from init,
 * goal, add and delete lists. `keepAtom` must hold every atom of a kept
 * operator's precondition and of the goal. Returns the task and the new id
 * of each old atom (-1: dropped).
 */
function restrict(task: Task, keepOp: Uint8Array, keepAtom: Uint8Array): { task: Task; newId: Int32Array } {
  const n = task.atoms.length;
  const newId = new Int32Array(n).fill(-1);
  const atoms: string[] = [];
  for (let a = 0; a < n; a++) if (keepAtom[a]) newId[a] = atoms.push(task.atoms[a]) - 1;
  const allAtoms = atoms.length === n;
  if (allAtoms && keepOp.every((k) => k === 1)) return { task, newId };
  const map = (list: readonly number[]): number[] => {
    let k = 0;
    for (let i = 0; i < list.length; i++) if (newId[list[i]] >= 0) k++;
    const out = new Array<number>(k);
    k = 0;
    for (let i = 0; i < list.length; i++) if (newId[list[i]] >= 0) out[k++] = newId[list[i]];
    return out;
  };
  const operators: GroundOperator[] = [];
  for (let o = 0; o < task.operators.length; o++) {
    if (!keepOp[o]) continue;
    const op = task.operators[o];
    // the same object when no atom is dropped (ids do not change)
    operators.push(allAtoms ? op : { name: op.name, schema: op.schema, pre: map(op.pre), add: map(op.add), del: map(op.del), cost: op.cost });
  }
  const out: Task = { ...task, atoms: allAtoms ? task.atoms : atoms, init: map(task.init), goal: map(task.goal), operators };
  delete out.mutexGroups;
  delete out.mutexGroupNone;
  return { task: out, newId };
}

/**
 * Relevance backward from the goal (see the file's comment), and operators
 * that change nothing (they add only atoms of their precondition and delete
 * none) dropped too. Returns the smaller task and the new id of each old
 * atom (-1: dropped).
 */
export function relevantTask(task: Task, budget?: GroundBudget, keepAtoms = false): { task: Task; newId: Int32Array; dropped: number } {
  const n = task.atoms.length;
  const m = task.operators.length;
  // the operators adding each atom
  const addStart = new Int32Array(n + 1);
  for (let o = 0; o < m; o++) {
    const add = task.operators[o].add;
    for (let i = 0; i < add.length; i++) addStart[add[i] + 1]++;
  }
  for (let a = 0; a < n; a++) addStart[a + 1] += addStart[a];
  const fill = addStart.slice(0, n);
  const adders = new Int32Array(addStart[n]);
  for (let o = 0; o < m; o++) {
    const add = task.operators[o].add;
    for (let i = 0; i < add.length; i++) adders[fill[add[i]]++] = o;
  }
  const relAtom = new Uint8Array(n);
  const relOp = new Uint8Array(m);
  const stack: number[] = [];
  for (const g of task.goal) if (!relAtom[g]) (relAtom[g] = 1), stack.push(g);
  let done = 0;
  const where = (): string => `preprocessing: relevance (${done.toLocaleString('en')} relevant atoms of ${n.toLocaleString('en')})`;
  while (stack.length > 0) {
    const a = stack.pop() as number;
    done++;
    budget?.poll(where);
    for (let i = addStart[a]; i < addStart[a + 1]; i++) {
      const o = adders[i];
      if (relOp[o]) continue;
      relOp[o] = 1;
      const pre = task.operators[o].pre;
      for (let j = 0; j < pre.length; j++) {
        const p = pre[j];
        if (!relAtom[p]) (relAtom[p] = 1), stack.push(p);
      }
    }
  }
  // an operator that changes no relevant atom is no use either
  for (let o = 0; o < m; o++) {
    if (!relOp[o]) continue;
    const { pre, add, del } = task.operators[o];
    let changes = false;
    for (let i = 0; i < del.length && !changes; i++) changes = relAtom[del[i]] === 1;
    for (let i = 0; i < add.length && !changes; i++) changes = relAtom[add[i]] === 1 && !pre.includes(add[i]);
    if (!changes) relOp[o] = 0;
  }
  let kept = 0;
  for (let o = 0; o < m; o++) kept += relOp[o];
  const r = restrict(task, relOp, keepAtoms ? relAtom.fill(1) : relAtom);
  return { ...r, dropped: m - kept };
}

/**
 * The task without the operators h^2 proves inapplicable and without the
 * atoms it never reaches; `unsolvableReason` set when two goal atoms are
 * mutex (or one is never reached), naming them.
 */
export function h2Prune(task: Task, h2: H2Table, keepAtoms = false): { task: Task; newId: Int32Array; dropped: number } {
  const n = task.atoms.length;
  const keepAtom = new Uint8Array(n);
  for (let a = 0; a < n; a++) keepAtom[a] = keepAtoms || has(h2.rows, h2.W, a, a) ? 1 : 0;
  let reason: string | undefined;
  const goal = task.goal;
  for (let i = 0; i < goal.length && reason === undefined; i++) {
    for (let j = i; j < goal.length && reason === undefined; j++) {
      if (!isMutex(h2, goal[i], goal[j])) continue;
      reason =
        i === j
          ? `goal ${task.atoms[goal[i]]} is unreachable: h^2 finds no reachable state with it`
          : `goal atoms ${task.atoms[goal[i]]} and ${task.atoms[goal[j]]} are mutex: h^2 finds no reachable state with both`;
    }
  }
  let kept = 0;
  for (let o = 0; o < task.operators.length; o++) kept += h2.opReachable[o];
  const r = restrict(task, h2.opReachable, keepAtom);
  if (reason !== undefined) r.task = { ...r.task, unsolvableReason: r.task.unsolvableReason ?? reason };
  return { ...r, dropped: task.operators.length - kept };
}

/**
 * Mutex groups of the task from h^2's table (ids of `h2`'s task; `newId`
 * maps them to `task`'s, -1 for dropped atoms): for each atom, a clique of
 * the mutex graph grown greedily from it (candidates of its own predicate
 * first, then in id order), then a partition chosen from the cliques
 * largest first, each taking its atoms from the others; groups of one atom
 * are left out. Sets task.mutexGroups and task.mutexGroupNone.
 */
export function setMutexGroups(task: Task, h2: H2Table, newId: Int32Array, budget?: GroundBudget): void {
  const n = task.atoms.length;
  const oldOf = new Int32Array(n);
  for (let a = 0; a < newId.length; a++) if (newId[a] >= 0) oldOf[newId[a]] = a;
  const W = Math.max(1, (n + 31) >>> 5);
  // the mutex graph on the task's atoms, as rows of bits
  const mutex = new Uint32Array(n * W);
  let at = 0;
  const where = (): string => `preprocessing: mutex groups (atom ${(at + 1).toLocaleString('en')} of ${n.toLocaleString('en')})`;
  // per atom, the pairs h^2 never reached (bits of h2's row that are not set), in the task's ids
  const W0 = h2.W;
  for (let a = 0; a < n; a++) {
    at = a;
    budget?.poll(where);
    const base = oldOf[a] * W0;
    for (let w = 0; w < W0; w++) {
      let bits = ~h2.rows[base + w];
      if (w === W0 - 1 && (h2.n & 31) !== 0) bits &= (1 << (h2.n & 31)) - 1;
      while (bits !== 0) {
        const low = bits & -bits;
        const b = newId[(w << 5) + (31 - Math.clz32(low))];
        bits ^= low;
        if (b >= 0 && b !== a) mutex[a * W + (b >>> 5)] |= 1 << (b & 31);
      }
    }
  }
  // the atoms of one predicate are contiguous (Task.atoms): each atom's range [predLo, predHi)
  const predOf = task.atoms.map((s) => s.replace(/\(.*$/, ''));
  const predLo = new Int32Array(n);
  const predHi = new Int32Array(n);
  for (let a = 0; a < n; ) {
    let b = a + 1;
    while (b < n && predOf[b] === predOf[a]) b++;
    for (let c = a; c < b; c++) (predLo[c] = a), (predHi[c] = b);
    a = b;
  }
  /** The first candidate in [lo, hi), or -1. */
  const firstIn = (cand: Uint32Array, lo: number, hi: number): number => {
    for (let w = lo >>> 5; w < (hi + 31) >>> 5; w++) {
      let bits = cand[w];
      if (w === lo >>> 5) bits &= ~0 << (lo & 31);
      if (bits !== 0) {
        const c = (w << 5) + (31 - Math.clz32(bits & -bits));
        return c < hi ? c : -1;
      }
    }
    return -1;
  };
  const cliques = new Map<string, number[]>();
  const cand = new Uint32Array(W);
  for (let s = 0; s < n; s++) {
    at = s;
    budget?.poll(where);
    for (let w = 0; w < W; w++) cand[w] = mutex[s * W + w];
    const clique = [s];
    for (;;) {
      // the first candidate of the seed's predicate, else the first
      let pick = firstIn(cand, predLo[s], predHi[s]);
      const first = pick < 0 ? firstIn(cand, 0, n) : pick;
    if (pick < 0) pick = first;
      if (pick < 0) break;
      clique.push(pick);
      const base = pick * W;
      for (let w = 0; w < W; w++) cand[w] &= mutex[base + w];
    }
    if (clique.length < 2) continue;
    clique.sort((a, b) => a - b);
    cliques.set(clique.join(','), clique);
  }
  // the partition: the largest clique (fewest taken atoms) first
  const list = [...cliques.values()];
  const taken = new Uint8Array(n);
  const groups: number[][] = [];
  const alive = list.map((c) => c.length);
  for (;;) {
    let best = -1;
    for (let i = 0; i < list.length; i++) if (alive[i] >= 2 && (best < 0 || alive[i] > alive[best])) best = i;
    if (best < 0) break;
    const group = list[best].filter((a) => !taken[a]);
    for (const a of group) taken[a] = 1;
    groups.push(group);
    for (let i = 0; i < list.length; i++) if (alive[i] >= 2) alive[i] = list[i].reduce((k, a) => k + (taken[a] ? 0 : 1), 0);
  }
  groups.sort((a, b) => a[0] - b[0]);
  task.mutexGroups = groups;
  task.mutexGroupNone = needsNone(task, groups);
}

/**
 * Per mutex group, whether it needs a "none of them" value: false when one
 * of its atoms holds initially and every operator that deletes one of them
 * adds one (then one holds in every reachable state).
 */
export function needsNone(task: Task, groups: readonly (readonly number[])[]): boolean[] {
  const groupOf = new Int32Array(task.atoms.length).fill(-1);
  groups.forEach((g, i) => {
    for (const a of g) groupOf[a] = i;
  });
  const none = groups.map(() => false);
  const initial = new Int32Array(groups.length);
  for (const a of task.init) if (groupOf[a] >= 0) initial[groupOf[a]]++;
  for (let i = 0; i < groups.length; i++) if (initial[i] !== 1) none[i] = true;
  const adds = new Uint8Array(groups.length);
  for (const op of task.operators) {
    for (const a of op.add) if (groupOf[a] >= 0) adds[groupOf[a]] = 1;
    for (const d of op.del) if (groupOf[d] >= 0 && !adds[groupOf[d]]) none[groupOf[d]] = true;
    for (const a of op.add) if (groupOf[a] >= 0) adds[groupOf[a]] = 0;
  }
  return none;
}

/**
 * The mutex groups of a task for a heuristic that wants finite-domain
 * variables (e.g. pattern databases): the task's own when preprocessing
 * found them (--preprocess h2), else h^2 run on it now, pruning nothing;
 * null when the task is too large for h^2 (h2TooLarge).
 */
export function mutexGroupsOf(task: Task, budget?: GroundBudget): { groups: number[][]; none: boolean[] } | null {
  if (task.mutexGroups) return { groups: task.mutexGroups, none: task.mutexGroupNone ?? needsNone(task, task.mutexGroups) };
  if (h2TooLarge(task) !== null) return null;
  const h2 = h2Reachability(task, budget);
  const copy: Task = { ...task };
  setMutexGroups(copy, h2, Int32Array.from(task.atoms, (_, i) => i), budget);
  return { groups: copy.mutexGroups ?? [], none: copy.mutexGroupNone ?? [] };
}

/**
 * The preprocessing a solve asks for (`mode`) on a ground task: h^2 pruning
 * (mode h2, unless the task is too large: stats.h2Skipped), then relevance;
 * with h^2, the mutex groups on the task returned. A task already proven
 * unsolvable is returned as it is. `budget` (the solve's) is polled in
 * every loop: a limit throws its LimitReached with the phase's position.
 * `keepAtoms`: drop operators only, every atom keeps its id (a domain
 * plug-in reads a level's atoms by name: a box on a square from which no
 * push leads must not vanish from the state).
 */
export function preprocess(task: Task, mode: PreprocessMode, budget?: GroundBudget, keepAtoms = false): { task: Task; stats: PreprocessStats } {
  const ground = task;
  const stats: PreprocessStats = { mode, atoms: task.atoms.length, operators: task.operators.length, mutexGroups: 0, groupedAtoms: 0, h2Pruned: 0, irrelevant: 0, h2Ms: 0, relevanceMs: 0, groupsMs: 0 };
  if (mode === 'none' || task.unsolvableReason !== undefined) return { task, stats };
  let h2: H2Table | null = null;
  let idMap: Int32Array | null = null;
  if (mode === 'h2') {
    const t0 = now();
    const tooLarge = h2TooLarge(task);
    if (tooLarge) stats.h2Skipped = tooLarge;
    else {
      h2 = h2Reachability(task, budget);
      const r = h2Prune(task, h2, keepAtoms);
      task = r.task;
      idMap = r.newId;
      stats.h2Pruned = r.dropped;
    }
    stats.h2Ms = now() - t0;
  }
  if (task.unsolvableReason === undefined) {
    const t0 = now();
    const r = relevantTask(task, budget, keepAtoms);
    task = r.task;
    idMap = idMap ? idMap.map((a) => (a < 0 ? -1 : r.newId[a])) : r.newId;
    stats.irrelevant = r.dropped;
    stats.relevanceMs = now() - t0;
  }
  if (h2 && idMap && task.unsolvableReason === undefined) {
    const t0 = now();
    if (task === ground) task = { ...task };
    setMutexGroups(task, h2, idMap, budget);
    stats.mutexGroups = task.mutexGroups?.length ?? 0;
    stats.groupedAtoms = task.mutexGroups?.reduce((k, g) => k + g.length, 0) ?? 0;
    stats.groupsMs = now() - t0;
  }
  stats.atoms = task.atoms.length;
  stats.operators = task.operators.length;
  return { task, stats };
}
