/**
 * `planlog` without a command (`npm start`): the original planner's strategy
 * and BFS on the bundled demo level, then the Prolog backend cross-checking
 * a level (the demo level itself with SWI-Prolog, a small tutorial level
 * with tau-prolog).
 */
import { compareLoaded, renderComparison } from '../../pipeline/compare.ts';
import { solveLoaded } from '../../pipeline/solve.ts';
import { swiplAvailable } from '../../prolog/engine-swipl.ts';
import { command } from '../command.ts';
import { exitCode } from '../exit.ts';
import { load } from '../inputs.ts';
import { bundledDomain, demoLevel } from '../paths.ts';
import { renderSolve } from '../render.ts';

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
    return exitCode(report.status);
  },
});
