/**
 * Metamorphic properties: changes that cannot change the answer do not.
 * Mirroring or rotating a room, or adding a walled-off pocket above it,
 * keeps the optimal plan's length (bfs, optimal-moves) and its fewest
 * pushes (optimal-pushes); a pocket beside it (cell names unchanged) gives
 * the very same plans and node counts. Renaming operators, reordering
 * clauses and preconditions and renaming variables in the domain keeps the
 * optimal length, and so does renaming predicates in domain and problem
 * alike.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDomain } from '../../src/lang/domain.ts';
import { parseProblem } from '../../src/lang/problem.ts';
import { solveLoaded } from '../../src/pipeline/solve.ts';
import { solveOptionsFrom } from '../../src/options/index.ts';
import { fcParams } from './arbitraries.ts';
import { domainRewrite, rewriteDomain, rewriteProblem } from './rewrite.ts';
import { mirrorX, mirrorY, rotate, withPocket } from './rooms.ts';
import { loadRoom, PUSHES_PL, room, SOKOBAN_PL, solveWith, type Config } from './solving.ts';

const sokoban = parseDomain(SOKOBAN_PL, 'sokoban.pl');
const pushes = parseDomain(PUSHES_PL, 'sokoban-pushes.pl');
const CAP = 50_000;

/** The cost of the configuration's plan for the level, or null when it hits the cap. */
function costOf(level: string, config: Config, domainText = SOKOBAN_PL): number | null {
  const r = solveWith(loadRoom(level, domainText), config, CAP);
  expect(r.status).not.toBe('unsolvable');
  return r.status === 'solved' ? r.cost : null;
}

/** The optimal length of a room bfs solves within the cap (other rooms are skipped). */
function solvable(level: string): number {
  const r = solveWith(loadRoom(level), { algo: 'bfs' }, CAP);
  fc.pre(r.status === 'solved' && r.cost > 0);
  return r.cost;
}

const transforms: [string, (l: string) => string][] = [
  ['mirrored left-right', mirrorX],
  ['mirrored top-bottom', mirrorY],
  ['rotated a quarter', rotate],
  ['rotated a half', (l) => rotate(rotate(l))],
  ['rotated three quarters', (l) => rotate(rotate(rotate(l)))],
  ['with a walled-off pocket above', (l) => withPocket(l, true)],
];

describe('levels', () => {
  it.each(transforms)('%s: the same optimal length (bfs, optimal-moves) and fewest pushes (optimal-pushes)', (_name, transform) => {
    fc.assert(
      fc.property(room, (level) => {
        const best = solvable(level);
        const other = transform(level);
        expect(costOf(other, { algo: 'bfs' }), other).toBe(best);
        expect(costOf(other, { algo: 'optimal-moves' }), other).toBe(best);
        expect(costOf(other, { algo: 'optimal-pushes' }, PUSHES_PL), other).toBe(costOf(level, { algo: 'optimal-pushes' }, PUSHES_PL));
      }),
      fcParams(30),
    );
  });

  it('a walled-off pocket beside the room changes nothing: the same plans and node counts', () => {
    fc.assert(
      fc.property(room, (level) => {
        solvable(level);
        const other = withPocket(level, false);
        for (const algo of ['bfs', 'astar', 'idastar', 'gbfs', 'auto', 'lrta']) {
          const a = solveWith(loadRoom(level), { algo }, CAP);
          const b = solveWith(loadRoom(other), { algo }, CAP);
          expect([b.status, b.plan, b.stats.expanded, b.stats.generated], `${algo} on\n${other}`).toEqual([a.status, a.plan, a.stats.expanded, a.stats.generated]);
        }
      }),
      fcParams(25),
    );
  });
});

describe('domains', () => {
  it('operators renamed, clauses and preconditions reordered, variables renamed: the same optimal cost', () => {
    fc.assert(
      fc.property(room, domainRewrite(sokoban.operators.length), domainRewrite(pushes.operators.length), (level, rw, rwPushes) => {
        const best = solvable(level);
        const text = rewriteDomain(sokoban, rw);
        expect(costOf(level, { algo: 'bfs' }, text), text).toBe(best);
        expect(costOf(level, { algo: 'astar', heuristic: 'lmcut' }, text), text).toBe(best);
        const pushesText = rewriteDomain(pushes, rwPushes);
        expect(costOf(level, { algo: 'ucs' }, pushesText), pushesText).toBe(costOf(level, { algo: 'ucs' }, PUSHES_PL));
      }),
      fcParams(25),
    );
  });

  it('predicates renamed in domain and problem alike: the same optimal cost', () => {
    const preds = [...sokoban.predicates.keys()];
    fc.assert(
      fc.property(room, domainRewrite(sokoban.operators.length, preds), (level, rw) => {
        const best = solvable(level);
        const domainText = rewriteDomain(sokoban, rw);
        const domain = parseDomain(domainText, 'renamed.pl');
        const problemText = rewriteProblem(loadRoom(level).problem, rw.preds);
        const problem = parseProblem(problemText, 'renamed-problem.pl', domain);
        for (const algo of ['bfs', 'astar']) {
          const r = solveLoaded({ domain, problem }, { ...solveOptionsFrom({ algo }, { from: 'cli' }), maxNodes: CAP });
          expect([r.status, r.cost], `${algo}\n${domainText}`).toEqual(['solved', best]);
        }
      }),
      fcParams(20),
    );
  });
});
