/**
 * LM-cut (Helmert & Domshlak, 2009): a sum of costs of disjunctive action
 * landmarks, each found as a cut in the justification graph of h^max.
 * Admissible, and usually the strongest of the delete-relaxation bounds.
 *
 * One round:
 * 1. h^max of every atom from the state (artificial `init` atom true, an
 *    artificial goal operator of cost 0 adds the artificial `goal` atom);
 *    each reached operator's precondition choice is its precondition with
 *    the highest h^max (the last one settled).
 * 2. The goal zone: atoms from which `goal` is reached in the justification
 *    graph through operators of cost 0 (backwards from `goal`: for each
 *    zero-cost achiever of a zone atom, its chosen precondition).
 * 3. The cut: the operators that add a goal-zone atom and whose chosen
 *    precondition can be reached from the state's atoms through chosen
 *    preconditions without entering the goal zone or passing another such
 *    operator. The textbook finds them by walking forwards from the state
 *    over that whole part of the graph, every round; here each candidate
 *    (a reached operator of positive cost into the zone) is decided
 *    backwards from its chosen precondition: first along the h^max
 *    supporters (the achiever that set each atom's h^max: usually a path
 *    straight to the state), else by a search over every achiever. Atoms
 *    proved reachable or unreachable are remembered for the round, so a
 *    round looks at each atom at most once for "unreachable" and a short
 *    path for "reachable" (blocks 9-0: about 35 atoms looked at per round,
 *    where the walk pushed 82 of the 111). The cut is in the order of the candidates (the order in
 *    which the goal zone met them); its cheapest operator's cost is added
 *    to h and subtracted from every operator of the cut.
 * 4. h^max is repaired incrementally: costs only fell, so only the effects
 *    of the cut's operators, and from them only operators whose chosen
 *    precondition got cheaper, are re-propagated.
 * Rounds repeat until the goal's h^max is 0. Infinity when the goal is
 * relaxed-unreachable.
 *
 * All arrays are typed and allocated once per task (operator → preconditions
 * and effects, atom → operators as flat Int32Arrays); an evaluation only
 * reuses them (the bucket queue's pool grows to its peak once), resets the
 * per-atom arrays and the precondition counters, restores the costs of the
 * last evaluation's cut operators only, and marks by round stamps.
 * bench/lmcut.ts measures it (README, "Heuristics").
 */
import { compileRelaxed, MinQueue } from './common.ts';
import type { Heuristic } from './types.ts';

