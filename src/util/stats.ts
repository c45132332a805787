/** Small statistics for reports and benchmarks. */

/** The median (of an even count, the mean of the middle two); NaN for none. */
export const median = (xs: readonly number[]): number => {
  if (xs.length === 0) return NaN;
  const s = xs.slice().sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
