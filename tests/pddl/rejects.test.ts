/**
 * What `pddl import` must refuse, with a located error and exit 2 (issue 13,
 * point 8): an undeclared type in :predicates, a problem for another domain,
 * two actions with one name, and temporal domains (:durative-actions), which
 * are named as such instead of "the domain has no actions".
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runMain, scratch } from '../cli/run-main.ts';

const { dir, file } = scratch('planlog-pddl-rejects-');
const importing = (...files: string[]) => runMain('pddl', 'import', ...files, '--out', join(dir, 'out'));

const DOMAIN = file('domain.pddl', `(define (domain lights)
  (:requirements :strips :typing)
  (:types lamp)
  (:predicates (on ?l - lamp) (off ?l - lamp))
  (:action switch-on :parameters (?l - lamp) :precondition (off ?l) :effect (and (on ?l) (not (off ?l)))))
`);
const PROBLEM = (domain: string): string => `(define (problem one) (:domain ${domain})
  (:objects l1 - lamp)
  (:init (off l1))
  (:goal (on l1)))
`;

describe('pddl import refuses, located, exit 2', () => {
  it('the domain and a problem for it import (exit 0)', async () => {
    const r = await importing(DOMAIN, file('ok.pddl', PROBLEM('LIGHTS')));
    expect(r.code, r.err).toBe(0);
  });

  it('an undeclared type in :predicates', async () => {
    const d = file('undeclared-type.pddl', `(define (domain lights)
  (:requirements :strips :typing)
  (:types lamp)
  (:predicates (on ?l - lamp) (near ?l - lamp ?r - room))
  (:action switch-on :parameters (?l - lamp) :precondition () :effect (on ?l)))
`);
    const r = await importing(d);
    expect(r.code).toBe(2);
    expect(r.err.split('\n')[0]).toBe(`${d}:4:47: type room of r is not declared in :types`);
  });

  it('a problem whose (:domain …) names another domain', async () => {
    const p = file('other.pddl', PROBLEM('darkness'));
    const r = await importing(DOMAIN, p);
    expect(r.code).toBe(2);
    expect(r.err.split('\n')[0]).toBe(`${p}:1:32: the problem is for domain darkness, but ${DOMAIN} defines domain lights`);
  });

  it('two actions with one name (case-insensitive), the first one named in a note', async () => {
    const d = file('twice.pddl', `(define (domain lights)
  (:requirements :strips)
  (:predicates (on ?l) (off ?l))
  (:action switch :parameters (?l) :precondition (off ?l) :effect (on ?l))
  (:action Switch :parameters (?l) :precondition (on ?l) :effect (off ?l)))
`);
    const r = await importing(d);
    expect(r.code).toBe(2);
    const lines = r.err.split('\n');
    expect(lines[0]).toBe(`${d}:5:3: action switch is defined twice (names are case-insensitive)`);
    expect(lines).toContain(`  note: first defined at ${d}:4:3`);
  });

  it(':durative-actions in :requirements and a :durative-action: "durative actions are not supported", not "no actions"', async () => {
    const d = file('durative.pddl', `(define (domain lights)
  (:requirements :strips :durative-actions)
  (:predicates (on ?l) (off ?l))
  (:durative-action switch :parameters (?l) :duration (= ?duration 2)
    :condition (at start (off ?l)) :effect (at end (on ?l))))
`);
    const r = await importing(d);
    expect(r.code).toBe(2);
    expect(r.err).not.toContain('has no actions');
    const firsts = r.err.split('\n').filter((l) => l.startsWith(d));
    expect(firsts).toEqual([
      `${d}:2:26: requirement :durative-actions: durative actions are not supported (temporal planning); planlog reads instantaneous :action sections only`,
      `${d}:4:3: durative actions are not supported (temporal planning); planlog reads instantaneous :action sections only`,
    ]);
  });

  it('a :durative-action without the requirement: the same message, no "no actions"', async () => {
    const d = file('durative-only.pddl', `(define (domain lights)
  (:requirements :strips)
  (:predicates (on ?l) (off ?l))
  (:durative-action switch :parameters (?l) :duration (= ?duration 2)
    :condition (at start (off ?l)) :effect (at end (on ?l))))
`);
    const r = await importing(d);
    expect(r.code).toBe(2);
    expect(r.err.split('\n')[0]).toBe(`${d}:4:3: durative actions are not supported (temporal planning); planlog reads instantaneous :action sections only`);
    expect(r.err).not.toContain('has no actions');
  });
});
