/**
 * docs/: one page per registered strategy and heuristic (and none for a
 * name that is not registered), each stating its guarantees in fixed lines
 * that agree with the code (`optimal()`, `complete()`, `admissible`,
 * `plugin`: needs a level), the index table saying the same, links that resolve; and
 * every `npx planlog …` command shown in docs/ runs through `main`
 * in-process (they have no redirections or pipes; the README's commands run
 * as printed through bash, readme.test.ts) with the exit code the text
 * promises, printing the output excerpts shown after it; the tutorial's
 * strategy table holds what `solve --json` reports.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { readTextFile, type Io } from '../../src/cli/io.ts';
import { main } from '../../src/cli/main.ts';
import {
  contextOf,
  defaultHeuristicFor,
  getHeuristic,
  ground,
  heuristicNames,
  heuristics,
  loadProblem,
  makeSearchSpace,
  strategies,
  strategyNames,
  swiplAvailable,
  type SearchOptions,
  type SearchSpace,
  type Strategy,
} from '../../src/index.ts';
import { docShell, excerptPattern, planlogArgv, section, type DocCommand } from './doc-commands.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
/** A path of the project as the user would type it from the working directory. */
const project = (p: string): string => {
  const r = relative(process.cwd(), join(root, p));
  return r.startsWith('..') ? join(root, p) : r;
};
const read = (p: string): string => readFileSync(join(root, p), 'utf8');
const pages = (dir: string): string[] =>
  readdirSync(join(root, 'docs', dir))
    .filter((f) => f.endsWith('.md'))
    .map((f) => f.replace(/\.md$/, ''));
const yesNo = (b: boolean): string => (b ? 'yes' : 'no');
/** The value of a fixed line `- LABEL: yes|no …` of a page, or null. */
const fixed = (text: string, label: string): string | null => new RegExp(`^- ${label}: (yes|no)\\b`, 'm').exec(text)?.[1] ?? null;

interface LevelSpace {
  space: SearchSpace;
  context: SearchOptions['context'];
}

/** The search space of tutorial level 2 under a Sokoban domain, with its level as context. */
function levelSpace(domain: string): LevelSpace {
  const loaded = loadProblem({ file: 'maps/tutorial.txt', text: read('maps/tutorial.txt'), level: 2, domainFile: domain, domainText: read(domain) });
  return { space: makeSearchSpace(ground(loaded.domain, loaded.problem)), context: contextOf(loaded) };
}

/** What the strategy's optimal() says with its default heuristic (on a level) and the default options. */
function optimalOn(s: Strategy, { space, context }: LevelSpace): boolean {
  const heuristic = getHeuristic(defaultHeuristicFor(s.name, context) ?? '');
  return s.optimal(space, { cycle: 'state', timeoutMs: Infinity, maxNodes: Infinity, heuristic, context });
}
const proves = (s: Strategy): boolean => s.complete({ cycle: 'state', timeoutMs: Infinity, maxNodes: Infinity });

