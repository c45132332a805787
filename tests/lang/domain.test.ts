import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkDomain, parseDomain } from '../../src/lang/domain.ts';
import { PlanlogError, formatDiagnostics } from '../../src/util/errors.ts';
import { parseProgram } from '../../src/lang/parse.ts';
import { formatLiteral } from '../../src/lang/print.ts';

const fixture = (name: string): string => readFileSync(new URL(`../fixtures/lang/${name}`, import.meta.url), 'utf8');

/** All diagnostics of a failing domain, as "line:col: message" (+ "  note: …" lines). */
function domainErrors(text: string): string[] {
  try {
    parseDomain(text, 'd.pl');
  } catch (e) {
    if (!(e instanceof PlanlogError)) throw e;
    return e.diagnostics.flatMap((d) => [
      d.line === undefined ? d.message : `${d.line}:${d.column}: ${d.message}`,
      ...(d.notes ?? []).map((n) => `  note: ${n}`),
    ]);
  }
  throw new Error('expected the domain to be rejected');
}

describe('checkDomain: accepted domains', () => {
  it('builds operator schemas with constants, variables and inequalities', () => {
    const d = parseDomain(
      "opn(go(From, To), [at(From), link(From, To, 'New York', 3, []), From \\= To, To \\= x], [at(To)], [at(From)]).\n" +
        'opn(noop, [], [], []).\n',
      'd.pl',
    );
    expect(d.file).toBe('d.pl');
    expect(d.operators).toHaveLength(2);
    const [go, noop] = d.operators;
    expect(formatLiteral(go.name)).toBe('go(From,To)');
    expect(go.pre.map(formatLiteral)).toEqual(['at(From)', "link(From,To,'New York',3,[])"]);
    expect(go.pre[1].args).toEqual([
      { kind: 'var', name: 'From' },
      { kind: 'var', name: 'To' },
      { kind: 'const', value: "'New York'" },
      { kind: 'const', value: '3' },
      { kind: 'const', value: '[]' },
    ]);
    expect(go.neq.map((n) => [n.left, n.right])).toEqual([
      [{ kind: 'var', name: 'From' }, { kind: 'var', name: 'To' }],
      [{ kind: 'var', name: 'To' }, { kind: 'const', value: 'x' }],
    ]);
    expect(go.neq[0].loc).toMatchObject({ line: 1, column: 65 });
    expect(go.add.map(formatLiteral)).toEqual(['at(To)']);
    expect(go.del.map(formatLiteral)).toEqual(['at(From)']);
    expect(go.cost).toBe(1);
    expect(go.loc).toMatchObject({ line: 1, column: 1 });
    expect(go.name.loc).toMatchObject({ line: 1, column: 5 });
    expect(formatLiteral(noop.name)).toBe('noop');
    expect([...d.predicates.values()].map((p) => `${p.name}/${p.arity}@${p.loc.line}:${p.loc.column}`)).toEqual([
      'at/1@1:20',
      'link/5@1:30',
    ]);
  });

  it('gives every anonymous variable in the preconditions its own name', () => {
    const d = parseDomain('opn(a(X), [p(X, _), q(_, _1)], [], [p(X, X)]).', 'd.pl');
    expect(d.operators[0].pre.map(formatLiteral)).toEqual(['p(X,_2)', 'q(_3,_1)']);
  });

  it('accepts the same predicate in many operators and literals', () => {
    const d = checkDomain(parseProgram('opn(a, [p(x)], [p(y)], []).\nopn(b, [p(y)], [], [p(x)]).', 'd.pl'));
    expect(d.predicates.get('p')).toMatchObject({ name: 'p', arity: 1, loc: { line: 1, column: 9 } });
  });
});

