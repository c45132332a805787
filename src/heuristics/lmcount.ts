/**
 * The landmark count (the landmark heuristic of LAMA, Richter & Westphal
 * 2010), path-dependent as LAMA's.
 *
 * The landmarks are found once, in the initial state, by Zhu & Givan's
 * propagation over the relaxed task:
 *
 *   LM(p) = {p} for an atom p true initially;
 *   LM(p) = {p} ∪ ⋂ over the achievers o of p of ⋃ over q ∈ pre(o) of LM(q),
 *
 * a fixpoint over the relaxed-reachable atoms. The landmarks are LM(goal):
 * atoms every plan makes true on its way. Their orderings:
 * - natural: q before p when q ∈ LM(p) (q is true some time before p first is);
 * - greedy-necessary: q before p when q is a precondition of every first
 *   achiever of p (those the relaxed task reaches without p: q holds right
 *   before p first does); for landmarks beyond the set-up's work bound, of
 *   every achiever the relaxed task reaches.
 *
 * Along a path, a landmark is reached once it has been true in a state of
 * the path (the parent's reached set plus the atoms true now). The estimate
 * of a state is the number of landmarks not reached plus those reached but
 * needed again: false now, and a goal, or greedy-necessarily before a
 * landmark not reached yet. Not admissible (one step may reach several).
 * The search engine tells the evaluator which stored state it evaluates and
 * its parent (`Evaluator.at`); a state evaluated without a path (other
 * strategies, or a root) counts as reached the landmarks true in it and
 * their natural predecessors.
 *
 * Preferred operators: the applicable achievers of the "interesting"
 * landmarks (not reached, every natural predecessor reached); when there is
 * none, of every landmark not reached.
 *
 * Bitsets over the landmarks in typed arrays; an evaluation allocates
 * nothing (the reached sets grow with the states, by doubling).
 */
import type { RelaxedTask } from './common.ts';
import { compileRelaxed, holds } from './common.ts';
import type { Heuristic } from './types.ts';
import { grow } from '../util/grow.ts';

/** The landmarks of the relaxed task from its initial state, with their orderings. */
export interface LandmarkGraph {
  /**
   * The landmarks' atoms (task atom ids): one for a fact landmark (these
   * first, ascending), two to four for a disjunctive one (one of them is
   * true some time in every plan).
   */
  sets: number[][];
  /** Natural predecessors of each landmark (landmark indices). */
  natural: number[][];
  /** Greedy-necessary predecessors of each landmark (landmark indices). */
  greedy: number[][];
  /** Landmarks that are goal atoms (landmark indices). */
  goals: number[];
}

/** Disjunctive landmarks have at most this many atoms (as RHW's). */
export const MAX_DISJUNCTION = 4;

/**
 * Zhu & Givan's fact landmarks of the task from its initial state, and,
 * given the atoms' names, disjunctive landmarks found backwards from them
 * (null when the goal is relaxed-unreachable).
 */
export function findLandmarks(rt: RelaxedTask, init: readonly number[], names?: readonly string[]): LandmarkGraph | null {
  const { numAtoms, numOps, preStart, pre, addStart, add, initAtom, goalAtom, taskAtoms, addOfStart, addOf } = rt;
  const W = (numAtoms + 31) >>> 5;
  const lm = new Uint32Array(numAtoms * W);
  const reached = new Uint8Array(numAtoms);
  const union = new Uint32Array(W);
  const single = (p: number): void => {
    reached[p] = 1;
    lm[p * W + (p >>> 5)] = 1 << (p & 31);
  };
  for (const p of init) single(p);
  single(initAtom);
  for (let changed = true; changed; ) {
    changed = false;
    for (let o = 0; o < numOps; o++) {
      let ok = true;
      for (let i = preStart[o], end = preStart[o + 1]; i < end && ok; i++) ok = reached[pre[i]] === 1;
      if (!ok) continue;
      union.fill(0);
      for (let i = preStart[o], end = preStart[o + 1]; i < end; i++) {
        const base = pre[i] * W;
        for (let w = 0; w < W; w++) union[w] |= lm[base + w];
      }
      for (let j = addStart[o], end = addStart[o + 1]; j < end; j++) {
        const p = add[j];
        const base = p * W;
        const bit = p >>> 5;
        const mask = 1 << (p & 31);
        if (reached[p] === 0) {
          reached[p] = 1;
          lm.set(union, base);
          lm[base + bit] |= mask;
          changed = true;
          continue;
        }
        for (let w = 0; w < W; w++) {
          const cur = lm[base + w];
          const next = (cur & (w === bit ? union[w] | mask : union[w])) >>> 0;
          if (next !== cur) {
            lm[base + w] = next;
            changed = true;
          }
        }
      }
    }
  }
  if (reached[goalAtom] === 0) return null;
  const inSet = (set: number, p: number): boolean => ((lm[set * W + (p >>> 5)] >>> (p & 31)) & 1) === 1;
  const atoms: number[] = [];
  for (let p = 0; p < taskAtoms; p++) if (inSet(goalAtom, p)) atoms.push(p);
  const index = new Map(atoms.map((p, i) => [p, i]));
  const natural = atoms.map((p) => atoms.flatMap((q, j) => (q !== p && inSet(p, q) ? [j] : [])));
  // greedy-necessary: preconditions shared by every relaxed-reachable achiever
  const greedy = atoms.map((p) => {
    let common = null as Set<number> | null;
    for (let k = addOfStart[p]; k < addOfStart[p + 1]; k++) {
      const o = addOf[k];
      let ok = true;
      for (let i = preStart[o], end = preStart[o + 1]; i < end && ok; i++) ok = reached[pre[i]] === 1;
      if (!ok) continue;
      const mine = new Set<number>();
      for (let i = preStart[o], end = preStart[o + 1]; i < end; i++) if (index.has(pre[i])) mine.add(pre[i]);
      common = common === null ? mine : new Set([...common].filter((q) => mine.has(q)));
    }
    return [...(common ?? [])].filter((q) => q !== p).map((q) => index.get(q)!);
  });
  const goalSet = new Set(rt.goals);
  const goals = atoms.flatMap((p, i) => (goalSet.has(p) ? [i] : []));
  const graph = { sets: atoms.map((p) => [p]), natural, greedy, goals };
  if (names && backchain(rt, init, names, graph, index, (a, q) => inSet(a, q))) closeNatural(graph.natural);
  return graph;
}

