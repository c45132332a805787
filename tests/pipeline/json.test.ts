/**
 * The typed JSON contract (src/pipeline/json.ts): its types name exactly the
 * fields of the reports they are built from (checked by `npm run typecheck`,
 * below), and the objects built from real solves, comparisons, validations
 * and errors carry only the declared fields, with their values.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadProblem, type ProblemSource } from '../../src/core/load.ts';
import type { SolveReport } from '../../src/core/report.ts';
import { compareLoaded } from '../../src/pipeline/compare.ts';
import {
  compareJson,
  errorJson,
  solveJson,
  validationJson,
  type AnytimePlanJson,
  type CompareJson,
  type ErrorJson,
  type FailureJson,
  type IterationJson,
  type LevelJson,
  type PreprocessJson,
  type PrologJson,
  type SolveJson,
  type StatsJson,
  type ValidateJson,
  type WarningJson,
} from '../../src/pipeline/json.ts';
import type { Warning } from '../../src/lint/index.ts';
import { lurdSteps, solveLoaded, validateSteps } from '../../src/pipeline/solve.ts';
import type { PrologInfo } from '../../src/prolog/solve.ts';
import type { AnytimePlanStats, IterationStats } from '../../src/search/types.ts';
import type { Level } from '../../src/sokoban/level.ts';
import type { PreprocessStats } from '../../src/strips/preprocess.ts';
import type { ValidationFailure } from '../../src/strips/validate.ts';
import { PlanlogError } from '../../src/util/errors.ts';

// ---- checked by the type-checker: a field added to a report and not to its JSON type (or the
// reverse), or a different set of values, turns a `true` below into a type error.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Report = Omit<SolveReport, 'validation'>;
export const typeChecks: true[] = [
  true satisfies Same<keyof Report, Exclude<keyof SolveJson, 'level' | 'prolog'>>,
  true satisfies Same<keyof SolveReport['stats'], keyof StatsJson>,
  true satisfies Same<Report['status'], SolveJson['status']>,
  true satisfies Same<Report['backend'], SolveJson['backend']>,
  true satisfies Same<Report['cycle'], SolveJson['cycle']>,
  true satisfies Same<Report['proof'], SolveJson['proof']>,
  true satisfies Same<SolveReport['stats']['limit'], StatsJson['limit']>,
  true satisfies Same<keyof IterationStats, keyof IterationJson>,
  true satisfies Same<keyof AnytimePlanStats, keyof AnytimePlanJson>,
  true satisfies Same<keyof PrologInfo, keyof PrologJson>,
  true satisfies Same<keyof PreprocessStats, keyof PreprocessJson>,
  true satisfies Same<Level['title'], LevelJson['title']>,
  true satisfies Same<ValidationFailure['kind'], FailureJson['kind']>,
  true satisfies Same<Exclude<keyof ValidationFailure, 'loc'>, Exclude<keyof FailureJson, 'file' | 'line' | 'column'>>,
  true satisfies Same<Exclude<keyof Warning, 'severity' | 'summary'>, keyof WarningJson>,
];

/** Every field a type declares, listed once (the type-checker rejects a missing or an unknown name). */
const fields = <T>(all: Record<keyof T, true>): string[] => Object.keys(all).sort();
const SOLVE = fields<SolveJson>({ status: true, plan: true, length: true, cost: true, optimal: true, lurd: true, moves: true, pushes: true, algo: true, heuristic: true, heuristics: true, backend: true, cycle: true, reason: true, proof: true, stats: true, prolog: true, level: true, warnings: true });
const STATS = fields<StatsJson>({ expanded: true, generated: true, duplicates: true, evaluated: true, reopened: true, stored: true, bytesPerState: true, iterations: true, plans: true, timeMs: true, limit: true, parseMs: true, groundMs: true, totalMs: true, atoms: true, operators: true, preprocess: true });
const PROLOG = fields<PrologJson>({ theory: true, engine: true, steps: true, valid: true, invalidReason: true });
const COMPARE = fields<CompareJson>({ agree: true, reason: true, ts: true, prolog: true, warnings: true });
const VALIDATE = fields<ValidateJson>({ valid: true, length: true, cost: true, prefixCost: true, lurd: true, moves: true, pushes: true, failure: true, warnings: true });
const FAILURE = fields<FailureJson>({ kind: true, step: true, op: true, message: true, missing: true, file: true, line: true, column: true });

const read = (rel: string): string => readFileSync(new URL(rel, import.meta.url), 'utf8');
const tutorial = (level: number): ProblemSource => ({
  file: 'maps/tutorial.txt',
  text: read('../../maps/tutorial.txt'),
  level,
  domainFile: 'domains/sokoban.pl',
  domainText: read('../../domains/sokoban.pl'),
});
/** An object's keys as they would be printed (JSON drops undefined values). */
const printed = (o: object): string[] => Object.keys(JSON.parse(JSON.stringify(o)) as object).sort();
const within = (keys: string[], declared: string[]): string[] => keys.filter((k) => !declared.includes(k));

describe('heuristic and heuristics: what the strategy really used', () => {
  it('auto and optimal-moves on a level name matching (their members\' and preset\'s), bfs none, astar its own', () => {
    const loaded = loadProblem(tutorial(6));
    const of = (options: Parameters<typeof solveLoaded>[1]): [string, string[]] => {
      const j = solveJson(solveLoaded(loaded, options), loaded);
      return [j.heuristic, j.heuristics];
    };
    expect(of({ algo: 'auto' })).toEqual(['matching', ['matching']]);
    expect(of({ algo: 'optimal-moves' })).toEqual(['matching', ['matching']]);
    expect(of({ algo: 'bfs' })).toEqual(['none', []]);
    expect(of({ algo: 'astar', heuristic: 'hmax' })).toEqual(['hmax', ['hmax']]);
  });
});

