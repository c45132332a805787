/**
 * Deadlock pruning over the ground task: a state is dead when a box stands
 * on a dead square or a frozen set of boxes holds a box off goal (see
 * deadlocks.ts). Never true for a state from which a plan exists.
 */
import type { SearchContext } from '../../heuristics/types.ts';
import type { Pruner } from '../../search/types.ts';
import type { SearchSpace } from '../../strips/space.ts';
import { atomSquares, boardOf, readBoxes } from './board.ts';
import { requireLevel } from './context.ts';
import { deadSquares, FreezeCheck } from './deadlocks.ts';
import type { Level } from '../../sokoban/level.ts';

const deadCache = new WeakMap<Level, Uint8Array>();

/** The level's dead squares, computed once per level. */
export function deadSquaresOf(level: Level): Uint8Array {
  let d = deadCache.get(level);
  if (!d) deadCache.set(level, (d = deadSquares(boardOf(level))));
  return d;
}

/** A test `(state) → true when dead` for the task's packed states. Throws a PlanlogError without a level. */
export function deadlockTest(space: SearchSpace, context: SearchContext | undefined): (s: Uint32Array, off: number) => boolean {
  const level = requireLevel(context, '--prune deadlocks');
  const board = boardOf(level);
  const map = atomSquares(space.task, board);
  const dead = deadSquaresOf(level);
  const freeze = new FreezeCheck(board, dead);
  const squares = new Int32Array(map.boxAtoms.length);
  return (s, off) => {
    const n = readBoxes(map, s, off, squares);
    for (let i = 0; i < n; i++) if (dead[squares[i]]) return true;
    return freeze.frozenAny(squares, n);
  };
}

export const deadlocksPruner: Pruner = {
  name: 'deadlocks',
  summary: 'Sokoban: boxes on dead squares and freeze deadlocks (needs a level)',
  plugin: 'sokoban',
  create: deadlockTest,
};
