/**
 * LRTA* (learning real-time A*): an agent walks from the initial state,
 * always to a successor s' with the least step cost + h(s') (ties at
 * random, `--seed`), and learns on the way: the value of the state it
 * leaves is raised to that least sum, h(s) := max(h(s), c + h(s')), kept in
 * a table by state id. Learning fills the heuristic's local minima, so the
 * agent cannot circle forever. Step costs of 0 (e.g. moves under
 * sokoban-pushes.pl) count as 1 for learning, so plateaus still rise.
 *
 * Random back-offs: when the agent has seen no new state for a while (a
 * plateau: it circles in a region it knows, often behind a deadlock the
 * heuristic cannot see, raising the values there), it steps back a random
 * number of steps along its path; the largest back-off doubles after every
 * plateau and is reset when a new state is seen.
 *
 * A state whose successors are all dead (no successors, pruned, or
 * h = Infinity) gets the value Infinity and the agent steps back; when the
 * initial state gets it, no plan exists (a proof). The agent's path is kept
 * without loops (coming back to a state on it cuts the loop), and is the plan.
 */
import type { SearchSpace } from '../strips/space.ts';
import { StateStore } from '../strips/store.ts';
import { limitReason } from '../util/budget.ts';
import { localSetup, localStrategy, Table } from './local.ts';
import type { SearchOptions, SearchResult } from './types.ts';
import { resultBuilder } from './result.ts';

/** Steps without a newly seen state that make a plateau. */
const PLATEAU = 64;

export function lrta(space: SearchSpace, options: SearchOptions): SearchResult {
  const { budget, W, h, prune, rng, ops, child } = localSetup(space, options);
  const store = new StateStore(W);
  const learned = new Table(NaN); // NaN: not evaluated yet
  const onPath = new Table(-1); // position of a state id on the agent's path, -1 when not on it
  let expanded = 0;
  let generated = 0;
  let duplicates = 0;
  let evaluated = 0;
  const result = resultBuilder(budget, () => ({ expanded, generated, duplicates, evaluated, stored: store.size, bytesPerState: store.size ? (store.bytes + learned.bytes + onPath.bytes) / store.size : 0 }));
  const value = (id: number): number => {
    learned.ensure(id + 1);
    let v = learned.a[id];
    if (Number.isNaN(v)) {
      evaluated++;
      v = learned.a[id] = h.evaluate(store.data, id * W);
    }
    return v;
  };

  store.insert(space.init, 0, -1, -1);
  if (space.isGoal(space.init, 0)) return result('solved', []);
  let bestH = value(0);
  if (bestH === Infinity) return result('unsolvable', null, 'the heuristic proves the initial state a dead end');
  const path: number[] = [0]; // state ids the agent stands on, from the initial state (no state twice)
  const steps: number[] = []; // operators between them
  onPath.a[0] = 0;
  /** Steps back n states along the path. */
  const back = (n: number): void => {
    for (let i = 0; i < n; i++) onPath.a[path.pop()!] = -1;
    steps.length = path.length - 1;
  };
  /** Moves to a successor; coming back to a state on the path cuts the loop (the path stays short). */
  const advance = (id: number, op: number): void => {
    onPath.ensure(id + 1);
    const at = onPath.a[id];
    if (at >= 0) {
      back(path.length - 1 - at);
      return;
    }
    onPath.a[id] = path.length;
    path.push(id);
    steps.push(op);
  };
  let sinceNew = 0;
  let backoffMax = 2;
  const choiceIds: number[] = [];
  const choiceOps: number[] = [];

  for (;;) {
    const limit = budget.exceeded(expanded, () => ({ expanded, generated, f: bestH }));
    if (limit) return result('limit', null, limitReason(limit, options), limit);
    const cur = path[path.length - 1];
    expanded++;
    const k = space.applicable(store.data, cur * W, ops);
    let best = Infinity;
    choiceIds.length = 0;
    choiceOps.length = 0;
    for (let i = 0; i < k; i++) {
      const op = ops[i];
      space.apply(op, store.data, cur * W, child, 0);
      generated++;
      if (prune !== null && prune(child, 0)) continue;
      let id = store.insert(child, 0, cur, op);
      if (id < 0) {
        duplicates++;
        id = -id - 1;
      } else {
        if (space.isGoal(child, 0)) return result('solved', [...steps, op]);
        sinceNew = 0; // a state never seen: not stuck
        backoffMax = 2;
      }
      const v = Math.max(1, space.cost(op)) + value(id);
      if (v < best) {
        best = v;
        choiceIds.length = 0;
        choiceOps.length = 0;
      }
      if (v === best && v !== Infinity) {
        choiceIds.push(id);
        choiceOps.push(op);
      }
    }
    learned.ensure(cur + 1);
    if (best > learned.a[cur]) learned.a[cur] = best;
    if (best === Infinity) {
      // a dead end: step back (at the initial state: proven unsolvable)
      if (path.length === 1) return result('unsolvable', null, `every state reachable from the initial state is a dead end (${store.size} states learned)`);
      back(1);
      continue;
    }
    if (++sinceNew >= PLATEAU && path.length > 1) {
      // a plateau: the agent only circles among states it knows; a random back-off, longer each time
      back(Math.min(path.length - 1, 1 + rng.int(backoffMax)));
      backoffMax *= 2;
      sinceNew = 0;
      continue;
    }
    const c = rng.int(choiceIds.length);
    advance(choiceIds[c], choiceOps[c]);
    if (learned.a[choiceIds[c]] < bestH) bestH = learned.a[choiceIds[c]];
  }
}

export const lrtaStrategy = localStrategy('lrta', 'LRTA*: walks to the best successor, learns h per state, random back-offs after plateaus (--seed)', lrta);
