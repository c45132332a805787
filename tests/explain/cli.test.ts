/** planlog explain in-process: JSON per step, exit codes as validate (0 valid, 5 invalid, 2 usage). */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runMain as run } from '../cli/run-main.ts';

const path = (p: string): string => fileURLToPath(new URL(`../../${p}`, import.meta.url));

describe('planlog explain', () => {
  it('--json: one object whose steps stand alone; exit 0', async () => {
    const plan = path('tests/fixtures/plans/robot.txt');
    const r = await run('explain', path('domains/robot-problem.pl'), '--domain', path('domains/robot.pl'), '--plan', plan, '--json');
    expect(r.code).toBe(0);
    const json = JSON.parse(r.out);
    expect(json.valid).toBe(true);
    expect(json.steps).toHaveLength(3);
    expect(json.steps[1]).toMatchObject({ index: 2, op: 'move(a,b)', schema: { name: 'move(From,To)', line: 8 }, bindings: { From: 'a', To: 'b' } });
    expect(json.steps[1].preconditions).toEqual([
      { fact: 'at(a)', static: false },
      { fact: 'door(a,b)', static: true },
    ]);
  });

  it('a level with --lurd: boards in the text; an invalid plan exits 5', async () => {
    const ok = await run('explain', path('maps/tutorial.txt'), '--level', '1', '--lurd', 'R');
    expect(ok.code).toBe(0);
    expect(ok.out).toContain('step 1: pushR(x1y1,x2y1,x3y1)\n  operator pushR(Sok,From,To), ');
    expect(ok.out).toContain('  board after:\n    #####\n    # @*#\n    #####');
    const bad = await run('explain', path('maps/tutorial.txt'), '--level', '2', '--lurd', 'rrRlR', '--json');
    expect(bad.code).toBe(5);
    expect(JSON.parse(bad.out).failure).toMatchObject({ step: 5, missing: ['box(x4y1)', 'empty(x5y1)'] });
  });

  it('needs exactly one of --plan and --lurd (exit 2); --help prints its usage', async () => {
    const r = await run('explain', path('maps/tutorial.txt'));
    expect(r.code).toBe(2);
    expect(r.err).toContain('explain needs exactly one of --plan FILE or --lurd STRING');
    const h = await run('explain', 'x', '--help');
    expect(h.code).toBe(0);
    expect(h.out).toContain('usage: npx planlog explain <file>');
  });
});
