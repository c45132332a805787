/**
 * The bundled maps: they read, and their recorded optimal plan lengths are
 * right. The optimum is checked with a tiny breadth-first search written
 * here, independent of the planner: a state is the player's square plus the
 * sorted box squares, taken straight from the level's rows.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { lurdToPlan, readLevels, renderBoard, type Level } from '../../src/sokoban/index.ts';

const mapFile = (name: string): string => fileURLToPath(new URL(`../../maps/${name}`, import.meta.url));

const STEPS: [number, number, string][] = [
  [0, -1, 'u'],
  [0, 1, 'd'],
  [-1, 0, 'l'],
  [1, 0, 'r'],
];

interface Grid {
  width: number;
  floor: Set<number>;
  player: number;
  boxes: number[];
  goals: number[];
}

function grid(level: Level): Grid {
  const width = level.width + 1;
  const floor = new Set<number>();
  let player = -1;
  const boxes: number[] = [];
  const goals: number[] = [];
  level.rows.forEach((row, y) => {
    for (let x = 0; x < row.length; x++) {
      const ch = row[x];
      const i = y * width + x;
      if (ch !== '#') floor.add(i);
      if (ch === '@' || ch === '+') player = i;
      if (ch === '$' || ch === '*') boxes.push(i);
      if (ch === '.' || ch === '+' || ch === '*') goals.push(i);
    }
  });
  return { width, floor, player, boxes: boxes.sort((a, b) => a - b), goals: goals.sort((a, b) => a - b) };
}

/** A shortest solution in LURD (null when none) and the number of states seen. */
function bfs(level: Level): { lurd: string | null; states: number } {
  const g = grid(level);
  const key = (p: number, b: number[]): string => `${p}|${b.join(',')}`;
  const seen = new Set([key(g.player, g.boxes)]);
  let frontier = [{ p: g.player, b: g.boxes, lurd: '' }];
  while (frontier.length > 0) {
    const next: typeof frontier = [];
    for (const s of frontier) {
      if (s.b.every((v, i) => v === g.goals[i])) return { lurd: s.lurd, states: seen.size };
      for (const [dx, dy, c] of STEPS) {
        const d = dy * g.width + dx;
        const t = s.p + d;
        if (!g.floor.has(t)) continue;
        let b = s.b;
        let letter = c;
        if (b.includes(t)) {
          if (!g.floor.has(t + d) || b.includes(t + d)) continue;
          b = b.map((v) => (v === t ? t + d : v)).sort((x, y) => x - y);
          letter = c.toUpperCase();
        }
        const k = key(t, b);
        if (seen.has(k)) continue;
        seen.add(k);
        next.push({ p: t, b, lurd: s.lurd + letter });
      }
    }
    frontier = next;
  }
  return { lurd: null, states: seen.size };
}

/**
 * Whether a plan of at most `bound` steps exists in which no ground
 * operator occurs twice (the original planner's cycle rule).
 */
function planWithoutRepeats(level: Level, bound: number): boolean {
  const g = grid(level);
  const used = new Set<string>();
  const dfs = (p: number, b: number[], depth: number): boolean => {
    if (b.every((v, i) => v === g.goals[i])) return true;
    if (depth === bound) return false;
    for (const [dx, dy, c] of STEPS) {
      const d = dy * g.width + dx;
      const t = p + d;
      if (!g.floor.has(t)) continue;
      let nb = b;
      let op = `move ${p} ${t}`;
      if (b.includes(t)) {
        if (!g.floor.has(t + d) || b.includes(t + d)) continue;
        nb = b.map((v) => (v === t ? t + d : v)).sort((x, y) => x - y);
        op = `push ${p} ${t} ${t + d} ${c}`;
      }
      if (used.has(op)) continue;
      used.add(op);
      if (dfs(t, nb, depth + 1)) return true;
      used.delete(op);
    }
    return false;
  };
  return dfs(g.player, g.boxes, 0);
}

/** The `; optimal: N moves` comment of a level (in the comment block right above its board). */
function recordedOptimum(text: string, level: Level): number | null {
  const lines = text.split(/\r?\n/);
  for (let i = level.firstLine - 2; i >= 0 && lines[i].trim() !== ''; i--) {
    const m = /^;\s*optimal:\s*(\d+) moves?/.exec(lines[i]);
    if (m) return Number(m[1]);
  }
  return null;
}

