/**
 * Pattern databases (Culberson & Schaeffer; Edelkamp for planning; the
 * canonical combination of Haslum et al., 2007): admissible.
 *
 * Variables. The task's mutex groups (h^2 invariants, `mutexGroupsOf`) are
 * finite-domain variables: value i = the group's i-th atom holds, plus a
 * value "none of them" where a reachable state may have none; an atom in no
 * group is a variable of two values (it holds / it does not). In every
 * reachable state each variable has exactly one value.
 *
 * Operators on variables. An operator's precondition atom fixes its
 * variable's value; an added atom sets its variable; a deleted atom whose
 * variable gets no added atom sets the variable to "none" when the atom is
 * also a precondition, and otherwise only if the variable had that value
 * (a conditional effect, kept exact in the regression below). Operators
 * never applicable in a reachable state (two preconditions of one group,
 * two added atoms of one group, a "none" the group cannot have) are left out.
 *
 * Patterns. Every goal variable alone, then, from each goal variable not yet
 * in a grown pattern, a pattern grown along the causal graph (u → v when an
 * operator that changes v has a precondition on u or also changes u): the
 * predecessors of the pattern nearest the seed first (ties: those fewest
 * earlier patterns hold), then, when none is left, the goal variables among
 * the successors of the pattern's variables (those fewest earlier patterns
 * hold first: miconic's passengers, who share only the lift), each added
 * when the pattern's abstract state space stays at most PATTERN_LIMIT
 * states; patterns are added while all of them stay at most
 * COLLECTION_LIMIT states.
 *
 * Each pattern's database: the distances (the task's operator costs) from
 * every abstract state to the nearest abstract goal state, by a backward
 * Dijkstra over regressions, in a Float64Array indexed by the perfect hash
 * (mixed-radix rank) of the abstract state; Infinity for abstract dead ends.
 *
 * Combination: two patterns are additive when no operator changes variables
 * of both; h is the maximum, over the maximal cliques of pairwise additive
 * patterns, of the sum of their values (the canonical heuristic).
 * `evaluate` ranks the state per pattern and looks up: no allocation.
 */
import { mutexGroupsOf } from '../strips/preprocess.ts';
import type { Task } from '../strips/task.ts';
import { pollSetup } from '../util/budget.ts';
import { MinQueue } from './common.ts';
import type { Evaluator, Heuristic } from './types.ts';

/** Abstract states of one pattern at most. */
export const PATTERN_LIMIT = 100_000;
/** Abstract states of all patterns together at most. */
export const COLLECTION_LIMIT = 1_000_000;
/** Maximal cliques of additive patterns looked for at most (beyond: each pattern not in one found is a clique of its own). */
const CLIQUE_LIMIT = 1000;

/** A finite-domain variable: its atoms (value i = atoms[i] holds) and its "none" value (atoms.length, or -1 when it has none). */
interface Variable {
  atoms: number[];
  none: number;
  size: number;
}

/** An operator on variables: pre[v] / eff[v] (-1: none), `cond`: variables set to none only if they had value condVal. */
interface VarOp {
  cost: number;
  preVars: number[];
  preVals: number[];
  effVars: number[];
  effVals: number[];
  condVars: number[];
  condVals: number[];
}

/** The finite-domain view of a task. */
export interface VariableTask {
  vars: Variable[];
  /** Per atom its variable and value. */
  varOf: Int32Array;
  valOf: Int32Array;
  ops: VarOp[];
  /** Goal value per variable (-1: none); null when the goal asks two values of one variable. */
  goal: Int32Array | null;
  /** Per variable, the operators (indices of `ops`) that change it, ascending. */
  changing: number[][];
}

