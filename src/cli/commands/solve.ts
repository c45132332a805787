/**
 * `planlog solve <file>`: solve a level or a Prolog problem file with the ts
 * backend (in a worker thread when run from the command line, so that Ctrl-C
 * stops it cleanly) or with the Prolog backend; print the plan, the report
 * as JSON, or the plan alone in PDDL's form.
 */
import type { SolveReport } from '../../core/report.ts';
import { isPrologFile, type LoadedProblem } from '../../core/load.ts';
import { solveOptionsFrom, UsageError, type OptionContext } from '../../options/index.ts';
import { solveJson } from '../../pipeline/json.ts';
import { solveFrom } from '../../pipeline/solve.ts';
import type { PrologSolveReport } from '../../prolog/solve.ts';
import type { Progress } from '../../search/types.ts';
import { clockMs } from '../../util/budget.ts';
import { command, type Flags, type Values } from '../command.ts';
import { exitCode } from '../exit.ts';
import { isPddlName } from '../../pddl/detect.ts';
import { backendFlags, domainFlag, jsonFlag, levelFlag, readSource, searchFlags } from '../inputs.ts';
import type { Io } from '../io.ts';
import { bundledDomain } from '../paths.ts';
import { checkPlanFile, planFileText, writePlanFile } from '../plan-file.ts';
import { renderSolve } from '../render.ts';
import { printWarnings, strictFlags } from '../warnings.ts';
import type { Warning } from '../../lint/index.ts';

/** The plan formats of solve: text (default, the full report) or pddl. */
const planFormats = ['text', 'pddl'] as const;

const solveFlags = {
  level: levelFlag,
  domain: domainFlag,
  ...searchFlags,
  ...backendFlags,
  ...strictFlags,
  show: { type: 'boolean', help: 'print the board after every step' },
  stats: {
    type: 'boolean',
    help: "print to stderr the ground task's size before and after preprocessing (atoms, operators, mutex groups: see --preprocess) and the time of each phase (reading, grounding, preprocessing, search); --json has the same under stats",
  },
  json: jsonFlag,
  'plan-format': { type: 'string', value: 'F', help: 'text (default) or pddl: only the plan, as (action arg …) lines and "; cost = N", for VAL and Fast Downward; with -o, the form of the plan file' },
  output: {
    type: 'string',
    short: 'o',
    value: 'FILE',
    help: "(or -o FILE) write the plan to FILE when one is found: with --plan-format pddl as Fast Downward's sas_plan, else one step per line (validate --plan reads both); the report still goes to stdout",
  },
} as const satisfies Flags;

