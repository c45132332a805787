/**
 * Novelty of push states (src/plugins/sokoban/novelty.ts): 1 for a state
 * with an atom (a box on a square, the player's region at a square) no
 * earlier state of its partition had, 2 for a new pair of atoms, else 3;
 * partitions count apart. And the switch end to end: `--novelty on`
 * reaches the push-level search from the command line.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Novelty } from '../../../src/plugins/sokoban/novelty.ts';
import { runMain } from '../../cli/run-main.ts';

const microban = fileURLToPath(new URL('../../../../shared/levels/microban.txt', import.meta.url));

describe('Novelty', () => {
  it('is 1 for a new atom, 2 for a new pair of seen atoms, 3 for nothing new, per partition', () => {
    // four floor cells on squares 0–3 (each square its own cell)
    const n = new Novelty([0, 1, 2, 3], 4, 2);
    expect(n.of(0, [0, 1], 2, 2)).toBe(1); // everything new
    expect(n.of(0, [1, 0], 2, 2)).toBe(3); // the same atoms and pairs, in another order
    expect(n.of(0, [2, 3], 2, 0)).toBe(1); // boxes on 2 and 3 are new (the player on 0 is another atom than a box on 0)
    expect(n.of(0, [0, 3], 2, 2)).toBe(2); // box 0, box 3 and player 2 all seen; the pair (box 0, box 3) is not
    expect(n.of(0, [0, 3], 2, 2)).toBe(3);
    expect(n.of(0, [0, 3], 2, 0)).toBe(2); // the player on 0 seen (state 3), never with box 0
    expect(n.of(7, [0, 1], 2, 2)).toBe(1); // another partition starts afresh
    expect(n.counts).toEqual([3, 2, 2]);
  });
});

describe('--novelty', () => {
  it.skipIf(!existsSync(microban))('reaches the search: Microban 10 with push-greedy expands 33 states with it, 34 without, plans of 113 and 105 moves (solve validates the plan it prints)', async () => {
    const run = async (...flags: string[]) => {
      const r = await runMain('solve', microban, '--level', '10', '--algo', 'push-greedy', '--json', '--pi-corrals', 'off', ...flags);
      const j = JSON.parse(r.out) as { status: string; plan: string[]; stats: { expanded: number } };
      return [r.code, j.status, j.stats.expanded, j.plan.length];
    };
    expect(await run('--novelty', 'off')).toEqual([0, 'solved', 34, 105]);
    expect(await run('--novelty', 'on')).toEqual([0, 'solved', 33, 113]);
  });
});
