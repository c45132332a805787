import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PlanlogError, formatDiagnostics, type Diagnostic } from '../../src/util/errors.ts';
import { MAX_NESTING, parseProgram, parseTerm } from '../../src/lang/parse.ts';
import type { Clause, Term } from '../../src/model/terms.ts';

const fixture = (name: string): string => readFileSync(new URL(`../fixtures/lang/${name}`, import.meta.url), 'utf8');

const plain = (name: string): boolean => /^[a-z][a-zA-Z0-9_]*$/.test(name);

/**
 * Unambiguous text of a term: every compound in functional notation; atoms
 * other than plain names in «», operator functors in {}.
 */
function canon(t: Term): string {
  switch (t.kind) {
    case 'atom':
      return plain(t.name) ? t.name : `«${t.name}»`;
    case 'var':
      return t.name;
    case 'int':
      return String(t.value);
    case 'list':
      return `[${t.items.map(canon).join(',')}${t.tail ? `|${canon(t.tail)}` : ''}]`;
    case 'compound':
      return `${plain(t.functor) ? t.functor : `{${t.functor}}`}(${t.args.map(canon).join(',')})`;
  }
}

function clause(c: Clause): string {
  if (c.head === null) return `:- ${canon(c.body!)}`;
  return c.body === null ? canon(c.head) : `${canon(c.head)} :- ${canon(c.body)}`;
}

const one = (text: string): string => clause(parseProgram(text, 't.pl').clauses[0]);

/** The single diagnostic of a failing parse, as "line:col: message". */
function syntaxError(text: string, parse: (t: string, f: string) => unknown = parseProgram): string {
  try {
    parse(text, 't.pl');
  } catch (e) {
    expect(e).toBeInstanceOf(PlanlogError);
    const ds = (e as PlanlogError).diagnostics;
    expect(ds).toHaveLength(1);
    const d: Diagnostic = ds[0];
    expect(d.file).toBe('t.pl');
    return d.line === undefined ? d.message : `${d.line}:${d.column}: ${d.message}`;
  }
  throw new Error(`no error for ${JSON.stringify(text)}`);
}

