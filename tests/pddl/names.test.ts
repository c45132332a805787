/** Names between Prolog and PDDL: valid on both sides and reversible. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseTerm } from '../../src/lang/parse.ts';
import { quoteAtom, termToString } from '../../src/model/terms.ts';
import { fromPddlName, pddlNamePattern, pddlNames, pddlVarName, prologVarName, toPddlName } from '../../src/pddl/names.ts';
import { PROLOG_NAMES } from '../../src/strips/validate.ts';

describe('toPddlName / fromPddlName', () => {
  it.each([
    ['x1y2', 'x1y2'],
    ['moveR', 'move-r'],
    ['atRobby', 'at-robby'],
    ['load_truck', 'load_truck'],
    ["'loc-1'", 'loc-1'],
    ['3', 'q--33'],
    ["'New York'", 'q--274e657720596f726b27'],
    ["'pick-up'", 'q--277069636b2d757027'],
    ['and', 'q--616e64'],
  ])('%s ↔ %s', (prolog, pddl) => {
    expect(toPddlName(prolog)).toBe(pddl);
    expect(fromPddlName(pddl)).toBe(prolog);
  });
  it('PDDL names from the IPC domains read as Prolog atoms', () => {
    expect(['pick-up', 'put-down', 'at-robby', 'rooma', 'truck-1', 'a-', 'q--zz'].map(fromPddlName)).toEqual(['pickUp', 'putDown', 'atRobby', 'rooma', "'truck-1'", "'a-'", "'q--zz'"]);
  });
  it('a hex form that is not the canonical one stays a name', () => {
    expect(fromPddlName('q--61')).toBe("'q--61'"); // "a" would be written a
    expect(toPddlName("'q--61'")).toBe('q--61');
  });
  it('every Prolog constant gets a valid PDDL name and back (property)', () => {
    const atomText = fc.oneof(fc.string({ maxLength: 12 }), fc.stringMatching(/^q--([0-9a-f]{2}){1,4}$/), fc.stringMatching(/^[a-z][a-z0-9-]{0,6}$/)).map(quoteAtom);
    const plain = fc.stringMatching(/^[a-z][a-zA-Z0-9_]{0,10}$/);
    const int = fc.integer({ min: -1000, max: 1000 }).map(String);
    fc.assert(
      fc.property(fc.oneof(atomText, plain, int), (c) => {
        fc.pre(readsBack(c)); // quoteAtom leaves a few symbol atoms such as '.' unquoted
        const n = toPddlName(c);
        expect(n).toMatch(pddlNamePattern);
        expect(fromPddlName(n)).toBe(c);
      }),
      { numRuns: 500 },
    );
  });
  it('every PDDL name reads as one Prolog constant and back (property)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.stringMatching(/^[a-z][a-z0-9_-]{0,10}$/), fc.stringMatching(/^q--([0-9a-f]{2}){1,4}$/)), (n) => {
        fc.pre(!['and', 'or', 'not', 'imply', 'exists', 'forall', 'when', 'either', 'increase', 'decrease', 'assign', 'scale-up', 'scale-down', 'total-cost'].includes(n));
        expect(toPddlName(fromPddlName(n))).toBe(n);
      }),
      { numRuns: 500 },
    );
  });
});

/** True when the text parses back as the constant it writes. */
function readsBack(text: string): boolean {
  try {
    return termToString(parseTerm(text, '<t>')) === text;
  } catch {
    return false;
  }
}

describe('variables', () => {
  it('PDDL → Prolog', () => {
    expect(['x', 'from', 'obj-2', 'to-do'].map(prologVarName)).toEqual(['X', 'From', 'Obj_2', 'ToDo']);
  });
  it('Prolog → PDDL', () => {
    expect(['X', 'From', '_1'].map(pddlVarName)).toEqual(['?x', '?from', '?v_1']);
  });
});

describe("the validator's names (FactNames)", () => {
  const c = (value: string) => ({ kind: 'const' as const, value });
  const v = (name: string) => ({ kind: 'var' as const, name });

  it('PDDL: facts and steps as PDDL writes them, a complement as the negation it stands for, operators and inequalities in words', () => {
    const names = pddlNames(new Map([['notOn', 'on']]));
    expect(names.fact('robotAt', [c('office')])).toBe('(robot-at office)');
    expect(names.fact('drive', [c("'truck-1'"), c('3'), v('To')])).toBe('(drive truck-1 q--33 ?to)');
    expect(names.fact('handempty', [])).toBe('(handempty)');
    expect(names.fact('notOn', [c('a'), c('b')])).toBe('(not (on a b))');
    expect(names.operator('putDown', 2)).toBe('action put-down with 2 parameters');
    expect(names.operator('noop', 1)).toBe('action noop with 1 parameter');
    expect(names.differ('a', "'loc-1'")).toBe('(not (= a loc-1))');
  });

  it("Prolog: planlog's terms, as before", () => {
    expect(PROLOG_NAMES.fact('robotAt', [c('office')])).toBe('robotAt(office)');
    expect(PROLOG_NAMES.fact('handempty', [])).toBe('handempty');
    expect(PROLOG_NAMES.fact('at', [v('X'), c("'New York'")])).toBe("at(X,'New York')");
    expect(PROLOG_NAMES.operator('putDown', 2)).toBe('operator putDown/2');
    expect(PROLOG_NAMES.differ('a', 'b')).toBe('a \\= b');
  });
});
