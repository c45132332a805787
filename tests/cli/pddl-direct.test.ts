/**
 * PDDL as a direct input of the CLI (issue 15, item 2): solve, compare,
 * explain, validate, trace and bench on DOMAIN.pddl PROBLEM.pddl (or
 * --domain DOMAIN.pddl) without `pddl import`; plans written with -o in
 * planlog's and in Fast Downward's form, read back by validate; PDDL plan
 * files located in validate's failures; the usage errors of a PDDL file
 * without its domain.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { benchCommand } from '../../src/cli/commands/bench.ts';
import { readTextFile, type Io } from '../../src/cli/io.ts';
import { runJob } from '../../src/workers/jobs.ts';
import { runMain, scratch } from './run-main.ts';

const D = 'examples/pddl/domain.pddl';
const P = 'examples/pddl/problem.pddl';
const tmp = scratch('planlog-pddl-direct-');

const PLAN_TEXT = ['pickUp(letter,hall)', 'move(hall,office)', 'putDown(letter,office)', 'pickUp(box,office)', 'move(office,hall)', 'move(hall,kitchen)', 'putDown(box,kitchen)'];
const PLAN_PDDL = [
  '(pick-up letter hall)',
  '(move hall office)',
  '(put-down letter office)',
  '(pick-up box office)',
  '(move office hall)',
  '(move hall kitchen)',
  '(put-down box kitchen)',
  '; cost = 7 (unit cost)',
];

describe('solve on PDDL files', () => {
  it('solve DOMAIN.pddl PROBLEM.pddl: the report names both files; the plan in the operators planlog made of the actions', async () => {
    const r = await runMain('solve', D, P);
    expect(r.code).toBe(0);
    const lines = r.out.split('\n');
    expect(lines[0]).toBe(`${P} — domain ${D}`);
    expect(lines[1]).toBe('solved by bfs: 7 steps, cost 7, optimal');
    expect(lines.slice(3, 10).map((l) => l.trim().replace(/^\d+\. /, ''))).toEqual(PLAN_TEXT);
  });

  it('solve PROBLEM.pddl --domain DOMAIN.pddl is the same; --plan-format pddl prints the plan with the PDDL names', async () => {
    const a = await runMain('solve', P, '--domain', D, '--plan-format', 'pddl');
    expect(a).toEqual({ code: 0, out: `${PLAN_PDDL.join('\n')}\n`, err: '' });
    const b = await runMain('solve', D, P, '--plan-format', 'pddl');
    expect(b).toEqual(a);
  });

  it('--plan-format pddl with the prolog backend', async () => {
    const r = await runMain('solve', D, P, '--backend', 'prolog', '--algo', 'bfs', '--plan-format', 'pddl');
    expect(r).toEqual({ code: 0, out: `${PLAN_PDDL.join('\n')}\n`, err: '' });
  });

  it('-o FILE writes the plan (one step per line), --output FILE --plan-format pddl the sas_plan form; the report still goes to stdout; validate --plan reads both', async () => {
    const text = join(tmp.dir, 'plan.txt');
    const r = await runMain('solve', D, P, '-o', text);
    expect(r.code).toBe(0);
    expect(r.out.split('\n')[1]).toBe('solved by bfs: 7 steps, cost 7, optimal');
    expect(r.err).toBe(`wrote the plan to ${text}`);
    expect(readFileSync(text, 'utf8')).toBe(`${PLAN_TEXT.join('\n')}\n`);
    expect(await runMain('validate', D, P, '--plan', text)).toEqual({ code: 0, out: 'valid: 7 steps, cost 7; the goal holds after the last step', err: '' });

    const sas = join(tmp.dir, 'sas_plan');
    const j = await runMain('solve', D, P, '--output', sas, '--plan-format', 'pddl', '--json');
    expect(j.code).toBe(0);
    expect(JSON.parse(j.out).plan).toEqual(PLAN_TEXT);
    expect(readFileSync(sas, 'utf8')).toBe(`${PLAN_PDDL.join('\n')}\n`);
    expect(await runMain('validate', P, '--domain', D, '--plan', sas)).toEqual({ code: 0, out: 'valid: 7 steps, cost 7; the goal holds after the last step', err: '' });
  });

  it('-o with no plan writes nothing and says so; an -o that cannot be written fails before the search (exit 2)', async () => {
    const none = join(tmp.dir, 'none.plan');
    const problem = tmp.file('stuck.pddl', readFileSync(P, 'utf8').replace('(door hall office) (door office hall)', ''));
    const r = await runMain('solve', D, problem, '-o', none);
    expect(r.code).toBe(1);
    expect(r.err).toBe(`no plan: ${none} not written`);
    expect(existsSync(none)).toBe(false);
    const bad = join(tmp.dir, 'no-such-folder', 'plan');
    expect(await runMain('solve', D, P, '-o', bad)).toEqual({ code: 2, out: '', err: `--output: cannot write the plan to ${bad}: the folder ${join(tmp.dir, 'no-such-folder')} does not exist` });
    expect(await runMain('solve', D, P, '-o', tmp.dir)).toEqual({ code: 2, out: '', err: `--output: cannot write the plan to ${tmp.dir}: it is a folder` });
  });
});

describe('validate, explain, trace and compare on PDDL files', () => {
  it('validate: an invalid PDDL plan is located in the plan file (exit 5)', async () => {
    const plan = tmp.file('bad.plan', '; by hand\n(pick-up letter hall)\n0.5: (put-down letter office) [1]\n');
    const r = await runMain('validate', D, P, '--plan', plan);
    expect(r).toEqual({
      code: 5,
      out: `invalid plan: ${plan}:3:6: step 2: (put-down letter office) is not applicable: precondition (robot-at office) does not hold\nmissing: (robot-at office)`,
      err: '',
    });
  });

  it('validate: a PDDL plan file that is not one step per line is bad input, located (exit 2)', async () => {
    const plan = tmp.file('broken.plan', '(pick-up letter hall)\n(move hall (office))\n');
    const r = await runMain('validate', D, P, '--plan', plan);
    expect(r.code).toBe(2);
    expect(r.err.split('\n')[0]).toBe(`${plan}:2:1: expected a step such as (pick-up a), found (move hall (office))`);
  });

  it("explain shows each step's action as written in the PDDL domain, with its line", async () => {
    const plan = tmp.file('two.plan', '(pick-up letter hall)\n(move hall office)\n');
    const r = await runMain('explain', D, P, '--plan', plan);
    expect(r.code).toBe(5); // two steps do not reach the goal
    const lines = r.out.split('\n');
    expect(lines.slice(0, 5)).toEqual([
      'step 1: pickUp(letter,hall)',
      `  operator pickUp(P,R), ${D}:18`,
      '    (:action pick-up',
      '        :parameters (?p - parcel ?r - room)',
      '        :precondition (and (robot-at ?r) (at ?p ?r) (hand-free))',
    ]);
    expect(lines.slice(8, 14)).toEqual(['    parcel(letter)   static', '    room(hall)       static', '    robotAt(hall)    fluent', '    at(letter,hall)  fluent', '    handFree         fluent', '  add: holding(letter)']);
  });

  it('trace DOMAIN.pddl PROBLEM.pddl watches the search', async () => {
    const r = await runMain('trace', D, P, '--limit', '2');
    expect(r.code).toBe(0);
    expect(r.out.split('\n')[0]).toBe('trace of bfs: the first 2 of 27 expansions; solved, plan of 7 steps');
  });

  it('compare DOMAIN.pddl PROBLEM.pddl: both backends agree', async () => {
    const r = await runMain('compare', D, P, '--algo', 'bfs', '--json');
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    expect([j.agree, j.ts.length, j.prolog.length]).toEqual([true, 7, 7]);
  });
});

describe('usage errors', () => {
  it('a PDDL problem without its domain names the command to run, with the domain.pddl beside it', async () => {
    expect(await runMain('solve', P)).toEqual({
      code: 2,
      out: '',
      err: `planlog: ${P} is a PDDL problem and needs its domain; did you mean: npx planlog solve examples/pddl/domain.pddl ${P}?\n(see npx planlog solve --help)`,
    });
    const alone = tmp.file('lonely.pddl', readFileSync(P, 'utf8'));
    const v = await runMain('validate', alone, '--plan', alone);
    expect(v.code).toBe(2);
    expect(v.err.split('\n')[0]).toBe(`planlog: ${alone} is a PDDL problem and needs its domain: npx planlog validate DOMAIN.pddl ${alone} (or --domain DOMAIN.pddl)`);
  });

  it('a PDDL domain alone; the domain twice; three files', async () => {
    expect((await runMain('solve', D)).err.split('\n')[0]).toBe(`planlog: ${D} is a PDDL domain: give a problem after it, as in: npx planlog solve ${D} PROBLEM.pddl`);
    expect((await runMain('trace', D, P, '--domain', D)).err.split('\n')[0]).toBe(`planlog: trace: give the domain once, as the first file (${D}) or with --domain (${D})`);
    expect((await runMain('compare', D, P, P)).err.split('\n')[0]).toBe(
      `planlog: compare takes one file (two files are a PDDL domain and problem: DOMAIN.pddl PROBLEM), got: ${D} ${P} ${P}`,
    );
  });

  it('a syntax error in the PDDL is located in the .pddl file; problem and domain the wrong way round', async () => {
    const domain = tmp.file('domain-bad.pddl', readFileSync(D, 'utf8').replace('(holding ?p)))))', '(holding ?p))))))'));
    const r = await runMain('solve', domain, P);
    expect(r.code).toBe(2);
    expect(r.err.split('\n')[0]).toBe(`${domain}:26:62: unexpected ")": no "(" is open here`);
    const swapped = await runMain('solve', P, D);
    expect(swapped.code).toBe(2);
    expect(swapped.err.split('\n')[0]).toBe(`${P}: this is a PDDL problem and ${D} is its domain: give the domain first (DOMAIN.pddl PROBLEM.pddl) or with --domain DOMAIN.pddl`);
  });
});

describe('bench on PDDL', () => {
  const io = (): Io & { lines: string[] } => {
    const lines: string[] = [];
    return { lines, out: (t) => lines.push(t), err: () => {}, readFile: readTextFile, isTTY: false };
  };

  it('bench DIR: the folder domain.pddl and its problems; bench DOMAIN.pddl PROBLEMS… the same', async () => {
    const out = join(tmp.dir, 'bench');
    const a = io();
    expect(await benchCommand(['examples/pddl', '--algo', 'bfs,astar+hff', '--out', out], a, { run: runJob })).toBe(0);
    const json = JSON.parse(readFileSync(join(out, 'bench.json'), 'utf8'));
    expect(json.levels).toEqual([{ file: join('examples/pddl', 'problem.pddl'), level: 1, label: 'pddl problem', domainFile: join('examples/pddl', 'domain.pddl') }]);
    expect(json.runs.map((r: { strategy: string; status: string; length: number }) => [r.strategy, r.status, r.length])).toEqual([
      ['bfs', 'solved', 7],
      ['astar+hff', 'solved', 7],
    ]);
    const b = io();
    expect(await benchCommand([D, P, '--algo', 'bfs', '--out', out], b, { run: runJob })).toBe(0);
    const again = JSON.parse(readFileSync(join(out, 'bench.json'), 'utf8'));
    expect([again.domainFile, again.levels[0].label, again.runs[0].length]).toEqual([D, 'problem', 7]);
  });
});

const SHARED = fileURLToPath(new URL('../../../shared/pddl/', import.meta.url));
/** The first problem of each IPC domain and the length bfs finds (optimal). */
const FIRST: [string, number][] = [
  ['blocks', 6],
  ['gripper', 11],
  ['logistics00', 20],
  ['miconic', 4],
  ['driverlog', 7],
  ['zenotravel', 1],
];

