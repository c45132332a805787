/**
 * Issue 21's acceptance property, on random small STRIPS domains and
 * problems (propositional operators with random preconditions, add and
 * delete lists and costs): every configuration whose strategy claims
 * completeness never answers "no plan" (exit 1) where bfs finds one, no
 * configuration finds a plan where bfs proves there is none, every plan
 * marked `optimal: true` costs what ucs's costs, and iddfs under the action
 * rule gives the same answers and the same longest path per iteration with
 * and without its transposition table (`proof: "action-rule"` on its
 * unsolvable answers).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { getStrategy, heuristics, loadProblem, type LoadedProblem } from '../../src/index.ts';
import { fcParams } from './arbitraries.ts';
import { ALL_CONFIGS, configName, searchOptionsOf, solveWith, type Config } from './solving.ts';

/** A propositional task: atoms by name, operators by name with their lists and cost. */
interface RandomTask {
  atoms: string[];
  unit: boolean;
  ops: { name: string; pre: string[]; add: string[]; del: string[]; cost: number }[];
  init: string[];
  goal: string[];
}

const COSTS = [0, 1, 1, 2, 3, 7];
const uniq = (xs: string[]): string[] => [...new Set(xs)].sort();

/** Random operators over p0 … p5: random preconditions, add and delete lists and costs. */
const soup: fc.Arbitrary<RandomTask> = fc
  .record({
    n: fc.integer({ min: 2, max: 6 }),
    unit: fc.boolean(),
    ops: fc.array(
      fc.record({ pre: fc.array(fc.nat(5), { maxLength: 3 }), add: fc.array(fc.nat(5), { minLength: 1, maxLength: 2 }), del: fc.array(fc.nat(5), { maxLength: 2 }), cost: fc.constantFrom(...COSTS) }),
      { minLength: 1, maxLength: 8 },
    ),
    init: fc.array(fc.nat(5), { minLength: 1, maxLength: 3 }),
    goal: fc.array(fc.nat(5), { minLength: 1, maxLength: 3 }),
  })
  .map(({ n, unit, ops, init, goal }) => {
    const atoms = (xs: number[]): string[] => uniq(xs.map((x) => `p${x % n}`));
    return {
      atoms: Array.from({ length: n }, (_, i) => `p${i}`),
      unit,
      ops: ops.map((o, i) => ({ name: `o${i}`, pre: atoms(o.pre), add: atoms(o.add), del: atoms(o.del), cost: o.cost })),
      init: atoms(init),
      goal: atoms(goal),
    };
  });

/**
 * Walks on a random directed graph with keys to pick up on the way and a
 * door that needs them (the shape of issue 21's counterexample to the old
 * --tt under the action rule: the same room reached by different paths).
 */
const walk: fc.Arbitrary<RandomTask> = fc
  .record({
    k: fc.integer({ min: 3, max: 6 }),
    unit: fc.boolean(),
    edges: fc.array(fc.record({ from: fc.nat(5), to: fc.nat(5), cost: fc.constantFrom(...COSTS) }), { minLength: 2, maxLength: 12 }),
    keys: fc.array(fc.nat(5), { minLength: 1, maxLength: 2 }),
    door: fc.nat(5),
  })
  .map(({ k, unit, edges, keys, door }) => {
    const at = (i: number): string => `at${i % k}`;
    const ops: RandomTask['ops'] = [];
    for (const e of edges) {
      const name = `go${e.from % k}to${e.to % k}`;
      if (e.from % k !== e.to % k && !ops.some((o) => o.name === name)) ops.push({ name, pre: [at(e.from)], add: [at(e.to)], del: [at(e.from)], cost: e.cost });
    }
    keys.forEach((room, i) => ops.push({ name: `pick${i}`, pre: [at(room), `key${i}`], add: [`has${i}`], del: [`key${i}`], cost: 1 }));
    ops.push({ name: 'enter', pre: [at(door), ...keys.map((_, i) => `has${i}`)], add: ['inside'], del: [at(door)], cost: 1 });
    return {
      atoms: [...Array.from({ length: k }, (_, i) => at(i)), ...keys.flatMap((_, i) => [`key${i}`, `has${i}`]), 'inside'],
      unit,
      ops,
      init: [at(0), ...keys.map((_, i) => `key${i}`)],
      goal: ['inside'],
    };
  });

