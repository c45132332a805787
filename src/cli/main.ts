/**
 * The command line: `main(argv, io)` returns the exit code.
 * 0 success · 1 proven: no plan exists · 2 bad input or usage ·
 * 3 a limit ended the search · 4 compare found a disagreement · 5 invalid plan.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { backendNames, clockMs, compareLoaded, errorJson, formatDiagnostics, formatProblem, getStrategy, heuristicNames, heuristics, levelLabel, loadProblem, lurdSteps, PlanlogError, readPlan, renderComparison, SOKOBAN_STATIC, sokobanFields, solveJson, solveLoaded, solveSource, staticPredicates, strategies, strategyNames, swiplAvailable, validateSteps, validationJson, type LoadedProblem, type PlanStep, type ProblemSource, type Progress, type SolveReport } from '../index.ts';
import type { Io } from './io.ts';
import { defaultAlgoFor, defaultMaxMemoryMb, searchFlags, searchOptionsFrom, UsageError } from '../options/index.ts';
import { bundledDomain, demoLevel } from './paths.ts';
import { compareCommand, solvePrologCommand } from './compare.ts';
import { explainCommand, traceCommand } from './teach.ts';
import { pddlCommand, planFormatFrom, printPddlPlan } from './pddl.ts';
import { renderSolve, renderValidation } from './render.ts';

export const EXIT = { ok: 0, unsolvable: 1, usage: 2, limit: 3, disagree: 4, invalid: 5 } as const;


export const problemOptions = {
  level: { type: 'string' },
  domain: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies ParseArgsConfig['options'];

const solveFlags = {
  ...searchFlags,
  backend: { type: 'string' },
  theory: { type: 'string' },
  engine: { type: 'string' },
  show: { type: 'boolean' },
  'plan-format': { type: 'string' },
} as const satisfies ParseArgsConfig['options'];

const backends: readonly string[] = backendNames;

function usage(): string {
  const algos = strategyNames.map((n) => `    ${n.padEnd(9)} ${strategies[n].summary}`).join('\n');
  const heurs = heuristicNames.map((n) => `    ${n.padEnd(9)} ${heuristics[n].summary}`).join('\n');
  return `planlog — a Prolog-style STRIPS planner

usage: planlog <command> [options]

commands:
  solve <file>      solve a level (or a Prolog problem file with --domain)
  compare <file>    solve with both backends (ts, prolog) and compare (exit 4 if they disagree)
  facts <file>      print a level's problem as a Prolog file (init/goal facts)
  validate <file>   replay a plan (--plan FILE or --lurd STRING) and check it
  explain <file>    replay a plan and tell why each step is legal: operator, bindings,
                    preconditions (static/fluent), add and delete lists, boards
                    (see planlog explain --help)
  trace <file>      watch a search: its first expansions with g, h, f as text, JSON
                    or Graphviz DOT, the plan path marked (see planlog trace --help)
  bench <levels…>   strategies × levels on all cores: CSV, JSON, Markdown, SVG
                    charts (see planlog bench --help)
  serve             the web playground on http://127.0.0.1:9000/ (see planlog
                    serve --help)
  pddl export|import  opn domain and problem (or level) to PDDL and back
                    (see planlog pddl --help)
  (no command)      the demo: solve the bundled demo level

options of solve:
  --level N|TITLE   which level of a collection (1-based number or title)
  --domain FILE     domain file of opn/4 facts (default: domains/sokoban.pl)
  --algo NAME       search strategy (default: auto for a level file, bfs for a
                    Prolog problem file):
${algos}
  --heuristic NAME  heuristic of astar, wastar, gbfs, idastar, push, push-greedy,
                    beam, lrta, mcts, ga (default per strategy; push* take manhattan,
                    pushdist, matching; beam, lrta, mcts, ga: matching on a level,
                    hff otherwise):
${heurs}
  --cycle RULE      iddfs: state (default: no state twice on a path) or action
                    (the original's: no ground operator twice in a plan)
  --tt              iddfs: transposition table (fewer re-expansions)
  --weight W        wastar: f = g + W·h (default 2); push: f = pushes + W·h (default 1)
  --prune NAME      drop generated states proven dead: deadlocks (Sokoban dead
                    squares and freeze deadlocks; every strategy) or none
  --lazy            gbfs: evaluate states when expanded
  --preferred       gbfs: extra open list for hff's helpful actions
  --seed N          beam, lrta, mcts, ga: seed of the random choices (default 1);
                    the same seed gives the same plan
  --width K         beam: states kept per layer (default 8)
  --temperature T   beam: draw the K states with softmax probabilities
                    exp(-(h - h_min) / T) instead of taking the K best
  --backend NAME    ${backends.join(', ')} (default: ts); prolog: the planning theory in
                    tau-prolog (src/prolog/*.pl), strategies iddfs and bfs
  --theory NAME     prolog backend and compare: fast (default) or plain (the original's)
  --engine NAME     prolog backend and compare: tau (default: tau-prolog) or swipl
                    (SWI-Prolog in WebAssembly, npm package swipl-wasm; much faster)
  --timeout SEC     stop after SEC seconds of grounding and search (status limit, exit 3)
  --max-nodes N     stop the search after N expanded nodes (exit 3)
  --max-memory MB   stop the search when the process uses MB megabytes
                    (default: 3/4 of the machine's memory, here ${defaultMaxMemoryMb})
  --show            print the board after every step
  --json            one JSON object on stdout
  --plan-format F   text (default) or pddl: only the plan, as (action arg …) lines
                    and "; cost = N", for VAL and Fast Downward (ts backend)

exit codes: 0 solved/valid · 1 no plan exists · 2 bad input or usage ·
            3 a limit stopped the search · 4 compare: the backends disagree ·
            5 the plan is invalid
`;
}

/** Runs the CLI; returns the exit code. Never throws for user mistakes. */
export async function main(argv: string[], io: Io): Promise<number> {
  const [command, ...rest] = argv;
  let json = argv.includes('--json');
  try {
    switch (command) {
      case undefined:
        return await demo(io);
      case 'help':
      case '--help':
      case '-h':
        io.out(usage());
        return EXIT.ok;
      case 'solve':
        return await solveCommand(rest, io);
      case 'facts':
        return factsCommand(rest, io);
      case 'validate':
        return validateCommand(rest, io);
      case 'compare':
        return await compareCommand(rest, io);
      case 'bench':
        // bench and serve load their pool and server (piscina, fastify) only when run: every other command starts faster
        return await (await import('./bench.ts')).benchCommand(rest, io);
      case 'serve':
        return await (await import('./serve.ts')).serveCommand(rest, io);
      case 'explain':
        return explainCommand(rest, io);
      case 'trace':
        return traceCommand(rest, io);
      case 'pddl':
        return pddlCommand(rest, io);
      default:
        json = false;
        throw new UsageError(`unknown command '${command}' (commands: solve, compare, facts, validate, explain, trace, bench, pddl, serve; see planlog --help)`);
    }
  } catch (e) {
    if (e instanceof PlanlogError) {
      if (json) io.out(JSON.stringify({ error: errorJson(e) }, null, 2));
      io.err(formatDiagnostics(e.diagnostics, sourcesOf(io, e)));
      return EXIT.usage;
    }
    if (e instanceof UsageError || isParseArgsError(e)) {
      const message = usageMessage(e as Error);
      if (json) io.out(JSON.stringify({ error: { message } }, null, 2));
      io.err(`planlog: ${message}\n(see planlog --help)`);
      return EXIT.usage;
    }
    throw e;
  }
}

