/**
 * Loading a problem: the domain and the problem (a Prolog problem file or a
 * level of a level file) read from their texts and checked. Both backends
 * start from a LoadedProblem.
 */
import { parseDomain } from '../lang/domain.ts';
import { parseProblem } from '../lang/problem.ts';
import type { Domain, Problem } from '../model/lifted.ts';
import type { Budget } from '../util/budget.ts';
import { compileLevel, LEVEL_PREDICATES } from '../sokoban/compile.ts';
import { lintLifted, type Warning } from '../lint/index.ts';
import { type Level, readLevel } from '../sokoban/level.ts';
import { PlanlogError } from '../util/errors.ts';
import { loadPddl } from './pddl-load.ts';
import { isPddl } from '../pddl/detect.ts';
import type { Complement } from '../pddl/import.ts';
import { pddlNames } from '../pddl/names.ts';
import { type FactNames, PROLOG_NAMES } from '../strips/validate.ts';

/** A problem to solve, as texts: a level file, a Prolog problem file or a PDDL problem, and a domain (opn or PDDL). */
export interface ProblemSource {
  file: string;
  text: string;
  /** `.pl` problem file (true) or a level file (false). Default: by the file's extension. */
  isProlog?: boolean;
  /** Level number (1-based) or title; for level files. */
  level?: string | number;
  domainFile: string;
  domainText: string;
  /** No domain was named (--domain): domainFile is the default one; the lint's no-shared-predicates says so. */
  defaultDomain?: boolean;
}

/** A problem ready to ground: the domain, the problem, and the level it came from (if any). */
export interface LoadedProblem {
  domain: Domain;
  problem: Problem;
  level?: Level;
  /** Read from PDDL (a PDDL domain): the lint writes PDDL's names. */
  pddl?: boolean;
  /** Predicates the loading made up, which no user wrote: a PDDL domain's types and object (src/core/pddl-load.ts). */
  generated?: Set<string>;
  /** Read from PDDL: the complements that stand for its negated predicates, to write them back as `(not (p …))`. */
  complements?: readonly Complement[];
  /** The lint's warnings on the domain and problem as read (src/lint: lintLifted); absent when not linted. */
  warnings?: Warning[];
}

/** How messages about the problem's facts and steps write them: in PDDL for a PDDL input (complements as the negations they stand for), else planlog's terms. */
export function factNamesOf(loaded: LoadedProblem): FactNames {
  return loaded.pddl ? pddlNames(new Map((loaded.complements ?? []).map((c) => [c.prolog, c.pred]))) : PROLOG_NAMES;
}

export function isPrologFile(file: string): boolean {
  return /\.pl$/i.test(file);
}

/** A problem file (Prolog or PDDL), not a level file: it holds one problem, read without --level. */
export function isProblemFile(file: string, text: string): boolean {
  return isPrologFile(file) || isPddl(file, text);
}

/**
 * Parses and checks domain and problem, and lints them (`warnings`). Throws
 * PlanlogError (located) on bad input. Under a solve's `budget` (see
 * solveSource), reading and compiling poll it and throw LimitReached with
 * their position when a limit is reached ("… while reading level 1 of
 * big.txt (row 180 of 500)").
 */
export function loadProblem(src: ProblemSource, budget?: Budget): LoadedProblem {
  const loaded = readProblem(src, budget);
  // a level's facts are written by planlog's compiler, a PDDL import's types by the import
  const generated = loaded.level ? new Set([...LEVEL_PREDICATES, ...(loaded.generated ?? [])]) : loaded.generated;
  loaded.warnings = lintLifted(loaded.domain, loaded.problem, { level: loaded.level !== undefined, generated, defaultDomain: src.defaultDomain, pddl: loaded.pddl });
  return loaded;
}

/** Parses and checks domain and problem (loadProblem without the lint: for a second view of texts already linted). */
export function readProblem(src: ProblemSource, budget?: Budget): LoadedProblem {
  if (budget) budget.phase = 'reading';
  // a PDDL domain (and problem) is read and imported with every location in the PDDL files
  const pddl = loadPddl(src);
  const generated = pddl ? { generated: pddl.generated, pddl: true, ...(pddl.complements.length > 0 ? { complements: pddl.complements } : {}) } : {};
  if (pddl?.problem && src.level !== undefined) throw new PlanlogError({ file: src.file, message: '--level applies to level files, not to PDDL problem files' });
  if (pddl?.problem) return { domain: pddl.domain, problem: pddl.problem, ...generated };
  const domain = pddl?.domain ?? parseDomain(src.domainText, src.domainFile, parsePoll(budget, 'the domain', src.domainFile, src.domainText));
  budget?.poll(() => `reading the domain ${src.domainFile}`);
  if (src.isProlog ?? isPrologFile(src.file)) {
    if (src.level !== undefined) throw new PlanlogError({ file: src.file, message: '--level applies to level files, not to Prolog problem files' });
    const problem = parseProblem(src.text, src.file, domain, parsePoll(budget, 'the problem', src.file, src.text), src.defaultDomain);
    budget?.poll(() => `reading the problem ${src.file}`);
    return { domain, problem, ...generated };
  }
  const level = readLevel(src.text, src.file, src.level, budget);
  if (budget) budget.phase = 'compiling';
  return { domain, problem: compileLevel(level, budget), level, ...generated };
}

/** The Prolog parser's poll of a budget: "reading the domain d.pl (line 1,234 of 56,789)". */
function parsePoll(budget: Budget | undefined, what: string, file: string, text: string): ((offset: number) => void) | undefined {
  if (!budget) return undefined;
  const lineOf = (offset: number): number => {
    let n = 1;
    for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) n++;
    return n;
  };
  return (offset) => budget.poll(() => `reading ${what} ${file} (line ${lineOf(offset).toLocaleString('en')} of ${lineOf(text.length).toLocaleString('en')})`);
}

