/** Sokoban: least total push distance of a matching of boxes to distinct goals (Hungarian method); Infinity when none exists. Admissible. */
import { sokobanHeuristic } from './heuristic.ts';

export const matching = sokobanHeuristic('matching', 'matching', 'Sokoban: min-cost matching of boxes to goals on push distances (Hungarian); admissible; needs a level');
