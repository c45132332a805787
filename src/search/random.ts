/**
 * A small seeded pseudo-random generator (mulberry32: a 32-bit state, one
 * multiply-xorshift step per number), so that the stochastic strategies
 * (beam with a temperature, lrta, mcts, ga) give the same plan for the
 * same `--seed`. Not for cryptography.
 */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [0, n) (n ≥ 1). */
  int(n: number): number;
}

/** The seed of stochastic strategies when none is given. */
export const DEFAULT_SEED = 1;

export function makeRandom(seed: number = DEFAULT_SEED): Random {
  let a = (Math.trunc(seed) ^ 0x6d2b79f5) >>> 0;
  const next = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (n) => Math.floor(next() * n) };
}