/** Makes the natural orderings transitive (a disjunctive landmark before p is before everything after p). */
function closeNatural(natural: number[][]): void {
  const n = natural.length;
  const W = (n + 31) >>> 5;
  const bits = new Uint32Array(n * W);
  natural.forEach((ps, i) => ps.forEach((q) => (bits[i * W + (q >>> 5)] |= 1 << (q & 31))));
  for (let changed = true; changed; ) {
    changed = false;
    for (let i = 0; i < n; i++) {
      for (let q = 0; q < n; q++) {
        if (((bits[i * W + (q >>> 5)] >>> (q & 31)) & 1) === 0) continue;
        for (let w = 0; w < W; w++) {
          const next = (bits[i * W + w] | bits[q * W + w]) >>> 0;
          if (next !== bits[i * W + w]) {
            bits[i * W + w] = next;
            changed = true;
          }
        }
      }
    }
  }
  for (let i = 0; i < n; i++) {
    natural[i] = [];
    for (let q = 0; q < n; q++) if (q !== i && ((bits[i * W + (q >>> 5)] >>> (q & 31)) & 1) === 1) natural[i].push(q);
  }
}

/**
 * Backwards from the fact landmarks as in RHW (Richter, Helmert & Westphal
 * 2008): for a landmark not true initially, its first achievers are those
 * whose preconditions can be reached without it. The fact landmarks every
 * first achiever needs are its greedy-necessary predecessors (replacing
 * those of every achiever). Disjunctive landmarks: when every first achiever needs an atom of one predicate, and those
 * atoms are two to four, none true initially and none a fact landmark,
 * one of them must be true before the landmark first is (gripper: the ball
 * is carried in the left or the right gripper). Each new disjunctive
 * landmark is searched backwards in turn. Its natural predecessors are the
 * fact landmarks before every one of its atoms. Returns whether it found any.
 */
