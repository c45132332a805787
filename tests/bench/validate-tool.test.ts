/**
 * bench/validate.ts on the tutorial levels: the validator's CPU time per
 * given plan (`N: LURD` lines, as bench/improve.ts --save-plans writes
 * them), levels without a plan skipped; a plan that cannot be played or
 * does not reach the goal, or a line that is not a plan, is a located error
 * (file:line:col), exit 2, before any run.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'planlog-validate-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function validate(plans: string, ...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'bench/validate.ts', '--levels', 'maps/tutorial.txt:1-3', '--plans', plans, '--repeat', '2', ...args], { encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('bench/validate.ts', () => {
  it('a row per level with a plan: its moves and the validator’s CPU time', () => {
    const plans = join(dir, 'plans.txt');
    writeFileSync(plans, '1: R\n# level 2 left out\n3: RRurDD\n');
    const r = validate(plans);
    expect(r.status).toBe(0);
    const rows = r.stdout.split('\n').filter((l) => /^\| \d/.test(l));
    expect(rows.map((l) => l.split('|').slice(1, 3).map((c) => c.trim()))).toEqual([
      ['1', '1'],
      ['3', '6'],
    ]);
    expect(r.stdout).toContain('best of 2');
    expect(r.stdout).toMatch(/^2 plans: validate [\d.]+ ms, with the states [\d.]+ ms of CPU/m);
  });

  it('a bad step, a plan that does not reach the goal, a line that is not a plan: FILE:line:col, exit 2', () => {
    const plans = join(dir, 'bad.txt');
    writeFileSync(plans, '1: R\n2:  rrX\n');
    const bad = validate(plans);
    expect([bad.status, bad.stdout]).toEqual([2, '']);
    expect(bad.stderr.trim()).toBe(`bench/validate.ts: --plans: ${plans}:2:7: level 2: step 3 ('X'): unknown character: use l u r d to move and L U R D to push`);
    writeFileSync(plans, '2: rrR\n');
    const short = validate(plans);
    expect(short.status).toBe(2);
    expect(short.stderr.trim()).toBe(`bench/validate.ts: --plans: ${plans}:1:4: level 2: after the last step (3) the goal is not reached: box(x6y1) does not hold`);
    writeFileSync(plans, 'two: rrRR\n');
    const line = validate(plans);
    expect(line.status).toBe(2);
    expect(line.stderr.trim()).toBe(`bench/validate.ts: --plans: ${plans}:1:1: expected 'N: LURD'`);
    const none = validate(join(dir, 'missing.txt'));
    expect(none.status).toBe(2);
    expect(none.stderr.trim()).toBe(`bench/validate.ts: --plans: ${join(dir, 'missing.txt')}: no such file`);
  });
});
