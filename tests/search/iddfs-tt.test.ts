/**
 * iddfs with a transposition table under the original's action rule (issue
 * 21, item 1): the table must not cut a node whose subtree differs from the
 * one explored before, so the plans found and the max-length proofs are the
 * same as without it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadProblem } from '../../src/core/load.ts';
import { solveLoaded, solveSource, type RunOptions } from '../../src/pipeline/solve.ts';
import type { ProblemSource } from '../../src/core/load.ts';
import type { SolveReport } from '../../src/core/report.ts';
import { iddfs } from '../../src/search/iddfs.ts';
import { defaultSearchOptions, type SearchOptions } from '../../src/search/types.ts';
import { makeSearchSpace } from '../../src/strips/space.ts';
import { corridor, exclusive, switchTwice } from './tiny-tasks.ts';

/** The whole chain from texts: solveSource's report (solve() takes a loaded problem and either backend). */
const solve = (src: ProblemSource, options: RunOptions): SolveReport => solveSource(src, options).report;

const opts = (o: Partial<SearchOptions> = {}): SearchOptions => ({ ...defaultSearchOptions, ...o });

// The case from issue 21: the key must be fetched at m by a detour (s→b→m),
// then the walk returns to s and goes on to a; a path that reaches m through
// a uses link(a,m) and can no longer go s→a, and the old table cut the
// detour's second visit to s at the same depth.
const DOMAIN = `opn(go(X,Y),[at(X),link(X,Y)],[at(Y)],[at(X)]).
opn(pick,[at(m),key(m)],[has],[key(m)]).
opn(enter,[at(a),has],[at(g)],[at(a)]).
`;
const PROBLEM = `init([at(s),key(m),link(s,a),link(a,m),link(s,b),link(b,m),link(m,s)]).
goal([at(g)]).
`;
const source = { file: 'key.pl', text: PROBLEM, domainFile: 'key-domain.pl', domainText: DOMAIN };

describe('iddfs --cycle action --tt', () => {
  it('finds the 6-step plan of the issue (was: "no path reached depth 6 (longest: 5)", exit 1)', () => {
    for (const tt of [false, true]) {
      const r = solve(source, { algo: 'iddfs', cycle: 'action', tt });
      expect(r.status).toBe('solved');
      expect(r.plan).toEqual(['go(s,b)', 'go(b,m)', 'pick', 'go(m,s)', 'go(s,a)', 'enter']);
    }
  });

  it('every iteration reaches the same longest path with and without the table', () => {
    const without = solve(source, { algo: 'iddfs', cycle: 'action' }).stats.iterations!;
    const withTT = solve(source, { algo: 'iddfs', cycle: 'action', tt: true }).stats.iterations!;
    expect(withTT.map((i) => i.maxDepth)).toEqual(without.map((i) => i.maxDepth));
    expect(withTT.map((i) => i.maxDepth)).toEqual([1, 2, 3, 4, 5, 6]);
    // the table cuts the permutations of the same operators reaching the same state
    expect(withTT.map((i) => i.generated)).toEqual([2, 4, 8, 12, 15, 17]);
    expect(without.map((i) => i.generated)).toEqual([2, 4, 8, 12, 16, 21]);
  });

  it('on the tiny tasks: the same answers and longest paths as without the table', () => {
    for (const make of [corridor, exclusive, switchTwice]) {
      const a = iddfs(makeSearchSpace(make()), opts({ cycle: 'action' }));
      const b = iddfs(makeSearchSpace(make()), opts({ cycle: 'action', tt: true }));
      expect([b.status, b.plan?.length]).toEqual([a.status, a.plan?.length]);
      expect(b.stats.iterations!.map((i) => i.maxDepth)).toEqual(a.stats.iterations!.map((i) => i.maxDepth));
    }
  });
});

const MICROBAN = fileURLToPath(new URL('../../../shared/levels/microban.txt', import.meta.url));

describe.skipIf(!existsSync(MICROBAN))('iddfs --cycle action --tt on Microban 9', () => {
  it('proves "longest: 37" as the run without the table does (was "longest: 25")', () => {
    // Without --tt (24.4 M nodes, too slow for the suite): "no path reached depth 38 (longest: 37)".
    const text = readFileSync(MICROBAN, 'utf8');
    const domainText = readFileSync(new URL('../../domains/sokoban.pl', import.meta.url), 'utf8');
    const loaded = loadProblem({ file: MICROBAN, text, level: 9, domainFile: 'domains/sokoban.pl', domainText });
    const r = solveLoaded(loaded, { algo: 'iddfs', cycle: 'action', tt: true });
    expect(r.status).toBe('unsolvable');
    expect(r.reason).toMatch(/^no path reached depth 38 \(longest: 37\)/);
    expect(r.stats.expanded).toBe(1_724_970);
  });
});
