/**
 * The push-level search, level by level: plan length (pushes, moves),
 * expanded and generated states and CPU time of `optimal-pushes` (push A*
 * with matching), `greedy` (forward greedy with matching, auto's forward
 * member) and `auto` (the portfolio of AUTO_PORTFOLIO: members one after
 * the other, each with its share of the time left among the members from
 * it on (memberSliceMs; the last one all that is left), until one answers),
 * calling `pushSearch` directly in this process. For `auto` a last column
 * gives each member's wall time up to the one that answered.
 *
 *   npx tsx bench/push-search.ts [--levels FILE[:N | :A-B | :1,4,7-9]] [--config optimal-pushes,greedy,auto,member:NAME]
 *                                [--timeout SEC] [--max-nodes N] [--repeat N] [--against DIR] [--set FIELD=VALUE ...]
 *                                [--toggle FIELD]
 *
 * `--config member:NAME` runs one member of `auto` alone with the whole
 * limits (NAME: backward-matching, groups, backward-pushdist, goal,
 * orientations, box; the backward ones keep their stall rule unless
 * `--set stall=Infinity`).
 * `--against DIR` runs the same searches with the push-level search of
 * another checkout too (e.g. a git worktree of an older commit), the two
 * alternating level by level (the first of each pair switching), so both
 * see the same machine; the table then shows both sides and whether the
 * plans and counts agree. CPU time (process.cpuUsage, user + system) is
 * summed over the repetitions after the first (which warms up the JIT).
 * `--toggle FIELD` compares the same way this checkout with the boolean
 * PushSearchConfig field FIELD false (the first side) and true (the
 * second), e.g. `--toggle piCorrals`.
 * `--set FIELD=VALUE` (repeatable, or comma-separated) sets a
 * PushSearchConfig field in every configuration, e.g. `--set macros=true`
 * (values true, false, numbers, else strings). `--max-nodes N` limits the
 * expanded states (auto's members their shares of N as `auto` gives them:
 * memberNodes), a limit that does not depend on the machine's load.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { benchArgs, setFields } from './args.ts';
import { fileURLToPath } from 'node:url';
import { parseRanges, splitSpec } from '../src/bench/levels.ts';
import { AUTO_MEMBERS, AUTO_PORTFOLIO, memberConfig, memberNodes, memberSliceMs } from '../src/plugins/sokoban/presets.ts';
import { scanLevels } from '../src/sokoban/level.ts';

const here = fileURLToPath(new URL('..', import.meta.url));
const { values } = benchArgs(import.meta.url, {
  options: {
    levels: { type: 'string', default: resolve(here, '../shared/levels/microban.txt:1-20') },
    config: { type: 'string', default: 'optimal-pushes,auto' },
    timeout: { type: 'string', default: '60' },
    repeat: { type: 'string', default: '1' },
    against: { type: 'string' },
    toggle: { type: 'string' },
    set: { type: 'string', multiple: true, default: [] },
    'max-nodes': { type: 'string' },
  },
});

interface Side {
  name: string;
  pushSearch: (board: unknown, dead: Uint8Array, options: object, config: object) => { status: string; pushes: { box: number; dir: number }[] | null; stats: { expanded: number; generated: number }; reached?: unknown };
  expandPushes: (board: unknown, pushes: object[]) => string[];
  Board: new (level: unknown) => { name(p: number): string };
  deadSquares: (board: unknown) => Uint8Array;
  readLevel: (text: string, file: string, n: number) => unknown;
}

/** The push-level search of the checkout at `dir` (the same module paths in every version since the plug-in split). */
async function side(dir: string, name: string): Promise<Side> {
  const m = (rel: string) => import(resolve(dir, rel));
  const [search, board, deadlocks, level] = await Promise.all([m('src/plugins/sokoban/push-search.ts'), m('src/plugins/sokoban/board.ts'), m('src/plugins/sokoban/deadlocks.ts'), m('src/sokoban/level.ts')]);
  return { name, pushSearch: search.pushSearch, expandPushes: search.expandPushes, Board: board.Board, deadSquares: deadlocks.deadSquares, readLevel: level.readLevel };
}

