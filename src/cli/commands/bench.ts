/**
 * `planlog bench LEVELS…`: strategies × levels on the worker pool; writes
 * DIR/bench.csv, bench.json, bench.md and SVG charts, prints the Markdown
 * summary. The pool (piscina) and the report writers are loaded when the
 * command runs, so that the other commands start without them.
 */
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { basename, join } from 'node:path';
import type { BenchConfig, BenchLevel, BenchPlan, BenchRow, Job, JobResult } from '../../bench/index.ts';
import { type BestTable, MOVE_GOAL, parseBest, PUSH_GOAL, ratioTable, summarize } from '../../bench/coverage-report.ts';
import { defaultMaxMemoryMb, optionNamed, positiveNumber, solveOptionsFrom, STOCHASTIC, UsageError } from '../../options/index.ts';
import { defaultEngine, prologEngines, prologStrategies } from '../../prolog/solve.ts';
import { isPddlName, pddlDefineKind } from '../../pddl/detect.ts';
import { command, parseFor, type Flags, type Parsed } from '../command.ts';
import { exitCode } from '../exit.ts';
import type { Io } from '../io.ts';
import { checkDomainGiven } from '../inputs.ts';
import { findFastDownward } from '../../workers/fast-downward.ts';
import { bundledDomain } from '../paths.ts';

/** The strategies benchmarked without --algo: the theses' set. */
export const DEFAULT_BENCH_ALGOS = ['bfs', 'dfs', 'ucs', 'astar+matching', 'gbfs+matching', 'beam', 'lrta', 'mcts', 'ga'];
/** The same on problem files (Prolog or PDDL): hff where levels have matching, a heuristic of Sokoban levels only. */
export const DEFAULT_PROBLEM_BENCH_ALGOS = DEFAULT_BENCH_ALGOS.map((a) => a.replace('+matching', '+hff'));

/** What `--vs prolog` adds: the Prolog backend's strategies and the TS iddfs to set them against. */
export const VS_PROLOG = ['iddfs', 'prolog:iddfs', 'prolog:bfs'];
export const DEFAULT_VS_MAX_BOXES = 2;

const benchFlags = {
  algo: {
    type: 'string',
    multiple: true,
    value: 'LIST',
    help: `strategies, comma-separated or repeated, each NAME, NAME+HEURISTIC, prolog:NAME (the Prolog backend: iddfs or bfs) or fd:ALIAS (Fast Downward, see --fd) (default: ${DEFAULT_BENCH_ALGOS.join(',')})`,
  },
  vs: { type: 'string', value: 'prolog', help: 'add the Prolog backend (prolog:iddfs, prolog:bfs) and the TS iddfs to the comparison, on the small levels only' },
  'vs-max-boxes': { type: 'string', value: 'N', help: `small enough for the Prolog backend: at most N boxes (default ${DEFAULT_VS_MAX_BOXES})` },
  fd: {
    type: 'string',
    value: 'PATH',
    help: "Fast Downward's driver (fast-downward.py) for --algo fd:ALIAS or fd:SEARCH, e.g. fd:lama-first or fd:astar(lmcut()) (default: $FAST_DOWNWARD, else fast-downward.py on the PATH)",
  },
  engine: { type: 'string', value: 'NAME', help: `Prolog engine: ${defaultEngine} (default, as everywhere) or swipl (much faster; the optional package swipl-wasm)` },
  timeout: { type: 'string', value: 'SEC', help: 'time limit per run (default 30)' },
  'max-nodes': { type: 'string', value: 'N', help: 'expanded-node limit per run' },
  'max-memory': { type: 'string', value: 'MB', help: `memory limit per run (default ${defaultMaxMemoryMb})` },
  repeat: { type: 'string', value: 'N', help: 'runs per level and strategy (default 1); stochastic strategies use seeds SEED, SEED+1, …' },
  threads: { type: 'string', value: 'N', help: `worker threads (default: all cores, here ${availableParallelism()})` },
  seed: { type: 'string', value: 'N', help: `first seed of ${STOCHASTIC.join(', ')} (default 1)` },
  width: { type: 'string', value: 'K', help: "beam's width" },
  temperature: { type: 'string', value: 'T', help: "beam's softmax temperature" },
  prune: { type: 'string', value: 'NAME', help: 'deadlocks or none, for every strategy' },
  domain: { type: 'string', value: 'FILE', help: "domain file, opn or PDDL (default: domains/sokoban.pl; a folder's problems: its domain.pddl)" },
  out: { type: 'string', value: 'DIR', help: 'output folder (default: bench-output)' },
  queue: {
    type: 'string',
    value: 'URL',
    help: 'run the jobs on the job queue at URL (redis://HOST:PORT), taken by `planlog worker` processes on any machines, instead of on this one',
  },
  resume: { type: 'boolean', help: 'run only the jobs whose rows the interrupted run with the same arguments did not write (OUT/bench.jsonl), then write every file' },
  best: {
    type: 'string',
    value: 'FILE',
    help: "best known results of the levels of one level file (lines 'N moves pushes' or 'N: LURD'): bench.md and bench.json add each strategy's pushes and moves against them",
  },
} as const satisfies Flags;