describe('the typed JSON contract', () => {
  it('solve: tutorial level 6 by bfs, the declared fields and their values', () => {
    const loaded = loadProblem(tutorial(6));
    const json: SolveJson = solveJson(solveLoaded(loaded, { algo: 'bfs' }), loaded);
    expect(printed(json)).toEqual(['algo', 'backend', 'cost', 'cycle', 'heuristic', 'heuristics', 'length', 'level', 'lurd', 'moves', 'optimal', 'plan', 'pushes', 'stats', 'status', 'warnings']);
    expect(within(printed(json), SOLVE)).toEqual([]);
    expect(within(printed(json.stats), STATS)).toEqual([]);
    expect(json).toMatchObject({ status: 'solved', length: 12, cost: 12, optimal: true, lurd: 'RRRlddlUluRR', moves: 12, pushes: 6, algo: 'bfs', backend: 'ts', cycle: 'state' });
    expect(json.stats).toMatchObject({ expanded: 235, generated: 579, atoms: 33, operators: 44 });
    expect(json.level).toEqual({ file: 'maps/tutorial.txt', number: 6, title: 'The same step twice: both boxes travel the same corridor' });
    expect(json).not.toHaveProperty('validation');
    expect(json.warnings).toEqual([]);
  });

  it('solve: a node limit on iddfs, reason, limit and iterations among the declared fields', () => {
    const loaded = loadProblem(tutorial(7));
    const json = solveJson(solveLoaded(loaded, { algo: 'iddfs', maxNodes: 100 }), loaded);
    expect(json.status).toBe('limit');
    expect(json.reason).toBe('node limit of 100 expanded nodes reached');
    expect(json.stats.limit).toBe('nodes');
    expect(json.stats.iterations?.map((i) => i.bound)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(within(printed(json), SOLVE)).toEqual([]);
    expect(within(printed(json.stats), STATS)).toEqual([]);
  });

  it('compare: tutorial level 1 by bfs on tau-prolog, both sides declared (the prolog side with its prolog fields)', async () => {
    const loaded = loadProblem(tutorial(1));
    const json: CompareJson = compareJson(await compareLoaded(loaded, { algo: 'bfs' }), loaded);
    expect(printed(json)).toEqual(COMPARE);
    expect(json.agree).toBe(true);
    expect(json.ts.plan).toEqual(['pushR(x1y1,x2y1,x3y1)']);
    expect(json.prolog.plan).toEqual(['pushR(x1y1,x2y1,x3y1)']);
    expect(json.ts).not.toHaveProperty('prolog');
    expect(json.prolog.prolog).toMatchObject({ theory: 'fast', engine: 'tau', valid: true });
    for (const side of [json.ts, json.prolog]) {
      expect(within(printed(side), SOLVE)).toEqual([]);
      expect(within(printed(side.stats), STATS)).toEqual([]);
    }
    expect(within(printed(json.prolog.prolog!), PROLOG)).toEqual([]);
  });

  it('validate: a LURD string that pushes the box into the wall, the failure located at its letter', () => {
    const loaded = loadProblem(tutorial(1));
    const steps = lurdSteps(loaded, 'RR');
    const json: ValidateJson = validationJson(validateSteps(loaded, steps), steps.length);
    expect(printed(json)).toEqual(['cost', 'failure', 'length', 'prefixCost', 'valid', 'warnings']);
    expect(within(printed(json), VALIDATE)).toEqual([]);
    expect(within(printed(json.failure!), FAILURE)).toEqual([]);
    expect(json).toMatchObject({ valid: false, length: 2, cost: 1, prefixCost: 1 });
    expect(json.failure).toEqual({
      kind: 'precondition',
      step: 2,
      op: 'pushR(x2y1,x3y1,x4y1)',
      message: 'step 2: pushR(x2y1,x3y1,x4y1) is not applicable: preconditions right(x4y1,x3y1), empty(x4y1) do not hold',
      missing: ['right(x4y1,x3y1)', 'empty(x4y1)'],
      file: '<lurd>',
      line: 1,
      column: 2,
    });
  });

  it('validate: a valid plan with its Sokoban counts', () => {
    const loaded = loadProblem(tutorial(1));
    const steps = lurdSteps(loaded, 'R');
    expect(validationJson(validateSteps(loaded, steps), 1, { lurd: 'R', moves: 1, pushes: 1 })).toEqual({ valid: true, length: 1, cost: 1, lurd: 'R', moves: 1, pushes: 1, warnings: [] });
  });

  it('errors: the first problem located, all of them under `all`', () => {
    const one: ErrorJson = errorJson(new PlanlogError({ file: 'd.pl', line: 3, column: 7, message: 'expected a term' }));
    expect(one).toEqual({ message: 'expected a term', file: 'd.pl', line: 3, column: 7 });
    const two = errorJson(new PlanlogError([{ file: 'd.pl', line: 2, message: 'first' }, { file: 'p.pl', message: 'second' }]));
    expect(JSON.parse(JSON.stringify(two))).toEqual({
      message: 'first',
      file: 'd.pl',
      line: 2,
      column: 1,
      all: [{ message: 'first', file: 'd.pl', line: 2 }, { message: 'second', file: 'p.pl' }],
    });
  });
});