const sides = [await side(here, 'this')];
if (values.against) sides.push(await side(resolve(values.against), 'against'));
if (values.toggle) {
  if (values.against) throw new Error('--toggle and --against: one comparison at a time');
  const field = values.toggle;
  const base = sides[0];
  const with_ = (on: boolean): Side => ({ ...base, name: `${field}=${on}`, pushSearch: (b, d, o, c) => base.pushSearch(b, d, o, { ...c, [field]: on }) });
  sides.splice(0, 1, with_(false), with_(true));
}
const against = values.toggle ? `${values.toggle} false | true` : `this checkout | ${values.against}`;
const [nameA, nameB] = values.toggle ? ['false', 'true'] : ['this', 'against'];

const { file, ranges } = splitSpec(values.levels);
const text = readFileSync(file, 'utf8');
const count = scanLevels(text, file).length;
const numbers = ranges === null ? Array.from({ length: count }, (_, i) => i + 1) : parseRanges(ranges, count, file);
const timeoutMs = Number(values.timeout) * 1000;
const repeat = Math.max(1, Number(values.repeat));
const maxNodes = values['max-nodes'] === undefined ? Infinity : Number(values['max-nodes']);

const base = { gWeight: 1, hWeight: 1, goalOnGeneration: false, preferDeep: true, estimate: 'matching' };
const CONFIGS: Record<string, { share: number; config: object }[]> = {
  'optimal-pushes': [{ share: 1, config: base }],
  greedy: [{ share: 1, config: { gWeight: 0, hWeight: 1, goalOnGeneration: true, preferDeep: true, estimate: 'matching' } }],
  auto: AUTO_PORTFOLIO.map((m) => ({ share: m.share, config: memberConfig(m) })),
  // each member of auto alone, with the whole time and node limits
  ...Object.fromEntries(Object.entries(AUTO_MEMBERS).map(([name, m]) => [`member:${name}`, [{ share: 1, config: memberConfig(m) }]])),
};
const overrides = setFields(import.meta.url, values.set);
for (const members of Object.values(CONFIGS)) for (const m of members) m.config = { ...m.config, ...overrides };
const configs = values.config.split(',');
for (const c of configs) {
  if (CONFIGS[c]) continue;
  console.error(`bench/push-search.ts: --config ${c}: unknown (${Object.keys(CONFIGS).join(', ')})`);
  process.exit(2);
}

interface Run {
  status: string;
  pushes: number | null;
  moves: number | null;
  expanded: number;
  generated: number;
  plan: string;
  cpuMs: number;
  /** Each member's wall time (ms), in order, up to the one that answered. */
  memberMs: number[];
}

function runOne(s: Side, level: number, config: string): Run {
  const board = new s.Board(s.readLevel(text, file, level));
  const dead = s.deadSquares(board);
  const members = CONFIGS[config];
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  let expanded = 0;
  let generated = 0;
  let r: ReturnType<Side['pushSearch']> | null = null;
  const memberMs: number[] = [];
  // auto's meeting searches: the backward members' states go to the forward ones (memberConfig; a checkout without them ignores the fields)
  const reached: unknown[] = [];
  for (let i = 0; i < members.length; i++) {
    const slice = memberSliceMs(members, i, timeoutMs - (performance.now() - t0));
    const nodes = memberNodes(members, i, maxNodes, maxNodes - expanded);
    const c = members[i].config as { backward?: boolean };
    const meet = config === 'auto' ? (c.backward ? { keepReached: true } : { meetStates: reached }) : {};
    const m0 = performance.now();
    r = s.pushSearch(board, dead, { cycle: 'state', timeoutMs: Math.max(1, slice), maxNodes: Math.max(1, nodes) }, { ...c, ...meet });
    memberMs.push(performance.now() - m0);
    if (r.reached) reached.push(r.reached);
    expanded += r.stats.expanded;
    generated += r.stats.generated;
    if (r.status !== 'limit') break;
  }
  const cpu = process.cpuUsage(c0);
  const pushes = r!.pushes;
  return {
    status: r!.status,
    pushes: pushes ? pushes.length : null,
    moves: pushes ? s.expandPushes(board, pushes).length : null,
    expanded,
    generated,
    plan: pushes ? pushes.map((p) => `${board.name(p.box)}${'UDLR'[p.dir]}`).join(' ') : '',
    cpuMs: (cpu.user + cpu.system) / 1000,
    memberMs,
  };
}

