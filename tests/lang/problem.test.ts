import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseDomain } from '../../src/lang/domain.ts';
import { PlanlogError, formatDiagnostics } from '../../src/util/errors.ts';
import { parseProgram } from '../../src/lang/parse.ts';
import { formatLiteral, formatProblem } from '../../src/lang/print.ts';
import { checkProblem, parseProblem } from '../../src/lang/problem.ts';
import type { Problem } from '../../src/model/lifted.ts';

const read = (path: string): string => readFileSync(new URL(path, import.meta.url), 'utf8');
const fixture = (name: string): string => read(`../fixtures/lang/${name}`);
const sokoban = parseDomain(read('../../domains/sokoban.pl'), 'domains/sokoban.pl');

/** All diagnostics of a failing problem, as "line:col: message" (+ "  note: …" lines). */
function problemErrors(text: string, withDomain = true): string[] {
  try {
    parseProblem(text, 'p.pl', withDomain ? sokoban : null);
  } catch (e) {
    if (!(e instanceof PlanlogError)) throw e;
    return e.diagnostics.flatMap((d) => [
      d.line === undefined ? d.message : `${d.line}:${d.column}: ${d.message}`,
      ...(d.notes ?? []).map((n) => `  note: ${n}`),
    ]);
  }
  throw new Error('expected the problem to be rejected');
}

/** The problem without locations: fact texts only. */
const texts = (p: Problem): { init: string[]; goal: string[] } => ({ init: p.init.map(formatLiteral), goal: p.goal.map(formatLiteral) });

describe('checkProblem: accepted problems', () => {
  it('reads init and goal facts in any order', () => {
    const p = parseProblem(fixture('tiny-problem.pl'), 'tiny-problem.pl', sokoban);
    expect(p.file).toBe('tiny-problem.pl');
    expect(texts(p)).toEqual({
      init: ['right(x2y1,x1y1)', 'right(x3y1,x2y1)', 'sokoban(x1y1)', 'box(x2y1)', 'empty(x3y1)'],
      goal: ['box(x3y1)'],
    });
    expect(p.init[1].loc).toEqual({ file: 'tiny-problem.pl', line: 1, column: 25, offset: 24 });
    const q = parseProblem('goal([b]).\ninit([a, b]).', 'q.pl');
    expect(texts(q)).toEqual({ init: ['a', 'b'], goal: ['b'] });
  });

  it('keeps the first of duplicate facts, in order', () => {
    const p = parseProblem('init([box(a), empty(b), box(a), empty(c), empty(b)]).\ngoal([box(c), box(c)]).', 'p.pl', sokoban);
    expect(texts(p)).toEqual({ init: ['box(a)', 'empty(b)', 'empty(c)'], goal: ['box(c)'] });
    expect(p.init[0].loc.column).toBe(7);
  });

  it('allows init facts the domain never uses, integers, quoted atoms and empty lists', () => {
    const p = parseProblem("init([colour(red), size(3), name('New York'), flag]).\ngoal([]).", 'p.pl', sokoban);
    expect(texts(p)).toEqual({ init: ['colour(red)', 'size(3)', "name('New York')", 'flag'], goal: [] });
    expect(p.init[2].args).toEqual([{ kind: 'const', value: "'New York'" }]);
  });

  it('allows a goal predicate that only init uses', () => {
    expect(texts(parseProblem('init([mark(a)]).\ngoal([mark(a)]).', 'p.pl', sokoban)).goal).toEqual(['mark(a)']);
  });

  it('checks without a domain', () => {
    const p = checkProblem(parseProgram('init([p(a)]).\ngoal([q(b)]).', 'p.pl'), null);
    expect(texts(p)).toEqual({ init: ['p(a)'], goal: ['q(b)'] });
  });
});

