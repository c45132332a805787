/**
 * A stand-in for a solve's budget in tests of the phases that poll it (the
 * level reader, grounding): it throws after `n` polls with the position it
 * was asked about, and counts its polls.
 */
export function budgetOf(n: number): { poll(where: () => string): void; asked: number } {
  const b = {
    asked: 0,
    poll(where: () => string): void {
      if (++b.asked > n) throw new Error(`stopped: ${where()}`);
    },
  };
  return b;
}
