/**
 * The Sokoban heuristics as ordinary heuristics over the ground task: the
 * box atoms of a state (`box(xXyY)`) are read as squares of the level in
 * the Sokoban search context, and a `BoxEstimator` bounds the pushes still needed.
 * The bound is multiplied by the cheapest push operator's cost, so it is
 * admissible for any costs of the Sokoban operators (moves and pushes cost
 * 1 in domains/sokoban.pl: each push is a move; pushes 1 and moves 0 in
 * domains/sokoban-pushes.pl).
 */
import type { Heuristic, SearchContext } from '../../heuristics/types.ts';
import type { SearchSpace } from '../../strips/space.ts';
import { atomSquares, boardOf, readBoxes } from './board.ts';
import { requireLevel } from './context.ts';
import { BoxEstimator, type EstimateKind } from './estimates.ts';

/** The cheapest cost of an operator named push…, or 0 when there is none. */
export function cheapestPush(space: SearchSpace): number {
  let min = Infinity;
  for (const op of space.task.operators) if (op.name.startsWith('push') && op.cost < min) min = op.cost;
  return min === Infinity ? 0 : min;
}

export function sokobanHeuristic(name: string, kind: EstimateKind, summary: string): Heuristic {
  return {
    name,
    summary,
    admissible: true,
    plugin: 'sokoban',
    create(space: SearchSpace, context?: SearchContext) {
      const level = requireLevel(context, `the heuristic ${name}`);
      const board = boardOf(level);
      const map = atomSquares(space.task, board);
      const est = new BoxEstimator(board, kind);
      const scale = cheapestPush(space);
      const squares = new Int32Array(map.boxAtoms.length);
      const unsolvable = space.task.unsolvableReason !== undefined;
      return {
        evaluate(s, off) {
          if (unsolvable) return Infinity;
          const n = readBoxes(map, s, off, squares);
          const h = est.estimate(squares, n);
          return h === Infinity ? Infinity : h * scale;
        },
      };
    },
  };
}
