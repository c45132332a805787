/**
 * Where a forward push-level search gets stuck: run a member of `auto` (or
 * any push-level configuration) on a level, keep a sample of the states it
 * expanded at the most boxes packed (FeatureCells' count: goals, room goals
 * in their packing order), then try to prove each sampled state dead with
 * an exhaustive forward search (greedy with matching and the sound
 * pruning: dead squares, freeze, corral and frozen-goal deadlocks; a
 * space exhausted without a plan is proof). A state proved dead that the
 * search went on expanding below is a deadlock its checks missed: the
 * boards are printed so that the jam can be read off.
 *
 *   npx tsx bench/dead-states.ts --levels FILE[:N | :A-B | :1,4,7-9] [--member goal|box|greedy]
 *                                [--timeout SEC] [--max-nodes N] [--samples N] [--prove SEC] [--prove-nodes N]
 *                                [--show N] [--seed N] [--set FIELD=VALUE ...]
 *
 * `--member goal` (the default) is auto's goal-macro feature-space member,
 * `box` its box-macro member, `greedy` forward greedy with matching;
 * `--set` adds PushSearchConfig fields. `--timeout` is the member's time
 * per level (default 20 s), `--max-nodes` its expanded states (a limit that
 * does not depend on the machine), `--samples` the states sampled at the
 * most packed (default 12, reservoir sampling over all expanded there,
 * `--seed` its generator's seed), `--prove` and `--prove-nodes` the limits
 * of each proof (default 10 s, 1,000,000 states), `--show` how many dead
 * boards to print per level (default 2). A level the member solves, or
 * proves unsolvable, has nothing to sample and is reported as such.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchArgs, readInput, setFields } from './args.ts';
import { parseRanges, splitSpec } from '../src/bench/levels.ts';
import { Board } from '../src/plugins/sokoban/board.ts';
import { deadSquares } from '../src/plugins/sokoban/deadlocks.ts';
import { FeatureCells } from '../src/plugins/sokoban/features.ts';
import { PackingOrder } from '../src/plugins/sokoban/packing.ts';
import { AUTO_MEMBERS, memberConfig } from '../src/plugins/sokoban/presets.ts';
import { pushSearch, type PushSearchConfig, type PushSpace } from '../src/plugins/sokoban/push-search.ts';
import { subLevel } from '../src/plugins/sokoban/improve.ts';
import { renderInitial } from '../src/sokoban/render.ts';
import { readLevel, scanLevels } from '../src/sokoban/level.ts';
import { defaultSearchOptions, type SearchTracer, type TracedSpace } from '../src/search/types.ts';

const here = fileURLToPath(new URL('..', import.meta.url));
const { values } = benchArgs(import.meta.url, {
  options: {
    levels: { type: 'string', default: resolve(here, '../shared/levels/sasquatch.txt:5') },
    member: { type: 'string', default: 'goal' },
    timeout: { type: 'string', default: '20' },
    'max-nodes': { type: 'string', default: '1000000000' },
    samples: { type: 'string', default: '12' },
    prove: { type: 'string', default: '10' },
    'prove-nodes': { type: 'string', default: '1000000' },
    show: { type: 'string', default: '2' },
    seed: { type: 'string', default: '1' },
    set: { type: 'string', multiple: true, default: [] },
  },
});

const GREEDY: PushSearchConfig = { gWeight: 0, hWeight: 1, goalOnGeneration: true, preferDeep: true, estimate: 'matching' };
const members: Record<string, PushSearchConfig> = {
  goal: memberConfig(AUTO_MEMBERS.goal),
  box: memberConfig(AUTO_MEMBERS.box),
  greedy: GREEDY,
};
const base = members[values.member];
if (!base) {
  console.error(`--member: one of ${Object.keys(members).join(', ')}, not '${values.member}'`);
  process.exit(2);
}
const config = { ...base, ...setFields(import.meta.url, values.set) } as PushSearchConfig;
const num = (name: string, v: string): number => {
  const n = Number(v);
  if (!(n > 0)) {
    console.error(`--${name}: a positive number, not '${v}'`);
    process.exit(2);
  }
  return n;
};
const timeoutMs = num('timeout', values.timeout) * 1000;
const maxNodes = Math.floor(num('max-nodes', values['max-nodes']));
const samples = Math.floor(num('samples', values.samples));
const proveMs = num('prove', values.prove) * 1000;
const proveNodes = Math.floor(num('prove-nodes', values['prove-nodes']));
const show = Math.floor(Number(values.show));

const { file, ranges } = splitSpec(values.levels);
const text = readInput(import.meta.url, '--levels', file);
const entries = scanLevels(text, file);
const numbers = ranges === null ? entries.map((_, i) => i + 1) : parseRanges(ranges, entries.length, file);

/** A small deterministic generator for the reservoir (mulberry32). */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Sample {
  boxes: number[];
  player: number;
}

