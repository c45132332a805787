/**
 * The authoring routes: POST /api/lint answers the JSON of `planlog lint
 * --json` (texts named <domain>, <problem>, <level>), POST /api/pddl the
 * texts `planlog pddl import|export` write and the plan `solve
 * --plan-format pddl` prints; bad input is a 400 with its location.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiTests } from './api-harness.ts';
import { runMain } from '../cli/run-main.ts';

/** A domain with a typo: pick's precondition bal(B, R) (line 2, column 25) for ball(B, R). */
const TYPO_DOMAIN = ['opn(move(From, To), [at(From), door(From, To)], [at(To)], [at(From)]).', 'opn(pick(B, R), [at(R), bal(B, R), free], [holding(B)], [ball(B, R), free]).', ''].join('\n');
const TYPO_PROBLEM = ['init([at(a), door(a, b), ball(x, a), free]).', 'goal([holding(x)]).', ''].join('\n');
const SINGLETON_DOMAIN = 'opn(move(From, To), [at(From), door(From, To), clear(Z)], [at(To)], [at(From)]).\n';
const LAMPS_DOMAIN = readFileSync('examples/pddl/lamps/domain.pddl', 'utf8');
const LAMPS_PROBLEM = readFileSync('examples/pddl/lamps/problem.pddl', 'utf8');
const ROBOT = readFileSync('domains/robot.pl', 'utf8');
const ROBOT_PROBLEM = readFileSync('domains/robot-problem.pl', 'utf8');
const TUTORIAL = readFileSync('maps/tutorial.txt', 'utf8');

const api = apiTests({ threads: 1, queue: 8 });
const post = api.post;
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'planlog-author-'));
});

/** Writes a text to the test's folder; its path. */
function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

/** A JSON text with file paths replaced by the names the API reads its texts under. */
const renamed = (text: string, names: Record<string, string>): unknown => JSON.parse(Object.entries(names).reduce((t, [from, to]) => t.split(JSON.stringify(from)).join(JSON.stringify(to)), text));

describe('POST /api/lint', () => {
  it('answers the warnings of planlog lint --json, located in <domain> and <problem>', async () => {
    const r = await post('/api/lint', { domain: TYPO_DOMAIN, problem: TYPO_PROBLEM });
    expect(r.status).toBe(200);
    expect(r.json.file).toBe('<problem>');
    expect(r.json.domain).toBe('<domain>');
    expect(r.json.warnings.map((w: { code: string; file: string; line: number; column: number }) => [w.code, w.file, w.line, w.column])).toEqual([
      ['unknown-precondition', '<domain>', 2, 25],
      ['unused-init', '<problem>', 1, 26],
    ]);
    expect(r.json.warnings[0].notes).toEqual(['did you mean ball/2?']);
    const d = file('typo.pl', TYPO_DOMAIN);
    const p = file('typo-problem.pl', TYPO_PROBLEM);
    const cli = await runMain('lint', p, '--domain', d, '--json');
    expect(cli.code).toBe(0);
    expect(r.json).toEqual(renamed(cli.out, { [d]: '<domain>', [p]: '<problem>' }));
  }, 30_000);

  it('checks a domain alone (no problem): its singleton variables', async () => {
    const r = await post('/api/lint', { domain: SINGLETON_DOMAIN });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({
      file: '<domain>',
      domain: null,
      warnings: [{ code: 'singleton', file: '<domain>', line: 1, column: 54, message: 'singleton variable Z in move(From,To): it occurs only once, so clear(Z) matches any clear/1 fact', notes: ['write _Z if any value is meant'] }],
    });
  }, 30_000);

  it('a level with the Sokoban domain: no warnings', async () => {
    const r = await post('/api/lint', { level: TUTORIAL, number: 2 });
    expect(r.status).toBe(200);
    expect(r.json.file).toBe('<level>');
    expect(r.json.warnings).toEqual([]);
  }, 30_000);

  it('strict: a warning is a 400 located at the warning', async () => {
    const r = await post('/api/lint', { domain: SINGLETON_DOMAIN, strict: true });
    expect(r.status).toBe(400);
    expect(r.json.error).toMatchObject({ file: '<domain>', line: 1, column: 54 });
    expect(r.json.error.message).toMatch(/^singleton variable Z in move\(From,To\)/);
  }, 30_000);

  it('a domain that does not parse: 400 with its file:line:col', async () => {
    const r = await post('/api/lint', { domain: 'opn(move(A), [at(A)], [], [at(A)]).\nopn(stop(A), [at(A)] [], []).\n' });
    expect(r.status).toBe(400);
    expect(r.json.error).toMatchObject({ file: '<domain>', line: 2 });
    expect(r.json.error.column).toBe(22);
  }, 30_000);

  it('a PDDL domain alone: read (its errors), no warnings', async () => {
    expect((await post('/api/lint', { domain: LAMPS_DOMAIN })).json).toEqual({ file: '<domain>', domain: null, warnings: [] });
    const bad = await post('/api/lint', { domain: '(define (domain d)\n  (:predicates (p ?x))\n  (:action a :parameters (?x) :precondition (p ?y) :effect (p ?x)))\n' });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toMatchObject({ file: '<domain>', line: 3, column: 48, message: 'unknown variable ?y in the precondition of action a (not a parameter)' });
  }, 30_000);

  it('a body with a problem and no domain: 400 from the schema', async () => {
    const r = await post('/api/lint', { problem: TYPO_PROBLEM });
    expect(r.status).toBe(400);
    expect(r.json.error.file).toBe('<request>');
  });
});

