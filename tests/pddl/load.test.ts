/**
 * PDDL as a direct input of loadProblem (src/core/pddl-load.ts): which
 * files are PDDL, the domain and problem located in the PDDL files (every
 * operator, literal, inequality and first use of a predicate), the
 * predicates import makes up, and the located errors.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadProblem, type LoadedProblem } from '../../src/core/load.ts';
import type { Loc } from '../../src/model/terms.ts';
import { factKey } from '../../src/model/lifted.ts';
import { isPddl, pddlDefineKind } from '../../src/pddl/detect.ts';
import { diagnostics } from '../diagnostics.ts';

const DOMAIN = `; a typed fragment
(define (domain move)
  (:requirements :strips :typing :equality)
  (:types truck place)
  (:predicates (at ?t - truck ?p - place) (road ?a ?b - place) (ready))
  (:action drive
    :parameters (?t - truck ?from ?to - place)
    :precondition (and (at ?t ?from) (road ?from ?to) (not (= ?from ?to)))
    :effect (and (at ?t ?to) (not (at ?t ?from))))
  (:action wait
    :parameters (?x)
    :precondition ()
    :effect (ready)))
`;
const PROBLEM = `(define (problem one)
  (:domain move)
  (:objects t1 - truck a b - place)
  (:init (at t1 a) (road a b))
  (:goal (and (at t1 b) (ready))))
`;

const load = (problem = PROBLEM, domain = DOMAIN, files = { d: 'd.pddl', p: 'p.pddl' }): LoadedProblem =>
  loadProblem({ file: files.p, text: problem, domainFile: files.d, domainText: domain });

/** "file:line:col" of a location. */
const at = (l: Loc): string => `${l.file}:${l.line}:${l.column}`;

describe('which files are PDDL', () => {
  it('by the name .pddl, or by a text whose first form is (define, after blanks and ; comments', () => {
    expect(isPddl('x.PDDL', 'anything')).toBe(true);
    expect(isPddl('x.txt', '\uFEFF ; c\n;; more\n  (DEFINE (domain d))')).toBe(true);
    // a comment ends at any line end the grammar counts, a bare CR too
    expect(isPddl('x.txt', '; c\r(define (domain d))')).toBe(true);
    expect(isPddl('x.pl', 'opn(a, [], [], []).')).toBe(false);
    expect(isPddl('x.txt', '#####\n#@$.#\n#####')).toBe(false);
    expect(isPddl('x.txt', '(definex)')).toBe(false);
    expect([DOMAIN, PROBLEM, '(define(problem p))', '(define x)', 'define'].map(pddlDefineKind)).toEqual(['domain', 'problem', 'problem', 'other', null]);
  });
});