describe('checkDomain: errors', () => {
  it('rejects clauses that are not opn/4 facts, saying what they are', () => {
    expect(
      domainErrors(
        [
          'colour(red).',
          ':- dynamic(box/1).',
          'foo(X, Y) :- bar(X, Y).',
          'opn(a, [], []).',
          'opn(a).',
          'opn.',
          '3.',
          'X.',
          '[opn].',
          'opn(x, [], [], []) :- true.',
        ].join('\n'),
      ),
    ).toEqual([
      '1:1: expected an opn/4 fact, found a fact for colour/1',
      '2:1: expected an opn/4 fact, found a directive',
      '3:1: expected an opn/4 fact, found a rule for foo/2',
      '4:1: opn/3 has 3 arguments; expected opn(Name, Preconditions, AddList, DeleteList), or opn/5 with a Cost',
      '5:1: opn/1 has 1 argument; expected opn(Name, Preconditions, AddList, DeleteList), or opn/5 with a Cost',
      '6:1: opn/0 has 0 arguments; expected opn(Name, Preconditions, AddList, DeleteList)',
      '7:1: expected an opn/4 fact, found the integer 3',
      '8:1: expected an opn/4 fact, found the variable X',
      '9:1: expected an opn/4 fact, found the list [opn]',
      '10:1: expected an opn/4 fact, found a rule for opn/4',
    ]);
  });

  it('rejects names that are not atoms or compound terms', () => {
    expect(domainErrors('opn(X, [], [], []).\nopn(7, [], [], []).\nopn([a], [], [], []).')).toEqual([
      '1:5: the operator name must be an atom or a compound term, found the variable X',
      '2:5: the operator name must be an atom or a compound term, found the integer 7',
      '3:5: the operator name must be an atom or a compound term, found the list [a]',
    ]);
  });

  it('rejects lists that are not proper lists', () => {
    expect(domainErrors('opn(moveR(A), [p(A)], foo, [p(A) | T]).\nopn(b, p, [], [x|[y]]).')).toEqual([
      '1:23: the add list of moveR(A) is not a list: foo',
      '1:36: the delete list of moveR(A) is not a proper list: it ends in "|T"',
      '2:8: the precondition list of b is not a list: p',
    ]);
  });

  it('rejects list elements that are not literals', () => {
    expect(domainErrors('opn(a(X), [p(X), 3, X, [q]], [_], [A \\= X]).')).toEqual([
      '1:18: expected a literal in the precondition list of a(X), found the integer 3',
      '1:21: expected a literal in the precondition list of a(X), found the variable X',
      '1:24: expected a literal in the precondition list of a(X), found the list [q]',
      '1:31: expected a literal in the add list of a(X), found the anonymous variable _',
      '1:36: an inequality is only allowed in the precondition list; found A\\=X in the delete list of a(X)',
    ]);
  });

  it('rejects built-in goals in the lists', () => {
    expect(domainErrors('opn(a(X), [p(X), \\+ q(X), X = b], [(p(X), q(X))], []).')).toEqual([
      '1:18: \\+ q(X) is not allowed in the precondition list of a(X): only literals such as box(C) and inequalities A \\= B are allowed',
      '1:27: X=b is not allowed in the precondition list of a(X): only literals such as box(C) and inequalities A \\= B are allowed',
      '1:37: p(X), q(X) is not allowed in the add list of a(X): only literals such as box(C) are allowed',
    ]);
  });

  it('rejects arguments that are not constants or variables (function-free STRIPS)', () => {
    expect(domainErrors('opn(go(f(X)), [at(X, g(1)), X \\= h(X), at([a|T], [b])], [], []).')).toEqual([
      '1:8: argument f(X) of the operator name go(f(X)) is not a constant or a variable',
      '1:22: argument g(1) of at(X,g(1)) in the precondition list of go(f(X)) is not a constant or a variable',
      '1:34: argument h(X) of the inequality X\\=h(X) in the precondition list of go(f(X)) is not a constant or a variable',
      '1:43: argument [a|T] of at([a|T],[b]) in the precondition list of go(f(X)) is not a constant or a variable',
      '1:50: argument [b] of at([a|T],[b]) in the precondition list of go(f(X)) is not a constant or a variable',
    ]);
  });

  it('rejects variables that no precondition literal binds, once each', () => {
    expect(
      domainErrors(
        'opn(moveR(From, To, W), [at(From), From \\= V], [at(To), at(Y), seen(Y)], [at(From), _, gone(_)]).',
      ),
    ).toEqual([
      '1:17: variable To in the name of moveR(From,To,W) is not bound by its preconditions',
      '1:21: variable W in the name of moveR(From,To,W) is not bound by its preconditions',
      '1:44: variable V in the inequality From\\=V of moveR(From,To,W) is not bound by its preconditions',
      '1:60: variable Y in the add list of moveR(From,To,W) is not bound by its preconditions',
      '1:85: expected a literal in the delete list of moveR(From,To,W), found the anonymous variable _',
      '1:93: anonymous variable _ in the delete list of moveR(From,To,W) is not bound by its preconditions',
    ]);
  });

  it('rejects a predicate used with two arities, at each later arity, with a note', () => {
    expect(domainErrors('opn(a(X), [box(X)], [box(X, X)], []).\nopn(b(X), [box(X, X, X)], [], [box(X, X)]).')).toEqual([
      '1:22: predicate box/2 is also used as box/1',
      '  note: first used as box/1 at d.pl:1:12',
      '2:12: predicate box/3 is also used as box/1',
      '  note: first used as box/1 at d.pl:1:12',
    ]);
  });

  it('rejects duplicate operator names (same functor and arity), with a note', () => {
    expect(domainErrors('opn(go(X), [p(X)], [], []).\nopn(go(Y), [p(Y)], [], []).\nopn(go, [], [], []).\nopn(go, [], [], []).')).toEqual([
      '2:5: duplicate operator go/1',
      '  note: first defined at d.pl:1:5',
      '4:5: duplicate operator go/0',
      '  note: first defined at d.pl:3:5',
    ]);
  });

  it('rejects a file without clauses', () => {
    expect(domainErrors('% nothing here\n')).toEqual([
      'the domain has no operators; expected opn(Name, Preconditions, AddList, DeleteList) facts',
    ]);
  });

  it('reports syntax errors as PlanlogError too', () => {
    expect(domainErrors('opn(a, [], [], [])')).toEqual(['1:19: unexpected end of file: expected "." after the clause']);
  });

  it('reports all problems of a file together, in position order, with excerpts', () => {
    const text = fixture('bad-domain.pl');
    let err: PlanlogError | null = null;
    try {
      parseDomain(text, 'bad-domain.pl');
    } catch (e) {
      err = e as PlanlogError;
    }
    expect(err).toBeInstanceOf(PlanlogError);
    expect(formatDiagnostics(err!.diagnostics, { 'bad-domain.pl': text })).toBe(
      [
        'bad-domain.pl:2:1: expected an opn/4 fact, found a fact for colour/1',
        '  colour(red).',
        '  ^',
        'bad-domain.pl:5:36: variable Y in the add list of moveR(From,To) is not bound by its preconditions',
        '      [sokoban(To), empty(From), box(Y)],',
        '                                     ^',
        'bad-domain.pl:7:5: duplicate operator moveR/2',
        '  opn(moveR(A, B),',
        '      ^',
        '  note: first defined at bad-domain.pl:3:5',
        'bad-domain.pl:8:19: predicate sokoban/2 is also used as sokoban/1',
        '      [right(B, A), sokoban(A, B)],',
        '                    ^',
        '  note: first used as sokoban/1 at bad-domain.pl:4:23',
        'bad-domain.pl:9:19: the add list of moveR(A,B) is not a proper list: it ends in "|T"',
        '      [sokoban(B) | T],',
        '                    ^',
      ].join('\n'),
    );
    expect(err!.message.split('\n')[0]).toBe('bad-domain.pl:2:1: expected an opn/4 fact, found a fact for colour/1');
  });
});

describe('action costs: opn/5', () => {
  it('reads the cost of opn/5 operators and gives opn/4 operators cost 1', () => {
    const d = parseDomain(['opn(walk(A, B), [at(A), link(A, B)], [at(B)], [at(A)], 0).', 'opn(jump(A), [at(A)], [up], [], 7).', 'opn(rest, [], [calm], []).'].join('\n'), 'c.pl');
    expect(d.operators.map((o) => [o.name.pred, o.cost])).toEqual([
      ['walk', 0],
      ['jump', 7],
      ['rest', 1],
    ]);
  });

  it('rejects a cost that is not a whole number from 0 to 1000000, at the cost', () => {
    expect(() => parseDomain('opn(a, [], [p], [], -1).\nopn(b, [], [q], [], x).\nopn(c, [], [r], [], 2000000).', 'c.pl')).toThrow(
      [
        'c.pl:1:21: the cost of a must be a whole number from 0 to 1000000, found the integer -1',
        'c.pl:2:21: the cost of b must be a whole number from 0 to 1000000, found x',
        'c.pl:3:21: the cost of c must be a whole number from 0 to 1000000, found the integer 2000000',
      ].join('\n'),
    );
  });
});
