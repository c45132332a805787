/**
 * Plan validation (src/strips/validate.ts) on given Sokoban plans: per
 * level the plan's moves, the CPU time of validatePlan (the best of
 * --repeat runs), the same with the per-step states read as well (what
 * `explain` does), and, when node runs with --expose-gc, the memory the
 * result holds before and after its states are read.
 *
 *   npx tsx bench/validate.ts --levels FILE[:RANGES] --plans FILE [--repeat N] [--root DIR]
 *   node --expose-gc --import tsx bench/validate.ts …   # with the memory columns
 *
 * `--plans FILE`: `N: LURD` lines (as `bench/improve.ts --save-plans` writes
 * them); levels without a plan are skipped. `--root DIR` validates with
 * another checkout (a git worktree of an older commit), so two versions
 * check the same plans. A bad line or a plan that does not replay stops
 * the tool before any run with its place in the file, exit 2.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchArgs, planLines, readInput } from './args.ts';
import { parseRanges, splitSpec } from '../src/bench/levels.ts';
import { scanLevels } from '../src/sokoban/level.ts';
import { PlanlogError } from '../src/util/errors.ts';

const here = fileURLToPath(new URL('..', import.meta.url));
const { values } = benchArgs(import.meta.url, {
  options: {
    levels: { type: 'string' },
    plans: { type: 'string' },
    repeat: { type: 'string', default: '5' },
    root: { type: 'string' },
  },
});
const fail = (message: string): never => {
  console.error(`bench/validate.ts: ${message}`);
  process.exit(2);
};
if (values.levels === undefined || values.plans === undefined) fail('--levels FILE[:RANGES] and --plans FILE are needed (--help)');
const repeat = Number(values.repeat);
if (!Number.isInteger(repeat) || repeat < 1) fail(`--repeat: '${values.repeat}' is not a whole number of runs (1 or more)`);
const root = resolve(values.root ?? here);
const lib = (await import(resolve(root, 'src/index.ts'))) as typeof import('../src/index.ts');

const { file, ranges } = splitSpec(values.levels!);
const text = readInput(import.meta.url, '--levels', file);
const domainText = readInput(import.meta.url, '--root', resolve(root, 'domains/sokoban.pl'));
const plansFile = values.plans!;
const { plans, other } = planLines(readInput(import.meta.url, '--plans', plansFile));
if (other.length > 0) fail(`--plans: ${plansFile}:${other[0]}:1: expected 'N: LURD'`);

const gc = (globalThis as { gc?: () => void }).gc;
const heap = (): number => {
  gc?.();
  return process.memoryUsage().heapUsed;
};
const ms = (u: NodeJS.CpuUsage): number => (u.user + u.system) / 1000;

// every plan is read and replayed once before any timing, so a bad one stops the tool first
type Job = { level: number; loaded: ReturnType<typeof lib.loadProblem>; steps: ReturnType<typeof lib.lurdSteps> };
const jobs: Job[] = [];
try {
  const count = scanLevels(text, file).length;
  const numbers = ranges === null ? Array.from({ length: count }, (_, i) => i + 1) : parseRanges(ranges, count, file);
  for (const level of numbers) {
    const plan = plans.get(level);
    if (!plan) continue;
    const loaded = lib.loadProblem({ file, text, level, domainFile: 'sokoban.pl', domainText });
    // a bad character or a step that does not replay: its place in the plans file
    const at = (column: number, message: string): never => fail(`--plans: ${plansFile}:${plan.line}:${plan.column + column - 1}: level ${level}: ${message}`);
    let steps: Job['steps'] = [];
    try {
      steps = lib.lurdSteps(loaded, plan.lurd, plansFile);
    } catch (e) {
      if (!(e instanceof PlanlogError)) throw e;
      at(e.first.column ?? 1, e.first.message);
    }
    const v = lib.validateSteps(loaded, steps);
    if (!v.valid) at(v.failure!.loc?.column ?? 1, v.failure!.message);
    jobs.push({ level, loaded, steps });
  }
} catch (e) {
  if (!(e instanceof PlanlogError)) throw e;
  fail(e.message);
}
if (jobs.length === 0) fail(`no level of ${values.levels} has a plan in ${plansFile}`);

console.log(`validatePlan (${values.root ? `the checkout at ${root}` : 'this checkout'}), ${file.replace(/^.*\//, '')}, plans from ${plansFile.replace(/^.*\//, '')}, best of ${repeat}${gc ? '' : ' (run node with --expose-gc for the memory columns)'}`);
console.log('');
console.log(`| level | moves | validate, CPU ms | with the states read, CPU ms |${gc ? ' result held, MB | with the states, MB |' : ''}`);
console.log(`|---|---|---|---|${gc ? '---|---|' : ''}`);
let total = 0;
let totalAll = 0;
for (const { level, loaded, steps } of jobs) {
  /** Reads the result's states (worked out then), checking their number. */
  const readStates = (v: ReturnType<typeof lib.validateSteps>): void => {
    if (v.states.length !== steps.length + 1) throw new Error(`level ${level}: ${v.states.length} states for ${steps.length} steps`);
  };
  let best = Infinity;
  let bestAll = Infinity;
  for (let i = 0; i < repeat; i++) {
    const t = process.cpuUsage();
    const v = lib.validateSteps(loaded, steps);
    best = Math.min(best, ms(process.cpuUsage(t)));
    readStates(v);
    bestAll = Math.min(bestAll, ms(process.cpuUsage(t)));
  }
  total += best;
  totalAll += bestAll;
  let memory = '';
  if (gc) {
    const before = heap();
    const v = lib.validateSteps(loaded, steps);
    const held = heap() - before;
    readStates(v);
    const withStates = heap() - before;
    memory = ` ${(held / 1e6).toFixed(1)} | ${(withStates / 1e6).toFixed(1)} |`;
  }
  console.log(`| ${level} | ${steps.length} | ${best.toFixed(1)} | ${bestAll.toFixed(1)} |${memory}`);
}
console.log('');
console.log(`${jobs.length} plans: validate ${total.toFixed(1)} ms, with the states ${totalAll.toFixed(1)} ms of CPU (sums of the best runs)`);
