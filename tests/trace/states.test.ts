/**
 * planlog trace --states: each node's state (its fluent atoms, sorted) and,
 * for graph searches, the frontier (nodes a recorded expansion put on the
 * open list and no recorded expansion took). Checked on a one-push level and
 * on a two-box level: exact states, frontier sizes, and the open and closed
 * sets the page computes from them; depth-first strategies have no frontier;
 * without --states the JSON is unchanged.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadProblem, traceLoaded, type LoadedProblem, type SearchTrace } from '../../src/index.ts';
import { solveOptionsFrom } from '../../src/options/index.ts';
import type { TraceNode } from '../../src/trace/trace.ts';
import { runMain as run, scratch } from '../cli/run-main.ts';

const path = (p: string): string => fileURLToPath(new URL(`../../${p}`, import.meta.url));
const SOKOBAN = readFileSync(path('domains/sokoban.pl'), 'utf8');
/** One push right: player x1y1, box x2y1, goal x3y1. */
const ONE_PUSH = '#####\n#@$.#\n#####\n';
/** Two boxes (x2y1, x3y2), goals x4y1 and x5y2; bfs: 6 steps. */
const TWO_BOXES = ['#######', '#@$ .##', '#  $ .#', '#     #', '#######', ''].join('\n');
const level = (text: string): LoadedProblem => loadProblem({ file: 'l.txt', text, domainFile: 'sokoban.pl', domainText: SOKOBAN });
const trace = (text: string, flags: Record<string, string | boolean>, limit: number, states = true): SearchTrace =>
  traceLoaded(level(text), solveOptionsFrom(flags, { from: 'cli', defaultAlgo: 'bfs' }), limit, { states });

/** The page's rule: closed after step i = recorded nodes with id <= i. */
const closedAt = (t: SearchTrace, i: number): number[] => t.nodes.filter((n) => n.recorded && n.id <= i).map((n) => n.id);
/** The page's rule: open after step i = nodes with a parent <= i that are recorded with id > i, or frontier nodes. */
const openAt = (t: SearchTrace, i: number): number[] =>
  t.nodes.filter((n) => n.parent !== null && n.parent <= i && ((n.recorded && n.id > i) || n.frontier === true)).map((n) => n.id);
/** A state without its `empty` atoms (shorter expectations). */
const pieces = (n: TraceNode): string[] => (n.state ?? []).filter((a) => !a.startsWith('empty('));

