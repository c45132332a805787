/**
 * `planlog compare <file> [solve's options] [--theory plain|fast] [--json]`
 * and `solve --backend prolog`: the command-line side of the Prolog backend.
 * Exit codes: 0 agree · 2 bad input or usage · 3 a backend hit its limit ·
 * 4 the backends disagree.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { compareJson, compareLoaded, levelLabel, loadWithin, renderComparison, solveJson, solvePrologLoaded, stoppedComparison, type Comparison, type LoadedProblem, type SolveOptions, type SolveReport } from '../index.ts';
import type { Io } from './io.ts';
import { prologOptionsFrom, searchFlags, searchOptionsFrom, UsageError, type PrologSources } from '../options/index.ts';
import { bundledDomain } from './paths.ts';
import { renderSolve } from './render.ts';
import { EXIT } from './main.ts';

export const compareFlags = {
  level: { type: 'string' },
  domain: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  ...searchFlags,
  theory: { type: 'string' },
  engine: { type: 'string' },
} as const satisfies ParseArgsConfig['options'];

export const compareUsage = `usage: planlog compare <file> [--level N|TITLE] [--domain FILE] [--algo iddfs|bfs]
                      [--cycle state|action] [--theory plain|fast] [--engine tau|swipl]
                      [--timeout SEC] [--max-nodes N] [--json]

Solves the problem with both backends (TypeScript and the Prolog planning
theory in tau-prolog), same strategy and cycle rule, and prints a table side
by side. They agree when both find plans of equal length, each valid per the
TypeScript validator, or both prove that no plan exists; for iddfs the nodes
generated in every completed depth iteration must be equal too.
--algo defaults to iddfs; --theory (the Prolog variant) to fast; --engine to
tau (tau-prolog; swipl: SWI-Prolog in WebAssembly, the npm package swipl-wasm,
much faster); --timeout and --max-nodes apply to each backend.
exit codes: 0 agree · 2 bad input · 3 a backend hit its limit · 4 disagree`;

interface Loaded {
  loaded: LoadedProblem;
  parseMs: number;
  sources: PrologSources;
}

/** Reads and checks domain and problem under the run's limits (`--timeout`, memory, Ctrl-C); the engine reads them as planlog prints the checked terms (never the files' own text). */
export function loadForProlog(io: Io, file: string, values: { level?: string; domain?: string }, options: SolveOptions): Loaded | { stopped: SolveReport; loaded: LoadedProblem; domainFile: string } {
  const domainFile = values.domain ?? bundledDomain;
  const text = io.readFile(file);
  const domainText = io.readFile(domainFile);
  const r = loadWithin({ file, text, level: values.level, domainFile, domainText }, options);
  // a limit stopped the reading: nothing was loaded
  if ('stopped' in r) return { stopped: r.stopped, loaded: r.loaded, domainFile };
  return {
    loaded: r.loaded,
    parseMs: r.parseMs,
    sources: {
      domainFile,
      problemFile: r.loaded.level ? `${file} (${levelLabel(r.loaded.level)}) as facts` : file,
    },
  };
}

/** `solve --backend prolog`: called by solve with its checked options. */
export async function solvePrologCommand(
  io: Io,
  file: string,
  values: { level?: string; domain?: string; json?: boolean; show?: boolean; theory?: string; engine?: string },
  options: SolveOptions,
): Promise<number> {
  const prolog = prologOptionsFrom(options, values);
  const l = loadForProlog(io, file, values, options);
  const report = 'stopped' in l ? stoppedComparison(l.stopped, prolog).prolog : await solvePrologLoaded(l.loaded, { ...prolog, ...l.sources }, l.parseMs);
  if (report.status === 'solved' && !report.prolog.valid) {
    throw new Error(`internal error: the Prolog theory returned a plan the validator rejects: ${report.prolog.invalidReason}`);
  }
  if (values.json) io.out(JSON.stringify(solveJson(report, l.loaded), null, 2));
  else io.out(renderSolve(report, l.loaded, { file, domainFile: 'stopped' in l ? l.domainFile : l.sources.domainFile, show: Boolean(values.show) }));
  return report.status === 'solved' ? EXIT.ok : report.status === 'unsolvable' ? EXIT.unsolvable : EXIT.limit;
}

/** `planlog compare`. */
export async function compareCommand(args: string[], io: Io): Promise<number> {
  const r = parseArgs({ args, options: compareFlags, allowPositionals: true, strict: true });
  const values = r.values;
  if (values.help) {
    io.out(compareUsage);
    return EXIT.ok;
  }
  if (r.positionals.length !== 1) {
    throw new UsageError(r.positionals.length === 0 ? 'compare needs a file' : `compare takes one file, got: ${r.positionals.join(' ')}`);
  }
  const file = r.positionals[0];
  const options = searchOptionsFrom(values, 'iddfs');
  const prolog = prologOptionsFrom(options, values);
  const l = loadForProlog(io, file, values, options);
  let c: Comparison;
  if ('stopped' in l) c = stoppedComparison(l.stopped, prolog);
  else c = await compareLoaded(l.loaded, { ...prolog, ...l.sources }, l.parseMs);
  if (values.json) {
    io.out(JSON.stringify(compareJson(c, l.loaded), null, 2));
  } else {
    const what = `${file}${l.loaded.level ? `, ${levelLabel(l.loaded.level)}` : ''}`;
    const how = `${options.algo}${options.algo === 'iddfs' ? ` --cycle ${options.cycle}` : ''}`;
    io.out(renderComparison(c, `compare ${what}: ${how}, ts vs prolog`));
  }
  return c.verdict.agree ? EXIT.ok : c.verdict.limit ? EXIT.limit : EXIT.disagree;
}
