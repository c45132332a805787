/**
 * Without swipl-wasm (simulated): `--engine swipl` is a usage error (exit 2)
 * that says how to get it, `--engine tau` still works, and the demo falls
 * back to the tau-prolog cross-check of a tutorial level.
 */
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { runMain } from './run-main.ts';

vi.mock('../../src/prolog/engine-swipl.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/prolog/engine-swipl.ts')>()),
  swiplAvailable: () => false,
}));

const TUTORIAL = relative(process.cwd(), fileURLToPath(new URL('../../maps/tutorial.txt', import.meta.url)));

const run = runMain;

describe('--engine swipl without swipl-wasm', () => {
  it('compare and solve --backend prolog: exit 2, SWI-Prolog not available', async () => {
    for (const argv of [
      ['compare', TUTORIAL, '--level', '2', '--engine', 'swipl'],
      ['solve', TUTORIAL, '--level', '2', '--backend', 'prolog', '--algo', 'iddfs', '--engine', 'swipl'],
    ]) {
      const r = await run(...argv);
      expect(r.code).toBe(2);
      expect(r.err).toMatch(/SWI-Prolog not available: .*npm install/);
    }
  });
  it('--engine tau works as before', async () => {
    const r = await run('compare', TUTORIAL, '--level', '2', '--engine', 'tau', '--json');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out).prolog.prolog.engine).toBe('tau');
  });
  it('the demo cross-checks a tutorial level with tau-prolog', async () => {
    const r = await run();
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/tutorial\.txt, level 3: iddfs --cycle state, ts vs prolog/);
    expect(r.out).toContain('prolog (fast, tau-prolog)');
    expect(r.out).toMatch(/agree: both find valid 6-step plans/);
  });
});
