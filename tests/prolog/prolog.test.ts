/**
 * The Prolog backend: the planning theory in tau-prolog agrees with the
 * TypeScript planner (plan lengths, validity, nodes per depth iteration);
 * a broken operator makes them disagree; Prolog errors are located; limits
 * stop the worker. When `swipl` is installed, the theory runs unchanged in
 * SWI-Prolog too.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { parseDomain } from '../../src/lang/domain.ts';
import { PlanlogError } from '../../src/util/errors.ts';
import { engineLiteral } from '../../src/lang/print.ts';
import { termToString } from '../../src/model/terms.ts';
import { loadProblem, type LoadedProblem } from '../../src/core/load.ts';
import { solveLoaded } from '../../src/pipeline/solve.ts';
import { compareLoaded, completedIterations } from '../../src/pipeline/compare.ts';
import { PrologEngineError, runProlog, runWorker } from '../../src/prolog/engine.ts';
import { domainText, problemFacts, problemText, solvePrologLoaded } from '../../src/prolog/solve.ts';
import { theoryPath } from '../../src/prolog/theory.ts';

const path = (p: string): string => fileURLToPath(new URL(`../../${p}`, import.meta.url));
const SOKOBAN = readFileSync(path('domains/sokoban.pl'), 'utf8');
const TUTORIAL = readFileSync(path('maps/tutorial.txt'), 'utf8');
const ROBOT = readFileSync(path('domains/robot.pl'), 'utf8');
const ROBOT_PROBLEM = readFileSync(path('domains/robot-problem.pl'), 'utf8');

const level = (n: number): LoadedProblem =>
  loadProblem({ file: 'maps/tutorial.txt', text: TUTORIAL, level: n, domainFile: 'domains/sokoban.pl', domainText: SOKOBAN });
const robot = (problem = ROBOT_PROBLEM): LoadedProblem =>
  loadProblem({ file: 'robot-problem.pl', text: problem, domainFile: 'robot.pl', domainText: ROBOT });

describe('compare: ts and prolog agree', () => {
  // tutorial levels 1-4 take tau-prolog at most a few seconds each with the fast theory
  for (const n of [1, 2, 3, 4]) {
    it(`tutorial level ${n}, iddfs --cycle state`, async () => {
      const c = await compareLoaded(level(n), { algo: 'iddfs', cycle: 'state', timeoutMs: 30_000 });
      expect(c.verdict, c.verdict.reason).toMatchObject({ agree: true });
      expect(c.prolog.prolog.valid).toBe(true);
      const ts = completedIterations(c.ts);
      expect(completedIterations(c.prolog)).toEqual(ts);
      expect(c.prolog.stats.iterations?.length).toBe(c.ts.stats.iterations?.length);
    });
  }
  for (const n of [1, 2, 3]) {
    it(`tutorial level ${n}, bfs`, async () => {
      const c = await compareLoaded(level(n), { algo: 'bfs', timeoutMs: 30_000 });
      expect(c.verdict, c.verdict.reason).toMatchObject({ agree: true });
      expect(c.prolog.length).toBe(c.ts.length);
    });
  }
  it('tutorial level 3, iddfs --cycle action (the original rule)', async () => {
    const c = await compareLoaded(level(3), { algo: 'iddfs', cycle: 'action', timeoutMs: 30_000 });
    expect(c.verdict, c.verdict.reason).toMatchObject({ agree: true });
  });
  it('the plain theory (the original representation) agrees too, on levels 1 and 2', async () => {
    for (const n of [1, 2]) {
      const c = await compareLoaded(level(n), { algo: 'iddfs', theory: 'plain', timeoutMs: 30_000 });
      expect(c.verdict, c.verdict.reason).toMatchObject({ agree: true });
      expect(c.prolog.prolog.theory).toBe('plain');
    }
  });
  it('the robot domain, iddfs and bfs, both theories', async () => {
    for (const theory of ['plain', 'fast'] as const) {
      for (const algo of ['iddfs', 'bfs'] as const) {
        const c = await compareLoaded(robot(), { algo, theory, timeoutMs: 30_000 });
        expect(c.verdict, `${theory} ${algo}: ${c.verdict.reason}`).toMatchObject({ agree: true });
        expect(c.prolog.plan).toHaveLength(3);
      }
    }
  });
  it('both prove that no plan exists (robot, a room without a door)', async () => {
    const problem = 'init([door(a, b), door(b, a), at(a), ball(red, a), free, room(c)]).\ngoal([ball(red, c)]).\n';
    for (const algo of ['iddfs', 'bfs'] as const) {
      const c = await compareLoaded(robot(problem), { algo, timeoutMs: 30_000 });
      expect(c.ts.status).toBe('unsolvable');
      expect(c.prolog.status).toBe('unsolvable');
      expect(c.verdict.agree).toBe(true);
    }
  });
  it('inequalities in preconditions are evaluated, not matched', async () => {
    const domain = 'opn(go(A, B), [at(A), link(A, B), A \\= B], [at(B)], [at(A)]).\n';
    const problem = 'init([at(a), link(a, a), link(a, b), link(b, c)]).\ngoal([at(c)]).\n';
    const loaded = loadProblem({ file: 'p.pl', text: problem, domainFile: 'd.pl', domainText: domain });
    for (const theory of ['plain', 'fast'] as const) {
      const c = await compareLoaded(loaded, { algo: 'iddfs', theory });
      expect(c.verdict, c.verdict.reason).toMatchObject({ agree: true });
      expect(c.prolog.plan).toEqual(['go(a,b)', 'go(b,c)']);
    }
  });
});

describe('compare: disagreement', () => {
  it('a broken operator on the Prolog side (moveR forgets to delete sokoban(From)) disagrees with a reason', async () => {
    const broken = SOKOBAN.replace(
      /(opn\(moveR\(From, To\),[\s\S]*?\[sokoban\(To\), empty\(From\)\],\s*)\[sokoban\(From\), empty\(To\)\]/,
      '$1[empty(To)]',
    );
    expect(broken).not.toBe(SOKOBAN);
    const c = await compareLoaded(level(3), { algo: 'iddfs', engineDomain: parseDomain(broken, 'broken.pl'), timeoutMs: 30_000 });
    expect(c.verdict.agree).toBe(false);
    expect(c.verdict.limit).toBe(false);
    expect(c.verdict.reason).toMatch(/^iteration \d+: ts generated \d+ nodes, prolog \d+$|plan is invalid/);
  });
});

describe('engine', () => {
  it('a syntax error in a domain text is located (file:line:col) from the Prolog side', async () => {
    const text = '% a broken domain\nopn(a, [b], [c], [d).\n';
    const e = await runProlog({ sources: [{ file: 'broken.pl', text }], query: 'true', answerVar: 'X' }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(PlanlogError);
    expect((e as PlanlogError).first).toMatchObject({ file: 'broken.pl', line: 2, column: 20 });
    expect((e as PlanlogError).message).toMatch(/^broken\.pl:2:20: Prolog syntax error/);
  });
  it('a syntax error in a domain is refused by the checker before any engine runs (the engine reads only checked terms)', () => {
    // (before issue 13 the raw domain text went to the engine, which reported this error itself)
    const broken = SOKOBAN.replace('[sokoban(To), empty(From)],', '[sokoban(To) empty(From)],');
    const e = (() => {
      try {
        return loadProblem({ file: 'maps/tutorial.txt', text: TUTORIAL, level: 1, domainFile: 'copy.pl', domainText: broken });
      } catch (x) {
        return x;
      }
    })();
    expect(e).toBeInstanceOf(PlanlogError);
    expect((e as PlanlogError).first).toMatchObject({ file: 'copy.pl', line: 21, column: 18 });
  });
  it('the engine reads each operator and fact on its line of the user\'s file, so its messages point there', () => {
    const loaded = robot();
    const domainLines = domainText(loaded.domain).split('\n');
    const userLines = ROBOT.split('\n');
    for (const op of loaded.domain.operators) {
      expect(domainLines[op.loc.line - 1].startsWith('opn(')).toBe(true);
      expect(userLines[op.loc.line - 1].slice(op.loc.column - 1).startsWith('opn(')).toBe(true);
    }
    const problemLines = problemFacts(loaded).split('\n');
    for (const f of loaded.problem.init) expect(problemLines[f.loc.line - 1]).toContain(`init_fact(${engineLiteral(f)}).`);
  });
  it('an unknown predicate becomes a located error', async () => {
    const e = await runProlog({ sources: [{ file: 'p.pl', text: 'p :-\n  q(1).\n' }], query: 'p', answerVar: 'X' }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(PlanlogError);
    expect((e as PlanlogError).message).toBe('p.pl:2:3: unknown Prolog predicate q/1');
  });
  it('no file system, no consult, no halt: after the lock-down these built-ins do not exist', async () => {
    const r = await runProlog({
      sources: [{ file: 'p.pl', text: 't(G, E) :- catch(G, E, true).\n' }],
      query: "t(open('/etc/hostname', read, _), E1), t(consult('/etc/hostname'), E2), t(halt, E3), t(halt(0), E4), X = [E1, E2, E3, E4]",
      answerVar: 'X',
    });
    expect(r.status).toBe('done');
    expect(r.answers).toHaveLength(1);
    expect(termToString(r.answers[0])).toBe(
      '[error(existence_error(procedure,open/3),t/2),error(existence_error(procedure,consult/1),t/2),error(existence_error(procedure,halt/0),t/2),error(existence_error(procedure,halt/1),t/2)]',
    );
  });
  it('an engine failure is a PrologEngineError whose message holds no query (issue 13)', async () => {
    const query = 'secret_goal(theory_setup, iddfs_event(';
    const e = await runProlog({ sources: [], query, answerVar: 'X' }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(PrologEngineError);
    expect((e as Error).message).toBe('the Prolog engine (tau-prolog) failed: the planning query could not be run');
    const crash = await runWorker(new URL('./no-such-worker.js', import.meta.url), {}, { sources: [], query, answerVar: 'X' }, 'tau-prolog').catch((x: unknown) => x);
    expect(crash).toBeInstanceOf(PrologEngineError);
    expect((crash as Error).message).toMatch(/^the Prolog engine \(tau-prolog\) failed: /);
    expect((crash as Error).message).not.toContain('secret_goal');
  });
  it('the wall-clock limit terminates the worker', async () => {
    // an endless loop answers only because the limit ended it
    const r = await runProlog({ sources: [{ file: 'p.pl', text: 'loop :- loop.\n' }], query: 'loop', answerVar: 'X', timeoutMs: 300 });
    expect(r).toMatchObject({ status: 'limit', limit: 'time', answers: [] });
  });
  it('the step limit stops the run', async () => {
    const r = await runProlog({ sources: [{ file: 'p.pl', text: 'loop :- loop.\n' }], query: 'loop', answerVar: 'X', maxSteps: 40_000 });
    expect(r).toMatchObject({ status: 'limit', limit: 'steps' });
    expect(r.steps).toBeGreaterThanOrEqual(40_000);
  });
  it('a search over its limit returns limit (time; nodes)', async () => {
    const timed = await solvePrologLoaded(level(7), { algo: 'iddfs', timeoutMs: 1500 });
    expect(timed.status).toBe('limit');
    expect(timed.stats.limit).toBe('time');
    const nodes = await solvePrologLoaded(level(7), { algo: 'bfs', maxNodes: 5 });
    expect(nodes.status).toBe('limit');
    expect(nodes.stats.limit).toBe('nodes');
    const c = await compareLoaded(level(7), { algo: 'iddfs', timeoutMs: 1000 });
    expect(c.verdict).toMatchObject({ agree: false, limit: true });
  });
});

const swipl = spawnSync('which', ['swipl']).status === 0;

describe.skipIf(!swipl)('the theory in SWI-Prolog (swipl installed)', () => {
  const tmp = mkdtempSync(join(tmpdir(), 'planlog-swipl-'));
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));
  for (const theory of ['plain', 'fast']) {
    it(`${theory}: same iterations and plan length as the TS planner (tutorial level 3)`, () => {
      const loaded = level(3);
      const problem = join(tmp, 'l3.pl');
      writeFileSync(problem, problemText(loaded));
      const files = ['prelude.pl', 'search.pl', `${theory}.pl`].map(theoryPath).concat([path('domains/sokoban.pl'), problem]);
      const goal = `${files.map((f) => `consult('${f}')`).join(', ')}, once(theory_setup), iddfs(state, solved(P), I), length(P, N), print(N-I), nl, bfs(none, solved(P2), _), length(P2, N2), print(N2), nl`;
      const out = execFileSync('swipl', ['-q', '-g', goal, '-t', 'halt'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
      const ts = solveLoaded(loaded, { algo: 'iddfs', cycle: 'state' });
      const its = completedIterations(ts).map((i) => `it(${i.bound},${i.expanded},${i.generated},${i.maxDepth})`);
      const [first, second] = out.trim().split('\n');
      expect(first.startsWith(`${ts.length}-[${its.join(',')},it(`)).toBe(true);
      expect(Number(second)).toBe(ts.length);
    });
  }
});
