/** "did you mean …?" for a mistyped command or flag. */

/**
 * The edit distance of two words: insertions, deletions, substitutions and
 * swaps of two neighbouring characters each count 1 (optimal string
 * alignment), so 'slove' is 1 from 'solve'.
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
 * The name meant by a mistyped `word`: the closest of `names` when it is
 * within a third of the word's length (at least 1), or else the only name
 * that starts with the word; null when there is none or two are equally close.
 */
export function didYouMean(word: string, names: readonly string[]): string | null {
  const limit = Math.max(1, Math.floor(word.length / 3));
  let best: string | null = null;
  let bestDistance = Infinity;
  let tie = false;
  for (const name of names) {
    const d = editDistance(word, name);
    if (d < bestDistance) {
      best = name;
      bestDistance = d;
      tie = false;
    } else if (d === bestDistance) tie = true;
  }
  if (best !== null && bestDistance <= limit && !tie) return best;
  const prefixed = word.length >= 2 ? names.filter((n) => n.startsWith(word)) : [];
  return prefixed.length === 1 ? prefixed[0] : null;
}
