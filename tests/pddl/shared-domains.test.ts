/**
 * Every IPC file in ../shared/pddl imports (skipped when the folder is
 * absent), and zenotravel — whose domain writes (aircraft?a) with no space
 * before the variable — solves its first problems to their optima (issue 21,
 * item 3).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseDomain } from '../../src/lang/domain.ts';
import { parseProblem } from '../../src/lang/problem.ts';
import { solveLoaded } from '../../src/pipeline/solve.ts';
import { importPddl } from '../../src/pddl/import.ts';
import { readPddlDomain } from '../../src/pddl/read-domain.ts';
import { readPddlProblem } from '../../src/pddl/read-problem.ts';
import { readSExprs, type SExpr } from '../../src/pddl/sexpr.ts';

const SHARED = fileURLToPath(new URL('../../../shared/pddl/', import.meta.url));
const DOMAINS = ['blocks', 'gripper', 'logistics00', 'miconic', 'driverlog', 'zenotravel'];

/** Imports a shared domain and problem and reads the generated Prolog texts back. */
function importShared(dir: string, problemFile: string) {
  const file = (f: string): string => join(SHARED, dir, f);
  const domain = readPddlDomain(readFileSync(file('domain.pddl'), 'utf8'), file('domain.pddl'));
  const problem = readPddlProblem(readFileSync(file(problemFile), 'utf8'), file(problemFile), domain);
  const texts = importPddl(domain, problem, { domainFile: 'domain.pl', problemFile: 'problem.pl' });
  const d = parseDomain(texts.domainText, 'domain.pl');
  return { domain: d, problem: parseProblem(texts.problemText!, 'problem.pl', d) };
}

const show = (e: SExpr): string => (e.kind === 'atom' ? e.raw : `(${e.items.map(show).join(' ')})`);

describe('the PDDL tokenizer', () => {
  it('"?" starts a variable, also right after a name: (aircraft?a) is aircraft, ?a', () => {
    const [e] = readSExprs('(and (aircraft?a) (at ?a?c) (p?x-y z))', 'z.pddl');
    expect(show(e)).toBe('(and (aircraft ?a) (at ?a ?c) (p ?x-y z))');
    const at = (e as { items: SExpr[] }).items[1] as { items: SExpr[] };
    expect(at.items.map((x) => x.loc.column)).toEqual([7, 15]);
  });
});

describe.skipIf(!existsSync(SHARED))('every file of the shared IPC domains imports (../shared/pddl)', () => {
  for (const dir of DOMAINS) {
    it(`${dir}: the domain and each problem import and read back`, () => {
      const problems = readdirSync(join(SHARED, dir)).filter((f) => f.endsWith('.pddl') && f !== 'domain.pddl').sort();
      expect(problems.length).toBeGreaterThanOrEqual(20);
      const failures: string[] = [];
      for (const p of problems) {
        try {
          const { problem } = importShared(dir, p);
          if (problem.goal.length === 0) failures.push(`${p}: no goal`);
        } catch (e) {
          failures.push(`${p}: ${(e as Error).message.split('\n')[0]}`);
        }
      }
      expect(failures).toEqual([]);
    });
  }

  for (const [p, length] of [['p01', 1], ['p02', 6], ['p03', 6]] as const) {
    it(`zenotravel ${p}: ${length} steps with bfs, optimal`, () => {
      expect(solveLoaded(importShared('zenotravel', `${p}.pddl`), { algo: 'bfs' })).toMatchObject({ status: 'solved', length, optimal: true });
    });
  }
});
