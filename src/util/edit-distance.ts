/** How far apart two names are, for "did you mean …?" hints (the CLI's flags, the checks of domains and problems, the lint). */

/**
 * The edit distance of two words: insertions, deletions, substitutions and
 * swaps of two neighbouring characters each count 1 (optimal string
 * alignment), so 'slove' is 1 from 'solve' and 'hodling' 1 from 'holding'.
 */
export function editDistance(a: string, b: string): number {
  // d[i][j]: distance of a's first i characters to b's first j
  const d: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    d.push([i]);
    for (let j = 1; j <= b.length; j++) d[i].push(i === 0 ? j : 0);
  }
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, d[i - 2][j - 2] + 1);
      d[i][j] = best;
    }
  }
  return d[a.length][b.length];
}

/**
 * The candidate nearest to `name` (not `name` itself) within `maxDistance`,
 * the first one on a tie; null when none is that close. Names whose lengths
 * differ by more than `maxDistance`, and names over 100 characters, are
 * skipped without computing a distance.
 */
export function nearest(name: string, candidates: Iterable<string>, maxDistance: number): string | null {
  let best: string | null = null;
  let bestD = maxDistance + 1;
  if (name.length > 100) return null;
  for (const c of candidates) {
    if (c === name || Math.abs(c.length - name.length) >= bestD) continue;
    const d = editDistance(name, c);
    if (d < bestD) {
      best = c;
      bestD = d;
    }
  }
  return best;
}
