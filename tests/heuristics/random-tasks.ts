/**
 * For the heuristics' property tests: small random tasks from a seeded
 * generator, and every reachable state's exact goal distance by brute force.
 */
import { MinQueue } from '../../src/heuristics/common.ts';
import { makeRandom } from '../../src/search/random.ts';
import type { SearchSpace } from '../../src/strips/space.ts';
import { StateStore } from '../../src/strips/store.ts';
import { makeTask, type Task } from '../../src/strips/task.ts';

/** The strategies' seeded generator (src/search/random.ts), started where `seed` itself is its state. */
export const rng = (seed: number): (() => number) => makeRandom(seed ^ 0x6d2b79f5).next;

/** How large a random task may be: atoms 3 + [0, atoms), operators 2 + [0, operators), deletes [0, deletes), initial atoms 1 + [0, init). */
export interface TaskShape {
  atoms: number;
  operators: number;
  deletes: number;
  init: number;
}

/** A random task: atoms a0…, operators o0… with 0–2 preconditions, 1–2 adds, some deletes, costs 0–3; 1–3 goal atoms. */
export function randomTask(rand: () => number, shape: TaskShape): Task {
  const pick = (n: number, k: number): number[] => [...new Set(Array.from({ length: k }, () => Math.floor(rand() * n)))];
  const n = 3 + Math.floor(rand() * shape.atoms);
  const atoms = Array.from({ length: n }, (_, i) => `a${i}`);
  const operators = Array.from({ length: 2 + Math.floor(rand() * shape.operators) }, (_, i) => ({
    name: `o${i}`,
    pre: pick(n, Math.floor(rand() * 3)).map((a) => atoms[a]),
    add: pick(n, 1 + Math.floor(rand() * 2)).map((a) => atoms[a]),
    del: pick(n, Math.floor(rand() * shape.deletes)).map((a) => atoms[a]),
    cost: Math.floor(rand() * 4),
  }));
  return makeTask({ atoms, init: pick(n, 1 + Math.floor(rand() * shape.init)).map((a) => atoms[a]), goal: pick(n, 1 + Math.floor(rand() * 3)).map((a) => atoms[a]), operators });
}

/** All reachable states with their exact goal distances (Infinity: dead end), by forward BFS and backward Dijkstra. */
export function exactDistances(space: SearchSpace): { store: StateStore; dist: Float64Array } {
  const W = space.words;
  const store = new StateStore(W);
  const ops = new Int32Array(Math.max(1, space.numOps));
  const child = new Uint32Array(W);
  const edges: [number, number, number][] = []; // from, to, cost
  store.insert(space.init, 0, -1, -1);
  for (let id = 0; id < store.size; id++) {
    const k = space.applicable(store.data, id * W, ops);
    for (let i = 0; i < k; i++) {
      space.apply(ops[i], store.data, id * W, child, 0);
      const r = store.insert(child, 0, id, ops[i]);
      edges.push([id, r < 0 ? -r - 1 : r, space.cost(ops[i])]);
    }
  }
  const into: [number, number][][] = Array.from({ length: store.size }, () => []);
  for (const [from, to, c] of edges) into[to].push([from, c]);
  const dist = new Float64Array(store.size).fill(Infinity);
  const queue = new MinQueue(false);
  for (let id = 0; id < store.size; id++) {
    if (space.isGoal(store.data, id * W)) {
      dist[id] = 0;
      queue.push(0, id);
    }
  }
  while (!queue.empty) {
    const id = queue.pop();
    const d = queue.lastKey;
    if (d > dist[id]) continue;
    for (const [from, c] of into[id]) {
      if (d + c < dist[from]) {
        dist[from] = d + c;
        queue.push(d + c, from);
      }
    }
  }
  return { store, dist };
}
