/**
 * PDDL interop end to end, through the CLI: `pddl import` of the IPC gripper
 * and blocks files in ../shared/pddl (skipped when absent) solves them with
 * their known optimal lengths; `pddl export` then `pddl import` gives back
 * the same ground task; `solve --plan-format pddl` prints plans that the
 * exported domain accepts.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runMain as run } from '../cli/run-main.ts';
import { ground, loadProblem, parseDomain, solveLoaded, validatePlan, type LoadedProblem } from '../../src/index.ts';
import { parseTerm } from '../../src/lang/parse.ts';
import { fromPddlName } from '../../src/pddl/names.ts';

const project = (p: string): string => relative(process.cwd(), fileURLToPath(new URL(`../../${p}`, import.meta.url)));
const SHARED = fileURLToPath(new URL('../../../shared/pddl/', import.meta.url));
const tmp = mkdtempSync(join(tmpdir(), 'planlog-pddl-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
let dirs = 0;
const freshDir = (): string => join(tmp, `d${++dirs}`);

/** `planlog pddl import` into a fresh folder; the imported domain and problem, loaded. */
async function imported(domainPddl: string, problemPddl: string): Promise<LoadedProblem> {
  const out = freshDir();
  const r = await run('pddl', 'import', domainPddl, problemPddl, '--out', out);
  expect(r.code, r.err).toBe(0);
  return loadFiles(join(out, 'domain.pl'), join(out, 'problem.pl'));
}

function loadFiles(domainFile: string, problemFile: string, level?: string): LoadedProblem {
  return loadProblem({ file: problemFile, text: readFileSync(problemFile, 'utf8'), level, domainFile, domainText: readFileSync(domainFile, 'utf8') });
}

/** The ground task as sorted texts: atoms, initial state, goal, and every operator (name, pre, add, del, cost). */
function groundSignature(l: LoadedProblem, withNames = true) {
  const t = ground(l.domain, l.problem);
  const names = (ids: number[]): string => ids.map((i) => t.atoms[i]).sort().join(' ');
  return {
    atoms: [...t.atoms].sort(),
    init: names(t.init),
    goal: names(t.goal),
    operators: t.operators.map((o) => `${withNames ? o.name : ''} | ${names(o.pre)} | ${names(o.add)} | ${names(o.del)} | ${o.cost}`).sort(),
    unsolvable: t.unsolvableReason ?? null,
  };
}

/** Exports with the CLI, imports the result again; both loaded. */
async function roundTrip(domainFile: string, problemFile: string, level?: string): Promise<{ original: LoadedProblem; back: LoadedProblem; pddl: string }> {
  const pddl = freshDir();
  const e = await run('pddl', 'export', domainFile, problemFile, ...(level ? ['--level', level] : []), '--out', pddl);
  expect(e.code, e.err).toBe(0);
  expect(e.out).toContain(`wrote ${join(pddl, 'problem.pddl')}`);
  const back = await imported(join(pddl, 'domain.pddl'), join(pddl, 'problem.pddl'));
  return { original: loadFiles(domainFile, problemFile, level), back, pddl };
}

describe.skipIf(!existsSync(join(SHARED, 'gripper')))('importing the IPC gripper domain (../shared/pddl/gripper)', () => {
  it('prob01: 11 steps with bfs; at-robby is atRobby, the problem lists static facts first', async () => {
    const l = await imported(join(SHARED, 'gripper/domain.pddl'), join(SHARED, 'gripper/prob01.pddl'));
    expect(l.domain.operators.map((o) => `${o.name.pred}/${o.name.args.length}`)).toEqual(['move/2', 'pick/3', 'drop/3']);
    expect(l.domain.predicates.has('atRobby')).toBe(true);
    expect(l.problem.init.slice(0, 2).map((f) => f.pred)).toEqual(['room', 'room']);
    expect(solveLoaded(l, { algo: 'bfs' })).toMatchObject({ status: 'solved', length: 11, optimal: true });
  });
});

