/**
 * The Sokoban heuristics on hand-checked states, the Hungarian method on
 * small matrices, and admissibility against exact distances on the
 * tutorial levels (moves under sokoban.pl, pushes under sokoban-pushes.pl).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contextOf, heuristics } from '../../src/plugins/index.ts';
import { PlanlogError } from '../../src/util/errors.ts';
import { loadProblem, type LoadedProblem } from '../../src/core/load.ts';
import { Hungarian } from '../../src/plugins/sokoban/hungarian.ts';
import { scanLevels } from '../../src/sokoban/level.ts';
import { ground } from '../../src/strips/ground.ts';
import { makeSearchSpace, type SearchSpace } from '../../src/strips/space.ts';
import { StateStore } from '../../src/strips/store.ts';

const read = (rel: string): string => readFileSync(new URL(`../../${rel}`, import.meta.url), 'utf8');
const SOKOBAN = ['manhattan', 'pushdist', 'matching'] as const;

function load(text: string, domain = 'domains/sokoban.pl', level?: number): LoadedProblem {
  return loadProblem({ file: 'test.txt', text, level, domainFile: domain, domainText: read(domain) });
}

/** The three values at the initial state of a level. */
function values(text: string, domain?: string): Record<string, number> {
  const loaded = load(text, domain);
  const space = makeSearchSpace(ground(loaded.domain, loaded.problem));
  return Object.fromEntries(SOKOBAN.map((n) => [n, heuristics[n].create(space, contextOf(loaded)).evaluate(space.init, 0)]));
}

describe('Hungarian method', () => {
  const h = new Hungarian();
  it('finds the least total cost', () => {
    expect(h.solve(3, [4, 1, 3, 2, 0, 5, 3, 2, 2])).toBe(5);
    expect(h.solve(2, [1, 2, 2, 4])).toBe(4);
    expect(h.solve(1, [7])).toBe(7);
    expect(h.solve(0, [])).toBe(0);
  });
  it('avoids forbidden pairs, and answers Infinity when every matching needs one', () => {
    expect(h.solve(2, [Infinity, 1, 1, Infinity])).toBe(2);
    expect(h.solve(2, [1, Infinity, 1, Infinity])).toBe(Infinity);
  });
  it('agrees with brute force on random 5×5 matrices', () => {
    let seed = 7;
    const rnd = (): number => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) % 10);
    const perms = (n: number): number[][] => (n === 0 ? [[]] : perms(n - 1).flatMap((p) => Array.from({ length: n }, (_, i) => [...p.slice(0, i), n - 1, ...p.slice(i)])));
    for (let t = 0; t < 50; t++) {
      const m = Array.from({ length: 25 }, rnd);
      const best = Math.min(...perms(5).map((p) => p.reduce((s, c, r) => s + m[r * 5 + c], 0)));
      expect(h.solve(5, m)).toBe(best);
    }
  });
});

