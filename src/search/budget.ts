/** Limits and progress shared by all strategies. */
import type { LimitKind, Progress, SearchOptions } from './types.ts';

/**
 * Checks the node limit (exactly), the time limit, the interrupt flag and
 * the memory limit (about every millisecond: the stride between clock reads
 * adapts to how long a call takes, so a fast loop pays almost nothing and a
 * slow one, such as A* with LM-cut, still stops promptly).
 */
export class Budget {
  readonly start = performance.now();
  private countdown = 1;
  private stride = 1;
  private lastCheck = this.start;
  private checks = 0;
  private lastProgress = this.start;
  private readonly deadline: number;

  constructor(private readonly options: SearchOptions) {
    this.deadline = this.start + options.timeoutMs;
  }

  /** The limit that ends the search now, or null. */
  exceeded(expanded: number, progress?: () => Omit<Progress, 'elapsedMs'>): LimitKind | null {
    if (expanded >= this.options.maxNodes) return 'nodes';
    if (--this.countdown > 0) return null;
    const now = performance.now();
    const since = now - this.lastCheck;
    this.lastCheck = now;
    if (since < 0.5 && this.stride < 4096) this.stride *= 2;
    else if (since > 2 && this.stride > 1) this.stride >>= 1;
    this.countdown = this.stride;
    const o = this.options;
    if (o.signal?.aborted || (o.interrupt && Atomics.load(o.interrupt, 0) !== 0)) return 'interrupted';
    if (now >= this.deadline) return 'time';
    if ((++this.checks & 15) === 0 && o.maxMemoryMb !== undefined && process.memoryUsage.rss() > o.maxMemoryMb * 2 ** 20) return 'memory';
    if (o.onProgress && progress && now - this.lastProgress >= 100) {
      this.lastProgress = now;
      o.onProgress({ ...progress(), elapsedMs: now - this.start });
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
    case 'memory':
      return `memory limit of ${options.maxMemoryMb} MB reached`;
    case 'interrupted':
      return 'interrupted';
  }
}
