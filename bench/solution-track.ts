/**
 * How far a push-level search gets along a known solution: each solution
 * of a solutions file (`N: LURD`, e.g. `scripts/classic-best.mjs
 * --solutions`) is replayed push by push into the states it passes
 * through (the boxes, the player's region), and a member of `auto` (or any
 * PushSearchConfig, `--set`) runs on the level with a tracer that looks up
 * every state it generates and expands among them. It prints, per level,
 * the furthest state of the solution generated and the furthest expanded
 * (as pushes of the solution), when (expansions) each was first reached,
 * the estimate (h) and the open list's key (f) of the furthest generated,
 * the best h expanded, and
 * the board of the state after the furthest one generated, the first the
 * search did not find: where a known way out leaves the search.
 *
 * A search finds its own plan, so "furthest along this solution" is a lower
 * bound on how close it came; a level it solves shows where its plan and
 * the known one part.
 *
 *   npx tsx bench/solution-track.ts --levels FILE[:N | :A-B | :1,4,7-9] --solutions FILE
 *                                   [--member goal|box|backward-matching|backward-pushdist|greedy]
 *                                   [--timeout SEC] [--max-nodes N] [--set FIELD=VALUE ...]
 *
 * `--member` takes the configuration of auto's member (AUTO_PORTFOLIO; the
 * backward ones track the solution's states too: a backward search reaches
 * them from the goals' end), default `goal`.
 */
import { benchArgs, readInput, setFields } from './args.ts';
import { solutionLines, solutionPushes } from './solutions.ts';
import { parseRanges, splitSpec } from '../src/bench/levels.ts';
import { Board } from '../src/plugins/sokoban/board.ts';
import { deadSquares, FreezeCheck } from '../src/plugins/sokoban/deadlocks.ts';
import { BoxEstimator } from '../src/plugins/sokoban/estimates.ts';
import { subLevel } from '../src/plugins/sokoban/improve.ts';
import { AUTO_MEMBERS, type AutoMember, memberConfig } from '../src/plugins/sokoban/presets.ts';
import { type Push, type PushSearchConfig, PushSpace, pushSearch } from '../src/plugins/sokoban/push-search.ts';
import type { SearchTracer, TracedSpace } from '../src/search/types.ts';
import { readLevel, scanLevels } from '../src/sokoban/level.ts';
import { renderInitial } from '../src/sokoban/render.ts';

const { values } = benchArgs(import.meta.url, {
  options: {
    levels: { type: 'string' },
    solutions: { type: 'string' },
    member: { type: 'string', default: 'goal' },
    timeout: { type: 'string', default: '20' },
    'max-nodes': { type: 'string' },
    set: { type: 'string', multiple: true, default: [] },
  },
});
const fail = (message: string): never => {
  console.error(`bench/solution-track.ts: ${message}`);
  process.exit(2);
};
if (values.levels === undefined || values.solutions === undefined) fail('--levels FILE and --solutions FILE are needed (--help)');
const MEMBERS: Record<string, AutoMember> = { 'backward-matching': AUTO_MEMBERS['backward-matching'], 'backward-pushdist': AUTO_MEMBERS['backward-pushdist'], goal: AUTO_MEMBERS.goal, box: AUTO_MEMBERS.box };
const greedy: PushSearchConfig = { gWeight: 0, hWeight: 1, goalOnGeneration: true, preferDeep: true, estimate: 'matching' };
const memberName = values.member;
if (memberName !== 'greedy' && MEMBERS[memberName] === undefined) fail(`--member: goal, box, backward-matching, backward-pushdist or greedy, not '${memberName}'`);
const base: PushSearchConfig = memberName === 'greedy' ? greedy : memberConfig(MEMBERS[memberName]);
const config: PushSearchConfig = { ...base, ...setFields(import.meta.url, values.set), stall: undefined };
const timeoutMs = Number(values.timeout) * 1000;
const maxNodes = values['max-nodes'] === undefined ? Infinity : Number(values['max-nodes']);

const { file, ranges } = splitSpec(values.levels as string);
const text = readInput(import.meta.url, '--levels', file);
const entries = scanLevels(text, file);
const solutionsText = readInput(import.meta.url, '--solutions', values.solutions as string);
const { plans, other } = solutionLines(solutionsText);
if (other.length > 0) fail(`${values.solutions}:${other[0]}: expected 'N: LURD'`);
const numbers = ranges !== null ? parseRanges(ranges, entries.length, file) : [...plans.keys()].filter((n) => n <= entries.length).sort((a, b) => a - b);

