/**
 * The teaching commands:
 *   planlog explain <file> [--level N] [--domain FILE] (--plan FILE | --lurd STRING) [--json]
 *   planlog trace <file> [--level N] [--domain FILE] [--algo …] [--heuristic …] [--limit N]
 *                 [--format text|json|dot]
 * explain exits like validate (0 valid, 5 invalid); trace like solve
 * (0 solved, 1 no plan exists, 3 a limit stopped the search).
 */
import { explainPlan, loadProblem, renderExplanation, renderTrace, tracedStrategies, traceLoaded, traceToDot } from '../index.ts';
import type { Io } from './io.ts';
import { EXIT, load, parse, problemOptions, readSource, readSteps } from './main.ts';
import { positiveNumber, searchFlags, searchOptionsFrom, UsageError } from '../options/index.ts';

export const explainUsage = `usage: planlog explain <file> [--level N|TITLE] [--domain FILE] (--plan FILE | --lurd STRING) [--json]

Replays the plan and tells, for each step, the operator schema as written in
the domain file (with its line), the variable bindings, the state facts that
satisfy its preconditions (static facts and fluents marked), the facts it
adds and deletes and, for a level, the board after it. An invalid plan is
explained up to the failing step, whose preconditions are marked holds or
MISSING; exit 5, as validate.
exit codes: 0 valid · 2 bad input · 5 the plan is invalid`;

export const traceUsage = `usage: planlog trace <file> [--level N|TITLE] [--domain FILE] [--algo NAME] [--heuristic NAME]
                    [--limit N] [--format text|json|dot] [solve's search flags]

Runs the search to its end (solve's limits apply: --timeout, --max-nodes, …)
and shows its first N expansions (--limit, default 50): each node with g, h,
f and the operator that led there, the plan's path marked (plan nodes the
recorded expansions do not reach, such as the goal, which no strategy
expands, are added with g only). Below: expansions per depth for the whole search, or,
for iddfs and idastar, the expansions of every bound and where the deepening
stopped. --format dot writes a Graphviz digraph (dot -Tsvg t.dot > t.svg);
--json is --format json.
--algo (default bfs): ${tracedStrategies.join(', ')}
exit codes: 0 solved · 1 no plan exists · 2 bad input · 3 a limit stopped the search`;

const planFlags = { plan: { type: 'string' }, lurd: { type: 'string' } } as const;

export function explainCommand(args: string[], io: Io): number {
  const { file, values } = parse(args, { ...problemOptions, ...planFlags }, 'explain');
  if (values.help) {
    io.out(explainUsage);
    return EXIT.ok;
  }
  if ((values.plan === undefined) === (values.lurd === undefined)) throw new UsageError('explain needs exactly one of --plan FILE or --lurd STRING');
  const source = readSource(io, file, values);
  const loaded = loadProblem(source);
  const explanation = explainPlan(loaded, readSteps(io, values, loaded), source.domainText);
  io.out(values.json ? JSON.stringify(explanation, null, 2) : renderExplanation(explanation, source.domainFile));
  return explanation.valid ? EXIT.ok : EXIT.invalid;
}

const formats = ['text', 'json', 'dot'];

export function traceCommand(args: string[], io: Io): number {
  const { file, values } = parse(args, { ...problemOptions, ...searchFlags, limit: { type: 'string' }, format: { type: 'string' } }, 'trace');
  if (values.help) {
    io.out(traceUsage);
    return EXIT.ok;
  }
  const format = values.format ?? (values.json ? 'json' : 'text');
  if (!formats.includes(format)) throw new UsageError(`--format must be one of ${formats.join(', ')}, got '${format}'`);
  if (values.json && format !== 'json') throw new UsageError(`--json contradicts --format ${format}`);
  const limit = positiveNumber('limit', values.limit, true) ?? 50;
  const options = searchOptionsFrom(values, 'bfs');
  if (!tracedStrategies.includes(options.algo)) throw new UsageError(`trace watches ${tracedStrategies.join(', ')}; not ${options.algo}`);
  const { loaded } = load(io, file, values);
  const trace = traceLoaded(loaded, options, limit);
  io.out(format === 'json' ? JSON.stringify(trace, null, 2) : format === 'dot' ? traceToDot(trace) : renderTrace(trace));
  return trace.status === 'solved' ? EXIT.ok : trace.status === 'unsolvable' ? EXIT.unsolvable : EXIT.limit;
}
