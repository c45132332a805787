/**
 * bench's journal and --resume on the local runner (no queue needed): the
 * rows are written as they arrive (OUT/bench.jsonl); a run that stops after
 * three of eight jobs and is started again with --resume runs the five
 * others only and writes the files of a run that never stopped; a journal of
 * other runs, or none, is a usage error.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { benchCommand } from '../../src/cli/commands/bench.ts';
import type { Io } from '../../src/cli/io.ts';
import { UsageError } from '../../src/options/index.ts';
import { runJob, type Job, type JobResult } from '../../src/workers/jobs.ts';

const tutorial = fileURLToPath(new URL('../../maps/tutorial.txt', import.meta.url));
const quiet: Io = { out: () => {}, err: () => {}, readFile: (f) => readFileSync(f, 'utf8'), isTTY: false };
const ARGS = [`${tutorial}:1-4`, '--algo', 'bfs,astar+matching', '--timeout', '30'];

let tmp = '';
beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'planlog-resume-'));
});
afterAll(() => {
  rmSync(tmp, { recursive: true, force: true });
});

/** The rows of bench.json without the times (they differ from run to run). */
const rowsOf = (out: string): unknown[] =>
  (JSON.parse(readFileSync(join(out, 'bench.json'), 'utf8')) as { runs: Record<string, unknown>[] }).runs.map(({ timeMs: _t, totalMs: _tt, ...r }) => r);
const journalKeys = (out: string): string[] =>
  readFileSync(join(out, 'bench.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((l) => (JSON.parse(l) as { key: string }).key);

describe('bench --resume on the local runner', () => {
  it('runs only the jobs the interrupted run did not record, and writes the files of an uninterrupted run', async () => {
    const whole = join(tmp, 'whole');
    expect(await benchCommand([...ARGS, '--out', whole], quiet, { run: (job) => runJob(job) })).toBe(0);
    expect(journalKeys(whole)).toHaveLength(8);

    // the first three jobs finish, the others fail as when the run is stopped
    const out = join(tmp, 'stopped');
    const firstThree: Promise<JobResult>[] = [];
    const stopping = (job: Job): Promise<JobResult> => {
      if (firstThree.length < 3) {
        const r = runJob(job);
        firstThree.push(r);
        return r;
      }
      return Promise.all(firstThree).then(() => {
        throw new Error('stopped');
      });
    };
    await expect(benchCommand([...ARGS, '--out', out], quiet, { run: stopping })).rejects.toThrow('stopped');
    const recorded = journalKeys(out);
    expect(recorded).toEqual([`1\t${tutorial}:1\tbfs`, `1\t${tutorial}:1\tastar+matching`, `1\t${tutorial}:2\tbfs`]);

    const ran: string[] = [];
    const counting = (job: Job, key: string): Promise<JobResult> => {
      ran.push(key);
      return runJob(job);
    };
    expect(await benchCommand([...ARGS, '--out', out, '--resume'], quiet, { run: counting })).toBe(0);
    expect(ran).toEqual([
      `1\t${tutorial}:2\tastar+matching`,
      `1\t${tutorial}:3\tbfs`,
      `1\t${tutorial}:3\tastar+matching`,
      `1\t${tutorial}:4\tbfs`,
      `1\t${tutorial}:4\tastar+matching`,
    ]);
    expect(journalKeys(out)).toHaveLength(8);
    expect(rowsOf(out)).toEqual(rowsOf(whole));
    expect(readFileSync(join(out, 'bench.csv'), 'utf8').split('\n')[0]).toBe(readFileSync(join(whole, 'bench.csv'), 'utf8').split('\n')[0]);
  }, 120_000);

  it('a line cut short by a kill: that job runs again', async () => {
    const out = join(tmp, 'cut');
    expect(await benchCommand([`${tutorial}:1-2`, '--algo', 'bfs', '--out', out], quiet, { run: (job) => runJob(job) })).toBe(0);
    const lines = readFileSync(join(out, 'bench.jsonl'), 'utf8').trim().split('\n');
    writeFileSync(join(out, 'bench.jsonl'), `${lines[0]}\n${lines[1]}\n${lines[2].slice(0, 40)}`);
    const ran: string[] = [];
    expect(await benchCommand([`${tutorial}:1-2`, '--algo', 'bfs', '--out', out, '--resume'], quiet, { run: (job, key) => (ran.push(key), runJob(job)) })).toBe(0);
    expect(ran).toEqual([`1\t${tutorial}:2\tbfs`]);
    expect(journalKeys(out)).toEqual([`1\t${tutorial}:1\tbfs`, `1\t${tutorial}:2\tbfs`]);
  }, 60_000);

  it('--resume without a journal, or with the journal of other runs: a usage error naming the file', async () => {
    const none = join(tmp, 'none');
    await expect(benchCommand([`${tutorial}:1`, '--algo', 'bfs', '--out', none, '--resume'], quiet, { run: (job) => runJob(job) })).rejects.toThrow(
      new UsageError(`--resume: ${join(none, 'bench.jsonl')} does not exist (nothing to resume: run without --resume, or give the --out folder of the run)`),
    );
    const other = join(tmp, 'other');
    expect(await benchCommand([`${tutorial}:1`, '--algo', 'bfs', '--out', other], quiet, { run: (job) => runJob(job) })).toBe(0);
    await expect(benchCommand([`${tutorial}:1`, '--algo', 'dfs', '--out', other, '--resume'], quiet, { run: (job) => runJob(job) })).rejects.toThrow(
      `--resume: ${join(other, 'bench.jsonl')} is the journal of other runs (other levels, strategies, limits or repetitions)`,
    );
    writeFileSync(join(other, 'bench.jsonl'), 'level 1\n');
    await expect(benchCommand([`${tutorial}:1`, '--algo', 'bfs', '--out', other, '--resume'], quiet, { run: (job) => runJob(job) })).rejects.toThrow(`--resume: ${join(other, 'bench.jsonl')}:1:1: not a bench journal`);
  }, 60_000);

  it('--threads with --queue: a usage error (the workers set their concurrency)', async () => {
    await expect(benchCommand([`${tutorial}:1`, '--algo', 'bfs', '--queue', 'redis://127.0.0.1:1', '--threads', '2', '--out', join(tmp, 'x')], quiet)).rejects.toThrow(
      '--threads sizes the local pool; with --queue the workers run the jobs',
    );
  });
});
