/**
 * Ctrl-C through every documented command line: `node bin/planlog.js …`,
 * `npm start -- …`, `npx planlog …` and `npm run dev -- …`. Each is started in its own process
 * group (as a terminal does), the test waits until the search runs (the
 * progress line, shown on a pipe with PLANLOG_PROGRESS=1), then sends
 * SIGINT to the whole group, as Ctrl-C does: the search stops with status
 * limit (interrupted), its statistics on stdout, and the command line's
 * exit code is 3 — also through npm, whose script shell (.npmrc:
 * script-shell=bash) replaces itself with planlog instead of dying of the
 * signal in between.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
/** iddfs on maps/bench.txt level 1 (five boxes) runs for minutes. */
const SOLVE = ['solve', 'maps/bench.txt', '--level', '1', '--algo', 'iddfs'];

interface Ended {
  code: number | null;
  signal: NodeJS.Signals | null;
  out: string;
  err: string;
}

/** Runs a command line in its own process group; at the first progress line, Ctrl-C to the group. */
function interrupted(command: string, args: string[]): Promise<Ended> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, PLANLOG_PROGRESS: '1' } });
    let out = '';
    let err = '';
    let sent = false;
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => {
      err += d;
      if (!sent && err.includes('searching…')) {
        sent = true;
        process.kill(-child.pid!, 'SIGINT');
      }
    });
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, out, err }));
  });
}

describe('Ctrl-C during a search: exit 3 with the statistics, whichever command line started it', () => {
  for (const [name, command, args] of [
    ['node bin/planlog.js', process.execPath, ['bin/planlog.js', ...SOLVE]],
    ['npm start --', 'npm', ['start', '--', ...SOLVE]],
    ['npx planlog', 'npx', ['planlog', ...SOLVE]],
    ['npm run dev -- (the sources through tsx)', 'npm', ['run', 'dev', '--', ...SOLVE]],
  ] as const) {
    it(name, async () => {
      const r = await interrupted(command, [...args]);
      expect(r.err).toContain('interrupted: stopping the search (Ctrl-C again quits at once)');
      expect(r.out).toContain('search stopped (iddfs (cycle state)): interrupted; no plan found so far');
      expect(r.out).toMatch(/^search: [\d,]+ expanded, [\d,]+ generated; search [\d.]+ ms, total [\d.]+ ms/m);
      expect(r.out).toMatch(/^iterations \(bound:generated\): 1:3 2:9 3:21 /m);
      expect({ code: r.code, signal: r.signal }).toEqual({ code: 3, signal: null });
    }, 120_000);
  }
});
