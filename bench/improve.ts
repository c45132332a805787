/**
 * Plan improvement (src/plugins/sokoban/improve.ts) after `auto`'s
 * portfolio: per level, the pushes / moves of the plan the portfolio finds
 * and of the improved plan, the search's and the improvement's CPU time;
 * at the end the means over the levels solved.
 *
 *   npx tsx bench/improve.ts [--levels FILE[:RANGES]] [--timeout SEC] [--improve SEC | --improve auto] [--order moves|pushes|pareto] [--factor F] [--min-work N] [--all-boxes] [--nodes-per-push N] [--max-window-nodes N] [--best FILE]
 *                           [--save-plans FILE | --plans FILE [--root DIR]] [--without PASS,…] [--max-work N] [--pushes-first SHARE] [--cap-start F]
 *
 * `--improve auto` (the default) is auto's default (defaultImproveBudget:
 * defaultImproveWork of the search's expanded states, at most
 * IMPROVE_CAP_MS, or for a plan far from the start's lower bound 50 ms per
 * push above it, at most 60 s, or for a plan of over 800 moves 1 s;
 * --factor and
 * --min-work change its two constants; --all-boxes: window searches may move
 * every box, not only those the window moves). `--order`: what a
 * better plan is: fewer moves (domains/sokoban.pl, the default), fewer
 * pushes (sokoban-pushes.pl), or no more of either. Improved plans are
 * replayed and checked. `--save-plans FILE` writes the search's plans
 * (`N: LURD` lines); `--plans FILE` reads such plans instead of searching,
 * and `--root DIR` takes the improvement from another checkout (a git
 * worktree of an older commit), so two versions improve the same plans.
 * `--best FILE` (bench/coverage.ts's format: `N moves
 * pushes` lines or `N: LURD` solutions) adds each plan's pushes and moves
 * over the best known, before and after, and at the end the mean ratios and
 * how many levels are within 1.5× the best pushes and 2× the best moves.
 * `--without windows,walks,detours,regroup,routes,reorder,vicinity` turns
 * passes off; `--max-work N` stops each improvement at N units of work
 * (ImproveLimits.maxWork: deterministic, unlike the time) instead of at
 * --improve's seconds. `--pushes-first SHARE`: the share of the time and
 * work spent on the fewest pushes before the order's own (ImproveLimits.
 * pushesFirst; 0: the order alone). `--cap-start F`: the window searches'
 * node limits start at F times their full value (ImproveLimits.capStart;
 * 1: the full limits from the start).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { benchArgs, planLines, type PlanLine, readInput } from './args.ts';
import { fileURLToPath } from 'node:url';
import { parseRanges, splitSpec } from '../src/bench/levels.ts';
import { AUTO_PORTFOLIO, memberConfig, memberSliceMs } from '../src/plugins/sokoban/presets.ts';
import { type Best, MOVE_GOAL, parseBest, PUSH_GOAL, ratio, withinGoals } from '../src/bench/coverage-report.ts';
import { Board } from '../src/plugins/sokoban/board.ts';
import { deadSquares } from '../src/plugins/sokoban/deadlocks.ts';
import { defaultImproveBudget, defaultImproveWork, type PlanOrder, pushesOfSteps, replay, startBound } from '../src/plugins/sokoban/improve.ts';
import { expandPushes, type Push, pushSearch, type Reached } from '../src/plugins/sokoban/push-search.ts';
import { lurdToPlan, planToLurd } from '../src/sokoban/lurd.ts';
import { type Level, readLevel, scanLevels } from '../src/sokoban/level.ts';
import { PlanlogError } from '../src/util/errors.ts';

const here = fileURLToPath(new URL('..', import.meta.url));
const { values } = benchArgs(import.meta.url, {
  options: {
    levels: { type: 'string', default: resolve(here, '../shared/levels/microban.txt:1-20') },
    timeout: { type: 'string', default: '60' },
    improve: { type: 'string', default: 'auto' },
    order: { type: 'string', default: 'moves' },
    factor: { type: 'string' },
    'min-work': { type: 'string' },
    'all-boxes': { type: 'boolean', default: false },
    'nodes-per-push': { type: 'string' },
    'max-window-nodes': { type: 'string' },
    best: { type: 'string' },
    plans: { type: 'string' },
    'save-plans': { type: 'string' },
    root: { type: 'string' },
    without: { type: 'string' },
    'max-work': { type: 'string' },
    'pushes-first': { type: 'string' },
    'cap-start': { type: 'string' },
  },
});
const PASSES = ['windows', 'walks', 'detours', 'regroup', 'routes', 'reorder', 'vicinity'] as const;
const without = new Set((values.without ?? '').split(',').filter((w) => w !== ''));
for (const w of without) {
  if (!(PASSES as readonly string[]).includes(w)) {
    console.error(`bench/improve.ts: --without: no pass named '${w}' (passes: ${PASSES.join(', ')})`);
    process.exit(2);
  }
}
const passSwitches = Object.fromEntries(PASSES.map((p) => [p, !without.has(p)]));
if (values['max-work'] !== undefined && !(Number(values['max-work']) >= 0)) {
  console.error(`bench/improve.ts: --max-work: '${values['max-work']}' is not a number of work units (0 or more)`);
  process.exit(2);
}
if (values['pushes-first'] !== undefined && !(Number(values['pushes-first']) >= 0 && Number(values['pushes-first']) <= 1)) {
  console.error(`bench/improve.ts: --pushes-first: '${values['pushes-first']}' is not a share of the improvement (0 to 1)`);
  process.exit(2);
}
if (values['cap-start'] !== undefined && !(Number(values['cap-start']) > 0 && Number(values['cap-start']) <= 1)) {
  console.error(`bench/improve.ts: --cap-start: '${values['cap-start']}' is not a fraction of the window limits (above 0, at most 1)`);
  process.exit(2);
}
// --root: the improvement (improve.ts, board.ts) of another checkout, e.g. a git worktree of an older commit, on the same plans
const root = resolve(values.root ?? here);
const impl = (await import(resolve(root, 'src/plugins/sokoban/improve.ts'))) as typeof import('../src/plugins/sokoban/improve.ts');
const RootBoard = ((await import(resolve(root, 'src/plugins/sokoban/board.ts'))) as typeof import('../src/plugins/sokoban/board.ts')).Board;
/** A bad input file: its located message (file:line:col), exit 2, no run. */
const badInput = (e: unknown, option: string): never => {
  if (!(e instanceof PlanlogError)) throw e;
  console.error(`bench/improve.ts: ${option}: ${e.message}`);
  process.exit(2);
};
// --plans: `N: LURD` lines (as --save-plans writes them) instead of the search; each plan's line and the column its LURD starts at
const given: Map<number, PlanLine> = values.plans === undefined ? new Map() : planLines(readInput(import.meta.url, '--plans', values.plans)).plans;
/** The pushes of a level's plan from --plans; a step that cannot be taken or a plan that does not solve the level: its place in the file, exit 2. */
const givenPushes = (board: Board, lvl: Level, level: number, plansFile: string, plan: PlanLine): Push[] => {
  try {
    const pushes = pushesOfSteps(board, lurdToPlan(lvl, plan.lurd, plansFile));
    if (!replay(board, pushes)) throw new PlanlogError({ file: plansFile, line: 1, column: 1, message: 'the plan does not end with every box on a goal' });
    return pushes;
  } catch (e) {
    if (!(e instanceof PlanlogError)) throw e;
    const d = e.first;
    return badInput(new PlanlogError({ ...d, line: plan.line, column: plan.column + (d.column ?? 1) - 1, message: `level ${level}: ${d.message}` }), '--plans');
  }
};
const saved: string[] = [];

