/**
 * How closely the limits hold (`npx tsx bench/limits.ts`):
 *
 * 1. `--timeout`: every configuration below on a hard level (default
 *    Microban 153, ten boxes; maps/bench.txt without ../shared) with a 1 s
 *    limit: the search time when it stopped (`stats.timeMs`), the whole
 *    solve (grounding included) and the overshoot past the limit.
 * 2. `--max-nodes`: the same with a node limit: expanded − limit.
 * 3. `--max-memory`: a few configurations in a worker thread, as the
 *    command line runs them, with a small memory limit, sampling the
 *    process's resident memory: the answer, and the peak against the
 *    limit. Then what the defaults
 *    are: the default limit, V8's heap limit in the main thread, and the
 *    heap limit the solve worker gets.
 * 4. Every phase under one budget (issue 13): the big inputs of
 *    tests/bench/big-inputs.ts (grounding bombs, open rooms up to
 *    1000 × 1000, a 10 MB level, 10,000 operators), each solved through the
 *    command line (`node bin/planlog.js solve … --timeout 1 --json`, a
 *    process of its own) under /usr/bin/time: exit code, status, where the
 *    limit stopped it, stats.totalMs, wall time and peak resident memory.
 *
 * Options: --level FILE:N, --timeout SEC (1), --nodes N (5000),
 * --config NAME (repeatable; parts 1 and 2), --memory MB (1000; 0 skips
 * part 3), --memory-config LIST (bfs,ucs,astar+matching,dfs), --phases
 * (part 4 only).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getHeapStatistics } from 'node:v8';
import { benchArgs } from './args.ts';
import { Worker } from 'node:worker_threads';
import { defaultMaxMemoryMb, solveOptionsFrom } from '../src/options/index.ts';
import { HEAP_STOP_FRACTION } from '../src/util/budget.ts';
import { loadProblem, type LoadedProblem } from '../src/core/load.ts';
import { solveLoaded } from '../src/pipeline/solve.ts';
import { solveInWorker, workerHeapLimitMb } from '../src/workers/solve.ts';

const root = (rel: string): string => fileURLToPath(new URL(`../${rel}`, import.meta.url));

const { values } = benchArgs(import.meta.url, {
  options: {
    level: { type: 'string' },
    timeout: { type: 'string', default: '1' },
    nodes: { type: 'string', default: '5000' },
    memory: { type: 'string', default: '1000' },
    'memory-config': { type: 'string' },
    config: { type: 'string', multiple: true },
    phases: { type: 'boolean' },
  },
});


async function phases(): Promise<void> {
  const { writeBigInputs } = await import('../tests/bench/big-inputs.ts');
  const dir = mkdtempSync(join(tmpdir(), 'planlog-phases-'));
  const f = writeBigInputs(dir);
  const time = existsSync('/usr/bin/time');
  const runs: { input: string; args: string[] }[] = [
    { input: 'grounding bomb, 4 parameters × 30 objects', args: [f['bomb-4x30-problem.pl'], '--domain', f['bomb-4x30.pl'], '--timeout', '1'] },
    { input: 'grounding bomb, 5 parameters × 30 objects', args: [f['bomb-5x30-problem.pl'], '--domain', f['bomb-5x30.pl'], '--timeout', '1'] },
    { input: 'grounding bomb, 8 parameters × 40 objects', args: [f['bomb-8x40-problem.pl'], '--domain', f['bomb-8x40.pl'], '--timeout', '1', '--max-memory', '200'] },
    { input: '300 × 300 open room', args: [f['room-300.txt'], '--timeout', '1'] },
    { input: '500 × 500 open room', args: [f['room-500.txt'], '--timeout', '1'] },
    { input: '1000 × 1000 open room', args: [f['room-1000.txt'], '--timeout', '1'] },
    { input: '10 MB level (3,239 × 3,239)', args: [f['level-10mb.txt'], '--timeout', '1'] },
    { input: '10,000 one-step operators', args: [f['chain-10000-problem.pl'], '--domain', f['chain-10000.pl']] },
    { input: '/dev/zero', args: ['/dev/zero', '--timeout', '1'] },
  ];
  console.log('\n### Every phase under one budget, through the command line (`node bin/planlog.js solve FILE … --json`)\n');
  console.log('| input | flags | exit | status | reason | stats.totalMs | wall | peak resident memory |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const r of runs) {
    const cmd = ['node', root('bin/planlog.js'), 'solve', ...r.args, '--json'];
    const t0 = performance.now();
    const p = time ? spawnSync('/usr/bin/time', ['-f', '%M', ...cmd], { encoding: 'utf8', maxBuffer: 2 ** 28 }) : spawnSync(cmd[0], cmd.slice(1), { encoding: 'utf8', maxBuffer: 2 ** 28 });
    const wall = performance.now() - t0;
    const peakKb = time ? Number(/(\d+)\s*$/.exec(p.stderr)?.[1] ?? NaN) : NaN;
    let status = '';
    let reason = '';
    let total = '';
    try {
      const j = JSON.parse(p.stdout) as { status?: string; reason?: string; length?: number; stats?: { totalMs: number }; error?: { message: string } };
      status = j.status ?? 'error';
      reason = j.error?.message ?? j.reason ?? (j.status === 'solved' ? `${j.length} steps` : '');
      total = j.stats ? `${ms(j.stats.totalMs)} ms` : '';
    } catch {
      reason = p.stderr.split('\n')[0];
    }
    const flags = r.args.filter((a) => a.startsWith('--') && a !== '--domain').map((a) => `${a} ${r.args[r.args.indexOf(a) + 1]}`).join(' ');
    console.log(`| ${r.input} | ${flags} | ${p.status} | ${status} | ${reason.replaceAll(dir, 'DIR').replaceAll('|', '\\|')} | ${total} | ${ms(wall)} ms | ${Number.isNaN(peakKb) ? '' : `${ms(peakKb / 1024)} MB`} |`);
  }
  rmSync(dir, { recursive: true, force: true });
}

const CONFIGS = [
  'bfs', 'dfs', 'iddfs', 'ucs', 'astar+lmcut', 'astar+hmax', 'astar+matching', 'idastar+lmcut', 'idastar+matching', 'gbfs+hff', 'gbfs+lmcut',
  'wastar+lmcut', 'push+matching', 'push-greedy+pushdist', 'beam', 'lrta', 'mcts', 'ga', 'auto', 'optimal-moves', 'optimal-pushes',
];

/** The level to measure on: --level, else Microban 153, else the bundled 5-box level. */
function levelSpec(): { file: string; level: number } {
  if (values.level) {
    const m = /^(.*?)(?::(\d+))?$/.exec(values.level)!;
    return { file: m[1], level: Number(m[2] ?? 1) };
  }
  const microban = root('../shared/levels/microban.txt');
  return existsSync(microban) ? { file: microban, level: 153 } : { file: root('maps/bench.txt'), level: 1 };
}

