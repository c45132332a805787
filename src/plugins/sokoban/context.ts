/**
 * The Sokoban plug-in's search context: the level a problem was compiled
 * from. The generic layers only pass it on (SearchContext); the Sokoban
 * strategies, heuristics and pruner read the level from it.
 */
import type { SearchContext } from '../../heuristics/types.ts';
import type { Level } from '../../sokoban/level.ts';
import { PlanlogError } from '../../util/errors.ts';

export interface SokobanContext extends SearchContext {
  readonly plugin: 'sokoban';
  readonly level: Level;
}

/** The context of a problem compiled from `level`. */
export function sokobanContext(level: Level): SokobanContext {
  return { plugin: 'sokoban', level };
}

export function isSokobanContext(context: SearchContext | undefined): context is SokobanContext {
  return context?.plugin === 'sokoban' && (context as Partial<SokobanContext>).level !== undefined;
}

/** The level of a search context, or a PlanlogError naming what needs it. */
export function requireLevel(context: SearchContext | undefined, what: string): Level {
  if (!isSokobanContext(context)) {
    throw new PlanlogError({ file: '<options>', message: `${what} needs a Sokoban level (a level file, not a Prolog problem)` });
  }
  return context.level;
}