const { file, ranges } = splitSpec(values.levels);
const text = readFileSync(file, 'utf8');
const count = scanLevels(text, file).length;
const numbers = ranges === null ? Array.from({ length: count }, (_, i) => i + 1) : parseRanges(ranges, count, file);
const timeoutMs = Number(values.timeout) * 1000;
let best: ReturnType<typeof parseBest> | undefined;
if (values.best !== undefined) {
  const bestText = readInput(import.meta.url, '--best', values.best);
  try {
    best = parseBest(bestText, values.best);
  } catch (e) {
    badInput(e, '--best');
  }
}
// moves: domains/sokoban.pl (every step costs 1); pushes: sokoban-pushes.pl (pushes cost 1, moves 0)
const order: PlanOrder = values.order === 'pushes' ? { push: 1, walk: 0 } : values.order === 'pareto' ? 'pareto' : { push: 1, walk: 1 };
const num = (v: string | undefined): number | undefined => (v === undefined ? undefined : Number(v));
const cpuMs = (c: NodeJS.CpuUsage): number => (c.user + c.system) / 1000;

console.log(`auto + improve ${values.improve}${values.factor ? ` factor ${values.factor}` : ''}${values['min-work'] ? ` min work ${values['min-work']}` : ''} (order ${values.order}${values['all-boxes'] ? ', all boxes' : ''}${values['nodes-per-push'] ? `, ${values['nodes-per-push']} nodes per push` : ''}${values['max-window-nodes'] ? `, window nodes at most ${values['max-window-nodes']}` : ''}${without.size ? `, without ${[...without].join(', ')}` : ''}${values['max-work'] ? `, work ${values['max-work']}` : ''}${values['pushes-first'] ? `, pushes first ${values['pushes-first']}` : ''}${values['cap-start'] ? `, window limits from ${values['cap-start']}` : ''}), ${file.replace(/^.*\//, '')} levels ${ranges ?? `1–${count}`}, ${timeoutMs / 1000} s\n`);
console.log(`| level | pushes / moves | improved |${best ? ' × best (pushes / moves) |' : ''} windows (spliced) | cuts | regrouped | box routes | runs moved | vicinity (spliced) | search expanded | improve work | search CPU ms | improve CPU ms |`);
console.log(`|---|---|---|${best ? '---|' : ''}---|---|---|---|---|---|---|---|---|---|`);
/** Ratios to the best known (coverage-report's ratio), when both are known. */
const ratios = (b: Best | undefined, size: { pushes: number; moves: number }): { p: number; m: number } | null => {
  const p = ratio(size.pushes, b?.pushes);
  const m = ratio(size.moves, b?.moves);
  return p === null || m === null ? null : { p, m };
};
const rsum = { n: 0, p0: 0, m0: 0, p1: 0, m1: 0, within0: 0, within1: 0 };
const within = (x: { p: number; m: number }): number => (withinGoals(x.p, x.m) ? 1 : 0);
const sum = { n: 0, p0: 0, m0: 0, p1: 0, m1: 0, search: 0, improve: 0 };
for (const level of numbers) {
  const lvl = readLevel(text, file, level);
  const board = new Board(lvl);
  const dead = deadSquares(board);
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  let pushes: Push[] | null = null;
  let expanded = 0;
  // --plans: the search's wall time as saved (the improvement gets what it left of --timeout)
  let givenMs = 0;
  if (values.plans !== undefined) {
    const plan = given.get(level);
    pushes = plan === undefined ? null : givenPushes(board, lvl, level, values.plans, plan);
    expanded = plan?.expanded ?? 0;
    givenMs = plan?.ms ?? 0;
  }
  const reached: Reached[] = [];
  for (let i = 0; values.plans === undefined && i < AUTO_PORTFOLIO.length; i++) {
    const m = AUTO_PORTFOLIO[i];
    const slice = memberSliceMs(AUTO_PORTFOLIO, i, timeoutMs - (performance.now() - t0));
    const r = pushSearch(board, dead, { cycle: 'state', timeoutMs: Math.max(1, slice), maxNodes: Infinity }, memberConfig(m, reached));
    if (r.reached) reached.push(r.reached);
    pushes = r.pushes;
    expanded += r.stats.expanded;
    if (r.status !== 'limit') break;
  }
  const searchWall = values.plans !== undefined ? givenMs : performance.now() - t0;
  const searchCpu = cpuMs(process.cpuUsage(c0));
  if (!pushes) {
    console.log(`| ${level} | no plan | |${best ? ' |' : ''} | | | | | | ${expanded} | | ${searchCpu.toFixed(0)} | |`);
    continue;
  }
  if (values['save-plans'] !== undefined) saved.push(`${level}: ${planToLurd(expandPushes(board, pushes))} expanded ${expanded} ms ${searchWall.toFixed(0)}`);
  const auto = values.improve === 'auto';
  // auto's default: a fortieth of the search's work (--factor, --min-work), or time for a plan far from the start's bound or long in moves
  const byDefault = defaultImproveBudget(pushes.length, startBound(board, pushes.length), expanded, expandPushes(board, pushes).length);
  const autoWork = byDefault.timed ? byDefault.work : defaultImproveWork(expanded, num(values.factor), num(values['min-work']));
  const budget = Math.min(auto ? byDefault.ms : Number(values.improve) * 1000, timeoutMs - searchWall);
  const c1 = process.cpuUsage();
  const rootBoard = new RootBoard(lvl);
  const maxWork = values['max-work'] !== undefined ? Number(values['max-work']) : auto ? autoWork : Infinity;
  const r = impl.improvePlan(rootBoard, pushes, {
    timeoutMs: values['max-work'] !== undefined ? Infinity : Math.max(0, budget),
    maxWork,
    order,
    relevant: !values['all-boxes'],
    pushesFirst: num(values['pushes-first']),
    capStart: num(values['cap-start']),
    nodesPerPush: num(values['nodes-per-push']),
    maxWindowNodes: num(values['max-window-nodes']),
    ...passSwitches,
  });
  const improveCpu = cpuMs(process.cpuUsage(c1));
  const check = replay(board, r.pushes as Push[]);
  if (!check || check.solvedAt !== r.pushes.length) throw new Error(`level ${level}: the improved plan is invalid`);
  const r0 = ratios(best?.get(level), r.before);
  const r1 = ratios(best?.get(level), r.after);
  if (r0 && r1) {
    rsum.n++;
    rsum.p0 += r0.p;
    rsum.m0 += r0.m;
    rsum.p1 += r1.p;
    rsum.m1 += r1.m;
    rsum.within0 += within(r0);
    rsum.within1 += within(r1);
  }
  const ratioCell = !best ? '' : r0 && r1 ? ` ${r0.p.toFixed(2)} / ${r0.m.toFixed(2)} → ${r1.p.toFixed(2)} / ${r1.m.toFixed(2)} |` : ' |';
  console.log(`| ${level} | ${r.before.pushes} / ${r.before.moves} | ${r.after.pushes} / ${r.after.moves} |${ratioCell} ${r.windows} (${r.spliced}) | ${r.cuts} | ${r.regrouped} | ${(r as Partial<typeof r>).rerouted ?? '-'} | ${(r as Partial<typeof r>).reordered ?? '-'} | ${(r as Partial<typeof r>).vicinities ?? '-'} (${(r as Partial<typeof r>).nearby ?? '-'}) | ${expanded} | ${r.work} | ${searchCpu.toFixed(0)} | ${improveCpu.toFixed(0)} |`);
  sum.n++;
  sum.p0 += r.before.pushes;
  sum.m0 += r.before.moves;
  sum.p1 += r.after.pushes;
  sum.m1 += r.after.moves;
  sum.search += searchCpu;
  sum.improve += improveCpu;
}
const mean = (x: number): string => (x / Math.max(1, sum.n)).toFixed(1);
console.log(`\n${sum.n} levels solved: mean pushes / moves ${mean(sum.p0)} / ${mean(sum.m0)} → ${mean(sum.p1)} / ${mean(sum.m1)}; CPU search ${(sum.search / 1000).toFixed(2)} s, improve ${(sum.improve / 1000).toFixed(2)} s`);
if (values['save-plans'] !== undefined) writeFileSync(values['save-plans'], `${saved.join('\n')}\n`);
if (best) {
  const m = (x: number): string => (x / Math.max(1, rsum.n)).toFixed(2);
  console.log(`against the best known (${values.best}; ${rsum.n} levels with both values): pushes ${m(rsum.p0)}× → ${m(rsum.p1)}×, moves ${m(rsum.m0)}× → ${m(rsum.m1)}× on average; within ${PUSH_GOAL}× the pushes and ${MOVE_GOAL}× the moves: ${rsum.within0} → ${rsum.within1}`);
}
