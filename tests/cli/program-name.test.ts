/**
 * The CLI's hints name a command that works for how planlog was started:
 * `npx planlog` from a checkout (through npm or `node bin/planlog.js`),
 * `planlog` when it runs as a command of that name from the PATH; a usage
 * error says once where its help is; `--version`.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { programName } from '../../src/cli/paths.ts';
import { runMain, runMainAs } from './run-main.ts';

const runAs = runMainAs;

describe('programName: how the user runs planlog', () => {
  it('npx planlog (npm runs the bin link .bin/planlog with npm_command=exec)', () => {
    expect(programName({ npm_command: 'exec' }, '/root/.npm/_npx/5eec080bf95e7d97/node_modules/.bin/planlog')).toBe('npx planlog');
  });
  it('npm start, npm run dev: npx planlog', () => {
    expect(programName({ npm_command: 'start' }, '/work/main/bin/planlog.js')).toBe('npx planlog');
    expect(programName({ npm_command: 'run-script' }, '/work/main/src/cli.ts')).toBe('npx planlog');
  });
  it('node bin/planlog.js in a checkout: npx planlog (planlog is not on its PATH)', () => {
    expect(programName({}, '/work/main/bin/planlog.js')).toBe('npx planlog');
    expect(programName({}, '')).toBe('npx planlog');
  });
  it('a command named planlog on the PATH, not started by npm: planlog', () => {
    expect(programName({}, '/usr/local/bin/planlog')).toBe('planlog');
  });
});

describe('hints and help name that command', () => {
  it('a usage error in a command: one hint, to the command\'s own help', async () => {
    const r = await runMain('solve', 'maps/tutorial.txt', '--heurstic', 'hff');
    expect(r.code).toBe(2);
    expect(r.err).toBe('planlog: unknown option --heurstic; did you mean --heuristic?\n(see npx planlog solve --help)');
    expect(r.err.match(/\(see /g)).toHaveLength(1);
  });
  it('an unknown command: one hint, to the global help (it was printed twice)', async () => {
    const r = await runMain('slove', 'maps/tutorial.txt');
    expect(r.code).toBe(2);
    expect(r.err).toBe(
      "planlog: unknown command 'slove'; did you mean solve? (commands: solve, compare, lint, facts, validate, explain, trace, bench, worker, pddl, serve)\n(see npx planlog --help)",
    );
  });
  it('installed on the PATH: planlog in the hint and in the help', async () => {
    expect((await runAs('planlog', 'slove')).err.split('\n')[1]).toBe('(see planlog --help)');
    expect((await runAs('planlog', 'facts', '--level')).err).toBe('planlog: --level needs a value\n(see planlog facts --help)');
    expect((await runAs('planlog', 'facts', '--help')).out.split('\n')[0]).toBe('usage: planlog facts <level-file> [--level N|TITLE] [--domain FILE]');
    const global = (await runAs('planlog', '--help')).out;
    expect(global).toContain('\nusage: planlog <command> [options]\n');
    expect(global).toContain('\nplanlog <command> --help shows the usage, options and exit codes of one command;\nplanlog --version prints the version.\n');
  });
  it("a description's example command and the commands' own hints too", async () => {
    expect((await runAs('npx planlog', 'pddl', '--help')).out).toContain('\n  npx planlog solve DIR/problem.pl --domain DIR/domain.pl\n');
    expect((await runAs('planlog', 'pddl', '--help')).out).toContain('\n  planlog solve DIR/problem.pl --domain DIR/domain.pl\n');
    const dir = mkdtempSync(join(tmpdir(), 'planlog-program-'));
    try {
      const problem = join(dir, 'p.pddl');
      writeFileSync(problem, '(define (problem p) (:domain d) (:objects a) (:init (q a)) (:goal (q a)))\n');
      const r = await runMain('solve', problem);
      expect(r.code).toBe(2);
      expect(r.err).toBe(`planlog: ${problem} is a PDDL problem and needs its domain: npx planlog solve DOMAIN.pddl ${problem} (or --domain DOMAIN.pddl)\n(see npx planlog solve --help)`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
  it('from a checkout: npx planlog in the global help', async () => {
    const global = (await runAs('npx planlog', '--help')).out;
    expect(global).toContain('\nusage: npx planlog <command> [options]\n');
    expect(global).toContain('\nnpx planlog <command> --help shows the usage, options and exit codes of one\ncommand; npx planlog --version prints the version.\n');
  });
});

it('--version prints the version of package.json, exit 0', async () => {
  const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  expect(version).toMatch(/^\d+\.\d+\.\d+/);
  expect(await runMain('--version')).toEqual({ code: 0, out: `planlog ${version}`, err: '' });
});
