/** Numbers in words for messages: "1 step", "2 steps". */

/** `n` and the word, singular for 1 and plural otherwise (`plural` when it is not the word + "s"). */
export function count(n: number, word: string, plural = `${word}s`): string {
  return `${n} ${n === 1 ? word : plural}`;
}
