/** Limits and progress shared by every phase of a solve: reading, compiling, grounding, set-up, search. */
import { getHeapStatistics } from 'node:v8';
import { memoryPressure, setMemoryCeiling } from './reserve.ts';

export type LimitKind = 'time' | 'nodes' | 'memory' | 'interrupted';

export interface Progress {
  expanded: number;
  generated: number;
  /** Current depth bound of iterative strategies. */
  bound?: number;
  /** Current f value (best-first) or f bound (idastar). */
  f?: number;
  elapsedMs: number;
}

/** What the memory check reads: the process's resident memory and this thread's JavaScript heap, in MB. */
export interface MemoryReading {
  rssMb: number;
  heapUsedMb: number;
  heapLimitMb: number;
}

/** Share of the JavaScript heap's limit at which a search stops (V8 would end the thread a little later). */
export const HEAP_STOP_FRACTION = 0.9;

/**
 * Room (MB) the phases before the search (reading, compiling, grounding,
 * set-up) leave under `--max-memory`: 10% of it, at least 32 MB. They
 * allocate without a look-ahead, resident memory grows in steps of several
 * MB as the garbage collector promotes objects, and the stop itself
 * (unwinding, the answer) takes up to about 20 MB more (at most half the
 * limit, for tiny limits); with this room the
 * peak stays under the limit (grounding bomb, --max-memory 200: peaks of
 * 188–201 MB with 10% alone).
 */
export function setupHeadroomMb(maxMemoryMb: number): number {
  return Math.min(Math.max(0.1 * maxMemoryMb, 32), 0.5 * maxMemoryMb);
}

/** The phases of a solve, in order; a Budget knows which one polls it. */
export type Phase = 'reading' | 'compiling' | 'grounding' | 'set-up' | 'search';

/** The memory reader of every Budget (tests replace `read`; `phase` says which phase asks). */
export const memoryProbe = {
  read(_phase: Phase = 'search'): MemoryReading {
    const h = getHeapStatistics();
    return { rssMb: process.memoryUsage.rss() / 2 ** 20, heapUsedMb: h.used_heap_size / 2 ** 20, heapLimitMb: h.heap_size_limit / 2 ** 20 };
  },
};

/**
 * Milliseconds on a clock every thread of the process shares (the epoch,
 * with sub-millisecond resolution): a solve started in the main thread and
 * continued in a worker counts its time limit from the same instant.
 */
export function clockMs(): number {
  return performance.timeOrigin + performance.now();
}

/** The limits a Budget watches (SearchOptions extends them). */
export interface Limits {
  /** Wall-clock limit in milliseconds (Infinity: none). */
  timeoutMs: number;
  /** Time the solve spent before the search (grounding), counted against `timeoutMs`. */
  spentMs?: number;
  /** Limit on expanded nodes (Infinity: none). */
  maxNodes: number;
  /** Limit on the process's resident memory in MB (Infinity: none). */
  maxMemoryMb?: number;
  /** Aborting it stops the search cleanly with status `limit`. */
  signal?: AbortSignal;
  /** A shared flag another thread sets to non-zero (Ctrl-C) to stop the search cleanly. */
  interrupt?: Int32Array;
  /** Called about every 100 ms of search with the counts so far. */
  onProgress?: (p: Progress) => void;
}

/**
 * Thrown by a phase before the search (reading, compiling, grounding, a
 * heuristic's set-up) when its budget answers a limit; `where` says where
 * it stopped ("reading the level (row 180 of 500)"), and the message is
 * the whole reason ("time limit of 1 s reached while reading the level
 * (row 180 of 500)").
 */
export class LimitReached extends Error {
  constructor(
    readonly kind: LimitKind,
    readonly where: string,
    readonly reason: string,
  ) {
    super(reason);
    this.name = 'LimitReached';
  }
}

/**
 * Checks the node limit (exactly), the time limit, the interrupt flag and
 * the memory limit (about every millisecond: the stride between clock reads
 * adapts to how long a call takes, so a fast loop pays almost nothing and a
 * slow one, such as A* with LM-cut, still stops promptly). Memory is checked
 * at the first clock read and every 4th after: the process's resident memory against
 * `maxMemoryMb`, and this thread's JavaScript heap against its own limit
 * (V8's old-space limit, about 4 GB by default, can be below `maxMemoryMb`:
 * the search stops with `memory` before V8 would end the thread); and at
 * every call, the state store's look-ahead (src/strips/reserve.ts): a
 * growth that would pass the limit stops the search before it. Once a
 * time, interrupt or memory limit is seen, every later call reports it at
 * once, so a strategy that checks in an inner loop (a roll-out) and then in
 * its main loop stops at the first.
 *
 * One budget covers a whole solve: it is made when the solve starts
 * (`spentMs` is the time already spent, e.g. reading the files, or the
 * phases before a strategy's own budget), and every phase before the
 * search polls it with `poll` (time, memory, interrupt; nodes are the
 * search's), which throws LimitReached with the phase's position.
 */
export class Budget {
  readonly start = performance.now();
  /** The phase that polls it now (the memory probe is told; tests fake memory by phase). */
  phase: Phase = 'search';
  private countdown = 1;
  private stride = 1;
  private lastCheck = this.start;
  private checks = 0;
  private lastProgress = this.start;
  private readonly deadline: number;
  private tripped: LimitKind | null = null;

  constructor(private readonly options: Limits) {
    this.deadline = this.start + options.timeoutMs - (options.spentMs ?? 0);
    setMemoryCeiling(options.maxMemoryMb);
  }