for (const config of configs) {
  const cpu = sides.map(() => 0);
  const last = new Map<string, Run>();
  for (let rep = 0; rep < repeat; rep++) {
    for (const level of numbers) {
      const order = (level + rep) % 2 === 0 ? sides : [...sides].reverse();
      for (const s of order) {
        const r = runOne(s, level, config);
        if (rep > 0 || repeat === 1) cpu[sides.indexOf(s)] += r.cpuMs;
        last.set(`${s.name} ${level}`, r);
      }
    }
  }
  const cell = (r: Run): string => (r.status === 'solved' ? `${r.pushes} / ${r.moves}` : r.status);
  const set = Object.entries(overrides).map(([k, v]) => ` ${k}=${v}`).join(',');
  console.log(`\n${config}${set}, ${file.replace(/^.*\//, '')} levels ${ranges ?? `1–${count}`}, ${timeoutMs / 1000} s${maxNodes < Infinity ? `, ${maxNodes} states` : ''}${sides.length > 1 ? ` (${against})` : ''}\n`);
  // a portfolio: each member's wall time up to the one that answered
  const portfolio = CONFIGS[config].length > 1;
  const times = (r: Run): string => (portfolio ? ` ${r.memberMs.map((ms) => (ms / 1000).toFixed(1)).join(', ')} |` : '');
  if (sides.length === 1) {
    console.log(`| level | pushes / moves | expanded | generated | CPU ms |${portfolio ? ' members (s) |' : ''}`);
    console.log(`|---|---|---|---|---|${portfolio ? '---|' : ''}`);
  } else {
    console.log(`| level | pushes / moves | expanded | generated | same plan and counts | CPU ms (${nameA} / ${nameB}) |`);
    console.log('|---|---|---|---|---|---|');
  }
  let same = 0;
  for (const level of numbers) {
    const [a, b] = sides.map((s) => last.get(`${s.name} ${level}`)!);
    if (!b) {
      console.log(`| ${level} | ${cell(a)} | ${a.expanded} | ${a.generated} | ${a.cpuMs.toFixed(0)} |${times(a)}`);
      continue;
    }
    const agree = a.status === b.status && a.plan === b.plan && a.expanded === b.expanded && a.generated === b.generated;
    if (agree) same++;
    const pair = (x: number | string, y: number | string): string => (x === y ? String(x) : `${x} | ${y}`);
    console.log(`| ${level} | ${pair(cell(a), cell(b))} | ${pair(a.expanded, b.expanded)} | ${pair(a.generated, b.generated)} | ${agree ? 'yes' : 'NO'} | ${a.cpuMs.toFixed(0)} / ${b.cpuMs.toFixed(0)} |`);
  }
  const reps = repeat === 1 ? 'the run' : `repetitions 2–${repeat}`;
  console.log(`\nCPU time of ${reps}: ${sides.map((s, i) => `${s.name} ${(cpu[i] / 1000).toFixed(2)} s`).join(', ')}${sides.length > 1 ? `; ${same} of ${numbers.length} levels with the same plan and counts` : ''}`);
}
