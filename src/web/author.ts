/**
 * The authoring requests of the playground, run on the server's pool like
 * every CPU-bound route: POST /api/lint (the JSON of `planlog lint --json`)
 * and POST /api/pddl (the translations of `planlog pddl import|export`,
 * and a plan in PDDL's form as `solve --plan-format pddl` prints it).
 * Through the same functions as the commands (pipeline/lint.ts,
 * pipeline/pddl.ts); bad input is a located error.
 */
import type { ProblemSource } from '../core/load.ts';
import { parseProgram } from '../lang/parse.ts';
import { UsageError } from '../options/index.ts';
import { lintDomainProgram, lintJson, lintSource } from '../pipeline/lint.ts';
import { opnToPddl, pddlPlanText, pddlToOpn } from '../pipeline/pddl.ts';
import { isPddl } from '../pddl/detect.ts';
import { badInput, planOf, type WebResult } from './task.ts';

/** The files the request's texts are read as (the locations of their errors and warnings). */
export const DOMAIN_FILE = '<domain>';
export const PROBLEM_FILE = '<problem>';
export const LEVEL_FILE = '<level>';

export type AuthorJob =
  | {
      kind: 'lint';
      /** The problem or level with its domain; null: the domain alone. */
      source: ProblemSource | null;
      domainText: string;
      strict: boolean;
      /** The time limit of never-applies' grounding (it is reported unchecked past it). */
      timeoutMs: number;
      maxMemoryMb?: number;
      interrupt?: SharedArrayBuffer;
    }
  | { kind: 'pddl'; to: 'opn'; domain: string; problem?: string }
  | {
      kind: 'pddl';
      to: 'pddl';
      domainText: string;
      domainFile: string;
      /** A Prolog problem or a level (source fields without the domain); absent: the domain alone. */
      problem?: Omit<ProblemSource, 'domainFile' | 'domainText'>;
      domainName: string;
      plan?: string[];
      lurd?: string;
    };

/** Runs one authoring job; never throws for bad input (a located error instead). */
export function runAuthorJob(job: AuthorJob): WebResult {
  try {
    return { ok: true, body: run(job) };
  } catch (e) {
    return badInput(e);
  }
}

function run(job: AuthorJob): Record<string, unknown> {
  if (job.kind === 'lint') {
    if (job.source === null) {
      // a domain alone: a PDDL domain is read (its errors), an opn domain gets its own checks
      if (isPddl(DOMAIN_FILE, job.domainText)) {
        pddlToOpn({ file: DOMAIN_FILE, text: job.domainText }, null, { domainFile: 'domain.pl', problemFile: 'problem.pl' });
        return lintJson(DOMAIN_FILE, null, { warnings: [] }, job.strict);
      }
      return lintJson(DOMAIN_FILE, null, lintDomainProgram(parseProgram(job.domainText, DOMAIN_FILE)), job.strict);
    }
    const limits = { maxMemoryMb: job.maxMemoryMb ?? 512, timeoutMs: job.timeoutMs, ...(job.interrupt ? { interrupt: new Int32Array(job.interrupt) } : {}) };
    return lintJson(job.source.file, job.source.domainFile, lintSource(job.source, limits), job.strict);
  }
  if (job.to === 'opn') {
    const r = pddlToOpn({ file: DOMAIN_FILE, text: job.domain }, job.problem === undefined ? null : { file: PROBLEM_FILE, text: job.problem }, { domainFile: 'domain.pl', problemFile: 'problem.pl' });
    return { domain: r.domain.text, ...(r.problem ? { problem: r.problem.text } : {}) };
  }
  const wantsPlan = job.plan !== undefined || job.lurd !== undefined;
  if (wantsPlan && !job.problem) throw new UsageError('a plan needs its problem: send "problem" or "level" with it');
  const r = opnToPddl({ file: job.domainFile, text: job.domainText }, job.problem ?? null, { domainName: job.domainName, problemName: 'problem' });
  const body: Record<string, unknown> = { domain: r.domain.text, ...(r.problem ? { problem: r.problem.text } : {}) };
  if (wantsPlan && r.loaded) body.plan = pddlPlanText(r.loaded, planOf(job, r.loaded));
  return body;
}