  /** The limit that ends the search now, or null. */
  exceeded(expanded: number, progress?: () => Omit<Progress, 'elapsedMs'>): LimitKind | null {
    if (expanded >= this.options.maxNodes) return 'nodes';
    if (this.tripped !== null) return this.tripped;
    if (memoryPressure()) return this.tripMemoryPressure();
    if (--this.countdown > 0) return null;
    return this.clockCheck(progress);
  }

  /**
   * For the phases before the search: throws LimitReached when the time,
   * memory or interrupt limit is reached. `where` (asked only then) names
   * the position, e.g. () => `reading the level (row ${y} of ${h})`. Cheap
   * enough for an inner loop (a clock read about every millisecond).
   */
  poll(where: () => string): void {
    if (this.tripped === null && !memoryPressure() && --this.countdown > 0) return;
    const kind = this.tripped ?? (memoryPressure() ? this.tripMemoryPressure() : this.clockCheck(undefined, true));
    if (kind !== null) throw this.stopped(kind, where());
  }

  /** The LimitReached of a limit seen at `where`. */
  stopped(kind: LimitKind, where: string): LimitReached {
    return new LimitReached(kind, where, `${limitReason(kind, this.options)} while ${where}`);
  }

  /** Whether allocating `bytes` more would take resident memory past the limit (less the set-up's headroom). */
  wouldExceed(bytes: number): boolean {
    const max = this.options.maxMemoryMb;
    if (max === undefined) return false;
    return memoryProbe.read(this.phase).rssMb + bytes / 2 ** 20 > max - setupHeadroomMb(max);
  }

  /** Milliseconds left before the time limit (Infinity without one). */
  remainingMs(): number {
    return this.deadline - performance.now();
  }

  private tripMemoryPressure(): LimitKind {
    lastMemoryTrip = null; // the limit itself, not the heap
    return (this.tripped = 'memory');
  }

  /** `everyRead`: memory at every clock read (the phases before the search allocate fast and have no look-ahead). */
  private clockCheck(progress?: () => Omit<Progress, 'elapsedMs'>, everyRead = false): LimitKind | null {
    const now = performance.now();
    const since = now - this.lastCheck;
    this.lastCheck = now;
    if (since < 0.5 && this.stride < 4096) this.stride *= 2;
    else if (since > 2 && this.stride > 1) this.stride >>= 1;
    this.countdown = this.stride;
    const o = this.options;
    if (o.signal?.aborted || (o.interrupt && Atomics.load(o.interrupt, 0) !== 0)) return (this.tripped = 'interrupted');
    if (now >= this.deadline) return (this.tripped = 'time');
    // memory at the first clock read (a limit below what the process uses stops at once), then every 4th
    if (((this.checks++ & 3) === 0 || everyRead) && this.memoryExceeded(everyRead)) return (this.tripped = 'memory');
    if (o.onProgress && progress && now - this.lastProgress >= 100) {
      this.lastProgress = now;
      o.onProgress({ ...progress(), elapsedMs: now - this.start });
    }
    return null;
  }

  private memoryExceeded(setup: boolean): boolean {
    const m = memoryProbe.read(this.phase);
    const max = this.options.maxMemoryMb;
    if (max !== undefined && m.rssMb > (setup ? max - setupHeadroomMb(max) : max)) {
      lastMemoryTrip = null; // the limit itself
      return true;
    }
    if (m.heapUsedMb > m.heapLimitMb * HEAP_STOP_FRACTION) {
      lastMemoryTrip = m;
      return true;
    }
    return false;
  }

  elapsed(): number {
    return performance.now() - this.start;
  }
}

/** The last heap reading that tripped a Budget, or null when the limit itself did (limitReason words its message after it). */
let lastMemoryTrip: MemoryReading | null = null;

/** The reason of a `limit` answer, in words. */
export function limitReason(kind: LimitKind, options: Pick<Limits, 'timeoutMs' | 'maxNodes' | 'maxMemoryMb'>): string {
  switch (kind) {
    case 'time':
      return `time limit of ${options.timeoutMs / 1000} s reached`;
    case 'nodes':
      return `node limit of ${options.maxNodes} expanded nodes reached`;
    case 'memory': {
      const m = lastMemoryTrip;
      if (m) {
        return `memory limit reached: the JavaScript heap is nearly full (${Math.round(m.heapUsedMb)} of ${Math.round(m.heapLimitMb)} MB)`;
      }
      return `memory limit of ${options.maxMemoryMb} MB reached`;
    }
    case 'interrupted':
      return 'interrupted';
  }
}

/** The budget of the solve this thread runs (one at a time, as the memory ceiling of reserve.ts), for set-up code. */
let active: Budget | null = null;

/** Makes `budget` the one this thread's set-up code polls (null: none); the pipeline sets it around the search. */
export function setActiveBudget(budget: Budget | null): void {
  active = budget;
}

/**
 * For the set-up of a heuristic, a pruner or a strategy (precomputations
 * before the first expansion, such as push distances to every goal): polls
 * the running solve's budget, if any, and so throws LimitReached at a
 * limit; `where` names the position ("setting up pushdist: push distances
 * to goal 12 of 500"). A no-op outside a solve (tests, benchmarks).
 */
export function pollSetup(where: () => string): void {
  if (active) {
    active.phase = 'set-up';
    active.poll(where);
  }
}

/**
 * Before a big set-up allocation: throws LimitReached (memory) when
 * `bytes` more would take the process past --max-memory (the look-ahead of
 * reserve.ts), instead of allocating them.
 */
export function reserveSetup(bytes: number, where: () => string): void {
  if (active?.wouldExceed(bytes)) throw active.stopped('memory', where());
}
