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

/**
 * The statistics of two runs one after the other (a portfolio's members,
 * LAMA's searches): the counts and times add up, the states stored are the
 * larger run's, the rest (bytes per state, the limit) the second's.
 */
export function addStats(a: SearchStats, b: SearchStats): SearchStats {
  return {
    ...b,
    expanded: a.expanded + b.expanded,
    generated: a.generated + b.generated,
    duplicates: a.duplicates + b.duplicates,
    evaluated: (a.evaluated ?? 0) + (b.evaluated ?? 0),
    ...(a.reopened !== undefined || b.reopened !== undefined ? { reopened: (a.reopened ?? 0) + (b.reopened ?? 0) } : {}),
    stored: Math.max(a.stored, b.stored),
    timeMs: a.timeMs + b.timeMs,
  };
}
