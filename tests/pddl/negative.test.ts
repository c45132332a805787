/**
 * PDDL negative preconditions and negative goals compiled away (issue 15,
 * item 2): a predicate p that occurs negated gets a complement notP that
 * the actions keep in step with p and the problem starts with for every
 * atom of p false initially; solve, validate (also a Fast Downward plan
 * file), the located complement preconditions, the import's text, the
 * actions refused because they could add and delete one atom of p at once,
 * and the limits.
 */
import { describe, expect, it } from 'vitest';
import { loadProblem, type LoadedProblem } from '../../src/core/load.ts';
import { factKey } from '../../src/model/lifted.ts';
import type { Loc } from '../../src/model/terms.ts';
import { quoteAtom } from '../../src/model/terms.ts';
import { exportPddlDomain, exportPddlProblem } from '../../src/pddl/export.ts';
import { importPddl } from '../../src/pddl/import.ts';
import { toPddlName } from '../../src/pddl/names.ts';
import { readPddlDomain } from '../../src/pddl/read-domain.ts';
import { readPddlProblem } from '../../src/pddl/read-problem.ts';
import { runMain, scratch } from '../cli/run-main.ts';
import { diagnostics } from '../diagnostics.ts';

const LAMPS = `; lamps: switched on only when off and not broken
(define (domain lamps)
  (:requirements :strips :typing :negative-preconditions)
  (:types lamp)
  (:predicates (on ?l - lamp) (broken ?l - lamp) (tested ?l - lamp))
  (:action switch-on
    :parameters (?l - lamp)
    :precondition (and (not (on ?l)) (not (broken ?l)))
    :effect (on ?l))
  (:action switch-off
    :parameters (?l - lamp)
    :precondition (on ?l)
    :effect (not (on ?l)))
  (:action test
    :parameters (?l - lamp)
    :precondition (on ?l)
    :effect (and (tested ?l) (not (on ?l)) (on ?l))))
`;
const THREE = `(define (problem three)
  (:domain lamps)
  (:objects a b c - lamp)
  (:init (on a) (broken c))
  (:goal (and (tested b) (not (on a)))))
`;

const tmp = scratch('planlog-pddl-negative-');
const D = tmp.file('lamps.pddl', LAMPS);
const P = tmp.file('three.pddl', THREE);

const load = (problem: string, domain: string, files = { d: 'd.pddl', p: 'p.pddl' }): LoadedProblem =>
  loadProblem({ file: files.p, text: problem, domainFile: files.d, domainText: domain });

const at = (l: Loc): string => `${l.file}:${l.line}:${l.column}`;
const opText = (loaded: LoadedProblem, i: number): string[] => {
  const op = loaded.domain.operators[i];
  return [factKey(op.name), op.pre.map(factKey).join(' '), op.add.map(factKey).join(' '), op.del.map(factKey).join(' ')];
};