/** The message of a usage error, with node's parseArgs messages put in plain words. */
function usageMessage(e: Error): string {
  const m = e.message;
  const unknown = /^Unknown option '([^']+)'/.exec(m);
  if (unknown) return `unknown option ${unknown[1]}`;
  const dash = /^Option '([^' ]+)' argument is ambiguous/.exec(m);
  if (dash) return `${dash[1]} needs a value; a value that starts with "-" is written ${dash[1]}=-…`;
  const missing = /^Option '([^' ]+) <value>' argument missing/.exec(m);
  if (missing) return `${missing[1]} needs a value`;
  const noValue = /^Option '([^' ]+)' does not take an argument/.exec(m);
  if (noValue) return `${noValue[1]} takes no value`;
  return m;
}

function isParseArgsError(e: unknown): boolean {
  const code = e instanceof Error ? (e as Error & { code?: unknown }).code : undefined;
  return typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS');
}

/** Source texts of the files an error points into, for the excerpt under the message. */
function sourcesOf(io: Io, e: PlanlogError): Map<string, string> {
  const m = new Map<string, string>();
  for (const d of e.diagnostics) {
    if (d.line === undefined || m.has(d.file) || d.file.startsWith('<')) continue;
    try {
      m.set(d.file, io.readFile(d.file));
    } catch {
      // no excerpt then
    }
  }
  return m;
}

