/**
 * `--timeout`, `--max-nodes` and `--max-memory` through the command line,
 * for every registered strategy: exit 3, status `limit`, the limit's kind,
 * the reason and the statistics so far. No upper bounds on time here (the
 * overshoot is measured by `npx tsx bench/limits.ts`): a time limit can
 * only be reported once its deadline has passed, so the whole solve
 * (`totalMs`: the limit counts from its start, reading included) takes at
 * least the limit, and a node limit is exact.
 *
 * One budget covers every phase: big inputs (tests/bench/big-inputs.ts,
 * written to a temporary directory) stop with status `limit` and the place
 * in the reason, while reading the level or while grounding.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { readTextFile, type Io } from '../../src/cli/io.ts';
import { main } from '../../src/cli/main.ts';
import { memoryProbe } from '../../src/util/budget.ts';
import { strategyNames } from '../../src/plugins/index.ts';
import { chainDomain, groundingBomb, levelOfSize } from '../bench/big-inputs.ts';

const MICROBAN = fileURLToPath(new URL('../../../shared/levels/microban.txt', import.meta.url));
const BENCH = fileURLToPath(new URL('../../maps/bench.txt', import.meta.url));
/** Push-level strategies solve the 5-box bench level in a few hundred pushes: stop them after 4. */
const PUSH_LEVEL = new Set(['push', 'push-greedy', 'auto', 'optimal-pushes']);

