/**
 * Random small Sokoban levels: a walled room with a few inner walls, goals
 * and the player placed at random in one region, the boxes on their goals
 * (scrambled) or at random; then a random walk of the player that often
 * pulls a box next to it (a push played backwards, so a solvable level stays
 * solvable: scrambled rooms are solvable by construction). Rooms with boxes
 * placed at random are often unsolvable (a box in a corner); the properties
 * keep those bfs solves within a node cap, or use the unsolvable ones. Plus
 * the transformations of the metamorphic tests: mirrors, rotations and a
 * walled-off pocket.
 */
import fc from 'fast-check';

export interface RoomSpec {
  width: number;
  height: number;
  /** One per inner square: 0 makes it a wall (about one in seven). */
  walls: number[];
  boxes: number;
  /** Boxes start on their goals and the walk pulls them off (solvable by construction); else they are placed at random. */
  scrambled: boolean;
  /** Indexes (modulo the choices) of the region, the goals, the boxes and the player's start. */
  picks: number[];
  /** The walk: direction 0–3, and whether to pull the box behind the player. */
  walk: { dir: number; pull: boolean }[];
}

const DIRS = [
  [0, -1],
  [0, 1],
  [-1, 0],
  [1, 0],
];

/** Room specs: 3–6 × 3–5 inner squares, 1–2 boxes, a walk of 10 to 80 steps (three in four try to pull). */
export const roomSpec: fc.Arbitrary<RoomSpec> = fc
  .noBias(fc.record({ width: fc.integer({ min: 3, max: 6 }), height: fc.integer({ min: 3, max: 5 }), boxes: fc.integer({ min: 1, max: 2 }) })
  .chain((size) =>
    fc.record({
      width: fc.constant(size.width),
      height: fc.constant(size.height),
      boxes: fc.constant(size.boxes),
      scrambled: fc.boolean(),
      walls: fc.array(fc.integer({ min: 0, max: 6 }), { minLength: size.width * size.height, maxLength: size.width * size.height }),
      picks: fc.array(fc.nat({ max: 1000 }), { minLength: 6, maxLength: 6 }),
      walk: fc.array(fc.record({ dir: fc.integer({ min: 0, max: 3 }), pull: fc.integer({ min: 0, max: 3 }).map((n) => n > 0) }), { minLength: 10, maxLength: 80 }),
    }),
  ));

/** The level text of a spec (rows of equal width, walls all round); null when the room has too little floor. */
export function roomLevel(spec: RoomSpec): string | null {
  const W = spec.width + 2;
  const H = spec.height + 2;
  const wall: boolean[][] = [];
  for (let y = 0; y < H; y++) {
    wall.push([]);
    for (let x = 0; x < W; x++) {
      const inner = x > 0 && y > 0 && x < W - 1 && y < H - 1;
      wall[y].push(!inner || spec.walls[(y - 1) * spec.width + (x - 1)] === 0);
    }
  }
  const key = (x: number, y: number): number => y * W + x;
  const floor: number[] = [];
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) if (!wall[y][x]) floor.push(key(x, y));
  if (floor.length === 0) return null;
  // The region of the first pick: everything happens in it.
  const start = floor[spec.picks[0] % floor.length];
  const region = [start];
  const seen = new Set(region);
  for (let i = 0; i < region.length; i++) {
    const [x, y] = [region[i] % W, Math.floor(region[i] / W)];
    for (const [dx, dy] of DIRS) {
      const k = key(x + dx, y + dy);
      if (!wall[y + dy][x + dx] && !seen.has(k)) {
        seen.add(k);
        region.push(k);
      }
    }
  }
  if (region.length < spec.boxes + 2) return null;
  region.sort((a, b) => a - b);
  /** `n` distinct cells of the region, chosen by the picks from `from` on, avoiding `taken`. */
  const choose = (n: number, from: number, taken: number[]): number[] => {
    const out: number[] = [];
    for (let i = from; out.length < n; i++) {
      const c = region[spec.picks[i % spec.picks.length] % region.length];
      const free = region.filter((r) => !taken.includes(r) && !out.includes(r));
      out.push(taken.includes(c) || out.includes(c) ? free[spec.picks[i % spec.picks.length] % free.length] : c);
    }
    return out;
  };
  const goals = choose(spec.boxes, 1, []);
  const boxes = new Set(spec.scrambled ? goals : choose(spec.boxes, 1 + spec.boxes, []));
  let player = choose(1, 1 + 2 * spec.boxes, [...boxes])[0];
  const free = (c: number): boolean => !wall[Math.floor(c / W)][c % W] && !boxes.has(c);
  for (const { dir, pull } of spec.walk) {
    // a pull: step away from a box next to the player (the first one from `dir` round), dragging it along
    const away = pull ? [0, 1, 2, 3].map((k) => DIRS[(dir + k) % 4]).find(([dx, dy]) => boxes.has(player - dx - dy * W) && free(player + dx + dy * W)) : undefined;
    const [dx, dy] = away ?? DIRS[dir];
    const to = player + dx + dy * W;
    if (!free(to)) continue;
    if (away) {
      boxes.delete(player - dx - dy * W);
      boxes.add(player);
    }
    player = to;
  }
  const rows: string[] = [];
  for (let y = 0; y < H; y++) {
    let row = '';
    for (let x = 0; x < W; x++) {
      const k = key(x, y);
      const goal = goals.includes(k);
      row += wall[y][x] ? '#' : k === player ? (goal ? '+' : '@') : boxes.has(k) ? (goal ? '*' : '$') : goal ? '.' : ' ';
    }
    rows.push(row);
  }
  return rows.join('\n');
}

const grid = (level: string): string[][] => level.split('\n').map((r) => [...r]);
const text = (g: string[][]): string => g.map((r) => r.join('')).join('\n');

/** Left and right swapped. */
export function mirrorX(level: string): string {
  return text(grid(level).map((r) => r.reverse()));
}

/** Top and bottom swapped. */
export function mirrorY(level: string): string {
  return text(grid(level).reverse());
}

/** Turned a quarter clockwise (rows must have equal width, as roomLevel makes them). */
export function rotate(level: string): string {
  const g = grid(level);
  return text(g[0].map((_, x) => g.map((r) => r[x]).reverse()));
}

/**
 * The level with a walled-off pocket of floor (no box, no goal) beside it:
 * to the right (cell names unchanged) or above (every row moves down).
 */
export function withPocket(level: string, above: boolean): string {
  const pocket = ['#####', '#   #', '#####'];
  const rows = level.split('\n');
  if (above) return [...pocket, ...rows].join('\n');
  return rows.map((r, y) => (y < pocket.length ? `${r} ${pocket[y]}` : r)).join('\n');
}

/** Level texts of rooms with `min` to `max` boxes (default one to three); rooms with too little floor left out. */
export function roomTexts(min = 1, max = 3): fc.Arbitrary<string> {
  return fc
    .tuple(roomSpec, fc.integer({ min, max }))
    .map(([spec, boxes]) => roomLevel({ ...spec, boxes }))
    .filter((l): l is string => l !== null);
}
