/**
 * `planlog compare <file>`: the same strategy with both backends (ts and the
 * Prolog planning theory), side by side; exit 4 when they disagree.
 */
import { solveOptionsFrom } from '../../options/index.ts';
import { compareLoaded, renderComparison, stoppedComparison, type CompareOptions, type Comparison } from '../../pipeline/compare.ts';
import { compareJson } from '../../pipeline/json.ts';
import { prologOptionsOf } from '../../pipeline/options.ts';
import { loadWithin, prologSources } from '../../pipeline/solve.ts';
import type { Warning } from '../../lint/index.ts';
import type { IterationStats } from '../../search/types.ts';
import { levelLabel } from '../../sokoban/level.ts';
import { clockMs } from '../../util/budget.ts';
import { count } from '../../util/words.ts';
import { command } from '../command.ts';
import { exitCode } from '../exit.ts';
import { backendFlags, domainFlag, jsonFlag, levelFlag, readSource, searchFlags } from '../inputs.ts';
import type { Io } from '../io.ts';
import { printWarnings, strictFlags } from '../warnings.ts';

export const compare = command({
  name: 'compare',
  args: '<file>',
  summary: 'solve with both backends (ts, prolog) and compare (exit 4 if they disagree)',
  usage: ['compare <file> [options]', 'compare DOMAIN.pddl PROBLEM.pddl [options]'],
  description: [
    'Solves the problem with both backends (TypeScript and the Prolog planning theory, on tau-prolog unless --engine swipl), same strategy and cycle rule, and prints a table side by side. They agree when both find plans of equal length, each valid per the TypeScript validator, or both prove that no plan exists; for iddfs the nodes generated in every completed depth iteration must be equal too.',
    '--timeout and --max-nodes apply to each backend. On a terminal, stderr shows a line when the ts side is done and one per depth bound the Prolog side finishes.',
  ].join('\n'),
  flags: {
    level: levelFlag,
    domain: domainFlag,
    json: jsonFlag,
    ...searchFlags,
    algo: { ...searchFlags.algo, help: 'iddfs (default) or bfs: the strategies of the Prolog backend', list: undefined },
    theory: backendFlags.theory,
    engine: backendFlags.engine,
    ...strictFlags,
  },
  files: 'problem',
  exits: { 0: 'agree', 2: 'bad input', 3: 'a backend hit its limit', 4: 'disagree' },
  async run({ file, values }, io) {
    const options = solveOptionsFrom(values, { from: 'cli', mode: 'compare' });
    // read and checked under the run's limits; the engine reads the checked terms as planlog prints them, never the files' own text
    const source = readSource(io, file, values, 'compare');
    const l = loadWithin(source, options);
    const progress = io.isTTY && !values.json ? compareProgress(io) : {};
    // the lint's warnings (the texts' and never-applies) are the ts side's, printed as it finds them, before either search runs; under --strict they stop the run
    const lint = { strict: options.strict, onWarnings: (w: readonly Warning[]) => printWarnings(io, w) };
    const c: Comparison = 'stopped' in l ? stoppedComparison(l.stopped, options) : await compareLoaded(l.loaded, { ...prologOptionsOf(options), ...prologSources(source, l.loaded), ...progress, ...lint }, l.parseMs);
    if (values.json) {
      io.out(JSON.stringify(compareJson(c, l.loaded), null, 2));
    } else {
      const what = `${file}${l.loaded.level ? `, ${levelLabel(l.loaded.level)}` : ''}`;
      const how = `${options.algo}${options.algo === 'iddfs' ? ` --cycle ${options.cycle}` : ''}`;
      io.out(renderComparison(c, `compare ${what}: ${how}, ts vs prolog`));
    }
    return exitCode(c.verdict.agree ? 'agree' : c.verdict.limit ? 'limit' : 'disagree');
  },
});

/**
 * On a terminal (stderr), while the Prolog side runs: a line when the ts
 * side is done, then one per depth bound the Prolog side finishes, with the
 * ts side's count for the same bound.
 */
function compareProgress(io: Io): Pick<CompareOptions, 'onTsDone' | 'onIteration'> {
  let tsIterations: IterationStats[] = [];
  let tsSolved = false;
  let started = 0;
  return {
    onTsDone(ts) {
      tsIterations = ts.stats.iterations ?? [];
      tsSolved = ts.status === 'solved';
      started = clockMs();
      const how = ts.status === 'solved' ? `solved, ${count(ts.length, 'step')}` : ts.status;
      io.err(`ts: ${how} in ${ts.stats.timeMs.toFixed(1)} ms; the Prolog backend runs now${ts.algo === 'iddfs' ? ' (a line per finished depth bound)' : ''}…`);
    },
    onIteration(it) {
      const k = tsIterations.findIndex((t) => t.bound === it.bound);
      const mine = tsIterations[k];
      // the last iteration of a solved search stops at its first plan, in each side's own successor order: no count to compare
      const same = !mine
        ? 'ts: –'
        : tsSolved && k === tsIterations.length - 1
          ? 'ts found its plan in this bound'
          : mine.generated === it.generated && mine.expanded === it.expanded
            ? 'equal to ts'
            : `ts ${mine.generated.toLocaleString('en')} (${mine.expanded.toLocaleString('en')}): DIFFERENT`;
      io.err(`  prolog: bound ${it.bound} done, ${it.generated.toLocaleString('en')} generated (${it.expanded.toLocaleString('en')} expanded), ${same}; ${((clockMs() - started) / 1000).toFixed(1)} s`);
    },
  };
}
