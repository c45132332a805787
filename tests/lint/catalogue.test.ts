/**
 * The catalogue of lint cases (src/lint, README "Lint"): each check on a
 * tiny domain and problem written here, with its exact message, notes and
 * place; the four misspellings of issue 15 (a precondition typo, an init
 * typo, a singleton variable, a forgotten --domain) through the CLI
 * (stderr, --json, --strict), and through the web API; the mistakes that
 * are errors already (two arities); and no warning at all on every domain,
 * problem and level the repository ships (and the IPC PDDL of
 * ../shared/pddl when it is there).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadProblem, type LoadedProblem } from '../../src/core/load.ts';
import type { WarningJson } from '../../src/pipeline/json.ts';
import { lintLoaded } from '../../src/pipeline/solve.ts';
import { parseDomain } from '../../src/lang/domain.ts';
import { lintLifted } from '../../src/lint/index.ts';
import { compileLevel, LEVEL_PREDICATES } from '../../src/sokoban/compile.ts';
import { readLevels } from '../../src/sokoban/level.ts';
import { PlanlogError } from '../../src/util/errors.ts';
import { createPlayground, type PlaygroundServer } from '../../src/web/server.ts';
import { runMain, scratch } from '../cli/run-main.ts';

const tmp = scratch('planlog-lint-');

/** The robot domain of the README's tutorial (domains/robot.pl) as lines, to change one. */
const ROBOT = [
  'opn(move(From, To), [at(From), door(From, To)], [at(To)], [at(From)]).',
  'opn(pick(B, R), [at(R), ball(B, R), free], [holding(B)], [ball(B, R), free]).',
  'opn(drop(B, R), [at(R), holding(B)], [ball(B, R), free], [holding(B)]).',
];
const robot = (change: (lines: string[]) => void = () => {}): string => {
  const lines = ROBOT.slice();
  change(lines);
  return `${lines.join('\n')}\n`;
};
const PROBLEM = 'init([door(a, b), door(b, a), at(a), ball(red, a), free]).\ngoal([ball(red, b)]).\n';

/** The misspellings of issue 15, each a file. */
const files = {
  /** drop's precondition holding(B) written hodling(B) (line 3, column 25). */
  hodling: tmp.file('hodling.pl', robot((l) => (l[2] = l[2].replace('holding(B)]', 'hodling(B)]')))),
  /** move's precondition at(From) written at(Form) (line 1, column 25). */
  form: tmp.file('form.pl', robot((l) => (l[0] = l[0].replace('[at(From)', '[at(Form)')))),
  robot: tmp.file('robot.pl', robot()),
  problem: tmp.file('problem.pl', PROBLEM),
  /** the init fact free written fre (line 1, column 52). */
  fre: tmp.file('fre.pl', PROBLEM.replace('free]', 'fre]')),
};

/** What a warning says, in one object: its code, where (file:line:col), its message and notes. */
interface Shown {
  code: string;
  at: string;
  message: string;
  notes?: string[];
}
const shown = (ws: readonly { code: string; file: string; line?: number; column?: number; message: string; notes?: readonly string[] }[]): Shown[] =>
  ws.map((w) => ({ code: w.code, at: `${w.file}:${w.line}:${w.column}`, message: w.message, ...(w.notes ? { notes: [...w.notes] } : {}) }));

/** The lint's warnings (the texts' and never-applies) on a domain and a problem written to the scratch folder. */
function lint(name: string, domainText: string, problemText: string, defaultDomain = false): { warnings: Shown[]; d: string; p: string } {
  const d = tmp.file(`${name}-domain.pl`, domainText);
  const p = tmp.file(`${name}-problem.pl`, problemText);
  const loaded = loadProblem({ file: p, text: problemText, domainFile: d, domainText, defaultDomain });
  return { warnings: shown(lintLoaded(loaded).warnings), d, p };
}

