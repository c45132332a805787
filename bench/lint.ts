/**
 * What the lint costs every run: loadProblem (parse, check, compile, and the
 * lint of the texts) against the lint of the texts alone (lintLifted), on a
 * 1000 × 1000 open room (one million cells, some four million facts) and on
 * one operator of 200,000 preconditions; CPU time (process.cpuUsage, user +
 * system), the median of the runs.
 *
 *   npx tsx bench/lint.ts [--repeat N] [--against DIR]
 *
 * `--against DIR` loads the same inputs with another checkout's loadProblem
 * too (one without the lint: a commit before 528b7cc), the two alternating
 * run by run in one process.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { benchArgs } from './args.ts';
import { pathToFileURL } from 'node:url';
import { loadProblem, type LoadedProblem, type ProblemSource } from '../src/core/load.ts';
import { lintLifted } from '../src/lint/index.ts';
import { LEVEL_PREDICATES } from '../src/sokoban/compile.ts';
import { openRoom } from '../tests/bench/big-inputs.ts';
import { median } from '../src/util/stats.ts';

const { values } = benchArgs(import.meta.url, { options: { repeat: { type: 'string' }, against: { type: 'string' } } });
const repeat = Number(values.repeat ?? 5);
const other = values.against
  ? ((await import(pathToFileURL(resolve(values.against, 'src/core/load.ts')).href)) as { loadProblem: (s: ProblemSource) => LoadedProblem }).loadProblem
  : null;

const sokoban = readFileSync(new URL('../domains/sokoban.pl', import.meta.url), 'utf8');
const n = 200_000;
const vars = Array.from({ length: n }, (_, i) => `X${i}`);
const inputs: [string, ProblemSource][] = [
  ['1000 × 1000 room', { file: 'room.txt', text: openRoom(1000, 1000), domainFile: 'sokoban.pl', domainText: sokoban }],
  [
    'one operator of 200,000 preconditions',
    { file: 'p.pl', text: 'init([p(a, a)]).\ngoal([done]).\n', domainFile: 'wide.pl', domainText: `opn(big(X0), [${vars.map((v, i) => `p(${v}, X${(i + 1) % n})`).join(', ')}], [done], []).\n` },
  ],
];

const cpu = (f: () => void): number => {
  const t = process.cpuUsage();
  f();
  const d = process.cpuUsage(t);
  return (d.user + d.system) / 1000;
};
const ms = (xs: number[]): string => `${median(xs).toFixed(0)} ms`;

for (const [name, src] of inputs) {
  const load: number[] = [];
  const lint: number[] = [];
  const before: number[] = [];
  for (let i = 0; i < repeat; i++) {
    if (other) before.push(cpu(() => other(src)));
    let loaded!: LoadedProblem;
    load.push(cpu(() => (loaded = loadProblem(src))));
    lint.push(cpu(() => lintLifted(loaded.domain, loaded.problem, { level: loaded.level !== undefined, generated: loaded.level ? LEVEL_PREDICATES : undefined })));
  }
  console.log(`${name}: loadProblem ${ms(load)} (the lint of the texts included), lintLifted alone ${ms(lint)}${other ? `; loadProblem of ${values.against} ${ms(before)}` : ''}`);
}
