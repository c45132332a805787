/**
 * PDDL on the command line:
 *   planlog pddl export <domain.pl> [<problem.pl | level-file> [--level N]] --out DIR
 *   planlog pddl import <domain.pddl> [<problem.pddl>] --out DIR
 * and `solve --plan-format pddl`, the plan as VAL and Fast Downward write it.
 */
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  exportPddlDomain,
  exportPddlProblem,
  importPddl,
  loadProblem,
  parseDomain,
  pddlLabel,
  pddlPlan,
  planSteps,
  PlanlogError,
  readPddlDomain,
  readPddlProblem,
  validateSteps,
  type LoadedProblem,
  type SolveReport,
} from '../index.ts';
import type { Io } from './io.ts';
import { UsageError } from '../options/index.ts';

export const pddlUsage = `usage: planlog pddl export <domain.pl> [<problem.pl | level-file> [--level N|TITLE]] --out DIR
       planlog pddl import <domain.pddl> [<problem.pddl>] --out DIR

export writes DIR/domain.pddl (STRIPS; :equality for X \\= Y, :action-costs
when an operator does not cost 1) and, with a problem (a Prolog problem file
or a Sokoban level), DIR/problem.pddl.
import reads STRIPS PDDL with :typing, :equality and :action-costs and writes
DIR/domain.pl (opn facts; types become static facts such as block(a)) and,
with a problem, DIR/problem.pl; solve them with
  planlog solve DIR/problem.pl --domain DIR/domain.pl
Names: moveR is move-r in PDDL and back; see "PDDL interop" in the README.
exit codes: 0 written · 2 bad input or usage`;

