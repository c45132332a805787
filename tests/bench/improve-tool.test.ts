/**
 * bench/improve.ts on the tutorial levels: --save-plans writes the search's
 * plans as `N: LURD` lines and --plans improves them without searching; a
 * plan that cannot be played or does not solve its level is a located error
 * (file:line:col), exit 2.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'planlog-improve-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function improve(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'bench/improve.ts', '--levels', 'maps/tutorial.txt:1-3', '--timeout', '10', '--improve', '0', ...args], { encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('bench/improve.ts', () => {
  it('--save-plans writes the plans found; --plans reads them back instead of searching', () => {
    const plans = join(dir, 'plans.txt');
    const saved = improve('--save-plans', plans);
    expect(saved.status).toBe(0);
    // each plan with its search's expanded states and wall time (for --improve auto on a later --plans run)
    expect(readFileSync(plans, 'utf8')).toMatch(/^1: R expanded \d+ ms \d+\n2: rrRR expanded \d+ ms \d+\n3: RRurDD expanded \d+ ms \d+\n$/);
    const again = improve('--plans', plans);
    expect(again.status).toBe(0);
    // the same plans (pushes / moves), no state searched: the search's expanded states (2) as saved
    expect(again.stdout).toMatch(/\| 2 \| 2 \/ 4 \| 2 \/ 4 \| 0 \(0\) \| 0 \| 0 \| 0 \| 0 \| 0 \(0\) \| 2 \| 2 \|/);
    expect(again.stdout).toContain('3 levels solved: mean pushes / moves 2.3 / 3.7 → 2.3 / 3.7');
  });

  it('a plan with a step that cannot be taken, or that leaves a box off its goal: FILE:line:col, exit 2', () => {
    const plans = join(dir, 'bad.txt');
    writeFileSync(plans, '1: R\n2:  rrX\n');
    const bad = improve('--plans', plans);
    expect(bad.status).toBe(2);
    expect(bad.stderr.trim()).toBe(`bench/improve.ts: --plans: ${plans}:2:7: level 2: step 3 ('X'): unknown character: use l u r d to move and L U R D to push`);
    writeFileSync(plans, '1: R\n2: rrR\n');
    const short = improve('--plans', plans);
    expect(short.status).toBe(2);
    expect(short.stderr.trim()).toBe(`bench/improve.ts: --plans: ${plans}:2:4: level 2: the plan does not end with every box on a goal`);
  });

  it('--without turns passes off (a pass not known: its name and the passes, exit 2); --max-work bounds the work instead of the time', () => {
    const plans = join(dir, 'plans.txt');
    writeFileSync(plans, '1: R\n2: rrRR\n3: RRurDD\n');
    const off = improve('--plans', plans, '--without', 'windows,vicinity', '--max-work', '1000');
    expect(off.status).toBe(0);
    expect(off.stdout).toContain('(order moves, without windows, vicinity, work 1000)');
    // the walk windows ran (2 windows, none better) by the fewest pushes, then by moves: 4; no window search, no vicinity search
    expect(off.stdout).toMatch(/\| 3 \| 4 \/ 6 \| 4 \/ 6 \| 4 \(0\) \| 0 \| 0 \| 0 \| 0 \| 0 \(0\) \| 0 \| 462 \|/);
    // --pushes-first 0: by moves alone, 2 windows
    const movesOnly = improve('--plans', plans, '--without', 'windows,vicinity', '--max-work', '1000', '--pushes-first', '0');
    expect(movesOnly.stdout).toContain('(order moves, without windows, vicinity, work 1000, pushes first 0)');
    expect(movesOnly.stdout).toMatch(/\| 3 \| 4 \/ 6 \| 4 \/ 6 \| 2 \(0\) \| 0 \| 0 \| 0 \| 0 \| 0 \(0\) \| 0 \| 233 \|/);
    // --cap-start 1: the window limits full from the start; the same windows here, where no window search reaches even its lowest limit
    const full = improve('--plans', plans, '--without', 'windows,vicinity', '--max-work', '1000', '--cap-start', '1');
    expect(full.stdout).toContain('(order moves, without windows, vicinity, work 1000, window limits from 1)');
    expect(full.stdout).toMatch(/\| 3 \| 4 \/ 6 \| 4 \/ 6 \| 4 \(0\) \| 0 \| 0 \| 0 \| 0 \| 0 \(0\) \| 0 \| 462 \|/);
    const cap = improve('--cap-start', '0');
    expect(cap.status).toBe(2);
    expect(cap.stderr.trim()).toBe("bench/improve.ts: --cap-start: '0' is not a fraction of the window limits (above 0, at most 1)");
    const share = improve('--pushes-first', '2');
    expect(share.status).toBe(2);
    expect(share.stderr.trim()).toBe("bench/improve.ts: --pushes-first: '2' is not a share of the improvement (0 to 1)");
    const work = improve('--max-work', 'lots');
    expect(work.status).toBe(2);
    expect(work.stderr.trim()).toBe("bench/improve.ts: --max-work: 'lots' is not a number of work units (0 or more)");
    const bad = improve('--without', 'windows,detour');
    expect(bad.status).toBe(2);
    expect(bad.stderr.trim()).toBe("bench/improve.ts: --without: no pass named 'detour' (passes: windows, walks, detours, regroup, routes, reorder, vicinity)");
  });
});