/**
 * The states of a solution as the push-level space packs them (the box bits
 * over the floor cells, then the player's normalised cell), replayed push
 * by push through a forward PushSpace: each state's words as a key (its
 * first index), and each state.
 */
function solutionStates(board: Board, dead: Uint8Array, pushes: readonly Push[]): { keys: Map<string, number>; states: Uint32Array[]; space: PushSpace } {
  const space = new PushSpace(board, dead, false, new FreezeCheck(board, dead), null, new BoxEstimator(board, 'matching'));
  const ops = new Int32Array(space.numOps);
  const states = [space.init.slice()];
  for (const { box, dir } of pushes) {
    const cur = states[states.length - 1];
    space.applicable(cur, 0, ops); // decodes the state for apply
    const next = new Uint32Array(space.words);
    space.apply((box << 2) | dir, cur, 0, next, 0);
    states.push(next);
  }
  const keys = new Map<string, number>();
  states.forEach((st, i) => {
    const key = st.join(',');
    if (!keys.has(key)) keys.set(key, i);
  });
  return { keys, states, space };
}

console.log(`member ${memberName}${values.set.length ? ` (${values.set.join(',')})` : ''}, ${values.timeout} s, ${file}\n`);
console.log('| level | solution pushes | furthest generated (at expansion; its h, f) | furthest expanded (at expansion) | best h expanded | expanded | status |');
console.log('|---|---|---|---|---|---|---|');
const boards: string[] = [];
for (const n of numbers) {
  const level = readLevel(text, file, n);
  const board = new Board(level);
  const plan = plans.get(n);
  if (plan === undefined) {
    console.log(`| ${n} | no solution in ${values.solutions} | - | - | - | - | - |`);
    continue;
  }
  const pushes = solutionPushes(level, board, n, plan, values.solutions as string);
  if (typeof pushes === 'string') {
    fail(pushes);
    continue;
  }
  const dead = deadSquares(board);
  const sol = solutionStates(board, dead, pushes);
  const backward = config.backward === true;
  // the root (the initial state, or backward the solved one) is on the solution
  let genBest = 0;
  let genAt = 0;
  let genH = NaN;
  let genF = NaN;
  let bestH = Infinity;
  let expBest = -1;
  let expAt = 0;
  let expanded = 0;
  const look = (s: Uint32Array | undefined, off: number | undefined, words: number): number => {
    if (s === undefined || off === undefined) return -1;
    const i = sol.keys.get(Array.from(s.subarray(off, off + words)).join(','));
    return i === undefined ? -1 : i;
  };
  // backward, the solution's states count from the goals' end
  const along = (i: number): number => (i < 0 ? -1 : backward ? pushes.length - i : i);
  const trace = (space: TracedSpace): SearchTracer => {
    const words = space.words ?? 0;
    return {
      expand(_key, _parent, _op, h, _f, s, off) {
        expanded++;
        if (h < bestH) bestH = h;
        const i = along(look(s, off, words));
        if (i > expBest) {
          expBest = i;
          expAt = expanded;
        }
      },
      generate(_key, _parent, _op, h, f, s, off) {
        const i = along(look(s, off, words));
        if (i > genBest) {
          genBest = i;
          genAt = expanded;
          genH = h;
          genF = f;
        }
      },
    };
  };
  const r = pushSearch(board, dead, { cycle: 'state', timeoutMs, maxNodes, trace }, config);
  console.log(`| ${n} | ${pushes.length} | ${genBest} (${genAt}; ${Number.isNaN(genH) ? '-' : genH}, ${Number.isNaN(genF) ? '-' : genF}) | ${expBest} (${expAt}) | ${bestH} | ${r.stats.expanded} | ${r.status} |`);
  // the first state of the solution the search did not generate
  const next = backward ? pushes.length - genBest - 1 : genBest + 1;
  if (genBest < pushes.length && next >= 0 && next <= pushes.length) {
    const p = pushes[backward ? next : next - 1];
    const st = sol.states[next];
    const boxes = new Int32Array(board.boxes.length);
    const k = sol.space.readBoxes(st, 0, boxes);
    const at = renderInitial(subLevel(board, boxes.subarray(0, k), sol.space.playerSquare(st, 0), board.goals));
    boards.push(`level ${n}: the solution's state after push ${next} (${board.name(p.box)} ${'UDLR'[p.dir]}), not generated:\n${at}`);
  }
}
console.log('');
for (const b of boards) console.log(b + '\n');