const flags = {
  out: { type: 'string' },
  level: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** `planlog pddl …`; returns the exit code (0), throws UsageError or PlanlogError. */
export function pddlCommand(args: string[], io: Io): number {
  const [sub, ...rest] = args;
  if (sub === undefined || sub === '--help' || sub === '-h') {
    io.out(pddlUsage);
    return 0;
  }
  if (sub !== 'export' && sub !== 'import') throw new UsageError(`unknown pddl command '${sub}' (pddl export or pddl import)`);
  const { values, positionals } = parseArgs({ args: rest, options: flags, allowPositionals: true, strict: true });
  if (values.help) {
    io.out(pddlUsage);
    return 0;
  }
  if (positionals.length < 1 || positionals.length > 2) throw new UsageError(`pddl ${sub} takes a domain file and optionally a problem file, got ${positionals.length} files`);
  if (values.out === undefined) throw new UsageError(`pddl ${sub} needs --out DIR`);
  const [domainFile, problemFile] = positionals;
  const written = sub === 'export' ? exportFiles(io, domainFile, problemFile, values.level) : importFiles(io, domainFile, problemFile, { level: values.level, out: values.out });
  makeFolder(values.out);
  for (const [name, text, what] of written) {
    const path = join(values.out, name);
    writeText(path, text);
    io.out(`wrote ${path} (${what})`);
  }
  if (sub === 'import' && problemFile !== undefined) io.out(`solve with: planlog solve ${join(values.out, 'problem.pl')} --domain ${join(values.out, 'domain.pl')}`);
  return 0;
}

type Output = [file: string, text: string, summary: string];

function exportFiles(io: Io, domainFile: string, problemFile: string | undefined, level: string | undefined): Output[] {
  const domainText = io.readFile(domainFile);
  const domainName = pddlLabel(basename(domainFile, extname(domainFile)));
  if (problemFile === undefined) {
    if (level !== undefined) throw new UsageError('--level needs a level file after the domain');
    const domain = parseDomain(domainText, domainFile);
    return [['domain.pddl', exportPddlDomain(domain, domainName), count(domain.operators.length, 'action')]];
  }
  const loaded = loadProblem({ file: problemFile, text: io.readFile(problemFile), level, domainFile, domainText });
  const { domain, problem } = loaded;
  const name = pddlLabel(loaded.level ? (loaded.level.title ?? `level-${loaded.level.number}`) : basename(problemFile, extname(problemFile)));
  return [
    ['domain.pddl', exportPddlDomain(domain, domainName, problem), count(domain.operators.length, 'action')],
    ['problem.pddl', exportPddlProblem(domain, problem, name, domainName), facts(problem.init.length, problem.goal.length)],
  ];
}

function importFiles(io: Io, domainFile: string, problemFile: string | undefined, values: { level?: string; out: string }): Output[] {
  if (values.level !== undefined) throw new UsageError('--level applies to pddl export');
  const domain = readPddlDomain(io.readFile(domainFile), domainFile);
  const problem = problemFile === undefined ? null : readPddlProblem(io.readFile(problemFile), problemFile, domain);
  const texts = importPddl(domain, problem, { domainFile: join(values.out, 'domain.pl'), problemFile: join(values.out, 'problem.pl') });
  const out: Output[] = [['domain.pl', texts.domainText, count(domain.actions.length, 'operator')]];
  if (problem && texts.problemText !== null) out.push(['problem.pl', texts.problemText, facts(problem.init.length, problem.goal.length)]);
  return out;
}

/** "1 action", "3 actions". */
const count = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;
const facts = (init: number, goal: number): string => `${count(init, 'initial fact')}, ${count(goal, 'goal fact')}`;

/** A system error in words: "no such file or directory" for ENOENT, and so on (Node's text without the call and path otherwise). */
function why(e: unknown): string {
  const err = e as NodeJS.ErrnoException;
  const words: Record<string, string> = {
    ENOENT: 'no such file or directory',
    EACCES: 'permission denied',
    EPERM: 'not permitted',
    ENOTDIR: 'a part of the path is a file, not a folder',
    EISDIR: 'is a folder',
    EROFS: 'read-only file system',
    ENOSPC: 'no space left on the device',
  };
  return (err.code && words[err.code]) ?? err.message;
}

/**
 * Creates the --out folder and the folders above it that are missing, one by
 * one (Node's recursive mkdir retries forever where mkdir answers ENOENT for
 * a folder whose parent exists, as in /proc); throws a PlanlogError located
 * at --out when it cannot.
 */
function makeFolder(dir: string): void {
  const missing: string[] = [];
  for (let d = resolve(dir); ; d = dirname(d)) {
    try {
      if (statSync(d).isDirectory()) break;
      throw new PlanlogError({ file: '--out', message: `cannot write ${dir}: ${d} is a file, not a folder` });
    } catch (e) {
      if (e instanceof PlanlogError) throw e;
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT' || dirname(d) === d) throw new PlanlogError({ file: '--out', message: `cannot write ${dir}: ${why(e)}` });
      missing.push(d);
    }
  }
  for (const d of missing.reverse()) {
    try {
      mkdirSync(d);
    } catch (e) {
      throw new PlanlogError({ file: '--out', message: `cannot write ${dir}: cannot create the folder ${d} (${why(e)})` });
    }
  }
}

/** Writes a text file into the --out folder; a PlanlogError naming the file when that fails. */
function writeText(path: string, text: string): void {
  try {
    writeFileSync(path, text);
  } catch (e) {
    throw new PlanlogError({ file: '--out', message: `cannot write ${path}: ${why(e)}` });
  }
}

/** The plan formats of solve: text (default, the full report) or pddl. */
export const planFormats = ['text', 'pddl'] as const;

/** Checks `--plan-format`; pddl goes with the ts backend and without --json or --show. Throws UsageError. */
export function planFormatFrom(v: string | undefined, values: { json?: boolean; show?: boolean; backend?: string }): 'text' | 'pddl' {
  const f = v ?? 'text';
  if (f !== 'text' && f !== 'pddl') throw new UsageError(`--plan-format must be ${planFormats.join(' or ')}, got '${f}'`);
  if (f === 'pddl' && (values.json || values.show)) throw new UsageError(`--plan-format pddl prints only the plan; drop ${values.json ? '--json' : '--show'}`);
  if (f === 'pddl' && values.backend !== undefined && values.backend !== 'ts') throw new UsageError('--plan-format pddl applies to the ts backend');
  return f;
}

/**
 * `solve --plan-format pddl`: the plan as `(action arg …)` lines and
 * `; cost = N`, actions named as `pddl export` names them; on stderr the
 * reason when there is no plan (stdout is then empty).
 */
export function printPddlPlan(io: Io, report: SolveReport, loaded: LoadedProblem): void {
  if (report.status !== 'solved') {
    io.err(`no plan (${report.status}): ${report.reason ?? 'no plan found'}`);
    return;
  }
  const validation = report.validation ?? validateSteps(loaded, planSteps(report.plan));
  io.out(pddlPlan(loaded.domain, validation.steps, validation.cost));
}
