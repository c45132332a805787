/** An open room of n×n squares (walls included), the player, one box and one goal in the top row: a level as large as wanted. */
export function openRoom(n: number): string {
  const rows: string[] = [];
  for (let r = 0; r < n; r++) {
    if (r === 0 || r === n - 1) rows.push('#'.repeat(n));
    else rows.push(`#${' '.repeat(n - 2)}#`);
  }
  rows[1] = `#@ $ .${' '.repeat(n - 7)}#`;
  return `${rows.join('\n')}\n`;
}
