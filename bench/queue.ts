/**
 * Throughput of the job queue against the local pool (issue 19, item 5):
 * the same `planlog bench` on the local pool (--threads T) and on the job
 * queue with W `planlog worker` processes of one job at a time each, on a
 * Redis server of its own (a free 127.0.0.1 port, nothing saved). Prints
 * per set and runner: jobs, wall time of the bench, jobs/s, and the CPU
 * seconds of the bench process, of the workers and of redis-server (from
 * /proc, so other load on the machine shows as wall time, not as CPU).
 *
 *   npx tsx bench/queue.ts [--set microban=../shared/levels/microban.txt:1-100] … [--algo auto]
 *                          [--runners local:1,local:2,queue:1,queue:2,queue:4] [--repeat 1]
 *
 * The overhead per job: the `tiny` set (the tutorial's level 1 with bfs,
 * repeated: a job of about a millisecond) measures what the queue adds to a
 * job (enqueue, a worker's fetch, lock and result, the bench's event).
 * Runs planlog as a user does (node bin/planlog.js: dist/ when it is fresh).
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchArgs } from './args.ts';

const root = fileURLToPath(new URL('../', import.meta.url));
const { values } = benchArgs(import.meta.url, {
  options: {
    set: { type: 'string', multiple: true },
    algo: { type: 'string', default: 'auto' },
    runners: { type: 'string', default: 'local:1,local:2,queue:1,queue:2,queue:4' },
    repeat: { type: 'string', default: '1' },
    'tiny-repeat': { type: 'string', default: '300' },
  },
});
const sets = (values.set ?? ['tiny=maps/tutorial.txt:1', 'microban=../shared/levels/microban.txt:1-100', 'boxoban=../shared/levels/boxoban-medium-valid-000.txt:1-100']).map((s) => {
  const [name, spec] = s.split('=');
  return { name, spec };
});
const runners = values.runners.split(',').map((r) => {
  const [kind, n] = r.split(':');
  return { kind: kind as 'local' | 'queue', n: Number(n) };
});

const ticks = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;
/** CPU seconds (user + system) of a live process and its threads, from /proc. */
function cpuOf(pid: number): number {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(f[11]) + Number(f[12])) / ticks;
  } catch {
    return Number.NaN;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** Starts a process; resolves when its output matches `ready`. */
function start(cmd: string, args: string[], ready: RegExp): Promise<ReturnType<typeof spawn>> {
  return new Promise((resolve, reject) => {
    const p = spawn(cmd, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const on = (d: Buffer): void => {
      out += d.toString();
      if (ready.test(out)) resolve(p);
    };
    p.stdout!.on('data', on);
    p.stderr!.on('data', (d: Buffer) => process.stderr.write(d));
    p.on('exit', (code) => reject(new Error(`${cmd} ${args.join(' ')} ended (${code}) before it was ready:\n${out}`)));
  });
}

/** Runs a bench to its end; wall seconds and its own CPU seconds. */
function runBench(args: string[]): Promise<{ wall: number; cpu: number }> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const p = spawn(process.execPath, ['bin/planlog.js', 'bench', ...args], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
    let cpu = 0;
    const poll = setInterval(() => {
      const c = cpuOf(p.pid!);
      if (!Number.isNaN(c)) cpu = c;
    }, 50);
    p.on('exit', (code) => {
      clearInterval(poll);
      if (code !== 0) reject(new Error(`bench ${args.join(' ')}: exit ${code}`));
      else resolve({ wall: (performance.now() - t0) / 1000, cpu });
    });
  });
}

const tmp = mkdtempSync(join(tmpdir(), 'planlog-queue-bench-'));
const port = await freePort();
const redis = await start('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', tmp], /Ready to accept connections/);
let db = 0;
const rows: string[] = [];
try {
  for (const set of sets) {
    const repeat = set.name === 'tiny' ? values['tiny-repeat'] : values.repeat;
    const algo = set.name === 'tiny' ? 'bfs' : values.algo;
    const args = [set.spec, '--algo', algo, '--repeat', repeat, '--timeout', '60'];
    for (const r of runners) {
      const out = join(tmp, `${set.name}-${r.kind}-${r.n}`);
      let res: { wall: number; cpu: number };
      let workerCpu = 0;
      let redisCpu = 0;
      if (r.kind === 'local') res = await runBench([...args, '--threads', String(r.n), '--out', out]);
      else {
        const url = `redis://127.0.0.1:${port}/${++db}`;
        const workers = await Promise.all(Array.from({ length: r.n }, () => start(process.execPath, ['bin/planlog.js', 'worker', '--queue', url, '--concurrency', '1'], /^planlog worker on /m)));
        const before = workers.map((w) => cpuOf(w.pid!));
        const redisBefore = cpuOf(redis.pid!);
        res = await runBench([...args, '--queue', url, '--out', out]);
        workerCpu = workers.reduce((s, w, i) => s + cpuOf(w.pid!) - before[i], 0);
        redisCpu = cpuOf(redis.pid!) - redisBefore;
        await Promise.all(workers.map((w) => new Promise((resolve) => (w.on('exit', resolve), w.kill('SIGTERM')))));
      }
      const runs = (JSON.parse(readFileSync(join(out, 'bench.json'), 'utf8')) as { runs: { status: string }[] }).runs;
      const solved = runs.filter((x) => x.status === 'solved').length;
      const line = `| ${set.name} | ${r.kind === 'local' ? `local pool, ${r.n} thread${r.n === 1 ? '' : 's'}` : `queue, ${r.n} worker${r.n === 1 ? '' : 's'}`} | ${runs.length} (${solved} solved) | ${res.wall.toFixed(2)} s | ${(runs.length / res.wall).toFixed(1)} | ${res.cpu.toFixed(2)} s | ${r.kind === 'queue' ? `${workerCpu.toFixed(2)} s | ${redisCpu.toFixed(2)} s` : '– | –'} |`;
      rows.push(line);
      process.stderr.write(`${line}\n`);
    }
  }
} finally {
  redis.kill('SIGTERM');
  rmSync(tmp, { recursive: true, force: true });
}
console.log('| set | runner | jobs | wall | jobs/s | bench CPU | workers CPU | redis CPU |');
console.log('|---|---|---|---|---|---|---|---|');
for (const r of rows) console.log(r);
