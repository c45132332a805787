/**
 * Issue 21, "also": an `unsolvable` answer proven only under the original's
 * action rule says so in the solve JSON (`proof: "action-rule"`, both
 * backends), and `validate --json` names the cost of an invalid plan's
 * replayed prefix `prefixCost`.
 */
import { describe, expect, it } from 'vitest';
import { runMain, scratch } from './run-main.ts';

const { file } = scratch('planlog-proof-');

// The light must be switched on twice: no plan uses each ground operator once.
const LIGHT = file('light.pl', `opn(switchOn, [off], [on], [off]).
opn(useA, [on], [a, off], [on]).
opn(useB, [on, a], [b, off], [on]).
`);
const LIGHT_PROBLEM = file('light-problem.pl', 'init([off]).\ngoal([a, b]).\n');
// p and q never hold together: no plan at all.
const NEVER = file('never.pl', 'opn(swap, [p], [q], [p]).\nopn(finish, [p, q], [g], []).\n');
const NEVER_PROBLEM = file('never-problem.pl', 'init([p]).\ngoal([g]).\n');

const json = async (...argv: string[]): Promise<{ code: number; j: Record<string, unknown> }> => {
  const r = await runMain(...argv, '--json');
  return { code: r.code, j: JSON.parse(r.out) as Record<string, unknown> };
};

describe('solve --json: proof on unsolvable answers', () => {
  it('iddfs --cycle action (with and without --tt): exit 1, status unsolvable, proof "action-rule"', async () => {
    for (const tt of [[], ['--tt']]) {
      const { code, j } = await json('solve', LIGHT_PROBLEM, '--domain', LIGHT, '--algo', 'iddfs', '--cycle', 'action', ...tt);
      expect(code).toBe(1);
      expect(j.status).toBe('unsolvable');
      expect(j.proof).toBe('action-rule');
    }
  });

  it('the same problem under --cycle state is solved in 4 steps, no proof field', async () => {
    const { code, j } = await json('solve', LIGHT_PROBLEM, '--domain', LIGHT, '--algo', 'iddfs');
    expect([code, j.status, j.length]).toEqual([0, 'solved', 4]);
    expect(j).not.toHaveProperty('proof');
  });

  it('a complete proof (iddfs --cycle state, bfs) has no proof field', async () => {
    for (const algo of [['--algo', 'iddfs'], ['--algo', 'bfs']]) {
      const { code, j } = await json('solve', NEVER_PROBLEM, '--domain', NEVER, ...algo);
      expect([code, j.status]).toEqual([1, 'unsolvable']);
      expect(j).not.toHaveProperty('proof');
    }
  });

  it('the prolog backend says the same: proof "action-rule" under --cycle action only', async () => {
    const action = await json('solve', LIGHT_PROBLEM, '--domain', LIGHT, '--algo', 'iddfs', '--cycle', 'action', '--backend', 'prolog');
    expect([action.code, action.j.status, action.j.backend, action.j.proof]).toEqual([1, 'unsolvable', 'prolog', 'action-rule']);
    const state = await json('solve', NEVER_PROBLEM, '--domain', NEVER, '--algo', 'iddfs', '--backend', 'prolog');
    expect([state.code, state.j.status]).toEqual([1, 'unsolvable']);
    expect(state.j).not.toHaveProperty('proof');
  });
});

describe('validate --json: the cost of an invalid plan is the prefix\'s', () => {
  const ROBOT = file('robot.pl', `opn(move(From, To), [at(From), door(From, To)], [at(To)], [at(From)], 5).
opn(pick(B, R), [at(R), ball(B, R), free], [holding(B)], [ball(B, R), free], 2).
opn(drop(B, R), [at(R), holding(B)], [ball(B, R), free], [holding(B)], 3).
`);
  const PROBLEM = file('robot-problem.pl', 'init([door(a, b), door(b, a), at(a), ball(red, a), free]).\ngoal([ball(red, b)]).\n');

  it('step 3 fails: cost and prefixCost are the 2 + 5 of the two steps replayed', async () => {
    const plan = file('bad-plan.txt', 'pick(red,a)\nmove(a,b)\ndrop(red,a)\n');
    const { code, j } = await json('validate', PROBLEM, '--domain', ROBOT, '--plan', plan);
    expect(code).toBe(5);
    expect(j).toMatchObject({ valid: false, length: 3, cost: 7, prefixCost: 7, failure: { kind: 'precondition', step: 3 } });
  });

  it('a valid plan: cost of the whole plan, no prefixCost', async () => {
    const plan = file('good-plan.txt', 'pick(red,a)\nmove(a,b)\ndrop(red,b)\n');
    const { code, j } = await json('validate', PROBLEM, '--domain', ROBOT, '--plan', plan);
    expect(code).toBe(0);
    expect(j).toEqual({ valid: true, length: 3, cost: 10, warnings: [] });
  });
});
