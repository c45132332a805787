/**
 * `--timeout`, `--max-nodes` and `--max-memory` through the command line,
 * for every registered strategy: exit 3, status `limit`, the limit's kind,
 * the reason and the statistics so far. No upper bounds on time here (the
 * overshoot is measured by `npx tsx src/bench/limits.ts`): a time limit can
 * only be reported once its deadline has passed, so grounding and search
 * together (`groundMs` + `timeMs`: the limit covers both) take at least the
 * limit, and a node limit is exact.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readTextFile, type Io } from '../../src/cli/io.ts';
import { main } from '../../src/cli/main.ts';
import { strategyNames } from '../../src/search/index.ts';

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

describe.each(strategyNames)('%s', (algo) => {
  it('--max-nodes N: exit 3, status limit, exactly N nodes expanded', async () => {
    const n = PUSH_LEVEL.has(algo) ? 4 : 300;
    const { code, json } = await solveJson(BENCH, '--algo', algo, '--max-nodes', String(n));
    expect(code).toBe(3);
    expect(json).toMatchObject({ status: 'limit', plan: [], length: 0, reason: `node limit of ${n} expanded nodes reached`, stats: { limit: 'nodes', expanded: n } });
    expect(json.stats.generated).toBeGreaterThan(0);
  });

  it('--max-memory 1: exit 3, status limit (memory), statistics kept', async () => {
    const { code, json } = await solveJson(BENCH, '--algo', algo, '--max-memory', '1');
    expect(code).toBe(3);
    expect(json).toMatchObject({ status: 'limit', reason: 'memory limit of 1 MB reached', stats: { limit: 'memory' } });
    expect(json.stats.expanded).toBeGreaterThanOrEqual(0);
    expect(json.stats.timeMs).toBeGreaterThanOrEqual(0);
  });
});

describe.skipIf(!existsSync(MICROBAN))('--timeout on Microban 153 (ten boxes; no strategy solves it in 0.2 s)', () => {
  it.each(strategyNames)('%s: exit 3, status limit (time) after at least the limit, nodes expanded', async (algo) => {
    const { code, json } = await solveJson(MICROBAN, '--level', '153', '--algo', algo, '--timeout', '0.2');
    expect(code).toBe(3);
    expect(json).toMatchObject({ status: 'limit', reason: 'time limit of 0.2 s reached', stats: { limit: 'time' } });
    expect(json.stats.groundMs + json.stats.timeMs).toBeGreaterThanOrEqual(200);
    expect(json.stats.expanded).toBeGreaterThan(0);
  });
});
