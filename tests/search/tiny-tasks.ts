/** Tiny hand-built tasks whose answers are known by construction. */
import type { BestFirstSpace } from '../../src/search/engine.ts';
import { makeTask, type Task } from '../../src/strips/task.ts';

/**
 * A binary tree of states for the search engine: state n has the children
 * 2n + 1 (operator 0) and 2n + 2 (operator 1), those below `size` (endless
 * by default); the goal is the state `goal`.
 */
export function binaryTree(goal: number, size = Infinity): BestFirstSpace {
  return {
    words: 1,
    numOps: 2,
    init: Uint32Array.of(0),
    isGoal: (s, off) => s[off] === goal,
    applicable: (s, off, out) => {
      let k = 0;
      for (let op = 0; op < 2; op++) if (2 * s[off] + 1 + op < size) out[k++] = op;
      return k;
    },
    apply: (op, s, off, dst, dstOff) => {
      dst[dstOff] = 2 * s[off] + 1 + op;
    },
    cost: () => 1,
    opName: (op) => `child ${op + 1}`,
  };
}

/** A corridor a-b-c-d-e; the robot walks both ways; goal: at(e). Shortest plan: 4. */
export function corridor(): Task {
  const cells = ['a', 'b', 'c', 'd', 'e'];
  const operators = [];
  for (let i = 0; i + 1 < cells.length; i++) {
    const [x, y] = [cells[i], cells[i + 1]];
    operators.push({ name: `go(${x},${y})`, pre: [`at(${x})`], add: [`at(${y})`], del: [`at(${x})`] });
    operators.push({ name: `go(${y},${x})`, pre: [`at(${y})`], add: [`at(${x})`], del: [`at(${y})`] });
  }
  return makeTask({ atoms: cells.map((c) => `at(${c})`), init: ['at(a)'], goal: ['at(e)'], operators });
}

/** q and p are never true together, but g needs both: relaxed-reachable, yet unsolvable. */
export function exclusive(): Task {
  return makeTask({
    atoms: ['p', 'q', 'g'],
    init: ['p'],
    goal: ['g'],
    operators: [
      { name: 'swap', pre: ['p'], add: ['q'], del: ['p'] },
      { name: 'finish', pre: ['p', 'q'], add: ['g'], del: [] },
    ],
  });
}

/**
 * The light must be switched on twice: on, useA, on, useB (4 steps).
 * Under the original's rule (no ground operator twice) there is no plan.
 */
export function switchTwice(): Task {
  return makeTask({
    atoms: ['off', 'on', 'a', 'b'],
    init: ['off'],
    goal: ['a', 'b'],
    operators: [
      { name: 'switchOn', pre: ['off'], add: ['on'], del: ['off'] },
      { name: 'useA', pre: ['on'], add: ['a', 'off'], del: ['on'] },
      { name: 'useB', pre: ['on', 'a'], add: ['b', 'off'], del: ['on'] },
    ],
  });
}

/** The goal holds initially: the empty plan. */
export function alreadyDone(): Task {
  return makeTask({ atoms: ['g'], init: ['g'], goal: ['g'], operators: [{ name: 'noop', pre: ['g'], add: ['g'], del: [] }] });
}

/** Costs differ: the direct route costs 10, the detour 3 × 1. */
export function costly(): Task {
  return makeTask({
    atoms: ['s', 'm1', 'm2', 't'],
    init: ['s'],
    goal: ['t'],
    operators: [
      { name: 'direct', pre: ['s'], add: ['t'], del: ['s'], cost: 10 },
      { name: 'step1', pre: ['s'], add: ['m1'], del: ['s'] },
      { name: 'step2', pre: ['m1'], add: ['m2'], del: ['m1'] },
      { name: 'step3', pre: ['m2'], add: ['t'], del: ['m2'] },
    ],
  });
}