export const bench = command({
  name: 'bench',
  args: '<levels…>',
  summary: 'strategies × levels (or problems) on all cores: CSV, JSON, Markdown, SVG charts',
  usage: ['bench LEVELS… [options]', 'bench DIR… [options]', 'bench [DOMAIN.pddl | --domain FILE] PROBLEMS… [options]'],
  description: [
    'LEVELS: level files or collections, each optionally with levels:',
    '  maps/tutorial.txt  microban.txt:1-40  microban.txt:1,5,9-12',
    'DIR: a folder of PDDL files, its domain.pddl and every other .pddl file a problem of it (as in IPC suites).',
    `PROBLEMS: Prolog problem files or PDDL problems of the domain given first (a .pddl domain) or with --domain. On problem files the default strategies are ${DEFAULT_PROBLEM_BENCH_ALGOS.join(',')}.`,
    '',
    'Writes DIR/bench.csv and DIR/bench.json (every run), DIR/bench.md (the summary, also printed) and the charts DIR/time.svg, expanded.svg, length.svg, coverage.svg. DIR/bench.jsonl gets each run as it finishes: an interrupted bench started again with --resume runs only the rest.',
    '',
    'With --queue redis://HOST:PORT the jobs go to a job queue (BullMQ on Redis) and `planlog worker --queue redis://HOST:PORT` processes run them, on this machine or others that see the same files at the same paths; a worker that dies in the middle of a job leaves it to another.',
  ].join('\n'),
  flags: benchFlags,
  files: 'any',
  exits: { 0: 'written', 2: 'bad input or usage' },
  run: (input, io) => runBench(input, io),
});

export interface BenchDeps {
  /** Runs one job (its key names it within the run); default: a worker pool of --threads threads, or the job queue of --queue. */
  run?: (job: Job, key: string) => Promise<JobResult>;
}

/** The option flags of bench that configure the strategies (each the strategies that take it). */
const CONFIG_FLAGS = ['seed', 'width', 'temperature', 'prune'] as const;

/** Whether strategy `algo` takes the option (an option no record restricts: every strategy). */
const takes = (name: string, algo: string): boolean => optionNamed(name).strategies?.includes(algo) ?? true;

