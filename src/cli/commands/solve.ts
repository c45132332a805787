/**
 * `planlog solve <file>`: solve a level or a Prolog problem file with the ts
 * backend (in a worker thread when run from the command line, so that Ctrl-C
 * stops it cleanly) or with the Prolog backend; print the plan, the report
 * as JSON, or the plan alone in PDDL's form.
 */
import { backendNames, planSteps, type SolveReport } from '../../core/report.ts';
import type { LoadedProblem } from '../../core/load.ts';
import { pddlPlan } from '../../pddl/plan.ts';
import { defaultAlgoFor, prologOptionsFrom, searchOptionsFrom, UsageError } from '../../options/index.ts';
import { solveJson } from '../../pipeline/json.ts';
import { solveSource, validateSteps, type SolveOptions } from '../../pipeline/solve.ts';
import { solvePrologLoaded } from '../../prolog/solve.ts';
import { stoppedComparison } from '../../pipeline/compare.ts';
import type { Progress } from '../../search/types.ts';
import { clockMs } from '../../util/budget.ts';
import { command, type Flags, type Values } from '../command.ts';
import { exitCode } from '../exit.ts';
import { backendFlags, domainFlag, jsonFlag, levelFlag, loadForProlog, readSource, searchFlags } from '../inputs.ts';
import type { Io } from '../io.ts';
import { bundledDomain } from '../paths.ts';
import { renderSolve } from '../render.ts';

const backends: readonly string[] = backendNames;

/** The plan formats of solve: text (default, the full report) or pddl. */
const planFormats = ['text', 'pddl'] as const;

const solveFlags = {
  level: levelFlag,
  domain: domainFlag,
  ...searchFlags,
  ...backendFlags,
  show: { type: 'boolean', help: 'print the board after every step' },
  json: jsonFlag,
  'plan-format': { type: 'string', value: 'F', help: 'text (default) or pddl: only the plan, as (action arg …) lines and "; cost = N", for VAL and Fast Downward (ts backend)' },
} as const satisfies Flags;

export const solve = command({
  name: 'solve',
  args: '<file>',
  summary: 'solve a level (or a Prolog problem file with --domain)',
  usage: ['solve <file> [options]'],
  description:
    'Solves a Sokoban level (a level file; in a collection, the level chosen with --level) or a Prolog problem file (init/goal facts, with --domain), prints the plan, replayed by the validator, and the search statistics.',
  flags: solveFlags,
  files: 'one',
  exits: { 0: 'solved', 1: 'no plan exists', 2: 'bad input or usage', 3: 'a limit stopped the search' },
  async run({ file, values }, io) {
    const options = searchOptionsFrom(values, defaultAlgoFor(file));
    const planFormat = planFormatFrom(values);
    const backend = values.backend ?? 'ts';
    if (!backends.includes(backend)) throw new UsageError(`unknown backend '${backend}' (choose one of: ${backends.join(', ')})`);
    if (backend === 'prolog') return solveProlog(io, file, values, options);
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
    else print(io, report, loaded, file, values);
    return exitCode(report.status);
  },
});

type SolveValues = Values<typeof solveFlags>;

/** The report as JSON or as text. */
function print(io: Io, report: SolveReport, loaded: LoadedProblem, file: string, values: SolveValues, domainFile = values.domain ?? bundledDomain): void {
  if (values.json) io.out(JSON.stringify(solveJson(report, loaded), null, 2));
  else io.out(renderSolve(report, loaded, { file, domainFile, show: Boolean(values.show) }));
}

/** `solve --backend prolog`, with solve's checked options. */
async function solveProlog(io: Io, file: string, values: SolveValues, options: SolveOptions): Promise<number> {
  const prolog = prologOptionsFrom(options, values);
  const l = loadForProlog(io, file, values, options);
  const report = 'stopped' in l ? stoppedComparison(l.stopped, prolog).prolog : await solvePrologLoaded(l.loaded, { ...prolog, ...l.sources }, l.parseMs);
  if (report.status === 'solved' && !report.prolog.valid) {
    throw new Error(`internal error: the Prolog theory returned a plan the validator rejects: ${report.prolog.invalidReason}`);
  }
  print(io, report, l.loaded, file, values, 'stopped' in l ? l.domainFile : l.sources.domainFile);
  return exitCode(report.status);
}

function progressLine(p: Progress): string {
  const rate = p.elapsedMs > 0 ? Math.round((p.expanded / p.elapsedMs) * 1000) : 0;
  const mb = Math.round(process.memoryUsage().rss / 2 ** 20);
  return `searching… ${p.expanded.toLocaleString('en')} expanded, ${p.generated.toLocaleString('en')} generated${p.bound !== undefined ? `, bound ${p.bound}` : ''}${p.f !== undefined ? `, f ${p.f}` : ''}, ${rate.toLocaleString('en')} states/s, ${mb} MB, ${(p.elapsedMs / 1000).toFixed(1)} s`;
}

/** Checks `--plan-format`; pddl goes with the ts backend and without --json or --show. Throws UsageError. */
function planFormatFrom(values: SolveValues): 'text' | 'pddl' {
  const f = values['plan-format'] ?? 'text';
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
function printPddlPlan(io: Io, report: SolveReport, loaded: LoadedProblem): void {
  if (report.status !== 'solved') {
    io.err(`no plan (${report.status}): ${report.reason ?? 'no plan found'}`);
    return;
  }
  const validation = report.validation ?? validateSteps(loaded, planSteps(report.plan));
  io.out(pddlPlan(loaded.domain, validation.steps, validation.cost));
}