describe('the checks, each on a tiny domain and problem', () => {
  it('singleton: a named variable that occurs once in an opn clause, with the nearest other variable', () => {
    const { warnings, d } = lint('singleton', robot((l) => (l[0] = l[0].replace('[at(From)', '[at(Form)'))), PROBLEM);
    expect(warnings).toEqual([
      {
        code: 'singleton',
        at: `${d}:1:25`,
        message: 'singleton variable Form in move(From,To): it occurs only once, so at(Form) matches any at/1 fact',
        notes: ['did you mean From?', 'write _Form if any value is meant'],
      },
    ]);
  });

  it('singleton: not for _ or _Name (meant to match anything), nor for a variable that occurs twice in one literal', () => {
    expect(lint('anonymous', robot((l) => (l[0] = l[0].replace('[at(From)', '[at(_Where), at(_), at(From)'))), PROBLEM).warnings).toEqual([]);
    expect(lint('twice', 'opn(loop(X), [edge(X, X)], [done], []).\n', 'init([edge(a, a)]).\ngoal([done]).\n').warnings).toEqual([]);
  });

  it('singleton: no hint when no other variable is near', () => {
    const { warnings, d } = lint('far', 'opn(go(A), [at(A), key(Zebra)], [gone], [at(A)]).\n', 'init([at(a), key(k)]).\ngoal([gone]).\n');
    expect(warnings).toEqual([
      { code: 'singleton', at: `${d}:1:24`, message: 'singleton variable Zebra in go(A): it occurs only once, so key(Zebra) matches any key/1 fact', notes: ['write _Zebra if any value is meant'] },
    ]);
  });

  it('unknown-precondition: no operator adds it, no init fact has it (never-applies of the same operator is not repeated)', () => {
    const { warnings, d } = lint('hodling', robot((l) => (l[2] = l[2].replace('holding(B)]', 'hodling(B)]'))), PROBLEM);
    expect(warnings).toEqual([
      {
        code: 'unknown-precondition',
        at: `${d}:3:25`,
        message: 'precondition hodling(B) of drop(B,R) never holds: no operator adds hodling/1 and no init fact has it, so drop(B,R) never applies',
        notes: ['did you mean holding/1?'],
      },
    ]);
  });

  it('unknown-precondition: one warning for a predicate several operators need', () => {
    const { warnings, d } = lint('two-ops', robot((l) => l.push('opn(throw(B, R), [at(R), hodling(B)], [ball(B, R), free], []).', 'opn(kick(B, R), [hodling(B), at(R)], [ball(B, R)], []).')), PROBLEM);
    expect(warnings).toEqual([
      {
        code: 'unknown-precondition',
        at: `${d}:4:26`,
        message: 'precondition hodling(B) of throw(B,R) never holds: no operator adds hodling/1 and no init fact has it, so throw(B,R) and 1 more operator never apply',
        notes: ['did you mean holding/1?'],
      },
    ]);
  });

  it('unused-init: no precondition reads it and no goal names it; one warning per predicate', () => {
    const { warnings, d, p } = lint('fre', robot(), PROBLEM.replace('free]', 'fre]'));
    expect(warnings).toEqual([
      { code: 'unused-init', at: `${p}:1:52`, message: 'init fact fre is never used: no precondition reads fre/0 and no goal names it', notes: ['did you mean free/0?'] },
      // what follows from it: pick needs free, drop needs what pick adds
      { code: 'never-applies', at: `${d}:2:37`, message: 'operator pick(B,R) never applies: its precondition free never holds, even when delete lists are ignored' },
      { code: 'never-applies', at: `${d}:3:25`, message: 'operator drop(B,R) never applies: its precondition holding(B) never holds, even when delete lists are ignored' },
    ]);
    const more = lint('colour', robot(), PROBLEM.replace('free]', 'free, colour(red, blue), colour(blue, blue), colour(a, b)]'));
    expect(more.warnings).toEqual([
      { code: 'unused-init', at: `${more.p}:1:58`, message: 'init fact colour(red,blue) is never used: no precondition reads colour/2 and no goal names it (and 2 more colour/2 facts)' },
    ]);
  });

  it('unreachable-goal: init does not have it and no operator adds it (or no add list matches it)', () => {
    const none = lint('door-goal', robot(), PROBLEM.replace('goal([ball(red, b)])', 'goal([ball(red, b), door(b, c)])'));
    expect(none.warnings).toEqual([{ code: 'unreachable-goal', at: `${none.p}:2:21`, message: 'goal fact door(b,c) can never hold: init does not have it and no operator adds door/2' }]);
    const only = lint('at-goal', 'opn(go, [at(a)], [at(b)], [at(a)]).\n', 'init([at(a)]).\ngoal([at(c), at(d)]).\n');
    expect(only.warnings).toEqual([
      { code: 'unreachable-goal', at: `${only.p}:2:7`, message: 'goal fact at(c) can never hold: init does not have it and no add list matches it (at/1 is added only as at(b)) (and 1 more at/1 goal fact)' },
    ]);
  });

  it('never-applies: the first precondition that never holds in the delete relaxation, or none when only their combination fails', () => {
    const moon = lint('moon', robot((l) => l.push('opn(land, [at(moon)], [landed], []).')), PROBLEM);
    expect(moon.warnings).toEqual([
      { code: 'never-applies', at: `${moon.d}:4:12`, message: 'operator land never applies: its precondition at(moon) never holds, even when delete lists are ignored' },
    ]);
    const together = lint(
      'together',
      robot((l) => l.push('opn(paint(B), [ball(B, a), shade(B, dark), shade(B, light)], [painted(B)], []).')),
      PROBLEM.replace('free]', 'free, shade(red, dark), shade(blue, light)]'),
    );
    expect(together.warnings).toEqual([
      { code: 'never-applies', at: `${together.d}:4:5`, message: 'operator paint(B) never applies: its preconditions never hold together, even when delete lists are ignored' },
    ]);
  });

  it('never-applies: quoted names and constants with commas are matched as the grounder writes them', () => {
    const { warnings, d } = lint('quoted', "opn(mk(A), ['p q'(A, 'b,c')], ['r s'(A, 'x,y')], []).\nopn(use(A), ['r s'(A, 'y,x')], [done], []).\n", "init(['p q'(a, 'b,c')]).\ngoal([done]).\n");
    expect(warnings).toEqual([
      { code: 'never-applies', at: `${d}:2:14`, message: "operator use(A) never applies: its precondition 'r s'(A,'y,x') never holds, even when delete lists are ignored" },
    ]);
  });

  it('never-applies: a chain broken at one link lists its first 20 operators, the last one counting the rest', () => {
    const ops = Array.from({ length: 30 }, (_, k) => k + 1)
      .filter((i) => i !== 2)
      .map((i) => `opn(s${i}, [p${i - 1}], [p${i}], [p${i - 1}]).`);
    const { warnings, d } = lint('chain', `${ops.join('\n')}\n`, 'init([p0]).\ngoal([p30]).\n');
    expect(warnings.map((w) => w.code)).toEqual(['unknown-precondition', ...Array.from({ length: 20 }, () => 'never-applies')]);
    expect(warnings[0]).toMatchObject({ at: `${d}:2:10`, message: 'precondition p2 of s3 never holds: no operator adds p2/0 and no init fact has it, so s3 never applies' });
    expect(warnings[1]).toEqual({ code: 'never-applies', at: `${d}:3:10`, message: 'operator s4 never applies: its precondition p3 never holds, even when delete lists are ignored' });
    expect(warnings[20]).toEqual({
      code: 'never-applies',
      at: `${d}:22:11`,
      message: 'operator s23 never applies: its precondition p22 never holds, even when delete lists are ignored',
      notes: ['and 7 more operators never apply (not listed)'],
    });
  });

  it('no-shared-predicates: alone (every other check would repeat it), naming the default domain when no --domain was given', () => {
    const sokoban = readFileSync('domains/sokoban.pl', 'utf8');
    const given = lint('wrong', sokoban, PROBLEM);
    expect(given.warnings).toEqual([
      {
        code: 'no-shared-predicates',
        at: `${given.p}:1:7`,
        message: `the problem's predicates (door/2, at/1, ball/2, free/0) share nothing with the domain ${given.d} — is it the problem's domain?`,
      },
    ]);
    const def = lint('default', sokoban, PROBLEM, true);
    expect(def.warnings[0].message).toBe(`the problem's predicates (door/2, at/1, ball/2, free/0) share nothing with the default domain ${def.d} — did you forget --domain?`);
  });

  it('two arities of one predicate are errors already, in a domain and between problem and domain (no warning needed)', () => {
    const error = (domainText: string, problemText: string): string[] => {
      try {
        lint('arity', domainText, problemText);
      } catch (e) {
        return (e as PlanlogError).diagnostics.map((x) => x.message);
      }
      return [];
    };
    expect(error(robot((l) => l.push('opn(stay(R), [at(R, now)], [], []).')), PROBLEM)).toEqual(['predicate at/2 is also used as at/1']);
    expect(error(robot(), PROBLEM.replace('at(a)', 'at(a, now)'))).toEqual(['init fact at(a,now): predicate at/2 is used as at/1 in the domain']);
    expect(error(robot(), PROBLEM.replace('goal([ball(red, b)])', 'goal([ball(red, b), ball(red)])'))).toEqual(['goal fact ball(red): predicate ball/1 is used as ball/2 in the domain']);
  });

  it('a level: no never-applies (a level without vertical corridors never pushes up) and no warning on its generated facts', () => {
    const level = tmp.file('one-row.txt', '#####\n#@$.#\n#####\n');
    const loaded = loadProblem({ file: level, text: readFileSync(level, 'utf8'), domainFile: 'domains/sokoban.pl', domainText: readFileSync('domains/sokoban.pl', 'utf8') });
    expect(loaded.problem.init.some((f) => f.pred === 'top')).toBe(false);
    expect(lintLoaded(loaded).warnings).toEqual([]);
  });
});