function backchain(
  rt: RelaxedTask,
  init: readonly number[],
  names: readonly string[],
  graph: LandmarkGraph,
  simple: ReadonlyMap<number, number>,
  before: (atom: number, q: number) => boolean,
): boolean {
  const found = graph.sets.length;
  const { numAtoms, numOps, preStart, pre, addStart, add, addOfStart, addOf, preOfStart, preOf, initAtom } = rt;
  const predicate = names.map((n) => {
    const i = n.indexOf('(');
    return i < 0 ? n : n.slice(0, i);
  });
  const initial = new Uint8Array(numAtoms);
  for (const p of init) initial[p] = 1;
  initial[initAtom] = 1;
  const banned = new Uint8Array(numAtoms);
  const reach = new Uint8Array(numAtoms);
  const unsat = new Int32Array(numOps);
  const stack = new Int32Array(numAtoms);
  /** Relaxed reachability from the initial state with the banned atoms never added; unsat[o] === 0 for the operators reached. */
  const explore = (): void => {
    reach.fill(0);
    unsat.set(rt.numPre);
    let top = 0;
    for (let p = 0; p < numAtoms; p++) if (initial[p] === 1 && banned[p] === 0) (reach[p] = 1), (stack[top++] = p);
    while (top > 0) {
      const a = stack[--top];
      for (let i = preOfStart[a]; i < preOfStart[a + 1]; i++) {
        const o = preOf[i];
        if (--unsat[o] !== 0) continue;
        for (let j = addStart[o]; j < addStart[o + 1]; j++) {
          const e = add[j];
          if (reach[e] === 0 && banned[e] === 0) (reach[e] = 1), (stack[top++] = e);
        }
      }
    }
  };
  const byKey = new Map<string, number>();
  const queue = graph.sets.flatMap((set, i) => (initial[set[0]] === 1 ? [] : [i]));
  // a bound on the work: each landmark searched costs one relaxed exploration
  const cap = Math.max(graph.sets.length, Math.min(4 * numAtoms, Math.floor(50_000_000 / Math.max(1, preStart[numOps]))));
  for (let qi = 0; qi < queue.length && graph.sets.length < cap; qi++) {
    const li = queue[qi];
    const set = graph.sets[li];
    for (const a of set) banned[a] = 1;
    explore();
    for (const a of set) banned[a] = 0;
    // the first achievers' preconditions of each predicate
    let common: Map<string, Set<number>> | null = null;
    const seenOp = new Set<number>();
    // the fact landmarks every first achiever needs: greedy-necessarily before this landmark
    let shared = null as Set<number> | null;
    for (const a of set) {
      for (let k = addOfStart[a]; k < addOfStart[a + 1]; k++) {
        const o = addOf[k];
        if (unsat[o] !== 0 || seenOp.has(o)) continue;
        seenOp.add(o);
        const needs = new Set<number>();
        for (let i = preStart[o]; i < preStart[o + 1]; i++) if (simple.has(pre[i]) && !set.includes(pre[i])) needs.add(pre[i]);
        shared = shared === null ? needs : new Set([...shared].filter((q) => needs.has(q)));
        const mine = new Map<string, Set<number>>();
        for (let i = preStart[o]; i < preStart[o + 1]; i++) {
          const q = pre[i];
          if (q === initAtom || set.includes(q)) continue;
          const name = predicate[q];
          if (!mine.has(name)) mine.set(name, new Set());
          mine.get(name)!.add(q);
        }
        if (common === null) common = mine;
        else {
          const next = new Map<string, Set<number>>();
          for (const [name, atoms] of common) {
            const more = mine.get(name);
            if (more) next.set(name, new Set([...atoms, ...more]));
          }
          common = next;
        }
      }
    }
    if (shared !== null) {
      const disjunctive = graph.greedy[li].filter((j) => graph.sets[j].length > 1);
      graph.greedy[li] = [...[...shared].map((q) => simple.get(q)!), ...disjunctive];
    }
    for (const atoms of common?.values() ?? []) {
      const d = [...atoms].sort((x, y) => x - y);
      if (d.length < 2 || d.length > MAX_DISJUNCTION || d.some((q) => initial[q] === 1 || simple.has(q))) continue;
      const key = d.join(',');
      let di = byKey.get(key);
      if (di === undefined) {
        di = graph.sets.length;
        byKey.set(key, di);
        graph.sets.push(d);
        // fact landmarks before every atom of the disjunction
        graph.natural.push([...simple.entries()].flatMap(([q, j]) => (d.every((a) => before(a, q)) ? [j] : [])));
        graph.greedy.push([]);
        queue.push(di);
      }
      if (!graph.greedy[li].includes(di)) graph.greedy[li].push(di);
      if (!graph.natural[li].includes(di)) graph.natural[li].push(di);
    }
  }
  return graph.sets.length > found;
}

