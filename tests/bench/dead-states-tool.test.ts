/**
 * bench/dead-states.ts: a member of auto run to a node limit, states
 * sampled at the most boxes packed (a seeded reservoir), each proved dead
 * or not by an exhaustive search within a node limit; the counts and the
 * first dead board are the same every run. Bad options and a missing
 * file: a one-line error, exit 2.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const SASQUATCH = '../shared/levels/sasquatch.txt';

function deadStates(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'bench/dead-states.ts', ...args], { encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('bench/dead-states.ts', () => {
  it.skipIf(!existsSync(SASQUATCH))('Sasquatch 12 after 5,000 states of the goal-macro member (without parking and PI-corrals, --set): 2 of 3 samples at 5 packed proved dead; level 1 solved', () => {
    const r = deadStates('--levels', `${SASQUATCH}:12,1`, '--max-nodes', '5000', '--samples', '3', '--prove-nodes', '2000', '--show', '1', '--set', 'parking=false,piCorrals=false');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/## level 12: limit after 5000 states \([\d.]+ s\); the most packed 5 of 15, 57 states expanded there/);
    expect(r.stdout).toContain('dead (12 states to prove it: all 22 reachable push states explored');
    // the first dead board, row 6: three boxes of the room's row of goals on goals, the player left of a box on the right
    expect(r.stdout).toContain('# # ##..*...#### ###@  $###');
    expect(r.stdout).toContain('samples: 2 dead, 0 alive, 1 unknown (10 s, 2000 states each at most)');
    expect(r.stdout).toMatch(/## level 1: solved after 1582 states/);
    // the member as it is (parking: Sasquatch 12 parks three boxes, so the packed count is of events, 15 goals and 3 parked boxes; PI-corrals): the best state differs
    const parked = deadStates('--levels', `${SASQUATCH}:12`, '--max-nodes', '5000', '--samples', '3', '--prove-nodes', '2000', '--show', '0');
    expect(parked.stdout).toMatch(/## level 12: limit after 5000 states \([\d.]+ s\); the most packed 5 of 18, 86 states expanded there/);
    expect(parked.stdout).toContain('samples: 1 dead, 0 alive, 2 unknown (10 s, 2000 states each at most)');
  });

  it('a member it does not know, a bad number, a missing file: one line, exit 2', () => {
    const member = deadStates('--levels', 'maps/tutorial.txt:1', '--member', 'sideways');
    expect([member.status, member.stderr.trim()]).toEqual([2, "--member: one of goal, box, greedy, not 'sideways'"]);
    const samples = deadStates('--levels', 'maps/tutorial.txt:1', '--samples', '0');
    expect([samples.status, samples.stderr.trim()]).toEqual([2, "--samples: a positive number, not '0'"]);
    const missing = deadStates('--levels', 'maps/nowhere.txt');
    expect([missing.status, missing.stderr.trim()]).toEqual([2, 'bench/dead-states.ts: --levels: maps/nowhere.txt: no such file']);
  });
});
