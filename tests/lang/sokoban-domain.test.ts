import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseDomain } from '../../src/lang/domain.ts';
import { formatLiteral } from '../../src/lang/print.ts';

const text = readFileSync(new URL('../../domains/sokoban.pl', import.meta.url), 'utf8');
const domain = parseDomain(text, 'domains/sokoban.pl');
const op = (name: string) => {
  const found = domain.operators.find((o) => o.name.pred === name);
  if (!found) throw new Error(`no operator ${name}`);
  return {
    name: formatLiteral(found.name),
    pre: found.pre.map(formatLiteral),
    add: found.add.map(formatLiteral),
    del: found.del.map(formatLiteral),
  };
};

describe('domains/sokoban.pl', () => {
  it('has the eight operators in order, with the table names and arities', () => {
    expect(domain.operators.map((o) => formatLiteral(o.name))).toEqual([
      'moveU(From,To)',
      'moveD(From,To)',
      'moveL(From,To)',
      'moveR(From,To)',
      'pushU(Sok,From,To)',
      'pushD(Sok,From,To)',
      'pushL(Sok,From,To)',
      'pushR(Sok,From,To)',
    ]);
    expect(domain.operators.every((o) => o.cost === 1 && o.neq.length === 0)).toBe(true);
  });

  it('uses top/2 and right/2 as static facts and sokoban/1, box/1, empty/1 as fluents', () => {
    expect([...domain.predicates.values()].map((p) => `${p.name}/${p.arity}`)).toEqual([
      'top/2',
      'sokoban/1',
      'empty/1',
      'right/2',
      'box/1',
    ]);
    const changed = new Set(domain.operators.flatMap((o) => [...o.add, ...o.del].map((l) => l.pred)));
    expect([...changed].sort()).toEqual(['box', 'empty', 'sokoban']);
  });

  it('moves the player to a free neighbour cell', () => {
    expect(op('moveR')).toEqual({
      name: 'moveR(From,To)',
      pre: ['right(To,From)', 'sokoban(From)', 'empty(To)'],
      add: ['sokoban(To)', 'empty(From)'],
      del: ['sokoban(From)', 'empty(To)'],
    });
    expect(op('moveU').pre[0]).toBe('top(To,From)');
    expect(op('moveD').pre[0]).toBe('top(From,To)');
    expect(op('moveL').pre[0]).toBe('right(From,To)');
  });

  it('pushes a box one cell along the line Sok, From, To', () => {
    expect(op('pushR')).toEqual({
      name: 'pushR(Sok,From,To)',
      pre: ['right(To,From)', 'right(From,Sok)', 'sokoban(Sok)', 'box(From)', 'empty(To)'],
      add: ['sokoban(From)', 'box(To)', 'empty(Sok)'],
      del: ['sokoban(Sok)', 'box(From)', 'empty(To)'],
    });
    expect(op('pushU').pre.slice(0, 2)).toEqual(['top(To,From)', 'top(From,Sok)']);
    expect(op('pushD').pre.slice(0, 2)).toEqual(['top(From,To)', 'top(Sok,From)']);
    expect(op('pushL').pre.slice(0, 2)).toEqual(['right(From,To)', 'right(Sok,From)']);
    for (const name of ['pushU', 'pushD', 'pushL']) {
      expect(op(name).pre.slice(2)).toEqual(['sokoban(Sok)', 'box(From)', 'empty(To)']);
      expect(op(name).add).toEqual(op('pushR').add);
      expect(op(name).del).toEqual(op('pushR').del);
    }
  });
});
