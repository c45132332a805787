/** Sokoban: Σ over boxes of the push distance (BFS on the level) to the nearest goal; Infinity when a box can reach none. Admissible. */
import { sokobanHeuristic } from './heuristic.ts';

export const pushdist = sokobanHeuristic('pushdist', 'pushdist', 'Sokoban: sum of push distances of boxes to their nearest goals; admissible; needs a level');
