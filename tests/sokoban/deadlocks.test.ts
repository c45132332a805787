/**
 * Dead squares and freeze deadlocks on small hand-made levels, written out
 * literally: in the expected maps `x` is a dead square, `.` a goal, a space
 * a live floor cell, `#` a wall.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadProblem } from '../../src/core/load.ts';
import { solveLoaded } from '../../src/pipeline/solve.ts';
import { Board } from '../../src/plugins/sokoban/board.ts';
import { deadSquares, FreezeCheck } from '../../src/plugins/sokoban/deadlocks.ts';
import { readLevel, scanLevels } from '../../src/sokoban/level.ts';
import { contextOf } from '../../src/plugins/index.ts';
import { deadlockTest } from '../../src/plugins/sokoban/prune.ts';
import { ground } from '../../src/strips/ground.ts';
import { makeSearchSpace } from '../../src/strips/space.ts';

const read = (rel: string): string => readFileSync(new URL(`../../${rel}`, import.meta.url), 'utf8');
const board = (text: string): Board => new Board(readLevel(text, 'test.txt', undefined));

/** The board with dead floor cells as `x`, goals as `.`, live floor as a space. */
function deadMap(text: string): string {
  const b = board(text);
  const dead = deadSquares(b);
  return b.level.rows
    .map((row, y) =>
      Array.from(row, (ch, x) => {
        const p = y * b.width + x;
        if (!b.floor[p]) return ch === '#' ? '#' : ' ';
        return b.goal[p] ? '.' : dead[p] ? 'x' : ' ';
      }).join(''),
    )
    .join('\n');
}

describe('dead squares', () => {
  it('a room with the goal in a corner: the far wall column and the bottom row are dead', () => {
    const level = ['#######', '#.    #', '#  $  #', '#    @#', '#######'].join('\n');
    expect(deadMap(level)).toBe(['#######', '#.   x#', '#    x#', '#xxxxx#', '#######'].join('\n'));
  });

  it('a corridor: only the dead end behind the box start is dead', () => {
    expect(deadMap('#######\n#@$  .#\n#######')).toBe('#######\n#x   .#\n#######');
  });

  it('a goal in the middle of a room: only the cells a box can be pushed from are live', () => {
    const level = ['######', '#@   #', '# .$ #', '#    #', '######'].join('\n');
    expect(deadMap(level)).toBe(['######', '#xxxx#', '#x. x#', '#xxxx#', '######'].join('\n'));
  });

  it('goals are never dead', () => {
    const b = board(read('maps/demo.txt'));
    const dead = deadSquares(b);
    for (const g of b.goals) expect(dead[g]).toBe(0);
  });
});

/** Runs the freeze check on every box of a level. */
function frozen(text: string): boolean[] {
  const b = board(text);
  const boxAt = new Uint8Array(b.size);
  for (const p of b.boxes) boxAt[p] = 1;
  const check = new FreezeCheck(b, deadSquares(b));
  return Array.from(b.boxes, (p) => check.frozenAt(boxAt, p));
}

describe('freeze deadlocks', () => {
  it('two boxes side by side along a wall with goals on it: frozen, off goal', () => {
    expect(frozen(['########', '#. $$ .#', '#      #', '#   @  #', '########'].join('\n'))).toEqual([true, true]);
  });

  it('one box along that wall can still slide: not frozen (a box on a goal in a corner is frozen, but on its goal)', () => {
    expect(frozen(['########', '#. $  *#', '#      #', '#   @  #', '########'].join('\n'))).toEqual([false, false]);
  });

  it('a 2×2 block of boxes in the open is frozen; all four on goals is no deadlock; three of four is', () => {
    const block = (a: string, b: string) => ['########', '#      #', `#  ${a}  #`, `#  ${b}  #`, '#      #', '#@ ....#', '########'].join('\n');
    expect(frozen(block('$$', '$$'))).toEqual([true, true, true, true]);
    const onGoals = ['########', '#      #', '#  **  #', '#  **  #', '#      #', '#@     #', '########'].join('\n');
    expect(frozen(onGoals)).toEqual([false, false, false, false]);
    const threeOfFour = ['########', '#      #', '#  **  #', '#  *$  #', '#      #', '#@    .#', '########'].join('\n');
    expect(frozen(threeOfFour)).toEqual([true, true, true, true]);
  });

  it('two boxes side by side in the open are not frozen', () => {
    expect(frozen(['########', '#      #', '#  $$  #', '#      #', '#@ ..  #', '########'].join('\n'))).toEqual([false, false]);
  });

  it('a box between two dead squares is blocked on that axis', () => {
    // The box at x2y1 on the top wall: up is a wall; left and right are dead squares (x1y1 and x3y1 are corners).
    expect(frozen(['#####', '# $@#', '##  #', '# . #', '#####'].join('\n'))).toEqual([true]);
  });
});

