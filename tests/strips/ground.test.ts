/**
 * Grounding: exact atoms, operators, init and goal of small tasks, the
 * statics folded away, operators dropped by relaxed reachability, and the
 * unsolvable reasons found while grounding.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { budgetOf } from '../counting-budget.ts';
import { parseDomain } from '../../src/lang/domain.ts';
import { parseProblem } from '../../src/lang/problem.ts';
import { compileLevel } from '../../src/sokoban/compile.ts';
import { cellName, isCell, readLevels, selectLevel, type Level } from '../../src/sokoban/level.ts';
import { ground, staticPredicates } from '../../src/strips/ground.ts';
import type { Domain } from '../../src/model/lifted.ts';
import type { GroundOperator, Task } from '../../src/strips/task.ts';

const sokoban = parseDomain(readFileSync(new URL('../../domains/sokoban.pl', import.meta.url), 'utf8'), 'domains/sokoban.pl');

function level(text: string): Level {
  return selectLevel(readLevels(text, 'test.txt'), undefined, 'test.txt');
}

function groundLevel(text: string): { task: Task; level: Level } {
  const l = level(text);
  return { task: ground(sokoban, compileLevel(l)), level: l };
}

const sorted = (xs: readonly string[]): string[] => [...xs].sort();
const names = (t: Task): string[] => sorted(t.operators.map((o) => o.name));
const atomNames = (t: Task, ids: readonly number[]): string[] => ids.map((i) => t.atoms[i]);
const op = (t: Task, name: string): GroundOperator => {
  const o = t.operators.find((x) => x.name === name);
  if (!o) throw new Error(`no operator ${name}`);
  return o;
};
/** An operator with its atoms as names (sorted), for exact comparison. */
const opView = (t: Task, name: string) => {
  const o = op(t, name);
  return { schema: o.schema, cost: o.cost, pre: sorted(atomNames(t, o.pre)), add: sorted(atomNames(t, o.add)), del: sorted(atomNames(t, o.del)) };
};

