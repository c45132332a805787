/** "did you mean …?" for a mistyped command or flag. */
import { editDistance } from '../util/edit-distance.ts';

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
