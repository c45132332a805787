/**
 * `planlog compare` and `solve --backend prolog` in-process: exit codes,
 * the table, the JSON object, usage errors.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { readTextFile } from '../../src/cli/io.ts';
import { main } from '../../src/cli/main.ts';
import { runMain } from './run-main.ts';

const project = (p: string): string => {
  const abs = fileURLToPath(new URL(`../../${p}`, import.meta.url));
  const r = relative(process.cwd(), abs);
  return r.startsWith('..') ? abs : r;
};
const TUTORIAL = project('maps/tutorial.txt');
const ROBOT = project('domains/robot.pl');
const ROBOT_PROBLEM = project('domains/robot-problem.pl');

const tmp = mkdtempSync(join(tmpdir(), 'planlog-compare-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const run = runMain;

describe('compare', () => {
  it('agrees on tutorial level 2 (iddfs): table with nodes per depth bound, exit 0', async () => {
    const r = await run('compare', TUTORIAL, '--level', '2');
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toContain('nodes generated per depth bound');
    expect(r.out).toMatch(/status\s+solved\s+solved/);
    expect(r.out).toMatch(/agree: both find valid 4-step plans; node counts equal in all 3 completed iterations/);
  });
  it('on a terminal: a line when ts is done and one per depth bound the Prolog side finishes, on stderr; stdout as without', async () => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await main(['compare', TUTORIAL, '--level', '2'], { out: (t) => out.push(t), err: (t) => err.push(t), readFile: readTextFile, isTTY: true });
    expect(code).toBe(0);
    expect(err.map((l) => l.replace(/[\d.]+ (ms|s)\b/g, 'T $1'))).toEqual([
      'ts: solved, 4 steps in T ms; the Prolog backend runs now (a line per finished depth bound)…',
      '  prolog: bound 1 done, 1 generated (1 expanded), equal to ts; T s',
      '  prolog: bound 2 done, 2 generated (2 expanded), equal to ts; T s',
      '  prolog: bound 3 done, 3 generated (3 expanded), equal to ts; T s',
      '  prolog: bound 4 done, 5 generated (4 expanded), ts found its plan in this bound; T s',
    ]);
    // the times, and the padding before them (their columns are right-aligned, so a wider time moves the padding)
    const plain = (t: string): string => t.replace(/ +[\d.]+ ms/g, ' T ms');
    expect(plain(out.join('\n'))).toBe(plain((await run('compare', TUTORIAL, '--level', '2')).out));
  });
  it('--json: { agree, reason, ts, prolog }', async () => {
    const r = await run('compare', ROBOT_PROBLEM, '--domain', ROBOT, '--algo', 'bfs', '--theory', 'plain', '--json');
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    expect(j.agree).toBe(true);
    expect(j.reason).toMatch(/3-step plans/);
    expect(j.ts.backend).toBe('ts');
    expect(j.prolog.backend).toBe('prolog');
    expect(j.prolog.plan).toEqual(['pick(red,a)', 'move(a,b)', 'drop(red,b)']);
    expect(j.prolog.prolog).toMatchObject({ theory: 'plain', engine: 'tau', valid: true });
    expect(j.prolog.validation).toBeUndefined();
  });
  it('exit 3 when a backend hits its limit', async () => {
    const r = await run('compare', TUTORIAL, '--level', '7', '--timeout', '1');
    expect(r.code).toBe(3);
    expect(r.out).toMatch(/no verdict: .*prolog: time limit of 1 s reached/);
  });
  it('strategies other than iddfs and bfs are a usage error (exit 2)', async () => {
    // (exit 4, a disagreement, needs different domains on the two sides: tests/prolog/prolog.test.ts)
    const r = await run('compare', TUTORIAL, '--level', '2', '--algo', 'astar');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/the prolog backend runs iddfs and bfs, not astar/);
  });
  it('--theory must be plain or fast', async () => {
    const r = await run('compare', TUTORIAL, '--level', '1', '--theory', 'quick');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--theory must be plain or fast/);
  });
  it('a syntax error in the domain is reported with file:line:col (exit 2)', async () => {
    const bad = join(tmp, 'bad.pl');
    writeFileSync(bad, readFileSync(ROBOT, 'utf8').replace('[at(To)]', '[at(To)'));
    const r = await run('compare', ROBOT_PROBLEM, '--domain', bad);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/bad\.pl:8:\d+: /);
  });
});

describe('solve --backend prolog', () => {
  it('solves and validates (iddfs, with the iterations)', async () => {
    const r = await run('solve', TUTORIAL, '--level', '2', '--backend', 'prolog', '--algo', 'iddfs', '--json');
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    expect(j).toMatchObject({ status: 'solved', length: 4, backend: 'prolog', algo: 'iddfs', cycle: 'state', optimal: true, lurd: 'rrRR' });
    expect(j.stats.iterations.map((i: { generated: number }) => i.generated).slice(0, 3)).toEqual([1, 2, 3]);
  });
  it('text output, bfs, plain theory', async () => {
    const r = await run('solve', ROBOT_PROBLEM, '--domain', ROBOT, '--backend', 'prolog', '--algo', 'bfs', '--theory', 'plain');
    expect(r.code).toBe(0);
    expect(r.out).toContain('solved by bfs: 3 steps');
    expect(r.out).toContain('plan validated');
  });
  it('other strategies are a usage error; --theory needs the prolog backend', async () => {
    expect((await run('solve', TUTORIAL, '--level', '1', '--backend', 'prolog', '--algo', 'dfs')).code).toBe(2);
    const r = await run('solve', TUTORIAL, '--level', '1', '--theory', 'plain');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--theory applies to the prolog backend/);
  });
  it('exit 3 at the node limit', async () => {
    const r = await run('solve', TUTORIAL, '--level', '7', '--backend', 'prolog', '--algo', 'bfs', '--max-nodes', '3', '--json');
    expect(r.code).toBe(3);
    expect(JSON.parse(r.out)).toMatchObject({ status: 'limit', stats: { limit: 'nodes' } });
  });
});