const spec = levelSpec();
const loaded: LoadedProblem = loadProblem({ file: spec.file, text: readFileSync(spec.file, 'utf8'), level: spec.level, domainFile: root('domains/sokoban.pl'), domainText: readFileSync(root('domains/sokoban.pl'), 'utf8') });
const configs = values.config ?? CONFIGS;
const flagsOf = (config: string): { algo: string; heuristic?: string } => {
  const [algo, heuristic] = config.split('+');
  return { algo, heuristic };
};
const ms = (x: number): string => x.toFixed(0);
const fmt = (n: number): string => n.toLocaleString('en');
const where = `${spec.file.replace(/^.*\//, '')} level ${spec.level}`;

// 4. every phase, through the command line (alone with --phases)
if (values.phases) {
  await phases();
  process.exit(0);
}

// 1. time
const timeoutS = Number(values.timeout);
console.log(`\n### --timeout ${timeoutS} on ${where}\n`);
console.log('| configuration | status | limit | expanded | search time | solve time (ground + search) | overshoot |');
console.log('|---|---|---|---|---|---|---|');
let worstTime = 0;
for (const config of configs) {
  const t0 = performance.now();
  const r = solveLoaded(loaded, { ...solveOptionsFrom({ ...flagsOf(config), timeout: String(timeoutS) }, { from: 'cli' }) });
  const wall = performance.now() - t0;
  const over = r.stats.timeMs - timeoutS * 1000;
  worstTime = Math.max(worstTime, over);
  console.log(`| ${config} | ${r.status} | ${r.stats.limit ?? ''} | ${fmt(r.stats.expanded)} | ${ms(r.stats.timeMs)} ms | ${ms(wall)} ms | ${over >= 0 ? '+' : ''}${ms(over)} ms |`);
}
const cli = performance.now();
const viaWorker = await solveInWorker(loaded, { ...solveOptionsFrom({ algo: 'astar', heuristic: 'lmcut', timeout: String(timeoutS) }, { from: 'cli' }) }, 0);
console.log(`\nlargest overshoot: ${ms(worstTime)} ms. astar+lmcut in a worker thread as the command line runs it: search ${ms(viaWorker.stats.timeMs)} ms, ${ms(performance.now() - cli)} ms with the worker's start.`);

