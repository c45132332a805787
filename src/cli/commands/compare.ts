/**
 * `planlog compare <file>`: the same strategy with both backends (ts and the
 * Prolog planning theory), side by side; exit 4 when they disagree.
 */
import { solveOptionsFrom } from '../../options/index.ts';
import { compareLoaded, renderComparison, stoppedComparison, type Comparison } from '../../pipeline/compare.ts';
import { compareJson } from '../../pipeline/json.ts';
import { prologOptionsOf } from '../../pipeline/options.ts';
import { loadWithin, prologSources } from '../../pipeline/solve.ts';
import { levelLabel } from '../../sokoban/level.ts';
import { command } from '../command.ts';
import { exitCode } from '../exit.ts';
import { backendFlags, domainFlag, jsonFlag, levelFlag, readSource, searchFlags } from '../inputs.ts';

export const compare = command({
  name: 'compare',
  args: '<file>',
  summary: 'solve with both backends (ts, prolog) and compare (exit 4 if they disagree)',
  usage: ['compare <file> [options]'],
  description: [
    'Solves the problem with both backends (TypeScript and the Prolog planning theory in tau-prolog), same strategy and cycle rule, and prints a table side by side. They agree when both find plans of equal length, each valid per the TypeScript validator, or both prove that no plan exists; for iddfs the nodes generated in every completed depth iteration must be equal too.',
    '--timeout and --max-nodes apply to each backend.',
  ].join('\n'),
  flags: {
    level: levelFlag,
    domain: domainFlag,
    json: jsonFlag,
    ...searchFlags,
    algo: { ...searchFlags.algo, help: 'iddfs (default) or bfs: the strategies of the Prolog backend', list: undefined },
    theory: backendFlags.theory,
    engine: backendFlags.engine,
  },
  files: 'one',
  exits: { 0: 'agree', 2: 'bad input', 3: 'a backend hit its limit', 4: 'disagree' },
  async run({ file, values }, io) {
    const options = solveOptionsFrom(values, { from: 'cli', mode: 'compare' });
    // read and checked under the run's limits; the engine reads the checked terms as planlog prints them, never the files' own text
    const source = readSource(io, file, values);
    const l = loadWithin(source, options);
    const c: Comparison = 'stopped' in l ? stoppedComparison(l.stopped, options) : await compareLoaded(l.loaded, { ...prologOptionsOf(options), ...prologSources(source, l.loaded) }, l.parseMs);
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
