/**
 * Grounding speed (CPU time, not a test): 10,000 and 20,000 one-step
 * operators and a 300 × 300 open room (tests/bench/big-inputs.ts), grounded
 * by src/strips/ground.ts and, when given, by another grounding module in
 * the same process, e.g. the one before issue 13:
 *
 *   git show ad74aa0:src/strips/ground.ts | sed "s#'\./#'$PWD/src/strips/#" > /tmp/old-ground.ts
 *   npx tsx tests/bench/ground-speed.ts /tmp/old-ground.ts
 */
import { pathToFileURL } from 'node:url';
import { parseDomain } from '../../src/lang/domain.ts';
import { parseProblem } from '../../src/lang/problem.ts';
import { compileLevel } from '../../src/sokoban/compile.ts';
import { readLevel } from '../../src/sokoban/level.ts';
import { ground } from '../../src/strips/ground.ts';
import type { Domain, Problem } from '../../src/model/lifted.ts';
import { chainDomain, openRoom } from './big-inputs.ts';
import { readFileSync } from 'node:fs';

type Ground = (d: Domain, p: Problem) => { operators: unknown[] };
const other = process.argv[2] ? ((await import(pathToFileURL(process.argv[2]).href)) as { ground: Ground }).ground : null;
const cpuMs = (f: () => unknown): number => {
  const c = process.cpuUsage();
  f();
  const u = process.cpuUsage(c);
  return (u.user + u.system) / 1000;
};

const sokoban = parseDomain(readFileSync(new URL('../../domains/sokoban.pl', import.meta.url), 'utf8'), 'domains/sokoban.pl');
const cases: [string, Domain, Problem][] = [];
for (const n of [10_000, 20_000]) {
  const c = chainDomain(n);
  const d = parseDomain(c.domain, 'chain.pl');
  cases.push([`${n.toLocaleString('en')} one-step operators`, d, parseProblem(c.problem, 'chain-problem.pl', d)]);
}
cases.push(['300 × 300 open room', sokoban, compileLevel(readLevel(openRoom(300, 300), 'room.txt', undefined))]);

for (const [label, d, p] of cases) {
  const ops = ground(d, p).operators.length;
  const before = other ? `${cpuMs(() => other(d, p)).toFixed(0)} ms, ` : '';
  console.log(`${label} (${ops.toLocaleString('en')} operators): ${other ? `given ${before}` : ''}this ${cpuMs(() => ground(d, p)).toFixed(0)} ms CPU`);
}
