/**
 * A genetic algorithm over operator sequences (for Sokoban: LURD strings).
 * A chromosome is a sequence of operators from the initial state together
 * with the states it passes (ids in a state store, so two chromosomes that
 * meet in the same state are recognised).
 *
 * - Generation: an agent extends a sequence step by step, never taking an
 *   immediate back-step (an operator that returns to the state before the
 *   last one) unless nothing else is left, and never entering a state known
 *   to be dead (pruned, h = Infinity, or all of whose successors are dead),
 *   and preferring states the sequence has not passed yet;
 *   half of the steps go to the successor with the smallest h, the others
 *   to a random one.
 * - Fitness: the best point along the sequence, by goal atoms reached
 *   (fraction of the goal) plus heuristic progress (h(init) − h) / (h(init) + 1),
 *   less a little per step to get there.
 * - Selection by tournaments of three, two elites kept; crossover at a
 *   point where both parents are in the same state; mutation cuts a
 *   sequence at a random point and lets the agent regrow it.
 * - Stagnation: when the best fitness has not improved for a while, the
 *   sequences grow longer and the worse half of the population is replaced
 *   by fresh ones.
 *
 * The first sequence that reaches a goal ends the search; its loops are
 * removed. When the initial state becomes known dead, no plan exists.
 * Random choices follow `--seed`.
 */
import type { SearchSpace } from '../strips/space.ts';
import { StateStore } from '../strips/store.ts';
import { limitReason } from '../util/budget.ts';
import { localSetup, localStrategy, removeLoops, Table } from './local.ts';
import type { LimitKind, SearchOptions, SearchResult } from './types.ts';
import { resultBuilder } from './result.ts';

export const POPULATION = 24;
const ELITES = 2;
const CROSSOVER = 0.8;
const MUTATION = 0.4;
const GREEDY = 0.5;
/** Longest sequence the agent grows (memory stays bounded). */
const MAX_LENGTH = 20_000;
/** Generations without a better best fitness that count as stagnation. */
const STAGNATION = 15;

interface Chromosome {
  ops: number[];
  /** State ids along the sequence: states[0] is the initial state, states[i + 1] follows ops[i]. */
  states: number[];
  fitness: number;
}

/** Thrown out of the agent's walk when a limit ends the search. */
class Stop {
  constructor(
    readonly limit: LimitKind | null,
    readonly plan: number[] | null,
  ) {}
}

