/** planlog trace in-process: formats, exit codes as solve, usage errors (exit 2). */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runMain as run } from '../cli/run-main.ts';

const path = (p: string): string => fileURLToPath(new URL(`../../${p}`, import.meta.url));
const TUTORIAL = path('maps/tutorial.txt');

describe('planlog trace', () => {
  it('text (default bfs): one line per node, the plan path, expansions per depth', async () => {
    const r = await run('trace', TUTORIAL, '--level', '2');
    expect(r.code).toBe(0);
    expect(r.out.split('\n')[0]).toBe('trace of bfs: all 4 expansions; solved, plan of 4 steps');
    expect(r.out).toMatch(/\* +#4 +4 +4 +– +– +pushR\(x4y1,x5y1,x6y1\) {2}\(goal\) +#3/);
    expect(r.out).toContain('plan path (*): #0 → #1 → #2 → #3 → #4');
    expect(r.out).toContain('expansions per depth: 0:1 1:1 2:1 3:1');
  });

  it('--format json and --json; --format dot', async () => {
    const a = await run('trace', TUTORIAL, '--level', '3', '--algo', 'astar', '--heuristic', 'hmax', '--limit', '5', '--format', 'json');
    const b = await run('trace', TUTORIAL, '--level', '3', '--algo', 'astar', '--heuristic', 'hmax', '--limit', '5', '--json');
    expect(a.code).toBe(0);
    expect(JSON.parse(a.out)).toMatchObject({ algo: 'astar', heuristic: 'hmax', status: 'solved', limit: 5 });
    expect(JSON.parse(b.out).nodes).toEqual(JSON.parse(a.out).nodes);
    const d = await run('trace', TUTORIAL, '--level', '3', '--format', 'dot');
    expect(d.out.startsWith('digraph trace {')).toBe(true);
  });

  it('iddfs on an unsolvable level exits 1 and says where the deepening stopped; a limit exits 3', async () => {
    const r = await run('trace', path('maps/unsolvable.txt'), '--level', '4', '--algo', 'iddfs', '--limit', '1');
    expect(r.code).toBe(1);
    expect(r.out.split('\n')[0]).toBe('trace of iddfs: the first 1 of 57 expansions; unsolvable: no path reached depth 9 (longest: 8): every cycle-free path was explored');
    expect(r.out).toContain('deepening stopped at depth bound 9: the longest partial plan reached depth 8 < 9');
    const ground = await run('trace', path('maps/unsolvable.txt'), '--level', '1');
    expect(ground.code).toBe(1);
    expect(ground.out).toBe('trace of bfs: no expansions; unsolvable: goal box(x3y2) is unreachable even when delete lists are ignored');
    const limited = await run('trace', TUTORIAL, '--level', '7', '--algo', 'bfs', '--max-nodes', '10');
    expect(limited.code).toBe(3);
  });

  it('usage errors: an untraced strategy, an unknown format, a bad --limit, --json with --format dot', async () => {
    for (const [args, message] of [
      [['--algo', 'beam'], 'trace watches iddfs, bfs, dfs, ucs, astar, wastar, gbfs, idastar, push, push-greedy, auto, optimal-moves, lama, lama-first, optimal-pushes; not beam'],
      [['--format', 'svg'], "--format must be one of text, json, dot, got 'svg'"],
      [['--limit', '0'], "--limit needs a positive whole number, got '0'"],
      [['--json', '--format', 'dot'], '--json contradicts --format dot'],
    ] as const) {
      const r = await run('trace', TUTORIAL, ...args);
      expect(r.code).toBe(2);
      expect(r.err).toContain(message);
    }
  });
});
