/**
 * Every command line of the README runs as printed (doc-commands.ts says
 * what counts as one and its kinds):
 *
 * - `npx planlog …` and shell lines run through `bash -c LINE`, exactly as
 *   printed (redirections, pipes, quotes), in the README's order as far as
 *   files go (later commands read the files earlier ones wrote; commands
 *   that only read run two at a time, see runUpTo), in a scratch folder: `project/` holds copies of the repo's
 *   `maps/`, `domains/` (and `examples/` when there is one), and beside it
 *   `shared` links to the repo's `../shared` (so `../shared/…` resolves as
 *   in a checkout; commands that read it are skipped when it is absent).
 *   Nothing is written into the repo. Each exits with the code its
 *   `# exit N` comment promises (0 without one), and the output excerpts
 *   (a plain block right after an `sh` block) are printed by that block's
 *   commands.
 * - `npx` is a shim first on the PATH (`bin/npx` in the scratch folder): it
 *   runs `node <repo>/bin/planlog.js …` for `npx planlog …` (the real npx
 *   takes about 1.4 s to start; one test below runs the real one in the
 *   project folder) and fails loudly for anything else. bin/planlog.js runs
 *   the compiled dist/ when it is newer than src/ (CI: `npm ci` builds it),
 *   otherwise the sources through tsx (about 0.8 s more per command): the
 *   run then says so on stderr.
 * - `serve` (it runs until Ctrl-C): the shim adds `--port 0 --threads 1`
 *   when the line names no port (so no test competes for port 9000); the
 *   test waits for its "planlog playground on http://…" line, asks that
 *   address for /api/status (200), sends SIGINT to its process group, as a
 *   terminal's Ctrl-C does, and expects exit 0.
 * - Commands of minutes are not run: LONG below lists them with the reason
 *   (and fails when one is no longer in the README).
 * - Set-up and measurement commands (`npm …`, `npx tsx …`, `npx vitest …`,
 *   `node …`, `/usr/bin/time …`, `git …`) are not run (they install, build,
 *   run the suite or benchmarks of minutes, or make other checkouts): the
 *   npm scripts and the project files they name must exist.
 * - A bare `planlog …` (not on the PATH of a checkout) or a line of an
 *   unknown kind fails.
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { swiplAvailable } from '../../src/prolog/engine-swipl.ts';
import { docShell, excerptPattern, shellWords, type DocCommand } from './doc-commands.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const README = readFileSync(join(root, 'README.md'), 'utf8');
const { commands, excerpts } = docShell(README);
const SHARED = join(root, '..', 'shared');

/** Commands of the README not run, with the reason. */
const LONG = new Map<string, string>([
  ['npx planlog bench ../shared/levels/microban.txt:1-40 --timeout 30', 'the README says 282 s'],
  ['npx planlog bench ../shared/levels/microban.txt:1-40 --algo bfs --vs prolog --engine swipl --timeout 30', 'the README says 665 s'],
  ['npx planlog solve ../shared/levels/microban.txt --level 153 --algo bfs', 'runs 319 s into an 8 GB memory limit'],
]);

/** The folders of the repo the commands read, copied into the scratch folder. */
const COPIED = ['maps', 'domains', 'examples'];

const name = (c: DocCommand): string => `README.md:${c.line}: ${c.text}`;
/**
 * Whether a command may write a file (see runUpTo): a shell line, a
 * redirection, a command with an output folder or file, and bench (it
 * writes bench-output/ by default).
 */
const writes = (c: DocCommand): boolean => {
  const { words, operators } = shellWords(c.text);
  return c.kind !== 'planlog' || operators || words.some((w) => /^(--out|-o)(=|$)/.test(w)) || words[2] === 'bench';
};
/** Commands run side by side (the suite runs one test file at a time; this one has both cores). */
const SLOTS = Math.max(1, Math.min(2, availableParallelism()));