/** The variables and operators of a task (see the module comment). */
export function variablesOf(task: Task): VariableTask {
  const n = task.atoms.length;
  const groups = mutexGroupsOf(task, { poll: pollSetup });
  const varOf = new Int32Array(n).fill(-1);
  const valOf = new Int32Array(n);
  const vars: Variable[] = [];
  if (groups) {
    groups.groups.forEach((g, i) => {
      const v = vars.length;
      g.forEach((a, k) => ((varOf[a] = v), (valOf[a] = k)));
      const none = groups.none[i] ? g.length : -1;
      vars.push({ atoms: g.slice(), none, size: g.length + (none >= 0 ? 1 : 0) });
    });
  }
  for (let a = 0; a < n; a++) {
    if (varOf[a] >= 0) continue;
    varOf[a] = vars.length;
    valOf[a] = 0;
    vars.push({ atoms: [a], none: 1, size: 2 });
  }
  const ops: VarOp[] = [];
  const pre = new Map<number, number>();
  const eff = new Map<number, number>();
  const cond = new Map<number, number>();
  operators: for (let o = 0; o < task.operators.length; o++) {
    pollSetup(() => `setting up pdb: operator ${(o + 1).toLocaleString('en')} of ${task.operators.length.toLocaleString('en')}`);
    const op = task.operators[o];
    pre.clear();
    eff.clear();
    cond.clear();
    for (const a of op.pre) {
      const v = varOf[a];
      const old = pre.get(v);
      if (old !== undefined && old !== valOf[a]) continue operators; // two values of one variable
      pre.set(v, valOf[a]);
    }
    for (const a of op.add) {
      const v = varOf[a];
      const old = eff.get(v);
      if (old !== undefined && old !== valOf[a]) continue operators;
      eff.set(v, valOf[a]);
    }
    for (const d of op.del) {
      const v = varOf[d];
      if (eff.has(v)) continue; // an added atom of the variable replaces it
      const p = pre.get(v);
      if (p === valOf[d]) {
        if (vars[v].none < 0) continue operators; // would leave a group that always has a value without one
        eff.set(v, vars[v].none);
      } else if (p !== undefined) {
        continue; // the variable has another value: deleting d changes nothing
      } else if (vars[v].none >= 0) {
        cond.set(v, valOf[d]);
      }
      // a group without "none": d cannot hold when the operator applies (reachable states), no effect
    }
    for (const v of cond.keys()) if (eff.has(v)) cond.delete(v);
    const effVars: number[] = [];
    const effVals: number[] = [];
    for (const [v, x] of eff) {
      if (pre.get(v) === x) continue; // no change
      effVars.push(v);
      effVals.push(x);
    }
    ops.push({ cost: op.cost, preVars: [...pre.keys()], preVals: [...pre.values()], effVars, effVals, condVars: [...cond.keys()], condVals: [...cond.values()] });
  }
  let goal: Int32Array | null = new Int32Array(vars.length).fill(-1);
  for (const a of task.goal) {
    const v = varOf[a];
    if (goal[v] >= 0 && goal[v] !== valOf[a]) {
      goal = null;
      break;
    }
    goal[v] = valOf[a];
  }
  const changing: number[][] = vars.map(() => []);
  ops.forEach((op, o) => {
    for (const v of op.effVars) changing[v].push(o);
    for (const v of op.condVars) changing[v].push(o);
  });
  return { vars, varOf, valOf, ops, goal, changing };
}

/** Abstract states of a pattern (Infinity when beyond 2^31). */
function sizeOf(vt: VariableTask, pattern: readonly number[]): number {
  let s = 1;
  for (const v of pattern) s *= vt.vars[v].size;
  return s;
}