export function parse<T extends NonNullable<ParseArgsConfig['options']>>(args: string[], options: T, command: string) {
  const r = parseArgs({ args, options, allowPositionals: true, strict: true });
  // --help needs no file (the caller prints its usage)
  if ((r.values as { help?: boolean }).help) return { file: '', values: r.values };
  if (r.positionals.length !== 1) {
    throw new UsageError(r.positionals.length === 0 ? `${command} needs a file` : `${command} takes one file, got: ${r.positionals.join(' ')}`);
  }
  return { file: r.positionals[0], values: r.values };
}

export function readSource(io: Io, file: string, values: { level?: string; domain?: string }): ProblemSource {
  const domainFile = values.domain ?? bundledDomain;
  return {
    file,
    text: io.readFile(file),
    level: values.level,
    domainFile,
    domainText: io.readFile(domainFile),
  };
}

export function load(io: Io, file: string, values: { level?: string; domain?: string }): { loaded: LoadedProblem; parseMs: number } {
  const t0 = performance.now();
  const loaded = loadProblem(readSource(io, file, values));
  return { loaded, parseMs: performance.now() - t0 };
}

async function solveCommand(args: string[], io: Io): Promise<number> {
  const { file, values } = parse(args, { ...problemOptions, ...solveFlags }, 'solve');
  if (values.help) {
    io.out(usage());
    return EXIT.ok;
  }
  const options = searchOptionsFrom(values, defaultAlgoFor(file));
  const planFormat = planFormatFrom(values['plan-format'], values);
  const backend = values.backend ?? 'ts';
  if (!backends.includes(backend)) throw new UsageError(`unknown backend '${backend}' (choose one of: ${backends.join(', ')})`);
  if (backend === 'prolog') return solvePrologCommand(io, file, values, options);
  if (values.theory !== undefined) throw new UsageError('--theory applies to the prolog backend (--backend prolog) and to compare');
  if (values.engine !== undefined) throw new UsageError('--engine applies to the prolog backend (--backend prolog) and to compare');

  // one budget from here: reading the files, the level, grounding and search all count against the limits
  const startedAt = clockMs();
  const source = readSource(io, file, values);
  const progress = io.isTTY && !values.json;
  const onProgress = progress ? (p: Progress): void => io.err(`\r${progressLine(p)}\u001b[K`) : undefined;
  const { report, loaded } = io.solve ? await io.solve(source, { ...options, startedAt }, onProgress) : solveSource(source, { ...options, startedAt, onProgress });
  if (progress) io.err('\r\u001b[K');
  if (planFormat === 'pddl') printPddlPlan(io, report, loaded);
  else if (values.json) io.out(JSON.stringify(solveJson(report, loaded), null, 2));
  else io.out(renderSolve(report, loaded, { file, domainFile: values.domain ?? bundledDomain, show: Boolean(values.show) }));
  return report.status === 'solved' ? EXIT.ok : report.status === 'unsolvable' ? EXIT.unsolvable : EXIT.limit;
}

function progressLine(p: Progress): string {
  const rate = p.elapsedMs > 0 ? Math.round((p.expanded / p.elapsedMs) * 1000) : 0;
  const mb = Math.round(process.memoryUsage().rss / 2 ** 20);
  return `searching… ${p.expanded.toLocaleString('en')} expanded, ${p.generated.toLocaleString('en')} generated${p.bound !== undefined ? `, bound ${p.bound}` : ''}${p.f !== undefined ? `, f ${p.f}` : ''}, ${rate.toLocaleString('en')} states/s, ${mb} MB, ${(p.elapsedMs / 1000).toFixed(1)} s`;
}