/** At most n tasks at a time. */
class Slots {
  private free: number;
  private readonly waiting: (() => void)[] = [];
  constructor(n: number) {
    this.free = n;
  }
  async use<T>(task: () => Promise<T>): Promise<T> {
    if (this.free > 0) this.free--;
    else await new Promise<void>((r) => this.waiting.push(r));
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.free++;
    }
  }
}
const isServe = (c: DocCommand): boolean => shellWords(c.text).words[2] === 'serve';
const needsShared = (c: DocCommand): boolean => c.text.includes('../shared/');
const run = (c: DocCommand): boolean => (c.kind === 'planlog' || c.kind === 'shell') && !LONG.has(c.text);
/** Why a command that runs is skipped here, or null. */
function skipReason(c: DocCommand): string | null {
  if (needsShared(c) && !existsSync(SHARED)) return `${SHARED} is absent`;
  // a later command of the same block may read what one that reads ../shared wrote (pddl import --out gripper, then solve gripper/…)
  if (!existsSync(SHARED) && c.block >= 0 && commands.some((d) => d.block === c.block && d.line < c.line && needsShared(d))) return `${SHARED} is absent (an earlier command of its block reads it)`;
  if (/ --engine swipl\b/.test(c.text) && !swiplAvailable()) return 'swipl-wasm is not installed';
  return null;
}

interface Printed {
  code: number;
  out: string;
  err: string;
  /** serve: the status of GET /api/status at the address it printed. */
  served?: number;
}

/** The newest modification time under a folder (ms). */
function newest(dir: string): number {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

/** What bin/planlog.js decides: dist/ is built and newer than every file of src/. */
function distFresh(): boolean {
  const stamp = join(root, 'dist', '.built');
  return existsSync(join(root, 'dist', 'cli.js')) && existsSync(stamp) && statSync(stamp).mtimeMs >= newest(join(root, 'src'));
}

/** The npx shim (see the header). */
function shim(): string {
  const bin = join(root, 'bin', 'planlog.js');
  if (bin.includes("'")) throw new Error(`a quote in the project's path: ${bin}`);
  return `#!/bin/sh
# npx for the README test: runs this checkout's planlog; anything else fails loudly
if [ "$1" != planlog ]; then
  echo "docs test: this npx runs only 'npx planlog …', not: npx $*" >&2
  exit 127
fi
shift
if [ "$1" = serve ]; then
  case " $* " in *" --port "* | *" --port="*) ;; *) set -- "$@" --port 0 ;; esac
  case " $* " in *" --threads "* | *" --threads="*) ;; *) set -- "$@" --threads 1 ;; esac
fi
exec node '${bin}' "$@"
`;
}

/**
 * Runs one line through bash in `cwd`. A `serve` line: once it has printed
 * its address, GET /api/status there, then SIGINT to its process group.
 */
function runBash(c: DocCommand, cwd: string, env: NodeJS.ProcessEnv): Promise<Printed> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', c.printed], { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    let served: number | undefined;
    let asked = false;
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      out += d;
      const address = /^planlog playground on (http:\/\/127\.0\.0\.1:\d+)\//m.exec(out)?.[1];
      if (isServe(c) && !asked && address !== undefined) {
        asked = true;
        fetch(`${address}/api/status`)
          .then((r) => (served = r.status), () => (served = -1))
          .finally(() => process.kill(-child.pid!, 'SIGINT'));
      }
    });
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      err += d;
    });
    child.on('error', reject);
    // a signal that ended it (no handler) counts as 128
    child.on('close', (code, signal) => resolve({ code: code ?? (signal === null ? -1 : 128), out, err, ...(served === undefined ? {} : { served }) }));
  });
}

