/**
 * Helpers shared by the local and stochastic strategies (beam, lrta, mcts,
 * ga): their registry record, the heuristic they use when none is given, a growable table of
 * values per state id, and loop removal from a plan.
 */
import { getHeuristic } from '../heuristics/index.ts';
import type { Evaluator } from '../heuristics/types.ts';
import type { SearchSpace } from '../strips/space.ts';
import { StateStore } from '../strips/store.ts';
import { Budget } from '../util/budget.ts';
import { makePrune } from './prune.ts';
import { makeRandom } from './random.ts';
import type { SearchOptions, Strategy } from './types.ts';
import { grow } from '../util/grow.ts';

/**
 * The domain-independent heuristics the local strategies accept (a domain
 * plug-in adds its own: DomainPlugin.accepts).
 */
export const LOCAL_HEURISTICS: readonly string[] = ['goalcount', 'hadd', 'hff'];

/** Their heuristic when none is given (a domain plug-in may choose another on its problems: DomainPlugin.defaultHeuristics). */
const DEFAULT_HEURISTIC = 'hff';

/** The registry record of a local strategy: stochastic, never optimal, its "no plan" a proof. */
export function localStrategy(name: string, summary: string, run: Strategy['run']): Strategy {
  return {
    name,
    summary,
    defaultHeuristic: DEFAULT_HEURISTIC,
    stochastic: true,
    kind: 'local',
    heuristics: LOCAL_HEURISTICS,
    optimal: () => false,
    complete: () => true,
    run,
  };
}

/** The evaluator of options.heuristic; without one, `hff`'s (the pipeline gives a domain plug-in's default heuristic for its problems). */
export function localEvaluator(space: SearchSpace, options: SearchOptions): Evaluator {
  const h = options.heuristic ?? getHeuristic(DEFAULT_HEURISTIC);
  if (!h) throw new Error('local search: default heuristic missing from the registry');
  return h.create(space, options.context);
}

/**
 * What every local strategy builds first: the budget, the evaluator, the
 * pruning test, the seeded random source, and buffers for applicable
 * operators and one successor state.
 */
export function localSetup(space: SearchSpace, options: SearchOptions) {
  return {
    budget: new Budget(options),
    W: space.words,
    h: localEvaluator(space, options),
    prune: makePrune(space, options),
    rng: makeRandom(options.seed),
    ops: new Int32Array(Math.max(1, space.numOps)),
    child: new Uint32Array(space.words),
  };
}

/** A Float64Array that grows (doubling) to hold index n, new entries set to `fill`. */
export class Table {
  a: Float64Array;
  constructor(
    private readonly fill: number,
    n = 1024,
  ) {
    this.a = new Float64Array(n).fill(fill);
  }
  ensure(n: number): void {
    this.a = grow(this.a, n, this.fill);
  }
  get bytes(): number {
    return this.a.byteLength;
  }
}

/**
 * The plan without loops: whenever a state is visited twice, the steps
 * between the two visits are cut. The result reaches the same final state
 * and visits no state twice. Returns a new array.
 */
export function removeLoops(space: SearchSpace, plan: readonly number[]): number[] {
  const W = space.words;
  const store = new StateStore(W, plan.length + 1);
  const at: number[] = []; // position of each stored state on the current path, -1 when cut away
  const path: number[] = []; // state id at each position
  const ops: number[] = [];
  const cur = new Uint32Array(W);
  cur.set(space.init.subarray(0, W));
  const next = new Uint32Array(W);
  const visit = (): void => {
    let id = store.insert(cur, 0, -1, -1);
    if (id < 0) {
      id = -id - 1;
      if (at[id] >= 0) {
        // back at a state on the path: cut the loop
        for (let p = at[id] + 1; p < path.length; p++) at[path[p]] = -1;
        path.length = at[id] + 1;
        ops.length = at[id];
        return;
      }
    }
    at[id] = path.length;
    path.push(id);
  };
  visit();
  for (const op of plan) {
    space.apply(op, cur, 0, next, 0);
    cur.set(next);
    ops.push(op);
    visit();
  }
  return ops;
}
