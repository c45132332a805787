/**
 * The domain-independent heuristics. The full registry, with the heuristics
 * of the installed domain plug-ins, is composed in src/plugins/index.ts;
 * the CLI's choices and help come from there.
 */
import { blind } from './blind.ts';
import { goalcount } from './goalcount.ts';
import { hadd } from './hadd.ts';
import { hff } from './hff.ts';
import { hmax } from './hmax.ts';
import { lmcount } from './lmcount.ts';
import { lmcut } from './lmcut.ts';
import { pdb } from './pdb.ts';
import type { Heuristic } from './types.ts';

export const heuristics: Readonly<Record<string, Heuristic>> = {
  blind,
  goalcount,
  hmax,
  hadd,
  hff,
  lmcut,
  lmcount,
  pdb,
};

export const heuristicNames = Object.keys(heuristics);

/** The domain-independent heuristic of that name, or undefined. */
export function getHeuristic(name: string): Heuristic | undefined {
  return Object.hasOwn(heuristics, name) ? heuristics[name] : undefined;
}

export type { Evaluator, Heuristic, SearchContext } from './types.ts';
