/**
 * bench/coverage.ts end to end, as a child process: tutorial levels 1-3 with
 * `auto` on one worker and a best-known file of LURD solutions; the printed
 * per-level table, summary and ratio table, the report written next to
 * --out, and a bad best-known line (located error, exit 2, nothing run).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'planlog-coverage-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function coverage(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'bench/coverage.ts', '--levels', 'maps/tutorial.txt:1-3', '--timeout', '10', '--config', 'auto', '--threads', '1', '--out', join(dir, 'run.json'), ...args], {
    encoding: 'utf8',
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('bench/coverage.ts', () => {
  it('tutorial 1-3 with --best: per-level ratios, the summary and the ratio table', () => {
    const best = join(dir, 'best.txt');
    // 1 and 2: shortest solutions; 3: a made-up 4-move, 3-push line (ratios other than 1)
    // 12 and 13: levels the collection does not have (9 levels): said on stderr, ignored
    writeFileSync(best, '; best known\n1: R\n2: rrRR\n3: RrDD\n12: R\n13: R\n');
    const r = coverage('--best', best);
    expect(r.stderr).not.toMatch(/error|Error/);
    expect(r.stderr).toContain(`bench/coverage.ts: --best: ${best}: levels 12, 13 are not in maps/tutorial.txt (9 levels): ignored`);
    expect(r.status).toBe(0);
    const lines = r.stdout.split('\n');
    const rows = lines.filter((l) => /^\| \d /.test(l)).map((l) => l.split('|').map((c) => c.trim()));
    // level, title, status, moves, pushes, expanded, pushes/best, moves/best (the time column is left out)
    expect(rows.map((c) => [c[1], c[2], c[3], c[5], c[6], c[8], c[9]])).toEqual([
      ['1', 'One push', 'solved', '1', '1', '1.00', '1.00'],
      ['2', 'Walk, then push', 'solved', '4', '2', '1.00', '1.00'],
      ['3', 'Change direction: push right, w…', 'solved', '6', '4', '1.33', '1.50'],
    ]);
    expect(lines.find((l) => l.startsWith('| auto | 3 / 3'))?.replace(/\d+\.\d\d s/, 'T')).toBe('| auto | 3 / 3 | 0 | 0 | 0 | T | 3.7 | 3.7 | 2.3 | - |');
    expect(lines.find((l) => l.startsWith('| auto | 1.11'))).toBe('| auto | 1.11 | 1.33 (level 3) | 3 / 3 | 1.17 | 1.50 (level 3) | 3 / 3 | 3 / 3 |');
    const report = readFileSync(join(dir, 'run-levels.md'), 'utf8');
    expect(report).toContain('#### auto');
    expect(report).toMatch(/\| 3 \| Change direction: push right, w… \| solved \| \d+\.\d\d s \| 6 \| 4 \| \d+ \| 1\.33 \| 1\.50 \|/);
    expect(JSON.parse(readFileSync(join(dir, 'run.json'), 'utf8'))).toHaveLength(3);
  });

  it('a bad line of the best-known file: FILE:line:col, exit 2, no run', () => {
    const best = join(dir, 'bad.txt');
    writeFileSync(best, '1 1 1\n2 four 2\n');
    rmSync(join(dir, 'run.json'), { force: true });
    const r = coverage('--best', best);
    expect(r.status).toBe(2);
    expect(r.stderr.trim()).toBe(`bench/coverage.ts: --best: ${best}:2:3: bad moves 'four' (a whole number or '-')`);
    expect(r.stdout).toBe('');
    expect(existsSync(join(dir, 'run.json'))).toBe(false);
  });
});
