/**
 * A plan file whose steps are not operator terms is malformed (exit 2, a
 * located error) whatever its format (issue 13, point 8: `[1,2,3]` exited
 * 5 as an invalid plan while `{"plan":[1,2,3]}` exited 2).
 */
import { describe, expect, it } from 'vitest';
import { runMain, scratch } from './run-main.ts';

const { file } = scratch('planlog-plan-steps-');
const validate = (plan: string) => runMain('validate', 'domains/robot-problem.pl', '--domain', 'domains/robot.pl', '--plan', plan);

describe('validate --plan: steps that are not operator terms', () => {
  const cases: [string, string, string][] = [
    ['a Prolog list of integers', '[1,2,3]', ':1:2: step 1: 1 is not an operator term; a plan step is a name or name(constant, …)'],
    ['a JSON object with a plan of integers', '{"plan":[1,2,3]}', ':1:1: a JSON plan must be an array of strings or an object with a "plan" array of strings'],
    ['a JSON array of integers and a string', '[1, "a"]\n', ':1:1: a JSON plan must be an array of strings or an object with a "plan" array of strings'],
    ['a JSON string that is a variable', '["pick(red,a)", "X"]', ':1:18: step 2: X is not an operator term; a plan step is a name or name(constant, …)'],
    ['a line that is a number', 'pick(red,a)\n  2. 42\n', ':2:6: step 2: 42 is not an operator term; a plan step is a name or name(constant, …)'],
    ['a line that is a list', 'pick(red,a)\n[move(a,b)]\n', ':2:1: step 2: [move(a,b)] is not an operator term; a plan step is a name or name(constant, …)'],
  ];
  for (const [what, text, message] of cases) {
    it(`${what}: exit 2, located`, async () => {
      const plan = file(`${what.replace(/\W+/g, '-')}.txt`, text);
      const r = await validate(plan);
      expect(r.code).toBe(2);
      expect(r.err.split('\n')[0]).toBe(plan + message);
    });
  }

  it('well-formed steps that do not apply are still an invalid plan (exit 5)', async () => {
    const r = await validate(file('wrong.txt', 'move(a,b)\nfly(a)\n'));
    expect(r.code).toBe(5);
  });
});