async function solveJson(...argv: string[]): Promise<{ code: number; json: any }> {
  const out: string[] = [];
  const io: Io = { out: (t) => out.push(t), err: () => {}, readFile: readTextFile, isTTY: false };
  const code = await main(['solve', ...argv, '--json'], io);
  return { code, json: JSON.parse(out.join('\n')) };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe.each(strategyNames)('%s', (algo) => {
  it('--max-nodes N: exit 3, status limit, exactly N nodes expanded', async () => {
    const n = PUSH_LEVEL.has(algo) ? 4 : 300;
    const { code, json } = await solveJson(BENCH, '--algo', algo, '--max-nodes', String(n));
    expect(code).toBe(3);
    expect(json).toMatchObject({ status: 'limit', plan: [], length: 0, reason: `node limit of ${n} expanded nodes reached`, stats: { limit: 'nodes', expanded: n } });
    expect(json.stats.generated).toBeGreaterThan(0);
  });

  it('--max-memory 1: exit 3, status limit (memory), statistics kept', async () => {
    // the phases before the search read a fake 0.1 MB, so that the search's own checks stop it
    const real = memoryProbe.read.bind(memoryProbe);
    vi.spyOn(memoryProbe, 'read').mockImplementation((phase) => (phase === 'search' ? real(phase) : { rssMb: 0.1, heapUsedMb: 1, heapLimitMb: 4000 }));
    const { code, json } = await solveJson(BENCH, '--algo', algo, '--max-memory', '1');
    expect(code).toBe(3);
    expect(json).toMatchObject({ status: 'limit', reason: 'memory limit of 1 MB reached', stats: { limit: 'memory' } });
    // the statistics are all there (how far the search got before its first memory check depends on the machine)
    expect(json.stats).toMatchObject({ expanded: expect.any(Number), generated: expect.any(Number), stored: expect.any(Number), timeMs: expect.any(Number), totalMs: expect.any(Number) });
  });
});

// 0.5 s: reading and grounding (tens of ms) must leave the search time to start even on a loaded machine
describe.skipIf(!existsSync(MICROBAN))('--timeout on Microban 153 (ten boxes; no strategy solves it in 0.5 s)', () => {
  it.each(strategyNames)('%s: exit 3, status limit (time) after at least the limit, nodes expanded', async (algo) => {
    const { code, json } = await solveJson(MICROBAN, '--level', '153', '--algo', algo, '--timeout', '0.5');
    expect(code).toBe(3);
    expect(json).toMatchObject({ status: 'limit', reason: 'time limit of 0.5 s reached', stats: { limit: 'time' } });
    expect(json.stats.totalMs).toBeGreaterThanOrEqual(500);
    expect(json.stats.expanded).toBeGreaterThan(0);
  });
});

describe('one budget for every phase', () => {
  const dir = mkdtempSync(join(tmpdir(), 'planlog-limits-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const put = (name: string, text: string): string => {
    writeFileSync(join(dir, name), text);
    return join(dir, name);
  };

  it('--max-memory 1 stops at the first check, in the Prolog parser reading the domain', async () => {
    const { code, json } = await solveJson(BENCH, '--max-memory', '1');
    expect(code).toBe(3);
    expect(json).toMatchObject({ status: 'limit', stats: { limit: 'memory', expanded: 0, atoms: 0, operators: 0 } });
    expect(json.reason).toBe('memory limit of 1 MB reached while reading the domain domains/sokoban.pl (line 55 of 58)');
  });

  it('a 10 MB level: --timeout 0.3 stops while reading it', async () => {
    const file = put('level-10mb.txt', levelOfSize(10));
    const { code, json } = await solveJson(file, '--timeout', '0.3');
    expect(code).toBe(3);
    expect(json).toMatchObject({ status: 'limit', stats: { limit: 'time', expanded: 0 } });
    expect(json.reason).toMatch(new RegExp(`^time limit of 0\\.3 s reached while reading level 1 of ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\((row [\\d,]+ of [\\d,]+|finding the floor: [\\d,]+ squares so far|listing the floor: row [\\d,]+ of [\\d,]+)\\)$`));
    expect(json.stats.totalMs).toBeGreaterThanOrEqual(300);
  });

  it('a domain of 100,000 operators: --timeout 0.3 stops the Prolog parser, at its line', async () => {
    const chain = chainDomain(100_000);
    const domain = put('chain-100000.pl', chain.domain);
    const problem = put('chain-100000-problem.pl', chain.problem);
    const { code, json } = await solveJson(problem, '--domain', domain, '--timeout', '0.3');
    expect(code).toBe(3);
    expect(json).toMatchObject({ status: 'limit', stats: { limit: 'time', expanded: 0 } });
    expect(json.reason).toMatch(new RegExp(`^time limit of 0\\.3 s reached while reading the domain ${domain.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(line [\\d,]+ of 100,001\\)$`));
  });

  it('8 parameters × 40 objects: --max-memory stops grounding, the product named', async () => {
    const bomb = groundingBomb(8, 40);
    const domain = put('bomb-8x40.pl', bomb.domain);
    const problem = put('bomb-8x40-problem.pl', bomb.problem);
    // 150 MB more than this process uses now: grounding 6.6e+12 operators passes it
    const limit = Math.ceil(process.memoryUsage.rss() / 2 ** 20) + 150;
    const { code, json } = await solveJson(problem, '--domain', domain, '--max-memory', String(limit));
    expect(code).toBe(3);
    expect(json).toMatchObject({ status: 'limit', stats: { limit: 'memory', expanded: 0 } });
    expect(json.reason).toMatch(
      new RegExp(`^memory limit of ${limit} MB reached while grounding op\\(V0,V1,V2,V3,V4,V5,V6,V7\\): 40\\^8 = 6\\.6e\\+12 combinations of its preconditions' facts \\([\\d,]+ operators found; 40 facts in the problem\\)$`),
    );
  });

  it('an interrupt (Ctrl-C) before the search stops the reading', async () => {
    const out: string[] = [];
    const interrupt = new Int32Array(1);
    interrupt[0] = 1;
    const io: Io = {
      out: (t) => out.push(t),
      err: () => {},
      readFile: readTextFile,
      isTTY: false,
      // as the command line's worker does, in-process: the flag is already set
      solve: async (source, options) => (await import('../../src/pipeline/solve.ts')).solveSource(source, { ...options, interrupt }),
    };
    const code = await main(['solve', BENCH, '--json'], io);
    expect(code).toBe(3);
    expect(JSON.parse(out.join('\n'))).toMatchObject({ status: 'limit', reason: 'interrupted while reading the domain domains/sokoban.pl (line 55 of 58)', stats: { limit: 'interrupted' } });
  });
});
