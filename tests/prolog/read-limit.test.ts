/**
 * The Prolog backend's commands read under the run's limits too: a level
 * too big to read within --timeout stops with status limit (exit 3) and the
 * place in its reason, before any engine starts (issue 13: compare on a
 * 10 MB level ran out of heap after two minutes with --timeout 1).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { levelOfSize } from '../bench/big-inputs.ts';
import { runMain } from '../cli/run-main.ts';

const dir = mkdtempSync(join(tmpdir(), 'planlog-read-limit-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = join(dir, 'level-10mb.txt');
beforeAll(() => writeFileSync(file, levelOfSize(10)));
const escaped = file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const whileReading = new RegExp(`^time limit of 0\\.3 s reached while reading level 1 of ${escaped} \\(`);

describe('the Prolog backend under --timeout while reading', () => {
  it('solve --backend prolog: exit 3, status limit, the engine never started', async () => {
    const r = await runMain('solve', file, '--backend', 'prolog', '--algo', 'bfs', '--timeout', '0.3', '--json');
    expect(r.code).toBe(3);
    const json = JSON.parse(r.out);
    expect(json).toMatchObject({ status: 'limit', backend: 'prolog', plan: [], stats: { limit: 'time', expanded: 0 } });
    expect(json.reason).toMatch(whileReading);
  });

  it('compare: exit 3, no verdict, both sides stopped while reading', async () => {
    const r = await runMain('compare', file, '--timeout', '0.3', '--json');
    expect(r.code).toBe(3);
    const json = JSON.parse(r.out);
    expect(json.agree).toBe(false);
    expect(json.reason).toMatch(/^no verdict: a limit stopped the search \(ts: time limit of 0\.3 s reached while reading/);
    expect(json.ts.reason).toMatch(whileReading);
    expect(json.prolog.reason).toMatch(whileReading);
  });
});