/** The benchmark's configurations from --algo and the option flags. Throws UsageError. */
export function benchConfigs(
  algos: string[],
  values: { seed?: string; width?: string; temperature?: string; prune?: string; vs?: string; engine?: string; 'vs-max-boxes'?: string; fd?: string },
  env: NodeJS.ProcessEnv = process.env,
): BenchConfig[] {
  if (values.vs !== undefined && values.vs !== 'prolog') throw new UsageError(`--vs takes prolog, got '${values.vs}'`);
  const listed = algos.flatMap((a) => a.split(',')).map((a) => a.trim()).filter((a) => a !== '');
  const labels = values.vs === 'prolog' ? [...listed, ...VS_PROLOG.filter((l) => !listed.includes(l))] : listed;
  if (labels.length === 0) throw new UsageError('--algo needs at least one strategy');
  const prolog = labels.some((l) => l.startsWith('prolog:'));
  if (!prolog && values.engine !== undefined) throw new UsageError('--engine applies to the Prolog backend (--vs prolog or --algo prolog:NAME)');
  if (!prolog && values['vs-max-boxes'] !== undefined) throw new UsageError('--vs-max-boxes applies to the Prolog backend (--vs prolog or --algo prolog:NAME)');
  const engine = values.engine ?? defaultEngine;
  if (!(prologEngines as readonly string[]).includes(engine)) throw new UsageError(`unknown engine '${engine}' (choose one of: ${prologEngines.join(', ')})`);
  const maxBoxes = positiveNumber('vs-max-boxes', values['vs-max-boxes'], true) ?? DEFAULT_VS_MAX_BOXES;
  const fdLabels = labels.filter((l) => l.startsWith('fd:'));
  if (fdLabels.length === 0 && values.fd !== undefined) throw new UsageError('--fd applies to Fast Downward configurations (--algo fd:ALIAS)');
  const driver = fdLabels.length > 0 ? findFastDownward(values.fd, env) : null;
  if (fdLabels.length > 0 && driver === null) {
    throw new UsageError(
      values.fd !== undefined
        ? `--fd ${values.fd}: no such file (Fast Downward's driver, fast-downward.py)`
        : `--algo ${fdLabels[0]}: Fast Downward not found: give --fd PATH/TO/fast-downward.py, set FAST_DOWNWARD, or put fast-downward.py on the PATH`,
    );
  }
  const configs = labels.map((label): BenchConfig => {
    if (label.startsWith('fd:')) {
      const config = label.slice('fd:'.length);
      if (config === '') throw new UsageError(`--algo ${label}: name a Fast Downward alias (fd:lama-first) or search (fd:astar(lmcut()))`);
      return { label, algo: config, backend: 'fd', fd: { driver: driver!, config } };
    }
    if (label.startsWith('prolog:')) {
      const algo = label.slice('prolog:'.length);
      if (!(prologStrategies as readonly string[]).includes(algo)) throw new UsageError(`--algo ${label}: the Prolog backend runs ${prologStrategies.join(' and ')}`);
      return { label, algo, backend: 'prolog', engine: engine as BenchConfig['engine'], maxBoxes };
    }
    const [algo, heuristic, ...extra] = label.split('+');
    if (extra.length) throw new UsageError(`--algo: write NAME or NAME+HEURISTIC, got '${label}'`);
    // each option flag goes to the configurations whose strategy takes it (the records declare which)
    const given = CONFIG_FLAGS.filter((f) => values[f] !== undefined && takes(f, algo));
    const o = solveOptionsFrom({ algo, heuristic, ...Object.fromEntries(given.map((f) => [f, values[f]])) }, { from: 'cli', defaultAlgo: algo });
    const options: NonNullable<Job['options']> = {};
    for (const f of CONFIG_FLAGS) {
      const field = optionNamed(f).field as keyof typeof options;
      if (f !== 'seed' && o[field] !== undefined) (options as Record<string, unknown>)[field] = o[field];
    }
    // a stochastic strategy's repetitions run with seeds from --seed (default: the declared one) on
    return { label, algo, heuristic, options, ...(STOCHASTIC.includes(algo) ? { seed: o.seed ?? (optionNamed('seed').default as number) } : {}) };
  });
  for (const f of CONFIG_FLAGS) {
    const who = optionNamed(f).strategies;
    if (values[f] === undefined || !who || configs.some((c) => c.backend !== 'prolog' && who.includes(c.algo))) continue;
    throw new UsageError(`--${f} applies to ${who.join(', ')}, ${who.length === 1 ? 'which is not' : 'none of which is'} among --algo`);
  }
  const dup = configs.find((c, i) => configs.findIndex((d) => d.label === c.label) !== i);
  if (dup) throw new UsageError(`--algo lists ${dup.label} twice`);
  return configs;
}

/** `planlog bench …` with its arguments (after "bench"); `deps.run` runs the jobs instead of a pool (tests). */
export async function benchCommand(args: string[], io: Io, deps: BenchDeps = {}): Promise<number> {
  return runBench(parseFor(bench, args), io, deps);
}

