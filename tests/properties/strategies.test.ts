/**
 * Every strategy on random small solvable rooms (tests/properties/rooms.ts):
 * each plan it prints has passed the validator (solveLoaded throws when a
 * plan is rejected), none answers "no plan", none beats the optimum, and
 * every answer reported optimal (every one of a configuration that promises
 * it, and lama's when it proves it) agrees with bfs (unit costs) or ucs
 * (sokoban-pushes.pl) on the plan's cost. Stochastic
 * strategies run with their default seed, so every run is reproducible.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { getStrategy } from '../../src/index.ts';
import { fcParams } from './arbitraries.ts';
import { ALL_CONFIGS, configName, DEFAULT_CONFIGS, loadRoom, promisesOptimal, PUSHES_PL, room, searchOptionsOf, solveWith, SOKOBAN_PL, type Config } from './solving.ts';

/** The optimum's cost under the domain, from a strategy that is optimal there; null when it hits the cap. */
function optimum(level: string, domainText: string): number | null {
  const r = solveWith(loadRoom(level, domainText), { algo: domainText === SOKOBAN_PL ? 'bfs' : 'ucs' }, 50_000);
  return r.status === 'solved' ? r.cost : null;
}

/** Runs every configuration on the level; checks each answer against the optimum. Returns how many promised an optimal plan. */
function checkAll(level: string, domainText: string, configs: Config[], onlyOptimal: boolean): number {
  const best = optimum(level, domainText);
  fc.pre(best !== null && best > 0);
  const loaded = loadRoom(level, domainText);
  let optimal = 0;
  for (const config of configs) {
    const promised = promisesOptimal(loaded, config);
    if (onlyOptimal && !promised) continue;
    const r = solveWith(loaded, config);
    const what = `${configName(config)} on\n${level}\n`;
    expect(r.status, what).not.toBe('unsolvable');
    if (r.status !== 'solved') continue;
    // a promise is kept; a plan reported optimal without one (lama's proof) must be optimal too
    if (promised) expect(r.optimal, what).toBe(true);
    expect(r.cost, what).toBeGreaterThanOrEqual(best!);
    if (r.optimal) {
      if (promised) optimal++;
      expect(r.cost, `${what}optimal cost ${best}`).toBe(best);
    }
  }
  return optimal;
}

describe('random solvable rooms', () => {
  it('every registered strategy: a validated plan (or a limit), never "no plan", never below the optimum', () => {
    fc.assert(
      fc.property(room, (level) => {
        checkAll(level, SOKOBAN_PL, DEFAULT_CONFIGS, false);
      }),
      fcParams(25),
    );
  });

  it('every optimal configuration (strategy × heuristic, sokoban.pl) finds a plan of the optimal length', () => {
    fc.assert(
      fc.property(room, (level) => {
        expect(checkAll(level, SOKOBAN_PL, ALL_CONFIGS, true)).toBeGreaterThanOrEqual(10);
      }),
      fcParams(15),
    );
  });

  it('every optimal configuration under sokoban-pushes.pl finds a plan with the fewest pushes', () => {
    fc.assert(
      fc.property(room, (level) => {
        expect(checkAll(level, PUSHES_PL, ALL_CONFIGS, true)).toBeGreaterThanOrEqual(10);
      }),
      fcParams(15),
    );
  });

  it('unsolvable rooms (bfs explores every state): no strategy finds a plan, every complete one proves there is none', () => {
    fc.assert(
      fc.property(room, (level) => {
        const loaded = loadRoom(level);
        fc.pre(solveWith(loaded, { algo: 'bfs' }, 50_000).status === 'unsolvable');
        for (const config of DEFAULT_CONFIGS) {
          const r = solveWith(loaded, config);
          const strategy = getStrategy(config.algo)!;
          expect(r.status, `${configName(config)} on\n${level}`).toBe(r.status === 'limit' || !strategy.complete(searchOptionsOf(config)) ? r.status : 'unsolvable');
          expect(r.status).not.toBe('solved');
        }
      }),
      fcParams(15),
    );
  });

  it('every configuration of every strategy and heuristic answers with a validated plan or a limit', () => {
    fc.assert(
      fc.property(room, (level) => {
        checkAll(level, SOKOBAN_PL, ALL_CONFIGS, false);
      }),
      fcParams(5),
    );
  });
});