/** Atoms of one predicate are contiguous (the Task contract). */
function expectContiguous(t: Task): void {
  const preds = t.atoms.map((a) => a.replace(/\(.*$/, ''));
  const seen = new Set<string>();
  preds.forEach((p, i) => {
    if (i > 0 && preds[i - 1] !== p) expect(seen.has(p), `atoms of ${p} are split`).toBe(false);
    seen.add(p);
  });
}

/**
 * Every move and push whose static preconditions (top/right between cells)
 * hold: what grounding without relaxed reachability would create. Written
 * independently of the grounder, from the level's cells.
 */
function staticallyPossible(l: Level): string[] {
  const out: string[] = [];
  const dirs: [string, number, number][] = [
    ['U', 0, -1],
    ['D', 0, 1],
    ['L', -1, 0],
    ['R', 1, 0],
  ];
  for (const c of l.cells) {
    for (const [d, dx, dy] of dirs) {
      const a = { x: c.x + dx, y: c.y + dy };
      const b = { x: c.x + 2 * dx, y: c.y + 2 * dy };
      if (!isCell(l, a.x, a.y)) continue;
      out.push(`move${d}(${cellName(c.x, c.y)},${cellName(a.x, a.y)})`);
      if (isCell(l, b.x, b.y)) out.push(`push${d}(${cellName(c.x, c.y)},${cellName(a.x, a.y)},${cellName(b.x, b.y)})`);
    }
  }
  return sorted(out);
}

describe('ground: Sokoban levels', () => {
  it('grounds the one-push corridor #@$.# exactly', () => {
    const { task, level: l } = groundLevel('#####\n#@$.#\n#####');
    expect(task.unsolvableReason).toBeUndefined();
    expect(task.atoms).toHaveLength(9);
    expect(sorted(task.atoms)).toEqual([
      'box(x1y1)',
      'box(x2y1)',
      'box(x3y1)',
      'empty(x1y1)',
      'empty(x2y1)',
      'empty(x3y1)',
      'sokoban(x1y1)',
      'sokoban(x2y1)',
      'sokoban(x3y1)',
    ]);
    // static top/right are folded away: no atom and no precondition mentions them
    expect(task.atoms.filter((a) => /^(top|right)\(/.test(a))).toEqual([]);
    expectContiguous(task);
    expect(task.operators).toHaveLength(6);
    expect(names(task)).toEqual([
      'moveL(x2y1,x1y1)',
      'moveL(x3y1,x2y1)',
      'moveR(x1y1,x2y1)',
      'moveR(x2y1,x3y1)',
      'pushL(x3y1,x2y1,x1y1)',
      'pushR(x1y1,x2y1,x3y1)',
    ]);
    // nothing is dropped here: every statically possible operator is reachable
    expect(names(task)).toEqual(staticallyPossible(l));
    expect(task.init).toEqual([...task.init].sort((a, b) => a - b));
    expect(sorted(atomNames(task, task.init))).toEqual(['box(x2y1)', 'empty(x3y1)', 'sokoban(x1y1)']);
    expect(atomNames(task, task.goal)).toEqual(['box(x3y1)']);
    expect(opView(task, 'pushR(x1y1,x2y1,x3y1)')).toEqual({
      schema: 7,
      cost: 1,
      pre: ['box(x2y1)', 'empty(x3y1)', 'sokoban(x1y1)'],
      add: ['box(x3y1)', 'empty(x1y1)', 'sokoban(x2y1)'],
      del: ['box(x2y1)', 'empty(x3y1)', 'sokoban(x1y1)'],
    });
    expect(opView(task, 'moveL(x2y1,x1y1)')).toEqual({
      schema: 2,
      cost: 1,
      pre: ['empty(x1y1)', 'sokoban(x2y1)'],
      add: ['empty(x2y1)', 'sokoban(x1y1)'],
      del: ['empty(x1y1)', 'sokoban(x2y1)'],
    });
  });

  it('grounds a longer corridor: 12 atoms, 10 operators', () => {
    const { task, level: l } = groundLevel('######\n#@$ .#\n######');
    expect(task.atoms).toHaveLength(12);
    expect(task.operators).toHaveLength(10);
    expect(names(task)).toEqual(staticallyPossible(l));
    expect(sorted(atomNames(task, task.init))).toEqual(['box(x2y1)', 'empty(x3y1)', 'empty(x4y1)', 'sokoban(x1y1)']);
    expect(atomNames(task, task.goal)).toEqual(['box(x4y1)']);
  });

  it('drops the pushes of a row the box can never reach, even relaxed', () => {
    // The box starts in row 1 and can never leave it (pushing it down needs
    // the player on the wall above it), so every push of a box in row 2 is
    // dropped; all 20 moves stay.
    const { task, level: l } = groundLevel('######\n#@$ .#\n#    #\n######');
    const possible = staticallyPossible(l);
    expect(possible).toHaveLength(28);
    expect(task.operators).toHaveLength(24);
    expect(possible.filter((n) => !names(task).includes(n))).toEqual([
      'pushL(x3y2,x2y2,x1y2)',
      'pushL(x4y2,x3y2,x2y2)',
      'pushR(x1y2,x2y2,x3y2)',
      'pushR(x2y2,x3y2,x4y2)',
    ]);
    expect(task.operators.filter((o) => o.name.startsWith('move'))).toHaveLength(20);
    expect(sorted(task.atoms.filter((a) => a.startsWith('box(')))).toEqual(['box(x1y1)', 'box(x2y1)', 'box(x3y1)', 'box(x4y1)']);
    expect(task.atoms).toHaveLength(8 + 8 + 4);
    expect(task.unsolvableReason).toBeUndefined();
  });

  it('a box in a corner: every push and every move onto its square is dropped; the goal is unreachable', () => {
    const { task, level: l } = groundLevel('#####\n#@ $#\n# . #\n#####');
    const possible = staticallyPossible(l);
    expect(possible).toHaveLength(18); // 14 moves + 4 pushes
    expect(task.operators).toHaveLength(10);
    expect(task.operators.some((o) => o.name.startsWith('push'))).toBe(false);
    expect(possible.filter((n) => !names(task).includes(n))).toEqual([
      'moveD(x3y1,x3y2)',
      'moveL(x3y1,x2y1)',
      'moveR(x2y1,x3y1)',
      'moveU(x3y2,x3y1)',
      'pushL(x3y1,x2y1,x1y1)',
      'pushL(x3y2,x2y2,x1y2)',
      'pushR(x1y1,x2y1,x3y1)',
      'pushR(x1y2,x2y2,x3y2)',
    ]);
    expect(sorted(task.atoms)).toEqual([
      'box(x3y1)',
      'empty(x1y1)',
      'empty(x1y2)',
      'empty(x2y1)',
      'empty(x2y2)',
      'empty(x3y2)',
      'sokoban(x1y1)',
      'sokoban(x1y2)',
      'sokoban(x2y1)',
      'sokoban(x2y2)',
      'sokoban(x3y2)',
    ]);
    expect(task.goal).toEqual([]);
    expect(task.unsolvableReason).toBe('goal box(x2y2) is unreachable even when delete lists are ignored');
  });

  it('the Sokoban domain has top and right as its static predicates', () => {
    expect(sorted([...staticPredicates(sokoban)])).toEqual(['right', 'top']);
  });
});

// ---------------------------------------------------------------------------
// A hand-written blocks-like domain

const BLOCKS = `% blocks on a table
opn(stack(X, Y), [block(X), block(Y), clear(X), clear(Y), ontable(X), X \\= Y], [on(X, Y)], [clear(Y), ontable(X)]).
opn(unstack(X, Y), [on(X, Y), clear(X)], [ontable(X), clear(Y)], [on(X, Y)]).
opn(paint(X), [block(X)], [painted(X)], []).
opn(reset, [], [done], []).
`;
const blocks: Domain = parseDomain(BLOCKS, 'blocks.pl');
const INIT = 'block(a), block(b), ontable(a), ontable(b), clear(a), clear(b)';
const groundBlocks = (goal: string, extraInit = ''): Task =>
  ground(blocks, parseProblem(`init([${INIT}${extraInit}]).\ngoal([${goal}]).`, 'blocks-p.pl', blocks));

describe('ground: a hand-written domain with an inequality', () => {
  it('block is static; the inequality X \\= Y removes stack(a,a) and stack(b,b)', () => {
    expect([...staticPredicates(blocks)]).toEqual(['block']);
    const task = groundBlocks('on(a,b)');
    expect(task.unsolvableReason).toBeUndefined();
    expect(task.operators).toHaveLength(7);
    expect(names(task)).toEqual(['paint(a)', 'paint(b)', 'reset', 'stack(a,b)', 'stack(b,a)', 'unstack(a,b)', 'unstack(b,a)']);
    expect(task.atoms).toHaveLength(9);
    expect(sorted(task.atoms)).toEqual(['clear(a)', 'clear(b)', 'done', 'on(a,b)', 'on(b,a)', 'ontable(a)', 'ontable(b)', 'painted(a)', 'painted(b)']);
    expect(task.atoms.some((a) => a.startsWith('block(') || a.startsWith('colour('))).toBe(false);
    expectContiguous(task);
    expect(sorted(atomNames(task, task.init))).toEqual(['clear(a)', 'clear(b)', 'ontable(a)', 'ontable(b)']);
    expect(atomNames(task, task.goal)).toEqual(['on(a,b)']);
    expect(opView(task, 'stack(a,b)')).toEqual({
      schema: 0,
      cost: 1,
      pre: ['clear(a)', 'clear(b)', 'ontable(a)'],
      add: ['on(a,b)'],
      del: ['clear(b)', 'ontable(a)'],
    });
    expect(opView(task, 'unstack(b,a)')).toEqual({
      schema: 1,
      cost: 1,
      pre: ['clear(b)', 'on(b,a)'],
      add: ['clear(a)', 'ontable(b)'],
      del: ['on(b,a)'],
    });
  });

  it('operators whose preconditions are all static (or none) have no preconditions left', () => {
    const task = groundBlocks('on(a,b)');
    expect(opView(task, 'paint(a)')).toEqual({ schema: 2, cost: 1, pre: [], add: ['painted(a)'], del: [] });
    expect(opView(task, 'paint(b)')).toEqual({ schema: 2, cost: 1, pre: [], add: ['painted(b)'], del: [] });
    expect(opView(task, 'reset')).toEqual({ schema: 3, cost: 1, pre: [], add: ['done'], del: [] });
  });

  it('a goal on a static predicate that holds is dropped; one that does not hold makes the task unsolvable', () => {
    const holds = groundBlocks('on(a,b), block(a)');
    expect(holds.unsolvableReason).toBeUndefined();
    expect(atomNames(holds, holds.goal)).toEqual(['on(a,b)']);
    const fails = groundBlocks('on(a,b), block(c)');
    expect(fails.unsolvableReason).toBe('goal block(c) is a static fact that does not hold');
  });

  it('a goal fact of a predicate no operator uses, false in init', () => {
    const task = groundBlocks('colour(red)', ', colour(blue)');
    expect(task.unsolvableReason).toBe('goal colour(red) does not hold and no operator changes colour');
    expect(groundBlocks('colour(blue)', ', colour(blue)').unsolvableReason).toBeUndefined();
  });

  // Regression (fixed in 3b989ed): an init fact whose predicate no operator
  // mentions (colour(blue)) has no atom id; it used to land in task.init as
  // `undefined`, which made the search space set atom 0 true initially.
  it('init facts of predicates outside the domain are not in task.init', () => {
    const task = groundBlocks('on(a,b)', ', colour(blue)');
    expect(task.init.every((i) => Number.isInteger(i))).toBe(true);
    expect(sorted(atomNames(task, task.init))).toEqual(['clear(a)', 'clear(b)', 'ontable(a)', 'ontable(b)']);
  });

  it('a fluent goal atom that is unreachable even relaxed', () => {
    const task = groundBlocks('on(a,b), ontable(c)');
    expect(task.unsolvableReason).toBe('goal ontable(c) is unreachable even when delete lists are ignored');
    expect(atomNames(task, task.goal)).toEqual(['on(a,b)']);
  });

  it('an inequality with a constant, and a precondition with a constant argument', () => {
    const d = parseDomain(
      `opn(go(X, Y), [at(X), road(X, Y), Y \\= home], [at(Y)], [at(X)]).
       opn(rest, [at(home)], [rested], []).`,
      'roads.pl',
    );
    const task = ground(d, parseProblem('init([at(home), road(home, a), road(a, b), road(b, home), road(a, home)]).\ngoal([at(b), rested]).', 'roads-p.pl', d));
    expect(names(task)).toEqual(['go(a,b)', 'go(home,a)', 'rest']);
    expect(sorted(task.atoms)).toEqual(['at(a)', 'at(b)', 'at(home)', 'rested']);
    expect(opView(task, 'rest').pre).toEqual(['at(home)']);
    expect(sorted(atomNames(task, task.goal))).toEqual(['at(b)', 'rested']);
  });

  it('an operator that adds what it deletes keeps it (add wins): it is not in del', () => {
    const d = parseDomain('opn(touch(X), [mark(X)], [mark(X), seen(X)], [mark(X)]).', 'touch.pl');
    const task = ground(d, parseProblem('init([mark(a)]).\ngoal([seen(a)]).', 'touch-p.pl', d));
    expect(opView(task, 'touch(a)')).toEqual({ schema: 0, cost: 1, pre: ['mark(a)'], add: ['mark(a)', 'seen(a)'], del: [] });
  });
});


const problemOf = (d: Domain, text: string) => parseProblem(text, 'p.pl', d);

describe('grounding: each operator once, in the order found, under a budget (issue 13)', () => {
  it('an operator reachable through two preconditions is made once, in the order a join of every atom finds it', () => {
    const d = parseDomain('opn(pair(X, Y), [p(X), p(Y)], [q(X, Y)], []).\nopn(mark(X), [q(X, X)], [r(X)], []).', 'pairs.pl');
    const task = ground(d, problemOf(d, 'init([p(a), p(b)]).\ngoal([r(b)]).'));
    expect(task.operators.map((o) => o.name)).toEqual(['pair(a,a)', 'pair(a,b)', 'pair(b,a)', 'pair(b,b)', 'mark(a)', 'mark(b)']);
    // p is static: folded away
    expect(task.atoms).toEqual(['q(a,a)', 'q(a,b)', 'q(b,a)', 'q(b,b)', 'r(a)', 'r(b)']);
  });

  it('an operator whose preconditions are reached at different times is made once, when the last one is there', () => {
    const d = parseDomain(
      `opn(s1, [a], [b], []).
       opn(s2, [b], [c], []).
       opn(both, [a, c], [d], []).
       opn(again, [c, a, b], [e], []).`,
      'late.pl',
    );
    const task = ground(d, problemOf(d, 'init([a]).\ngoal([d, e]).'));
    expect(task.operators.map((o) => o.name)).toEqual(['s1', 's2', 'both', 'again']);
    // a is static (no operator adds it): folded away
    expect(opView(task, 'again').pre).toEqual(['b', 'c']);
  });

  it('a static-only join that would make 30^4 operators stops at the budget, naming the schema and the product', () => {
    const d = parseDomain('opn(op(A, B, C, D), [o(A), o(B), o(C), o(D)], [done], []).', 'bomb.pl');
    const facts = Array.from({ length: 30 }, (_, i) => `o(c${i})`).join(', ');
    const p = problemOf(d, `init([${facts}]).\ngoal([done]).`);
    // 30 facts indexed, then one poll per candidate fact and per operator found: 4 + 2 per operator for the first ones
    expect(() => ground(d, p, budgetOf(1000))).toThrow(
      "stopped: grounding op(A,B,C,D): 30^4 = 810,000 combinations of its preconditions' facts (476 operators found; 30 facts in the problem)",
    );
  });

  it('the worklist join names its schema and the atom it is at', () => {
    const l = level(['#######', '#@ $ .#', '#######'].join('\n'));
    expect(() => ground(sokoban, compileLevel(l), budgetOf(40))).toThrow('stopped: grounding pushR(Sok,From,To) (4 operators found, atom 4 of 10 reached so far; 9 facts in the problem)');
  });

  it('indexing the problem facts is polled too', () => {
    const l = level(['#######', '#@ $ .#', '#######'].join('\n'));
    expect(() => ground(sokoban, compileLevel(l), budgetOf(3))).toThrow("stopped: grounding: indexing the problem's facts (0 operators found, 0 atoms reached; 9 facts in the problem)");
  });

  it('10,000 one-step operators ground to 10,000 operators (the atom index by predicate: no schema scan per atom)', () => {
    const n = 10_000;
    const d = parseDomain(Array.from({ length: n }, (_, i) => `opn(s${i + 1}, [p${i}], [p${i + 1}], [p${i}]).`).join('\n'), 'chain.pl');
    const polls = budgetOf(Infinity);
    const task = ground(d, problemOf(d, `init([p0]).\ngoal([p${n}]).`), polls);
    expect({ atoms: task.atoms.length, operators: task.operators.length, goal: atomNames(task, task.goal) }).toEqual({ atoms: n + 1, operators: n, goal: [`p${n}`] });
    expect(task.operators[n - 1]).toMatchObject({ name: `s${n}`, pre: [n - 1], add: [n], del: [n - 1] });
    // the work the budget sees is linear: per operator, one poll found and one made, one numbered; one for the fact
    expect(polls.asked).toBe(1 + 3 * n + (n + 1));
  });
});
