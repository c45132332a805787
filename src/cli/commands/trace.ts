/** `planlog trace <file>`: watch a search: its first expansions with g, h, f as text, JSON or Graphviz DOT; exits as solve. */
import { DEFAULT_ALGO, solveOptionsFrom, traceFlagSpecs, traceOptionsFrom, UsageError } from '../../options/index.ts';
import { warningsJson } from '../../pipeline/json.ts';
import { traceToDot } from '../../trace/dot.ts';
import { renderTrace } from '../../trace/render.ts';
import { checkTraced, traceLoaded, tracedStrategies } from '../../trace/trace.ts';
import { command } from '../command.ts';
import { exitCode } from '../exit.ts';
import { domainFlag, jsonFlag, levelFlag, load, searchFlags } from '../inputs.ts';
import { printWarnings } from '../warnings.ts';

const formats = ['text', 'json', 'dot'];

export const trace = command({
  name: 'trace',
  args: '<file>',
  summary: 'watch a search: its first expansions with g, h, f as text, JSON or Graphviz DOT, the plan path marked',
  usage: ['trace <file> [--level N|TITLE] [--domain FILE] [--algo NAME]', '      [--heuristic NAME] [--limit N] [--format text|json|dot] [options]', 'trace DOMAIN.pddl PROBLEM.pddl [options]'],
  description: [
    "Runs the search to its end (solve's limits apply: --timeout, --max-nodes, …) and shows its first N expansions (--limit, default 50): each node with g, h, f and the operator that led there, the plan's path marked (plan nodes the recorded expansions do not reach, such as the goal, which no strategy expands, are added with g only). Below: expansions per depth for the whole search, or, for iddfs and idastar, the expansions of every bound and where the deepening stopped. --format dot writes a Graphviz digraph (dot -Tsvg t.dot > t.svg); --json is --format json.",
    "--states adds each node's state (JSON: state, the fluent atoms) and the frontier of bfs and the best-first searches: the nodes a shown expansion put on the open list and no shown expansion took (JSON: frontier: true, after the recorded nodes). Depth-first strategies (dfs, iddfs, idastar) have no frontier: their open list is the current path.",
  ].join('\n'),
  flags: {
    level: levelFlag,
    domain: domainFlag,
    json: { ...jsonFlag, help: 'the trace as JSON (--format json)' },
    ...searchFlags,
    algo: { ...searchFlags.algo, help: `the strategy watched (default bfs): ${tracedStrategies.join(', ')}`, list: undefined },
    ...traceFlagSpecs(),
    format: { type: 'string', value: 'F', help: 'text (default), json or dot (Graphviz)' },
  },
  files: 'problem',
  exits: { 0: 'solved', 1: 'no plan exists', 2: 'bad input', 3: 'a limit stopped the search' },
  run({ file, values }, io) {
    const format = values.format ?? (values.json ? 'json' : 'text');
    if (!formats.includes(format)) throw new UsageError(`--format must be one of ${formats.join(', ')}, got '${format}'`);
    if (values.json && format !== 'json') throw new UsageError(`--json contradicts --format ${format}`);
    const { limit, states } = traceOptionsFrom(values, 'cli');
    const options = solveOptionsFrom(values, { from: 'cli', defaultAlgo: DEFAULT_ALGO.trace });
    checkTraced(options.algo);
    const { loaded } = load(io, file, values, 'trace');
    printWarnings(io, loaded.warnings ?? []);
    const result = traceLoaded(loaded, options, limit, { states });
    io.out(format === 'json' ? JSON.stringify({ ...result, warnings: warningsJson(loaded.warnings) }, null, 2) : format === 'dot' ? traceToDot(result) : renderTrace(result));
    return exitCode(result.status);
  },
});