describe.skipIf(!existsSync(join(SHARED, 'blocks')))('importing the IPC blocks domain (../shared/pddl/blocks)', () => {
  for (const [prob, length] of [['probBLOCKS-4-0', 6], ['probBLOCKS-4-1', 10], ['probBLOCKS-4-2', 6]] as const) {
    it(`${prob}: ${length} steps with bfs`, async () => {
      const l = await imported(join(SHARED, 'blocks/domain.pddl'), join(SHARED, `blocks/${prob}.pddl`));
      expect(l.domain.operators.map((o) => o.name.pred)).toEqual(['pickUp', 'putDown', 'stack', 'unstack']);
      expect(solveLoaded(l, { algo: 'bfs' })).toMatchObject({ status: 'solved', length, optimal: true });
    });
  }
  it('the imported blocks domain is planlog\'s domains/blocks.pl but for names and stack\'s X \\= Y', async () => {
    const l = await imported(join(SHARED, 'blocks/domain.pddl'), join(SHARED, 'blocks/probBLOCKS-4-1.pddl'));
    const text = readFileSync(project('domains/blocks.pl'), 'utf8').replace(/pickup/g, 'pickUp').replace(/putdown/g, 'putDown');
    expect(text).toContain(', X \\= Y]');
    const ours = parseDomain(text.replace(', X \\= Y]', ']'), 'blocks.pl');
    const sig = (x: LoadedProblem) => groundSignature(x);
    expect(sig({ domain: ours, problem: l.problem })).toEqual(sig(l));
  });
});