describe('a PDDL domain and problem loaded directly', () => {
  it('every location points into the PDDL files: operators at (:action, literals at their atoms, type preconditions at the parameter, inequalities at (not (= …))', () => {
    const { domain, problem } = load();
    expect(domain.file).toBe('d.pddl');
    expect(problem.file).toBe('p.pddl');
    const drive = domain.operators[0];
    expect(factKey(drive.name)).toBe('drive(T,From,To)');
    expect(at(drive.loc)).toBe('d.pddl:6:3');
    expect(drive.pre.map((l) => `${factKey(l)} ${at(l.loc)}`)).toEqual([
      'truck(T) d.pddl:7:18',
      'place(From) d.pddl:7:29',
      'place(To) d.pddl:7:35',
      'at(T,From) d.pddl:8:24',
      'road(From,To) d.pddl:8:38',
    ]);
    expect(drive.neq.map((n) => at(n.loc))).toEqual(['d.pddl:8:55']);
    expect(drive.add.map((l) => at(l.loc))).toEqual(['d.pddl:9:18']);
    expect(drive.del.map((l) => at(l.loc))).toEqual(['d.pddl:9:35']);
    // wait's untyped parameter, which no precondition binds, gets object(X) at the parameter
    expect(domain.operators[1].pre.map((l) => `${factKey(l)} ${at(l.loc)}`)).toEqual(['object(X) d.pddl:11:18']);
    expect([...domain.predicates.values()].map((p) => `${p.name}/${p.arity} ${at(p.loc)}`)).toEqual([
      'truck/1 d.pddl:7:18',
      'place/1 d.pddl:7:29',
      'at/2 d.pddl:8:24',
      'road/2 d.pddl:8:38',
      'object/1 d.pddl:11:18',
      'ready/0 d.pddl:13:13',
    ]);
    // the type facts at the object's declaration, then :init; the goal
    expect(problem.init.map((l) => `${factKey(l)} ${at(l.loc)}`)).toEqual([
      'truck(t1) p.pddl:3:13',
      'object(t1) p.pddl:3:13',
      'place(a) p.pddl:3:24',
      'object(a) p.pddl:3:24',
      'place(b) p.pddl:3:26',
      'object(b) p.pddl:3:26',
      'at(t1,a) p.pddl:4:10',
      'road(a,b) p.pddl:4:20',
    ]);
    expect(problem.goal.map((l) => `${factKey(l)} ${at(l.loc)}`)).toEqual(['at(t1,b) p.pddl:5:15', 'ready p.pddl:5:25']);
  });

  it('generated names the predicates import made up: the types, and object when a parameter needs it', () => {
    expect(load().generated).toEqual(new Set(['truck', 'place', 'object']));
    const d = readFileSync('examples/pddl/domain.pddl', 'utf8');
    const p = readFileSync('examples/pddl/problem.pddl', 'utf8');
    expect(loadProblem({ file: 'p.pddl', text: p, domainFile: 'd.pddl', domainText: d }).generated).toEqual(new Set(['room', 'parcel']));
    // no PDDL, nothing generated
    expect(loadProblem({ file: 'domains/robot-problem.pl', text: readFileSync('domains/robot-problem.pl', 'utf8'), domainFile: 'domains/robot.pl', domainText: readFileSync('domains/robot.pl', 'utf8') }).generated).toBeUndefined();
  });

  it('a PDDL domain with a Prolog problem file: the problem is read against the imported domain', () => {
    const l = load('init([at(t1, a), road(a, b), truck(t1), place(a), place(b), object(t1), object(a), object(b)]).\ngoal([at(t1, b)]).\n', DOMAIN, { d: 'd.pddl', p: 'p.pl' });
    expect(l.problem.file).toBe('p.pl');
    expect(l.problem.goal.map(factKey)).toEqual(['at(t1,b)']);
    expect(l.generated).toEqual(new Set(['truck', 'place', 'object']));
  });

  it('a PDDL file without .pddl in its name is PDDL by its text', () => {
    const l = load(PROBLEM, DOMAIN, { d: 'domain.txt', p: 'problem.txt' });
    expect(l.domain.operators.length).toBe(2);
    expect(l.level).toBeUndefined();
  });
});

describe('located errors', () => {
  it('a syntax error in the PDDL is located in the .pddl file', () => {
    const d = diagnostics(() => load(PROBLEM, DOMAIN.replace('(ready)))', '(ready))))')));
    expect(d.map((x) => `${x.file}:${x.line}:${x.column}: ${x.message}`)).toEqual(['d.pddl:13:22: unexpected ")": no "(" is open here']);
    const p = diagnostics(() => load(PROBLEM.replace('(at t1 b)', '(at t1 c)')));
    expect(p.map((x) => `${x.file}:${x.line}:${x.column}: ${x.message}`)).toEqual(['p.pddl:5:22: unknown object c in the goal: declare it in :objects']);
  });

  it('a PDDL problem with a domain that is not PDDL; a domain and a problem the wrong way round', () => {
    const opn = diagnostics(() => load(PROBLEM, 'opn(a, [], [b], []).', { d: 'd.pl', p: 'p.pddl' }));
    expect(opn.map((x) => `${x.file}: ${x.message}`)).toEqual(['p.pddl: a PDDL problem needs a PDDL domain, but d.pl is not PDDL: give the domain with --domain DOMAIN.pddl']);
    const swapped = diagnostics(() => load(DOMAIN, PROBLEM, { d: 'p.pddl', p: 'd.pddl' }));
    expect(swapped.map((x) => `${x.file}: ${x.message}`)).toEqual([
      'p.pddl: this is a PDDL problem and d.pddl is its domain: give the domain first (DOMAIN.pddl PROBLEM.pddl) or with --domain DOMAIN.pddl',
    ]);
  });

  it('--level applies to level files, not to a PDDL problem', () => {
    const d = diagnostics(() => loadProblem({ file: 'p.pddl', text: PROBLEM, level: 2, domainFile: 'd.pddl', domainText: DOMAIN }));
    expect(d.map((x) => `${x.file}: ${x.message}`)).toEqual(['p.pddl: --level applies to level files, not to PDDL problem files']);
  });
});
