/**
 * Plan files in PDDL's form (VAL, Fast Downward's sas_plan): told apart from
 * planlog's steps, read as the domain's operator terms, each step located.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadProblem } from '../../src/core/load.ts';
import { parseDomain } from '../../src/lang/domain.ts';
import { termToString } from '../../src/model/terms.ts';
import { isPddlPlan, readPddlPlan } from '../../src/pddl/plan.ts';
import { validateSteps } from '../../src/pipeline/solve.ts';
import { diagnostics } from '../diagnostics.ts';

const example = loadProblem({
  file: 'examples/pddl/problem.pddl',
  text: readFileSync('examples/pddl/problem.pddl', 'utf8'),
  domainFile: 'examples/pddl/domain.pddl',
  domainText: readFileSync('examples/pddl/domain.pddl', 'utf8'),
});

const steps = (text: string): string[] => readPddlPlan(text, 'p.plan', example.domain).map((s) => `${termToString(s.term)} @${s.loc!.line}:${s.loc!.column}`);

/** The located errors a plan file gets, one per line. */
const error = (text: string): string => diagnostics(() => readPddlPlan(text, 'p.plan', example.domain)).map((d) => `${d.file}:${d.line}:${d.column}: ${d.message}`).join('\n');

describe('isPddlPlan: a plan file is PDDL when its first step starts with (', () => {
  it.each([
    ['(pick-up letter hall)\n', true],
    ['; comment\n\n  (move hall office)', true],
    ['; plan\r(move a b)\r', true],
    ['; plan\u2028(move a b)', true],
    ['0: (move hall office) [1]', true],
    ['0.000: (move hall office)', true],
    ['pickUp(letter,hall)\n', false],
    ['% comment\n1. move(a,b)', false],
    ['["move(a,b)"]', false],
    ['; cost = 0 (unit cost)\n', false],
    ['', false],
  ])('%j → %s', (text, pddl) => expect(isPddlPlan(text)).toBe(pddl));
});

describe('readPddlPlan', () => {
  it("Fast Downward's sas_plan: names through fromPddlName (pick-up → pickUp), case-insensitive, ; comments and the cost line skipped", () => {
    expect(steps('(pick-up letter hall)\n(MOVE Hall Office)   ; to the office\n(put-down letter office)\n; cost = 3 (unit cost)\n')).toEqual([
      'pickUp(letter,hall) @1:1',
      'move(hall,office) @2:1',
      'putDown(letter,office) @3:1',
    ]);
  });

  it('the timed form of VAL and temporal planners: a time before the step, a duration after it', () => {
    expect(steps('0.000: (pick-up letter hall) [1.000]\r\n1: (move hall office)  [1]\n')).toEqual(['pickUp(letter,hall) @1:8', 'move(hall,office) @2:4']);
  });

  it('an action of an exported opn domain with parameters its name does not have keeps the name (and a name with a dash not before a letter is quoted)', () => {
    // exportPddlDomain writes pick(B) with the extra parameter ?r (only a precondition binds R)
    const domain = parseDomain("opn(pick(B), [at(R), ball(B, R)], [holding(B)], [ball(B, R)]).\nopn('go-1'(X), [p(X)], [q(X)], []).", 'd.pl');
    const read = readPddlPlan('(pick red room-1)\n(go-1 a)\n', 'p.plan', domain).map((s) => termToString(s.term));
    expect(read).toEqual(['pick(red)', "'go-1'(a)"]);
  });

  it('an unknown action or a wrong number of arguments is read as written: the validator says no such operator (exit 5)', () => {
    const read = readPddlPlan('(fly hall office)\n(move hall)\n', 'p.plan', example.domain);
    expect(read.map((s) => termToString(s.term))).toEqual(['fly(hall,office)', 'move(hall)']);
    const v = validateSteps(example, read);
    expect(v.failure?.message).toBe('step 1: no action fly with 2 parameters in the domain');
    expect(v.failure?.loc && `${v.failure.loc.file}:${v.failure.loc.line}:${v.failure.loc.column}`).toBe('p.plan:1:1');
  });

  it('a PDDL plan validated: the failing step at its line and column in the plan file', () => {
    const read = readPddlPlan('; by hand\n(pick-up letter hall)\n  (put-down letter office)\n', 'p.plan', example.domain);
    const v = validateSteps(example, read);
    expect(v.valid).toBe(false);
    expect(v.failure?.message).toBe('step 2: (put-down letter office) is not applicable: precondition (robot-at office) does not hold');
    expect(v.failure?.loc && `${v.failure.loc.line}:${v.failure.loc.column}`).toBe('3:3');
  });

  it('lines that are not one step are located errors', () => {
    expect(error('(pick-up letter hall)\n(move hall (office))\n')).toBe('p.plan:2:1: expected a step such as (pick-up a), found (move hall (office))');
    expect(error('(move hall office) (move office hall)\n')).toBe('p.plan:1:20: one step per line: unexpected (move office hall) after (move hall office)');
    expect(error('0: (move hall office) [1] x\n')).toBe('p.plan:1:27: one step per line: unexpected x after (move hall office)');
    expect(error('(move hall office\n')).toBe('p.plan:1:1: this "(" is never closed');
    expect(error('  3.5:\n')).toBe('p.plan:1:7: expected a step such as (pick-up a) after 3.5:');
    expect(error('(move hall 3rd)\n')).toBe('p.plan:1:12: 3rd in (move hall 3rd) is not a PDDL name (a letter, then letters, digits, - or _)');
    expect(error('move hall office\n')).toBe('p.plan:1:1: expected a step such as (pick-up a), found move');
  });
});