describe('--prune deadlocks', () => {
  const domainText = read('domains/sokoban.pl');
  const tutorial = read('maps/tutorial.txt');
  const load = (file: string, text: string, level: number) => loadProblem({ file, text, level, domainFile: 'domains/sokoban.pl', domainText });

  it('never changes the optimal length of bfs on a tutorial or demo level, and stores fewer states', () => {
    const cases = [
      ...scanLevels(tutorial, 'maps/tutorial.txt').map((e) => load('maps/tutorial.txt', tutorial, e.number)),
      load('maps/demo.txt', read('maps/demo.txt'), 1),
    ];
    for (const loaded of cases) {
      const plain = solveLoaded(loaded, { algo: 'bfs' });
      const pruned = solveLoaded(loaded, { algo: 'bfs', prune: 'deadlocks' });
      expect(pruned.status).toBe('solved');
      expect(pruned.length).toBe(plain.length);
      expect(pruned.stats.stored).toBeLessThanOrEqual(plain.stats.stored);
    }
  });

  it('every strategy takes it and still finds valid plans', () => {
    const loaded = load('maps/demo.txt', read('maps/demo.txt'), 1);
    for (const algo of ['bfs', 'dfs', 'iddfs', 'ucs', 'astar', 'gbfs', 'idastar']) {
      const r = solveLoaded(loaded, { algo, prune: 'deadlocks' });
      expect(r.status, algo).toBe('solved');
    }
  });

  it('proves the unsolvable levels unsolvable with fewer states', () => {
    const text = read('maps/unsolvable.txt');
    for (const e of scanLevels(text, 'maps/unsolvable.txt')) {
      const loaded = load('maps/unsolvable.txt', text, e.number);
      const plain = solveLoaded(loaded, { algo: 'bfs' });
      const pruned = solveLoaded(loaded, { algo: 'bfs', prune: 'deadlocks' });
      expect(pruned.status).toBe('unsolvable');
      expect(pruned.stats.stored).toBeLessThanOrEqual(Math.max(1, plain.stats.stored));
    }
  });

  it('the dead-state test over the ground task: dead square, freeze, fine', () => {
    const level = ['########', '#. $$ .#', '#      #', '#   @  #', '########'].join('\n');
    const loaded = loadProblem({ file: 'f.txt', text: level, domainFile: 'domains/sokoban.pl', domainText });
    const space = makeSearchSpace(ground(loaded.domain, loaded.problem));
    const dead = deadlockTest(space, contextOf(loaded));
    expect(dead(space.init, 0)).toBe(true);
    const fine = loadProblem({ file: 'g.txt', text: level.replace('#. $$ .#', '#. $ $.#'), domainFile: 'domains/sokoban.pl', domainText });
    const space2 = makeSearchSpace(ground(fine.domain, fine.problem));
    expect(deadlockTest(space2, contextOf(fine))(space2.init, 0)).toBe(false);
    const corner = loadProblem({ file: 'h.txt', text: '#####\n#$  #\n#  .#\n# @ #\n#####', domainFile: 'domains/sokoban.pl', domainText });
    const space3 = makeSearchSpace(ground(corner.domain, corner.problem));
    expect(deadlockTest(space3, contextOf(corner))(space3.init, 0)).toBe(true);
  });

  it('needs a level', () => {
    const loaded = loadProblem({ file: 'maps/demo.txt', text: read('maps/demo.txt'), domainFile: 'domains/sokoban.pl', domainText });
    const space = makeSearchSpace(ground(loaded.domain, loaded.problem));
    expect(() => deadlockTest(space, undefined)).toThrow(/--prune deadlocks needs a Sokoban level/);
  });
});
