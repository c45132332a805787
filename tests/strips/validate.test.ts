/**
 * The plan validator (validatePlan) and the plan file reader (readPlan).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseDomain } from '../../src/lang/domain.ts';
import { PlanlogError } from '../../src/util/errors.ts';
import { parseTerm } from '../../src/lang/parse.ts';
import { readPlan } from '../../src/lang/plan.ts';
import { parseProblem } from '../../src/lang/problem.ts';
import { termToString } from '../../src/model/terms.ts';
import { compileLevel } from '../../src/sokoban/compile.ts';
import { readLevels, selectLevel } from '../../src/sokoban/level.ts';
import type { Domain, Problem } from '../../src/model/lifted.ts';
import { validatePlan } from '../../src/strips/validate.ts';
import type { PlanStep } from '../../src/model/lifted.ts';

const sokoban = parseDomain(readFileSync(new URL('../../domains/sokoban.pl', import.meta.url), 'utf8'), 'domains/sokoban.pl');
const corridor: Problem = compileLevel(selectLevel(readLevels('#####\n#@$.#\n#####', 'c.txt'), undefined, 'c.txt'));
const steps = (...xs: string[]): PlanStep[] => xs.map((s) => ({ term: parseTerm(s, '<test>') }));

// two boxes in a row, two goals: #@$$..#
const pair: Problem = compileLevel(selectLevel(readLevels('#######\n#@$$..#\n#######', 'p.txt'), undefined, 'p.txt'));

const INIT0 = ['right(x2y1,x1y1)', 'right(x3y1,x2y1)', 'sokoban(x1y1)', 'box(x2y1)', 'empty(x3y1)'];

describe('validatePlan on the one-push corridor', () => {
  it('accepts the one-step plan: steps, cost, binding, states', () => {
    const r = validatePlan(sokoban, corridor, steps('pushR(x1y1,x2y1,x3y1)'));
    expect(r.valid).toBe(true);
    expect(r.failure).toBeUndefined();
    expect(r.cost).toBe(1);
    expect(r.steps).toEqual([
      {
        op: 'pushR(x1y1,x2y1,x3y1)',
        schema: 7,
        binding: { Sok: 'x1y1', From: 'x2y1', To: 'x3y1' },
        pre: ['right(x3y1,x2y1)', 'right(x2y1,x1y1)', 'sokoban(x1y1)', 'box(x2y1)', 'empty(x3y1)'],
        added: ['sokoban(x2y1)', 'box(x3y1)', 'empty(x1y1)'],
        deleted: ['sokoban(x1y1)', 'box(x2y1)', 'empty(x3y1)'],
      },
    ]);
    expect(r.states).toHaveLength(2);
    expect(r.states[0]).toEqual(INIT0);
    expect([...r.states[1]].sort()).toEqual(['box(x3y1)', 'empty(x1y1)', 'right(x2y1,x1y1)', 'right(x3y1,x2y1)', 'sokoban(x2y1)']);
  });

  it('a longer valid plan: cost is the number of steps, the final state holds the goal', () => {
    const r = validatePlan(sokoban, corridor, steps('pushR(x1y1,x2y1,x3y1)', 'moveL(x2y1,x1y1)', 'moveR(x1y1,x2y1)'));
    expect(r.valid).toBe(true);
    expect(r.cost).toBe(3);
    expect(r.states).toHaveLength(4);
    expect([...r.states[3]].sort()).toEqual(['box(x3y1)', 'empty(x1y1)', 'right(x2y1,x1y1)', 'right(x3y1,x2y1)', 'sokoban(x2y1)']);
  });

  it("'unknown-operator': a name or an arity the domain does not have", () => {
    const r = validatePlan(sokoban, corridor, steps('moveQ(x1y1,x2y1)'));
    expect(r.valid).toBe(false);
    expect(r.failure).toEqual({ kind: 'unknown-operator', step: 1, op: 'moveQ(x1y1,x2y1)', missing: [], message: 'step 1: no operator moveQ/2 in the domain', loc: undefined });
    const a = validatePlan(sokoban, corridor, steps('pushR(x1y1,x2y1,x3y1)', 'moveR(x2y1)'));
    expect(a.failure?.kind).toBe('unknown-operator');
    expect(a.failure?.step).toBe(2);
    expect(a.failure?.message).toBe('step 2: no operator moveR/1 in the domain');
    expect(a.steps).toHaveLength(1);
    expect(a.cost).toBe(1);
  });

  it("'not-ground': a variable or a compound argument", () => {
    const r = validatePlan(sokoban, corridor, steps('moveR(X,x2y1)'));
    expect(r.failure?.kind).toBe('not-ground');
    expect(r.failure?.step).toBe(1);
    expect(r.failure?.op).toBe('moveR(X,x2y1)');
    expect(r.failure?.missing).toEqual([]);
    expect(r.failure?.message).toBe('step 1: moveR(X,x2y1) is not a ground operator term (expected name(constant, …))');
    const f = validatePlan(sokoban, corridor, steps('moveR(f(x),x2y1)'));
    expect(f.failure?.message).toBe('step 1: moveR(f(x),x2y1) is not a ground operator term (expected name(constant, …))');
    expect(r.states).toEqual([INIT0]);
  });

  it("'precondition': one missing fact", () => {
    const r = validatePlan(sokoban, corridor, steps('moveR(x1y1,x2y1)'));
    expect(r.valid).toBe(false);
    expect(r.failure).toEqual({
      kind: 'precondition',
      step: 1,
      op: 'moveR(x1y1,x2y1)',
      missing: ['empty(x2y1)'],
      message: 'step 1: moveR(x1y1,x2y1) is not applicable: precondition empty(x2y1) does not hold',
      loc: undefined,
    });
    expect(r.steps).toEqual([]);
    expect(r.cost).toBe(0);
  });

  it("'precondition': several missing facts, static ones included, in precondition order", () => {
    const r = validatePlan(sokoban, corridor, steps('pushR(x1y1,x2y1,x3y1)', 'pushR(x1y1,x2y1,x3y1)'));
    expect(r.failure?.step).toBe(2);
    expect(r.failure?.missing).toEqual(['sokoban(x1y1)', 'box(x2y1)', 'empty(x3y1)']);
    expect(r.failure?.message).toBe(
      'step 2: pushR(x1y1,x2y1,x3y1) is not applicable: preconditions sokoban(x1y1), box(x2y1), empty(x3y1) do not hold',
    );
    // states: the initial one and the one after step 1 (the board before the failing step)
    expect(r.states).toHaveLength(2);
    const off = validatePlan(sokoban, corridor, steps('pushR(x0y1,x1y1,x2y1)'));
    expect(off.failure?.missing).toEqual(['right(x1y1,x0y1)', 'sokoban(x0y1)', 'box(x1y1)', 'empty(x2y1)']);
  });

  it("'goal': the unmet goal facts after the last step (step = length + 1)", () => {
    const r = validatePlan(sokoban, corridor, []);
    expect(r.failure).toEqual({
      kind: 'goal',
      step: 1,
      op: '',
      missing: ['box(x3y1)'],
      message: 'after the last step (0) the goal is not reached: box(x3y1) does not hold',
    });
    const two = validatePlan(sokoban, pair, []);
    expect(two.failure?.missing).toEqual(['box(x4y1)', 'box(x5y1)']);
    expect(two.failure?.message).toBe('after the last step (0) the goal is not reached: box(x4y1), box(x5y1) do not hold');
  });

  it('pushing a box into another box: empty(To) is missing', () => {
    const r = validatePlan(sokoban, pair, steps('pushR(x1y1,x2y1,x3y1)'));
    expect(r.failure?.kind).toBe('precondition');
    expect(r.failure?.missing).toEqual(['empty(x3y1)']);
    expect(r.failure?.message).toBe('step 1: pushR(x1y1,x2y1,x3y1) is not applicable: precondition empty(x3y1) does not hold');
  });

  it('the locations of the steps are reported', () => {
    const plan = readPlan('pushR(x1y1,x2y1,x3y1)\n  2. moveR(x1y1,x2y1)\n', 'p.txt');
    const r = validatePlan(sokoban, corridor, plan);
    expect(r.failure?.step).toBe(2);
    expect(r.failure?.loc).toMatchObject({ file: 'p.txt', line: 2, column: 6 });
  });
});

// ---------------------------------------------------------------------------
// A hand-written domain

const D = `opn(stack(X, Y), [clear(X), clear(Y), ontable(X), X \\= Y], [on(X, Y)], [clear(Y), ontable(X)]).
opn(grab(X), [clear(X), ontable(X), hand(H), free(H)], [holding(X, H)], [free(H), ontable(X)]).
opn(touch(X), [mark(X)], [mark(X), seen(X)], [mark(X)]).
opn(same(X, Y), [clear(X), clear(Y), X \\= Y], [ok], []).`;
const hand: Domain = parseDomain(D, 'hand.pl');
const problem = (init: string, goal = 'on(a,b)'): Problem => parseProblem(`init([${init}]).\ngoal([${goal}]).`, 'hand-p.pl', hand);
const P1 = problem('ontable(a), ontable(b), clear(a), clear(b), hand(h1), hand(h2), free(h2), mark(a)');

describe('validatePlan on a hand-written domain', () => {
  it('a valid stack(a,b)', () => {
    const r = validatePlan(hand, P1, steps('stack(a,b)'));
    expect(r.valid).toBe(true);
    expect(r.cost).toBe(1);
    expect(r.steps[0].binding).toEqual({ X: 'a', Y: 'b' });
    expect(r.steps[0].deleted).toEqual(['clear(b)', 'ontable(a)']);
    expect([...r.states[1]].sort()).toEqual(['clear(a)', 'free(h2)', 'hand(h1)', 'hand(h2)', 'mark(a)', 'on(a,b)', 'ontable(b)']);
  });

  it('a variable that is not in the name (H) is found by search over the state', () => {
    const r = validatePlan(hand, P1, steps('grab(a)'));
    // grab applies (with H = h2, the free hand), then the goal fails
    expect(r.steps).toHaveLength(1);
    expect(r.steps[0].binding).toEqual({ X: 'a', H: 'h2' });
    expect(r.steps[0].pre).toEqual(['clear(a)', 'ontable(a)', 'hand(h2)', 'free(h2)']);
    expect(r.steps[0].added).toEqual(['holding(a,h2)']);
    expect(r.failure?.kind).toBe('goal');
    expect(r.failure?.step).toBe(2);
    expect(r.failure?.missing).toEqual(['on(a,b)']);
  });

  it('every precondition holds alone, but no single binding of H satisfies them together', () => {
    const p = problem('ontable(a), clear(a), clear(b), hand(h1), free(h3)');
    const r = validatePlan(hand, p, steps('grab(a)'));
    expect(r.failure?.kind).toBe('precondition');
    expect(r.failure?.missing).toEqual([]);
    expect(r.failure?.message).toBe('step 1: grab(a) is not applicable: no single binding satisfies all preconditions together');
    const none = validatePlan(hand, problem('ontable(a), clear(a), clear(b), hand(h1)'), steps('grab(a)'));
    expect(none.failure?.missing).toEqual(['free(H)']);
    expect(none.failure?.message).toBe('step 1: grab(a) is not applicable: precondition free(H) does not hold');
  });

  it('add wins over delete: touch(a) adds and deletes mark(a), which stays true', () => {
    const r = validatePlan(hand, P1, steps('touch(a)', 'touch(a)'));
    expect(r.steps).toHaveLength(2);
    expect(r.steps[0].added).toEqual(['mark(a)', 'seen(a)']);
    expect(r.steps[0].deleted).toEqual([]);
    expect(r.states[1]).toContain('mark(a)');
    expect(r.states[2]).toContain('mark(a)');
    expect(r.states[2]).toContain('seen(a)');
    expect(r.cost).toBe(2);
    expect(r.failure?.kind).toBe('goal');
  });

  it('the states, worked out when read, keep the order the replay gives: a fact deleted and added again moves to the end', () => {
    const r = validatePlan(hand, problem('mark(a), ontable(a), clear(a), hand(h1), free(h1)'), steps('touch(a)', 'grab(a)'));
    expect(r.states).toEqual([
      ['mark(a)', 'ontable(a)', 'clear(a)', 'hand(h1)', 'free(h1)'],
      ['ontable(a)', 'clear(a)', 'hand(h1)', 'free(h1)', 'mark(a)', 'seen(a)'],
      ['clear(a)', 'hand(h1)', 'mark(a)', 'seen(a)', 'holding(a,h1)'],
    ]);
    // read twice: the same arrays
    expect(r.states[2]).toBe(r.states[2]);
    // the last state, without the others: the goal is not reached, so it is the state after step 2
    expect(r.last).toEqual(r.states[2]);
    const failed = validatePlan(hand, problem('mark(a), ontable(a), clear(a), hand(h1), free(h1)'), steps('touch(a)', 'grab(b)'));
    expect([failed.failure?.step, failed.last]).toEqual([2, ['ontable(a)', 'clear(a)', 'hand(h1)', 'free(h1)', 'mark(a)', 'seen(a)']]);
  });

  it('inequality failure: stack(a,a) and same(a,a)', () => {
    const r = validatePlan(hand, P1, steps('stack(a,a)'));
    expect(r.failure).toEqual({
      kind: 'precondition',
      step: 1,
      op: 'stack(a,a)',
      missing: [],
      message: 'step 1: stack(a,a) is not applicable: inequality a \\= a does not hold',
      loc: undefined,
    });
    expect(validatePlan(hand, P1, steps('same(a,a)')).failure?.message).toBe('step 1: same(a,a) is not applicable: inequality a \\= a does not hold');
    expect(validatePlan(hand, P1, steps('same(a,b)')).steps).toHaveLength(1);
  });

  it('a missing precondition is reported before a broken inequality', () => {
    const p = problem('ontable(a), clear(a)');
    const r = validatePlan(hand, p, steps('stack(a,b)'));
    expect(r.failure?.missing).toEqual(['clear(b)']);
    expect(r.failure?.message).toBe('step 1: stack(a,b) is not applicable: precondition clear(b) does not hold');
  });
});

// ---------------------------------------------------------------------------
// readPlan

const view = (s: PlanStep[]) => s.map((x) => [termToString(x.term), x.loc?.line, x.loc?.column]);

function planError(text: string): string[] {
  try {
    readPlan(text, 'plan.txt');
  } catch (e) {
    if (!(e instanceof PlanlogError)) throw e;
    return e.diagnostics.map((d) => `${d.file}:${d.line}:${d.column}: ${d.message}`);
  }
  throw new Error('expected the plan to be rejected');
}

describe('readPlan', () => {
  it('line format: comments, blank lines, numbered lines, trailing dots', () => {
    const text = '% my plan\n; another comment\n\nmoveR(a,b)\n  3. pushR(a,b,c).\n12: moveL(b,a)\n4) moveU(a, b) .\n  moveD(b,a)   % why\n';
    expect(view(readPlan(text, 'plan.txt'))).toEqual([
      ['moveR(a,b)', 4, 1],
      ['pushR(a,b,c)', 5, 6],
      ['moveL(b,a)', 6, 5],
      ['moveU(a,b)', 7, 4],
      ['moveD(b,a)', 8, 3],
    ]);
    expect(readPlan(text, 'plan.txt')[0].loc?.file).toBe('plan.txt');
  });

  it('every line end the Prolog grammar counts (LF, CR LF, a bare CR, U+2028): step and error lines as an editor shows them', () => {
    expect(view(readPlan('moveR(a,b)\rmoveL(b,a)\r\n\u2028pushR(a,b,c)\n', 'plan.txt'))).toEqual([
      ['moveR(a,b)', 1, 1],
      ['moveL(b,a)', 2, 1],
      ['pushR(a,b,c)', 4, 1],
    ]);
    expect(planError('moveR(a,b)\rmoveL(b,\r')[0]).toMatch(/^plan\.txt:2:/);
    // JSON: a step's place and a parse error's place after bare CRs
    expect(view(readPlan('{\r"plan": [\r"moveR(a,b)",\r"moveL(b,a)"]}', 'plan.json'))).toEqual([
      ['moveR(a,b)', 3, 2],
      ['moveL(b,a)', 4, 2],
    ]);
    expect(planError('{\r"plan": [\r"moveR(a,b)",\r')[0]).toMatch(/^plan\.txt:3:14: the plan looks like JSON but does not parse/);
  });

  it('CRLF lines, atoms, quoted atoms and integers', () => {
    expect(view(readPlan("moveR(a,b)\r\n  2. reset\r\ngo('New York', 3)\r\n", 'plan.txt'))).toEqual([
      ['moveR(a,b)', 1, 1],
      ['reset', 2, 6],
      ["go('New York',3)", 3, 1],
    ]);
  });

  it('an empty file is the empty plan', () => {
    expect(readPlan('', 'plan.txt')).toEqual([]);
    expect(readPlan('% nothing\n\n', 'plan.txt')).toEqual([]);
  });

  it('Prolog list form, with or without a final dot, over several lines', () => {
    expect(view(readPlan('[moveR(a,b), pushR(a,b,c)]', 'plan.txt'))).toEqual([
      ['moveR(a,b)', 1, 2],
      ['pushR(a,b,c)', 1, 14],
    ]);
    expect(view(readPlan('[moveR(a,b),\n pushR(a,b,c)].\n', 'plan.txt'))).toEqual([
      ['moveR(a,b)', 1, 2],
      ['pushR(a,b,c)', 2, 2],
    ]);
    expect(readPlan('[]', 'plan.txt')).toEqual([]);
    expect(planError('[moveR(a,b) | T]')).toEqual(['plan.txt:1:1: a plan given as a Prolog list must be a proper list of operator terms']);
  });

  it('JSON: an array of strings, or an object with a plan array (solve --json output)', () => {
    expect(view(readPlan('["moveR(a,b)", "pushR(a,b,c)"]', 'plan.json')).map((v) => v[0])).toEqual(['moveR(a,b)', 'pushR(a,b,c)']);
    const solved = JSON.stringify({ status: 'solved', plan: ['pushR(x1y1,x2y1,x3y1)'], length: 1, stats: { expanded: 1 } }, null, 2);
    // each step is located at its string in the file (line 4, after the quote)
    expect(view(readPlan(solved, 'plan.json'))).toEqual([['pushR(x1y1,x2y1,x3y1)', 4, 6]]);
    expect(readPlan('{"plan": []}', 'plan.json')).toEqual([]);
    expect(planError('{"plan": 3}')).toEqual(['plan.txt:1:1: a JSON plan must be an array of strings or an object with a "plan" array of strings']);
    expect(planError('{bad json')[0]).toMatch(/^plan\.txt:1:2: the plan looks like JSON but does not parse: /);
  });

  // Found by the plan fuzzer: errors in a JSON plan's steps were placed at
  // their column in the step's string, on line 1 of the file.
  it('JSON: an error in a step is located in the file, inside its string', () => {
    expect(planError('{\n  "status": "solved",\n  "plan": ["moveR(a,b)",\n    "moveR(b c)"]\n}')).toEqual([
      'plan.txt:4:14: expected "," or ")", found "c" (is a comma missing?)',
    ]);
    // a string with escapes is not read one for one: the error points at its start
    expect(planError('["moveR(a,\\u0062 c)"]')).toEqual(['plan.txt:1:3: expected "," or ")", found "c" (is a comma missing?)']);
    expect(planError('{\n "plan": ["a",\n')[0]).toMatch(/^plan\.txt:2:15: the plan looks like JSON but does not parse: /);
  });

  it('a syntax error in line 3 is reported at line 3, at its column', () => {
    expect(planError('moveR(a,b)\nmoveR(b,c)\nmoveR(c,d\nmoveR(d,e)\n')).toEqual(['plan.txt:3:10: unexpected end of file: expected "," or ")"']);
    // with a step number: the column counts the prefix "  3. "
    expect(planError('moveR(a,b)\nmoveR(b,c)\n  3. moveR(c d)\n')).toEqual(['plan.txt:3:14: expected "," or ")", found "d" (is a comma missing?)']);
    // two steps on one line
    expect(planError('% c\nmoveR(a,b)\nmoveR(a,b). moveR(b,c).\n')).toEqual(['plan.txt:3:13: expected the end of the term, found "moveR"']);
  });
});