describe('negative preconditions compiled into complements', () => {
  it('(not (p …)) is the precondition notP(…), located at the (not; adders of p delete notP, deleters add it, an action that adds and deletes the same p(…) keeps notP false', () => {
    const loaded = load(THREE, LAMPS);
    expect(opText(loaded, 0)).toEqual(['switchOn(L)', 'lamp(L) notOn(L) notBroken(L)', 'on(L)', 'notOn(L)']);
    expect(opText(loaded, 1)).toEqual(['switchOff(L)', 'lamp(L) on(L)', 'notOn(L)', 'on(L)']);
    expect(opText(loaded, 2)).toEqual(['test(L)', 'lamp(L) on(L)', 'tested(L) on(L)', 'on(L) notOn(L)']);
    const on = loaded.domain.operators[0];
    expect(on.pre.map((l) => at(l.loc))).toEqual(['d.pddl:7:18', 'd.pddl:8:24', 'd.pddl:8:38']);
    // the complement effects sit at the atom of the effect they follow
    expect(at(on.del[0].loc)).toBe('d.pddl:9:13');
    expect(at(loaded.domain.operators[1].add[0].loc)).toBe('d.pddl:13:18');
  });

  it('the problem holds notP for every atom false initially (counted exactly, located at (:init), and the negative goal as notP', () => {
    const { problem, generated } = load(THREE, LAMPS);
    const made = problem.init.filter((l) => l.pred.startsWith('not'));
    expect(made.map(factKey)).toEqual(['notOn(b)', 'notOn(c)', 'notBroken(a)', 'notBroken(b)']);
    expect(new Set(made.map((l) => at(l.loc)))).toEqual(new Set(['p.pddl:4:3']));
    expect(problem.goal.map((l) => `${factKey(l)} ${at(l.loc)}`)).toEqual(['tested(b) p.pddl:5:15', 'notOn(a) p.pddl:5:26']);
    // the complements, and broken (read only negated, its init fact used through notBroken), are left to the linter
    expect([...(generated ?? [])].sort()).toEqual(['broken', 'lamp', 'notBroken', 'notOn']);
  });

  it('the linter finds nothing to say: broken(c) is read, through (not (broken ?l))', () => {
    expect(load(THREE, LAMPS).warnings).toEqual([]);
  });

  it('solve finds the optimal plan; --plan-format pddl prints it with the PDDL names, also with the prolog backend', async () => {
    const r = await runMain('solve', D, P);
    expect(r.code).toBe(0);
    const lines = r.out.split('\n');
    expect(lines[1]).toBe('solved by bfs: 3 steps, cost 3, optimal');
    expect(lines.slice(3, 6).map((l) => l.trim())).toEqual(['1. switchOff(a)', '2. switchOn(b)', '3. test(b)']);
    expect(lines.at(-1)).toBe('plan validated: 3 steps replayed from the initial state, goal reached');
    const pddl = await runMain('solve', D, P, '--plan-format', 'pddl');
    expect(pddl).toEqual({ code: 0, out: '(switch-off a)\n(switch-on b)\n(test b)\n; cost = 3 (unit cost)\n', err: '' });
    const prolog = await runMain('solve', D, P, '--backend', 'prolog', '--algo', 'bfs', '--plan-format', 'pddl');
    expect(prolog.code).toBe(0);
    expect(prolog.out.split('\n').at(-2)).toBe('; cost = 3 (unit cost)');
  });

  it('validate reads a Fast Downward plan file; a plan that switches on a lamp test kept on is refused at its step, the missing complement named', async () => {
    const good = tmp.file('sas_plan', '(switch-off a)\n(switch-on b)\n(test b)\n; cost = 3 (unit cost)\n');
    expect(await runMain('validate', D, P, '--plan', good)).toEqual({ code: 0, out: 'valid: 3 steps, cost 3; the goal holds after the last step', err: '' });
    // test keeps on(b) (add wins) and so keeps notOn(b) false: switching b on again is refused
    const bad = tmp.file('bad.plan', '(switch-off a)\n(switch-on b)\n(test b)\n(switch-on b)\n');
    const r = await runMain('validate', D, P, '--plan', bad);
    expect(r.code).toBe(5);
    expect(r.out.split('\n')[0]).toBe(`invalid plan: ${bad}:4:1: step 4: (switch-on b) is not applicable: precondition (not (on b)) does not hold`);
    // and the precondition that fails is the (not (on ?l)) of switch-on
    const notOn = loadProblem({ file: P, text: THREE, domainFile: D, domainText: LAMPS }).domain.operators[0].pre[1];
    expect(`${factKey(notOn)} ${at(notOn.loc)}`).toBe(`notOn(L) ${D}:8:24`);
  });

  it('pddl import writes the compiled domain and problem, the headers saying what was compiled', () => {
    const domain = readPddlDomain(LAMPS, 'lamps.pddl');
    const texts = importPddl(domain, readPddlProblem(THREE, 'three.pddl', domain), { domainFile: 'o/domain.pl', problemFile: 'o/problem.pl' });
    expect(texts.domainText).toBe(`% Imported by planlog from lamps.pddl (PDDL domain lamps).
% PDDL names: a dash before a letter capitalises it (pick-up -> pickUp); other
% names with a dash are quoted. Types are static facts: an object a of type t
% is the fact t(a), a parameter ?x - t the precondition t(X).
% Negative preconditions compiled away: each complement below holds exactly when
% its atom does not. An action that adds the atom deletes the complement, one
% that deletes it adds the complement; the problem lists the complement of every
% atom false initially (over the objects of the types the negations name).
%   (not (on …)) is notOn/1
%   (not (broken …)) is notBroken/1

opn(switchOn(L),
    [lamp(L), notOn(L), notBroken(L)],
    [on(L)],
    [notOn(L)]).

opn(switchOff(L),
    [lamp(L), on(L)],
    [notOn(L)],
    [on(L)]).

opn(test(L),
    [lamp(L), on(L)],
    [tested(L), on(L)],
    [on(L), notOn(L)]).
`);
    expect(texts.problemText).toBe(`% Imported by planlog from three.pddl (PDDL problem three, domain lamps).
% 2 notOn facts: the on atoms false initially (negative preconditions compiled away).
% 2 notBroken facts: the broken atoms false initially (negative preconditions compiled away).

init([
  lamp(a),
  lamp(b),
  lamp(c),
  notBroken(a),
  notBroken(b),
  on(a),
  broken(c),
  notOn(b),
  notOn(c)
]).
goal([
  tested(b),
  notOn(a)
]).
`);
  });

  it('pddl import on the command line: the goal count includes the negated goal; the written files solve as planlog files', async () => {
    const out = `${tmp.dir}/imported`;
    const r = await runMain('pddl', 'import', D, P, '--out', out);
    expect(r.out.split('\n').slice(0, 2)).toEqual([`wrote ${out}/domain.pl (3 operators)`, `wrote ${out}/problem.pl (2 initial facts, 2 goal facts)`]);
    const s = await runMain('solve', `${out}/problem.pl`, '--domain', `${out}/domain.pl`);
    expect(s.out.split('\n')[1]).toBe('solved by bfs: 3 steps, cost 3, optimal');
  });

  it('the export direction: the complement is the PDDL predicate not-on, and the exported files solve the same', async () => {
    expect(toPddlName(quoteAtom('notOn'))).toBe('not-on');
    const loaded = load(THREE, LAMPS);
    const domainText = exportPddlDomain(loaded.domain, 'lamps', loaded.problem);
    expect(domainText).toContain('    (not-on ?a1)\n');
    expect(domainText).toContain('(:action switch-on\n    :parameters (?l)\n    :precondition (and (lamp ?l) (not-on ?l) (not-broken ?l))');
    const d = tmp.file('exported-domain.pddl', domainText);
    const p = tmp.file('exported-problem.pddl', exportPddlProblem(loaded.domain, loaded.problem, 'three', 'lamps'));
    expect((await runMain('solve', d, p, '--plan-format', 'pddl')).out).toBe('(switch-off a)\n(switch-on b)\n(test b)\n; cost = 3 (unit cost)\n');
  });
});