describe('POST /api/pddl', () => {
  it('to opn: the texts of planlog pddl import (lamps)', async () => {
    const r = await post('/api/pddl', { to: 'opn', domain: LAMPS_DOMAIN, problem: LAMPS_PROBLEM });
    expect(r.status).toBe(200);
    const out = join(dir, 'import');
    const cli = await runMain('pddl', 'import', 'examples/pddl/lamps/domain.pddl', 'examples/pddl/lamps/problem.pddl', '--out', out);
    expect(cli.code).toBe(0);
    const named = (t: string) => t.replace('examples/pddl/lamps/domain.pddl', '<domain>').replace('examples/pddl/lamps/problem.pddl', '<problem>');
    expect(r.json.domain).toBe(named(readFileSync(join(out, 'domain.pl'), 'utf8')));
    expect(r.json.problem).toBe(named(readFileSync(join(out, 'problem.pl'), 'utf8')));
    expect(r.json.domain).toContain('opn(switchOn(L),\n    [lamp(L), notOn(L), notBroken(L)],\n    [on(L)],\n    [notOn(L)]).');
    // the domain alone
    const alone = await post('/api/pddl', { to: 'opn', domain: LAMPS_DOMAIN });
    expect(alone.json).toEqual({ domain: r.json.domain });
  }, 30_000);

  it('to pddl: the texts of planlog pddl export (robot)', async () => {
    const r = await post('/api/pddl', { to: 'pddl', domain: ROBOT, problem: ROBOT_PROBLEM, domainName: 'robot' });
    expect(r.status).toBe(200);
    const out = join(dir, 'export');
    const cli = await runMain('pddl', 'export', 'domains/robot.pl', 'domains/robot-problem.pl', '--out', out);
    expect(cli.code).toBe(0);
    expect(r.json.domain).toBe(readFileSync(join(out, 'domain.pddl'), 'utf8').replace('domains/robot.pl', '<domain>'));
    expect(r.json.problem).toBe(readFileSync(join(out, 'problem.pddl'), 'utf8').replace('domains/robot-problem.pl', '<problem>').replace('(problem robot-problem)', '(problem problem)'));
    expect(r.json.domain).toContain('(define (domain robot)');
  }, 30_000);

  it("to pddl with a plan: the plan as solve --plan-format pddl prints it, from terms or LURD", async () => {
    const cli = await runMain('solve', 'maps/tutorial.txt', '--level', '2', '--plan-format', 'pddl');
    expect(cli.code).toBe(0);
    const solved = await post('/api/solve', { level: TUTORIAL, number: 2 });
    expect(solved.status).toBe(200);
    const terms = await post('/api/pddl', { to: 'pddl', level: TUTORIAL, number: 2, plan: solved.json.plan });
    expect(terms.status).toBe(200);
    expect(terms.json.plan).toBe(cli.out);
    expect(terms.json.domain).toContain('(define (domain sokoban)');
    const lurd = await post('/api/pddl', { to: 'pddl', level: TUTORIAL, number: 2, lurd: solved.json.lurd });
    expect(lurd.json.plan).toBe(terms.json.plan);
    // level 1: one push
    const one = await post('/api/pddl', { to: 'pddl', level: TUTORIAL, number: 1, lurd: 'R' });
    expect(one.json.plan).toBe('(push-r x1y1 x2y1 x3y1)\n; cost = 1 (unit cost)\n');
  }, 30_000);

  it('a plan that does not apply: 400 located at its step', async () => {
    const r = await post('/api/pddl', { to: 'pddl', level: TUTORIAL, number: 1, plan: ['pushR(x1y1, x2y1, x3y1)', 'pushR(x1y1, x2y1, x3y1)'] });
    expect(r.status).toBe(400);
    expect(r.json.error).toMatchObject({ file: '<plan>', line: 2, column: 1 });
    expect(r.json.error.message).toMatch(/^the plan is not valid: /);
  }, 30_000);

  it('bad PDDL: 400 with <domain>:line:col', async () => {
    const r = await post('/api/pddl', { to: 'opn', domain: '(define (domain d)\n  (:predicates (p ?x))\n  (:action a :parameters (?x) :precondition (p ?y) :effect (p ?x)))\n' });
    expect(r.status).toBe(400);
    expect(r.json.error).toEqual({ file: '<domain>', line: 3, column: 48, message: 'unknown variable ?y in the precondition of action a (not a parameter)' });
  }, 30_000);

  it('schema: to opn needs a domain; to must be opn or pddl', async () => {
    expect((await post('/api/pddl', { to: 'opn', problem: LAMPS_PROBLEM })).status).toBe(400);
    const r = await post('/api/pddl', { to: 'xml', domain: ROBOT });
    expect(r.status).toBe(400);
    expect(r.json.error.file).toBe('<request>');
  });
});