describe('hand-checked values', () => {
  it('one box in a corridor, three cells from its goal: 3, 3, 3', () => {
    expect(values('#######\n#@$  .#\n#######')).toEqual({ manhattan: 3, pushdist: 3, matching: 3 });
  });

  const twoInARow = ['#########', '#@      #', '# $$ .. #', '#       #', '#########'].join('\n');
  it('two boxes, two goals in a row: nearest goals 3 + 2, but a matching needs 6 pushes', () => {
    expect(values(twoInARow)).toEqual({ manhattan: 5, pushdist: 5, matching: 6 });
  });

  it('a wall between box and goal: Manhattan 2, the pushes go round it: 4', () => {
    const level = ['#######', '#  #  #', '# $#. #', '#     #', '#@    #', '#######'].join('\n');
    expect(values(level)).toEqual({ manhattan: 2, pushdist: 4, matching: 4 });
  });

  it('a box on a dead square: push distance and matching are Infinity, Manhattan is not', () => {
    // x1y1 is a corner; grounding does not see it (the other box can reach both goals when delete lists are ignored)
    expect(values(['######', '#$   #', '#  $.#', '#@  .#', '######'].join('\n'))).toEqual({ manhattan: 5, pushdist: Infinity, matching: Infinity });
  });

  it('0 when every box is on a goal', () => {
    expect(values('#####\n#@* #\n#####')).toEqual({ manhattan: 0, pushdist: 0, matching: 0 });
  });

  it('the same under sokoban-pushes.pl (pushes cost 1)', () => {
    expect(values(twoInARow, 'domains/sokoban-pushes.pl')).toEqual({ manhattan: 5, pushdist: 5, matching: 6 });
  });

  it('need a level: a PlanlogError on a Prolog problem', () => {
    const loaded = loadProblem({ file: 'p.pl', text: read('domains/robot-problem.pl'), domainFile: 'domains/robot.pl', domainText: read('domains/robot.pl') });
    const space = makeSearchSpace(ground(loaded.domain, loaded.problem));
    for (const n of SOKOBAN) {
      expect(heuristics[n].plugin).toBe('sokoban');
      expect(() => heuristics[n].create(space, { plugin: 'other' })).toThrow(PlanlogError);
      expect(() => heuristics[n].create(space)).toThrow(/needs a Sokoban level/);
    }
  });
});

/** All reachable states of a space with their exact costs to a goal (Dijkstra backwards over the explicit graph). */
function exact(space: SearchSpace): { store: StateStore; dist: number[] } {
  const W = space.words;
  const store = new StateStore(W);
  const into: [number, number][][] = [];
  const ops = new Int32Array(space.numOps);
  const child = new Uint32Array(W);
  store.insert(space.init, 0, -1, -1);
  for (let id = 0; id < store.size; id++) {
    into[id] ??= [];
    const k = space.applicable(store.data, id * W, ops);
    for (let i = 0; i < k; i++) {
      space.apply(ops[i], store.data, id * W, child, 0);
      let r = store.insert(child, 0, id, ops[i]);
      if (r < 0) r = -r - 1;
      (into[r] ??= []).push([id, space.cost(ops[i])]);
    }
  }
  const dist = new Array<number>(store.size).fill(Infinity);
  const done = new Uint8Array(store.size);
  for (let id = 0; id < store.size; id++) if (space.isGoal(store.data, id * W)) dist[id] = 0;
  // simple O(n²) Dijkstra: the tutorial spaces are small
  for (;;) {
    let u = -1;
    for (let i = 0; i < store.size; i++) if (!done[i] && dist[i] < Infinity && (u < 0 || dist[i] < dist[u])) u = i;
    if (u < 0) break;
    done[u] = 1;
    for (const [from, c] of into[u] ?? []) if (dist[u] + c < dist[from]) dist[from] = dist[u] + c;
  }
  return { store, dist };
}

describe('admissible: never above the exact cost on any reachable state of the tutorial levels', () => {
  const text = read('maps/tutorial.txt');
  for (const domain of ['domains/sokoban.pl', 'domains/sokoban-pushes.pl']) {
    for (const e of scanLevels(text, 'maps/tutorial.txt').slice(0, 7)) {
      it(`${domain}, tutorial level ${e.number}`, () => {
        const loaded = loadProblem({ file: 'maps/tutorial.txt', text, level: e.number, domainFile: domain, domainText: read(domain) });
        const space = makeSearchSpace(ground(loaded.domain, loaded.problem));
        const { store, dist } = exact(space);
        const ev = SOKOBAN.map((n) => heuristics[n].create(space, contextOf(loaded)));
        for (let id = 0; id < store.size; id++) {
          const h = ev.map((x) => x.evaluate(store.data, id * space.words));
          expect(h[0]).toBeLessThanOrEqual(dist[id]);
          expect(h[1]).toBeLessThanOrEqual(dist[id]);
          expect(h[2]).toBeLessThanOrEqual(dist[id]);
          expect(h[0]).toBeLessThanOrEqual(h[1]);
          expect(h[1]).toBeLessThanOrEqual(h[2]);
        }
      });
    }
  }
});