async function runBench({ values, positionals }: Parsed<typeof benchFlags>, io: Io, deps: BenchDeps = {}): Promise<number> {
  if (positionals.length === 0) throw new UsageError('bench needs at least one level file, problem file or folder of PDDL problems (e.g. maps/tutorial.txt:1-5)');
  // DOMAIN.pddl PROBLEMS…: the first file is the domain, as with solve
  if (values.domain === undefined && positionals.length > 1 && isPddlName(positionals[0]) && pddlDefineKind(io.readFile(positionals[0])) === 'domain') {
    values = { ...values, domain: positionals[0] };
    positionals = positionals.slice(1);
  }
  const problems = positionals.every((p) => isFolder(p) || /\.(pl|pddl)$/i.test(p));
  const configs = benchConfigs(values.algo ?? (problems ? DEFAULT_PROBLEM_BENCH_ALGOS : DEFAULT_BENCH_ALGOS), values);
  const timeout = positiveNumber('timeout', values.timeout, false) ?? 30;
  const maxNodes = positiveNumber('max-nodes', values['max-nodes'], true);
  const maxMemory = positiveNumber('max-memory', values['max-memory'], false) ?? defaultMaxMemoryMb;
  const repeat = positiveNumber('repeat', values.repeat, true) ?? 1;
  const threads = positiveNumber('threads', values.threads, true) ?? availableParallelism();
  if (values.queue !== undefined && values.threads !== undefined) throw new UsageError('--threads sizes the local pool; with --queue the workers run the jobs (planlog worker --concurrency N on each machine)');
  const outDir = values.out ?? 'bench-output';
  const domainFile = values.domain ?? bundledDomain;
  io.readFile(domainFile); // a missing domain is bad input, reported before any run
  const { benchJobs, charts, createPool, ipcScores, ipcTable, JOURNAL_FILE, openJournal, planHash, progressBar, resolveLevels, runBench: runJobs, toCsv, toMarkdown } = await import('../../bench/index.ts');
  const levels: BenchLevel[] = positionals.flatMap((spec) => benchLevels(spec, values.domain, io, resolveLevels));
  const best = values.best === undefined ? undefined : readBest(values.best, levels, io);
  const plan: BenchPlan = { levels, configs, domainFile, timeoutMs: timeout * 1000, maxNodes, maxMemoryMb: maxMemory, repeat };

  // the journal first: every row is written as it arrives (--resume reads them back)
  mkdirSync(outDir, { recursive: true });
  const queueMod = values.queue !== undefined && !deps.run ? await import('../../queue/client.ts') : null;
  let client: Awaited<ReturnType<NonNullable<typeof queueMod>['openQueue']>> | null = null;
  if (queueMod) {
    try {
      client = await queueMod.openQueue(values.queue!);
    } catch (e) {
      if (!(e instanceof queueMod.QueueUnreachable)) throw e;
      io.err(`planlog: ${e.message}`);
      return exitCode('usage');
    }
  }
  const jobs = benchJobs(plan);
  let journal;
  try {
    journal = openJournal(join(outDir, JOURNAL_FILE), planHash(jobs), jobs.length, Boolean(values.resume));
  } catch (e) {
    await client?.close();
    throw e;
  }
  const pool = deps.run || client ? null : createPool(threads);
  const run = deps.run ?? (client ? (job: Job, key: string) => client.run(job, queueMod!.jobId(journal.run, key)) : (job: Job) => pool!.run(job));
  const t0 = performance.now();
  const tty = io.isTTY;
  let rows;
  try {
    rows = await runJobs(
      plan,
      run,
      (done, total, solved) => {
        if (tty) process.stderr.write(`\r${progressBar(done, total, solved, performance.now() - t0)}\u001b[K`);
      },
      { have: journal.rows, onRow: (key, row) => journal.add(key, row) },
    );
  } finally {
    if (tty) process.stderr.write('\n');
    await pool?.close();
    await client?.close();
  }
  const wallMs = performance.now() - t0;

  const drawn = charts(rows, plan.timeoutMs);
  const ratios = best === undefined ? undefined : bestRatios(rows, configs, best);
  const ipc = ipcScores(rows, plan.timeoutMs);
  const summary =
    toMarkdown(rows, { timeoutMs: plan.timeoutMs, maxNodes, repeat, threads: deps.run ? 1 : threads, ...(client ? { runner: `the job queue at ${queueMod!.shownUrl(values.queue!)}` } : {}), wallMs, charts: drawn.map((c) => ({ title: c.title, file: c.file })), ipc: ipcTable(ipc) }).trimEnd() +
    (ratios ? `\n\n## Against the best known (${values.best})\n\nOver the solved levels whose best value is known; the goals: pushes within ${ratios.goals.pushes}×, moves within ${ratios.goals.moves}×.\n\n${ratios.table}` : '') +
    '\n';
  writeFileSync(join(outDir, 'bench.csv'), toCsv(rows));
  writeFileSync(join(outDir, 'bench.json'), `${JSON.stringify({ levels: levels.map((l) => ({ file: l.file, level: l.level, label: l.label, ...(l.domainFile ? { domainFile: l.domainFile } : {}) })), configs, domainFile, timeoutMs: plan.timeoutMs, maxNodes: maxNodes ?? null, repeat, ...(ratios ? { best: { file: values.best, ratios: ratios.byStrategy } } : {}), ipc, runs: rows }, null, 1)}\n`);
  writeFileSync(join(outDir, 'bench.md'), summary);
  for (const c of drawn) writeFileSync(join(outDir, c.file), c.svg);
  io.out(summary);
  io.out(`wrote ${join(outDir, 'bench.csv')}, bench.json, bench.jsonl, bench.md, ${drawn.map((c) => c.file).join(', ')}`);
  return exitCode('ok');
}

