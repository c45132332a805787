/**
 * The JSON objects of the contract (shared/DESIGN.md), built in one place
 * for the CLI's `--json` and the web API.
 */
import type { PlanlogError } from '../util/errors.ts';
import type { LoadedProblem } from '../core/load.ts';
import type { SolveReport } from '../core/report.ts';
import type { Comparison } from './compare.ts';
import type { ValidationResult } from '../strips/validate.ts';

/** The `solve --json` object: the report without the validator's details, plus the level's place. */
export function solveJson(r: SolveReport, loaded: LoadedProblem): Record<string, unknown> {
  const { validation: _validation, ...rest } = r;
  return {
    ...rest,
    ...(loaded.level ? { level: { file: loaded.level.file, number: loaded.level.number, title: loaded.level.title } } : {}),
  };
}

/** The `compare --json` object. */
export function compareJson(c: Comparison, loaded: LoadedProblem): Record<string, unknown> {
  return { agree: c.verdict.agree, reason: c.verdict.reason, ts: solveJson(c.ts, loaded), prolog: solveJson(c.prolog, loaded) };
}

/** The error object of `--json` and of the web API's 400 answers: the first problem located, all of them under `all`. */
export function errorJson(e: PlanlogError): { message: string; file: string; line?: number; column?: number; all?: { message: string; file: string; line?: number; column?: number }[] } {
  const d = e.first;
  return {
    message: d.message,
    file: d.file,
    ...(d.line !== undefined ? { line: d.line, column: d.column ?? 1 } : {}),
    ...(e.diagnostics.length > 1 ? { all: e.diagnostics.map((x) => ({ message: x.message, file: x.file, line: x.line, column: x.column })) } : {}),
  };
}

/** A Sokoban plan's LURD string and counts. */
export interface SokobanCounts {
  lurd: string;
  moves: number;
  pushes: number;
}

/**
 * The `validate --json` object (also the web API's /api/validate answer).
 * On an invalid plan `cost` is the cost of the steps replayed before the
 * failing one, not of the plan; `prefixCost` names it so (`cost` stays for
 * the contract's readers).
 */
export function validationJson(v: ValidationResult, length: number, sokoban?: SokobanCounts): Record<string, unknown> {
  const f = v.failure;
  return {
    valid: v.valid,
    length,
    cost: v.cost,
    ...(v.valid ? {} : { prefixCost: v.cost }),
    ...(sokoban ?? {}),
    ...(f
      ? {
          failure: {
            kind: f.kind,
            step: f.step,
            op: f.op,
            message: f.message,
            missing: f.missing,
            ...(f.loc ? { file: f.loc.file, line: f.loc.line, column: f.loc.column } : {}),
          },
        }
      : {}),
  };
}
