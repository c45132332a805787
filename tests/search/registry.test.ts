/**
 * The registry loop: every strategy × every heuristic it can use, on every
 * level of maps/tutorial.txt and maps/demo.txt. Every plan is replayed by
 * the validator (solveLoaded throws on a plan the validator rejects);
 * strategies that claim optimality must match bfs's length under unit costs
 * and ucs's cost under domains/sokoban-pushes.pl (pushes cost 1, moves 0).
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadProblem, type LoadedProblem } from '../../src/core/load.ts';
import type { SolveReport } from '../../src/core/report.ts';
import { solveLoaded, type SolveOptions } from '../../src/pipeline/solve.ts';
import { heuristicNames, heuristics, strategies, strategyNames } from '../../src/plugins/index.ts';
import { scanLevels } from '../../src/sokoban/level.ts';

const root = (rel: string): string => new URL(`../../${rel}`, import.meta.url).pathname;
const read = (rel: string): string => readFileSync(root(rel), 'utf8');

function levels(file: string): { name: string; level: number }[] {
  return scanLevels(read(file), file).map((e) => ({ name: `${file} ${e.number}`, level: e.number }));
}
const cases = [...levels('maps/tutorial.txt').map((c) => ({ ...c, file: 'maps/tutorial.txt' })), { name: 'maps/demo.txt 1', file: 'maps/demo.txt', level: 1 }];

function load(file: string, level: number, domain: string): LoadedProblem {
  return loadProblem({ file, text: read(file), level, domainFile: domain, domainText: read(domain) });
}

/** The `; optimal: N moves` comment in the block above a level's board. */
function recordedOptimum(file: string, number: number): number {
  const entry = scanLevels(read(file), file)[number - 1];
  const lines = read(file).split(/\r?\n/);
  for (let i = entry.level!.firstLine - 2; i >= 0 && lines[i].trim() !== ''; i--) {
    const m = /^;\s*optimal:\s*(\d+) moves?/.exec(lines[i]);
    if (m) return Number(m[1]);
  }
  throw new Error(`no recorded optimum for ${file} level ${number}`);
}

/** Every configuration: uninformed strategies once, informed ones with each heuristic, gbfs also lazy and with preferred operators. */
const configs: { label: string; options: SolveOptions }[] = strategyNames.flatMap((name) => {
  const s = strategies[name];
  if (!s.defaultHeuristic) return [{ label: name, options: { algo: name } }];
  return (s.heuristics ?? heuristicNames).flatMap((hn) => {
    const base = { label: `${name}+${hn}`, options: { algo: name, heuristic: hn } };
    if (name !== 'gbfs') return [base];
    const more: { label: string; options: SolveOptions }[] = [{ label: `${name}+${hn} lazy`, options: { ...base.options, lazy: true } }];
    if (heuristics[hn].preferredOperators) more.push({ label: `${name}+${hn} preferred`, options: { ...base.options, preferred: true } });
    return [base, ...more];
  });
});

describe.each(cases)('$name', ({ file, level }) => {
  // the references are solved once per level before its tests (not while the tests are collected)
  let unit: LoadedProblem;
  let pushes: LoadedProblem;
  let shortest: SolveReport;
  let cheapest: SolveReport;
  beforeAll(() => {
    unit = load(file, level, 'domains/sokoban.pl');
    pushes = load(file, level, 'domains/sokoban-pushes.pl');
    shortest = solveLoaded(unit, { algo: 'bfs' });
    cheapest = solveLoaded(pushes, { algo: 'ucs' });
  });

  it('bfs finds the optimum recorded in the map', () => {
    expect(shortest.status).toBe('solved');
    expect(cheapest.status).toBe('solved');
    expect(shortest.length).toBe(recordedOptimum(file, level));
  });

  it.each(configs)('$label: a valid plan; optimal when it says so', ({ options }) => {
    const r = solveLoaded(unit, { ...options, timeoutMs: 20_000 });
    expect(r.status).toBe('solved');
    if (r.optimal) expect(r.length).toBe(shortest.length);
    const c = solveLoaded(pushes, { ...options, timeoutMs: 20_000 });
    expect(c.status).toBe('solved');
    if (c.optimal) expect(c.cost).toBe(cheapest.cost);
  });
});

describe('optimality claims', () => {
  it('A* and IDA* claim optimality exactly with admissible heuristics', () => {
    const space = { task: { operators: [] } } as never;
    for (const hn of heuristicNames) {
      const h = heuristics[hn];
      expect(strategies.astar.optimal(space, { cycle: 'state', timeoutMs: 1, maxNodes: 1, heuristic: h })).toBe(h.admissible);
      expect(strategies.idastar.optimal(space, { cycle: 'state', timeoutMs: 1, maxNodes: 1, heuristic: h })).toBe(h.admissible);
    }
    expect(heuristicNames.filter((n) => heuristics[n].admissible)).toEqual(['blind', 'hmax', 'lmcut', 'pdb', 'manhattan', 'pushdist', 'matching']);
  });
});
