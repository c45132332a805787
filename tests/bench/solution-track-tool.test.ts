/**
 * bench/solution-track.ts: how far a push-level search gets along a known
 * solution. On two literal levels a forward greedy search finds every
 * state of their solutions (the furthest one generated is the last, as
 * the search solves them); a search that does not find a state of the
 * solution prints the board of the first it missed. A solution that does
 * not replay, a line that is no solution, a member it does not know: one
 * located line, exit 2.
 */
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { solutionFixture } from './solution-fixture.ts';

const fx = solutionFixture('planlog-soltrack-');
afterAll(() => fx.remove());
const { dir, levels, solutions } = fx;
const track = (...args: string[]) => fx.run('solution-track', ...args);

describe('bench/solution-track.ts', () => {
  const good = solutions('good.txt', '; solutions\n1: R\n2: ddRRRurDlllluRRR\n');

  it('greedy finds every state of both solutions: a row per level with the furthest state generated and expanded, exit 0', () => {
    const r = track('--levels', levels, '--solutions', good, '--member', 'greedy', '--timeout', '10');
    expect([r.status, r.stderr]).toEqual([0, '']);
    expect(r.stdout).toContain('| 1 | 1 | 1 (1; -, -) | 0 (1) | 1 | 1 | solved |');
    expect(r.stdout).toContain('| 2 | 7 | 7 (11; -, -) | 6 (11) | 1 | 11 | solved |');
  });

  it('a search stopped before the solution: the first state of it not generated, as a board', () => {
    const r = track('--levels', `${levels}:2`, '--solutions', good, '--member', 'greedy', '--max-nodes', '2');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('| 2 | 7 | 1 (1; 6, 6) | 0 (1) | 6 | 2 | limit |');
    expect(r.stdout).toContain("level 2: the solution's state after push 2 (x3y3 R), not generated:");
  });

  it('a solution that does not replay, a line that is none, an unknown member: one line, exit 2', () => {
    const broken = track('--levels', levels, '--solutions', solutions('broken.txt', '1: R\n2: rrrdLL\n'));
    expect([broken.status, broken.stderr.trim()]).toEqual([2, `bench/solution-track.ts: ${join(dir, 'broken.txt')}:2:8: level 2: step 5 ('L'): no box to push at x3y2`]);
    const junk = track('--levels', levels, '--solutions', solutions('junk.txt', '1: R\nhello\n'));
    expect([junk.status, junk.stderr.trim()]).toEqual([2, `bench/solution-track.ts: ${join(dir, 'junk.txt')}:2: expected 'N: LURD'`]);
    const member = track('--levels', levels, '--solutions', good, '--member', 'sideways');
    expect([member.status, member.stderr.trim()]).toEqual([2, "bench/solution-track.ts: --member: goal, box, backward-matching, backward-pushdist or greedy, not 'sideways'"]);
  });
});
