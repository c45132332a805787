/**
 * The search space of a ground task, packed for speed: a state is a bitset of
 * fluent atoms stored as `words` 32-bit words inside a larger Uint32Array
 * (arrays of states are flat, a state is addressed by array + offset).
 *
 * Successor generation does not test every operator in every state. Each
 * operator is filed under one "trigger" precondition, chosen from the
 * predicate with the fewest atoms that can be true at once (a predicate whose
 * count of true atoms every operator keeps constant, like "the player is on
 * one cell", is ideal); a state then only looks at the operators of its true
 * trigger atoms. Operators without preconditions are always tried.
 */
import type { Task } from './task.ts';

/** What every strategy sees: initial state, goal test, successors, costs. */
export interface SearchSpace {
  readonly task: Task;
  /** 32-bit words per state. */
  readonly words: number;
  readonly numOps: number;
  /** The initial state (`words` words at offset 0). */
  readonly init: Uint32Array;
  isGoal(s: Uint32Array, off: number): boolean;
  /** Writes the ids of the operators applicable in the state to `out` (ascending); returns their number. */
  applicable(s: Uint32Array, off: number, out: Int32Array): number;
  /** Writes the successor of the state under `op` to dst at dstOff. */
  apply(op: number, s: Uint32Array, off: number, dst: Uint32Array, dstOff: number): void;
  cost(op: number): number;
  opName(op: number): string;
  /** True atom ids of a state. */
  atomsOf(s: Uint32Array, off: number): number[];
  /** The names of a state's true atoms, sorted (what trace --states shows; TracedSpace.stateAtoms). */
  stateAtoms(s: Uint32Array, off: number): string[];
}

/** Word index and bit mask of an atom. */
const word = (a: number): number => a >>> 5;
const bit = (a: number): number => 1 << (a & 31);

/**
 * Groups of atoms of which a bounded number can be true at once: for each
 * predicate, the count of its true atoms is invariant when every operator
 * deletes (and requires) as many of its atoms as it adds. Returns, per
 * predicate name, that count or Infinity.
 */