describe('parseProgram: constructs', () => {
  it('reads every construct of the fixture file', () => {
    const p = parseProgram(fixture('constructs.pl'), 'constructs.pl');
    expect(p.file).toBe('constructs.pl');
    expect(p.clauses.map(clause)).toEqual([
      "fact(plain,«New York»,«it's»,«a\\b'c\nd\te»,-3,42,X,_,_Y)",
      'lists([],[],[a],[a,b|T],[[1,2],[3]])',
      'symbols(«=»,«!»,«;»,[],«[]»,«+»,«\\+»,«\\+»)',
      'rule(X) :- {;}({,}(a(X),{\\+}(b(X))),{->}(c,d))',
      ':- directive(x)',
      'ops(X) :- {,}(is(Y,{-}({+}(X,{*}(2,3)),mod({//}(4,5),6))),{,}({=<}(X,Y),{,}({\\=}(X,Y),{,}({==}(X,Y),{,}({\\==}(X,Y),{,}({<}(X,Y),{,}({>}(X,Y),{,}({>=}(X,Y),{,}({=:=}(X,Y),{,}({=\\=}(X,Y),{=}(X,Y)))))))))))',
      'nested(f(g(h(i))))',
    ]);
  });

  it('gives every term its location (1-based line and column, 0-based offset)', () => {
    const text = 'a.\n  f(g(X), [b | T]) :-\n\t\\+ h.';
    const [c1, c2] = parseProgram(text, 'loc.pl').clauses;
    expect(c1.loc).toEqual({ file: 'loc.pl', line: 1, column: 1, offset: 0 });
    const head = c2.head as Extract<Term, { kind: 'compound' }>;
    expect(c2.loc).toEqual({ file: 'loc.pl', line: 2, column: 3, offset: 5 });
    expect(head.loc).toEqual(c2.loc);
    const [g, list] = head.args;
    expect(g.loc).toEqual({ file: 'loc.pl', line: 2, column: 5, offset: 7 });
    expect((g as Extract<Term, { kind: 'compound' }>).args[0].loc).toMatchObject({ line: 2, column: 7 });
    expect(list.loc).toMatchObject({ line: 2, column: 11 });
    const l = list as Extract<Term, { kind: 'list' }>;
    expect(l.items[0].loc).toMatchObject({ line: 2, column: 12 });
    expect(l.tail!.loc).toMatchObject({ line: 2, column: 16 });
    // A prefix operator term starts at the operator, its operand after it.
    const body = c2.body as Extract<Term, { kind: 'compound' }>;
    expect(body.loc).toMatchObject({ line: 3, column: 2 });
    expect(body.args[0].loc).toMatchObject({ line: 3, column: 5 });
  });

  it('puts an infix term at the start of its left operand', () => {
    const c = parseProgram('x :- A \\= B.', 't.pl').clauses[0];
    expect(c.body!.loc).toMatchObject({ line: 1, column: 6 });
  });

  it('reads quoted atoms with escapes and doubled quotes', () => {
    expect(one("q('a b', 'don''t', '\\\\', '\\'', 'x\\ny', 'x\\ty', '').")).toBe(
      "q(«a b»,«don't»,«\\»,«'»,«x\ny»,«x\ty»,«»)",
    );
  });

  it('reads a list tail that is itself a list as one list', () => {
    expect(one('l([a | [b, c | T]], [a | []], [[] | []]).')).toBe('l([a,b,c|T],[a],[[]])');
  });

  it('reads negative integers and tells them from infix minus', () => {
    expect(one('n(-3, 0, -0, 1-1, 1 - -1, a -1).')).toBe('n(-3,0,0,{-}(1,1),{-}(1,-1),{-}(a,1))');
  });

  it('applies the standard priorities and associativities', () => {
    expect(one('x :- a, b, c.')).toBe('x :- {,}(a,{,}(b,c))');
    expect(one('x :- a ; b ; c.')).toBe('x :- {;}(a,{;}(b,c))');
    expect(one('x :- a -> b ; c.')).toBe('x :- {;}({->}(a,b),c)');
    expect(one('x :- a, b -> c.')).toBe('x :- {->}({,}(a,b),c)');
    expect(one('x :- \\+ \\+ a, b.')).toBe('x :- {,}({\\+}({\\+}(a)),b)');
    expect(one('x :- \\+ a = b.')).toBe('x :- {\\+}({=}(a,b))');
    expect(one('x(1 - 2 - 3, 1 + 2 * 3, 2 * 3 + 1, 8 / 2 / 2).')).toBe(
      'x({-}({-}(1,2),3),{+}(1,{*}(2,3)),{+}({*}(2,3),1),{/}({/}(8,2),2))',
    );
    expect(one('x((a, b), (c :- d)).')).toBe('x({,}(a,b),{:-}(c,d))');
  });

  it('reads \\+( with no space as a compound, like any functor', () => {
    expect(one('x :- \\+(a, b), \\+ (a, b).')).toBe('x :- {,}({\\+}(a,b),{\\+}({,}(a,b)))');
  });

  it('ends a clause only at "." followed by layout, "%" or end of file', () => {
    expect(parseProgram('a.%c\nb.\tc.', 't.pl').clauses.map(clause)).toEqual(['a', 'b', 'c']);
    expect(one('x(=.., a).')).toBe('x(«=..»,a)');
  });

  it('reads an empty, blank or comment-only text as a program without clauses', () => {
    for (const text of ['', '   \n\t ', '% nothing\n/* at all */\n']) {
      expect(parseProgram(text, 'e.pl')).toEqual({ file: 'e.pl', text, clauses: [] });
    }
  });

  it('skips a byte order mark and CRLF line ends', () => {
    expect(parseProgram('\uFEFFa.\r\nb.\r\n', 't.pl').clauses.map((c) => c.loc.line)).toEqual([1, 2]);
  });
});

describe('parseTerm', () => {
  it('reads one term with an optional "."', () => {
    expect(canon(parseTerm('pushR(x1y2,x2y2,x3y2)', 'plan'))).toBe('pushR(x1y2,x2y2,x3y2)');
    expect(canon(parseTerm('  moveU(x1y2, x1y1) . \n', 'plan'))).toBe('moveU(x1y2,x1y1)');
    expect(parseTerm('a', 'plan').loc).toEqual({ file: 'plan', line: 1, column: 1, offset: 0 });
  });

  it('rejects anything after the term', () => {
    expect(syntaxError('a b', parseTerm)).toBe('1:3: expected the end of the term, found "b"');
    expect(syntaxError('a. b', parseTerm)).toBe('1:4: expected the end of the term, found "b"');
    expect(syntaxError('', parseTerm)).toBe('1:1: unexpected end of file: expected a term');
  });
});

