/**
 * LAMA's first search and its parts on PDDL problems: the heuristics alone
 * and together, with and without the landmark count's preferred operators,
 * each run by the one best-first engine with lama-first's configuration
 * (lazy greedy, preferred-operator lists with boosting). Prints per variant
 * the plan length, the states expanded and the CPU time of the search
 * (grounding and the heuristics' set-up before the clock starts).
 *
 *   npx tsx bench/lama.ts DOMAIN.pddl PROBLEM.pddl… [--timeout SEC]
 */
import { readFileSync } from 'node:fs';
import { benchArgs } from './args.ts';
import * as api from '../src/index.ts';
import type { Evaluator } from '../src/heuristics/types.ts';
import { type BestFirstHooks, bestFirstSearch } from '../src/search/engine.ts';
import { LAMA_FIRST } from '../src/search/lama.ts';
import { defaultSearchOptions } from '../src/search/types.ts';
import { Budget } from '../src/util/budget.ts';

const { values, positionals } = benchArgs(import.meta.url, { allowPositionals: true, options: { timeout: { type: 'string', default: '60' } } });
if (positionals.length < 2) {
  console.error('usage: npx tsx bench/lama.ts DOMAIN.pddl PROBLEM.pddl… [--timeout SEC]');
  process.exit(2);
}
const [domainFile, ...problems] = positionals;
const cpu = (): number => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1e6;
};
const options = { ...defaultSearchOptions, timeoutMs: Number(values.timeout) * 1000 };

for (const file of problems) {
  const loaded = api.loadProblem({ file, text: readFileSync(file, 'utf8'), domainFile, domainText: readFileSync(domainFile, 'utf8') });
  const space = api.makeSearchSpace(api.ground(loaded.domain, loaded.problem));
  const make = (name: string): Evaluator => api.getHeuristic(name)!.create(space);
  const variants: [string, () => BestFirstHooks][] = [
    ['hff', () => ({ evaluator: make('hff') })],
    ['lmcount', () => ({ evaluator: make('lmcount') })],
    ['hff + lmcount (lama-first)', () => ({ evaluator: make('hff'), alternates: [make('lmcount')] })],
    ['hff + lmcount, no lm preferred', () => {
      const lm = make('lmcount');
      return { evaluator: make('hff'), alternates: [{ evaluate: lm.evaluate, at: lm.at }] };
    }],
  ];
  console.log(file);
  for (const [name, hooks] of variants) {
    const h = hooks();
    const t = cpu();
    const r = bestFirstSearch(space, options, LAMA_FIRST, h, new Budget(options));
    const s = cpu() - t;
    console.log(`  ${name.padEnd(32)} ${r.status.padEnd(8)} ${String(r.plan?.length ?? '-').padStart(5)} steps ${String(r.stats.expanded).padStart(9)} expanded ${s.toFixed(2).padStart(7)} s CPU`);
  }
}
