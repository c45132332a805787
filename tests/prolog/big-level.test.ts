/**
 * Issue 13 point 4: `planlog facts`, `compare` and `solve --backend prolog`
 * on a 205×205 level used to crash (RangeError: Maximum call stack size
 * exceeded in formatProblem, exit 70). Now facts prints a file that reads
 * back, and the Prolog backend answers (here stopped by a node limit, so
 * that the test does not depend on the machine's speed).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseProblem } from '../../src/lang/problem.ts';
import { swiplAvailable } from '../../src/prolog/engine-swipl.ts';
import { runMain } from '../cli/run-main.ts';
import { openRoom } from '../lang/open-room.ts';

const dir = mkdtempSync(join(tmpdir(), 'planlog-big-level-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const level = join(dir, 'room205.txt');
beforeAll(() => writeFileSync(level, openRoom(205)));

describe('a 205×205 level', () => {
  it('planlog facts prints it (123,000 facts) and the file reads back', async () => {
    const r = await runMain('facts', level);
    expect(r.code).toBe(0);
    const problem = parseProblem(r.out, 'facts.pl');
    expect(problem.init.length).toBe(123_221);
    expect(problem.goal.map((g) => `${g.pred}(${g.args.map((a) => (a.kind === 'const' ? a.value : a.name)).join(',')})`)).toEqual(['box(x5y1)']);
  }, 60_000);

  it.skipIf(!swiplAvailable())('solve --backend prolog and compare answer (a node limit: exit 3 with the JSON), no crash', async () => {
    const solve = await runMain('solve', level, '--backend', 'prolog', '--engine', 'swipl', '--algo', 'bfs', '--max-nodes', '1', '--json');
    expect(solve.code, solve.err).toBe(3);
    expect(JSON.parse(solve.out)).toMatchObject({ status: 'limit', backend: 'prolog', stats: { limit: 'nodes' } });
    const compare = await runMain('compare', level, '--engine', 'swipl', '--algo', 'bfs', '--max-nodes', '1', '--json');
    expect(compare.code, compare.err).toBe(3);
    expect(JSON.parse(compare.out)).toMatchObject({ agree: false, prolog: { status: 'limit' } });
  }, 120_000);
});
