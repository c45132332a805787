/**
 * h^FF (Hoffmann & Nebel): the cost of a relaxed plan. The h^add
 * exploration picks for each atom its cheapest achiever (as Fast Downward
 * does; FF itself uses h^max layers); the plan is collected backwards from
 * the goal atoms through these achievers and their preconditions, each
 * operator counted once. Not admissible; Infinity when the goal is
 * relaxed-unreachable.
 *
 * Preferred operators ("helpful actions"): the operators of the relaxed
 * plan that are applicable in the evaluated state, in ascending id order.
 */
import { compileRelaxed, holds, RelaxedExploration } from './common.ts';
import type { Heuristic } from './types.ts';

export const hff: Heuristic = {
  name: 'hff',
  summary: 'cost of a relaxed plan from h^add achievers (h^FF), helpful actions as preferred operators; not admissible',
  admissible: false,
  preferredOperators: true,
  create(space) {
    const rt = compileRelaxed(space.task);
    const { preStart, pre, cost, goalOp, initAtom } = rt;
    const exploration = new RelaxedExploration(rt, 'add');
    const supporter = exploration.supporter;
    const opMark = new Uint32Array(rt.numOps);
    const atomMark = new Uint32Array(rt.numAtoms);
    let epoch = 0;
    const stack = new Int32Array(rt.numAtoms);
    const helpful = new Int32Array(rt.numOps);
    let numHelpful = 0;

    const evaluate = (s: Uint32Array, off: number): number => {
      numHelpful = 0;
      if (rt.unsolvable || exploration.run(s, off) === Infinity) return Infinity;
      if (++epoch === 0xffffffff) {
        opMark.fill(0);
        atomMark.fill(0);
        epoch = 1;
      }
      let h = 0;
      let top = 0;
      stack[top++] = rt.goalAtom;
      atomMark[rt.goalAtom] = epoch;
      while (top > 0) {
        const a = stack[--top];
        const o = supporter[a];
        if (o < 0 || opMark[o] === epoch) continue; // true in the state, or already in the plan
        opMark[o] = epoch;
        h += cost[o];
        let applicable = o !== goalOp;
        for (let i = preStart[o], end = preStart[o + 1]; i < end; i++) {
          const p = pre[i];
          if (p !== initAtom && !holds(s, off, p)) applicable = false;
          if (atomMark[p] !== epoch) {
            atomMark[p] = epoch;
            stack[top++] = p;
          }
        }
        if (applicable) helpful[numHelpful++] = o;
      }
      const out = helpful.subarray(0, numHelpful);
      out.sort();
      return h;
    };

    return {
      evaluate,
      preferred(out) {
        out.set(helpful.subarray(0, numHelpful));
        return numHelpful;
      },
    };
  },
};