const randomTask = fc.oneof(soup, walk);

/** The task as a domain file (opn/4, or opn/5 with costs) and a problem file. */
function texts(t: RandomTask): { domainText: string; text: string } {
  const list = (xs: string[]): string => `[${xs.join(', ')}]`;
  const ops = t.ops.map((o) => `opn(${o.name}, ${list(o.pre)}, ${list(o.add)}, ${list(o.del)}${t.unit ? '' : `, ${o.cost}`}).`);
  // every atom in one operator's lists, so that each is a predicate of the domain
  ops.push(`opn(never, ${list([...t.atoms, 'q'])}, [q], []${t.unit ? '' : ', 1'}).`);
  return { domainText: ops.join('\n') + '\n', text: `init(${list(t.init)}).\ngoal(${list(t.goal)}).\n` };
}

const load = (t: RandomTask): LoadedProblem => loadProblem({ file: 'task.pl', domainFile: 'domain.pl', ...texts(t) });

/** Every configuration that runs without a Sokoban level, iddfs also under the action rule (with and without --tt). */
const CONFIGS: Config[] = [
  ...ALL_CONFIGS.filter((c) => !getStrategy(c.algo)!.plugin && !(c.heuristic && heuristics[c.heuristic].plugin)),
  { algo: 'iddfs', cycle: 'action' },
  { algo: 'iddfs', cycle: 'action', tt: true },
];

describe('random small STRIPS tasks', () => {
  it('complete strategies never say "no plan" where bfs finds one; optimal plans cost what ucs finds', () => {
    let solvable = 0;
    let unsolvable = 0;
    fc.assert(
      fc.property(randomTask, (t) => {
        const loaded = load(t);
        const bfs = solveWith(loaded, { algo: 'bfs' });
        const ucs = solveWith(loaded, { algo: 'ucs' });
        expect(ucs.status).toBe(bfs.status);
        if (bfs.status === 'solved') solvable++;
        else unsolvable++;
        for (const config of CONFIGS) {
          const r = solveWith(loaded, config);
          const what = `${configName(config)}${config.cycle ? ` cycle ${config.cycle}` : ''} on\n${texts(t).domainText}${texts(t).text}`;
          const complete = getStrategy(config.algo)!.complete(searchOptionsOf(config));
          if (bfs.status === 'solved') {
            if (complete) expect(r.status, what).not.toBe('unsolvable');
          } else {
            expect(r.status, what).not.toBe('solved');
            if (complete && r.status !== 'limit') expect(r.status, what).toBe('unsolvable');
          }
          if (r.status === 'solved' && r.optimal) expect(r.cost, `${what}ucs: ${ucs.cost}`).toBe(ucs.cost);
          // the action rule's proofs say so; grounding's (a goal no operator adds) are complete
          const searched = r.stats.iterations !== undefined;
          if (r.status === 'unsolvable') expect(r.proof, what).toBe(config.cycle === 'action' && searched ? 'action-rule' : undefined);
        }
      }),
      fcParams(150),
    );
    // the generator yields both kinds (so neither half of the property is empty)
    expect(solvable).toBeGreaterThan(20);
    expect(unsolvable).toBeGreaterThan(20);
  });

  it('iddfs --cycle action: the same answer and longest path per iteration with and without --tt', () => {
    fc.assert(
      fc.property(randomTask, (t) => {
        const loaded = load(t);
        const a = solveWith(loaded, { algo: 'iddfs', cycle: 'action' });
        const b = solveWith(loaded, { algo: 'iddfs', cycle: 'action', tt: true });
        expect([b.status, b.length]).toEqual([a.status, a.length]);
        if (a.status !== 'limit' && a.stats.iterations) expect(b.stats.iterations!.map((i) => i.maxDepth)).toEqual(a.stats.iterations!.map((i) => i.maxDepth));
      }),
      fcParams(300),
    );
  });
});