export function ga(space: SearchSpace, options: SearchOptions): SearchResult {
  const { budget, W, h, prune, rng, ops, child } = localSetup(space, options);
  const store = new StateStore(W);
  const hv = new Table(NaN); // h per state id; Infinity also for states found dead
  const goal = [...new Set(space.task.goal)];
  let expanded = 0;
  let generated = 0;
  let duplicates = 0;
  let evaluated = 0;
  let generations = 0;
  const result = resultBuilder(budget, () => ({ expanded, generated, duplicates, evaluated, stored: store.size, bytesPerState: store.size ? (store.bytes + hv.bytes) / store.size : 0 }));
  const value = (id: number): number => {
    hv.ensure(id + 1);
    let v = hv.a[id];
    if (Number.isNaN(v)) {
      evaluated++;
      v = hv.a[id] = h.evaluate(store.data, id * W);
    }
    return v;
  };
  const goalsTrue = (id: number): number => {
    let n = 0;
    for (const g of goal) if ((store.data[id * W + (g >>> 5)] & (1 << (g & 31))) !== 0) n++;
    return n;
  };

  store.insert(space.init, 0, -1, -1);
  if (space.isGoal(space.init, 0)) return result('solved', []);
  const h0 = value(0);
  if (h0 === Infinity) return result('unsolvable', null, 'the heuristic proves the initial state a dead end');
  const fitnessOf = (c: Chromosome): number => {
    let best = -Infinity;
    for (let i = 0; i < c.states.length; i++) {
      const v = value(c.states[i]);
      if (v === Infinity) continue;
      const f = (goal.length ? goalsTrue(c.states[i]) / goal.length : 0) + (h0 - v) / (h0 + 1) - i * 1e-4;
      if (f > best) best = f;
    }
    return best;
  };

  const candIds: number[] = [];
  const candOps: number[] = [];
  const seenIds: number[] = [];
  const seenOps: number[] = [];
  /** Extends the chromosome by up to n agent steps. Throws Stop on a limit, on a goal and when the initial state is found dead. */
  const grow = (c: Chromosome, n: number): void => {
    const onPath = new Set(c.states);
    for (let step = 0; step < n; step++) {
      const limit = budget.exceeded(expanded, () => ({ expanded, generated, bound: generations }));
      if (limit) throw new Stop(limit, null);
      const cur = c.states[c.states.length - 1];
      const before = c.states.length >= 2 ? c.states[c.states.length - 2] : -1;
      expanded++;
      const k = space.applicable(store.data, cur * W, ops);
      candIds.length = 0;
      candOps.length = 0;
      seenIds.length = 0;
      seenOps.length = 0;
      let backId = -1;
      let backOp = -1;
      for (let i = 0; i < k; i++) {
        space.apply(ops[i], store.data, cur * W, child, 0);
        generated++;
        if (prune !== null && prune(child, 0)) continue;
        let id = store.insert(child, 0, cur, ops[i]);
        if (id < 0) {
          duplicates++;
          id = -id - 1;
        } else if (space.isGoal(child, 0)) {
          throw new Stop(null, [...c.ops, ops[i]]);
        }
        if (value(id) === Infinity) continue;
        if (id === before) {
          backId = id;
          backOp = ops[i];
          continue;
        }
        if (onPath.has(id)) {
          seenIds.push(id);
          seenOps.push(ops[i]);
          continue;
        }
        candIds.push(id);
        candOps.push(ops[i]);
      }
      if (candIds.length === 0) {
        // only states the sequence has passed: go back to one of them rather than stop
        for (const id of seenIds) candIds.push(id);
        for (const o of seenOps) candOps.push(o);
      }
      if (candIds.length === 0 && backId >= 0) {
        candIds.push(backId);
        candOps.push(backOp);
      }
      if (candIds.length === 0) {
        // every successor is dead: so is this state; drop it from the sequence
        hv.a[cur] = Infinity;
        if (cur === 0) throw new Stop(null, null);
        c.states.pop();
        c.ops.pop();
        continue;
      }
      let pick = 0;
      if (rng.next() < GREEDY) {
        let ties = 0;
        for (let i = 0; i < candIds.length; i++) {
          const d = value(candIds[i]) - value(candIds[pick]);
          if (i === 0 || d < 0) {
            pick = i;
            ties = 1;
          } else if (d === 0 && rng.int(++ties) === 0) pick = i;
        }
      } else pick = rng.int(candIds.length);
      c.states.push(candIds[pick]);
      c.ops.push(candOps[pick]);
      onPath.add(candIds[pick]);
    }
  };
  /** The chromosome cut after its first i steps, skipping states found dead since. */
  const prefix = (c: Chromosome, i: number): Chromosome => {
    let n = Math.min(i, c.ops.length);
    for (let j = 1; j <= n; j++) {
      if (value(c.states[j]) === Infinity) {
        n = j - 1;
        break;
      }
    }
    return { ops: c.ops.slice(0, n), states: c.states.slice(0, n + 1), fitness: 0 };
  };
  const tournament = (pop: Chromosome[]): Chromosome => {
    let best = pop[rng.int(pop.length)];
    for (let t = 1; t < 3; t++) {
      const o = pop[rng.int(pop.length)];
      if (o.fitness > best.fitness) best = o;
    }
    return best;
  };
  const crossover = (a: Chromosome, b: Chromosome): Chromosome => {
    const where = new Map<number, number>();
    for (let j = 1; j < b.states.length; j++) if (!where.has(b.states[j])) where.set(b.states[j], j);
    const start = 1 + rng.int(Math.max(1, a.states.length - 1));
    for (let t = 0; t < a.states.length - 1; t++) {
      const i = 1 + ((start - 1 + t) % (a.states.length - 1));
      const j = where.get(a.states[i]);
      if (j !== undefined && (i !== j || a !== b)) {
        const c = { ops: [...a.ops.slice(0, i), ...b.ops.slice(j)], states: [...a.states.slice(0, i), ...b.states.slice(j)], fitness: 0 };
        return prefix(c, c.ops.length);
      }
    }
    return prefix(a, a.ops.length);
  };

  let length = Math.max(20, 4 * Math.min(h0, 50));
  let best = -Infinity;
  let stale = 0;
  try {
    let pop: Chromosome[] = [];
    const fresh = (): Chromosome => {
      const c: Chromosome = { ops: [], states: [0], fitness: 0 };
      grow(c, length);
      c.fitness = fitnessOf(c);
      return c;
    };
    for (let i = 0; i < POPULATION; i++) pop.push(fresh());
    for (;;) {
      generations++;
      pop.sort((x, y) => y.fitness - x.fitness);
      if (pop[0].fitness > best + 1e-9) {
        best = pop[0].fitness;
        stale = 0;
      } else if (++stale >= STAGNATION) {
        // stagnation: longer sequences, fresh blood for the worse half
        stale = 0;
        length = Math.min(MAX_LENGTH, Math.ceil(length * 1.5));
        for (let i = POPULATION >> 1; i < POPULATION; i++) pop[i] = fresh();
        pop.sort((x, y) => y.fitness - x.fitness);
      }
      const next: Chromosome[] = pop.slice(0, ELITES).map((c) => prefix(c, c.ops.length));
      for (const c of next) c.fitness = fitnessOf(c);
      while (next.length < POPULATION) {
        const a = tournament(pop);
        let c = rng.next() < CROSSOVER ? crossover(a, tournament(pop)) : prefix(a, a.ops.length);
        if (rng.next() < MUTATION) c = prefix(c, rng.int(c.ops.length + 1));
        if (c.ops.length < length) grow(c, length - c.ops.length);
        c.fitness = fitnessOf(c);
        next.push(c);
      }
      pop = next;
    }
  } catch (e) {
    if (!(e instanceof Stop)) throw e;
    if (e.limit) return result('limit', null, limitReason(e.limit, options), e.limit);
    if (e.plan) return result('solved', removeLoops(space, e.plan));
    return result('unsolvable', null, `every state reachable from the initial state is a dead end (${store.size} states seen)`);
  }
}

export const gaStrategy = localStrategy('ga', 'genetic algorithm over operator sequences: agent-generated, crossover at shared states, mutation, loop removal (--seed)', ga);