describe('export then import gives the same ground task', () => {
  it('domains/sokoban.pl with tutorial level 7', async () => {
    const { original, back, pddl } = await roundTrip(project('domains/sokoban.pl'), project('maps/tutorial.txt'), '7');
    expect(groundSignature(back)).toEqual(groundSignature(original));
    const domainPddl = readFileSync(join(pddl, 'domain.pddl'), 'utf8');
    expect(domainPddl).toContain('(define (domain sokoban)\n  (:requirements :strips)');
    expect(domainPddl).toContain('  (:action push-r\n    :parameters (?sok ?from ?to)\n    :precondition (and (right ?to ?from) (right ?from ?sok) (sokoban ?sok) (box ?from) (empty ?to))');
    expect(readFileSync(join(pddl, 'problem.pddl'), 'utf8')).toMatch(/\(:init\n {4}\(top x\d+y\d+ x\d+y\d+\)/);
  });
  it('domains/sokoban-pushes.pl (action costs) with tutorial level 3', async () => {
    const { original, back, pddl } = await roundTrip(project('domains/sokoban-pushes.pl'), project('maps/tutorial.txt'), '3');
    expect(groundSignature(back)).toEqual(groundSignature(original));
    expect(readFileSync(join(pddl, 'domain.pddl'), 'utf8')).toContain('(increase (total-cost) 0)');
    expect(readFileSync(join(pddl, 'problem.pddl'), 'utf8')).toContain('(:metric minimize (total-cost)))');
    expect(back.domain.operators.map((o) => o.cost)).toEqual([0, 0, 0, 0, 1, 1, 1, 1]);
  });
  for (const d of ['robot', 'blocks', 'gripper', 'hanoi', 'eight-puzzle', 'logistics']) {
    const problem = d === 'robot' ? 'robot-problem.pl' : `${d}-2.pl`;
    it(`domains/${d}.pl with ${problem}`, async () => {
      const { original, back } = await roundTrip(project(`domains/${d}.pl`), project(`domains/${problem}`));
      expect(groundSignature(back)).toEqual(groundSignature(original));
      expect(solveLoaded(back, { algo: 'bfs' }).length).toBe(solveLoaded(original, { algo: 'bfs' }).length);
    });
  }
  it('constants and a repeated variable in operator names, quoted and integer constants, costs', async () => {
    const domainFile = join(tmp, 'odd.pl');
    const problemFile = join(tmp, 'odd-problem.pl');
    writeFileSync(
      domainFile,
      [
        "opn(go(X, Y), [at(X), link(X, Y), X \\= 'New York'], [at(Y)], [at(X)], 2).",
        'opn(return(home, X), [at(X), link(X, home)], [at(home), visited(X)], [at(X)], 1).',
        'opn(stay(X, X), [at(X)], [visited(X)], [], 0).',
        'opn(hop(X), [at(X), link(X, 3)], [at(3)], [at(X)], 5).',
      ].join('\n'),
    );
    writeFileSync(problemFile, "init([at('loc-1'), link('loc-1', 'New York'), link('New York', home), link(home, 'loc-1'), link('loc-1', 3), link(3, home)]).\ngoal([at(home), visited('loc-1')]).\n");
    const { original, back, pddl } = await roundTrip(domainFile, problemFile);
    expect(groundSignature(back)).toEqual(groundSignature(original));
    expect(back.domain.operators.map((o) => o.name.args.map((a) => (a.kind === 'const' ? a.value : '_')).join(','))).toEqual(['_,_', 'home,_', '_,_', '_']);
    const text = readFileSync(join(pddl, 'domain.pddl'), 'utf8');
    expect(text).toContain('(:requirements :strips :equality :action-costs)');
    expect(text).toContain('(:constants q--274e657720596f726b27 home q--33)');
    expect(text).toContain('  (:action return\n    :parameters (?p1 ?x)\n    :precondition (and (at ?x) (link ?x home) (= ?p1 home))');
    expect(text).toContain('  (:action stay\n    :parameters (?x ?p2)\n    :precondition (and (at ?x) (= ?p2 ?x))');
    expect(readFileSync(join(pddl, 'problem.pddl'), 'utf8')).toContain('(:objects\n    loc-1)');
    // without preprocessing: relevance drops operators that add only atoms no goal needs, and ucs then breaks the tie between the two cheapest plans the other way (through 3, not New York)
    const plan = await run('solve', problemFile, '--domain', domainFile, '--algo', 'ucs', '--plan-format', 'pddl', '--preprocess', 'none');
    expect(plan.out).toBe('(stay loc-1 loc-1)\n(go loc-1 q--274e657720596f726b27)\n(return home q--274e657720596f726b27)\n; cost = 3 (general cost)\n');
  });
  it('an operator with a variable only its preconditions mention: the PDDL action takes it as a parameter', async () => {
    const domainFile = join(tmp, 'look.pl');
    const problemFile = join(tmp, 'look-problem.pl');
    writeFileSync(domainFile, 'opn(look, [at(X)], [seen(X)], []).\n');
    writeFileSync(problemFile, 'init([at(a)]).\ngoal([seen(a)]).\n');
    const { original, back } = await roundTrip(domainFile, problemFile);
    expect(back.domain.operators[0].name.args).toHaveLength(1);
    expect(groundSignature(back, false)).toEqual(groundSignature(original, false));
    expect((await run('solve', problemFile, '--domain', domainFile, '--plan-format', 'pddl')).out).toBe('(look a)\n; cost = 1 (unit cost)\n');
  });
});

describe('solve --plan-format pddl', () => {
  /** PDDL plan lines → Prolog steps of the imported domain (names through fromPddlName). */
  const stepsOf = (plan: string) =>
    plan
      .split('\n')
      .filter((l) => l.startsWith('('))
      .map((l) => {
        const [name, ...args] = l.slice(1, -1).split(' ').map(fromPddlName);
        return { term: parseTerm(args.length > 0 ? `${name}(${args.join(',')})` : name, '<pddl plan>') };
      });

  it('blocks-2 (bfs): the 6 steps, and the cost line', async () => {
    const r = await run('solve', project('domains/blocks-2.pl'), '--domain', project('domains/blocks.pl'), '--plan-format', 'pddl');
    expect(r.code).toBe(0);
    expect(r.out).toBe('(unstack c a)\n(putdown c)\n(pickup b)\n(stack b c)\n(pickup a)\n(stack a b)\n; cost = 6 (unit cost)\n');
  });
  it('a Sokoban level: the plan replays in the exported and re-imported domain, same cost', async () => {
    const r = await run('solve', project('maps/tutorial.txt'), '--level', '5', '--algo', 'astar', '--plan-format', 'pddl');
    expect(r.code, r.err).toBe(0);
    const { back } = await roundTrip(project('domains/sokoban.pl'), project('maps/tutorial.txt'), '5');
    const v = validatePlan(back.domain, back.problem, stepsOf(r.out));
    expect(v.valid, v.failure?.message).toBe(true);
    expect(r.out).toMatch(new RegExp(`\\n; cost = ${v.cost} \\(unit cost\\)\\n$`));
    expect(r.out).toMatch(/^\((move|push)-[udlr] x\d+y\d+ x\d+y\d+( x\d+y\d+)?\)\n/);
  });
  it('no plan: nothing on stdout, the reason on stderr, exit 1', async () => {
    const r = await run('solve', project('maps/unsolvable.txt'), '--level', '1', '--algo', 'bfs', '--plan-format', 'pddl');
    expect(r.code).toBe(1);
    expect(r.out).toBe('');
    expect(r.err).toMatch(/^no plan \(unsolvable\): /);
  });
  it.each([
    [['--plan-format', 'xml'], "--plan-format must be text or pddl, got 'xml'"],
    [['--plan-format', 'pddl', '--json'], '--plan-format pddl prints only the plan; drop --json'],
    [['--plan-format', 'pddl', '--show'], '--plan-format pddl prints only the plan; drop --show, or write the plan to a file with -o FILE'],
  ])('usage error: %j', async (flags, message) => {
    const r = await run('solve', project('domains/blocks-1.pl'), '--domain', project('domains/blocks.pl'), ...flags);
    expect(r.code).toBe(2);
    expect(r.err).toContain(message);
  });
});

describe('planlog pddl: usage and located errors', () => {
  it('--out is required; unknown subcommands are usage errors', async () => {
    expect((await run('pddl', 'export', project('domains/robot.pl'))).err).toContain('pddl export needs --out DIR');
    const r = await run('pddl', 'convert', 'x');
    expect(r.code).toBe(2);
    expect(r.err).toContain("unknown pddl command 'convert'");
  });
  it('pddl --help lists both directions; planlog --help lists pddl and --plan-format', async () => {
    expect((await run('pddl', '--help')).out).toMatch(/npx planlog pddl export <domain\.pl>[^\n]*--out DIR\n\s+npx planlog pddl import/);
    const help = (await run('--help')).out;
    expect(help).toContain('pddl export|import');
    expect(help).toContain('--plan-format F');
  });
  it('export of the domain alone writes only domain.pddl', async () => {
    const out = freshDir();
    const r = await run('pddl', 'export', project('domains/hanoi.pl'), '--out', out);
    expect(r.out).toBe(`wrote ${join(out, 'domain.pddl')} (1 action)`);
    expect(existsSync(join(out, 'problem.pddl'))).toBe(false);
    expect(readFileSync(join(out, 'domain.pddl'), 'utf8')).toContain('  (:action move\n    :parameters (?d ?from ?to)\n');
  });
  it('a broken PDDL file: file:line:col, the line and a caret, exit 2', async () => {
    const bad = join(tmp, 'bad.pddl');
    writeFileSync(bad, '(define (domain d)\n  (:predicates (p ?x))\n  (:action a :parameters (?x)\n    :precondition (p ?y)\n    :effect (p ?x)))\n');
    const r = await run('pddl', 'import', bad, '--out', freshDir());
    expect(r.code).toBe(2);
    expect(r.err).toBe(`${bad}:4:22: unknown variable ?y in the precondition of action a (not a parameter)\n      :precondition (p ?y)\n                       ^`);
  });
});
