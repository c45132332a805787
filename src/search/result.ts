/** How every strategy builds its answer: its counters as they are when it answers, plus the clock. */
import type { LimitKind, SearchResult, SearchStats } from './types.ts';

/** The statistics a strategy keeps itself (the time and the limit come from its budget and its answer). */
export type Counters = Omit<SearchStats, 'timeMs' | 'limit'>;

/**
 * A strategy's answer: `result('solved', plan)`, `result('limit', null,
 * reason, limit)`, … with `counters()` read at that moment.
 */
export function resultBuilder(budget: { elapsed(): number }, counters: () => Counters) {
  return (status: SearchResult['status'], plan: number[] | null, reason?: string, limit?: LimitKind): SearchResult => ({
    status,
    plan,
    reason,
    stats: { ...counters(), timeMs: budget.elapsed(), limit },
  });
}