export const lmcut: Heuristic = {
  name: 'lmcut',
  summary: 'landmark-cut (LM-cut), sum of costs of delete-relaxation landmarks; admissible',
  admissible: true,
  create(space) {
    const rt = compileRelaxed(space.task);
    const { numAtoms, numOps, preStart, pre, addStart, add, preOfStart, preOf, addOfStart, addOf, numPre, initAtom, goalAtom, words } = rt;

    const cost = rt.cost;
    const hmax = new Float64Array(numAtoms);
    /** The operator that set each atom's h^max (its chosen precondition's h^max + its cost is the atom's); -1 for the state's atoms. */
    const supporter = new Int32Array(numAtoms);
    /** Operator costs in this evaluation; the cut operators of the last one (`dirty`) still have reduced costs. */
    const opCost = Float64Array.from(cost);
    const dirty = new Int32Array(numOps);
    let numDirty = 0;
    const unsat = new Int32Array(numOps);
    /** Chosen precondition of each reached operator (unsat 0) and its h^max when chosen. */
    const choice = new Int32Array(numOps);
    const choiceCost = new Float64Array(numOps);
    /**
     * The operators that chose atom a, as a doubly linked list (head per
     * atom, next/prev per operator), so that the incremental h^max never
     * looks at operators that chose another precondition.
     */
    const chosenBy = new Int32Array(numAtoms);
    const nextChosen = new Int32Array(numOps);
    const prevChosen = new Int32Array(numOps);
    const queue = new MinQueue(rt.integerCosts, rt.costSum);
    /**
     * Round marks. zone[a]: a is in the goal zone. into[o]: o adds a zone
     * atom. candidate[o]: o is already a candidate of the cut. reached[a]
     * / unreached[a]: a is proved reachable / unreachable from the state
     * without entering the zone or passing an operator into it.
     */
    const zone = new Int32Array(numAtoms);
    const into = new Int32Array(numOps);
    const candidate = new Int32Array(numOps);
    const reached = new Int32Array(numAtoms);
    const unreached = new Int32Array(numAtoms);
    let round = 0;
    /** Search marks (one stamp per backward search) and the searched atoms. */
    const visit = new Int32Array(numAtoms);
    let stamp = 0;
    const visited = new Int32Array(numAtoms);
    /** The atom a backward search came from to each atom it pushed. */
    const from = new Int32Array(numAtoms);
    const stack = new Int32Array(numAtoms + 1);
    const candidates = new Int32Array(numOps);
    const cut = new Int32Array(numOps);

    /** Makes a (costing c) the chosen precondition of o. */
    const choose = (o: number, a: number, c: number): void => {
      const old = choice[o];
      if (old !== a) {
        if (old >= 0) {
          const next = nextChosen[o];
          const prev = prevChosen[o];
          if (prev >= 0) nextChosen[prev] = next;
          else chosenBy[old] = next;
          if (next >= 0) prevChosen[next] = prev;
        }
        const head = chosenBy[a];
        nextChosen[o] = head;
        prevChosen[o] = -1;
        if (head >= 0) prevChosen[head] = o;
        chosenBy[a] = o;
        choice[o] = a;
      }
      choiceCost[o] = c;
    };

    /** Lowers the h^max of o's effects to `v` where that is cheaper. */
    const relaxEffects = (o: number, v: number): void => {
      for (let j = addStart[o], je = addStart[o + 1]; j < je; j++) {
        const e = add[j];
        if (v < hmax[e]) {
          hmax[e] = v;
          supporter[e] = o;
          queue.push(v, e);
        }
      }
    };

    /** Full h^max from the queued state atoms; sets each reached operator's precondition choice. */
    const exploreFull = (): void => {
      while (!queue.empty) {
        const a = queue.pop();
        const c = queue.lastKey;
        if (c > hmax[a]) continue;
        for (let i = preOfStart[a], end = preOfStart[a + 1]; i < end; i++) {
          const o = preOf[i];
          if (--unsat[o] === 0) {
            // o's first choice (its choice is stale from an earlier evaluation): at the head of a's list
            const head = chosenBy[a];
            nextChosen[o] = head;
            prevChosen[o] = -1;
            if (head >= 0) prevChosen[head] = o;
            chosenBy[a] = o;
            choice[o] = a;
            choiceCost[o] = c;
            relaxEffects(o, c + opCost[o]);
          }
        }
      }
    };

    /** Repairs h^max after the costs of the queued atoms fell. */
    const exploreIncremental = (): void => {
      while (!queue.empty) {
        const a = queue.pop();
        const c = queue.lastKey;
        if (c > hmax[a]) continue;
        for (let o = chosenBy[a], next = 0; o >= 0; o = next) {
          next = nextChosen[o]; // read first: choosing again may unlink o
          if (choiceCost[o] <= c) continue;
          // o's chosen precondition got cheaper: choose again (the costliest precondition)
          let best = a;
          let bestCost = c;
          for (let j = preStart[o], je = preStart[o + 1]; j < je; j++) {
            const p = pre[j];
            if (hmax[p] > bestCost) {
              bestCost = hmax[p];
              best = p;
            }
          }
          const old = choiceCost[o];
          choose(o, best, bestCost);
          if (bestCost < old) relaxEffects(o, bestCost + opCost[o]);
        }
      }
    };

    /** Whether the achiever o of a non-zone atom is an edge of the region before the zone (reached, adds no zone atom, its choice outside the zone). */
    const passable = (o: number): boolean => unsat[o] === 0 && into[o] !== round && zone[choice[o]] !== round;

    /**
     * Whether atom q (reached, not in the zone) can be reached from the
     * state without entering the goal zone or passing an operator into it.
     * Follows the h^max supporters first; when they lead into the zone,
     * searches backwards over every achiever. Remembers the answer for the
     * round: the atoms of the path found are reachable; when none is found,
     * every atom searched is unreachable (all of its achievers were searched).
     */
    const reachable = (q: number): boolean => {
      let len = 0;
      for (let x = q; ; ) {
        if (reached[x] === round) break;
        if (unreached[x] === round || len === numAtoms) {
          len = -1;
          break;
        }
        stack[len++] = x;
        const o = supporter[x];
        if (o < 0) break; // a state atom
        if (!passable(o)) {
          len = -1;
          break;
        }
        x = choice[o];
      }
      if (len >= 0) {
        for (let k = 0; k < len; k++) reached[stack[k]] = round;
        return true;
      }
      if (++stamp === 0x7fffffff) {
        visit.fill(0);
        stamp = 1;
      }
      let numVisited = 0;
      let top = 0;
      visit[q] = stamp;
      visited[numVisited++] = q;
      stack[top++] = q;
      while (top > 0) {
        const x = stack[--top];
        for (let i = addOfStart[x], end = addOfStart[x + 1]; i < end; i++) {
          const o = addOf[i];
          if (!passable(o)) continue;
          const y = choice[o];
          if (visit[y] === stamp || unreached[y] === round) continue;
          from[y] = x;
          if (reached[y] === round || supporter[y] < 0) {
            for (let z = y; ; z = from[z]) {
              reached[z] = round;
              if (z === q) break;
            }
            return true;
          }
          visit[y] = stamp;
          visited[numVisited++] = y;
          stack[top++] = y;
        }
      }
      for (let k = 0; k < numVisited; k++) unreached[visited[k]] = round;
      return false;
    };

    const evaluate = (s: Uint32Array, off: number): number => {
      if (rt.unsolvable) return Infinity;
      hmax.fill(Infinity);
      // only the cut operators' costs changed in the last evaluation
      for (let i = 0; i < numDirty; i++) opCost[dirty[i]] = cost[dirty[i]];
      numDirty = 0;
      unsat.set(numPre);
      chosenBy.fill(-1);
      queue.clear();
      for (let w = 0; w < words; w++) {
        let bits = s[off + w];
        while (bits !== 0) {
          const low = bits & -bits;
          const a = (w << 5) + (31 - Math.clz32(low));
          bits ^= low;
          hmax[a] = 0;
          supporter[a] = -1;
          queue.push(0, a);
        }
      }
      hmax[initAtom] = 0;
      supporter[initAtom] = -1;
      queue.push(0, initAtom);
      exploreFull();
      if (hmax[goalAtom] === Infinity) return Infinity;

      let h = 0;
      while (hmax[goalAtom] > 0) {
        if (++round === 0x7fffffff) {
          for (const marks of [zone, into, candidate, reached, unreached]) marks.fill(0);
          round = 1;
        }
        // 2. goal zone, backwards through zero-cost operators; the other
        // reached achievers of zone atoms are the candidates of the cut
        let top = 0;
        let numCandidates = 0;
        zone[goalAtom] = round;
        stack[top++] = goalAtom;
        while (top > 0) {
          const a = stack[--top];
          for (let i = addOfStart[a], end = addOfStart[a + 1]; i < end; i++) {
            const o = addOf[i];
            into[o] = round;
            if (unsat[o] !== 0) continue; // not reached: no choice
            if (opCost[o] === 0) {
              const p = choice[o];
              if (zone[p] !== round) {
                zone[p] = round;
                stack[top++] = p;
              }
            } else if (candidate[o] !== round) {
              candidate[o] = round;
              candidates[numCandidates++] = o;
            }
          }
        }
        // 3. the cut: the candidates whose choice is reached before the zone
        // (a choice in the zone, put there after the candidate was met, is not)
        let numCut = 0;
        for (let i = 0; i < numCandidates; i++) {
          const o = candidates[i];
          const p = choice[o];
          if (zone[p] !== round && reachable(p)) cut[numCut++] = o;
        }
        // the cut's cheapest operator (its cost is positive: a zero-cost operator into the zone has its choice in the zone)
        let landmarkCost = Infinity;
        for (let i = 0; i < numCut; i++) if (opCost[cut[i]] < landmarkCost) landmarkCost = opCost[cut[i]];
        if (numCut === 0 || !(landmarkCost > 0)) throw new Error('lmcut: empty cut or zero-cost cut (internal error)');
        h += landmarkCost;
        // 4. cheaper operators, incremental h^max
        for (let i = 0; i < numCut; i++) {
          const o = cut[i];
          if (opCost[o] === cost[o]) dirty[numDirty++] = o;
          opCost[o] -= landmarkCost;
          relaxEffects(o, choiceCost[o] + opCost[o]);
        }
        exploreIncremental();
      }
      return h;
    };

    return { evaluate };
  },
};
