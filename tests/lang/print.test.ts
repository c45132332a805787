/**
 * The printers: the engine texts (formatDomainForEngine,
 * formatProblemForEngine) keep every term on its original line and column
 * and quote every name that is not a plain one; formatProblem prints a
 * 205×205 level (42,000 facts) and reads back equal (issue 13 point 4: it
 * used to spread the facts into push() and run out of stack).
 */
import { describe, expect, it } from 'vitest';
import { parseDomain } from '../../src/lang/domain.ts';
import { parseProgram } from '../../src/lang/parse.ts';
import { engineAtom, formatDomainForEngine, formatProblem, formatProblemForEngine } from '../../src/lang/print.ts';
import { parseProblem } from '../../src/lang/problem.ts';
import { termToString } from '../../src/model/terms.ts';
import { compileLevel } from '../../src/sokoban/compile.ts';
import { readLevel } from '../../src/sokoban/level.ts';
import { factKey } from '../../src/model/lifted.ts';
import { openRoom } from './open-room.ts';


describe('formatProblem on a 205×205 level', () => {
  it('prints 123,000 facts and reads them back equal', () => {
    const level = readLevel(openRoom(205), 'big.txt', undefined);
    const problem = compileLevel(level);
    expect(problem.init.length).toBe(123_221);
    const text = formatProblem(problem, { header: ['a 205×205 room'], staticPreds: new Set(['top', 'right']) });
    const back = parseProblem(text, 'big.pl');
    expect(back.init.map(factKey).sort()).toEqual(problem.init.map(factKey).sort());
    expect(back.goal.map(factKey)).toEqual(problem.goal.map(factKey));
  });
  it('the engine text of the same level: one init_fact per fact, one per line', () => {
    const problem = compileLevel(readLevel(openRoom(205), 'big.txt', undefined));
    const lines = formatProblemForEngine(problem, { keepPlaces: false }).trimEnd().split('\n');
    expect(lines).toHaveLength(problem.init.length + problem.goal.length);
    expect(lines[0]).toBe(`init_fact(${factKey(problem.init[0])}).`);
  });
});

describe('an operator with 200,000 preconditions', () => {
  it('is read and printed for the engines (no spread of its literals into a call)', () => {
    const n = 200_000;
    const domain = parseDomain(`opn(a, [${Array.from({ length: n }, (_, i) => `p${i}`).join(', ')}], [q], []).\n`, 'big.pl');
    expect(domain.operators[0].pre).toHaveLength(n);
    expect(formatDomainForEngine(domain).length).toBeGreaterThan(n * 3);
  });
});

describe('engine texts', () => {
  const DOMAIN = "% costs\n\nopn(go(A, B),\n    [at(A), link(A, B), A \\= B, p(_)],\n    [at(B)],\n    [at(A)], 2).\nopn('x y'(A), [q(A, +, '\\\\=', 'it''s', [], -3)], [], []).\n";
  it('each operator and literal starts on its original line and column; opn/5 with the cost for every operator when a cost differs from 1', () => {
    const domain = parseDomain(DOMAIN, 'd.pl');
    const text = formatDomainForEngine(domain);
    const lines = text.split('\n');
    for (const op of domain.operators) {
      expect(lines[op.loc.line - 1].slice(op.loc.column - 1).startsWith('opn(')).toBe(true);
      for (const l of [...op.pre, ...op.add, ...op.del]) {
        expect(lines[l.loc.line - 1].slice(l.loc.column - 1).startsWith(engineAtom(l.pred))).toBe(true);
      }
    }
    expect(text).toBe(
      "\n\nopn(go(A,B), \n    [at(A), link(A,B),  A \\= B, p(_1)], \n    [at(B)], \n    [at(A)], 2).\nopn('x y'(A), [q(A,'+','\\\\=','it\\'s',[],-3)], [], [], 1).\n",
    );
    // it reads back to the same domain
    const back = parseDomain(text, 'd.pl');
    expect(back.operators.map((o) => [factKey(o.name), o.pre.map(factKey), o.neq.length, o.add.map(factKey), o.cost])).toEqual(
      domain.operators.map((o) => [factKey(o.name), o.pre.map(factKey), o.neq.length, o.add.map(factKey), o.cost]),
    );
  });
  it('opn/4 when every operator costs 1', () => {
    expect(formatDomainForEngine(parseDomain('opn(a, [p], [q], []).\nopn(b, [q], [r], [], 1).\n', 'd.pl'))).toBe('opn(a, [p], [q], []).\nopn(b, [q], [r], []).\n');
  });
  it('a problem: each fact where it was written, goal first when written first', () => {
    const text = '% goal first\ngoal([at(b)]).\ninit([at(a),\n      link(a, b), link(b, a)]).\n';
    const problem = parseProblem(text, 'p.pl');
    expect(formatProblemForEngine(problem)).toBe('\ngoal_fact(at(b)).\ninit_fact(at(a)).\ninit_fact(link(a,b)). init_fact(link(b,a)).\n');
  });
  it('names are quoted unless plain, so that no operator, "." or "|" of the engines comes into play', () => {
    expect(['box', 'x1y2', 'New', '+', '\\=', '.', '|', '[]', '!', ';', "it's", 'a\nb', 'a\\b'].map(engineAtom)).toEqual([
      'box',
      'x1y2',
      "'New'",
      "'+'",
      "'\\\\='",
      "'.'",
      "'|'",
      "'[]'",
      "'!'",
      "';'",
      "'it\\'s'",
      "'a\\nb'",
      "'a\\\\b'",
    ]);
    // each reads back as the same atom
    for (const name of ['+', '\\=', '.', '|', '!', ';', "it's", 'a\nb', 'a\\b', 'New']) {
      const c = parseProgram(`p(${engineAtom(name)}).`, 'x.pl').clauses[0];
      expect(c.head && c.head.kind === 'compound' && c.head.args[0].kind === 'atom' ? c.head.args[0].name : termToString(c.head!)).toBe(name);
    }
  });
});
