/** Sokoban: Σ over boxes of the Manhattan distance to the nearest goal. Admissible (pushes and unit-cost moves). */
import { sokobanHeuristic } from './heuristic.ts';

export const manhattan = sokobanHeuristic('manhattan', 'manhattan', 'Sokoban: sum of Manhattan distances of boxes to their nearest goals; admissible; needs a level');
