/**
 * `planlog` without a command (`npm start`): the original planner's strategy
 * and BFS on the bundled demo level, then the Prolog backend cross-checking
 * a small tutorial level on the default Prolog engine (tau-prolog).
 */
import { compareLoaded, renderComparison } from '../../pipeline/compare.ts';
import { solveLoaded } from '../../pipeline/solve.ts';
import { swiplAvailable } from '../../prolog/engine-swipl.ts';
import { defaultEngine } from '../../prolog/solve.ts';
import { command } from '../command.ts';
import { exitCode } from '../exit.ts';
import { load } from '../inputs.ts';
import { bundledDomain, demoLevel, programName } from '../paths.ts';
import { renderSolve } from '../render.ts';
import { count } from '../../util/words.ts';

/** The tutorial levels, next to the demo level: level 3 is small enough for the Prolog backend's part of the demo. */
const demoTutorial = demoLevel.replace(/demo\.txt$/, 'tutorial.txt');

export const demo = command({
  name: '(no command)',
  args: '',
  summary: 'the demo: solve the bundled demo level',
  usage: [''],
  flags: {},
  files: 'none',
  exits: { 0: 'solved' },
  async run(_input, io) {
    io.out(`planlog demo — solving ${demoLevel} with the original planner's strategy (iddfs) and with bfs\n`);
    const { loaded, parseMs } = load(io, demoLevel, {});
    const original = solveLoaded(loaded, { algo: 'iddfs', cycle: 'action' }, parseMs);
    io.out(
      `iddfs --cycle action (the original): ${original.status}, ${count(original.length, 'step')}, ` +
        `${original.stats.generated.toLocaleString('en')} nodes generated in ${original.stats.iterations?.length ?? 0} iterations, ${original.stats.timeMs.toFixed(1)} ms\n`,
    );
    const report = solveLoaded(loaded, { algo: 'bfs' }, parseMs);
    io.out(renderSolve(report, loaded, { file: demoLevel, domainFile: bundledDomain, show: true }));
    // both backends, on the default Prolog engine (tau-prolog), on a level small enough for it (the demo level takes it minutes; --engine swipl about a second)
    const small = load(io, demoTutorial, { level: '3' });
    const c = await compareLoaded(small.loaded, { algo: 'iddfs', cycle: 'state', theory: 'fast', engine: defaultEngine, timeoutMs: 20_000 });
    io.out(`\n${renderComparison(c, `the Prolog backend cross-checks it — ${demoTutorial}, level 3: iddfs --cycle state, ts vs prolog (${defaultEngine})`)}`);
    // commands that work as printed: planlog as it was started (paths.ts), the files as found from here
    const p = programName();
    io.out(`\ntry: ${p} solve ${demoTutorial} --level 3 --algo iddfs     (see ${p} --help)`);
    io.out(`     ${p} compare ${demoTutorial} --level 4`);
    if (swiplAvailable()) io.out(`     ${p} compare ${demoLevel} --engine swipl     (SWI-Prolog: the demo level in about a second)`);
    io.out(`     ${p} serve          (the web playground on http://127.0.0.1:9000/)`);
    return exitCode(report.status);
  },
});
