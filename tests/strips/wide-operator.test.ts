/**
 * An operator of 20,000 preconditions (a chain p(X0,X1), p(X1,X2), …):
 * grounding and validation match preconditions without recursing once per
 * precondition, so the call stack does not overflow (both did, an internal
 * error), and the join order and the schema's slots are found in
 * n log n rather than n² (grounding took 21 s here; 200,000 took 252 s and
 * overran a 10 s limit, polled only inside the joins).
 */
import { describe, expect, it } from 'vitest';
import { loadProblem } from '../../src/core/load.ts';
import { solveLoaded } from '../../src/pipeline/solve.ts';
import { ground } from '../../src/strips/ground.ts';
import { validatePlan } from '../../src/strips/validate.ts';
import { planSteps } from '../../src/core/report.ts';

const n = 20_000;
const chain = Array.from({ length: n }, (_, i) => `p(X${i}, X${(i + 1) % n})`).join(', ');
const loaded = loadProblem({
  file: 'p.pl',
  text: 'init([p(a, a), p(b, c)]).\ngoal([done]).\n',
  domainFile: 'wide.pl',
  domainText: `opn(big(X0), [${chain}], [done], []).\n`,
});

describe('an operator of 20,000 preconditions', () => {
  it('grounds to its one operator (X0 = a: the chain closes only through p(a, a))', () => {
    const task = ground(loaded.domain, loaded.problem);
    expect(task.operators.map((o) => o.name)).toEqual(['big(a)']);
  });
  it('solves in one step, and the validator replays it (and refuses big(b))', () => {
    const r = solveLoaded(loaded, { algo: 'bfs' });
    expect([r.status, r.plan]).toEqual(['solved', ['big(a)']]);
    expect(validatePlan(loaded.domain, loaded.problem, planSteps(['big(a)'])).valid).toBe(true);
    const bad = validatePlan(loaded.domain, loaded.problem, planSteps(['big(b)']));
    expect([bad.valid, bad.failure?.kind]).toEqual([false, 'precondition']);
  });
});
