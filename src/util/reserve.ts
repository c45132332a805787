/**
 * Looking ahead before a big allocation. A search sets a memory ceiling (its
 * `--max-memory`); a growing structure (the state store) asks, a little
 * before it next grows, whether the process's resident memory plus the
 * bytes that growth will allocate stays under the ceiling. When it would
 * not, the pressure flag is raised, and the search's budget stops the search
 * with status `memory` before the growth happens: growing a store of
 * millions of states allocates hundreds of megabytes at once, far more than
 * the memory check between two clock reads could catch in time.
 * One ceiling per thread: a thread runs one search at a time.
 */

let ceilingBytes = Infinity;
let pressure = false;

/** Sets the ceiling (MB; undefined or Infinity: none) and clears the pressure flag. */
export function setMemoryCeiling(mb: number | undefined): void {
  ceilingBytes = mb === undefined ? Infinity : mb * 2 ** 20;
  pressure = false;
}

/** True when allocating `bytes` more would pass the ceiling; raises the pressure flag then. */
export function wouldExceedCeiling(bytes: number): boolean {
  if (ceilingBytes === Infinity) return false;
  if (process.memoryUsage.rss() + bytes > ceilingBytes) pressure = true;
  return pressure;
}

/** Whether a structure found that its next growth would pass the ceiling. */
export function memoryPressure(): boolean {
  return pressure;
}
