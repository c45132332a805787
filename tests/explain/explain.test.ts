/**
 * planlog explain: each step of a plan with its operator schema as written,
 * bindings, preconditions (static / fluent), add and delete lists, boards.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { explainPlan, loadProblem, lurdSteps, readPlan, renderExplanation, type Explanation, type LoadedProblem } from '../../src/index.ts';
import { clauseText } from '../../src/lang/clause-text.ts';

const path = (p: string): string => fileURLToPath(new URL(`../../${p}`, import.meta.url));
const ROBOT_DOMAIN = readFileSync(path('domains/robot.pl'), 'utf8');
const SOKOBAN_DOMAIN = readFileSync(path('domains/sokoban.pl'), 'utf8');
const ROBOT_PROBLEM = readFileSync(path('domains/robot-problem.pl'), 'utf8');

const robot = (): LoadedProblem => loadProblem({ file: 'robot-problem.pl', text: ROBOT_PROBLEM, domainFile: 'domains/robot.pl', domainText: ROBOT_DOMAIN });
const tutorial = (level: number): LoadedProblem =>
  loadProblem({ file: 'tutorial.txt', text: readFileSync(path('maps/tutorial.txt'), 'utf8'), level, domainFile: 'domains/sokoban.pl', domainText: SOKOBAN_DOMAIN });

describe('explainPlan on the robot domain (3 steps, written out)', () => {
  const plan = readPlan('pick(red,a)\nmove(a,b)\ndrop(red,b)\n', 'plan.txt');
  let e: Explanation;
  beforeAll(() => {
    e = explainPlan(robot(), plan, ROBOT_DOMAIN);
  });

  it('is valid, 3 steps, cost 3, goal ball(red,b), no board', () => {
    expect(e.valid).toBe(true);
    expect(e.length).toBe(3);
    expect(e.cost).toBe(3);
    expect(e.goal).toEqual(['ball(red,b)']);
    expect(e.initial).toEqual(['at(a)', 'ball(red,a)', 'free']);
    expect(e.initialBoard).toBeUndefined();
    expect(e.failure).toBeUndefined();
  });

  it('step 1 pick(red,a): schema as written, bindings, fluent preconditions, effects', () => {
    expect(e.steps[0]).toEqual({
      index: 1,
      op: 'pick(red,a)',
      schema: { name: 'pick(B,R)', line: 9, text: 'opn(pick(B, R), [at(R), ball(B, R), free], [holding(B)], [ball(B, R), free]).' },
      bindings: { B: 'red', R: 'a' },
      preconditions: [
        { fact: 'at(a)', static: false },
        { fact: 'ball(red,a)', static: false },
        { fact: 'free', static: false },
      ],
      add: ['holding(red)'],
      del: ['ball(red,a)', 'free'],
    });
  });

  it('step 2 move(a,b): door(a,b) is a static fact', () => {
    expect(e.steps[1]).toEqual({
      index: 2,
      op: 'move(a,b)',
      schema: { name: 'move(From,To)', line: 8, text: 'opn(move(From, To), [at(From), door(From, To)], [at(To)], [at(From)]).' },
      bindings: { From: 'a', To: 'b' },
      preconditions: [
        { fact: 'at(a)', static: false },
        { fact: 'door(a,b)', static: true },
      ],
      add: ['at(b)'],
      del: ['at(a)'],
    });
  });

  it('step 3 drop(red,b)', () => {
    const s = e.steps[2];
    expect(s.schema).toEqual({ name: 'drop(B,R)', line: 10, text: 'opn(drop(B, R), [at(R), holding(B)], [ball(B, R), free], [holding(B)]).' });
    expect(s.bindings).toEqual({ B: 'red', R: 'b' });
    expect(s.preconditions).toEqual([
      { fact: 'at(b)', static: false },
      { fact: 'holding(red)', static: false },
    ]);
    expect(s.add).toEqual(['ball(red,b)', 'free']);
    expect(s.del).toEqual(['holding(red)']);
  });

  it('the text form shows each schema with its line and marks static facts', () => {
    const text = renderExplanation(e, 'domains/robot.pl');
    expect(text).toContain('step 2: move(a,b)\n  operator move(From,To), domains/robot.pl:8\n    opn(move(From, To), [at(From), door(From, To)], [at(To)], [at(From)]).');
    expect(text).toContain('  bindings: From = a, To = b');
    expect(text).toMatch(/door\(a,b\) +static/);
    expect(text).toContain('  add: ball(red,b), free\n  del: holding(red)');
    expect(text.endsWith('valid: 3 steps, cost 3; the goal ball(red,b) holds after the last step')).toBe(true);
  });
});

describe('explainPlan on an invalid plan', () => {
  it('explains up to the failing step, then marks its preconditions holds / missing', () => {
    const e = explainPlan(robot(), readPlan('pick(red,a)\ndrop(red,b)\nmove(a,b)\n', 'bad.txt'), ROBOT_DOMAIN);
    expect(e.valid).toBe(false);
    expect(e.length).toBe(3);
    expect(e.steps.map((s) => s.op)).toEqual(['pick(red,a)']);
    expect(e.failure).toMatchObject({
      kind: 'precondition',
      step: 2,
      op: 'drop(red,b)',
      missing: ['at(b)'],
      bindings: { B: 'red', R: 'b' },
      schema: { name: 'drop(B,R)', line: 10 },
      preconditions: [
        { fact: 'at(b)', static: false, holds: false },
        { fact: 'holding(red)', static: false, holds: true },
      ],
      file: 'bad.txt',
      line: 2,
    });
    const text = renderExplanation(e, 'domains/robot.pl');
    expect(text).toContain('step 2: drop(red,b) — not applicable');
    expect(text).toMatch(/at\(b\) +fluent +MISSING/);
    expect(text).toMatch(/holding\(red\) +fluent +holds/);
    expect(text).toContain('invalid plan: bad.txt:2:1: step 2: drop(red,b) is not applicable: precondition at(b) does not hold');
  });

  it('an unknown operator has no schema; a short plan fails at the goal check', () => {
    const unknown = explainPlan(robot(), readPlan('fly(a,b)\n', 'p'), ROBOT_DOMAIN);
    expect(unknown.failure).toMatchObject({ kind: 'unknown-operator', step: 1, missing: [] });
    expect(unknown.failure?.schema).toBeUndefined();
    const short = explainPlan(robot(), readPlan('pick(red,a)\n', 'p'), ROBOT_DOMAIN);
    expect(short.steps).toHaveLength(1);
    expect(short.failure).toMatchObject({ kind: 'goal', step: 2, missing: ['ball(red,b)'] });
  });
});

describe('explainPlan on a Sokoban level', () => {
  it('tutorial level 2, rrRR: a board after each step; the push has two static preconditions', () => {
    const loaded = tutorial(2);
    const e = explainPlan(loaded, lurdSteps(loaded, 'rrRR'), SOKOBAN_DOMAIN);
    expect(e.valid).toBe(true);
    expect(e.initialBoard).toBe('########\n#@  $ .#\n########');
    expect(e.steps.map((s) => s.board)).toEqual([
      '########\n# @ $ .#\n########',
      '########\n#  @$ .#\n########',
      '########\n#   @$.#\n########',
      '########\n#    @*#\n########',
    ]);
    const push = e.steps[2];
    expect(push.op).toBe('pushR(x3y1,x4y1,x5y1)');
    expect(push.schema.name).toBe('pushR(Sok,From,To)');
    expect(push.schema.text.split('\n')).toHaveLength(4);
    expect(push.bindings).toEqual({ Sok: 'x3y1', From: 'x4y1', To: 'x5y1' });
    expect(push.preconditions.filter((p) => p.static).map((p) => p.fact)).toEqual(['right(x5y1,x4y1)', 'right(x4y1,x3y1)']);
    expect(push.add).toEqual(['sokoban(x4y1)', 'box(x5y1)', 'empty(x3y1)']);
    expect(push.del).toEqual(['sokoban(x3y1)', 'box(x4y1)', 'empty(x5y1)']);
  });

  it('a failing push shows the board before it and the missing facts', () => {
    const loaded = tutorial(2);
    const e = explainPlan(loaded, lurdSteps(loaded, 'rrRlR'), SOKOBAN_DOMAIN);
    expect(e.steps).toHaveLength(4);
    expect(e.failure).toMatchObject({ step: 5, missing: ['box(x4y1)', 'empty(x5y1)'], board: '########\n#  @ $.#\n########', column: 5 });
  });
});

describe('explainPlan: inequalities', () => {
  it('are ground and listed apart from the preconditions', () => {
    const domainText = '% roads\nopn(go(X, Y),\n    [at(X), road(X, Y), X \\= Y],\n    [at(Y)], [at(X)]).\n';
    const loaded = loadProblem({ file: 'p.pl', text: 'init([at(a), road(a, b)]).\ngoal([at(b)]).', domainFile: 'roads.pl', domainText });
    const [step] = explainPlan(loaded, readPlan('go(a,b)', 'p'), domainText).steps;
    expect(step.schema).toEqual({ name: 'go(X,Y)', line: 2, text: 'opn(go(X, Y),\n    [at(X), road(X, Y), X \\= Y],\n    [at(Y)], [at(X)]).' });
    expect(step.preconditions).toEqual([
      { fact: 'at(a)', static: false },
      { fact: 'road(a,b)', static: true },
    ]);
    expect(step.inequalities).toEqual(['a \\= b']);
    expect(renderExplanation(explainPlan(loaded, readPlan('go(a,b)', 'p'), domainText), 'roads.pl')).toContain('  inequalities: a \\= b\n');
  });
});

describe('clauseText', () => {
  it('reads a clause up to its final "." past quoted atoms, comments and nested brackets', () => {
    const text = "% head.\nopn(go('a.b)', X), % a comment. (\n  [p(X)], /* ). */ [q('it''s')], []).\nnext.";
    const start = text.indexOf('opn');
    expect(clauseText(text, start)).toBe("opn(go('a.b)', X), % a comment. (\n  [p(X)], /* ). */ [q('it''s')], []).");
    expect(clauseText(text, text.indexOf('next'))).toBe('next.');
  });

  it('is null when no clause end follows', () => {
    expect(clauseText('opn(a, [], [], [])', 0)).toBeNull();
    expect(clauseText('opn(a.b)', 0)).toBeNull();
  });
});