function factsCommand(args: string[], io: Io): number {
  const { file, values } = parse(args, problemOptions, 'facts');
  if (values.help) {
    io.out(usage());
    return EXIT.ok;
  }
  const { loaded } = load(io, file, values);
  const header = [
    `planlog facts: ${file}${loaded.level ? `, ${levelLabel(loaded.level)}` : ''}`,
    'cells xXyY: X = column, Y = row, x0y0 = first character of the level\'s first line',
    'top(A,B): A is directly above B; right(A,B): A is directly right of B',
  ];
  const staticPreds = loaded.level ? SOKOBAN_STATIC : staticPredicates(loaded.domain);
  io.out(formatProblem(loaded.problem, { header: loaded.level ? header : header.slice(0, 1), staticPreds }));
  return EXIT.ok;
}

function validateCommand(args: string[], io: Io): number {
  const { file, values } = parse(args, { ...problemOptions, plan: { type: 'string' }, lurd: { type: 'string' } }, 'validate');
  if (values.help) {
    io.out(usage());
    return EXIT.ok;
  }
  if ((values.plan === undefined) === (values.lurd === undefined)) throw new UsageError('validate needs exactly one of --plan FILE or --lurd STRING');
  const { loaded } = load(io, file, values);
  const steps = readSteps(io, values, loaded);
  const result = validateSteps(loaded, steps);
  const plan = result.steps.map((s) => s.op);
  const sokoban = loaded.level && result.valid ? sokobanFields(plan) : undefined;
  if (values.json) io.out(JSON.stringify(validationJson(result, steps.length, sokoban), null, 2));
  else io.out(renderValidation(result, steps.length, loaded, sokoban));
  return result.valid ? EXIT.ok : EXIT.invalid;
}

/** The plan of validate and explain: the steps of the --plan file, or of the --lurd string (levels only). */
export function readSteps(io: Io, values: { plan?: string; lurd?: string }, loaded: LoadedProblem): PlanStep[] {
  return values.plan !== undefined ? readPlan(io.readFile(values.plan), values.plan) : lurdSteps(loaded, values.lurd as string);
}

/** `npm start` without a command: the original's planner and BFS on the bundled demo level. */
/** The tutorial levels, next to the demo level: level 3 is small enough for the Prolog backend's part of the demo. */
const demoTutorial = demoLevel.replace(/demo\.txt$/, 'tutorial.txt');

async function demo(io: Io): Promise<number> {
  io.out(`planlog demo — solving ${demoLevel} with the original planner's strategy (iddfs) and with bfs\n`);
  const { loaded, parseMs } = load(io, demoLevel, {});
  const original = solveLoaded(loaded, { algo: 'iddfs', cycle: 'action' }, parseMs);
  io.out(
    `iddfs --cycle action (the original): ${original.status}, ${original.length} steps, ` +
      `${original.stats.generated.toLocaleString('en')} nodes generated in ${original.stats.iterations?.length ?? 0} iterations, ${original.stats.timeMs.toFixed(1)} ms\n`,
  );
  const report = solveLoaded(loaded, { algo: 'bfs' }, parseMs);
  io.out(renderSolve(report, loaded, { file: demoLevel, domainFile: bundledDomain, show: true }));
  if (swiplAvailable()) {
    // SWI-Prolog (swipl-wasm) cross-checks the demo level itself in about a second
    const c = await compareLoaded(loaded, { algo: 'iddfs', cycle: 'state', theory: 'fast', engine: 'swipl', timeoutMs: 20_000 });
    io.out(`\n${renderComparison(c, `the Prolog backend cross-checks it — ${demoLevel}: iddfs --cycle state, ts vs prolog (--engine swipl)`)}`);
  } else {
    // both backends on a level small enough for tau-prolog (the demo level takes it minutes)
    const small = load(io, demoTutorial, { level: '3' });
    const c = await compareLoaded(small.loaded, { algo: 'iddfs', cycle: 'state', theory: 'fast', timeoutMs: 20_000 });
    io.out(`\n${renderComparison(c, `the Prolog backend cross-checks it — ${demoTutorial}, level 3: iddfs --cycle state, ts vs prolog`)}`);
  }
  io.out('\ntry: npm start -- solve maps/tutorial.txt --level 3 --algo iddfs     (see npm start -- --help)');
  io.out('     npm start -- compare maps/tutorial.txt --level 4');
  if (swiplAvailable()) io.out('     npm start -- compare maps/tutorial.txt --level 7 --engine swipl');
  io.out('     npm start -- serve          (the web playground on http://127.0.0.1:9000/)');
  return report.status === 'solved' ? EXIT.ok : EXIT.unsolvable;
}
