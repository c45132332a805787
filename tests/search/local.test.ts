/**
 * The local and stochastic strategies (beam, lrta, mcts, ga): they solve the
 * tutorial levels with a fixed seed (solveLoaded replays every plan in the
 * validator), give the same plan for the same seed, valid plans for other
 * seeds, and their flags are checked on the command line.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readTextFile } from '../../src/cli/io.ts';
import { main } from '../../src/cli/main.ts';
import { solveOptionsFrom, UsageError } from '../../src/options/index.ts';
import { loadProblem, type LoadedProblem } from '../../src/core/load.ts';
import { solveLoaded } from '../../src/pipeline/solve.ts';
import { removeLoops } from '../../src/search/local.ts';
import { makeRandom } from '../../src/search/random.ts';
import { makeSearchSpace } from '../../src/strips/space.ts';
import { corridor } from './tiny-tasks.ts';

const read = (rel: string): string => readFileSync(new URL(`../../${rel}`, import.meta.url), 'utf8');
const level = (n: number): LoadedProblem =>
  loadProblem({ file: 'maps/tutorial.txt', text: read('maps/tutorial.txt'), level: n, domainFile: 'domains/sokoban.pl', domainText: read('domains/sokoban.pl') });
const levels = Array.from({ length: 9 }, (_, i) => i + 1);
const configs = [
  { label: 'beam', options: { algo: 'beam' } },
  { label: 'beam --temperature 2 --width 4', options: { algo: 'beam', temperature: 2, width: 4 } },
  { label: 'lrta', options: { algo: 'lrta' } },
  { label: 'mcts', options: { algo: 'mcts' } },
  { label: 'ga', options: { algo: 'ga' } },
];

describe.each(configs)('$label', ({ options }) => {
  it.each(levels)('solves tutorial level %i with seed 1; the same plan twice; other seeds valid', (n) => {
    const loaded = level(n);
    const a = solveLoaded(loaded, { ...options, seed: 1, timeoutMs: 20_000 });
    expect(a.status).toBe('solved');
    expect(a.heuristic).toBe('matching'); // the Sokoban default on a level
    expect(a.stats.expanded).toBeGreaterThan(0);
    const b = solveLoaded(loaded, { ...options, seed: 1, timeoutMs: 20_000 });
    expect(b.plan).toEqual(a.plan);
    expect(b.stats.expanded).toBe(a.stats.expanded);
    for (const seed of [2, 12345]) expect(solveLoaded(loaded, { ...options, seed, timeoutMs: 20_000 }).status).toBe('solved');
  });
});

describe('defaults and flags', () => {
  it('uses hff without a level (a Prolog problem file) and solves it', () => {
    const loaded = loadProblem({ file: 'domains/robot-problem.pl', text: read('domains/robot-problem.pl'), domainFile: 'domains/robot.pl', domainText: read('domains/robot.pl') });
    for (const algo of ['beam', 'lrta', 'mcts', 'ga']) {
      const r = solveLoaded(loaded, { algo, timeoutMs: 20_000 });
      expect(r).toMatchObject({ status: 'solved', heuristic: 'hff' });
    }
  });

  it('--seed for the stochastic strategies, --width and --temperature for beam only', () => {
    expect(solveOptionsFrom({ algo: 'ga', seed: '7' }, { from: 'cli' })).toMatchObject({ algo: 'ga', seed: 7, heuristic: undefined });
    expect(solveOptionsFrom({ algo: 'beam', width: '3', temperature: '0.5' }, { from: 'cli' })).toMatchObject({ width: 3, temperature: 0.5 });
    expect(() => solveOptionsFrom({ algo: 'bfs', seed: '7' }, { from: 'cli' })).toThrow(UsageError);
    expect(() => solveOptionsFrom({ algo: 'mcts', width: '3' }, { from: 'cli' })).toThrow(/--width applies to beam/);
    expect(() => solveOptionsFrom({ algo: 'lrta', temperature: '1' }, { from: 'cli' })).toThrow(UsageError);
    expect(() => solveOptionsFrom({ algo: 'beam', width: '0' }, { from: 'cli' })).toThrow(UsageError);
    expect(() => solveOptionsFrom({ algo: 'ga', seed: '-1' }, { from: 'cli' })).toThrow(UsageError);
    expect(() => solveOptionsFrom({ algo: 'ga', heuristic: 'lmcut' }, { from: 'cli' })).toThrow(UsageError);
  });
});

describe('helpers', () => {
  it('the seeded generator repeats itself for a seed and differs between seeds', () => {
    const xs = (seed: number) => Array.from({ length: 5 }, ((r) => () => r.next())(makeRandom(seed)));
    expect(xs(1)).toEqual(xs(1));
    expect(xs(1)).not.toEqual(xs(2));
    for (const x of xs(3)) expect(x >= 0 && x < 1).toBe(true);
  });

  it('removeLoops cuts walks back and forth out of a plan', () => {
    const t = corridor();
    const space = makeSearchSpace(t);
    const id = (name: string) => t.operators.findIndex((o) => o.name === name);
    const plan = ['go(a,b)', 'go(b,c)', 'go(c,b)', 'go(b,a)', 'go(a,b)', 'go(b,c)', 'go(c,d)', 'go(d,e)'].map(id);
    expect(removeLoops(space, plan).map((o) => t.operators[o].name)).toEqual(['go(a,b)', 'go(b,c)', 'go(c,d)', 'go(d,e)']);
    expect(removeLoops(space, [])).toEqual([]);
  });
});

describe('on the command line', () => {
  const io = () => {
    const o = {
      stdout: '',
      stderr: '',
      isTTY: false,
      readFile: readTextFile,
      out(t: string) {
        o.stdout += t;
      },
      err(t: string) {
        o.stderr += t;
      },
    };
    return o;
  };

  it('solve --algo ga --seed 3 --json: solved, the same plan twice; --seed with bfs is a usage error', async () => {
    const args = ['solve', 'maps/tutorial.txt', '--level', '7', '--algo', 'ga', '--seed', '3', '--json'];
    const a = io();
    expect(await main(args, a)).toBe(0);
    const b = io();
    expect(await main(args, b)).toBe(0);
    const ja = JSON.parse(a.stdout);
    expect(ja).toMatchObject({ status: 'solved', algo: 'ga', heuristic: 'matching' });
    expect(JSON.parse(b.stdout).plan).toEqual(ja.plan);
    expect(await main(['solve', 'maps/tutorial.txt', '--level', '7', '--algo', 'bfs', '--seed', '3'], io())).toBe(2);
    expect(await main(['solve', 'maps/tutorial.txt', '--level', '7', '--algo', 'beam', '--width', '2', '--temperature', '1.5'], io())).toBe(0);
  });
});