export const solve = command({
  name: 'solve',
  args: '<file>',
  summary: 'solve a level, a Prolog problem (--domain) or a PDDL problem',
  usage: ['solve <file> [options]', 'solve DOMAIN.pddl PROBLEM.pddl [options]'],
  description:
    'Solves a Sokoban level (a level file; in a collection, the level chosen with --level), a Prolog problem file (init/goal facts, with --domain) or a PDDL problem (with its domain first, or with --domain DOMAIN.pddl), prints the plan, replayed by the validator, and the search statistics.',
  flags: solveFlags,
  files: 'problem',
  exits: { 0: 'solved', 1: 'no plan exists', 2: 'bad input or usage', 3: 'a limit stopped the search' },
  async run({ file, values }, io) {
    const context: OptionContext = { from: 'cli', mode: 'solve', problem: isPrologFile(file) || isPddlName(file) || isPddlName(values.domain ?? '') ? 'prolog' : 'level' };
    // the search flags' mistakes first, then --plan-format's, then the backend's
    solveOptionsFrom(values, { ...context, mode: 'search' });
    const planFormat = planFormatFrom(values);
    const options = solveOptionsFrom(values, context);
    const prolog = options.backend === 'prolog';
    if (values.output !== undefined) checkPlanFile(values.output);

    // one budget from here: reading the files, the level, grounding and search all count against the limits
    const startedAt = clockMs();
    const source = readSource(io, file, values, 'solve');
    const progress = io.isTTY && !values.json && !prolog;
    const onProgress = progress ? (p: Progress): void => io.err(`\r${progressLine(p)}\u001b[K`) : undefined;
    // planlog's own search runs off the main thread when the CLI runs (io.solve: Ctrl-C stops it cleanly); the Prolog engine has a worker of its own
    // the lint's warnings as soon as they are known (from the worker too), before the search
    const onWarnings = (ws: readonly Warning[]): void => printWarnings(io, ws);
    const { report, loaded } = io.solve && !prolog ? await io.solve(source, { ...options, startedAt, onWarnings }, onProgress) : await solveFrom(source, { ...options, startedAt, onProgress, onWarnings });
    if (progress) io.err('\r\u001b[K');
    const engine = (report as Partial<PrologSolveReport>).prolog;
    if (report.status === 'solved' && engine && !engine.valid) throw new Error(`internal error: the Prolog theory returned a plan the validator rejects: ${engine.invalidReason}`);
    if (values.output !== undefined) {
      if (report.status === 'solved') writePlanFile(values.output, planFileText(report, loaded, planFormat));
      io.err(report.status === 'solved' ? `wrote the plan to ${values.output}` : `no plan: ${values.output} not written`);
    }
    if (values.stats) for (const line of statsLines(report)) io.err(line);
    if (planFormat === 'pddl' && values.output === undefined) printPddlPlan(io, report, loaded);
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

function progressLine(p: Progress): string {
  const rate = p.elapsedMs > 0 ? Math.round((p.expanded / p.elapsedMs) * 1000) : 0;
  const mb = Math.round(process.memoryUsage().rss / 2 ** 20);
  return `searching… ${p.expanded.toLocaleString('en')} expanded, ${p.generated.toLocaleString('en')} generated${p.bound !== undefined ? `, bound ${p.bound}` : ''}${p.f !== undefined ? `, f ${p.f}` : ''}, ${rate.toLocaleString('en')} states/s, ${mb} MB, ${(p.elapsedMs / 1000).toFixed(1)} s`;
}

/** Checks `--plan-format`; pddl without -o prints only the plan, so not with --json or --show. Throws UsageError. */
function planFormatFrom(values: SolveValues): 'text' | 'pddl' {
  const f = values['plan-format'] ?? 'text';
  if (f !== 'text' && f !== 'pddl') throw new UsageError(`--plan-format must be ${planFormats.join(' or ')}, got '${f}'`);
  if (f === 'pddl' && values.output === undefined && (values.json || values.show)) {
    throw new UsageError(`--plan-format pddl prints only the plan; drop ${values.json ? '--json' : '--show'}, or write the plan to a file with -o FILE`);
  }
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
  io.out(planFileText(report, loaded, 'pddl'));
}

const ms = (t: number): string => `${t < 10 ? t.toFixed(1) : Math.round(t).toLocaleString('en')} ms`;
const num = (n: number): string => n.toLocaleString('en');

/**
 * `solve --stats`: the ground task's size before and after preprocessing
 * and each phase's time, as lines for stderr:
 *
 *   stats: read 12 ms, ground 35 ms: 341 atoms, 612 operators
 *   stats: preprocess h2 9.8 ms (h^2 4.1 ms: 34 operators pruned; relevance 1.2 ms: 0 operators dropped; mutex groups 4.5 ms): 324 atoms, 578 operators, 17 mutex groups of 306 atoms
 *   stats: search 120 ms: 1,234 expanded, 5,678 generated; total 180 ms
 */
export function statsLines(report: SolveReport): string[] {
  const s = report.stats;
  const out: string[] = [];
  if (report.backend === 'prolog') out.push(`stats: read ${ms(s.parseMs)}; the Prolog backend does not ground the task`);
  else out.push(`stats: read ${ms(s.parseMs)}, ground ${ms(s.groundMs)}: ${num(s.atoms)} atoms, ${num(s.operators)} operators`);
  const p = s.preprocess;
  if (p && p.mode === 'none') out.push('stats: preprocess none (--preprocess relevance or h2 to shrink the task)');
  else if (p) {
    const phases = [
      ...(p.mode === 'h2' && p.h2Skipped === undefined ? [`h^2 ${ms(p.h2Ms)}: ${num(p.h2Pruned)} operators pruned`] : []),
      ...(p.h2Skipped !== undefined ? [`h^2 skipped: ${p.h2Skipped}`] : []),
      `relevance ${ms(p.relevanceMs)}: ${num(p.irrelevant)} operators dropped`,
      ...(p.mode === 'h2' && p.h2Skipped === undefined ? [`mutex groups ${ms(p.groupsMs)}`] : []),
    ];
    const groups = p.mutexGroups > 0 ? `, ${num(p.mutexGroups)} mutex groups of ${num(p.groupedAtoms)} atoms` : '';
    out.push(`stats: preprocess ${p.mode} ${ms(p.h2Ms + p.relevanceMs + p.groupsMs)} (${phases.join('; ')}): ${num(p.atoms)} atoms, ${num(p.operators)} operators${groups}`);
  }
  out.push(`stats: search ${ms(s.timeMs)}: ${num(s.expanded)} expanded, ${num(s.generated)} generated; total ${ms(s.totalMs)}`);
  return out;
}
