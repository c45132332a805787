/**
 * `--engine swipl`: the planning theory in SWI-Prolog (swipl-wasm, in a
 * worker thread) agrees with tau-prolog and with the TypeScript planner
 * (per-iteration node counts), locates Prolog errors, and stops at its
 * wall-clock limit. Skipped when swipl-wasm is not installed.
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readTextFile, type Io } from '../../src/cli/io.ts';
import { main } from '../../src/cli/main.ts';
import { PlanlogError } from '../../src/util/errors.ts';
import { loadProblem, type LoadedProblem } from '../../src/core/load.ts';
import { compareLoaded, completedIterations } from '../../src/pipeline/compare.ts';
import { runSwipl, swiplAvailable } from '../../src/prolog/engine-swipl.ts';
import { solvePrologLoaded } from '../../src/prolog/solve.ts';

const path = (p: string): string => fileURLToPath(new URL(`../../${p}`, import.meta.url));
const SOKOBAN = readFileSync(path('domains/sokoban.pl'), 'utf8');
const TUTORIAL = readFileSync(path('maps/tutorial.txt'), 'utf8');
const DEMO = readFileSync(path('maps/demo.txt'), 'utf8');

const level = (n: number): LoadedProblem =>
  loadProblem({ file: 'maps/tutorial.txt', text: TUTORIAL, level: n, domainFile: 'domains/sokoban.pl', domainText: SOKOBAN });

describe.skipIf(!swiplAvailable())('the swipl engine (swipl-wasm)', () => {
  for (const n of [1, 2, 3, 4]) {
    it(`tutorial level ${n}, iddfs --cycle state: same node counts per iteration as tau-prolog and TS`, async () => {
      const swipl = await compareLoaded(level(n), { algo: 'iddfs', cycle: 'state', engine: 'swipl', timeoutMs: 30_000 });
      expect(swipl.verdict, swipl.verdict.reason).toMatchObject({ agree: true });
      expect(swipl.prolog.prolog).toMatchObject({ engine: 'swipl', valid: true });
      const tau = await solvePrologLoaded(level(n), { algo: 'iddfs', cycle: 'state', engine: 'tau', timeoutMs: 30_000 });
      expect(completedIterations(swipl.prolog)).toEqual(completedIterations(swipl.ts));
      expect(completedIterations(swipl.prolog)).toEqual(completedIterations(tau));
      expect(swipl.prolog.stats.iterations?.length).toBe(tau.stats.iterations?.length);
      expect(swipl.prolog.length).toBe(tau.length);
    });
  }
  it('tutorial level 3, bfs', async () => {
    const c = await compareLoaded(level(3), { algo: 'bfs', engine: 'swipl', timeoutMs: 30_000 });
    expect(c.verdict, c.verdict.reason).toMatchObject({ agree: true });
  });
  it('the demo level (maps/demo.txt), iddfs: agrees with TS in all 16 completed iterations', async () => {
    const loaded = loadProblem({ file: 'maps/demo.txt', text: DEMO, domainFile: 'domains/sokoban.pl', domainText: SOKOBAN });
    const c = await compareLoaded(loaded, { algo: 'iddfs', cycle: 'state', engine: 'swipl', timeoutMs: 60_000 });
    expect(c.verdict, c.verdict.reason).toMatchObject({ agree: true });
    expect(c.prolog.length).toBe(17);
    expect(completedIterations(c.prolog)).toHaveLength(16);
    expect(completedIterations(c.prolog)).toEqual(completedIterations(c.ts));
  });
  it('a syntax error in a domain text is located (file:line:col)', async () => {
    const text = '% a broken domain\nopn(a, [b], [c], [d).\n';
    const e = await runSwipl({ sources: [{ file: 'broken.pl', text }], query: 'true', answerVar: 'X' }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(PlanlogError);
    expect((e as PlanlogError).first).toMatchObject({ file: 'broken.pl', line: 2, column: 20 });
    expect((e as PlanlogError).message).toMatch(/^broken\.pl:2:20: Prolog syntax error \(SWI-Prolog\): /);
  });
  it('an unknown predicate becomes a located error', async () => {
    const e = await runSwipl({ sources: [{ file: 'p.pl', text: 'p :-\n  q(1).\n' }], query: 'p', answerVar: 'X' }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(PlanlogError);
    expect((e as PlanlogError).message).toBe('p.pl:2:3: unknown Prolog predicate q/1');
  });
  it('the wall-clock limit terminates the worker; the inference limit stops the run', async () => {
    // an endless loop answers only because the limit ended it
    const r = await runSwipl({ sources: [{ file: 'p.pl', text: 'loop :- loop.\n' }], query: 'loop', answerVar: 'X', timeoutMs: 300 });
    expect(r).toMatchObject({ status: 'limit', limit: 'time', answers: [] });
    const s = await runSwipl({ sources: [{ file: 'p.pl', text: 'loop :- loop.\n' }], query: 'loop', answerVar: 'X', maxSteps: 40_000 });
    expect(s).toMatchObject({ status: 'limit', limit: 'steps' });
  });
  it('answers arrive as terms: atoms, integers, compounds, lists', async () => {
    const r = await runSwipl({ sources: [{ file: 'p.pl', text: "p(a). p(42). p(f('B c', [x, y|T])).\n" }], query: 'p(X)', answerVar: 'X' });
    expect(r.status).toBe('done');
    expect(r.answers.map((t) => t.kind)).toEqual(['atom', 'int', 'compound']);
    const f = r.answers[2];
    expect(f.kind === 'compound' && f.args[0]).toMatchObject({ kind: 'atom', name: 'B c' });
    expect(f.kind === 'compound' && f.args[1]).toMatchObject({ kind: 'list', items: [{ name: 'x' }, { name: 'y' }], tail: { kind: 'var' } });
  });
  it("what SWI-Prolog prints (the program's output, its own warnings and errors) goes to onOutput, never to the process's stdout or stderr (issue 13)", async () => {
    const printed: string[] = [];
    const seen: string[] = [];
    const write = (stream: NodeJS.WriteStream) => {
      const original = stream.write.bind(stream);
      stream.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
        seen.push(String(chunk));
        return (original as (...a: unknown[]) => boolean)(chunk, ...rest);
      }) as typeof stream.write;
      return () => (stream.write = original as typeof stream.write);
    };
    const restore = [write(process.stdout), write(process.stderr)];
    try {
      const r = await runSwipl({
        sources: [{ file: 'p.pl', text: 'p :- format("printed by the program~n"), print_message(error, format("an error message of SWI", [])), print_message(warning, format("a warning of SWI", [])).\n' }],
        query: 'p, X = done',
        answerVar: 'X',
        onOutput: (t) => printed.push(t),
      });
      expect(r.status).toBe('done');
    } finally {
      for (const f of restore) f();
    }
    const text = printed.join('');
    expect(text).toContain('printed by the program');
    expect(text).toContain('an error message of SWI');
    expect(seen.join('')).not.toMatch(/printed by the program|an error message of SWI|a warning of SWI/);
  });
  it('the CLI: compare --engine swipl reports prolog.engine in the JSON and SWI-Prolog in the table', async () => {
    const out: string[] = [];
    const io: Io = { out: (t) => out.push(t), err: () => undefined, readFile: readTextFile, isTTY: false };
    const tutorial = relative(process.cwd(), path('maps/tutorial.txt'));
    expect(await main(['compare', tutorial, '--level', '3', '--engine', 'swipl', '--json'], io)).toBe(0);
    expect(JSON.parse(out.join('\n')).prolog.prolog).toMatchObject({ engine: 'swipl', theory: 'fast', valid: true });
    out.length = 0;
    expect(await main(['solve', tutorial, '--level', '2', '--backend', 'prolog', '--algo', 'bfs', '--engine', 'swipl', '--json'], io)).toBe(0);
    expect(JSON.parse(out.join('\n')).prolog.engine).toBe('swipl');
    out.length = 0;
    expect(await main(['compare', tutorial, '--level', '2', '--engine', 'swipl'], io)).toBe(0);
    expect(out.join('\n')).toContain('prolog (fast, SWI-Prolog)');
  });
});