describe('the pages match the registries', () => {
  // grounded once for the tests that ask optimal() (not while the tests are collected)
  let UNIT: LevelSpace;
  let COSTS: LevelSpace;
  beforeAll(() => {
    UNIT = levelSpace('domains/sokoban.pl');
    COSTS = levelSpace('domains/sokoban-pushes.pl');
  });

  it('one page per registered strategy and heuristic, no stale pages', () => {
    expect(pages('strategies').sort()).toEqual([...strategyNames].sort());
    expect(pages('heuristics').sort()).toEqual([...heuristicNames].sort());
  });

  it('the unit-cost and action-cost setups differ as intended', () => {
    expect(UNIT.space.task.operators.every((o) => o.cost === 1)).toBe(true);
    expect(new Set(COSTS.space.task.operators.map((o) => o.cost))).toEqual(new Set([0, 1]));
  });

  for (const name of strategyNames) {
    it(`strategies/${name}.md: optimal (unit costs, action costs) and proves "no plan" as the code says`, () => {
      const text = read(`docs/strategies/${name}.md`);
      const s = strategies[name];
      expect(text.split('\n')[0]).toMatch(new RegExp(`^# \`${name}\` — `));
      expect(fixed(text, 'Optimal, unit costs')).toBe(yesNo(optimalOn(s, UNIT)));
      expect(fixed(text, 'Optimal, action costs')).toBe(yesNo(optimalOn(s, COSTS)));
      expect(fixed(text, 'Proves "no plan"')).toBe(yesNo(proves(s)));
    });
  }

  for (const name of heuristicNames) {
    it(`heuristics/${name}.md: admissible and needs a level as the code says`, () => {
      const text = read(`docs/heuristics/${name}.md`);
      expect(text.split('\n')[0]).toMatch(new RegExp(`^# \`${name}\` — `));
      expect(fixed(text, 'Admissible')).toBe(yesNo(heuristics[name].admissible));
      expect(fixed(text, 'Needs a level')).toBe(yesNo(heuristics[name].plugin === 'sokoban'));
    });
  }

  it('the values of the fixed lines on some pages (the registry checks above could pass on wrong code)', () => {
    const line = (page: string, label: string): string | null => fixed(read(`docs/${page}.md`), label);
    expect(['bfs', 'iddfs', 'ucs', 'astar', 'wastar', 'gbfs', 'push'].map((n) => line(`strategies/${n}`, 'Optimal, unit costs'))).toEqual(['yes', 'yes', 'yes', 'yes', 'no', 'no', 'no']);
    expect(['bfs', 'ucs', 'push', 'optimal-pushes'].map((n) => line(`strategies/${n}`, 'Optimal, action costs'))).toEqual(['no', 'yes', 'yes', 'yes']);
    expect(['lmcut', 'hff', 'matching'].map((n) => line(`heuristics/${n}`, 'Admissible'))).toEqual(['yes', 'no', 'yes']);
  });

  it('the index has a row per strategy and heuristic, linking its page, with the same values', () => {
    const index = read('docs/README.md');
    const rows = new Map(
      [...index.matchAll(/^\| \[`([\w-]+)`\]\((strategies|heuristics)\/([\w-]+)\.md\) \|[^|]*\|(.*)\|$/gm)].map((m) => {
        expect(m[3]).toBe(m[1]);
        return [`${m[2]}/${m[1]}`, m[4].split('|').map((c) => c.trim())];
      }),
    );
    expect(rows.size).toBe(strategyNames.length + heuristicNames.length);
    for (const name of strategyNames) {
      const s = strategies[name];
      expect(rows.get(`strategies/${name}`), name).toEqual([yesNo(optimalOn(s, UNIT)), yesNo(optimalOn(s, COSTS)), yesNo(proves(s))]);
    }
    for (const name of heuristicNames) {
      const h = heuristics[name];
      expect(rows.get(`heuristics/${name}`), name).toEqual([yesNo(h.admissible), yesNo(h.plugin === 'sokoban')]);
    }
  });
});

const DOCS = ['docs/README.md', ...pages('strategies').map((p) => `docs/strategies/${p}.md`), ...pages('heuristics').map((p) => `docs/heuristics/${p}.md`)];

