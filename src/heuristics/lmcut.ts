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
 * 3. Forwards from the state's atoms through chosen preconditions, never
 *    entering the goal zone: the operators whose chosen precondition is
 *    reached this way and that add a goal-zone atom form the cut, a
 *    landmark. Its cheapest operator's cost is added to h and subtracted
 *    from every operator of the cut.
 *    This walk is most of the time, every round over most of the graph, so
 *    it does less while finding the same cut in the same order (the order
 *    decides ties in step 4, so the values depend on it): "adds a zone
 *    atom" is one mark per operator, set while the zone is built; when it
 *    is cheap to find (backwards from the zone), the walk only enters the
 *    atoms from which it can reach a cut operator (on logistics, a handful
 *    of the hundred); and of operators with the same effects it looks at
 *    the effects of the first only.
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
     * atom, next/prev per operator), so that walking the justification
     * graph from a never looks at operators that chose another precondition.
     */
    const chosenBy = new Int32Array(numAtoms);
    const nextChosen = new Int32Array(numOps);
    const prevChosen = new Int32Array(numOps);
    const queue = new MinQueue(rt.integerCosts, rt.costSum);
    /** Round marks: zone[a] === round (goal zone), before[a] === round (reached before the zone). */
    const zone = new Int32Array(numAtoms);
    const before = new Int32Array(numAtoms);
    /**
     * Operators with the same effects share an effect set (setOf). Whether
     * an operator adds a zone atom depends on its effects only, so it is
     * marked per set: setMark[s] === 2 * round (the set adds a goal-zone
     * atom; marked while the zone is built, so that the walk to the zone's
     * border tests one word per operator instead of its effects), or
     * 2 * round + 1 (the walk has gone through an operator of the set: all
     * of the set's effects are marked, so it skips the other operators of
     * the set, e.g. every fly(a, from, to, ...) of one plane to one city,
     * every lift move to one floor).
     */
    const setOf = new Int32Array(numOps);
    let numSets = 0;
    {
      const ids = new Map<string, number>();
      for (let o = 0; o < numOps; o++) {
        const key = Array.from(add.subarray(addStart[o], addStart[o + 1])).sort((x, y) => x - y).join(',');
        let id = ids.get(key);
        if (id === undefined) ids.set(key, (id = numSets++));
        setOf[o] = id;
      }
    }
    const setMark = new Int32Array(numSets);
    /** live[a] === round: from a, the walk to the zone's border can reach a cut operator (or a is in the zone). */
    const live = new Int32Array(numAtoms);
    const liveStack = new Int32Array(numAtoms);
    /** Rounds left before the live atoms are tried again, and failed tries in a row. */
    let rest = 0;
    let failures = 0;
    /** Operators reached by the last full h^max exploration. */
    let reachedOps = 0;
    let round = 0;
    const stack = new Int32Array(numAtoms);
    const stateAtoms = new Int32Array(numAtoms);
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
            reachedOps++;
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

    const evaluate = (s: Uint32Array, off: number): number => {
      if (rt.unsolvable) return Infinity;
      hmax.fill(Infinity);
      // only the cut operators' costs changed in the last evaluation
      for (let i = 0; i < numDirty; i++) opCost[dirty[i]] = cost[dirty[i]];
      numDirty = 0;
      unsat.set(numPre);
      chosenBy.fill(-1);
      queue.clear();
      let numState = 0;
      for (let w = 0; w < words; w++) {
        let bits = s[off + w];
        while (bits !== 0) {
          const low = bits & -bits;
          const a = (w << 5) + (31 - Math.clz32(low));
          bits ^= low;
          stateAtoms[numState++] = a;
          hmax[a] = 0;
          queue.push(0, a);
        }
      }
      stateAtoms[numState++] = initAtom;
      hmax[initAtom] = 0;
      queue.push(0, initAtom);
      reachedOps = 0;
      exploreFull();
      if (hmax[goalAtom] === Infinity) return Infinity;

      let h = 0;
      while (hmax[goalAtom] > 0) {
        if (++round === 0x3fffffff) {
          zone.fill(0);
          before.fill(0);
          live.fill(0);
          setMark.fill(0);
          round = 1;
        }
        const intoMark = 2 * round;
        const doneMark = intoMark + 1;
        // 2. goal zone, backwards through zero-cost operators; the choices of
        // the other reached achievers of zone atoms start the live atoms
        let top = 0;
        let numLive = 0;
        zone[goalAtom] = round;
        stack[top++] = goalAtom;
        while (top > 0) {
          const a = stack[--top];
          for (let i = addOfStart[a], end = addOfStart[a + 1]; i < end; i++) {
            const o = addOf[i];
            setMark[setOf[o]] = intoMark; // o adds a zone atom: a cut operator if the walk below reaches it
            if (unsat[o] !== 0) continue; // not reached: no choice
            const p = choice[o];
            if (opCost[o] === 0) {
              if (zone[p] !== round) {
                zone[p] = round;
                stack[top++] = p;
              }
            } else if (live[p] !== round) {
              live[p] = round;
              liveStack[numLive++] = p;
            }
          }
        }
        // 2b. live atoms: those from which the walk below can reach a cut
        // operator (backwards through the choices of reached achievers). The
        // walk may skip every other atom: from them it reaches no cut
        // operator, and it never pushes a live atom while walking from one
        // that is not live, so it pops the live atoms in the same order and
        // finds the same cut in the same order. Abandoned (the plain walk)
        // when it would cost more than the walk saves; after a failure it
        // rests for a number of rounds that doubles with each failure in a row.
        let pruned = false;
        if (rest > 0) rest--;
        else {
          let work = 0;
          const budget = reachedOps >> 1;
          while (numLive > 0) {
            const a = liveStack[numLive - 1];
            const i0 = addOfStart[a];
            const end = addOfStart[a + 1];
            work += end - i0;
            if (work > budget) break; // a stays on the stack: failed
            numLive--;
            for (let i = i0; i < end; i++) {
              const o = addOf[i];
              if (unsat[o] !== 0) continue;
              const p = choice[o];
              if (live[p] !== round && zone[p] !== round) {
                live[p] = round;
                liveStack[numLive++] = p;
              }
            }
          }
          if (numLive === 0) {
            pruned = true;
            failures = 0;
          } else {
            numLive = 0;
            if (failures < 6) failures++;
            rest = 1 << failures;
          }
        }
        // 3. forwards from the state to the zone's border: the cut
        let numCut = 0;
        if (pruned) {
          // only live atoms; a live atom is pushed once (its live mark is cleared)
          for (let i = 0; i < numState; i++) {
            const a = stateAtoms[i];
            if (live[a] === round) {
              live[a] = 0;
              stack[top++] = a;
            }
          }
          while (top > 0) {
            const a = stack[--top];
            for (let o = chosenBy[a]; o >= 0; o = nextChosen[o]) {
              const set = setOf[o];
              const mark = setMark[set];
              if (mark === intoMark) {
                cut[numCut++] = o;
                continue;
              }
              if (mark === doneMark) continue;
              setMark[set] = doneMark;
              for (let j = addStart[o], addEnd = addStart[o + 1]; j < addEnd; j++) {
                const e = add[j];
                if (live[e] === round) {
                  live[e] = 0;
                  stack[top++] = e;
                }
              }
            }
          }
        } else {
          for (let i = 0; i < numState; i++) {
            const a = stateAtoms[i];
            before[a] = round;
            stack[top++] = a;
          }
          while (top > 0) {
            const a = stack[--top];
            for (let o = chosenBy[a]; o >= 0; o = nextChosen[o]) {
              const set = setOf[o];
              const mark = setMark[set];
              if (mark === intoMark) {
                cut[numCut++] = o;
                continue;
              }
              if (mark === doneMark) continue;
              setMark[set] = doneMark;
              for (let j = addStart[o], addEnd = addStart[o + 1]; j < addEnd; j++) {
                const e = add[j];
                if (before[e] !== round) {
                  before[e] = round;
                  stack[top++] = e;
                }
              }
            }
          }
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
