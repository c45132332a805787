/**
 * Fast Downward as a peer in the benchmark (`planlog bench --algo
 * fd:lama-first`): when the user has it (its driver `fast-downward.py`, by
 * --fd PATH, the FAST_DOWNWARD variable or the PATH), a job runs it on the
 * same PDDL files with the same time and memory limits, reads its output
 * (plan length and cost, expanded / generated / evaluated states, search
 * and total time, its exit code) and replays the plan it wrote with
 * planlog's own validator. It is never a dependency: without it, asking
 * for an `fd:` configuration is a usage error that says how to point at
 * it.
 *
 * The configuration after `fd:` is an alias of the driver (`lama-first`,
 * `seq-opt-lmcut`, …) or, when it has parentheses, a search string given
 * with --search (`astar(lmcut())`; no commas: --algo splits on them). For
 * an anytime alias the last plan written (sas_plan.N) is the answer.
 */
import { execFile } from 'node:child_process';
import { accessSync, constants, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { factNamesOf, loadProblem } from '../core/load.ts';
import { validatePlan } from '../strips/validate.ts';
import { readPddlPlan } from '../pddl/plan.ts';
import type { Job, JobResult } from './jobs.ts';
import { errorResult, NO_COUNTS } from './result.ts';

/** The driver's names on the PATH, in the order looked for. */
const DRIVER_NAMES = ['fast-downward.py', 'fast-downward'];

/** The driver to run: `given` (--fd), else $FAST_DOWNWARD, else the first driver on the PATH; null when none. */
export function findFastDownward(given?: string, env: NodeJS.ProcessEnv = process.env): string | null {
  const executable = (p: string): boolean => {
    try {
      accessSync(p, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  };
  if (given !== undefined) return existsSync(given) ? resolve(given) : null;
  if (env.FAST_DOWNWARD) return existsSync(env.FAST_DOWNWARD) ? resolve(env.FAST_DOWNWARD) : null;
  for (const dir of (env.PATH ?? '').split(delimiter).filter(Boolean)) {
    for (const name of DRIVER_NAMES) if (executable(join(dir, name))) return join(dir, name);
  }
  return null;
}

/** The driver's arguments for a configuration (after `fd:`): an alias, or a search string. */
export function fdArguments(config: string, domain: string, problem: string, planFile: string, timeoutMs: number, maxMemoryMb?: number): string[] {
  const limits = [
    ...(Number.isFinite(timeoutMs) ? ['--overall-time-limit', `${Math.max(1, Math.ceil(timeoutMs / 1000))}s`] : []),
    ...(maxMemoryMb !== undefined && Number.isFinite(maxMemoryMb) ? ['--overall-memory-limit', `${Math.round(maxMemoryMb)}M`] : []),
  ];
  const search = config.includes('(');
  return [...limits, '--plan-file', planFile, ...(search ? [] : ['--alias', config]), domain, problem, ...(search ? ['--search', config] : [])];
}

/** What the driver printed: the last value of each counter (an anytime search prints one per plan). */
export interface FdOutput {
  expanded: number;
  generated: number;
  evaluated: number;
  searchMs: number | null;
  /** Its search component's total time (not the translator's). */
  totalMs: number | null;
}

export function parseFdOutput(stdout: string): FdOutput {
  const last = (re: RegExp): number | null => {
    let v: number | null = null;
    for (const m of stdout.matchAll(re)) v = Number(m[1]);
    return v;
  };
  const seconds = (re: RegExp): number | null => {
    const v = last(re);
    return v === null ? null : v * 1000;
  };
  return {
    expanded: last(/^\[?.*?Expanded (\d+) state\(s\)/gm) ?? 0,
    generated: last(/^\[?.*?Generated (\d+) state\(s\)/gm) ?? 0,
    evaluated: last(/^\[?.*?Evaluated (\d+) state\(s\)/gm) ?? 0,
    searchMs: seconds(/Search time: ([\d.]+)s/g),
    totalMs: seconds(/Total time: ([\d.]+)s/g),
  };
}

/** The driver's exit codes (its documented ones): a plan found, unsolvable, a limit; anything else is an error. */
export function fdStatus(code: number): { status: JobResult['status']; limit?: string } {
  if (code >= 0 && code <= 3) return { status: 'solved' };
  if (code === 10 || code === 11) return { status: 'unsolvable' };
  if (code === 12) return { status: 'limit', limit: 'incomplete search' };
  if (code === 20 || code === 22 || code === 24) return { status: 'limit', limit: 'memory' };
  if (code === 21 || code === 23) return { status: 'limit', limit: 'time' };
  return { status: 'error' };
}

/** The last plan the driver wrote in `dir` (sas_plan, or the highest sas_plan.N), or null. */
function lastPlan(dir: string): string | null {
  const files = readdirSync(dir).filter((f) => /^sas_plan(\.\d+)?$/.test(f));
  if (files.length === 0) return null;
  const n = (f: string): number => (f === 'sas_plan' ? 0 : Number(f.slice('sas_plan.'.length)));
  return join(dir, files.sort((a, b) => n(b) - n(a))[0]);
}

const run = (cmd: string, args: string[], cwd: string, timeoutMs: number): Promise<{ code: number; stdout: string; stderr: string; killed: boolean }> =>
  new Promise((done) => {
    execFile(cmd, args, { cwd, timeout: Number.isFinite(timeoutMs) ? timeoutMs : 0, maxBuffer: 64 * 2 ** 20, killSignal: 'SIGKILL' }, (err, stdout, stderr) => {
      const e = err as (NodeJS.ErrnoException & { code?: number | string; killed?: boolean }) | null;
      done({ code: e ? (typeof e.code === 'number' ? e.code : -1) : 0, stdout: String(stdout), stderr: String(stderr) + (e && typeof e.code === 'string' ? e.message : ''), killed: e?.killed === true });
    });
  });

/** Runs one job with Fast Downward (job.fd: the driver and the configuration). Never rejects. */
export async function runFastDownwardJob(job: Job & { fd: { driver: string; config: string } }, base: Pick<JobResult, 'file' | 'level' | 'config'>): Promise<JobResult> {
  if (!/\.pddl$/i.test(job.file) || !/\.pddl$/i.test(job.domainFile)) return errorResult(base, 'Fast Downward reads PDDL: give a PDDL domain and problems');
  const dir = mkdtempSync(join(tmpdir(), 'planlog-fd-'));
  try {
    const t0 = performance.now();
    // the driver's own limit first; ours a few seconds later, for a driver that does not stop
    const r = await run(job.fd.driver, fdArguments(job.fd.config, resolve(job.domainFile), resolve(job.file), join(dir, 'sas_plan'), job.timeoutMs, job.maxMemoryMb), dir, job.timeoutMs + 5000);
    const wallMs = performance.now() - t0;
    const out = parseFdOutput(r.stdout);
    // the search's time as it reports it; the whole run (translator, preprocessing, search) as planlog's total
    const counts = { expanded: out.expanded, generated: out.generated, evaluated: out.evaluated, stored: 0, memoryMb: 0, timeMs: out.searchMs ?? wallMs, totalMs: wallMs };
    const planFile = lastPlan(dir);
    const ended = r.killed ? { status: 'limit' as const, limit: 'time' } : fdStatus(r.code);
    // an anytime search (seq-sat-lama-2011) runs until the limit: a plan it wrote before is its answer
    const st = ended.status === 'limit' && planFile !== null ? { status: 'solved' as const } : ended;
    if (st.status !== 'solved' || planFile === null) {
      if (st.status === 'error' || (st.status === 'solved' && planFile === null)) {
        const why = (r.stderr.trim() || r.stdout.trim()).split('\n').slice(-1)[0] ?? '';
        return { ...base, ...NO_COUNTS, ...counts, status: 'error', error: `Fast Downward exited with ${r.code}${planFile === null && st.status === 'solved' ? ' and wrote no plan' : ''}: ${why}` };
      }
      return { ...base, ...NO_COUNTS, ...counts, status: st.status, ...(st.limit ? { limit: st.limit } : {}) };
    }
    // its plan, replayed by planlog's validator on planlog's reading of the same files
    const loaded = loadProblem({ file: job.file, text: readFileSync(job.file, 'utf8'), level: undefined, domainFile: job.domainFile, domainText: readFileSync(job.domainFile, 'utf8') });
    const steps = readPddlPlan(readFileSync(planFile, 'utf8'), planFile, loaded.domain);
    const v = validatePlan(loaded.domain, loaded.problem, steps, factNamesOf(loaded));
    if (!v.valid) return { ...base, ...NO_COUNTS, ...counts, status: 'error', error: `Fast Downward's plan is invalid: ${v.failure?.message ?? 'rejected by the validator'}` };
    return { ...base, ...NO_COUNTS, ...counts, status: 'solved', length: steps.length, cost: v.cost };
  } catch (e) {
    return errorResult(base, e instanceof Error ? e.message : String(e));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
