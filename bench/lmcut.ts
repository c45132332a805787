/**
 * LM-cut on a PDDL problem, as the optimal default uses it: A* + lmcut,
 * with the CPU time of the search alone (loading, grounding and the
 * heuristic's set-up are done before the clock starts), expanded and
 * evaluated states, and µs per expanded and per evaluated state.
 *
 *   npx tsx bench/lmcut.ts DOMAIN PROBLEM [--root DIR] [--values N] [--timeout SEC]
 *
 * `--root DIR` takes the planner's modules from another checkout (e.g. a
 * git worktree of an older commit), so that the same command compares two
 * versions; run them alternately (base, new, new, base).
 * `--values N` evaluates LM-cut on the first N states of a breadth-first
 * exploration instead of searching, and prints the sum and a hash of the
 * values (equal hashes: equal values, state by state) and µs per
 * evaluation.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { benchArgs } from './args.ts';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('..', import.meta.url));
const { values, positionals } = benchArgs(import.meta.url, {
  allowPositionals: true,
  options: { root: { type: 'string' }, values: { type: 'string' }, timeout: { type: 'string', default: '300' }, heuristic: { type: 'string', default: 'lmcut' } },
});
if (positionals.length !== 2) {
  console.error('usage: npx tsx bench/lmcut.ts DOMAIN PROBLEM [--root DIR] [--values N] [--timeout SEC] [--heuristic NAME]');
  process.exit(2);
}
const root = resolve(values.root ?? here);
const [domainFile, file] = positionals.map((p) => resolve(p));
const api = await import(resolve(root, 'src/index.ts'));
const { defaultSearchOptions } = await import(resolve(root, 'src/search/types.ts'));
// the states explored the same way in either checkout (this one's function, the space of the root's)
const { breadthFirstStates } = await import(resolve(here, 'src/strips/store.ts'));

const cpu = (): number => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1e6;
};
const t0 = cpu();
const loaded = api.loadProblem({ file, text: readFileSync(file, 'utf8'), domainFile, domainText: readFileSync(domainFile, 'utf8') });
const space = api.makeSearchSpace(api.ground(loaded.domain, loaded.problem));
const heuristic = api.getHeuristic(values.heuristic);
const label = `${file.split('/').slice(-2).join('/')} ${values.heuristic} (${root})`;

if (values.values !== undefined) {
  const max = Number(values.values);
  const W = space.words;
  const store = breadthFirstStates(space, max);
  const ev = heuristic.create(space);
  const t1 = cpu();
  let sum = 0;
  let hash = 0x811c9dc5;
  for (let id = 0; id < store.size; id++) {
    const h = ev.evaluate(store.data, id * W);
    sum += h;
    hash = Math.imul(hash ^ (h === Infinity ? 0x7fffffff : h * 1000), 0x01000193) >>> 0;
  }
  const t2 = cpu();
  console.log(`${label}: ${store.size} states, sum ${sum}, hash ${hash.toString(16)}, ${(t2 - t1).toFixed(2)} s CPU, ${(((t2 - t1) / store.size) * 1e6).toFixed(1)} µs/eval`);
} else {
  const options = { ...defaultSearchOptions, heuristic, timeoutMs: Number(values.timeout) * 1000 };
  const strategy = api.getStrategy('astar');
  const t1 = cpu();
  const r = strategy.run(space, options);
  const t2 = cpu();
  const cost = r.plan ? r.plan.reduce((s: number, o: number) => s + space.cost(o), 0) : NaN;
  const { expanded, generated, evaluated } = r.stats;
  console.log(
    `${label}: ${r.status}, ${r.plan?.length ?? '-'} steps, cost ${cost}, ${expanded} expanded, ${generated} generated, ${evaluated} evaluated; ` +
      `set-up ${(t1 - t0).toFixed(2)} s, search ${(t2 - t1).toFixed(2)} s CPU, ${(((t2 - t1) / expanded) * 1e6).toFixed(0)} µs/expanded, ${(((t2 - t1) / evaluated) * 1e6).toFixed(1)} µs/evaluated`,
  );
}
