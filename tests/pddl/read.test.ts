/**
 * The PDDL reader: what it accepts (typing, equality, action costs) and the
 * located errors (file:line:col) for what it does not.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDomain } from '../../src/lang/domain.ts';
import { PlanlogError, type Diagnostic } from '../../src/util/errors.ts';
import { parseProblem } from '../../src/lang/problem.ts';
import { importPddl } from '../../src/pddl/import.ts';
import { readPddlDomain } from '../../src/pddl/read-domain.ts';
import { readPddlProblem } from '../../src/pddl/read-problem.ts';
import { diagnostics } from '../diagnostics.ts';

const domainErr = (text: string): Diagnostic[] => diagnostics(() => readPddlDomain(text, 'd.pddl'));

const TYPED = `; a typed logistics fragment
(define (domain move)
  (:requirements :strips :typing :equality :action-costs)
  (:types truck plane - vehicle place)
  (:constants depot - place)
  (:predicates (at ?v - vehicle ?p - place) (road ?a ?b - place) (ready))
  (:functions (total-cost) - number)
  (:action drive
    :parameters (?t - truck ?from ?to - place)
    :precondition (and (at ?t ?from) (road ?from ?to) (not (= ?from ?to)))
    :effect (and (at ?t ?to) (not (at ?t ?from)) (increase (total-cost) 3)))
  (:action home
    :parameters (?v - vehicle ?p - place ?q)
    :precondition (and (at ?v ?p) (= ?q depot))
    :effect (and (at ?v ?q) (not (at ?v ?p))))
  (:action start
    :parameters (?x)
    :precondition ()
    :effect (ready)))
`;
const TYPED_PROBLEM = `(define (problem two)
  (:domain move)
  (:objects t1 - truck p1 - plane a b - place)
  (:init (at t1 a) (at p1 b) (road a b) (road b depot) (= (total-cost) 0))
  (:goal (and (at t1 depot) (ready)))
  (:metric minimize (total-cost)))
`;

describe('reading and importing typed PDDL', () => {
  const domain = readPddlDomain(TYPED, 'move.pddl');
  const problem = readPddlProblem(TYPED_PROBLEM, 'two.pddl', domain);
  const { domainText, problemText } = importPddl(domain, problem, { domainFile: 'out/domain.pl', problemFile: 'out/problem.pl' });

  it('reads types, constants, predicates, equalities and costs', () => {
    expect([...domain.types].map(([t, { parent }]) => `${t} - ${parent}`)).toEqual(['truck - vehicle', 'plane - vehicle', 'place - object', 'vehicle - object']);
    expect(domain.constants.map((c) => `${c.name} - ${c.type}`)).toEqual(['depot - place']);
    expect(domain.actions.map((a) => [a.name, a.cost, a.equalities.map((e) => e.equal)])).toEqual([
      ['drive', 3, [false]],
      ['home', null, [true]],
      ['start', null, []],
    ]);
  });
  it('typed parameters become preconditions; (= ?q depot) is substituted; (not (= …)) is \\=; costs make opn/5', () => {
    expect(domainText).toContain('opn(drive(T, From, To),\n    [truck(T), place(From), place(To), at(T, From), road(From, To), From \\= To],\n    [at(T, To)],\n    [at(T, From)],\n    3).');
    expect(domainText).toContain('opn(home(V, P, depot),\n    [vehicle(V), place(P), at(V, P)],\n    [at(V, depot)],\n    [at(V, P)],\n    0).');
  });
  it('an untyped parameter no precondition mentions gets object(X), and every object the fact object(O)', () => {
    expect(domainText).toContain('opn(start(X),\n    [object(X)],\n    [ready],\n    [],\n    0).');
    expect(problemText).toMatch(/object\(t1\),/);
    expect(problemText).toMatch(/object\(depot\),/);
  });
  it('objects get one fact per type up to object; constants too', () => {
    for (const f of ['place(depot)', 'truck(t1)', 'vehicle(t1)', 'plane(p1)', 'vehicle(p1)', 'place(a)', 'place(b)']) expect(problemText).toContain(`  ${f},`);
    expect(problemText).toContain('goal([\n  at(t1,depot),\n  ready\n]).');
  });
});

describe('located errors in a PDDL domain', () => {
  it('an unclosed "(": at the innermost one still open', () => {
    expect(domainErr('(define (domain d)\n  (:predicates (p ?x)\n  (:action a :parameters () :effect (p a))')).toEqual([
      { file: 'd.pddl', line: 2, column: 3, message: 'this "(" is never closed' },
    ]);
  });
  it('a stray ")"', () => {
    expect(domainErr('(define (domain d))\n  )')[0]).toMatchObject({ line: 2, column: 3, message: 'unexpected ")": no "(" is open here' });
  });
  it('a negation of something else than one atom, in a precondition', () => {
    const d = domainErr(`(define (domain d)
  (:requirements :strips :negative-preconditions)
  (:predicates (p ?x) (q ?x))
  (:action a :parameters (?x)
    :precondition (and (p ?x) (not (or (q ?x) (p ?x))) (not (not (q ?x))) (not (q ?x) (p ?x)) (not (r ?x)))
    :effect (q ?x)))`);
    expect(d.map((x) => `${x.line}:${x.column} ${x.message}`)).toEqual([
      '5:31 expected (not (p …)) with an atom p in the precondition of action a, found (not (or (q ?x) (p ?x))) (disjunctive preconditions (or) are not supported)',
      '5:56 expected (not (p …)) with an atom p in the precondition of action a, found (not (not (q ?x)))',
      '5:75 expected (not (p …)) with an atom p in the precondition of action a, found (not (q ?x) (p ?x))',
      '5:101 undeclared predicate r in the precondition of action a',
    ]);
  });
  it('undeclared predicates, wrong arities, unknown variables and constants', () => {
    const d = domainErr(`(define (domain d)
  (:predicates (p ?x) (q ?x ?y))
  (:action a :parameters (?x)
    :precondition (and (r ?x) (q ?x))
    :effect (and (p ?y) (p c))))`);
    expect(d.map((x) => `${x.line}:${x.column} ${x.message}`)).toEqual([
      '4:25 undeclared predicate r in the precondition of action a',
      '4:31 predicate q takes 2 arguments, found 1 in the precondition of action a',
      '5:21 unknown variable ?y in the effect of action a (not a parameter)',
      '5:28 unknown object c in the effect of action a: declare it in :constants',
    ]);
  });
  it('a cost that is not a constant, conditional effects, disjunctions, either types', () => {
    const d = domainErr(`(define (domain d)
  (:requirements :typing :action-costs)
  (:types a b)
  (:predicates (p ?x - (either a b)))
  (:action go :parameters (?x)
    :precondition (or (p ?x) (p ?x))
    :effect (and (when (p ?x) (p ?x)) (increase (total-cost) (dist ?x)))))`);
    expect(d.map((x) => [x.line, x.column])).toEqual([
      [4, 24],
      [6, 19],
      [7, 18],
      [7, 62],
    ]);
    expect(d[3].message).toMatch(/^an action cost must be a whole number from 0 to 1000000, found \(dist \?x\)/);
  });
  it('a type named like a predicate cannot become a unary fact', () => {
    const domain = readPddlDomain('(define (domain d) (:types ball)\n (:predicates (ball ?x))\n (:action a :parameters (?x - ball) :precondition (ball ?x) :effect (ball ?x)))', 'd.pddl');
    const d = diagnostics(() => importPddl(domain, null, { domainFile: 'o/domain.pl', problemFile: 'o/problem.pl' }));
    expect(d[0]).toMatchObject({ file: 'd.pddl', line: 1, column: 28 });
    expect(d[0].message).toMatch(/^type ball has the name of a predicate/);
  });
});

describe('located errors in a PDDL problem', () => {
  const domain = readPddlDomain(TYPED, 'move.pddl');
  const problemErr = (text: string): Diagnostic[] => diagnostics(() => readPddlProblem(text, 'p.pddl', domain));
  it('unknown objects, disjunctive goals, a negated goal that is not an atom, other metrics', () => {
    const d = problemErr(`(define (problem x) (:domain move)
  (:objects t1 - truck a - place)
  (:init (at t1 b))
  (:goal (and (or (ready)) (not (and (ready)))))
  (:metric maximize (total-cost)))`);
    expect(d.map((x) => `${x.line}:${x.column}`)).toEqual(['3:17', '4:15', '4:28', '5:3']);
    expect(d[0].message).toBe('unknown object b in the initial state: declare it in :objects');
    expect(d[1].message).toBe('goal (or (ready)): only a conjunction of atoms and negated atoms is supported (no or)');
    expect(d[2].message).toBe('expected (not (p …)) with an atom p in the goal, found (not (and (ready)))');
  });
  it('an object of an undeclared type', () => {
    expect(problemErr('(define (problem x) (:domain move)\n (:objects t1 - lorry)\n (:init) (:goal (ready)))')[0]).toMatchObject({
      line: 2,
      column: 12,
      message: "type lorry of t1 is not declared in the domain's :types",
    });
  });
});

describe('bad input never crashes the reader', () => {
  /** Runs `f`; a PlanlogError (located when it has a line) is fine, anything else fails the property. */
  const userErrorOnly = (f: () => unknown): void => {
    try {
      f();
    } catch (e) {
      if (!(e instanceof PlanlogError)) throw e;
      for (const d of e.diagnostics) {
        expect(d.file, d.message).toMatch(/^[dp]\.pddl$/); // never a problem in the generated opn texts
        if (d.line !== undefined) expect(d.column).toBeGreaterThan(0);
      }
    }
  };
  it('mutated domains and problems: a result whose import reads back, or a PlanlogError (property)', () => {
    const cut = (text: string, at: number, len: number, insert: string): string => text.slice(0, at % (text.length + 1)) + insert + text.slice((at % (text.length + 1)) + len);
    const edit = fc.tuple(fc.nat(), fc.nat({ max: 6 }), fc.constantFrom('', '(', ')', '?', ' - ', '(not ', '(= ?x ', ' ?to', ':typing', '(either', ';', 'x'));
    fc.assert(
      fc.property(fc.array(edit, { minLength: 1, maxLength: 3 }), fc.boolean(), (edits, inProblem) => {
        let d = TYPED;
        let p = TYPED_PROBLEM;
        for (const [at, len, ins] of edits) {
          if (inProblem) p = cut(p, at, len, ins);
          else d = cut(d, at, len, ins);
        }
        userErrorOnly(() => {
          const domain = readPddlDomain(d, 'd.pddl');
          const problem = readPddlProblem(p, 'p.pddl', domain);
          const texts = importPddl(domain, problem, { domainFile: 'o/domain.pl', problemFile: 'o/problem.pl' });
          parseProblem(texts.problemText!, 'o/problem.pl', parseDomain(texts.domainText, 'o/domain.pl'));
        });
      }),
      { numRuns: 400 },
    );
  });
  it('an empty file and a file of comments', () => {
    expect(domainErr('')).toEqual([{ file: 'd.pddl', message: 'the file holds no PDDL; expected (define (domain NAME) …)' }]);
    expect(domainErr('; nothing\n')[0].message).toMatch(/^the file holds no PDDL/);
  });
});
