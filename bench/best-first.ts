/**
 * The best-first strategies over the ground task (astar, ucs, gbfs, wastar)
 * on a few Sokoban levels: plan length, expanded and generated states and
 * the CPU time of the search alone (grounding and the heuristic's set-up
 * are done before the clock starts).
 *
 *   npx tsx bench/best-first.ts [--repeat N] [--against DIR]
 *
 * `--against DIR` runs the same searches with another checkout's modules
 * too (a git worktree of a commit with the plug-in registries, b190890 or
 * later), the two alternating run by run in one process; CPU time
 * (process.cpuUsage, user + system) is summed over the repetitions after the
 * first (which warms up the JIT).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { benchArgs } from './args.ts';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('..', import.meta.url));
const { values } = benchArgs(import.meta.url, { options: { repeat: { type: 'string', default: '5' }, against: { type: 'string' } } });
const repeat = Math.max(2, Number(values.repeat));
const microban = resolve(here, '../shared/levels/microban.txt');

/** [label, level file, level, strategy, heuristic] */
const CASES: [string, string, string | number, string, string | undefined][] = [
  ['astar+blind, maps/bench.txt', resolve(here, 'maps/bench.txt'), 1, 'astar', 'blind'],
  ['ucs, maps/bench.txt', resolve(here, 'maps/bench.txt'), 1, 'ucs', undefined],
  ['gbfs+hff, maps/bench.txt', resolve(here, 'maps/bench.txt'), 1, 'gbfs', 'hff'],
  ['astar+matching, Microban 16', microban, 16, 'astar', 'matching'],
  ['astar+matching, Microban 60', microban, 60, 'astar', 'matching'],
  ['gbfs+matching, Microban 90', microban, 90, 'gbfs', 'matching'],
  ['wastar+hff, Microban 40', microban, 40, 'wastar', 'hff'],
];

interface Prepared {
  run(): { status: string; plan: number[] | null; stats: { expanded: number; generated: number } };
}

async function side(dir: string, name: string): Promise<{ name: string; cases: Prepared[]; cpu: number[]; seen: string[] }> {
  const api = await import(resolve(dir, 'src/index.ts'));
  const { defaultSearchOptions } = await import(resolve(dir, 'src/search/types.ts'));
  const domainFile = resolve(dir, 'domains/sokoban.pl');
  const cases = CASES.map(([, file, level, algo, h]): Prepared => {
    const loaded = api.loadProblem({ file, text: readFileSync(file, 'utf8'), level, domainFile, domainText: readFileSync(domainFile, 'utf8') });
    const space = api.makeSearchSpace(api.ground(loaded.domain, loaded.problem));
    const options = { ...defaultSearchOptions, heuristic: h ? api.getHeuristic(h) : undefined, context: api.contextOf(loaded) };
    const strategy = api.getStrategy(algo);
    return { run: () => strategy.run(space, options) };
  });
  return { name, cases, cpu: CASES.map(() => 0), seen: CASES.map(() => '') };
}

const sides = [await side(here, 'this')];
if (values.against) sides.push(await side(resolve(values.against), 'against'));

for (let rep = 0; rep < repeat; rep++) {
  for (let i = 0; i < CASES.length; i++) {
    const order = (rep + i) % 2 === 0 ? sides : [...sides].reverse();
    for (const s of order) {
      const c0 = process.cpuUsage();
      const r = s.cases[i].run();
      const c = process.cpuUsage(c0);
      if (rep > 0) s.cpu[i] += (c.user + c.system) / 1000;
      s.seen[i] = `${r.status} ${r.plan?.length ?? '–'} steps, ${r.stats.expanded} expanded, ${r.stats.generated} generated`;
    }
  }
}

console.log(`\nbest-first searches, CPU of repetitions 2–${repeat}${sides.length > 1 ? ` (this checkout / ${values.against})` : ''}\n`);
console.log(sides.length > 1 ? '| search | result | same | CPU this | CPU against |\n|---|---|---|---|---|' : '| search | result | CPU |\n|---|---|---|');
CASES.forEach(([label], i) => {
  const [a, b] = sides;
  const ms = (x: number): string => `${x.toFixed(0)} ms`;
  console.log(b ? `| ${label} | ${a.seen[i]} | ${a.seen[i] === b.seen[i] ? 'yes' : `NO: ${b.seen[i]}`} | ${ms(a.cpu[i])} | ${ms(b.cpu[i])} |` : `| ${label} | ${a.seen[i]} | ${ms(a.cpu[i])} |`);
});