/** The pattern collection (see the module comment); variables of each pattern ascending. */
export function selectPatterns(vt: VariableTask, patternLimit = PATTERN_LIMIT, collectionLimit = COLLECTION_LIMIT): number[][] {
  const goal = vt.goal;
  if (!goal) return [];
  const V = vt.vars.length;
  // causal graph: predecessors of each variable
  const predSets: Set<number>[] = Array.from({ length: V }, () => new Set());
  for (const op of vt.ops) {
    const changed = [...op.effVars, ...op.condVars];
    for (const e of changed) {
      for (const u of op.preVars) if (u !== e) predSets[e].add(u);
      for (const u of op.condVars) if (u !== e) predSets[e].add(u);
      for (const u of changed) if (u !== e) predSets[e].add(u);
    }
  }
  const preds = predSets.map((s) => [...s].sort((a, b) => a - b));
  // goal variables among the successors of each variable (those a grown pattern takes when no predecessor fits)
  const goalSuccs: number[][] = Array.from({ length: V }, () => []);
  predSets.forEach((s, v) => {
    if (goal[v] >= 0) for (const u of s) goalSuccs[u].push(v);
  });
  const goalVars: number[] = [];
  for (let v = 0; v < V; v++) if (goal[v] >= 0) goalVars.push(v);
  const patterns: number[][] = [];
  const seen = new Set<string>();
  let total = 0;
  const add = (p: number[]): boolean => {
    const size = sizeOf(vt, p);
    if (total + size > collectionLimit) return false;
    p.sort((a, b) => a - b);
    const key = p.join(',');
    if (!seen.has(key)) {
      seen.add(key);
      patterns.push(p);
      total += size;
    }
    return true;
  };
  for (const g of goalVars) if (vt.vars[g].size <= patternLimit) add([g]);
  const used = new Int32Array(V);
  const inGrown = new Uint8Array(V);
  const dist = new Int32Array(V);
  for (const g of goalVars) {
    if (inGrown[g] || vt.vars[g].size > patternLimit) continue;
    pollSetup(() => `setting up pdb: selecting patterns (${patterns.length} so far)`);
    // breadth-first distances from the seed backwards through the causal graph
    dist.fill(-1);
    dist[g] = 0;
    const order = [g];
    for (let i = 0; i < order.length; i++) {
      for (const u of preds[order[i]]) {
        if (dist[u] < 0) {
          dist[u] = dist[order[i]] + 1;
          order.push(u);
        }
      }
    }
    const pattern = [g];
    const inP = new Uint8Array(V);
    inP[g] = 1;
    let size = vt.vars[g].size;
    const rejected = new Uint8Array(V);
    for (;;) {
      let best = -1;
      for (const p of pattern) {
        for (const u of preds[p]) {
          if (inP[u] || rejected[u]) continue;
          if (best < 0 || dist[u] < dist[best] || (dist[u] === dist[best] && (used[u] < used[best] || (used[u] === used[best] && u < best)))) best = u;
        }
      }
      if (best < 0) {
        for (const p of pattern) {
          for (const u of goalSuccs[p]) {
            if (inP[u] || rejected[u]) continue;
            if (best < 0 || used[u] < used[best] || (used[u] === used[best] && u < best)) best = u;
          }
        }
      }
      if (best < 0) break;
      if (size * vt.vars[best].size > patternLimit) {
        rejected[best] = 1;
        continue;
      }
      size *= vt.vars[best].size;
      pattern.push(best);
      inP[best] = 1;
    }
    if (pattern.length === 1) continue;
    if (!add(pattern)) break;
    for (const v of pattern) {
      used[v]++;
      if (goal[v] >= 0) inGrown[v] = 1;
    }
  }
  return patterns;
}

/** One pattern database: the pattern's variables, their rank multipliers, and the distances. */
export interface PatternDatabase {
  vars: Int32Array;
  mult: Int32Array;
  dist: Float64Array;
}

