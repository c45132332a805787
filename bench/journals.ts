/**
 * Two bench journals (OUT/bench.jsonl of `planlog bench` runs over the same
 * PDDL folders, e.g. planlog and a Fast Downward peer) side by side, per
 * domain (the problem's folder): problems, how many each solved, the
 * problems only one solved, those both solved at different costs, and the
 * IPC time score (src/bench/ipc.ts timeScore: 1 for a problem solved
 * within 1 s, 1 − log t / log L for t seconds up to the limit L, 0 unsolved
 * or over L; t is the row's totalMs).
 *
 *   npx tsx bench/journals.ts A/bench.jsonl B/bench.jsonl [--limit SEC]
 *
 * The committed 300 s journals: bench/results/opt300/fd.jsonl and planlog.jsonl.
 */
import { readFileSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { benchArgs } from './args.ts';
import { domainOf, timeScore } from '../src/bench/ipc.ts';
import type { BenchRow } from '../src/bench/run.ts';

const { values, positionals } = benchArgs(import.meta.url, { allowPositionals: true, options: { limit: { type: 'string', default: '300' } } });
if (positionals.length !== 2) {
  console.error('usage: npx tsx bench/journals.ts A/bench.jsonl B/bench.jsonl [--limit SEC]');
  process.exit(2);
}

type Row = Pick<BenchRow, 'file' | 'solved' | 'cost' | 'totalMs'>;

/** A journal's rows by problem (its key's second field); the first line names the run. */
function journal(file: string): Map<string, Row> {
  const lines = readFileSync(file, 'utf8').split('\n').filter((l) => l.trim() !== '');
  const rows = new Map<string, Row>();
  for (const line of lines.slice(1)) {
    const { key, row } = JSON.parse(line) as { key: string; row: Row };
    rows.set(key.split('\t')[1], row);
  }
  return rows;
}

const limit = Number(values.limit);
const score = (r: Row | undefined): number => (r?.solved ? timeScore(r.totalMs / 1000, limit) : 0);
const [a, b] = positionals.map(journal);
// a journal's name: its file's (fd.jsonl: fd), or its folder's for OUT/bench.jsonl
const [nameA, nameB] = positionals.map((f) => (basename(f) === 'bench.jsonl' ? basename(dirname(f)) : basename(f, '.jsonl')));
const domains = new Map<string, string[]>();
for (const problem of new Set([...a.keys(), ...b.keys()])) {
  const d = domainOf((a.get(problem) ?? b.get(problem))!);
  domains.set(d, [...(domains.get(d) ?? []), problem]);
}

console.log(`| domain | problems | run by both | ${nameA} solved | ${nameB} solved | only ${nameA} | only ${nameB} | other cost | ${nameA} time score | ${nameB} time score |`);
console.log('|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|');
const total = [0, 0, 0, 0, 0, 0, 0, 0, 0];
for (const [d, problems] of domains) {
  const both = problems.filter((p) => a.has(p) && b.has(p));
  const only = (x: Map<string, Row>, y: Map<string, Row>) => both.filter((p) => x.get(p)!.solved && !y.get(p)!.solved);
  const cost = both.filter((p) => a.get(p)!.solved && b.get(p)!.solved && a.get(p)!.cost !== b.get(p)!.cost);
  const row = [
    problems.length,
    both.length,
    problems.filter((p) => a.get(p)?.solved).length,
    problems.filter((p) => b.get(p)?.solved).length,
    only(a, b).length,
    only(b, a).length,
    cost.length,
    problems.reduce((s, p) => s + score(a.get(p)), 0),
    problems.reduce((s, p) => s + score(b.get(p)), 0),
  ];
  row.forEach((v, i) => (total[i] += v));
  console.log(`| ${d} | ${row.map((v, i) => (i >= 7 ? v.toFixed(1) : String(v))).join(' | ')} |`);
  for (const p of [...only(a, b), ...only(b, a), ...cost]) console.log(`|   ${basename(p.replace(/:\d+$/, ''))} | ${a.get(p)!.solved ? a.get(p)!.cost : '-'} | ${b.get(p)!.solved ? b.get(p)!.cost : '-'} | | | | | | | |`);
}
console.log(`| all | ${total.map((v, i) => (i >= 7 ? v.toFixed(1) : String(v))).join(' | ')} |`);