describe('the CLI: warnings on stderr, in --json, errors under --strict', () => {
  it('a precondition typo: the warning before the run, and the "no plan" names it as the likely cause', async () => {
    const r = await runMain('solve', files.problem, '--domain', files.hodling);
    expect(r.code).toBe(1);
    expect(r.err).toBe(
      [
        `${files.hodling}:3:25: warning: precondition hodling(B) of drop(B,R) never holds: no operator adds hodling/1 and no init fact has it, so drop(B,R) never applies`,
        '  opn(drop(B, R), [at(R), hodling(B)], [ball(B, R), free], [holding(B)]).',
        '                          ^',
        '  note: did you mean holding/1?',
      ].join('\n'),
    );
    expect(r.out).toContain(
      `no plan (bfs): goal ball(red,b) is unreachable even when delete lists are ignored (the lint warning at ${files.hodling}:3:25 — precondition hodling/1 never holds — may be the cause)`,
    );
  });

  it('a singleton variable: the warning, and the plan it lets through (the robot moves from a room it is not in)', async () => {
    const r = await runMain('solve', files.problem, '--domain', files.form);
    expect(r.code).toBe(0);
    expect(r.err).toBe(
      [
        `${files.form}:1:25: warning: singleton variable Form in move(From,To): it occurs only once, so at(Form) matches any at/1 fact`,
        '  opn(move(From, To), [at(Form), door(From, To)], [at(To)], [at(From)]).',
        '                          ^',
        '  note: did you mean From?',
        '  note: write _Form if any value is meant',
      ].join('\n'),
    );
  });

  it('an init typo: the warning with its did-you-mean', async () => {
    const r = await runMain('solve', files.fre, '--domain', files.robot);
    expect(r.code).toBe(1);
    expect(r.err.split('\n').slice(0, 4)).toEqual([
      `${files.fre}:1:52: warning: init fact fre is never used: no precondition reads fre/0 and no goal names it`,
      '  init([door(a, b), door(b, a), at(a), ball(red, a), fre]).',
      '                                                     ^',
      '  note: did you mean free/0?',
    ]);
    expect(r.out).toContain(`(the lint warning at ${files.fre}:1:52 — init fact fre is never used — and 2 more may be the cause)`);
  });

  it('a forgotten --domain: the default domain named, and "did you forget --domain?"', async () => {
    const r = await runMain('solve', files.problem);
    expect(r.code).toBe(1);
    expect(r.err.split('\n')[0]).toBe(
      `${files.problem}:1:7: warning: the problem's predicates (door/2, at/1, ball/2, free/0) share nothing with the default domain domains/sokoban.pl — did you forget --domain?`,
    );
    expect(r.err.split('\n')).toHaveLength(3);
  });

  it('a forgotten --domain whose goal predicate is nowhere: the error (exit 2) says "did you forget --domain?" too', async () => {
    const goalElsewhere = tmp.file('delivery.pl', 'init([at(robot, kitchen)]).\ngoal([delivered(parcel)]).\n');
    const r = await runMain('solve', goalElsewhere);
    expect(r.code).toBe(2);
    expect(r.err.split('\n')).toEqual([
      `${goalElsewhere}:2:7: goal fact delivered(parcel): predicate delivered/1 occurs in no operator and not in init`,
      '  goal([delivered(parcel)]).',
      '        ^',
      "  note: the problem's predicates share nothing with the default domain domains/sokoban.pl — did you forget --domain?",
    ]);
  });

  it('the same problem with --domain given: the note asks whether it is the problem\'s domain, not whether --domain was forgotten', async () => {
    const goalElsewhere = tmp.file('delivery2.pl', 'init([at(robot, kitchen)]).\ngoal([delivered(parcel)]).\n');
    const r = await runMain('solve', goalElsewhere, '--domain', 'domains/sokoban.pl');
    expect(r.code).toBe(2);
    expect(r.err.split('\n')[3]).toBe("  note: the problem's predicates share nothing with the domain domains/sokoban.pl — is it the problem's domain?");
  });

  it('--backend prolog: the lint grounds the problem for never-applies too, and the no-plan reason names the warning', async () => {
    const r = await runMain('solve', files.fre, '--domain', files.robot, '--backend', 'prolog', '--algo', 'bfs', '--json');
    expect(r.code).toBe(1);
    const json = JSON.parse(r.out);
    expect(json.warnings.map((w: { code: string; line: number }) => [w.code, w.line])).toEqual([
      ['unused-init', 1],
      ['never-applies', 2],
      ['never-applies', 3],
    ]);
    expect(json.reason).toBe(`all 2 reachable states explored; none satisfies the goal (the lint warning at ${files.fre}:1:52 — init fact fre is never used — and 2 more may be the cause)`);
  });

  it('--json: the warnings array (code, file, line, column, message, notes) beside the report; [] without warnings', async () => {
    const r = await runMain('solve', files.problem, '--domain', files.hodling, '--json');
    const json = JSON.parse(r.out);
    expect(json.warnings).toEqual([
      {
        code: 'unknown-precondition',
        file: files.hodling,
        line: 3,
        column: 25,
        message: 'precondition hodling(B) of drop(B,R) never holds: no operator adds hodling/1 and no init fact has it, so drop(B,R) never applies',
        notes: ['did you mean holding/1?'],
      },
    ]);
    expect(json.status).toBe('unsolvable');
    const clean = JSON.parse((await runMain('solve', files.problem, '--domain', files.robot, '--json')).out);
    expect(clean.warnings).toEqual([]);
    expect(clean.status).toBe('solved');
    const forgot = JSON.parse((await runMain('solve', files.problem, '--json')).out);
    expect(forgot.warnings.map((w: { code: string }) => w.code)).toEqual(['no-shared-predicates']);
  });

  it('--strict: the warnings as errors, exit 2, no search', async () => {
    const r = await runMain('solve', files.problem, '--domain', files.form, '--strict');
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    expect(r.err).toBe(
      [
        `${files.form}:1:25: singleton variable Form in move(From,To): it occurs only once, so at(Form) matches any at/1 fact`,
        '  opn(move(From, To), [at(Form), door(From, To)], [at(To)], [at(From)]).',
        '                          ^',
        '  note: did you mean From?',
        '  note: write _Form if any value is meant',
        '  note: lint check singleton (a warning without --strict)',
      ].join('\n'),
    );
    const json = JSON.parse((await runMain('solve', files.problem, '--domain', files.form, '--strict', '--json')).out);
    expect(json.error).toEqual({ message: 'singleton variable Form in move(From,To): it occurs only once, so at(Form) matches any at/1 fact', file: files.form, line: 1, column: 25 });
    expect((await runMain('solve', files.problem, '--domain', files.robot, '--strict')).code).toBe(0);
  });

  it('compare, validate, explain and trace: the warnings on stderr and in their --json', async () => {
    const compare = await runMain('compare', files.problem, '--domain', files.form, '--json');
    expect(compare.code).toBe(0);
    const cj = JSON.parse(compare.out);
    expect(cj.warnings.map((w: { code: string; line: number }) => [w.code, w.line])).toEqual([['singleton', 1]]);
    expect([cj.ts.warnings, cj.prolog.warnings]).toEqual([cj.warnings, cj.warnings]);
    expect(compare.err.split('\n')[0]).toBe(`${files.form}:1:25: warning: singleton variable Form in move(From,To): it occurs only once, so at(Form) matches any at/1 fact`);
    expect((await runMain('compare', files.problem, '--domain', files.form, '--strict')).code).toBe(2);
    const plan = tmp.file('plan.txt', 'pick(red,a)\nmove(a,b)\ndrop(red,b)\n');
    for (const command of ['validate', 'explain']) {
      const r = await runMain(command, files.problem, '--domain', files.form, '--plan', plan, '--json');
      expect([command, r.code]).toEqual([command, 0]);
      expect(JSON.parse(r.out).warnings.map((w: { code: string }) => w.code)).toEqual(['singleton']);
      expect(r.err.split('\n')[0]).toBe(`${files.form}:1:25: warning: singleton variable Form in move(From,To): it occurs only once, so at(Form) matches any at/1 fact`);
    }
    const trace = await runMain('trace', files.problem, '--domain', files.form, '--json');
    expect(JSON.parse(trace.out).warnings.map((w: { code: string }) => w.code)).toEqual(['singleton']);
  });

  it('planlog lint: a domain alone, a problem with its domain, a level; exit 0 with warnings, 2 under --strict', async () => {
    const alone = await runMain('lint', files.form);
    expect([alone.code, alone.out]).toEqual([0, `${files.form}: 1 warning`]);
    expect(alone.err.split('\n')[0]).toBe(`${files.form}:1:25: warning: singleton variable Form in move(From,To): it occurs only once, so at(Form) matches any at/1 fact`);
    const problem = await runMain('lint', files.fre, '--domain', files.robot);
    expect([problem.code, problem.out]).toEqual([0, `${files.fre} (domain ${files.robot}): 3 warnings`]);
    const clean = await runMain('lint', 'domains/robot-problem.pl', '--domain', 'domains/robot.pl');
    expect([clean.code, clean.out, clean.err]).toEqual([0, 'domains/robot-problem.pl (domain domains/robot.pl): no warnings', '']);
    const level = await runMain('lint', 'maps/tutorial.txt', '--level', '3');
    expect([level.code, level.out, level.err]).toEqual([0, 'maps/tutorial.txt (domain domains/sokoban.pl): no warnings', '']);
    const forgot = await runMain('lint', files.problem, '--json');
    expect(JSON.parse(forgot.out)).toEqual({
      file: files.problem,
      domain: 'domains/sokoban.pl',
      warnings: [
        {
          code: 'no-shared-predicates',
          file: files.problem,
          line: 1,
          column: 7,
          message: "the problem's predicates (door/2, at/1, ball/2, free/0) share nothing with the default domain domains/sokoban.pl — did you forget --domain?",
        },
      ],
    });
    if (existsSync('../shared/pddl/blocks')) {
      const pddl = await runMain('lint', '../shared/pddl/blocks/domain.pddl', '../shared/pddl/blocks/probBLOCKS-4-0.pddl');
      expect([pddl.code, pddl.out, pddl.err]).toEqual([0, '../shared/pddl/blocks/probBLOCKS-4-0.pddl (domain ../shared/pddl/blocks/domain.pddl): no warnings', '']);
    }
    const strict = await runMain('lint', files.hodling, '--strict');
    expect([strict.code, strict.out]).toEqual([0, `${files.hodling}: no warnings`]);
    const strictProblem = await runMain('lint', files.problem, '--domain', files.hodling, '--strict');
    expect(strictProblem.code).toBe(2);
    expect(strictProblem.err.split('\n')[0]).toBe(
      `${files.hodling}:3:25: precondition hodling(B) of drop(B,R) never holds: no operator adds hodling/1 and no init fact has it, so drop(B,R) never applies`,
    );
  });
});

