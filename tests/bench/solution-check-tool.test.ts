/**
 * bench/solution-check.ts: known solutions replayed through the forward
 * push-level search's checks. On two literal levels (one whose only plan
 * is a push that shuts the player out of a box already on its goal, which
 * the frozen-goal check used to call dead) every check lets the solution
 * through: a table row per level, exit 0; so do the states a backward
 * search stores (`--backward-states`). A solution that does not replay,
 * a line that is no solution, a missing option or file: one located line,
 * exit 2.
 */
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { solutionFixture } from './solution-fixture.ts';

const fx = solutionFixture('planlog-solcheck-');
afterAll(() => fx.remove());
const { dir, levels, solutions } = fx;
const check = (...args: string[]) => fx.run('solution-check', ...args);

describe('bench/solution-check.ts', () => {
  it('lets both solutions through every check: a row per level, exit 0', () => {
    const good = solutions('good.txt', '; solutions\n1: R\n2: ddRRRurDlllluRRR\n');
    const r = check('--levels', levels, '--solutions', good);
    expect([r.status, r.stderr]).toEqual([0, '']);
    expect(r.stdout).toContain('| 1 | 1 | none | 0 |');
    expect(r.stdout).toContain('| 2 | 7 | none | 0 |');
    expect(r.stdout).toContain('2 levels, 0 with a check that calls a state of its solution dead');
    // a level chosen that the file has no solution for
    const one = check('--levels', `${levels}:1-2`, '--solutions', solutions('one.txt', '2: ddRRRurDlllluRRR\n'));
    expect(one.stdout).toContain(`| 1 | - | no solution in ${join(dir, 'one.txt')} | - |`);
  });

  it("--backward-states: the states a backward search stores, each solvable, through the forward checks (the frozen-goal check used to drop the sealed level's one push)", () => {
    const r = check('--levels', levels, '--backward-states', '50');
    expect([r.status, r.stderr]).toEqual([0, '']);
    expect(r.stdout).toContain('| 1 | 1 | 1 | none |');
    expect(r.stdout).toContain('| 2 | 7 | 13 | none |');
    expect(r.stdout).toContain("2 levels, 0 with a check that calls a backward search's state dead");
    expect(check('--levels', levels, '--backward-states', 'x').stderr.trim()).toBe("bench/solution-check.ts: --backward-states: a whole number, not 'x'");
  });

  it('a solution that does not replay, a line that is none, missing options and files: one line, exit 2', () => {
    const broken = check('--levels', levels, '--solutions', solutions('broken.txt', '1: R\n2: rrrdLL\n'));
    expect([broken.status, broken.stderr.trim()]).toEqual([2, `bench/solution-check.ts: ${join(dir, 'broken.txt')}:2:8: level 2: step 5 ('L'): no box to push at x3y2`]);
    const junk = check('--levels', levels, '--solutions', solutions('junk.txt', '1: R\nhello\n'));
    expect([junk.status, junk.stderr.trim()]).toEqual([2, `bench/solution-check.ts: ${join(dir, 'junk.txt')}:2: expected 'N: LURD'`]);
    const none = check('--levels', levels);
    expect([none.status, none.stderr.trim()]).toEqual([2, 'bench/solution-check.ts: --levels FILE and --solutions FILE (or --backward-states N) are needed (--help)']);
    const missing = check('--levels', levels, '--solutions', join(dir, 'nowhere.txt'));
    expect([missing.status, missing.stderr.trim()]).toEqual([2, `bench/solution-check.ts: --solutions: ${join(dir, 'nowhere.txt')}: no such file`]);
  });
});
