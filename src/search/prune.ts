/**
 * Pruning: a test, built once per search from the space and the context,
 * that says a generated state is dead (no plan from it), so a strategy
 * drops it. Every strategy calls it on every state it generates. A pruner
 * must never call a state dead from which a plan exists.
 */
import { deadlockTest } from '../plugins/sokoban/prune.ts';
import type { SearchSpace } from '../strips/space.ts';
import type { SearchOptions } from './types.ts';

export interface Pruner {
  name: string;
  summary: string;
  create(space: SearchSpace, context: SearchOptions['context']): (s: Uint32Array, off: number) => boolean;
}

export const pruners: Readonly<Record<string, Pruner>> = {
  deadlocks: {
    name: 'deadlocks',
    summary: 'Sokoban: boxes on dead squares and freeze deadlocks (needs a level)',
    create: deadlockTest,
  },
};

export const prunerNames = Object.keys(pruners);

/** The dead-state test of `options.prune`, or null when no pruning is asked for. Throws for an unknown name. */
export function makePrune(space: SearchSpace, options: SearchOptions): ((s: Uint32Array, off: number) => boolean) | null {
  if (options.prune === undefined || options.prune === 'none') return null;
  const p = Object.hasOwn(pruners, options.prune) ? pruners[options.prune] : undefined;
  if (!p) throw new Error(`unknown pruning ${options.prune} (choose one of: ${prunerNames.join(', ')})`);
  return p.create(space, options.context);
}