describe('the real command: the solve runs in a worker thread, which posts the warnings before its search', () => {
  const planlog = (...args: string[]) =>
    spawnSync(process.execPath, ['bin/planlog.js', ...args], { encoding: 'utf8', timeout: 120_000, env: { ...process.env, PLANLOG_PROGRESS: '1' } });

  it('the warning on stderr before the end of the search (the progress line is cleared after it), then the plan; --strict: exit 2', () => {
    const r = planlog('solve', files.problem, '--domain', files.form);
    expect(r.status).toBe(0);
    expect(r.stderr.startsWith(`${files.form}:1:25: warning: singleton variable Form in move(From,To): it occurs only once, so at(Form) matches any at/1 fact\n`)).toBe(true);
    // the progress line is cleared (\r ESC[K) when the search is over, after the warning
    expect(r.stderr.indexOf('\r\u001b[K')).toBeGreaterThan(r.stderr.indexOf('warning: singleton'));
    expect(r.stdout).toContain('plan validated: 3 steps');
    const strict = planlog('solve', files.problem, '--domain', files.form, '--strict');
    expect(strict.status).toBe(2);
    expect(strict.stderr.split('\n')[0]).toBe(`${files.form}:1:25: singleton variable Form in move(From,To): it occurs only once, so at(Form) matches any at/1 fact`);
    expect(strict.stdout).toBe('');
  }, 240_000);
});

