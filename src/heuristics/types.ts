/**
 * The heuristic interface. A heuristic is registered as a factory: given
 * the search space (and through it the ground task) it builds an evaluator
 * once, which then maps packed states to estimates.
 */
import type { Level } from '../sokoban/level.ts';
import type { SearchSpace } from '../strips/space.ts';

export interface Evaluator {
  /** Estimated cost from the state to a goal; Infinity for a proven dead end. */
  evaluate(s: Uint32Array, off: number): number;
  /**
   * After `evaluate` on a state: writes the operators the heuristic prefers
   * in that state (e.g. h^FF's relaxed-plan operators applicable there) to
   * `out`, returns their number. Absent when the heuristic has none.
   */
  preferred?(out: Int32Array): number;
}

export interface Heuristic {
  name: string;
  summary: string;
  /** Never overestimates the true cost (so A* with it returns optimal plans). */
  admissible: boolean;
  /** It needs `context.level` (a Sokoban heuristic): `create` throws a PlanlogError without one. */
  needsLevel?: boolean;
  /** Its evaluators implement `preferred` (gbfs --preferred needs that). */
  preferredOperators?: boolean;
  /** `context.level`: the Sokoban level the task came from (Sokoban heuristics need it and throw a PlanlogError without it). */
  create(space: SearchSpace, context?: { level?: Level }): Evaluator;
}
