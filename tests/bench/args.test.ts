/**
 * The bench tools' command lines (bench/args.ts): --help prints the tool's
 * doc comment, exit 0; a flag the tool does not know, or a value left out,
 * is a one-line usage error, exit 2, no stack trace; `--set FIELD=VALUE`
 * items read as booleans, numbers and strings.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { planLines, setFields } from '../../bench/args.ts';

const run = (tool: string, ...args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', `bench/${tool}.ts`, ...args], { encoding: 'utf8' });

describe('bench tools: --help and bad flags', () => {
  it('--help prints the doc comment of the tool', () => {
    const r = run('coverage', '--help');
    expect(r.status).toBe(0);
    expect(r.stdout.split('\n')[0]).toBe('Coverage benchmark: configurations × the levels of a collection, with a');
    expect(r.stdout).not.toContain('*/');
  });

  it('an unknown flag or a missing value: the tool, the message, exit 2', () => {
    const bogus = run('coverage', '--bogus');
    expect(bogus.status).toBe(2);
    expect(bogus.stderr.trim()).toBe("bench/coverage.ts: Unknown option '--bogus'");
    const missing = run('improve', '--levels');
    expect(missing.status).toBe(2);
    expect(missing.stderr.trim()).toBe("bench/improve.ts: Option '--levels <value>' argument missing");
  });

  it('--set FIELD=VALUE, repeated or comma-separated: true, false, numbers, else strings; an item without = is a usage error', () => {
    expect(setFields('file:///bench/x.ts', ['features=true,share=0.25', 'estimate=matching', 'corrals=false'])).toEqual({ features: true, share: 0.25, estimate: 'matching', corrals: false });
    const bad = run('push-search', '--set', 'features');
    expect([bad.status, bad.stderr.trim()]).toEqual([2, 'bench/push-search.ts: --set features: expected FIELD=VALUE']);
  });

  it("push-search --config member:NAME: one member of auto alone (tutorial 6 and 7: the backward push-distance member pulls boxes onto the initial boxes' squares, the forward goal-macro member pushes them to the goals); an unknown one: the names, exit 2", () => {
    const r = run('push-search', '--levels', 'maps/tutorial.txt:6,7', '--config', 'member:backward-pushdist,member:goal', '--timeout', '20');
    expect(r.status).toBe(0);
    const rows = r.stdout.split('\n').filter((l) => /^\| \d/.test(l)).map((l) => l.split('|').slice(1, 5).map((c) => c.trim()));
    expect(rows).toEqual([
      ['6', '6 / 14', '2', '6'],
      ['7', '3 / 18', '2', '5'],
      ['6', '6 / 12', '3', '7'],
      ['7', '3 / 13', '6', '19'],
    ]);
    expect(r.stdout).toContain('member:backward-pushdist, tutorial.txt levels 6,7, 20 s');
    const bad = run('push-search', '--config', 'member:sideways');
    expect([bad.status, bad.stderr.trim()]).toEqual([2, 'bench/push-search.ts: --config member:sideways: unknown (optimal-pushes, greedy, auto, member:backward-matching, member:groups, member:backward-pushdist, member:goal, member:orientations, member:box)']);
  });

  it('planLines: `N: LURD` lines, optionally with the search\'s expanded states and wall time; blank and # lines left out, others listed', () => {
    const { plans, other } = planLines('# plans\n1: R\n2:  rrRR expanded 42 ms 7\n3: RRurDD expanded 9\n\n4: R expanded\n');
    expect([...plans.keys()]).toEqual([1, 2, 3]);
    expect(plans.get(1)).toEqual({ lurd: 'R', line: 2, column: 4 });
    expect(plans.get(2)).toEqual({ lurd: 'rrRR', line: 3, column: 5, expanded: 42, ms: 7 });
    expect(plans.get(3)).toEqual({ lurd: 'RRurDD', line: 4, column: 4, expanded: 9 });
    expect(other).toEqual([6]);
  });
});