function trueAtomBound(task: Task): Map<string, number> {
  const predOf = task.atoms.map((a) => a.replace(/\(.*$/, ''));
  const bound = new Map<string, number>();
  for (const p of new Set(predOf)) bound.set(p, 0);
  for (const a of task.init) bound.set(predOf[a], (bound.get(predOf[a]) ?? 0) + 1);
  for (const op of task.operators) {
    const count = new Map<string, number>();
    const pre = new Set(op.pre);
    for (const a of op.add) count.set(predOf[a], (count.get(predOf[a]) ?? 0) + 1);
    for (const d of op.del) if (pre.has(d)) count.set(predOf[d], (count.get(predOf[d]) ?? 0) - 1);
    for (const [p, c] of count) if (c > 0) bound.set(p, Infinity);
  }
  return bound;
}

/**
 * Packs a task. `budget` (a solve's) is polled once per operator: packing
 * millions of operators takes seconds.
 */
export function makeSearchSpace(task: Task, budget?: { poll(where: () => string): void }): SearchSpace {
  const n = task.atoms.length;
  const words = Math.max(1, (n + 31) >>> 5);
  const numOps = task.operators.length;

  const init = new Uint32Array(words);
  for (const a of task.init) init[word(a)] |= bit(a);
  const goalMask = new Uint32Array(words);
  for (const g of task.goal) goalMask[word(g)] |= bit(g);
  const goalWords = [...goalMask.keys()].filter((w) => goalMask[w] !== 0);
  const goalW = Int32Array.from(goalWords);
  // masks as signed ints: `s[w] & m` is a signed int32, so m must be too (bit 31!)
  const goalM = Int32Array.from(goalWords.map((w) => goalMask[w] | 0));
  const impossible = task.unsolvableReason !== undefined;

  // Preconditions and effects as (word, mask) pairs, flat.
  const preStart = new Int32Array(numOps + 1);
  const effStart = new Int32Array(numOps + 1);
  const preW: number[] = [];
  const preM: number[] = [];
  const effW: number[] = [];
  const effClear: number[] = [];
  const effSet: number[] = [];
  const costs = new Float64Array(numOps);
  let current = 0;
  const where = (): string => `building the search space (operator ${(current + 1).toLocaleString('en')} of ${numOps.toLocaleString('en')})`;
  task.operators.forEach((op, o) => {
    current = o;
    budget?.poll(where);
    preStart[o] = preW.length;
    const pm = new Map<number, number>();
    for (const a of op.pre) pm.set(word(a), (pm.get(word(a)) ?? 0) | bit(a));
    for (const [w, m] of pm) {
      preW.push(w);
      preM.push(m);
    }
    effStart[o] = effW.length;
    const clear = new Map<number, number>();
    const set = new Map<number, number>();
    for (const a of op.del) clear.set(word(a), (clear.get(word(a)) ?? 0) | bit(a));
    for (const a of op.add) set.set(word(a), (set.get(word(a)) ?? 0) | bit(a));
    for (const w of new Set([...clear.keys(), ...set.keys()])) {
      effW.push(w);
      effClear.push(clear.get(w) ?? 0);
      effSet.push(set.get(w) ?? 0);
    }
    costs[o] = op.cost;
  });
  preStart[numOps] = preW.length;
  effStart[numOps] = effW.length;
  const PW = Int32Array.from(preW);
  const PM = Int32Array.from(preM.map((m) => m | 0));
  const EW = Int32Array.from(effW);
  const EC = Uint32Array.from(effClear.map((m) => ~m >>> 0));
  const ES = Uint32Array.from(effSet);

  // Trigger index: for each operator one precondition atom.
  const predOf = task.atoms.map((a) => a.replace(/\(.*$/, ''));
  const predSize = new Map<string, number>();
  for (const p of predOf) predSize.set(p, (predSize.get(p) ?? 0) + 1);
  const trueBound = trueAtomBound(task);
  const score = (a: number): number => Math.min(trueBound.get(predOf[a]) ?? Infinity, predSize.get(predOf[a]) ?? Infinity);
  const byTrigger: number[][] = Array.from({ length: n }, () => []);
  const always: number[] = [];
  task.operators.forEach((op, o) => {
    if (op.pre.length === 0) {
      always.push(o);
      return;
    }
    let best = op.pre[0];
    for (const a of op.pre) if (score(a) < score(best) || (score(a) === score(best) && byTrigger[a].length < byTrigger[best].length)) best = a;
    byTrigger[best].push(o);
  });
  // Flatten: atoms that trigger something, grouped by word.
  const trigStart = new Int32Array(n + 1);
  const trigOps: number[] = [];
  for (let a = 0; a < n; a++) {
    trigStart[a] = trigOps.length;
    for (const o of byTrigger[a]) trigOps.push(o); // not push(...): an atom may trigger millions
  }
  trigStart[n] = trigOps.length;
  const TO = Int32Array.from(trigOps);
  const trigMask = new Uint32Array(words);
  for (let a = 0; a < n; a++) if (byTrigger[a].length > 0) trigMask[word(a)] |= bit(a);
  const trigWordList = Int32Array.from([...trigMask.keys()].filter((w) => trigMask[w] !== 0));
  const alwaysOps = Int32Array.from(always);

  const names = task.operators.map((o) => o.name);

  const atomsOf = (s: Uint32Array, off: number): number[] => {
    const out: number[] = [];
    for (let a = 0; a < n; a++) if ((s[off + word(a)] & bit(a)) !== 0) out.push(a);
    return out;
  };
  return {
    task,
    words,
    numOps,
    init,
    isGoal(s, off) {
      if (impossible) return false;
      for (let i = 0; i < goalW.length; i++) {
        const m = goalM[i];
        if ((s[off + goalW[i]] & m) !== m) return false;
      }
      return true;
    },
    applicable(s, off, out) {
      let k = 0;
      for (let i = 0; i < alwaysOps.length; i++) out[k++] = alwaysOps[i];
      for (let t = 0; t < trigWordList.length; t++) {
        const w = trigWordList[t];
        let bits = s[off + w] & trigMask[w];
        while (bits !== 0) {
          const low = bits & -bits;
          const a = (w << 5) + (31 - Math.clz32(low));
          bits ^= low;
          for (let j = trigStart[a], end = trigStart[a + 1]; j < end; j++) {
            const o = TO[j];
            let ok = true;
            for (let p = preStart[o], pe = preStart[o + 1]; p < pe; p++) {
              const m = PM[p];
              if ((s[off + PW[p]] & m) !== m) {
                ok = false;
                break;
              }
            }
            if (ok) out[k++] = o;
          }
        }
      }
      // operators in id order (the domain's clause order), by insertion sort: k is small
      for (let i = 1; i < k; i++) {
        const v = out[i];
        let j = i - 1;
        while (j >= 0 && out[j] > v) {
          out[j + 1] = out[j];
          j--;
        }
        out[j + 1] = v;
      }
      return k;
    },
    apply(o, s, off, dst, dstOff) {
      if (s !== dst || off !== dstOff) for (let i = 0; i < words; i++) dst[dstOff + i] = s[off + i];
      for (let e = effStart[o], end = effStart[o + 1]; e < end; e++) {
        const w = dstOff + EW[e];
        dst[w] = (dst[w] & EC[e]) | ES[e];
      }
    },
    cost: (o) => costs[o],
    opName: (o) => names[o],
    atomsOf,
    stateAtoms: (s, off) => atomsOf(s, off).map((a) => task.atoms[a]).sort(),
  };
}

/** Upper bound on the number of operators applicable in one state (size for `applicable`'s buffer). */
export function opBufferSize(space: SearchSpace): number {
  return Math.max(1, space.numOps);
}