/** The pattern database of one pattern: a backward Dijkstra over regressions from the abstract goal states. */
export function buildPdb(vt: VariableTask, pattern: readonly number[]): PatternDatabase {
  const k = pattern.length;
  const posOf = new Map<number, number>();
  pattern.forEach((v, i) => posOf.set(v, i));
  const dom = Int32Array.from(pattern, (v) => vt.vars[v].size);
  const noneOf = Int32Array.from(pattern, (v) => vt.vars[v].none);
  const mult = new Int32Array(k);
  let N = 1;
  for (let i = 0; i < k; i++) {
    mult[i] = N;
    N *= dom[i];
  }
  // abstract operators, duplicates merged (cheapest kept)
  interface AbsOp {
    cost: number;
    /** Conditions on the successor: position, value. */
    checkPos: number[];
    checkVal: number[];
    /** Effect positions with a precondition: the predecessor's value there. */
    fixPos: number[];
    fixVal: number[];
    /** Effect positions without a precondition: any predecessor value. */
    anyPos: number[];
    /** Conditional "none" effects: position, the value that becomes none. */
    condPos: number[];
    condVal: number[];
  }
  const absOps = new Map<string, AbsOp>();
  // the operators that change a variable of the pattern (the others are self-loops in the abstraction), each once
  const relevant = [...new Set(pattern.flatMap((v) => vt.changing[v]))].sort((x, y) => x - y);
  let seen = 0;
  for (const o of relevant) {
    const op = vt.ops[o];
    if ((++seen & 1023) === 0) pollSetup(() => `setting up pdb: abstract operators of a pattern of ${N.toLocaleString('en')} states (operator ${seen.toLocaleString('en')} of ${relevant.length.toLocaleString('en')})`);
    const effP: number[] = [];
    const effV: number[] = [];
    op.effVars.forEach((v, i) => {
      const p = posOf.get(v);
      if (p !== undefined) effP.push(p), effV.push(op.effVals[i]);
    });
    const condP: number[] = [];
    const condV: number[] = [];
    op.condVars.forEach((v, i) => {
      const p = posOf.get(v);
      if (p !== undefined) condP.push(p), condV.push(op.condVals[i]);
    });
    if (effP.length === 0 && condP.length === 0) continue; // a self-loop in the abstraction
    const preOf = new Map<number, number>();
    op.preVars.forEach((v, i) => {
      const p = posOf.get(v);
      if (p !== undefined) preOf.set(p, op.preVals[i]);
    });
    const a: AbsOp = { cost: op.cost, checkPos: [], checkVal: [], fixPos: [], fixVal: [], anyPos: [], condPos: condP, condVal: condV };
    effP.forEach((p, i) => {
      a.checkPos.push(p);
      a.checkVal.push(effV[i]);
      const pv = preOf.get(p);
      if (pv !== undefined) a.fixPos.push(p), a.fixVal.push(pv);
      else a.anyPos.push(p);
    });
    for (const [p, pv] of preOf) {
      if (effP.includes(p)) continue;
      a.checkPos.push(p);
      a.checkVal.push(pv);
    }
    const key = JSON.stringify([a.checkPos, a.checkVal, a.fixPos, a.fixVal, a.anyPos, a.condPos, a.condVal]);
    const old = absOps.get(key);
    if (!old || old.cost > a.cost) absOps.set(key, a);
  }
  const list = [...absOps.values()];
  // operators bucketed by their first condition on the successor (position, value): a popped state scans only those it can match
  const valBase = new Int32Array(k + 1);
  for (let i = 0; i < k; i++) valBase[i + 1] = valBase[i] + dom[i];
  const buckets: AbsOp[][] = Array.from({ length: valBase[k] + 1 }, () => []);
  const always = valBase[k];
  for (const a of list) buckets[a.checkPos.length > 0 ? valBase[a.checkPos[0]] + a.checkVal[0] : always].push(a);
  const dist = new Float64Array(N).fill(Infinity);
  let integer = true;
  let maxCost = 0;
  for (const a of list) {
    if (!Number.isInteger(a.cost)) integer = false;
    maxCost = Math.max(maxCost, a.cost);
  }
  const queue = new MinQueue(integer, maxCost * N);
  const goal = vt.goal!;
  const digits = new Int32Array(k);
  for (let r = 0; r < N; r++) {
    let ok = true;
    for (let i = 0; i < k && ok; i++) {
      const gv = goal[pattern[i]];
      if (gv >= 0 && Math.floor(r / mult[i]) % dom[i] !== gv) ok = false;
    }
    if (ok) {
      dist[r] = 0;
      queue.push(0, r);
    }
  }
  // enumeration of the free positions of a regression
  const freePos = new Int32Array(k);
  const freeVals: number[][] = Array.from({ length: k }, () => []);
  const counter = new Int32Array(k);
  let work = 0;
  while (!queue.empty) {
    const t = queue.pop();
    const d = queue.lastKey;
    if (d > dist[t]) continue;
    if (++work > 1 << 16) {
      work = 0;
      pollSetup(() => `setting up pdb: pattern of ${N.toLocaleString('en')} abstract states`);
    }
    let rest = t;
    for (let i = 0; i < k; i++) {
      digits[i] = rest % dom[i];
      rest = Math.floor(rest / dom[i]);
    }
    for (let b = 0; b <= k; b++) {
      const bucket = buckets[b < k ? valBase[b] + digits[b] : always];
      work += bucket.length;
      ops: for (const a of bucket) {
        const { checkPos, checkVal } = a;
        for (let i = 0; i < checkPos.length; i++) if (digits[checkPos[i]] !== checkVal[i]) continue ops;
        let base = t;
        for (let i = 0; i < a.fixPos.length; i++) base += (a.fixVal[i] - digits[a.fixPos[i]]) * mult[a.fixPos[i]];
        let free = 0;
        for (let i = 0; i < a.anyPos.length; i++) {
          const p = a.anyPos[i];
          base -= digits[p] * mult[p];
          freePos[free] = p;
          const vals = freeVals[free];
          vals.length = 0;
          for (let x = 0; x < dom[p]; x++) vals.push(x);
          free++;
        }
        for (let i = 0; i < a.condPos.length; i++) {
          const p = a.condPos[i];
          const x = digits[p];
          if (x === a.condVal[i]) continue ops; // the value would have become none
          if (x !== noneOf[p]) continue; // unchanged
          base -= x * mult[p];
          freePos[free] = p;
          const vals = freeVals[free];
          vals.length = 0;
          vals.push(a.condVal[i], x);
          free++;
        }
        const nd = d + a.cost;
        counter.fill(0, 0, free);
        for (;;) {
          let s = base;
          for (let i = 0; i < free; i++) s += freeVals[i][counter[i]] * mult[freePos[i]];
          if (nd < dist[s]) {
            dist[s] = nd;
            queue.push(nd, s);
          }
          let i = 0;
          while (i < free && ++counter[i] === freeVals[i].length) counter[i++] = 0;
          if (i === free) break;
        }
      }
    }
  }
  return { vars: Int32Array.from(pattern), mult, dist };
}

