/** The registry of heuristics; the CLI's choices and help come from it. */
import { blind } from './blind.ts';
import { goalcount } from './goalcount.ts';
import { hadd } from './hadd.ts';
import { hff } from './hff.ts';
import { hmax } from './hmax.ts';
import { lmcut } from './lmcut.ts';
import type { Heuristic } from './types.ts';
import { manhattan } from '../plugins/sokoban/h-manhattan.ts';
import { matching } from '../plugins/sokoban/h-matching.ts';
import { pushdist } from '../plugins/sokoban/h-pushdist.ts';

export const heuristics: Readonly<Record<string, Heuristic>> = {
  blind,
  goalcount,
  hmax,
  hadd,
  hff,
  lmcut,
  manhattan,
  pushdist,
  matching,
};

export const heuristicNames = Object.keys(heuristics);

/** The heuristic of that name, or undefined. */
export function getHeuristic(name: string): Heuristic | undefined {
  return Object.hasOwn(heuristics, name) ? heuristics[name] : undefined;
}

export type { Evaluator, Heuristic } from './types.ts';
