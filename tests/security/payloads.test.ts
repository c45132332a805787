/**
 * Issue 13: the payload corpus (tests/security/corpus.ts) against the
 * checker and both Prolog engines, and the engines' own defences.
 *
 * - Every payload the checker must refuse is refused with a located error
 *   (file:line:col), before any engine runs.
 * - Every well-formed payload is answered as data, with the same status and
 *   plan length, by the ts backend, tau-prolog and SWI-Prolog; nothing in it
 *   runs (the JavaScript payloads' marker file is never written).
 * - Defence in depth: after the lock-down, the engines have no
 *   js_run_script, no file, shell or halt predicates, and a memory bomb ends
 *   in status `limit` (memory) instead of taking the process down.
 */
import { existsSync, rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlanlogError } from '../../src/util/errors.ts';
import { termToString } from '../../src/model/terms.ts';
import { loadProblem, type LoadedProblem } from '../../src/core/load.ts';
import { solveLoaded } from '../../src/pipeline/solve.ts';
import { runProlog } from '../../src/prolog/engine.ts';
import { runSwipl, swiplAvailable } from '../../src/prolog/engine-swipl.ts';
import { solvePrologLoaded, type PrologEngine } from '../../src/prolog/solve.ts';
import { DOMAIN, JS, MARKER, PAYLOADS, PROBLEM, type Payload } from './corpus.ts';

const engines: PrologEngine[] = swiplAvailable() ? ['tau', 'swipl'] : ['tau'];

const load = (p: Payload): LoadedProblem =>
  loadProblem({ file: 'problem.pl', text: p.problem ?? PROBLEM, domainFile: 'domain.pl', domainText: p.domain ?? DOMAIN });

beforeAll(() => rmSync(MARKER, { force: true }));
afterAll(() => {
  const ran = existsSync(MARKER);
  rmSync(MARKER, { force: true });
  // checked here too, so that no ordering of the tests can hide it
  expect(ran).toBe(false);
});

describe('payloads the checker refuses, located, before any engine', () => {
  for (const p of PAYLOADS) {
    if (!('refused' in p.expect)) continue;
    const want = p.expect.refused;
    it(p.name, () => {
      let error: unknown = null;
      try {
        load(p);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(PlanlogError);
      expect((error as PlanlogError).first).toMatchObject({ file: `${want.file}.pl`, line: want.line, column: want.column });
    });
  }
});

describe(`well-formed payloads are answered as data by ts and ${engines.join(' and ')}`, () => {
  for (const p of PAYLOADS) {
    if ('refused' in p.expect) continue;
    const want = p.expect;
    it(p.name, async () => {
      const loaded = load(p);
      const ts = solveLoaded(loaded, { algo: 'bfs' });
      expect(ts.status).toBe(want.status);
      for (const engine of engines) {
        const r = await solvePrologLoaded(loaded, { algo: 'bfs', engine, timeoutMs: 60_000, maxMemoryMb: 512 });
        expect(r.status, engine).toBe(want.status);
        if (want.length !== undefined) {
          expect(r.length, engine).toBe(want.length);
          expect(r.prolog.valid, engine).toBe(true);
        }
      }
      expect(existsSync(MARKER)).toBe(false);
    }, 120_000);
  }
});

describe('the engines after their lock-down (defence in depth)', () => {
  // a trusted program (like the theory) that tries each built-in and reports what it threw
  const program = { file: 'probe.pl', text: 't(G, R) :- catch((G, R = ran), E, R = E).\n' };
  const calls = [
    `js_run_script(${JSON.stringify(JS)})`,
    "shell('touch /tmp/planlog-issue13-shell')",
    'halt',
    'halt(1)',
    "open('/tmp/planlog-issue13-file', write, _)",
    "consult('/etc/passwd')",
  ];

  it('tau-prolog: no consult, halt or open (existence errors), nothing written', async () => {
    const r = await runProlog({ sources: [program], query: `findall(R, (member(G, [${calls.slice(2).join(', ')}]), t(G, R)), X)`, answerVar: 'X' });
    expect(r.status).toBe('done');
    expect(termToString(r.answers[0])).toBe(
      "[error(existence_error(procedure,halt/0),','/2),error(existence_error(procedure,halt/1),','/2),error(existence_error(procedure,open/3),','/2),error(existence_error(procedure,consult/1),','/2)]",
    );
    expect(existsSync(MARKER)).toBe(false);
  });

  it.skipIf(!swiplAvailable())('SWI-Prolog: no js_run_script, :=, shell, halt, open or consult (existence errors), nothing written', async () => {
    const goals = [...calls, "_ := console.log('x')"];
    const r = await runSwipl({ sources: [program], query: `findall(F, (member(G, [${goals.join(', ')}]), t(G, error(existence_error(procedure, F), _))), X)`, answerVar: 'X' });
    expect(r.status).toBe('done');
    expect(termToString(r.answers[0])).toBe('[js_run_script/1,shell/1,halt/0,halt/1,open/3,consult/1,:(wasm,:=/2)]');
    expect(existsSync(MARKER)).toBe(false);
    expect(existsSync('/tmp/planlog-issue13-shell')).toBe(false);
    expect(existsSync('/tmp/planlog-issue13-file')).toBe(false);
  });

  it('a memory bomb stops with status limit (memory), tau-prolog (the worker heap limit)', async () => {
    const r = await runProlog({ sources: [], query: 'length(L, 100000000)', answerVar: 'L', maxMemoryMb: 128, timeoutMs: 60_000 });
    expect(r).toMatchObject({ status: 'limit', limit: 'memory' });
  }, 90_000);

  it.skipIf(!swiplAvailable())('a memory bomb stops with status limit (memory), SWI-Prolog (the stack limit)', async () => {
    const r = await runSwipl({ sources: [], query: 'length(L, 100000000)', answerVar: 'L', maxMemoryMb: 128, timeoutMs: 60_000 });
    expect(r).toMatchObject({ status: 'limit', limit: 'memory' });
  }, 90_000);
});