describe('the web API: warnings in every answer, errors under strict', () => {
  let server: PlaygroundServer;
  beforeAll(async () => {
    server = await createPlayground({ threads: 1, queue: 8 });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });
  const post = async (url: string, body: Record<string, unknown>): Promise<{ status: number; json: Record<string, unknown> & { warnings?: WarningJson[] } }> => {
    const r = await server.app.inject({ method: 'POST', url, payload: body });
    return { status: r.statusCode, json: r.json() };
  };
  const text = (f: string): string => readFileSync(f, 'utf8');

  it('the four misspellings: a located warning each, with its did-you-mean', async () => {
    const hodling = await post('/api/solve', { problem: PROBLEM, domain: text(files.hodling), algo: 'bfs' });
    expect(hodling.status).toBe(200);
    expect(hodling.json.status).toBe('unsolvable');
    expect(hodling.json.warnings).toEqual([
      {
        code: 'unknown-precondition',
        file: '<domain>',
        line: 3,
        column: 25,
        message: 'precondition hodling(B) of drop(B,R) never holds: no operator adds hodling/1 and no init fact has it, so drop(B,R) never applies',
        notes: ['did you mean holding/1?'],
      },
    ]);
    expect(hodling.json.reason).toBe('goal ball(red,b) is unreachable even when delete lists are ignored (the lint warning at <domain>:3:25 — precondition hodling/1 never holds — may be the cause)');
    const form = await post('/api/solve', { problem: PROBLEM, domain: text(files.form), algo: 'bfs' });
    expect([form.status, form.json.status]).toEqual([200, 'solved']);
    expect(form.json.warnings).toEqual([
      {
        code: 'singleton',
        file: '<domain>',
        line: 1,
        column: 25,
        message: 'singleton variable Form in move(From,To): it occurs only once, so at(Form) matches any at/1 fact',
        notes: ['did you mean From?', 'write _Form if any value is meant'],
      },
    ]);
    const fre = await post('/api/solve', { problem: text(files.fre), domain: ROBOT.join('\n'), algo: 'bfs' });
    expect((fre.json.warnings ?? []).map((w) => [w.code, w.line, w.column, w.notes])).toEqual([
      ['unused-init', 1, 52, ['did you mean free/0?']],
      ['never-applies', 2, 37, undefined],
      ['never-applies', 3, 25, undefined],
    ]);
    const sokoban = (await server.app.inject('/api/domains')).json()[0].text as string;
    const wrong = await post('/api/solve', { problem: PROBLEM, domain: sokoban, algo: 'bfs' });
    expect(wrong.json.warnings).toEqual([
      { code: 'no-shared-predicates', file: '<problem>', line: 1, column: 7, message: "the problem's predicates (door/2, at/1, ball/2, free/0) share nothing with the domain <domain> — is it the problem's domain?" },
    ]);
  });

  it('strict: 400 with the warnings as errors; validate and compare answers carry warnings too; none on a level', async () => {
    const strict = await post('/api/solve', { problem: PROBLEM, domain: text(files.form), algo: 'bfs', strict: true });
    expect(strict.status).toBe(400);
    expect(strict.json.error).toEqual({ message: 'singleton variable Form in move(From,To): it occurs only once, so at(Form) matches any at/1 fact', file: '<domain>', line: 1, column: 25 });
    const validate = await post('/api/validate', { problem: PROBLEM, domain: text(files.form), plan: ['pick(red,a)', 'move(a,b)', 'drop(red,b)'] });
    expect([validate.status, validate.json.valid, (validate.json.warnings ?? []).map((w) => w.code)]).toEqual([200, true, ['singleton']]);
    const compare = await post('/api/compare', { problem: PROBLEM, domain: text(files.form), algo: 'bfs' });
    expect([compare.status, (compare.json.warnings ?? []).map((w) => w.code)]).toEqual([200, ['singleton']]);
    const level = await post('/api/solve', { level: '#####\n#@$.#\n#####\n', algo: 'bfs' });
    expect([level.status, level.json.status, level.json.warnings]).toEqual([200, 'solved', []]);
  });
});

