/**
 * Solving the random rooms of rooms.ts as the command line does: options
 * from the same flag checks (src/options), every configuration a
 * strategy accepts, a node cap on every run.
 */
import fc from 'fast-check';
import { getStrategy, heuristicNames, heuristics, loadProblem, solveLoaded, strategyNames, type LoadedProblem, type SolveReport } from '../../src/index.ts';
import { searchOptionsFor } from '../../src/pipeline/solve.ts';
import { solveOptionsFrom, type SearchFlagValues } from '../../src/options/index.ts';
import { ground } from '../../src/strips/ground.ts';
import type { SearchOptions } from '../../src/search/types.ts';
import { makeSearchSpace } from '../../src/strips/space.ts';
import { projectText } from './arbitraries.ts';
import { roomLevel, roomSpec } from './rooms.ts';

export const SOKOBAN_PL = projectText('domains/sokoban.pl');
export const PUSHES_PL = projectText('domains/sokoban-pushes.pl');

/** Expanded nodes allowed to one run of one configuration. */
export const NODE_CAP = 20_000;

/** A level text of the random rooms (solvable or not: the properties ask bfs). */
export const room: fc.Arbitrary<string> = roomSpec.map(roomLevel).filter((l): l is string => l !== null);

/** The level as the CLI loads it (`room.txt`, a domain text, default sokoban.pl). */
export function loadRoom(level: string, domainText = SOKOBAN_PL): LoadedProblem {
  return loadProblem({ file: 'room.txt', text: level, domainFile: 'domain.pl', domainText });
}

/** Flag values of one configuration (`--algo`, `--heuristic`, `--tt`, `--weight`). */
export type Config = SearchFlagValues & { algo: string };

/** A short name of a configuration for messages: `astar+lmcut`, `iddfs tt`. */
export function configName(c: Config): string {
  return [c.algo + (c.heuristic ? `+${c.heuristic}` : ''), c.tt ? 'tt' : '', c.weight ? `w=${c.weight}` : ''].filter(Boolean).join(' ');
}

/** Every registered strategy with its default heuristic. */
export const DEFAULT_CONFIGS: Config[] = strategyNames.map((algo) => ({ algo }));

/** Every strategy with every heuristic it takes, iddfs also with --tt, wastar also with weight 1. */
export const ALL_CONFIGS: Config[] = strategyNames.flatMap((algo): Config[] => {
  const s = getStrategy(algo)!;
  if (!s.defaultHeuristic) return algo === 'iddfs' ? [{ algo }, { algo, tt: true }] : [{ algo }];
  const hs = s.heuristics ?? heuristicNames;
  const withH = hs.map((heuristic) => ({ algo, heuristic }));
  if (algo === 'wastar') withH.push(...hs.filter((h) => heuristics[h].admissible).map((heuristic) => ({ algo, heuristic, weight: '1' })));
  return withH;
});

/** Whether the strategy promises an optimal plan for this configuration on this problem (its `optimal` flag). */
export function promisesOptimal(loaded: LoadedProblem, config: Config): boolean {
  const space = makeSearchSpace(ground(loaded.domain, loaded.problem));
  return getStrategy(config.algo)!.optimal(space, searchOptionsOf(config, loaded));
}

/** The search options of a configuration (on a problem), as the strategy sees them. */
export function searchOptionsOf(config: Config, loaded?: LoadedProblem): SearchOptions {
  return searchOptionsFor(loaded, solveOptionsFrom(config, { from: 'cli' }));
}

/** Solves with the configuration under the node cap (validated by solveLoaded; a rejected plan throws). */
export function solveWith(loaded: LoadedProblem, config: Config, maxNodes = NODE_CAP): SolveReport {
  return solveLoaded(loaded, { ...solveOptionsFrom(config, { from: 'cli' }), maxNodes });
}
