/**
 * Fast Downward as a benchmark peer (src/workers/fast-downward.ts, `bench
 * --algo fd:…`), with a stand-in driver (tests/fixtures/fake-fast-downward.mjs)
 * that prints the real driver's output format: the arguments passed, the
 * counters read, the exit codes mapped, the plan replayed by planlog's
 * validator (an invalid one is an error row), and the usage errors when it
 * is missing.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { benchCommand, benchConfigs } from '../../src/cli/commands/bench.ts';
import type { Io } from '../../src/cli/io.ts';
import { UsageError } from '../../src/options/index.ts';
import { fdArguments, fdStatus, findFastDownward, parseFdOutput } from '../../src/workers/fast-downward.ts';
import { runJob } from '../../src/workers/jobs.ts';

const here = (p: string): string => fileURLToPath(new URL(`../../${p}`, import.meta.url));
const driver = here('tests/fixtures/fake-fast-downward.mjs');
const domain = here('examples/pddl/domain.pddl');
const problem = here('examples/pddl/problem.pddl');
const PLAN = '(pick-up letter hall)\n(move hall office)\n(put-down letter office)\n(pick-up box office)\n(move office hall)\n(move hall kitchen)\n(put-down box kitchen)\n; cost = 7 (unit cost)\n';

const dir = mkdtempSync(join(tmpdir(), 'planlog-fd-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const keys = ['FAKE_FD_PLAN', 'FAKE_FD_EXIT', 'FAKE_FD_ANYTIME', 'FAKE_FD_ARGS'] as const;
afterEach(() => {
  for (const k of keys) delete process.env[k];
});

const job = (config: string) => ({ file: problem, level: 1, domainFile: domain, algo: config, timeoutMs: 30_000, maxMemoryMb: 2000, backend: 'fd' as const, fd: { driver, config } });

function fakeIo(): Io & { stdout: string } {
  const io = {
    stdout: '',
    out(t: string) {
      io.stdout += `${t}\n`;
    },
    err() {},
    readFile: (f: string) => readFileSync(f, 'utf8'),
    isTTY: false,
  };
  return io as unknown as Io & { stdout: string };
}

describe('Fast Downward as a peer', () => {
  it('an alias or a search string, with the limits, the plan file, the domain and the problem', () => {
    expect(fdArguments('lama-first', 'd.pddl', 'p.pddl', '/t/sas_plan', 30_000, 2000)).toEqual(['--overall-time-limit', '30s', '--overall-memory-limit', '2000M', '--plan-file', '/t/sas_plan', '--alias', 'lama-first', 'd.pddl', 'p.pddl']);
    expect(fdArguments('astar(lmcut())', 'd.pddl', 'p.pddl', 'sas_plan', Infinity)).toEqual(['--plan-file', 'sas_plan', 'd.pddl', 'p.pddl', '--search', 'astar(lmcut())']);
  });

  it('reads the last counters and the times; maps the exit codes', () => {
    const out = parseFdOutput('[t=0.01s] Expanded 5 state(s).\n[t=0.02s] Expanded 42 state(s).\n[t=0.02s] Generated 120 state(s).\nSearch time: 0.02s\nTotal time: 0.25s\n');
    expect(out).toEqual({ expanded: 42, generated: 120, evaluated: 0, searchMs: 20, totalMs: 250 });
    expect([0, 2, 11, 12, 22, 23, 35].map((c) => fdStatus(c))).toEqual([
      { status: 'solved' },
      { status: 'solved' },
      { status: 'unsolvable' },
      { status: 'limit', limit: 'incomplete search' },
      { status: 'limit', limit: 'memory' },
      { status: 'limit', limit: 'time' },
      { status: 'error' },
    ]);
  });

  it("a run: its plan replayed by planlog's validator, its counters, the last plan of an anytime search", async () => {
    const planFile = join(dir, 'plan.txt');
    writeFileSync(planFile, PLAN);
    process.env.FAKE_FD_PLAN = planFile;
    process.env.FAKE_FD_ARGS = join(dir, 'args.json');
    const r = await runJob(job('lama-first'));
    expect(r).toMatchObject({ config: 'fd:lama-first', status: 'solved', length: 7, cost: 7, expanded: 42, generated: 120, evaluated: 57, timeMs: 20 });
    expect(JSON.parse(readFileSync(join(dir, 'args.json'), 'utf8')).slice(0, 8)).toEqual(['--overall-time-limit', '30s', '--overall-memory-limit', '2000M', '--plan-file', expect.stringMatching(/sas_plan$/), '--alias', 'lama-first']);
    process.env.FAKE_FD_ANYTIME = '1';
    expect(await runJob(job('lama'))).toMatchObject({ status: 'solved', length: 7 });
    // the time limit ends an anytime search that wrote plans (exit 23): its last plan is the answer
    process.env.FAKE_FD_EXIT = '23';
    expect(await runJob(job('seq-sat-lama-2011'))).toMatchObject({ status: 'solved', length: 7, cost: 7 });
    delete process.env.FAKE_FD_ANYTIME;
  });

  it('an invalid plan, a limit and a crash are rows, not failures', async () => {
    const planFile = join(dir, 'bad.txt');
    writeFileSync(planFile, '(put-down letter office)\n');
    process.env.FAKE_FD_PLAN = planFile;
    const bad = await runJob(job('lama-first'));
    expect(bad.status).toBe('error');
    expect(bad.error).toBe("Fast Downward's plan is invalid: step 1: (put-down letter office) is not applicable: preconditions (robot-at office), (holding letter) do not hold");
    process.env.FAKE_FD_EXIT = '23';
    expect(await runJob(job('lama-first'))).toMatchObject({ status: 'limit', limit: 'time', expanded: 42 });
    process.env.FAKE_FD_EXIT = '35';
    expect((await runJob(job('lama-first'))).error).toBe('Fast Downward exited with 35: [t=0.03s, 12 KB] Total time: 0.25s');
    const level = await runJob({ ...job('lama-first'), file: here('maps/tutorial.txt'), domainFile: here('domains/sokoban.pl') });
    expect(level).toMatchObject({ status: 'error', error: 'Fast Downward reads PDDL: give a PDDL domain and problems' });
  });

  it('found by --fd, $FAST_DOWNWARD or the PATH; missing: a usage error that says how to point at it', () => {
    expect(findFastDownward(driver, {})).toBe(driver);
    expect(findFastDownward(undefined, { FAST_DOWNWARD: driver })).toBe(driver);
    expect(findFastDownward(undefined, { PATH: '/nonexistent' })).toBeNull();
    expect(() => benchConfigs(['fd:lama-first'], {}, { PATH: '/nonexistent' })).toThrow(
      new UsageError('--algo fd:lama-first: Fast Downward not found: give --fd PATH/TO/fast-downward.py, set FAST_DOWNWARD, or put fast-downward.py on the PATH'),
    );
    expect(() => benchConfigs(['bfs'], { fd: driver })).toThrow(new UsageError('--fd applies to Fast Downward configurations (--algo fd:ALIAS)'));
    expect(benchConfigs(['bfs', 'fd:lama-first'], { fd: driver }).map((c) => [c.label, c.backend ?? 'ts'])).toEqual([
      ['bfs', 'ts'],
      ['fd:lama-first', 'fd'],
    ]);
  });

  it('bench over a PDDL folder with a Fast Downward column', async () => {
    const planFile = join(dir, 'plan2.txt');
    writeFileSync(planFile, PLAN);
    process.env.FAKE_FD_PLAN = planFile;
    const out = join(dir, 'out');
    const code = await benchCommand([here('examples/pddl'), '--algo', 'bfs,fd:lama-first', '--fd', driver, '--out', out], fakeIo(), { run: async (j) => runJob(j) });
    expect(code).toBe(0);
    const md = readFileSync(join(out, 'bench.md'), 'utf8');
    expect(md).toContain('| pddl | bfs | 1 / 1 | 1.00 | 1.00 |\n| pddl | fd:lama-first | 1 / 1 | 1.00 | 1.00 |');
  });
});