describe('no noise: not one warning on what the repository ships', () => {
  const read = (f: string): string => readFileSync(f, 'utf8');
  const warningsOf = (loaded: LoadedProblem): string[] => lintLoaded(loaded).warnings.map((w) => `${w.file}:${w.line}:${w.column}: ${w.message}`);

  it('every domain of domains/ alone, and every problem with its domain (domains/NAME-N.pl, robot-problem*.pl)', () => {
    const all: string[] = [];
    let problems = 0;
    for (const f of readdirSync('domains').sort()) {
      const m = /^(robot)-problem(?:-\d+)?\.pl$/.exec(f) ?? /^(.+)-\d+\.pl$/.exec(f);
      if (!m) continue;
      const d = `domains/${m[1]}.pl`;
      all.push(...warningsOf(loadProblem({ file: `domains/${f}`, text: read(`domains/${f}`), domainFile: d, domainText: read(d) })));
      problems++;
    }
    expect(problems).toBe(23);
    expect(all).toEqual([]);
  });

  it('every level of maps/ with both Sokoban domains', () => {
    const all: string[] = [];
    let levels = 0;
    for (const f of readdirSync('maps').sort()) {
      const text = read(`maps/${f}`);
      for (const domainFile of ['domains/sokoban.pl', 'domains/sokoban-pushes.pl']) {
        const count = readLevels(text, f).length;
        for (let level = 1; level <= count; level++) {
          all.push(...warningsOf(loadProblem({ file: `maps/${f}`, text, level, domainFile, domainText: read(domainFile) })));
          levels++;
        }
      }
    }
    expect(levels).toBeGreaterThan(20);
    expect(all).toEqual([]);
  });

  const SHARED = '../shared';
  it.skipIf(!existsSync(`${SHARED}/levels`))('every level of ../shared/levels (Microban, Sasquatch, Boxoban)', () => {
    // each level read once and compiled as loadProblem does (loadProblem would read the whole collection for each)
    const domain = parseDomain(read('domains/sokoban.pl'), 'domains/sokoban.pl');
    const all: string[] = [];
    let levels = 0;
    for (const f of readdirSync(`${SHARED}/levels`).filter((x) => x.endsWith('.txt'))) {
      for (const level of readLevels(read(`${SHARED}/levels/${f}`), f)) {
        const problem = compileLevel(level);
        all.push(...warningsOf({ domain, problem, level, warnings: lintLifted(domain, problem, { level: true, generated: LEVEL_PREDICATES }) }));
        levels++;
      }
    }
    expect(levels).toBeGreaterThan(1000);
    expect(all).toEqual([]);
  });

  it.skipIf(!existsSync(`${SHARED}/pddl`))('every IPC problem of ../shared/pddl with its domain (read as PDDL: the import\'s type facts are not unused init)', () => {
    const all: string[] = [];
    let problems = 0;
    for (const dir of readdirSync(`${SHARED}/pddl`).sort()) {
      const d = `${SHARED}/pddl/${dir}/domain.pddl`;
      if (!existsSync(d)) continue;
      for (const f of readdirSync(`${SHARED}/pddl/${dir}`).filter((x) => x.endsWith('.pddl') && x !== 'domain.pddl')) {
        const p = `${SHARED}/pddl/${dir}/${f}`;
        all.push(...warningsOf(loadProblem({ file: p, text: read(p), domainFile: d, domainText: read(d) })));
        problems++;
      }
    }
    expect(problems).toBeGreaterThan(100);
    expect(all).toEqual([]);
  });
});

