/** Limits and progress shared by all strategies. */
import type { LimitKind, Progress, SearchOptions } from './types.ts';

/**
 * Checks the time limit, the node limit and the abort signal. `exceeded` is
 * cheap: the clock is read only every 1024 calls.
 */
export class Budget {
  readonly start = performance.now();
  private calls = 0;
  private lastProgress = this.start;
  private readonly deadline: number;

  constructor(private readonly options: SearchOptions) {
    this.deadline = this.start + options.timeoutMs;
  }

  /** The limit that ends the search now, or null. */
  exceeded(expanded: number, progress?: () => Omit<Progress, 'elapsedMs'>): LimitKind | null {
    if (expanded >= this.options.maxNodes) return 'nodes';
    if ((++this.calls & 1023) !== 0) return null;
    if (this.options.signal?.aborted) return 'interrupted';
    const now = performance.now();
    if (now >= this.deadline) return 'time';
    if (this.options.onProgress && progress && now - this.lastProgress >= 100) {
      this.lastProgress = now;
      this.options.onProgress({ ...progress(), elapsedMs: now - this.start });
    }
    return null;
  }

  elapsed(): number {
    return performance.now() - this.start;
  }
}

export function limitReason(kind: LimitKind, options: SearchOptions): string {
  switch (kind) {
    case 'time':
      return `time limit of ${options.timeoutMs / 1000} s reached`;
    case 'nodes':
      return `node limit of ${options.maxNodes} expanded nodes reached`;
    case 'interrupted':
      return 'interrupted';
  }
}