describe('negative goals', () => {
  // the goal alone negates open; not-open is taken, so the complement is not-open2 (notOpen2)
  const DOORS = `(define (domain doors)
  (:predicates (open ?d) (door ?d) (not-open ?d))
  (:action open :parameters (?d) :precondition (door ?d) :effect (open ?d))
  (:action close :parameters (?d) :precondition (open ?d) :effect (not (open ?d))))
`;
  const TWO = `(define (problem two) (:domain doors) (:objects d1 d2)
  (:init (door d1) (door d2) (open d1))
  (:goal (and (open d2) (not (open d1)))))
`;
  it('a predicate only the goal negates gets its complement, named clear of the domain\'s names, over the objects the goal names', () => {
    const loaded = load(TWO, DOORS);
    expect(opText(loaded, 0)).toEqual(['open(D)', 'door(D)', 'open(D)', 'notOpen2(D)']);
    expect(opText(loaded, 1)).toEqual(['close(D)', 'open(D)', 'notOpen2(D)', 'open(D)']);
    // d1 is open initially: no complement fact at all
    expect(loaded.problem.init.map(factKey)).toEqual(['door(d1)', 'door(d2)', 'open(d1)']);
    expect(loaded.problem.goal.map(factKey)).toEqual(['open(d2)', 'notOpen2(d1)']);
  });
  it('solve', async () => {
    const r = await runMain('solve', tmp.file('doors.pddl', DOORS), tmp.file('two.pddl', TWO), '--plan-format', 'pddl');
    expect(r).toEqual({ code: 0, out: '(open d2)\n(close d1)\n; cost = 2 (unit cost)\n', err: '' });
  });
});

