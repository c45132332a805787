/**
 * The backward search's box macros (src/plugins/sokoban/pull-macros.ts) on
 * random small rooms with many inner walls (rooms.ts, one inner square in
 * three a wall, so that a box often cuts the floor in two): the macros
 * PullMacros.emit gives a position (the player's side worked out from the
 * position's FreeRegions, no flood) are exactly those of a plain
 * breadth-first search over (box square, player square) with a flood of
 * the player's squares before every pull: the same box, square, direction
 * of the last pull and fewest pulls.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Board } from '../../src/plugins/sokoban/board.ts';
import { pullDeadSquares } from '../../src/plugins/sokoban/deadlocks.ts';
import { PullMacros } from '../../src/plugins/sokoban/pull-macros.ts';
import { FreeRegions } from '../../src/plugins/sokoban/regions.ts';
import { readLevel } from '../../src/sokoban/level.ts';
import { fcParams } from './arbitraries.ts';
import { roomLevel, roomSpec } from './rooms.ts';

const boardOf = (text: string): Board => new Board(readLevel(text, 'room.txt', undefined));

/** Rooms with about one inner square in four a wall and 1–3 boxes, anywhere (scrambled or not); with the pull dead squares or none. */
const room = fc
  .tuple(roomSpec, fc.integer({ min: 1, max: 3 }), fc.boolean())
  .map(([spec, boxes, dead]) => ({ text: roomLevel({ ...spec, boxes, walls: spec.walls.map((w) => w % 4) }), dead }))
  .filter((r): r is { text: string; dead: boolean } => r.text !== null);

/** The squares the player reaches from `from`, the boxes of boxAt in his way. */
function flood(b: Board, boxAt: Uint8Array, from: number): Set<number> {
  const seen = new Set([from]);
  const queue = [from];
  for (let i = 0; i < queue.length; i++) {
    for (const d of b.dirs) {
      const q = queue[i] + d;
      if (b.floor[q] && !boxAt[q] && !seen.has(q)) {
        seen.add(q);
        queue.push(q);
      }
    }
  }
  return seen;
}

/** "box square → square U|D|L|R: pulls" for every square each box alone is pulled to in two pulls or more (not back on its own), the other boxes fixed. */
function reference(b: Board, dead: Uint8Array, boxAt: Uint8Array, player: number): string[] {
  const out: string[] = [];
  for (const box of b.boxes) {
    boxAt[box] = 0;
    const best = new Map<number, number>();
    const seen = new Set([box * b.size + player]);
    let layer = [[box, player]];
    for (let depth = 1; layer.length > 0; depth++) {
      const next: number[][] = [];
      for (const [p, pl] of layer) {
        boxAt[p] = 1;
        const reach = flood(b, boxAt, pl);
        boxAt[p] = 0;
        for (let j = 0; j < 4; j++) {
          const d = b.dirs[j];
          const to = p + d;
          if (!reach.has(to) || dead[to] || !b.floor[to + d] || boxAt[to + d]) continue;
          if (!best.has(to * 4 + j)) best.set(to * 4 + j, depth);
          const key = to * b.size + to + d;
          if (!seen.has(key)) {
            seen.add(key);
            next.push([to, to + d]);
          }
        }
      }
      layer = next;
    }
    for (const [s, n] of best) if (n >= 2 && s >> 2 !== box) out.push(`${b.name(box)} → ${b.name(s >> 2)} ${'UDLR'[s & 3]}: ${n}`);
    boxAt[box] = 1;
  }
  return out.sort();
}

describe('pull macros on random rooms', () => {
  it('emit with the regions gives the macros of a breadth-first search over box and player squares', () => {
    let macros = 0;
    fc.assert(
      fc.property(room, ({ text, dead: pullDead }) => {
        const b = boardOf(text);
        // the squares no box may be pulled onto: the search's, or none (more macros)
        const dead = pullDead ? pullDeadSquares(b) : new Uint8Array(b.size);
        const boxAt = new Uint8Array(b.size);
        for (const box of b.boxes) boxAt[box] = 1;
        const regions = new FreeRegions(b);
        regions.build(boxAt);
        const m = new PullMacros(b, dead);
        const out = new Int32Array(m.maxPerState);
        const boxes = Int32Array.from(b.boxes);
        const k = m.emit(boxAt, boxes, boxes.length, regions.labels, regions.labels[b.player], regions, out, 0);
        const got = [...out.slice(0, k)].map((op) => `${b.name(m.box(op))} → ${b.name(m.goal(op))} ${'UDLR'[m.lastDir(op)]}: ${m.len(op)}`).sort();
        expect(got, text).toEqual(reference(b, dead, boxAt, b.player));
        macros += k;
      }),
      fcParams(1500),
    );
    // the property is not empty: 2,064 macros compared with the default seed and runs
    expect(macros).toBeGreaterThan(1500);
  });
});