/** Maximal cliques of the graph (Bron–Kerbosch with pivoting), at most `limit`. */
function maximalCliques(n: number, adj: readonly Uint8Array[], limit: number): number[][] {
  const out: number[][] = [];
  const expand = (r: number[], p: number[], x: number[]): void => {
    if (out.length >= limit) return;
    if (p.length === 0 && x.length === 0) {
      out.push(r);
      return;
    }
    let pivot = -1;
    let most = -1;
    for (const u of [...p, ...x]) {
      const c = p.reduce((k, v) => k + adj[u][v], 0);
      if (c > most) (most = c), (pivot = u);
    }
    for (const v of p.filter((v) => !adj[pivot][v])) {
      expand(
        [...r, v],
        p.filter((u) => adj[v][u]),
        x.filter((u) => adj[v][u]),
      );
      p = p.filter((u) => u !== v);
      x = [...x, v];
    }
  };
  expand(
    [],
    Array.from({ length: n }, (_, i) => i),
    [],
  );
  return out;
}

/** The pattern databases and their additive groups for a task. */
export function buildCollection(task: Task, patternLimit = PATTERN_LIMIT, collectionLimit = COLLECTION_LIMIT): { vt: VariableTask; pdbs: PatternDatabase[]; cliques: number[][] } {
  const vt = variablesOf(task);
  const patterns = selectPatterns(vt, patternLimit, collectionLimit);
  const pdbs = patterns.map((p) => buildPdb(vt, p));
  // additivity: no operator changes variables of both patterns
  const patOf: number[][] = Array.from({ length: vt.vars.length }, () => []);
  patterns.forEach((p, i) => p.forEach((v) => patOf[v].push(i)));
  const adj = patterns.map(() => new Uint8Array(patterns.length).fill(1));
  for (const op of vt.ops) {
    const touched = new Set<number>();
    for (const v of op.effVars) for (const i of patOf[v]) touched.add(i);
    for (const v of op.condVars) for (const i of patOf[v]) touched.add(i);
    const t = [...touched];
    for (const i of t) for (const j of t) adj[i][j] = 0;
  }
  for (let i = 0; i < patterns.length; i++) adj[i][i] = 0;
  const cliques = maximalCliques(patterns.length, adj, CLIQUE_LIMIT);
  const inOne = new Uint8Array(patterns.length);
  for (const c of cliques) for (const i of c) inOne[i] = 1;
  for (let i = 0; i < patterns.length; i++) if (!inOne[i]) cliques.push([i]);
  return { vt, pdbs, cliques };
}

