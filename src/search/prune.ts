/**
 * Pruning (see Pruner in types.ts): the dead-state test of a search. No
 * domain-independent pruner exists yet; domain plug-ins register theirs
 * (src/plugins/index.ts composes the registry, and the pipeline gives a
 * search the record its name chooses).
 */
import type { SearchSpace } from '../strips/space.ts';
import type { Pruner, SearchOptions } from './types.ts';

export type { Pruner } from './types.ts';

/** The domain-independent pruners. */
export const pruners: Readonly<Record<string, Pruner>> = {};

export const prunerNames = Object.keys(pruners);

/** The dead-state test of `options.prune`, or null when no pruning is asked for. */
export function makePrune(space: SearchSpace, options: SearchOptions): ((s: Uint32Array, off: number) => boolean) | null {
  return options.prune ? options.prune.create(space, options.context) : null;
}
