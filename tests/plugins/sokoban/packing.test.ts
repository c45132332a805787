/**
 * Packing order of goal rooms (src/plugins/sokoban/packing.ts,
 * PushSearchConfig.packing): the retrograde order of a hand-made room, the
 * feature count, a push that is refused and one that is let through, single
 * goals unordered, and the level still solving (with replayable pushes).
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Board } from '../../../src/plugins/sokoban/board.ts';
import { BoxReach } from '../../../src/plugins/sokoban/box-reach.ts';
import { deadSquares, pushedTo } from '../../../src/plugins/sokoban/deadlocks.ts';
import { PackingOrder } from '../../../src/plugins/sokoban/packing.ts';
import { expandPushes, pushSearch, type PushSearchConfig } from '../../../src/plugins/sokoban/push-search.ts';
import { defaultSearchOptions } from '../../../src/search/types.ts';
import { readLevel } from '../../../src/sokoban/level.ts';

const board = (rows: string[]): Board => new Board(readLevel(rows.join('\n'), 'test.txt', undefined));

// a room of five goals in the top-left corner, entered from the right
const ROOM = ['#########', '#...    #', '#..  $$ #', '###  $  #', '  # $ $ #', '  #   @ #', '  #######'];

const GREEDY: PushSearchConfig = { gWeight: 0, hWeight: 1, goalOnGeneration: true, preferDeep: true, estimate: 'matching' };
const OPTIMAL: PushSearchConfig = { gWeight: 1, hWeight: 1, goalOnGeneration: false, preferDeep: true, estimate: 'matching' };

function boxes(b: Board, names: string[]): Uint8Array {
  const at = new Uint8Array(b.size);
  for (const n of names) at[b.square(n)] = 1;
  return at;
}

describe('PackingOrder', () => {
  const b = board(ROOM);
  const p = new PackingOrder(b, deadSquares(b));

  it('orders the room by retrograde analysis: the deep corner first, the entrance last', () => {
    expect(p.order.map((g) => b.name(g))).toEqual(['x1y2', 'x2y2', 'x1y1', 'x2y1', 'x3y1']);
    expect(p.rooms.length).toBe(1);
  });

  it('counts the boxes packed in order (the longest filled prefix)', () => {
    expect(p.packedCount(boxes(b, []))).toBe(0);
    expect(p.packedCount(boxes(b, ['x1y2', 'x2y2', 'x2y1']))).toBe(2);
    expect(p.packedCount(boxes(b, ['x2y2', 'x1y1', 'x2y1', 'x3y1']))).toBe(0);
    expect(p.packedCount(boxes(b, ['x1y2', 'x2y2', 'x1y1', 'x2y1', 'x3y1']))).toBe(5);
  });

  it('refuses a push onto a goal ahead of its turn where the box cannot roll on', () => {
    const up = 0;
    const left = 2;
    const x3y2 = b.square('x3y2');
    // x3y1 is the last goal; pushed up from x3y2 the box stops against the wall
    expect(p.allowsPushOnto(b.square('x3y1'), boxes(b, ['x3y2']))).toBe(false);
    expect(p.allowsPush(x3y2, up, boxes(b, ['x3y2']))).toBe(false);
    // with the four goals before it filled, the same push is allowed
    expect(p.allowsPush(x3y2, up, boxes(b, ['x3y2', 'x1y2', 'x2y2', 'x1y1', 'x2y1']))).toBe(true);
    // pushed left onto x3y1 from x4y1 the box can go on to x2y1: allowed
    expect(p.allowsPush(b.square('x4y1'), left, boxes(b, ['x4y1']))).toBe(true);
    // a push off the room is never refused
    expect(p.allowsPush(b.square('x5y2'), left, boxes(b, ['x5y2']))).toBe(true);
  });

  it('takes boxes out of a room only to squares where boxes can come from', () => {
    // two goals in a corridor: the pocket on their left is reached only through them, so the deep goal x4y1 is first
    const c = board(['###########', '#   ..    #', '#  ####   #', '####  # $ #', '      # $ #', '      # @ #', '      #####']);
    expect(new PackingOrder(c, deadSquares(c)).order.map((g) => c.name(g))).toEqual(['x4y1', 'x5y1']);
    // the feature-space search follows it (with the pocket as an exit, the order was x5y1 first and it expanded 6 states)
    const fess = pushSearch(c, deadSquares(c), defaultSearchOptions, { ...GREEDY, features: true, goalMacros: true, advisorWeights: true, outOfPlan: true });
    expect([fess.status, fess.pushes?.length, fess.stats.expanded]).toEqual(['solved', 12, 3]);
  });

  it('orders no single goals', () => {
    const s = board(['#######', '#.  $ #', '#  @  #', '# $  .#', '#######']);
    const q = new PackingOrder(s, deadSquares(s));
    expect(q.order).toEqual([]);
    expect(q.allowsPushOnto(s.square('x1y1'), new Uint8Array(s.size))).toBe(true);
  });

  it('the level still solves with the pruning, with fewer pushes generated', () => {
    const dead = deadSquares(b);
    const off = pushSearch(b, dead, defaultSearchOptions, GREEDY);
    const on = pushSearch(b, dead, defaultSearchOptions, { ...GREEDY, packing: true });
    expect([off.status, off.pushes?.length, off.stats.generated]).toEqual(['solved', 25, 179]);
    expect([on.status, on.pushes?.length, on.stats.generated]).toEqual(['solved', 25, 161]);
    expect(expandPushes(b, on.pushes!).length).toBe(72);
    const opt = pushSearch(b, dead, defaultSearchOptions, { ...OPTIMAL, packing: true });
    expect([opt.status, opt.pushes?.length]).toEqual(['solved', 25]);
  });

  const SASQUATCH = new URL('../../../../shared/levels/sasquatch.txt', import.meta.url);
  it.skipIf(!existsSync(SASQUATCH))('a space exhausted under the cut is searched again without it (Sasquatch 12)', () => {
    const text = readFileSync(SASQUATCH, 'utf8');
    const s = new Board(readLevel(text, 'sasquatch.txt', 12));
    const q = new PackingOrder(s, deadSquares(s));
    expect(q.rooms.map((r) => r.length)).toEqual([5, 10]);
    // the cut alone exhausts 5807 states; the rest of the 10,000 goes to the full search
    const r = pushSearch(s, deadSquares(s), { ...defaultSearchOptions, maxNodes: 10000 }, { ...GREEDY, packing: true });
    expect([r.status, r.reason, r.stats.expanded]).toEqual(['limit', 'node limit of 10000 expanded nodes reached', 10000]);
  });

  it.skipIf(!existsSync(SASQUATCH))('Sasquatch 25: the goal column is filled from where boxes come; Sasquatch 48 takes its far entrance only where nothing else fits', () => {
    const text = readFileSync(SASQUATCH, 'utf8');
    const orderOf = (n: number): string[] => {
      const s = new Board(readLevel(text, 'sasquatch.txt', n));
      return new PackingOrder(s, deadSquares(s)).order.map((g) => s.name(g));
    };
    // the column x8y2..x8y7 opens on the right at x8y3 and x8y6 only; its left pockets are reached through it
    expect(orderOf(25)).toEqual(['x11y11', 'x10y11', 'x11y10', 'x10y10', 'x11y9', 'x10y9', 'x9y9', 'x8y2', 'x8y4', 'x8y5', 'x8y6', 'x8y7', 'x8y9', 'x11y8', 'x10y8', 'x9y8', 'x8y8', 'x8y3']);
    // the boxes come in at the bottom row, which is filled last; the goals above it leave only through the upper
    // entrance, which the boxes reach only across the room, so for those any live square is taken
    expect(orderOf(48)).toEqual(['x14y15', 'x13y15', 'x13y13', 'x14y13', 'x16y13', 'x15y13', 'x14y12', 'x15y12', 'x16y12', 'x15y11', 'x16y11', 'x16y10', 'x15y14', 'x14y14', 'x13y14']);
  });

  it.skipIf(!existsSync(SASQUATCH))('with parking (Sasquatch 38): a box parked above the room before the goal that shuts its way, counted as an event', () => {
    const s = new Board(readLevel(readFileSync(SASQUATCH, 'utf8'), 'sasquatch.txt', 38));
    const dead = deadSquares(s);
    const plain = new PackingOrder(s, dead);
    const q = new PackingOrder(s, dead, true);
    const names = (squares: ArrayLike<number>): string[] => Array.from(squares, (g) => (g < 0 ? '-' : s.name(g)));
    // x4y4 is filled from x2y3 only, across x2y4: the box waits on x2y3 while x2y4 is filled
    expect(names(q.events[0].square)).toEqual(['x2y5', 'x2y3', 'x2y4', 'x4y4', 'x5y4', 'x3y4']);
    expect(names(q.events[0].from)).toEqual(['-', '-', '-', 'x2y3', '-', '-']);
    expect(names(q.parking)).toEqual(['x2y3']);
    // the goals' order is the one without parking; the other rooms have no parking
    expect(names(q.rooms[0])).toEqual(names(plain.rooms[0]));
    expect(q.events.slice(1).map((e) => names(e.square))).toEqual(plain.rooms.slice(1).map(names));
    expect(plain.parking).toEqual([]);
    const at = (list: string[]): Uint8Array => boxes(s, list);
    // events done: the box on x2y3 counts while it waits there, and once it has gone on to x4y4
    expect([[], ['x2y5'], ['x2y5', 'x2y3', 'x2y4'], ['x2y5', 'x2y4', 'x4y4'], ['x2y5', 'x2y4']].map((l) => q.stepsDone(0, at(l)))).toEqual([0, 1, 3, 4, 1]);
    expect([['x2y5', 'x2y3', 'x2y4'], ['x2y5', 'x2y4', 'x4y4']].map((l) => plain.packedCount(at(l)))).toEqual([2, 3]);
    expect([['x2y5'], ['x2y5', 'x2y3', 'x2y4']].map((l) => s.name(q.nextSquare(0, at(l))))).toEqual(['x2y3', 'x4y4']);
    // the boxes that stay: not the parked one, which the next event moves
    const mark = new Int32Array(s.size);
    q.markSettled(0, at(['x2y5', 'x2y3', 'x2y4']), mark, 7);
    expect(names(s.cells.filter((c) => mark[c] === 7))).toEqual(['x2y4', 'x2y5']);
  });

  it.skipIf(!existsSync(SASQUATCH))('searched (Sasquatch 35): every event can be done, where the first choice at each step left the room without an order', () => {
    const s = new Board(readLevel(readFileSync(SASQUATCH, 'utf8'), 'sasquatch.txt', 35));
    const dead = deadSquares(s);
    const q = new PackingOrder(s, dead, true);
    const names = (squares: ArrayLike<number>): string[] => Array.from(squares, (g) => (g < 0 ? '-' : s.name(g)));
    // three boxes parked in the pocket above the room, where the player starts, first; x18y10 (whose box comes only
    // from x19y10, pushed left) before x19y10 and x20y10
    const { square, from } = q.events[0];
    expect(names(square)).toEqual([
      ...['x22y9', 'x21y9', 'x21y10', 'x16y13', 'x16y15', 'x17y11', 'x17y13', 'x17y15', 'x18y15', 'x20y15', 'x19y15', 'x16y14', 'x17y14', 'x18y14', 'x20y14', 'x19y14', 'x23y13'],
      ...['x18y10', 'x19y10', 'x19y11', 'x19y13', 'x20y13', 'x23y11', 'x22y13', 'x22y11', 'x20y10', 'x21y13', 'x21y11', 'x21y12', 'x20y12', 'x19y12', 'x18y12', 'x17y12', 'x16y12'],
    ]);
    expect(names(q.parking)).toEqual(['x22y9', 'x21y10', 'x21y9']);
    expect(names(from).map((f, k) => (f === '-' ? '' : `${k}:${f}`)).filter(Boolean)).toEqual(['24:x22y9', '25:x21y10', '27:x21y9']);
    // each event in turn, the squares filled before it standing: a box can be pushed onto its square from its
    // parking square, or from a square outside the room that the level's boxes reach without crossing it
    const inRoom = new Uint8Array(s.size);
    for (const g of q.rooms[0]) inRoom[g] = 1;
    const reached = pushedTo(s, inRoom);
    const filled = new Uint8Array(s.size);
    const reach = new BoxReach(s);
    const feasible = Array.from(square, (sq, k) => {
      if (from[k] >= 0) filled[from[k]] = 0;
      reach.prepare(filled);
      const n = reach.pullFrom(Int32Array.of(sq), 1);
      const origins = Array.from(reach.states.subarray(0, n), (st) => st >> 2);
      filled[sq] = 1;
      return from[k] >= 0 ? origins.includes(from[k]) : origins.some((o) => !inRoom[o] && !dead[o] && reached[o] === 1);
    });
    expect(feasible.every(Boolean)).toBe(true);
  });
});