describe('trace --states: bfs', () => {
  it('one push: the root state exactly, the goal is the one frontier node (generated, never expanded)', () => {
    const t = trace(ONE_PUSH, {}, 50);
    expect(t.states).toBe(true);
    expect(t.nodes).toHaveLength(2);
    expect(t.nodes[0].state).toEqual(['box(x2y1)', 'empty(x3y1)', 'sokoban(x1y1)']);
    expect(t.nodes[1]).toEqual({
      id: 1,
      parent: 0,
      op: 'pushR(x1y1,x2y1,x3y1)',
      g: 1,
      h: null,
      f: 1,
      depth: 1,
      recorded: false,
      plan: true,
      frontier: true,
      state: ['box(x3y1)', 'empty(x1y1)', 'sokoban(x2y1)'],
      goal: true,
    });
    expect(t.planNodes).toEqual([0, 1]);
  });

  it('two boxes, limit 4: six frontier nodes after the four recorded ones, then the unrecorded plan nodes with rebuilt states', () => {
    const t = trace(TWO_BOXES, {}, 4);
    expect(t.nodes.filter((n) => n.recorded).map((n) => [n.id, n.parent, n.op])).toEqual([
      [0, null, null],
      [1, 0, 'moveD(x1y1,x1y2)'],
      [2, 0, 'pushR(x1y1,x2y1,x3y1)'],
      [3, 1, 'moveR(x1y2,x2y2)'],
    ]);
    expect(t.nodes.filter((n) => n.frontier).map((n) => [n.id, n.parent, n.op, n.g, n.depth])).toEqual([
      [4, 1, 'moveD(x1y2,x1y3)', 2, 2],
      [5, 2, 'pushR(x2y1,x3y1,x4y1)', 2, 2],
      [6, 2, 'moveD(x2y1,x2y2)', 2, 2],
      [7, 2, 'moveL(x2y1,x1y1)', 2, 2],
      [8, 3, 'pushR(x2y2,x3y2,x4y2)', 3, 3],
      [9, 3, 'moveD(x2y2,x2y3)', 3, 3],
    ]);
    expect(pieces(t.nodes[0])).toEqual(['box(x2y1)', 'box(x3y2)', 'sokoban(x1y1)']);
    expect(t.nodes[0].state).toHaveLength(14); // 2 boxes, the player, 11 empty floor squares
    expect(pieces(t.nodes[5])).toEqual(['box(x3y2)', 'box(x4y1)', 'sokoban(x3y1)']);
    // the plan runs through frontier node 5, then unrecorded nodes whose states are rebuilt
    expect(t.planNodes).toEqual([0, 2, 5, 10, 11, 12, 13]);
    expect(t.nodes.slice(10).map((n) => [n.recorded, n.frontier, pieces(n)])).toEqual([
      [false, undefined, ['box(x3y2)', 'box(x4y1)', 'sokoban(x2y1)']],
      [false, undefined, ['box(x3y2)', 'box(x4y1)', 'sokoban(x2y2)']],
      [false, undefined, ['box(x4y1)', 'box(x4y2)', 'sokoban(x3y2)']],
      [false, undefined, ['box(x4y1)', 'box(x5y2)', 'sokoban(x4y2)']],
    ]);
    expect(t.nodes[13].goal).toBe(true);
  });

  it('two boxes: the open and closed sets by the page rule at steps 0 and 2 are the breadth-first queue', () => {
    const t = trace(TWO_BOXES, {}, 4);
    expect(closedAt(t, 0)).toEqual([0]);
    expect(openAt(t, 0)).toEqual([1, 2]);
    expect(closedAt(t, 2)).toEqual([0, 1, 2]);
    expect(openAt(t, 2)).toEqual([3, 4, 5, 6, 7]);
    expect(openAt(t, 3)).toEqual([4, 5, 6, 7, 8, 9]);
  });

  it('astar: the frontier has h and f from generation; a node expanded later in the window is not repeated', () => {
    const t = trace(TWO_BOXES, { algo: 'astar', heuristic: 'hmax' }, 6);
    const recorded = t.nodes.filter((n) => n.recorded);
    const frontier = t.nodes.filter((n) => n.frontier);
    expect(recorded).toHaveLength(6);
    expect(frontier.every((n) => n.h !== null && n.f === n.g + n.h)).toBe(true);
    // no state is both a recorded expansion and a frontier node (no reopening with hmax here)
    const key = (n: TraceNode): string => (n.state ?? []).join(' ');
    const seen = new Set(recorded.map(key));
    expect(frontier.filter((n) => seen.has(key(n)))).toEqual([]);
    expect(new Set(frontier.map(key)).size).toBe(frontier.length);
  });
});