/**
 * The best-known table of --best: the levels must come from one level file
 * (the table is keyed by level number). A bad line is a located error.
 */
function readBest(file: string, levels: readonly BenchLevel[], io: Io): BestTable {
  const files = [...new Set(levels.map((l) => l.file))];
  if (files.length !== 1 || levels.some((l) => l.domainFile !== undefined || /\.(pl|pddl)$/i.test(l.file))) {
    throw new UsageError(`--best applies to the levels of one level file (its table is by level number); given: ${files.join(', ')}`);
  }
  return parseBest(io.readFile(file), file);
}

/** Per strategy, the ratios of its plans to the best known, and their Markdown table. */
function bestRatios(rows: readonly BenchRow[], configs: readonly BenchConfig[], best: BestTable) {
  const summaries = configs.map((c) => summarize(c.label, rows.filter((r) => r.strategy === c.label) as unknown as JobResult[], best));
  return {
    goals: { pushes: PUSH_GOAL, moves: MOVE_GOAL },
    table: ratioTable(summaries),
    byStrategy: Object.fromEntries(summaries.map((s) => [s.config, s.ratios])),
  };
}

const isFolder = (path: string): boolean => {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
};

/**
 * The levels (or problems) of one argument of bench: a folder of PDDL
 * files is its problems, each with the folder's domain.pddl (unless
 * --domain names one) and labelled "FOLDER PROBLEM"; a level file, its
 * levels; a problem file, its one problem. A PDDL problem without a domain
 * is a UsageError naming the command to run.
 */
function benchLevels(spec: string, domain: string | undefined, io: Io, resolveLevels: typeof import('../../bench/index.ts').resolveLevels): BenchLevel[] {
  const read = (f: string): string => io.readFile(f);
  if (isFolder(spec)) {
    const domainFile = domain ?? join(spec, 'domain.pddl');
    if (domain === undefined && !existsSync(domainFile)) {
      throw new UsageError(`bench ${spec}: a folder is read as a PDDL domain.pddl and its problems, but ${domainFile} does not exist (name the domain with --domain FILE)`);
    }
    read(domainFile);
    const files = readdirSync(spec)
      .filter((f) => isPddlName(f) && join(spec, f) !== join(domainFile))
      .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
    if (files.length === 0) throw new UsageError(`bench ${spec}: the folder holds no PDDL problem (.pddl files besides ${basename(domainFile)})`);
    return files.flatMap((f) => resolveLevels(join(spec, f), read).map((l) => ({ ...l, label: `${basename(spec)} ${l.label}`, ...(domain === undefined ? { domainFile } : {}) })));
  }
  const file = spec.replace(/:[\d,\s-]+$/, '');
  if (domain === undefined) checkDomainGiven(file, read(file), 'bench');
  return resolveLevels(spec, read);
}