for (const n of numbers) {
  const level = readLevel(text, file, n);
  const board = new Board(level);
  const dead = deadSquares(board);
  // the member's own packed count (with its parking, when set)
  const order = new PackingOrder(board, dead, config.parking === true);
  const cells = new FeatureCells(board, board.goals, order.rooms.length > 0 ? order : null);
  // the count when all is packed: a goal each, and a parking event each
  const packedTop = board.goals.length + order.events.reduce((k, e, r) => k + e.square.length - order.rooms[r].length, 0);
  const boxAt = new Uint8Array(board.size);
  const boxes = new Int32Array(board.boxes.length);
  const random = rng(Number(values.seed));
  let most = -1;
  let seenAtMost = 0;
  let reservoir: Sample[] = [];
  // the space the member searches, which reads its own states (given to the tracer's factory)
  let space: PushSpace | null = null;
  const tracer: SearchTracer = {
    expand(_key, _parent, _op, _h, _f, s, off) {
      if (!s || off === undefined || space === null) return;
      const k = space.readBoxes(s, off, boxes);
      for (let i = 0; i < k; i++) boxAt[boxes[i]] = 1;
      const packed = FeatureCells.packed(cells.cell(boxAt, boxes, k));
      for (let i = 0; i < k; i++) boxAt[boxes[i]] = 0;
      if (packed < most) return;
      if (packed > most) {
        most = packed;
        seenAtMost = 0;
        reservoir = [];
      }
      seenAtMost++;
      const sample = { boxes: Array.from(boxes.subarray(0, k)), player: space.playerSquare(s, off) };
      if (reservoir.length < samples) reservoir.push(sample);
      else {
        const j = Math.floor(random() * seenAtMost);
        if (j < samples) reservoir[j] = sample;
      }
    },
  };
  const t0 = performance.now();
  const trace = (traced: TracedSpace): SearchTracer => {
    space = traced as PushSpace;
    return tracer;
  };
  const run = pushSearch(board, dead, { ...defaultSearchOptions, timeoutMs, maxNodes, trace }, config);
  const secs = ((performance.now() - t0) / 1000).toFixed(1);
  console.log(`\n## level ${n}: ${run.status} after ${run.stats.expanded} states (${secs} s); the most packed ${most} of ${packedTop}, ${seenAtMost} states expanded there`);
  if (run.status !== 'limit') continue;
  const verdicts = { dead: 0, alive: 0, unknown: 0 };
  let shown = 0;
  for (const sample of reservoir) {
    // the level with the sampled boxes and player; its goals and walls, so its dead squares, are the level's
    const state = subLevel(board, sample.boxes, sample.player, board.goals);
    const proof = pushSearch(new Board(state), dead, { ...defaultSearchOptions, timeoutMs: proveMs, maxNodes: proveNodes }, GREEDY);
    const verdict = proof.status === 'unsolvable' ? 'dead' : proof.status === 'solved' ? 'alive' : 'unknown';
    verdicts[verdict]++;
    if (verdict === 'dead' && shown < show) {
      shown++;
      console.log(`\ndead (${proof.stats.expanded} states to prove it${proof.reason ? `: ${proof.reason}` : ''}):\n${renderInitial(state)}`);
    }
  }
  console.log(`samples: ${verdicts.dead} dead, ${verdicts.alive} alive, ${verdicts.unknown} unknown (${proveMs / 1000} s, ${proveNodes} states each at most)`);
}