describe('the README: every command line, as printed, through bash', () => {
  let scratch = '';
  let cwd = '';
  let env: NodeJS.ProcessEnv = {};
  beforeAll(() => {
    scratch = mkdtempSync(join(tmpdir(), 'planlog-readme-'));
    cwd = join(scratch, 'project');
    mkdirSync(cwd);
    for (const d of COPIED) if (existsSync(join(root, d))) cpSync(join(root, d), join(cwd, d), { recursive: true });
    if (existsSync(SHARED)) symlinkSync(realpathSync(SHARED), join(scratch, 'shared'));
    mkdirSync(join(scratch, 'bin'));
    writeFileSync(join(scratch, 'bin', 'npx'), shim());
    chmodSync(join(scratch, 'bin', 'npx'), 0o755);
    env = { ...process.env, PATH: `${join(scratch, 'bin')}:${process.env.PATH ?? ''}` };
    delete env.PLANLOG_PROGRESS;
    if (!distFresh()) {
      process.stderr.write('docs test: dist/ is missing or older than src/, so the README commands run the sources through tsx (about 0.8 s more each); `npm run build` makes them fast\n');
    }
  });
  afterAll(() => {
    if (scratch !== '') rmSync(scratch, { recursive: true, force: true });
  });

  /**
   * The commands run once each, in the README's order as far as files go: a
   * command that writes starts after every command above it has ended, one
   * that only reads after every writer above it (so it sees their files and
   * no later writer changes a file under it); readers between two writers
   * run side by side, at most SLOTS at a time. A test that needs command i
   * starts every command up to i that has not started yet, so that each
   * test also runs alone.
   */
  const runs: Promise<Printed | null>[] = [];
  const slots = new Slots(SLOTS);
  const runUpTo = (i: number): Promise<Printed | null> => {
    for (let k = runs.length; k <= i; k++) {
      const c = commands[k];
      const above = writes(c) ? runs : runs.filter((_, j) => writes(commands[j]));
      const after = Promise.all(above.map((r) => r.catch(() => null)));
      runs.push(after.then(() => (run(c) && skipReason(c) === null ? slots.use(() => runBash(c, cwd, env)) : null)));
    }
    return runs[i];
  };

  commands.forEach((c, i) => {
    if (LONG.has(c.text)) it.skip(`${name(c)} (not run: ${LONG.get(c.text)})`, () => {});
    if (!run(c)) return;
    const why = skipReason(c);
    it.skipIf(why !== null)(`${name(c)} exits ${c.exit}${why ? ` (skipped: ${why})` : ''}`, async () => {
      const p = (await runUpTo(i))!;
      expect(p.code, `${p.out}\n${p.err}`).toBe(c.exit);
      if (isServe(c)) {
        expect(p.out.split('\n')[0]).toMatch(/^planlog playground on http:\/\/127\.0\.0\.1:\d+\/ /);
        expect(p.served).toBe(200);
      }
    });
  });

  excerpts.forEach((e, i) => {
    it(`output excerpt ${i + 1} (after sh block ${e.block + 1}) is printed by the commands of that block`, async () => {
      const mine = commands.flatMap((c, k) => (c.block === e.block ? [k] : []));
      // the outputs of the commands of its block that ran and exit as the text says
      const outputs = (await Promise.all(mine.map(async (k) => ({ c: commands[k], p: await runUpTo(k) })))).flatMap(({ c, p }) =>
        p !== null && p.code === c.exit ? [`${p.out}\n${p.err}`.split('\n')] : [],
      );
      expect(outputs.length).toBeGreaterThan(0);
      for (const line of e.lines) {
        const pattern = excerptPattern(line);
        if (pattern === null) continue;
        expect(
          outputs.some((o) => o.some((l) => pattern.test(l))),
          `not printed: ${line}`,
        ).toBe(true);
      }
    });
  });

  it('commands of minutes are not run: each is still in the README', () => {
    for (const [text, why] of LONG) expect(commands.some((c) => c.text === text), `${text} (${why})`).toBe(true);
  });

  it('no bare planlog (not on the PATH of a checkout) and no command of an unknown kind', () => {
    expect(commands.filter((c) => c.kind === 'bare' || c.kind === 'unknown').map(name)).toEqual([]);
  });

  it('set-up and measurement commands name npm scripts and project files that exist', () => {
    const scripts = Object.keys((JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts);
    const missing: string[] = [];
    for (const c of commands.filter((x) => x.kind === 'setup' || x.kind === 'measure')) {
      const { words } = shellWords(c.text);
      const script = words[0] === 'npm' && words[1] === 'run' ? words[2] : undefined;
      if (script !== undefined && !scripts.includes(script)) missing.push(`${name(c)}: no npm script ${script}`);
      // the paths inside the project it names (not ../…, /…, $VAR/…, options)
      for (const w of words) if (w.includes('/') && !/^(\.\.\/|\/|\$|-)/.test(w) && !existsSync(join(root, w))) missing.push(`${name(c)}: no ${w}`);
    }
    expect(missing).toEqual([]);
  });

  it('the real npx runs the project\'s command: npx planlog --help in the project folder prints only planlog\'s help', () => {
    const r = spawnSync('npx', ['planlog', '--help'], { cwd: root, encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout.split('\n').slice(0, 3)).toEqual(['planlog — a Prolog-style STRIPS planner', '', 'usage: npx planlog <command> [options]']);
  });
});
