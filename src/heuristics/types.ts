/**
 * The heuristic interface. A heuristic is registered as a factory: given
 * the search space (and through it the ground task) it builds an evaluator
 * once, which then maps packed states to estimates.
 */
import type { SearchSpace } from '../strips/space.ts';
import type { OptionDecl } from '../util/option-decl.ts';

/**
 * What a problem brings besides its ground task, made by the domain plug-in
 * that recognised the problem (src/search/plugin.ts), e.g. the Sokoban level
 * it was compiled from. The generic layers only pass it on: `plugin` names
 * the plug-in, the rest is that plug-in's business.
 */
export interface SearchContext {
  readonly plugin: string;
}

export interface Evaluator {
  /** Estimated cost from the state to a goal; Infinity for a proven dead end. */
  evaluate(s: Uint32Array, off: number): number;
  /**
   * After `evaluate` on a state: writes the operators the heuristic prefers
   * in that state (e.g. h^FF's relaxed-plan operators applicable there) to
   * `out`, returns their number. Absent when the heuristic has none.
   */
  preferred?(out: Int32Array): number;
  /**
   * Path-dependent evaluators (LAMA's landmark count): told, right before
   * `evaluate`, the id of the stored state evaluated and of its parent (-1
   * for a root), so that they can keep what they know per state. The best-first
   * engine calls it; other strategies do not, and such an evaluator then
   * judges the state alone.
   */
  at?(state: number, parent: number): void;
}

export interface Heuristic {
  name: string;
  summary: string;
  /** Never overestimates the true cost (so A* with it returns optimal plans). */
  admissible: boolean;
  /**
   * The domain plug-in that registers it (src/plugins/<plugin>/): it needs a
   * problem of that plug-in (a context whose `plugin` is this name), and
   * `create` throws a PlanlogError without one. Absent for domain-independent heuristics.
   */
  plugin?: string;
  /** Its evaluators implement `preferred` (gbfs --preferred needs that). */
  preferredOperators?: boolean;
  /** The options it takes when chosen (none of today's does): flags, web fields and help are generated from them (src/options/). */
  options?: readonly OptionDecl[];
  /** `context`: the problem's, from its domain plug-in (plug-in heuristics need it and throw a PlanlogError without it). */
  create(space: SearchSpace, context?: SearchContext): Evaluator;
}
