/**
 * The hand-written domains of domains/: every problem file DOMAIN-N.pl is
 * solved with the optimal length its `% optimal: N steps` comment records
 * (bfs and astar with lmcut), and the small ones (N = 1, 2) by the Prolog
 * backend too, which `compare` finds in agreement with the TS planner.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runMain as run } from '../cli/run-main.ts';
import { compareLoaded, loadProblem, solveLoaded, swiplAvailable, type LoadedProblem } from '../../src/index.ts';

const dir = fileURLToPath(new URL('../../domains/', import.meta.url));
const rel = (f: string): string => relative(process.cwd(), `${dir}${f}`);
const DOMAINS = ['blocks', 'gripper', 'hanoi', 'eight-puzzle', 'logistics'];
/** SWI-Prolog when installed, else tau-prolog (the small problems only either way). */
const ENGINE = swiplAvailable() ? 'swipl' : 'tau';

interface ProblemFile {
  file: string;
  number: number;
  optimal: number;
}

function problemsOf(domain: string): ProblemFile[] {
  const pattern = new RegExp(`^${domain}-(\\d+)\\.pl$`);
  return readdirSync(dir)
    .map((f) => ({ f, m: pattern.exec(f) }))
    .filter((x) => x.m !== null)
    .map(({ f, m }) => {
      const optimal = /^% optimal: (\d+) steps?$/m.exec(readFileSync(`${dir}${f}`, 'utf8'));
      if (!optimal) throw new Error(`${f} has no "% optimal: N steps" comment`);
      return { file: f, number: Number(m![1]), optimal: Number(optimal[1]) };
    })
    .sort((a, b) => a.number - b.number);
}

function load(domain: string, file: string): LoadedProblem {
  return loadProblem({ file: rel(file), text: readFileSync(`${dir}${file}`, 'utf8'), domainFile: rel(`${domain}.pl`), domainText: readFileSync(`${dir}${domain}.pl`, 'utf8') });
}

describe('the problem files', () => {
  it('each domain has four or five problems, numbered from 1 without gaps, of growing optimal length', () => {
    for (const d of DOMAINS) {
      const ps = problemsOf(d);
      expect(ps.length, d).toBeGreaterThanOrEqual(4);
      expect(ps.map((p) => p.number)).toEqual(ps.map((_, i) => i + 1));
      for (let i = 1; i < ps.length; i++) expect(ps[i].optimal, ps[i].file).toBeGreaterThanOrEqual(ps[i - 1].optimal);
    }
  });
  it('the recorded optimal lengths', () => {
    const table = Object.fromEntries(DOMAINS.map((d) => [d, problemsOf(d).map((p) => p.optimal)]));
    expect(table).toEqual({
      blocks: [2, 6, 8, 12, 18],
      gripper: [3, 5, 11, 17],
      hanoi: [3, 7, 15, 31],
      'eight-puzzle': [1, 5, 12, 20],
      logistics: [3, 9, 19, 21],
    });
  });
});

for (const domain of DOMAINS) {
  describe(`domains/${domain}.pl`, () => {
    for (const p of problemsOf(domain)) {
      it(`${p.file}: bfs and astar (lmcut) find ${p.optimal}-step plans`, () => {
        const loaded = load(domain, p.file);
        const bfs = solveLoaded(loaded, { algo: 'bfs' });
        expect(bfs).toMatchObject({ status: 'solved', length: p.optimal, optimal: true });
        const astar = solveLoaded(loaded, { algo: 'astar', heuristic: 'lmcut' });
        expect(astar).toMatchObject({ status: 'solved', length: p.optimal, cost: p.optimal, optimal: true });
      });
    }
    const [first, second] = problemsOf(domain);
    it(`${first.file}: planlog compare --algo bfs --engine ${ENGINE}: the backends agree`, async () => {
      const r = await run('compare', rel(first.file), '--domain', rel(`${domain}.pl`), '--algo', 'bfs', '--engine', ENGINE, '--json');
      expect(r.code, r.err).toBe(0);
      const j = JSON.parse(r.out);
      expect(j.agree).toBe(true);
      expect(j.prolog).toMatchObject({ status: 'solved', length: first.optimal, backend: 'prolog' });
      expect(j.prolog.prolog).toMatchObject({ engine: ENGINE, valid: true });
    });
    it(`${second.file}: the Prolog backend (bfs, ${ENGINE}) finds a ${second.optimal}-step plan, in agreement with TS`, async () => {
      const c = await compareLoaded(load(domain, second.file), { algo: 'bfs', engine: ENGINE, timeoutMs: 30_000 });
      expect(c.verdict, c.verdict.reason).toMatchObject({ agree: true });
      expect(c.prolog).toMatchObject({ status: 'solved', length: second.optimal });
      expect(c.prolog.prolog.valid).toBe(true);
    });
  }, 60_000);
}

describe('solve --backend prolog on a hand-written domain', () => {
  it('blocks-2 (the Sussman anomaly): iddfs in Prolog finds the 6-step plan', async () => {
    const r = await run('solve', rel('blocks-2.pl'), '--domain', rel('blocks.pl'), '--backend', 'prolog', '--algo', 'iddfs', '--engine', ENGINE, '--json');
    expect(r.code, r.err).toBe(0);
    const j = JSON.parse(r.out);
    expect(j).toMatchObject({ status: 'solved', length: 6, backend: 'prolog' });
    expect(j.stats.iterations).toHaveLength(6);
  }, 60_000);
});