export const lmcount: Heuristic = {
  name: 'lmcount',
  summary: "landmark count (LAMA's): Zhu & Givan landmarks with orderings, path-dependent; landmarks not reached plus those needed again, achievers of the next ones preferred; not admissible",
  admissible: false,
  preferredOperators: true,
  create(space) {
    const rt = compileRelaxed(space.task);
    const graph = rt.unsolvable ? null : findLandmarks(rt, space.task.init, space.task.atoms);
    const n = graph?.sets.length ?? 0;
    const L = Math.max(1, (n + 31) >>> 5);
    /** Landmark i's atoms: setAtoms[setStart[i] .. setStart[i + 1]). */
    const setStart = new Int32Array(n + 1);
    graph?.sets.forEach((set, i) => (setStart[i + 1] = setStart[i] + set.length));
    const setAtoms = Int32Array.from(graph?.sets.flat() ?? []);
    /** Per landmark: its greedy-necessary predecessors as a bitset (L words each), and its natural predecessors. */
    const greedyBits = new Uint32Array(n * L);
    const naturalBits = new Uint32Array(n * L);
    graph?.greedy.forEach((ps, i) => ps.forEach((q) => (greedyBits[i * L + (q >>> 5)] |= 1 << (q & 31))));
    graph?.natural.forEach((ps, i) => ps.forEach((q) => (naturalBits[i * L + (q >>> 5)] |= 1 << (q & 31))));
    const goalBits = new Uint32Array(L);
    for (const i of graph?.goals ?? []) goalBits[i >>> 5] |= 1 << (i & 31);
    const { addOfStart, addOf, preStart, pre, initAtom } = rt;

    /** The reached set of each stored state (L words per id) and whether it is known. */
    let reachedOf = new Uint32Array(1024 * L);
    let known = new Uint8Array(1024);
    let id = -1;
    let parent = -1;
    const reached = new Uint32Array(L);
    const trueNow = new Uint32Array(L);
    const needed = new Uint32Array(L);
    const pref = new Int32Array(rt.numOps);
    const seen = new Uint32Array(rt.numOps);
    let mark = 0;
    let numPref = 0;
    const bit = (set: Uint32Array, base: number, i: number): boolean => ((set[base + (i >>> 5)] >>> (i & 31)) & 1) === 1;

    const store = (at: number): void => {
      if (at >= known.length) {
        known = grow(known, at + 1);
        reachedOf = grow(reachedOf, known.length * L);
      }
      reachedOf.set(reached, at * L);
      known[at] = 1;
    };

    /** Writes the applicable achievers of landmark i to pref (each once). */
    const achievers = (s: Uint32Array, off: number, i: number): void => {
      for (let x = setStart[i]; x < setStart[i + 1]; x++) achieversOf(s, off, setAtoms[x]);
    };
    const achieversOf = (s: Uint32Array, off: number, p: number): void => {
      for (let k = addOfStart[p]; k < addOfStart[p + 1]; k++) {
        const o = addOf[k];
        if (seen[o] === mark) continue;
        seen[o] = mark;
        let ok = true;
        for (let j = preStart[o], end = preStart[o + 1]; j < end && ok; j++) ok = pre[j] === initAtom || holds(s, off, pre[j]);
        if (ok) pref[numPref++] = o;
      }
    };

    const evaluate = (s: Uint32Array, off: number): number => {
      numPref = 0;
      if (graph === null) return Infinity;
      const fromParent = id >= 0 && parent >= 0 && parent < known.length && known[parent] === 1;
      if (fromParent) reached.set(reachedOf.subarray(parent * L, parent * L + L));
      else reached.fill(0);
      trueNow.fill(0);
      for (let i = 0; i < n; i++) {
        for (let x = setStart[i]; x < setStart[i + 1]; x++) {
          if (!holds(s, off, setAtoms[x])) continue;
          trueNow[i >>> 5] |= 1 << (i & 31);
          break;
        }
      }
      for (let w = 0; w < L; w++) reached[w] |= trueNow[w];
      // without a path: a landmark true now was reached, and so were its natural predecessors
      if (!fromParent) for (let i = 0; i < n; i++) if (bit(trueNow, 0, i)) for (let w = 0; w < L; w++) reached[w] |= naturalBits[i * L + w];
      if (id >= 0) store(id);
      id = -1;
      // needed again: reached, false now, and a goal or greedy-necessarily before a landmark not reached
      needed.set(goalBits);
      let h = 0;
      for (let i = 0; i < n; i++) {
        if (bit(reached, 0, i)) continue;
        h++;
        for (let w = 0; w < L; w++) needed[w] |= greedyBits[i * L + w];
      }
      for (let w = 0; w < L; w++) {
        let x = (needed[w] & reached[w] & ~trueNow[w]) >>> 0;
        while (x !== 0) {
          x &= x - 1;
          h++;
        }
      }
      // preferred: achievers of the interesting landmarks (not reached, natural predecessors reached), else of any not reached
      if (++mark === 0xffffffff) {
        seen.fill(0);
        mark = 1;
      }
      for (let i = 0; i < n; i++) {
        if (bit(reached, 0, i)) continue;
        let ready = true;
        for (let w = 0; w < L && ready; w++) ready = (naturalBits[i * L + w] & ~reached[w]) === 0;
        if (ready) achievers(s, off, i);
      }
      if (numPref === 0) for (let i = 0; i < n; i++) if (!bit(reached, 0, i)) achievers(s, off, i);
      return h;
    };

    return {
      evaluate,
      at(state, from) {
        id = state;
        parent = from;
      },
      preferred(out) {
        out.set(pref.subarray(0, numPref));
        return numPref;
      },
    };
  },
};
