/**
 * One solve(loaded, options) in the pipeline: plain options (names) in, the
 * backend they name (ts or prolog) runs; the pipeline resolves the heuristic
 * by name, by default the strategy's on this problem. solveFrom reads under
 * the solve's budget first; a stopped read is that backend's limit report.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadProblem, type ProblemSource } from '../../src/core/load.ts';
import { solveOptionsFrom } from '../../src/options/index.ts';
import { prologSources, solve, solveFrom } from '../../src/pipeline/solve.ts';
import type { PrologSolveReport } from '../../src/prolog/solve.ts';
import { clockMs } from '../../src/util/budget.ts';
import { isPlanlogError } from '../../src/util/errors.ts';

const read = (p: string): string => readFileSync(new URL(`../../${p}`, import.meta.url), 'utf8');
const tutorial2: ProblemSource = { file: 'maps/tutorial.txt', text: read('maps/tutorial.txt'), level: 2, domainFile: 'domains/sokoban.pl', domainText: read('domains/sokoban.pl') };
const blocks2: ProblemSource = { file: 'domains/blocks-2.pl', text: read('domains/blocks-2.pl'), domainFile: 'domains/blocks.pl', domainText: read('domains/blocks.pl') };
const level = loadProblem(tutorial2);
const blocks = loadProblem(blocks2);

describe('solve(loaded, options)', () => {
  it('runs the backend the options name: ts by default, the Prolog theory with backend prolog', async () => {
    const ts = await solve(level, { algo: 'bfs' });
    expect(ts).toMatchObject({ status: 'solved', length: 4, backend: 'ts', heuristic: 'none', stats: { expanded: 4 } });
    const prolog = (await solve(level, { algo: 'bfs', backend: 'prolog' })) as PrologSolveReport;
    expect(prolog).toMatchObject({ status: 'solved', length: 4, backend: 'prolog', prolog: { theory: 'fast', engine: 'tau', valid: true }, stats: { expanded: 4 } });
    const plain = (await solve(level, { algo: 'iddfs', backend: 'prolog', theory: 'plain' })) as PrologSolveReport;
    expect(plain).toMatchObject({ status: 'solved', length: 4, prolog: { theory: 'plain' }, stats: { expanded: 10 } });
  });

  it('backend prolog: one time limit for the run, the engine gets what was left when it starts (here, of 60 s, none)', async () => {
    const late = (await solve(level, { algo: 'bfs', backend: 'prolog', timeoutMs: 60_000, startedAt: clockMs() - 59_999.5 })) as PrologSolveReport;
    expect(late).toMatchObject({ status: 'limit', backend: 'prolog', reason: 'time limit of 60 s reached', stats: { limit: 'time' } });
    // with the limit's time to spare, the same solve is solved
    expect(await solve(level, { algo: 'bfs', backend: 'prolog', timeoutMs: 60_000 })).toMatchObject({ status: 'solved', length: 4 });
  });

  it('the heuristic by name; without one, the strategy default on this problem', async () => {
    expect(await solve(level, { algo: 'gbfs', heuristic: 'hadd' })).toMatchObject({ heuristic: 'hadd', length: 4 });
    expect(await solve(level, { algo: 'astar' })).toMatchObject({ heuristic: 'lmcut', length: 4, stats: { expanded: 4 } });
    // the local strategies: matching on a level (the Sokoban plug-in's default), hff on other problems
    expect(await solve(level, { algo: 'beam' })).toMatchObject({ heuristic: 'matching', length: 4 });
    expect(await solve(blocks, { algo: 'beam' })).toMatchObject({ heuristic: 'hff', length: 6, stats: { expanded: 17 } });
    expect(await solve(blocks, { algo: 'astar' })).toMatchObject({ heuristic: 'lmcut', length: 6, stats: { expanded: 9 } });
    expect(await solve(level, { algo: 'push' })).toMatchObject({ heuristic: 'matching', length: 4, stats: { expanded: 2 } });
  });

  it('an unknown heuristic name is a located error of the options', async () => {
    const e = await solve(level, { algo: 'astar', heuristic: 'nope' }).catch((x: unknown) => x);
    expect(isPlanlogError(e)).toBe(true);
    expect((e as Error).message).toBe('<options>: unknown heuristic nope (choose one of: blind, goalcount, hmax, hadd, hff, lmcut, lmcount, pdb, manhattan, pushdist, matching)');
  });

  it('takes what the checker returns, as it is', async () => {
    const options = solveOptionsFrom({ algo: 'wastar', heuristic: 'hff', weight: '3' }, { from: 'cli', mode: 'solve' });
    expect(await solve(blocks, options)).toMatchObject({ algo: 'wastar', heuristic: 'hff', backend: 'ts', status: 'solved', length: 6 });
  });
});

describe('solveFrom(source, options)', () => {
  it('reads under the budget: a read that an interrupt stops is the Prolog backend report for backend prolog', async () => {
    const interrupt = new Int32Array(new SharedArrayBuffer(4));
    interrupt[0] = 1;
    const prolog = await solveFrom(tutorial2, { algo: 'bfs', backend: 'prolog', interrupt });
    expect(prolog.read).toBe(false);
    expect(prolog.report).toMatchObject({ status: 'limit', backend: 'prolog', heuristic: 'none', prolog: { theory: 'fast', engine: 'tau', steps: 0 }, stats: { limit: 'interrupted', expanded: 0 } });
    expect(prolog.report.reason).toBe('interrupted while reading the domain domains/sokoban.pl (line 55 of 58)');
    const ts = await solveFrom(tutorial2, { algo: 'bfs', interrupt });
    expect(ts.report).toMatchObject({ status: 'limit', backend: 'ts', stats: { limit: 'interrupted' } });
  });

  it("the engine's messages name a level's facts FILE (level N) as facts, a Prolog problem file by its name", () => {
    expect(prologSources(tutorial2, level)).toEqual({ domainFile: 'domains/sokoban.pl', problemFile: 'maps/tutorial.txt (level 2 ("Walk, then push")) as facts' });
    expect(prologSources(blocks2, blocks)).toEqual({ domainFile: 'domains/blocks.pl', problemFile: 'domains/blocks-2.pl' });
  });
});