describe('links in docs/ resolve', () => {
  for (const doc of DOCS) {
    it(doc, () => {
      const links = [...read(doc).matchAll(/\]\(([^)#\s]+)(#[^)]*)?\)/g)].map((m) => m[1]).filter((l) => !/^[a-z]+:/.test(l));
      for (const l of links) expect(existsSync(join(root, dirname(doc), l)), `${doc} → ${l}`).toBe(true);
    });
  }
});

it('the README links docs/ from the Strategies and Heuristics sections', () => {
  const readme = read('README.md');
  expect(section(readme, '## Strategies')).toContain('](docs/README.md)');
  expect(section(readme, '## Heuristics')).toContain('](docs/README.md)');
});

interface Printed {
  code: number;
  lines: string[];
}

/** Runs `npx planlog ARGV` through main in-process; paths of the project as the user would type them from the working directory. */
async function runInProcess(argv: string[]): Promise<Printed> {
  const args = argv.map((a) => (existsSync(join(root, a)) ? project(a) : a));
  const out: string[] = [];
  const err: string[] = [];
  const io: Io = { out: (t) => out.push(t), err: (t) => err.push(t), readFile: readTextFile, isTTY: false };
  const code = await main(args, io);
  return { code, lines: [...out, ...err].join('\n').split('\n') };
}

describe("the tutorial's strategy table on domains/robot-problem-2.pl", () => {
  const tutorial = section(read('README.md'), '### Write your own domain');
  const rows = [...tutorial.matchAll(/^\| `((?:bfs|astar|gbfs|iddfs)[^`]*)` \| (\d+) steps(, optimal)? \| (\d+)/gm)];

  it('has the four strategies, and the problem records the optimum bfs finds', () => {
    expect(rows.map((r) => r[1])).toEqual(['bfs', 'astar --heuristic lmcut', 'gbfs --heuristic hff', 'iddfs']);
    expect(/^% optimal: (\d+) steps$/m.exec(read('domains/robot-problem-2.pl'))?.[1]).toBe(rows[0][2]);
  });

  it('plan lengths, optimal marks and expanded nodes are what solve --json reports', async () => {
    for (const [, algo, length, optimal, expanded] of rows) {
      const p = await runInProcess(['solve', 'domains/robot-problem-2.pl', '--domain', 'domains/robot.pl', '--algo', ...algo.split(' '), '--json']);
      const json = JSON.parse(p.lines.join('\n'));
      expect([json.length, json.optimal, json.stats.expanded], algo).toEqual([Number(length), optimal !== undefined, Number(expanded)]);
    }
  });
});

for (const doc of DOCS.filter((d) => d !== 'docs/README.md')) {
  const shown = docShell(read(doc));
  // npx planlog lines run; the others (npx tsx bench/…: measurements) must name files that exist
  const commands = shown.commands.filter((c) => c.kind === 'planlog');
  const others = shown.commands.filter((c) => c.kind !== 'planlog');
  const excerpts = shown.excerpts;
  describe(`the commands of ${doc}`, () => {
    const skipped = (c: DocCommand): boolean => / --engine swipl\b/.test(c.text) && !swiplAvailable();
    /**
     * The commands run once each, in the order of the text: a test that needs
     * command i starts every command up to i that has not run yet, so that
     * each test also runs alone.
     */
    const runs: Promise<Printed | null>[] = [];
    const runUpTo = (i: number): Promise<Printed | null> => {
      for (let k = runs.length; k <= i; k++) {
        const c = commands[k];
        const before = runs[k - 1]?.catch(() => null) ?? Promise.resolve(null);
        runs.push(before.then(() => (skipped(c) ? null : runInProcess(planlogArgv(c)))));
      }
      return runs[i];
    };

    it('shows at least one npx planlog command and an excerpt of its output; other commands are measurements of files that exist', () => {
      expect(commands.length).toBeGreaterThan(0);
      expect(excerpts.length).toBeGreaterThan(0);
      for (const c of others) {
        expect(c.kind, c.text).toBe('measure');
        for (const w of c.text.split(/\s+/)) if (w.includes('/') && !w.startsWith('-')) expect(existsSync(join(root, w)), c.text).toBe(true);
      }
    });

    commands.forEach((c, i) => {
      it.skipIf(skipped(c))(`${c.text} exits ${c.exit}`, async () => {
        const p = (await runUpTo(i))!;
        expect(p.code, p.lines.join('\n')).toBe(c.exit);
      });
    });

    excerpts.forEach((e, i) => {
      it(`output excerpt ${i + 1} is printed by the commands above it`, async () => {
        const above = commands.flatMap((c, k) => (c.block === e.block ? [k] : []));
        // the outputs of the commands of its block that exit as the text says
        const outputs = (await Promise.all(above.map(async (k) => ({ c: commands[k], p: await runUpTo(k) })))).flatMap(({ c, p }) => (p !== null && p.code === c.exit ? [p] : []));
        expect(outputs.length).toBeGreaterThan(0);
        for (const line of e.lines) {
          const pattern = excerptPattern(line);
          if (pattern === null) continue;
          expect(
            outputs.some((o) => o.lines.some((l) => pattern.test(l))),
            `not printed: ${line}`,
          ).toBe(true);
        }
      });
    });
  });
}