describe.skipIf(!existsSync(SHARED))('the IPC domains of ../shared/pddl, without pddl import', () => {
  it.each(FIRST)('%s: solve DOMAIN PROBLEM -o plan --plan-format pddl, then validate the plan', async (dir, length) => {
    const first = readdirSync(join(SHARED, dir))
      .filter((f) => f.endsWith('.pddl') && f !== 'domain.pddl')
      .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))[0];
    const domain = join(SHARED, dir, 'domain.pddl');
    const problem = join(SHARED, dir, first);
    const plan = join(tmp.dir, `${dir}.plan`);
    const r = await runMain('solve', domain, problem, '-o', plan, '--plan-format', 'pddl');
    expect(r.code).toBe(0);
    expect(r.out.split('\n')[1]).toBe(`solved by bfs: ${length} step${length === 1 ? '' : 's'}, cost ${length}, optimal`);
    const lines = readFileSync(plan, 'utf8').trimEnd().split('\n');
    expect(lines).toHaveLength(length + 1);
    expect(lines[length]).toBe(`; cost = ${length} (unit cost)`);
    expect(await runMain('validate', domain, problem, '--plan', plan)).toEqual({ code: 0, out: `valid: ${length} step${length === 1 ? '' : 's'}, cost ${length}; the goal holds after the last step`, err: '' });
  });
});