describe('syntax errors', () => {
  it('names what was expected and what was found', () => {
    expect(syntaxError('foo(a) bar.')).toBe('1:8: expected "." after the clause, found "bar"');
    expect(syntaxError('a :- b :- c.')).toBe('1:8: expected "." after the clause, found ":-"');
    expect(syntaxError('foo(a b).')).toBe('1:7: expected "," or ")", found "b" (is a comma missing?)');
    expect(syntaxError('x([a b]).')).toBe('1:6: expected ",", "|" or "]", found "b" (is a comma missing?)');
    expect(syntaxError('x([a|T b]).')).toBe('1:8: expected "]", found "b"');
    expect(syntaxError('x((a b)).')).toBe('1:6: expected "," or ")", found "b" (is a comma missing?)');
    expect(syntaxError('x((a, b c)).')).toBe('1:9: expected "," or ")", found "c" (is a comma missing?)');
    expect(syntaxError('foo(a, ).')).toBe('1:8: expected a term, found ")"');
    expect(syntaxError('foo :- .')).toBe('1:8: expected a term, found "."');
    expect(syntaxError('a.\n) .')).toBe('2:1: expected a clause, found ")"');
    expect(syntaxError('f (a).')).toBe('1:3: expected "." after the clause, found "(" (no space is allowed between a name and its "(")');
    expect(syntaxError('x(a = b = c).')).toBe('1:9: expected "," or ")", found "="');
  });

  it('reports an unexpected end of file', () => {
    expect(syntaxError('foo(a)')).toBe('1:7: unexpected end of file: expected "." after the clause');
    expect(syntaxError('foo(a')).toBe('1:6: unexpected end of file: expected "," or ")"');
    expect(syntaxError('a.\nb :-')).toBe('2:5: unexpected end of file: expected a term');
  });

  it('reports unterminated quoted atoms and block comments at their start', () => {
    expect(syntaxError("a.\nb('abc).")).toBe('2:3: unterminated quoted atom');
    expect(syntaxError("b('ab\nc').")).toBe('1:3: unterminated quoted atom: it must end on its line (write \\n for a line break inside it)');
    expect(syntaxError('a. /* never\nclosed')).toBe('1:4: unterminated block comment');
    expect(syntaxError("b('x\\qy').")).toBe('1:5: unknown escape sequence \\q in a quoted atom');
  });

  it('counts line ends as the Prolog engines do: LF, CR LF, a bare CR, U+2028, U+2029 (issue 13)', () => {
    for (const nl of ['\n', '\r\n', '\r', '\u2028', '\u2029']) {
      expect(syntaxError(`a.${nl}b.${nl}  c d.`), JSON.stringify(nl)).toBe('3:5: expected "." after the clause, found "d"');
      const p = parseProgram(`a.${nl}${nl}  foo(x).`, 'f.pl');
      expect(p.clauses[1].head!.loc).toMatchObject({ line: 3, column: 3 });
    }
  });

  it('ends a % comment at every line end, so text after a CR, U+2028 or U+2029 is read and checked (issue 13)', () => {
    for (const nl of ['\r', '\u2028', '\u2029']) {
      const p = parseProgram(`init([p]).\n% note${nl}:- js_run_script(x).\n`, 'f.pl');
      expect(p.clauses.map((c) => (c.head === null ? 'directive' : 'fact'))).toEqual(['fact', 'directive']);
      expect(p.clauses[1].loc).toMatchObject({ line: 3, column: 1 });
    }
  });

  it('rejects what tau-prolog and SWI-Prolog would read differently: raw line ends and control characters in quoted atoms, U+2028 in block comments, a BOM after the start, the escape \\`', () => {
    expect(syntaxError("b('ab\rc').")).toBe('1:3: unterminated quoted atom: it must end on its line (write \\n for a line break inside it)');
    expect(syntaxError("b('ab\u2028c').")).toBe('1:3: unterminated quoted atom: it must end on its line (write \\n for a line break inside it)');
    expect(syntaxError("b('a\u0007').")).toBe('1:5: unexpected character U+0007 in a quoted atom');
    expect(syntaxError("b('a\u0085').")).toBe('1:5: unexpected character U+0085 in a quoted atom');
    expect(syntaxError("b('\uDC00').")).toBe('1:4: unexpected character U+DC00 in a quoted atom');
    expect(syntaxError('a. /* x\u2029 */')).toBe('1:8: U+2029 is not allowed in a block comment (tau-prolog does not read it there); use a line break');
    expect(syntaxError("b('\\`').")).toBe('1:4: unknown escape sequence \\` in a quoted atom');
    expect(syntaxError('a.\uFEFFb.')).toBe('1:2: the "." that ends a clause must be followed by whitespace, "%" or the end of the file');
    // allowed: a tab, a pair of surrogates (an emoji), a BOM at the very start
    expect(parseProgram("b('\t\u{1F600}').", 'f.pl').clauses[0].head).toMatchObject({ args: [{ kind: 'atom', name: '\t\u{1F600}' }] });
    expect(parseProgram('\uFEFFa.', 'f.pl').clauses).toHaveLength(1);
  });

  it('explains a "." that does not end the clause', () => {
    expect(syntaxError('a.b.')).toBe(
      '1:2: the "." that ends a clause must be followed by whitespace, "%" or the end of the file',
    );
  });

  it('rejects unsupported tokens with a reason', () => {
    expect(syntaxError('x(1.5).')).toBe('1:3: floating-point numbers are not supported');
    expect(syntaxError('x(99999999999999999999).')).toBe('1:3: integer 99999999999999999999 is too large');
    expect(syntaxError('x("s").')).toBe('1:3: double-quoted strings are not supported; write a quoted atom \'like this\'');
    expect(syntaxError('x(\u0000).')).toBe('1:3: unexpected character U+0000');
    expect(syntaxError('x(café).')).toBe('1:6: unexpected character "é" (U+00E9)');
    expect(syntaxError('x(\uD800).')).toBe('1:3: unexpected character U+D800');
  });

  it('rejects nesting deeper than MAX_NESTING before parsing', () => {
    const deep = `x(${'['.repeat(MAX_NESTING)}a${']'.repeat(MAX_NESTING)}).`;
    expect(syntaxError(deep)).toBe(`1:${MAX_NESTING + 2}: terms are nested more than 200 levels deep`);
    // Brackets in quoted atoms and comments do not count.
    const quoted = `x('${'('.repeat(300)}'). % ${'['.repeat(300)}\n`;
    expect(parseProgram(quoted, 't.pl').clauses).toHaveLength(1);
  });

  it('rejects operator chains deeper than the term depth limit', () => {
    const chain = `x :- ${'\\+ '.repeat(5000)}a.`;
    expect(syntaxError(chain)).toBe('1:6: this term is nested more than 2000 levels deep');
  });

  it('formats with the offending line and a caret', () => {
    const text = 'ok.\nfoo(a) bar.\n';
    try {
      parseProgram(text, 'f.pl');
    } catch (e) {
      expect(formatDiagnostics((e as PlanlogError).diagnostics, { 'f.pl': text })).toBe(
        ['f.pl:2:8: expected "." after the clause, found "bar"', '  foo(a) bar.', '         ^'].join('\n'),
      );
      return;
    }
    throw new Error('expected an error');
  });

  it('throws nothing but PlanlogError, whatever the input', () => {
    const alphabet = ['a', 'B', '_', '1', '-', '(', ')', '[', ']', '|', ',', '.', ' ', '\n', "'", '\\', '%', '/', '*', ':', '=', '+', ';', '!', '"', '\u0000', '\uD83D', 'é'];
    let seed = 12345;
    const rnd = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    for (let i = 0; i < 3000; i++) {
      const len = rnd(30);
      let s = '';
      for (let j = 0; j < len; j++) s += alphabet[rnd(alphabet.length)];
      for (const parse of [parseProgram, parseTerm]) {
        try {
          parse(s, 'fuzz');
        } catch (e) {
          if (!(e instanceof PlanlogError)) throw new Error(`${JSON.stringify(s)} threw ${String(e)}`);
          for (const d of e.diagnostics) expect(typeof d.message).toBe('string');
        }
      }
    }
  });

  it('reads long flat inputs without running out of stack', () => {
    const body = Array.from({ length: 1500 }, (_, i) => `a${i}`).join(', ');
    const list = Array.from({ length: 50000 }, (_, i) => `f(x${i})`).join(', ');
    expect(parseProgram(`x :- ${body}.\nl([${list}]).`, 't.pl').clauses).toHaveLength(2);
  });
});