export const pdb: Heuristic = {
  name: 'pdb',
  summary: 'pattern databases over finite-domain variables, max of additive sums; admissible',
  admissible: true,
  create(space) {
    return pdbEvaluator(space.task);
  },
};

/** The evaluator of the pattern databases of a task (smaller limits: weaker, for tests). */
export function pdbEvaluator(task: Task, patternLimit = PATTERN_LIMIT, collectionLimit = COLLECTION_LIMIT): Evaluator {
  if (task.unsolvableReason !== undefined) return { evaluate: () => Infinity };
  const { vt, pdbs, cliques } = buildCollection(task, patternLimit, collectionLimit);
  if (!vt.goal) return { evaluate: () => Infinity };
  // flat per-pattern ranking tables: for each variable of each pattern, its atoms and the default (none) value
  const P = pdbs.length;
  const varStart = new Int32Array(P + 1);
  const flatVars: number[] = [];
  pdbs.forEach((p, i) => {
    varStart[i] = flatVars.length;
    flatVars.push(...p.vars);
  });
  varStart[P] = flatVars.length;
  const varMult = new Int32Array(flatVars.length);
  pdbs.forEach((p, i) => varMult.set(p.mult, varStart[i]));
  const atomStart = new Int32Array(flatVars.length + 1);
  const atomList: number[] = [];
  const defaultVal = new Int32Array(flatVars.length);
  flatVars.forEach((v, j) => {
    atomStart[j] = atomList.length;
    atomList.push(...vt.vars[v].atoms);
    defaultVal[j] = Math.max(0, vt.vars[v].none);
  });
  atomStart[flatVars.length] = atomList.length;
  const atoms = Int32Array.from(atomList);
  const values = new Float64Array(P);
  const cliqueStart = new Int32Array(cliques.length + 1);
  const cliqueFlat = Int32Array.from(cliques.flat());
  let c0 = 0;
  cliques.forEach((c, i) => {
    cliqueStart[i] = c0;
    c0 += c.length;
  });
  cliqueStart[cliques.length] = c0;
  const C = cliques.length;
  return {
    evaluate(s, off) {
      for (let i = 0; i < P; i++) {
        let r = 0;
        for (let j = varStart[i], je = varStart[i + 1]; j < je; j++) {
          let val = defaultVal[j];
          for (let q = atomStart[j], qe = atomStart[j + 1]; q < qe; q++) {
            const a = atoms[q];
            if ((s[off + (a >>> 5)] & (1 << (a & 31))) !== 0) {
              val = q - atomStart[j];
              break;
            }
          }
          r += val * varMult[j];
        }
        const h = pdbs[i].dist[r];
        if (h === Infinity) return Infinity;
        values[i] = h;
      }
      let best = 0;
      for (let c = 0; c < C; c++) {
        let sum = 0;
        for (let q = cliqueStart[c], qe = cliqueStart[c + 1]; q < qe; q++) sum += values[cliqueFlat[q]];
        if (sum > best) best = sum;
      }
      return best;
    },
  };
}
