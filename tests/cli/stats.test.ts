/**
 * `solve --stats` (the ground task's size before and after preprocessing,
 * each phase's time, on stderr) and `--preprocess MODE` through the
 * command line.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runMain, scratch } from './run-main.ts';

const ROBOT = fileURLToPath(new URL('../../domains/robot.pl', import.meta.url));
const files = scratch('planlog-stats-');
const fetch = files.file('fetch.pl', 'init([door(a, b), door(b, a), door(b, c), door(c, b), at(a), ball(red, c), free]).\ngoal([ball(red, a)]).\n');
const apart = files.file('apart.pl', 'init([door(a, b), door(b, a), at(a), ball(red, a), free]).\ngoal([at(a), at(b)]).\n');

describe('solve --stats', () => {
  it('prints the sizes before and after preprocessing and the phases, on stderr', async () => {
    const r = await runMain('solve', fetch, '--domain', ROBOT, '--algo', 'bfs', '--stats', '--preprocess', 'h2');
    expect(r.code).toBe(0);
    const lines = r.err.split('\n').filter((l) => l.startsWith('stats: '));
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^stats: read [\d.,]+ ms, ground [\d.,]+ ms: 8 atoms, 10 operators$/);
    expect(lines[1]).toMatch(
      /^stats: preprocess h2 [\d.,]+ ms \(h\^2 [\d.,]+ ms: 0 operators pruned; relevance [\d.,]+ ms: 0 operators dropped; mutex groups [\d.,]+ ms\): 8 atoms, 10 operators, 2 mutex groups of 7 atoms$/,
    );
    expect(lines[2]).toMatch(/^stats: search [\d.,]+ ms: 6 expanded, 12 generated; total [\d.,]+ ms$/);
    // nothing of it on stdout
    expect(r.out).not.toContain('stats: ');
  });

  it('--preprocess none says so; the JSON report has the same figures under stats.preprocess', async () => {
    const none = await runMain('solve', fetch, '--domain', ROBOT, '--algo', 'bfs', '--stats', '--preprocess', 'none');
    expect(none.err).toContain('stats: preprocess none (--preprocess relevance or h2 to shrink the task)');
    // the default: relevance
    const byDefault = await runMain('solve', fetch, '--domain', ROBOT, '--algo', 'bfs', '--stats');
    expect(byDefault.err).toMatch(/^stats: preprocess relevance [\d.,]+ ms \(relevance [\d.,]+ ms: 0 operators dropped\): 8 atoms, 10 operators$/m);
    const json = await runMain('solve', fetch, '--domain', ROBOT, '--algo', 'bfs', '--json', '--preprocess', 'relevance');
    const stats = JSON.parse(json.out).stats;
    expect(stats).toMatchObject({ atoms: 8, operators: 10, preprocess: { mode: 'relevance', atoms: 8, operators: 10, mutexGroups: 0, h2Pruned: 0, irrelevant: 0, h2Ms: 0, groupsMs: 0 } });
  });

  it('the Prolog backend grounds nothing: --stats says so', async () => {
    const r = await runMain('solve', fetch, '--domain', ROBOT, '--backend', 'prolog', '--stats');
    expect(r.code).toBe(0);
    expect(r.err.split('\n').filter((l) => l.startsWith('stats: '))).toEqual([
      expect.stringMatching(/^stats: read [\d.,]+ ms; the Prolog backend does not ground the task$/),
      expect.stringMatching(/^stats: search [\d.,]+ ms: [\d,]+ expanded, [\d,]+ generated; total [\d.,]+ ms$/),
    ]);
  });

  it('a goal of two mutex atoms: exit 1 with h^2 naming them', async () => {
    const r = await runMain('solve', apart, '--domain', ROBOT, '--algo', 'bfs', '--json', '--preprocess', 'h2');
    expect(r.code).toBe(1);
    expect(JSON.parse(r.out)).toMatchObject({ status: 'unsolvable', reason: 'goal atoms at(a) and at(b) are mutex: h^2 finds no reachable state with both', stats: { expanded: 0 } });
  });
});

describe('--preprocess', () => {
  it('is in the help of solve, with its default', async () => {
    const r = await runMain('solve', '--help');
    expect(r.out).toMatch(/--preprocess MODE\s+shrink the ground task before the search/);
    expect(r.out.replace(/\s+/g, ' ')).toContain('(default: relevance for a PDDL or Prolog problem, none for a level)');
    expect(r.out).toMatch(/--stats\s+print to stderr the ground task's size/);
  });

  it('a bad mode is a usage error (exit 2)', async () => {
    const bad = await runMain('solve', fetch, '--domain', ROBOT, '--preprocess', 'h3');
    expect([bad.code, bad.err]).toEqual([2, expect.stringContaining("--preprocess must be none or relevance or h2, got 'h3'")]);
  });
});