describe('an action that could add and delete one atom of a negated predicate at once', () => {
  const GRID = (extra: string): string => `(define (domain grid)
  (:requirements :strips :typing :negative-preconditions :equality)
  (:types robot cell)
  (:predicates (at ?r - robot ?c - cell) (occupied ?c - cell) (adj ?a ?b - cell) (marked ?x))
  (:action move
    :parameters (?r - robot ?from ?to - cell)
    :precondition (and (at ?r ?from) (adj ?from ?to) (not (occupied ?to)))
    :effect (and (at ?r ?to) (occupied ?to) (not (at ?r ?from)) (not (occupied ?from))))
  (:action jump
    :parameters (?r - robot ?from ?to - cell)
    :precondition (and (at ?r ?from) (occupied ?from) (not (occupied ?to)))
    :effect (and (at ?r ?to) (occupied ?to) (not (at ?r ?from)) (not (occupied ?from))))
  (:action slide
    :parameters (?r - robot ?from ?to - cell)
    :precondition (and (at ?r ?from) (not (= ?from ?to)))
    :effect (and (occupied ?to) (not (occupied ?from))))
  (:action mark
    :parameters (?r - robot ?c - cell)
    :precondition (and (at ?r ?c) (not (marked ?r)))
    :effect (and (marked ?r) (not (marked ?c))))${extra})
`;
  const PROBLEM = (extra: string): string => `(define (problem g) (:domain grid)
  (:objects r1 - robot c1 c2 c3 - cell)
  (:init (at r1 c1) (occupied c1) (adj c1 c2) (adj c2 c1) (adj c2 c3) (adj c3 c2)${extra})
  (:goal (and (at r1 c3))))
`;
  it('is fine when the case is ruled out: a static precondition (adj ?c ?c is in no init fact), p and (not p) together, an inequality, unrelated types', () => {
    const loaded = load(PROBLEM(''), GRID(''));
    expect(loaded.domain.operators.map((o) => factKey(o.name))).toEqual(['move(R,From,To)', 'jump(R,From,To)', 'slide(R,From,To)', 'mark(R,C)']);
    expect(opText(loaded, 0).slice(2)).toEqual(['at(R,To) occupied(To) notOccupied(From)', 'at(R,From) occupied(From) notOccupied(To)']);
    expect(opText(loaded, 3).slice(1)).toEqual(['robot(R) cell(C) at(R,C) notMarked(R)', 'marked(R) notMarked(C)', 'marked(C) notMarked(R)']);
    // notMarked over the robots only, the type (not (marked ?r)) names; notOccupied over the cells
    expect(loaded.problem.init.filter((l) => l.pred.startsWith('not')).map(factKey)).toEqual(['notOccupied(c2)', 'notOccupied(c3)', 'notMarked(r1)']);
  });
  it('is refused, located at the added atom, when the problem has the static fact that allows it (adj c3 c3)', () => {
    const d = diagnostics(() => load(PROBLEM(' (adj c3 c3)'), GRID('')));
    expect(d).toEqual([
      {
        file: 'd.pddl',
        line: 8,
        column: 30,
        message:
          'action move adds (occupied ?to) and deletes (occupied ?from), the same atom when ?to = ?from: PDDL then keeps it true (add wins), but its complement notOccupied, which planlog uses for (not (occupied …)), would stay true as well; add (not (= ?to ?from)) to the precondition of move if they must differ',
        notes: ['occupied is negated at d.pddl:7:54'],
      },
    ]);
  });
  it('atoms that differ in two places: no single inequality to suggest', () => {
    const teleport = `
  (:action swap
    :parameters (?r ?s - robot ?a ?b - cell)
    :precondition (and (not (at ?r ?a)))
    :effect (and (at ?r ?a) (not (at ?s ?b))))`;
    const d = diagnostics(() => load(PROBLEM(''), GRID(teleport)));
    expect(d.map((x) => `${x.line}:${x.column} ${x.message}`)).toEqual([
      '24:18 action swap adds (at ?r ?a) and deletes (at ?s ?b), the same atom when ?r = ?s and ?a = ?b: PDDL then keeps it true (add wins), but its complement notAt, which planlog uses for (not (at …)), would stay true as well; make the two atoms differ in the precondition of swap',
    ]);
  });
});

describe('limits and errors', () => {
  it('a PDDL domain with negative preconditions and a Prolog problem: located at the first negation', () => {
    const d = diagnostics(() => loadProblem({ file: 'p.pl', text: 'init([lamp(a)]).\ngoal([on(a)]).\n', domainFile: 'd.pddl', domainText: LAMPS }));
    expect(d).toEqual([
      {
        file: 'd.pddl',
        line: 8,
        column: 24,
        message: "negative precondition (not (on …)): planlog compiles it away with complement facts made from a PDDL problem's objects and init, but p.pl is not a PDDL problem",
      },
    ]);
  });
  it('more than 1,000,000 complement facts is an error at (:init', () => {
    const domain = `(define (domain r) (:predicates (r ?a ?b ?c))
  (:action a :parameters (?a ?b ?c) :precondition (not (r ?a ?b ?c)) :effect (r ?a ?b ?c)))`;
    const objects = Array.from({ length: 101 }, (_, i) => `o${i}`).join(' ');
    const d = diagnostics(() => load(`(define (problem big) (:domain r) (:objects ${objects})\n  (:init) (:goal (r o1 o2 o3)))`, domain));
    expect(d).toEqual([
      {
        file: 'p.pddl',
        line: 2,
        column: 3,
        message: 'the negative preconditions need 1,030,301 complement facts for these objects (notR 101 × 101 × 101), more than planlog makes (1,000,000)',
      },
    ]);
  });
});
