/** Limits and progress shared by all strategies. */
import { getHeapStatistics } from 'node:v8';
import { memoryPressure, setMemoryCeiling } from '../strips/reserve.ts';
import type { LimitKind, Progress, SearchOptions } from './types.ts';

/** What the memory check reads: the process's resident memory and this thread's JavaScript heap, in MB. */
export interface MemoryReading {
  rssMb: number;
  heapUsedMb: number;
  heapLimitMb: number;
}

/** Share of the JavaScript heap's limit at which a search stops (V8 would end the thread a little later). */
export const HEAP_STOP_FRACTION = 0.9;

/** The memory reader of every Budget (tests replace `read`). */
export const memoryProbe = {
  read(): MemoryReading {
    const h = getHeapStatistics();
    return { rssMb: process.memoryUsage.rss() / 2 ** 20, heapUsedMb: h.used_heap_size / 2 ** 20, heapLimitMb: h.heap_size_limit / 2 ** 20 };
  },
};

/**
 * Checks the node limit (exactly), the time limit, the interrupt flag and
 * the memory limit (about every millisecond: the stride between clock reads
 * adapts to how long a call takes, so a fast loop pays almost nothing and a
 * slow one, such as A* with LM-cut, still stops promptly). Memory is checked
 * every 4th clock read: the process's resident memory against
 * `maxMemoryMb`, and this thread's JavaScript heap against its own limit
 * (V8's old-space limit, about 4 GB by default, can be below `maxMemoryMb`:
 * the search stops with `memory` before V8 would end the thread); and at
 * every call, the state store's look-ahead (src/strips/reserve.ts): a
 * growth that would pass the limit stops the search before it. Once a
 * time, interrupt or memory limit is seen, every later call reports it at
 * once, so a strategy that checks in an inner loop (a roll-out) and then in
 * its main loop stops at the first.
 */
export class Budget {
  readonly start = performance.now();
  private countdown = 1;
  private stride = 1;
  private lastCheck = this.start;
  private checks = 0;
  private lastProgress = this.start;
  private readonly deadline: number;
  private tripped: LimitKind | null = null;

  constructor(private readonly options: SearchOptions) {
    this.deadline = this.start + options.timeoutMs - (options.spentMs ?? 0);
    setMemoryCeiling(options.maxMemoryMb);
  }

  /** The limit that ends the search now, or null. */
  exceeded(expanded: number, progress?: () => Omit<Progress, 'elapsedMs'>): LimitKind | null {
    if (expanded >= this.options.maxNodes) return 'nodes';
    if (this.tripped !== null) return this.tripped;
    if (memoryPressure()) {
      lastMemoryTrip = null; // the limit itself, not the heap
      return (this.tripped = 'memory');
    }
    if (--this.countdown > 0) return null;
    const now = performance.now();
    const since = now - this.lastCheck;
    this.lastCheck = now;
    if (since < 0.5 && this.stride < 4096) this.stride *= 2;
    else if (since > 2 && this.stride > 1) this.stride >>= 1;
    this.countdown = this.stride;
    const o = this.options;
    if (o.signal?.aborted || (o.interrupt && Atomics.load(o.interrupt, 0) !== 0)) return (this.tripped = 'interrupted');
    if (now >= this.deadline) return (this.tripped = 'time');
    if ((++this.checks & 3) === 0 && this.memoryExceeded()) return (this.tripped = 'memory');
    if (o.onProgress && progress && now - this.lastProgress >= 100) {
      this.lastProgress = now;
      o.onProgress({ ...progress(), elapsedMs: now - this.start });
    }
    return null;
  }

  private memoryExceeded(): boolean {
    const m = memoryProbe.read();
    const max = this.options.maxMemoryMb;
    if ((max !== undefined && m.rssMb > max) || m.heapUsedMb > m.heapLimitMb * HEAP_STOP_FRACTION) {
      lastMemoryTrip = m;
      return true;
    }
    return false;
  }

  elapsed(): number {
    return performance.now() - this.start;
  }
}

/** The last memory reading that tripped a Budget (limitReason words its message after it). */
let lastMemoryTrip: MemoryReading | null = null;

/** The reason of a `limit` answer, in words. */
export function limitReason(kind: LimitKind, options: SearchOptions): string {
  switch (kind) {
    case 'time':
      return `time limit of ${options.timeoutMs / 1000} s reached`;
    case 'nodes':
      return `node limit of ${options.maxNodes} expanded nodes reached`;
    case 'memory': {
      const m = lastMemoryTrip;
      if (m && !(options.maxMemoryMb !== undefined && m.rssMb > options.maxMemoryMb)) {
        return `memory limit reached: the JavaScript heap is nearly full (${Math.round(m.heapUsedMb)} of ${Math.round(m.heapLimitMb)} MB)`;
      }
      return `memory limit of ${options.maxMemoryMb} MB reached`;
    }
    case 'interrupted':
      return 'interrupted';
  }
}
