/**
 * Real processes on loopback for the job-queue tests: a Redis server of the
 * test's own (redis-server on a free 127.0.0.1 port, nothing saved to disk,
 * in a temporary folder), `planlog worker` and `planlog bench` processes
 * started as a user starts them (node bin/planlog.js …), and waits on what
 * they print — never on the clock.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';

export const root = fileURLToPath(new URL('../../', import.meta.url));

/** redis-server is installed (the tests that need it are skipped otherwise; .ci/run installs it). */
export const haveRedis = spawnSync('redis-server', ['--version'], { encoding: 'utf8' }).status === 0;

/** A TCP port that was free a moment ago. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.unref();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** A process whose output lines the test can wait for. */
export class Proc {
  readonly child: ChildProcess;
  out = '';
  err = '';
  readonly exited: Promise<number | null>;
  private waiters: { test: () => boolean; resolve: () => void }[] = [];

  constructor(cmd: string, args: string[], opts: { cwd?: string; env?: NodeJS.ProcessEnv } = {}) {
    this.child = spawn(cmd, args, { cwd: opts.cwd ?? root, env: opts.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    this.child.stdout!.on('data', (d: Buffer) => {
      this.out += d.toString();
      this.check();
    });
    this.child.stderr!.on('data', (d: Buffer) => {
      this.err += d.toString();
      this.check();
    });
    this.exited = new Promise((resolve) =>
      this.child.on('exit', (code) => {
        resolve(code);
        this.check();
      }),
    );
  }

  get lines(): string[] {
    return this.out.split('\n').filter((l) => l !== '');
  }

  private check(): void {
    this.waiters = this.waiters.filter((w) => {
      if (!w.test()) return true;
      w.resolve();
      return false;
    });
  }

  /** Resolves when `test` holds (checked at each output); rejects when the process ends first. */
  until(test: () => boolean, what: string): Promise<void> {
    if (test()) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      this.waiters.push({ test, resolve });
      void this.exited.then((code) => {
        if (!test()) reject(new Error(`${what}: the process ended (exit ${code}) first.\nstdout:\n${this.out}\nstderr:\n${this.err}`));
      });
    });
  }

  /** Resolves with the first output line matching `re`. */
  async line(re: RegExp, what = String(re)): Promise<string> {
    await this.until(() => this.lines.some((l) => re.test(l)), what);
    return this.lines.find((l) => re.test(l))!;
  }

  kill(signal: NodeJS.Signals = 'SIGTERM'): void {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill(signal);
  }
}

/** A Redis server of the test's own: `url(db)` is the URL of one of its databases (one per test keeps them apart). */
export class RedisServer {
  private proc?: Proc;
  private dir = '';
  port = 0;

  async start(): Promise<void> {
    this.dir = mkdtempSync(join(tmpdir(), 'planlog-redis-'));
    this.port = await freePort();
    this.proc = new Proc('redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', this.dir], { cwd: this.dir });
    await this.proc.until(() => /Ready to accept connections/.test(this.proc!.out), 'redis-server ready');
  }

  url(db = 0): string {
    return `redis://127.0.0.1:${this.port}/${db}`;
  }

  async stop(): Promise<void> {
    if (this.proc) {
      this.proc.kill('SIGTERM');
      await this.proc.exited;
    }
    if (this.dir) rmSync(this.dir, { recursive: true, force: true });
  }
}

/** A Redis server for the tests of the describe block it is called in: started before them, stopped after. */
export function suiteRedis(): RedisServer {
  const redis = new RedisServer();
  beforeAll(() => redis.start(), 30_000);
  afterAll(() => redis.stop());
  return redis;
}

/** `planlog ARGS…` as a process (bin/planlog.js). */
export const planlog = (...args: string[]): Proc => new Proc(process.execPath, ['bin/planlog.js', ...args]);

/** A `planlog worker` on the queue, ready (its start line printed). */
export async function startWorker(url: string, ...extra: string[]): Promise<Proc> {
  const w = planlog('worker', '--queue', url, '--concurrency', '1', ...extra);
  await w.line(/^planlog worker on /, 'the worker started');
  return w;
}

/** The job ids a worker started (`start ID …` lines) and finished (`done ID …`). */
export const started = (w: Proc): string[] => w.lines.filter((l) => l.startsWith('start ')).map((l) => l.split(' ')[1]);
export const finished = (w: Proc): string[] => w.lines.filter((l) => l.startsWith('done ')).map((l) => l.split(' ')[1]);