describe('the public API (src/index.ts)', () => {
  it('exports lintLoaded and the checks\' codes: the singleton of a clause, as the CLI reports it', async () => {
    const api = await import('../../src/index.ts');
    expect(api.lintCodes).toEqual(['singleton', 'unknown-precondition', 'unused-init', 'unreachable-goal', 'never-applies', 'no-shared-predicates']);
    const loaded = api.loadProblem({
      file: 'p.pl',
      text: 'init([at(a), door(a, b)]).\ngoal([at(b)]).\n',
      domainFile: 'd.pl',
      domainText: 'opn(go(From, To), [at(Form), door(From, To)], [at(To)], [at(From)]).\n',
    });
    expect(api.lintLoaded(loaded).warnings.map((w) => [w.code, w.line, w.column])).toEqual([['singleton', 1, 23]]);
  });
});

describe('PDDL input: the warnings write PDDL names', () => {
  const domain = [
    '(define (domain lamps)',
    '  (:requirements :strips :typing)',
    '  (:types lamp)',
    '  (:predicates (lamp-off ?l - lamp) (lamp-on ?l - lamp) (spare ?l - lamp) (fuse-ok ?l - lamp))',
    '  (:action switch-on',
    '    :parameters (?l - lamp)',
    '    :precondition (and (lamp-off ?l) (fuse-ok ?l))',
    '    :effect (and (lamp-on ?l) (not (lamp-off ?l)))))',
    '',
  ].join('\n');
  const problem = '(define (problem two) (:domain lamps)\n  (:objects a b - lamp)\n  (:init (lamp-off a) (spare a))\n  (:goal (lamp-on a)))\n';

  it('(spare a), spare/1, (fuse-ok ?l) and (switch-on ?l), located in the PDDL files', () => {
    const loaded = loadProblem({ file: 'p.pddl', text: problem, domainFile: 'd.pddl', domainText: domain });
    expect(loaded.pddl).toBe(true);
    expect(lintLoaded(loaded).warnings.map((w) => `${w.file}:${w.line}:${w.column}: ${w.message}`)).toEqual([
      'd.pddl:7:38: precondition (fuse-ok ?l) of (switch-on ?l) never holds: no operator adds fuse-ok/1 and no init fact has it, so (switch-on ?l) never applies',
      'p.pddl:3:23: init fact (spare a) is never used: no precondition reads spare/1 and no goal names it',
    ]);
  });
});

describe('printWarnings: the first ones located, then a count of the rest', () => {
  it('52 warnings: 50 shown (MAX_SHOWN_DIAGNOSTICS), then "… and 2 more warnings"', async () => {
    const { printWarnings } = await import('../../src/cli/warnings.ts');
    const err: string[] = [];
    const io = { out: () => undefined, err: (t: string) => err.push(t), readFile: () => { throw new Error('no file'); }, isTTY: false };
    const warnings = Array.from({ length: 52 }, (_, i) => ({ code: 'singleton' as const, severity: 'warning' as const, file: 'd.pl', line: i + 1, column: 1, message: `w${i + 1}`, summary: `w${i + 1}` }));
    printWarnings(io, warnings);
    const lines = err.join('\n').split('\n');
    expect(lines).toHaveLength(51);
    expect([lines[0], lines[49], lines[50]]).toEqual(['d.pl:1:1: warning: w1', 'd.pl:50:1: warning: w50', '… and 2 more warnings']);
  });
});