// 2. nodes
const maxNodes = Number(values.nodes);
console.log(`\n### --max-nodes ${fmt(maxNodes)} on ${where}\n`);
console.log('| configuration | status | limit | expanded | overshoot |');
console.log('|---|---|---|---|---|');
for (const config of configs) {
  const r = solveLoaded(loaded, { ...solveOptionsFrom({ ...flagsOf(config), 'max-nodes': String(maxNodes) }, { from: 'cli' }) });
  console.log(`| ${config} | ${r.status} | ${r.stats.limit ?? ''} | ${fmt(r.stats.expanded)} | ${r.stats.expanded - maxNodes} |`);
}

// 3. memory
const memoryMb = Number(values.memory);
if (memoryMb > 0) {
  console.log(`\n### --max-memory ${fmt(memoryMb)} on ${where}, in a worker thread as the command line runs it\n`);
  console.log('| configuration | status | limit | after | expanded | stored | peak resident memory | against the limit |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const config of (values['memory-config'] ?? 'bfs,ucs,astar+matching,dfs').split(',')) {
    let peak = 0;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage.rss());
    }, 5);
    const r = await solveInWorker(loaded, { ...solveOptionsFrom({ ...flagsOf(config), 'max-memory': String(memoryMb) }, { from: 'cli' }) }, 0);
    clearInterval(sampler);
    const peakMb = peak / 2 ** 20;
    console.log(`| ${config} | ${r.status} | ${r.stats.limit ?? ''} | ${(r.stats.timeMs / 1000).toFixed(1)} s | ${fmt(r.stats.expanded)} | ${fmt(r.stats.stored)} | ${ms(peakMb)} MB | ${peakMb > memoryMb ? '+' : ''}${ms(peakMb - memoryMb)} MB |`);
  }
}

// the defaults
const heapMb = getHeapStatistics().heap_size_limit / 2 ** 20;
const workerHeap = await new Promise<number>((resolve, reject) => {
  const w = new Worker('const { parentPort } = require("node:worker_threads"); parentPort.postMessage(require("node:v8").getHeapStatistics().heap_size_limit);', {
    eval: true,
    resourceLimits: { maxOldGenerationSizeMb: workerHeapLimitMb(defaultMaxMemoryMb) },
  });
  w.once('message', (n: number) => {
    void w.terminate();
    resolve(n / 2 ** 20);
  });
  w.once('error', reject);
});
console.log(`\ndefaults: --max-memory ${fmt(defaultMaxMemoryMb)} MB (3/4 of the machine); V8's heap limit ${ms(heapMb)} MB in the main thread (every search stops at ${Math.round(HEAP_STOP_FRACTION * 100)}% of its thread's), ${ms(workerHeap)} MB in the solve worker`);
