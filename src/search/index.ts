/** The registry of search strategies; the CLI's choices and help come from it. */
import { bfsStrategy } from './bfs.ts';
import { iddfsStrategy } from './iddfs.ts';
import type { Strategy } from './types.ts';

export const strategies: Readonly<Record<string, Strategy>> = {
  iddfs: iddfsStrategy,
  bfs: bfsStrategy,
};

export const strategyNames = Object.keys(strategies);

/** The strategy of that name, or undefined. */
export function getStrategy(name: string): Strategy | undefined {
  return Object.hasOwn(strategies, name) ? strategies[name] : undefined;
}

export type { SearchOptions, SearchResult, SearchStats, Strategy, CycleRule, SearchStatus } from './types.ts';
export { defaultSearchOptions } from './types.ts';
