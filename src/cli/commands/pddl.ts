/**
 * `planlog pddl export <domain.pl> [<problem.pl | level-file> [--level N]] --out DIR`
 * and `planlog pddl import <domain.pddl> [<problem.pddl>] --out DIR`: opn
 * domains and problems (or levels) to STRIPS PDDL and back.
 */
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { UsageError } from '../../options/index.ts';
import { opnToPddl, pddlToOpn, type TranslatedText } from '../../pipeline/pddl.ts';
import { PlanlogError } from '../../util/errors.ts';
import { command } from '../command.ts';
import { commandHelp } from '../help.ts';
import { exitCode } from '../exit.ts';
import type { Io } from '../io.ts';
import { programName } from '../paths.ts';

export const pddl = command({
  name: 'pddl',
  args: 'export|import',
  summary: 'opn domain and problem (or level) to PDDL and back',
  usage: ['pddl export <domain.pl> [<problem.pl | level-file> [--level N|TITLE]] --out DIR', 'pddl import <domain.pddl> [<problem.pddl>] --out DIR'],
  description: [
    'export writes DIR/domain.pddl (STRIPS; :equality for X \\= Y, :action-costs when an operator does not cost 1) and, with a problem (a Prolog problem file or a Sokoban level), DIR/problem.pddl.',
    'import reads STRIPS PDDL with :typing, :equality, :negative-preconditions (and negative goals; compiled away into complement facts such as notOn(a)) and :action-costs and writes DIR/domain.pl (opn facts; types become static facts such as block(a)) and, with a problem, DIR/problem.pl; solve them with',
    '  planlog solve DIR/problem.pl --domain DIR/domain.pl',
    'No import is needed to run PDDL: solve, compare, explain, validate, trace and bench read it directly (solve DOMAIN.pddl PROBLEM.pddl) through the same import; pddl import shows the opn text they run.',
    'Names: moveR is move-r in PDDL and back; see "PDDL interop" in the README.',
  ].join('\n'),
  flags: {
    out: { type: 'string', value: 'DIR', help: 'the folder written (created when missing)' },
    level: { type: 'string', value: 'N|TITLE', help: 'export: which level of a collection (1-based number or title)' },
  },
  files: 'any',
  exits: { 0: 'written', 2: 'bad input or usage' },
  run({ values, positionals }, io) {
    const [sub, ...files] = positionals;
    if (sub === undefined) {
      io.out(commandHelp(pddl));
      return exitCode('ok');
    }
    if (sub !== 'export' && sub !== 'import') throw new UsageError(`unknown pddl command '${sub}' (pddl export or pddl import)`);
    if (files.length < 1 || files.length > 2) throw new UsageError(`pddl ${sub} takes a domain file and optionally a problem file, got ${files.length} files`);
    if (values.out === undefined) throw new UsageError(`pddl ${sub} needs --out DIR`);
    const [domainFile, problemFile] = files;
    const written = sub === 'export' ? exportFiles(io, domainFile, problemFile, values.level) : importFiles(io, domainFile, problemFile, { level: values.level, out: values.out });
    makeFolder(values.out);
    for (const [name, text, what] of written) {
      const path = join(values.out, name);
      writeText(path, text);
      io.out(`wrote ${path} (${what})`);
    }
    if (sub === 'import' && problemFile !== undefined) io.out(`solve with: ${programName()} solve ${join(values.out, 'problem.pl')} --domain ${join(values.out, 'domain.pl')}`);
    return exitCode('ok');
  },
});

type Output = [file: string, text: string, summary: string];

/** The translated texts as the command writes them. */
const outputs = (r: { domain: TranslatedText; problem: TranslatedText | null }): Output[] => [r.domain, ...(r.problem ? [r.problem] : [])].map((t) => [t.name, t.text, t.summary]);

function exportFiles(io: Io, domainFile: string, problemFile: string | undefined, level: string | undefined): Output[] {
  if (problemFile === undefined && level !== undefined) throw new UsageError('--level needs a level file after the domain');
  const domain = { file: domainFile, text: io.readFile(domainFile) };
  const problem = problemFile === undefined ? null : { file: problemFile, text: io.readFile(problemFile), level };
  return outputs(opnToPddl(domain, problem, { domainName: basename(domainFile, extname(domainFile)), problemName: problemFile === undefined ? '' : basename(problemFile, extname(problemFile)) }));
}

function importFiles(io: Io, domainFile: string, problemFile: string | undefined, values: { level?: string; out: string }): Output[] {
  if (values.level !== undefined) throw new UsageError('--level applies to pddl export');
  const domain = { file: domainFile, text: io.readFile(domainFile) };
  const problem = problemFile === undefined ? null : { file: problemFile, text: io.readFile(problemFile) };
  return outputs(pddlToOpn(domain, problem, { domainFile: join(values.out, 'domain.pl'), problemFile: join(values.out, 'problem.pl') }));
}

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