/** Replays a LURD solution with the project's own lurdToPlan and renders the end board. */
function finalBoard(level: Level, lurd: string): string {
  const plan = lurdToPlan(level, lurd);
  expect(plan).toHaveLength(lurd.length);
  const g = grid(level);
  let p = g.player;
  let boxes = g.boxes;
  for (const ch of lurd) {
    const [dx, dy] = STEPS.find((s) => s[2] === ch.toLowerCase())!;
    const d = dy * g.width + dx;
    p += d;
    if (ch !== ch.toLowerCase()) boxes = boxes.map((v) => (v === p ? p + d : v));
  }
  const name = (i: number): string => `x${i % g.width}y${Math.floor(i / g.width)}`;
  return renderBoard(level, [`sokoban(${name(p)})`, ...boxes.map((b) => `box(${name(b)})`)]);
}

describe('maps/tutorial.txt', () => {
  const text = readFileSync(mapFile('tutorial.txt'), 'utf8');
  const levels = readLevels(text, 'tutorial.txt');
  const expected: [string, number][] = [
    ['One push', 1],
    ['Walk, then push', 4],
    ['Change direction: push right, walk round, push down', 6],
    ['Corners are traps: a box pushed into a corner never comes out', 9],
    ['Walk around the pillar to get behind the box', 12],
    ['The same step twice: both boxes travel the same corridor', 12],
    ['Two boxes, one at a time', 13],
    ['Three boxes in a small room', 16],
    ['Which box to which goal? Think before you push', 25],
  ];

  it('has the titled levels, each with at most 3 boxes', () => {
    expect(levels.map((l) => l.title)).toEqual(expected.map(([t]) => t));
    for (const l of levels) expect(l.boxes.length).toBeLessThanOrEqual(3);
  });

  it.each(expected.map(([title, moves], i) => [i + 1, title, moves] as const))(
    'level %i (%s): optimal plan of %i moves, small state space',
    (number, _title, moves) => {
      const level = levels[number - 1];
      const { lurd, states } = bfs(level);
      expect(lurd).not.toBeNull();
      expect(lurd!.length).toBe(moves);
      expect(recordedOptimum(text, level)).toBe(moves);
      expect(states).toBeLessThan(3000);
      // the solution replays in lurdToPlan and ends with every box on a goal
      expect(finalBoard(level, lurd!)).not.toMatch(/\$/);
    },
  );

  it('"The same step twice" needs a repeated ground operator on its shortest plans', () => {
    const level = levels[5];
    const optimum = bfs(level).lurd!;
    const plan = lurdToPlan(level, optimum);
    expect(new Set(plan).size).toBeLessThan(plan.length);
    expect(planWithoutRepeats(level, optimum.length)).toBe(false);
    expect(planWithoutRepeats(level, optimum.length + 2)).toBe(false);
    // other levels: the rule does not change the optimum
    expect(planWithoutRepeats(levels[4], 12)).toBe(true);
  });
});

describe('maps/demo.txt', () => {
  const text = readFileSync(mapFile('demo.txt'), 'utf8');
  const levels = readLevels(text, 'demo.txt');

  it('is one 2-box level with a 17-move optimum', () => {
    expect(levels).toHaveLength(1);
    const [level] = levels;
    expect(level.title).toBe('Two boxes round a pillar');
    expect(level.boxes).toHaveLength(2);
    const { lurd, states } = bfs(level);
    expect(lurd).toBe('RdrruuullDDRlldRR');
    expect(recordedOptimum(text, level)).toBe(17);
    expect(states).toBeLessThan(1000);
    expect(finalBoard(level, lurd!)).not.toMatch(/\$/);
  });
});

describe('maps/unsolvable.txt', () => {
  const text = readFileSync(mapFile('unsolvable.txt'), 'utf8');
  const levels = readLevels(text, 'unsolvable.txt');

  it('has four well-formed levels without a plan', () => {
    expect(levels.map((l) => l.title)).toEqual([
      'A box in a corner that is not a goal',
      'Two boxes side by side against a wall: neither can move',
      'The box runs along the bottom wall and can never reach the goal above',
      'The player cannot get behind the box to push it onto the goal',
    ]);
    for (const l of levels) {
      const { lurd, states } = bfs(l);
      expect(lurd, l.title ?? '').toBeNull();
      expect(states).toBeLessThan(100);
      expect(recordedOptimum(text, l)).toBeNull();
    }
  });
});

describe('maps/bench.txt', () => {
  const text = readFileSync(mapFile('bench.txt'), 'utf8');
  const levels = readLevels(text, 'bench.txt');

  it('is one 5-box level whose recorded optimum the independent BFS confirms', () => {
    expect(levels).toHaveLength(1);
    const [level] = levels;
    expect(level.boxes).toHaveLength(5);
    const { lurd } = bfs(level);
    expect(lurd).toHaveLength(36);
    expect(recordedOptimum(text, level)).toBe(36);
    expect(finalBoard(level, lurd!)).not.toMatch(/\$/);
  });
});