describe('trace --states: depth-first and push strategies', () => {
  it('iddfs --cycle action: no frontier nodes; the plan path states, recorded ones from the search and the goal rebuilt', () => {
    const t = trace(TWO_BOXES, { algo: 'iddfs', cycle: 'action' }, 200);
    expect(t.expansions).toBe(186);
    expect(t.nodes.filter((n) => n.frontier)).toEqual([]);
    expect(t.nodes.every((n) => n.state !== undefined)).toBe(true);
    expect(t.planNodes.map((id) => [t.nodes[id].recorded, t.nodes[id].bound, pieces(t.nodes[id])])).toEqual([
      [true, 6, ['box(x2y1)', 'box(x3y2)', 'sokoban(x1y1)']],
      [true, 6, ['box(x3y1)', 'box(x3y2)', 'sokoban(x2y1)']],
      [true, 6, ['box(x3y2)', 'box(x4y1)', 'sokoban(x3y1)']],
      [true, 6, ['box(x3y2)', 'box(x4y1)', 'sokoban(x2y1)']],
      [true, 6, ['box(x3y2)', 'box(x4y1)', 'sokoban(x2y2)']],
      [true, 6, ['box(x4y1)', 'box(x4y2)', 'sokoban(x3y2)']],
      [false, 6, ['box(x4y1)', 'box(x5y2)', 'sokoban(x4y2)']],
    ]);
  });

  it('push: states are the boxes and the normalised player square; the frontier of the push search', () => {
    const t = trace(TWO_BOXES, { algo: 'push' }, 3);
    expect(t.nodes.map((n) => [n.id, n.op, n.frontier ?? false, n.state])).toEqual([
      [0, null, false, ['box(x2y1)', 'box(x3y2)', 'sokoban(x1y1)']],
      [1, 'push x2y1 right', false, ['box(x3y1)', 'box(x3y2)', 'sokoban(x1y1)']],
      [2, 'push x3y1 right', false, ['box(x3y2)', 'box(x4y1)', 'sokoban(x1y1)']],
      [3, 'push x3y2 left', true, ['box(x2y1)', 'box(x2y2)', 'sokoban(x1y1)']],
      [4, 'push x3y2 right', true, ['box(x2y1)', 'box(x4y2)', 'sokoban(x1y1)']],
      [5, 'push x3y2 left', true, ['box(x2y2)', 'box(x3y1)', 'sokoban(x1y1)']],
      [6, 'push x3y2 right', true, ['box(x3y1)', 'box(x4y2)', 'sokoban(x1y1)']],
      [7, 'push x3y2 left', true, ['box(x2y2)', 'box(x4y1)', 'sokoban(x1y1)']],
      [8, 'push x3y2 right', true, ['box(x4y1)', 'box(x4y2)', 'sokoban(x1y1)']],
      [9, 'push x4y2 right', false, ['box(x4y1)', 'box(x5y2)', 'sokoban(x1y1)']],
    ]);
    expect(t.planNodes).toEqual([0, 1, 2, 8, 9]);
  });
});

describe('trace without --states', () => {
  it('the JSON has no state, no frontier nodes and no states field', () => {
    const t = trace(TWO_BOXES, {}, 4, false);
    expect(t.states).toBeUndefined();
    expect(t.nodes.some((n) => 'state' in n || 'frontier' in n)).toBe(false);
    expect(t.nodes.map((n) => n.id)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(t.planNodes).toEqual([0, 2, 4, 5, 6, 7, 8]);
  });

  it('the CLI: --states adds to the JSON and the text; the rest of the JSON is the same', async () => {
    const file = scratch('planlog-states-').file('two.txt', TWO_BOXES);
    const plain = await run('trace', file, '--limit', '4', '--json');
    const withStates = await run('trace', file, '--limit', '4', '--json', '--states');
    expect([plain.code, withStates.code]).toEqual([0, 0]);
    const a = JSON.parse(plain.out);
    const b = JSON.parse(withStates.out);
    expect(Object.keys(a)).not.toContain('states');
    expect(b.states).toBe(true);
    const strip = (n: Record<string, unknown>) => Object.fromEntries(Object.entries(n).filter(([k]) => k !== 'state'));
    expect(b.nodes.filter((n: TraceNode) => n.recorded).map(strip)).toEqual(a.nodes.filter((n: TraceNode) => n.recorded));
    expect(b.nodes.filter((n: TraceNode) => n.frontier)).toHaveLength(6);
    const text = await run('trace', file, '--limit', '4', '--states');
    expect(text.out).toMatch(/ +#4 +2 +2 +– +2 +moveD\(x1y2,x1y3\) {2}\(frontier\) +#1 +box\(x2y1\) box\(x3y2\) empty/);
    expect((await run('trace', file, '--states=yes')).code).toBe(2);
  });
});