describe('checkProblem: errors', () => {
  it('requires one init and one goal fact, reported at file level when missing', () => {
    expect(problemErrors('')).toEqual(['the problem has no init([...]) fact', 'the problem has no goal([...]) fact']);
    expect(problemErrors('goal([box(a)]).')).toEqual(['the problem has no init([...]) fact']);
    expect(problemErrors('init([]).\ngoal([]).\ngoal([]).\ninit([]).')).toEqual([
      '3:1: duplicate goal/1 fact',
      '  note: first given at p.pl:2:1',
      '4:1: duplicate init/1 fact',
      '  note: first given at p.pl:1:1',
    ]);
  });

  it('rejects other clauses and other arities', () => {
    expect(problemErrors('init([]).\ngoal([]).\nfoo(a).\n:- go.\nbar :- baz.\ninit.\ngoal([], []).\n7.')).toEqual([
      '3:1: expected init([...]) or goal([...]), found a fact for foo/1',
      '4:1: expected init([...]) or goal([...]), found a directive',
      '5:1: expected init([...]) or goal([...]), found a rule for bar/0',
      '6:1: init/0 has 0 arguments; expected init([Fact, ...])',
      '7:1: goal/2 has 2 arguments; expected goal([Fact, ...])',
      '8:1: expected init([...]) or goal([...]), found the integer 7',
    ]);
  });

  it('rejects lists that are not proper lists', () => {
    expect(problemErrors('init(box(a)).\ngoal([box(a) | T]).')).toEqual([
      '1:6: the init list is not a list: box(a)',
      '2:16: the goal list is not a proper list: it ends in "|T"',
    ]);
  });

  it('rejects facts that are not ground or not function-free', () => {
    expect(problemErrors('init([box(X), box(_), 3, Y, [a], a = b, box(f(a)), box([a])]).\ngoal([]).')).toEqual([
      '1:11: init fact box(X) is not ground: X is a variable',
      '1:19: init fact box(_) is not ground: _ is a variable',
      '1:23: expected a fact in the init list, found the integer 3',
      '1:26: expected a fact in the init list, found the variable Y',
      '1:29: expected a fact in the init list, found the list [a]',
      '1:34: expected a fact in the init list, found a=b',
      '1:45: init fact box(f(a)) is not function-free: f(a) is not a constant',
      '1:56: init fact box([a]) is not function-free: [a] is not a constant',
    ]);
  });

  it('rejects a fact whose predicate the domain uses with another arity', () => {
    expect(problemErrors('init([top(x1y1), box(a, b)]).\ngoal([sokoban]).')).toEqual([
      '1:7: init fact top(x1y1): predicate top/1 is used as top/2 in the domain',
      '  note: first used as top/2 at domains/sokoban.pl:20:6',
      '1:18: init fact box(a,b): predicate box/2 is used as box/1 in the domain',
      '  note: first used as box/1 at domains/sokoban.pl:40:51',
      '2:7: goal fact sokoban: predicate sokoban/0 is used as sokoban/1 in the domain',
      '  note: first used as sokoban/1 at domains/sokoban.pl:20:21',
    ]);
  });

  it('rejects a predicate used with two arities in the problem itself', () => {
    expect(problemErrors('init([mark(a), mark(a, b)]).\ngoal([mark]).', false)).toEqual([
      '1:16: init fact mark(a,b): predicate mark/2 is also used as mark/1',
      '  note: first used as mark/1 at p.pl:1:7',
      '2:7: goal fact mark: predicate mark/0 is also used as mark/1',
      '  note: first used as mark/1 at p.pl:1:7',
    ]);
  });

  it('rejects goal facts whose predicate occurs nowhere, with a suggestion when one is close', () => {
    expect(problemErrors('init([box(a)]).\ngoal([bx(x1y1), boxes(a), target(a), sokobn(b)]).')).toEqual([
      '2:7: goal fact bx(x1y1): predicate bx/1 occurs in no operator and not in init',
      '  note: did you mean box/1?',
      '2:17: goal fact boxes(a): predicate boxes/1 occurs in no operator and not in init',
      '  note: did you mean box/1?',
      '2:27: goal fact target(a): predicate target/1 occurs in no operator and not in init',
      '2:38: goal fact sokobn(b): predicate sokobn/1 occurs in no operator and not in init',
      '  note: did you mean sokoban/1?',
    ]);
    // Without a domain there is nothing to check against.
    expect(texts(parseProblem('init([]).\ngoal([bx(a)]).', 'p.pl')).goal).toEqual(['bx(a)']);
  });

  it('reports all problems of a file together, in position order, with excerpts', () => {
    const text = fixture('bad-problem.pl');
    let err: PlanlogError | null = null;
    try {
      parseProblem(text, 'bad-problem.pl', sokoban);
    } catch (e) {
      err = e as PlanlogError;
    }
    expect(formatDiagnostics(err!.diagnostics, { 'bad-problem.pl': text })).toBe(
      [
        'bad-problem.pl:2:18: goal fact bx(x1y1): predicate bx/1 occurs in no operator and not in init',
        '  goal([box(x3y1), bx(x1y1)]).',
        '                   ^',
        '  note: did you mean box/1?',
        'bad-problem.pl:3:46: init fact top(x1y1): predicate top/1 is used as top/2 in the domain',
        '  init([sokoban(x1y1), box(x2y1), empty(x3y1), top(x1y1)]).',
        '                                               ^',
        '  note: first used as top/2 at domains/sokoban.pl:20:6',
        'bad-problem.pl:4:1: duplicate init/1 fact',
        '  init([]).',
        '  ^',
        '  note: first given at bad-problem.pl:3:1',
      ].join('\n'),
    );
  });

  it('throws nothing but PlanlogError for random problem-like input', () => {
    const pieces = ['init(', 'goal(', '[', ']', '(', ')', ',', '|', '.\n', 'box', 'X', '_', '3', 'f(', "'q'", ' = ', ':-', ' '];
    let seed = 99;
    const rnd = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    for (let i = 0; i < 2000; i++) {
      let s = '';
      for (let j = rnd(25); j > 0; j--) s += pieces[rnd(pieces.length)];
      for (const domain of [sokoban, null]) {
        try {
          parseProblem(s, 'fuzz', domain);
        } catch (e) {
          if (!(e instanceof PlanlogError)) throw new Error(`${JSON.stringify(s)} threw ${String(e)}`);
        }
      }
      try {
        parseDomain(s.replace(/init\(|goal\(/g, 'opn('), 'fuzz');
      } catch (e) {
        if (!(e instanceof PlanlogError)) throw new Error(`${JSON.stringify(s)} threw ${String(e)}`);
      }
    }
  });
});

describe('formatProblem', () => {
  const problem = parseProblem(
    "init([sokoban(x1y1), right(x2y1,x1y1), box(x2y1), right(x3y1,x2y1), empty(x3y1), name('New York'), size(-3), flag]).\ngoal([box(x3y1)]).",
    'p.pl',
  );

  it('writes header comments, static facts first, one fact per line', () => {
    expect(formatProblem(problem, { header: ['Level 1: tiny', '', 'two lines\nof text'], staticPreds: new Set(['right']) })).toBe(
      [
        '% Level 1: tiny',
        '%',
        '% two lines',
        '% of text',
        '',
        'init([',
        '  right(x2y1,x1y1),',
        '  right(x3y1,x2y1),',
        '  sokoban(x1y1),',
        '  box(x2y1),',
        '  empty(x3y1),',
        "  name('New York'),",
        '  size(-3),',
        '  flag',
        ']).',
        'goal([',
        '  box(x3y1)',
        ']).',
        '',
      ].join('\n'),
    );
  });

  it('accepts static predicates as name/arity and writes empty lists compactly', () => {
    const p: Problem = { file: 'x', init: problem.init, goal: [] };
    expect(formatProblem(p, { staticPreds: new Set(['size/1', 'flag/0']) }).split('\n').slice(0, 3)).toEqual([
      'init([',
      '  size(-3),',
      '  flag,',
    ]);
    expect(formatProblem({ file: 'x', init: [], goal: [] })).toBe('init([]).\ngoal([]).\n');
  });

  it('round-trips through parseProblem to an equal problem', () => {
    const text = formatProblem(problem, { header: ['generated'], staticPreds: new Set(['right']) });
    const again = parseProblem(text, 'p.pl');
    expect(texts(again).goal).toEqual(texts(problem).goal);
    expect(new Set(texts(again).init)).toEqual(new Set(texts(problem).init));
    expect(again.init.map((l) => ({ pred: l.pred, args: l.args }))).toEqual(
      [...problem.init.filter((l) => l.pred === 'right'), ...problem.init.filter((l) => l.pred !== 'right')].map((l) => ({
        pred: l.pred,
        args: l.args,
      })),
    );
    // Without static predicates the order is kept exactly.
    const plain = parseProblem(formatProblem(problem), 'p.pl');
    expect(plain.init.map((l) => ({ pred: l.pred, args: l.args }))).toEqual(problem.init.map((l) => ({ pred: l.pred, args: l.args })));
    expect(plain.goal.map((l) => ({ pred: l.pred, args: l.args }))).toEqual(problem.goal.map((l) => ({ pred: l.pred, args: l.args })));
  });

  it('round-trips atoms that need quotes', () => {
    const p = parseProblem("init([p('a b', 'it''s', 'back\\\\slash', 'X', '[]', [], 'tab\\there')]).\ngoal(['Goal'(x)]).", 'p.pl');
    const text = formatProblem(p);
    expect(text).toBe("init([\n  p('a b','it\\'s','back\\\\slash','X',[],[],'tab\\there')\n]).\ngoal([\n  'Goal'(x)\n]).\n");
    expect(texts(parseProblem(text, 'p.pl'))).toEqual(texts(p));
  });
});
