/**
 * docs/: one page per registered strategy and heuristic (and none for a
 * name that is not registered), each stating its guarantees in fixed lines
 * that agree with the code (`optimal()`, `complete()`, `admissible`,
 * `plugin`: needs a level), the index table saying the same, links that resolve; and
 * every `npm start -- …` command shown in docs/ and in the README's
 * "Write your own domain" tutorial runs through `main` in-process with the
 * exit code the text promises, printing the output excerpts shown after it.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { docShell, excerptPattern, section, shellWords, type DocCommand } from './doc-commands.ts';

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

describe('reading commands out of Markdown', () => {
  it('quotes, comments, redirections', () => {
    expect(shellWords(`validate maps/tutorial.txt --lurd "rrRR"  # a comment`)).toEqual({ words: ['validate', 'maps/tutorial.txt', '--lurd', 'rrRR'], comment: 'a comment' });
    expect(shellWords(`solve a.pl --json > out.json`).words).toEqual(['solve', 'a.pl', '--json', '>', 'out.json']);
    expect(() => shellWords(`solve 'a.pl`)).toThrow('unterminated quote');
  });
  it('exit codes, excerpts after sh blocks only, inline commands', () => {
    const md = '```sh\nnpm start -- solve x.txt   # exit 1\n```\n\n```\nno plan\n```\n\nsee `npm start -- serve`\n\n```\nnot an excerpt\n```\n';
    const { commands, excerpts } = docShell(md);
    expect(commands.map((c) => [c.argv, c.exit, c.block])).toEqual([
      [['solve', 'x.txt'], 1, 0],
      [['serve'], 0, -1],
    ]);
    expect(excerpts).toEqual([{ block: 0, lines: ['no plan'] }]);
  });
  it('excerpt lines: any times, any runs of spaces, a trailing … for a prefix', () => {
    const p = excerptPattern('search: 4 expanded; search 0.45 ms, total 6.76 ms')!;
    expect(p.test('search: 4 expanded; search 12.3 ms, total 1,020 ms')).toBe(true);
    expect(p.test('search: 5 expanded; search 0.45 ms, total 6.76 ms')).toBe(false);
    expect(excerptPattern('  time   0.7 ms   254 ms')!.test('  time         1.2 ms                    1198 ms')).toBe(true);
    expect(excerptPattern('solved by bfs: 3 steps …')!.test('solved by bfs: 3 steps, cost 3, optimal')).toBe(true);
    expect(excerptPattern('…')).toBeNull();
  });
});

interface Printed {
  code: number;
  lines: string[];
}

/** Runs one documented command through main; `serve` gets an interrupt at once and a free port. */
async function runDocumented(c: DocCommand, files: Map<string, string>, tmp: string): Promise<Printed> {
  const argv = c.argv.map((a) => files.get(a) ?? (existsSync(join(root, a)) ? project(a) : a));
  if (argv[0] === 'serve' && !argv.includes('--port')) argv.push('--port', '0', '--threads', '1');
  const out: string[] = [];
  const err: string[] = [];
  const io: Io = { out: (t) => out.push(t), err: (t) => err.push(t), readFile: readTextFile, isTTY: false, untilInterrupted: () => Promise.resolve() };
  const code = await main(argv, io);
  if (c.redirect) {
    const f = join(tmp, c.redirect);
    writeFileSync(f, `${out.join('\n')}\n`);
    files.set(c.redirect, f);
  }
  return { code, lines: [...out, ...err].join('\n').split('\n') };
}

const tmp = mkdtempSync(join(tmpdir(), 'planlog-docs-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe("the tutorial's strategy table on domains/robot-problem-2.pl", () => {
  const tutorial = section(read('README.md'), '### Write your own domain');
  const rows = [...tutorial.matchAll(/^\| `((?:bfs|astar|gbfs|iddfs)[^`]*)` \| (\d+) steps(, optimal)? \| (\d+)/gm)];

  it('has the four strategies, and the problem records the optimum bfs finds', () => {
    expect(rows.map((r) => r[1])).toEqual(['bfs', 'astar --heuristic lmcut', 'gbfs --heuristic hff', 'iddfs']);
    expect(/^% optimal: (\d+) steps$/m.exec(read('domains/robot-problem-2.pl'))?.[1]).toBe(rows[0][2]);
  });

  it('plan lengths, optimal marks and expanded nodes are what solve --json reports', async () => {
    for (const [, algo, length, optimal, expanded] of rows) {
      const argv = ['solve', project('domains/robot-problem-2.pl'), '--domain', project('domains/robot.pl'), '--algo', ...algo.split(' '), '--json'];
      const p = await runDocumented({ argv, text: algo, exit: 0, block: -1 }, new Map(), tmp);
      const json = JSON.parse(p.lines.join('\n'));
      expect([json.length, json.optimal, json.stats.expanded], algo).toEqual([Number(length), optimal !== undefined, Number(expanded)]);
    }
  });
});

const SOURCES: { name: string; text: string }[] = [
  { name: 'README.md, ### Write your own domain', text: section(read('README.md'), '### Write your own domain') },
  ...DOCS.filter((d) => d !== 'docs/README.md').map((d) => ({ name: d, text: read(d) })),
];

for (const src of SOURCES) {
  const { commands, excerpts } = docShell(src.text);
  describe(`the commands of ${src.name}`, () => {
    const files = new Map<string, string>();
    const skipped = (c: DocCommand): boolean => c.argv.includes('--engine') && c.argv[c.argv.indexOf('--engine') + 1] === 'swipl' && !swiplAvailable();
    /**
     * The commands run once each, in the order of the text (a command may read
     * a file an earlier one wrote): a test that needs command i starts every
     * command up to i that has not run yet, so that each test also runs alone.
     */
    const runs: Promise<Printed | null>[] = [];
    const runUpTo = (i: number): Promise<Printed | null> => {
      for (let k = runs.length; k <= i; k++) {
        const c = commands[k];
        const before = runs[k - 1]?.catch(() => null) ?? Promise.resolve(null);
        runs.push(before.then(() => (skipped(c) ? null : runDocumented(c, files, tmp))));
      }
      return runs[i];
    };

    it('shows at least one command and an excerpt of its output', () => {
      expect(commands.length).toBeGreaterThan(0);
      expect(excerpts.length).toBeGreaterThan(0);
    });

    commands.forEach((c, i) => {
      it.skipIf(skipped(c))(`${c.text} exits ${c.exit}`, async () => {
        const p = (await runUpTo(i))!;
        expect(p.code, p.lines.join('\n')).toBe(c.exit);
        if (c.argv[0] === 'serve') expect(p.lines[0]).toMatch(/^planlog playground on http:\/\/127\.0\.0\.1:\d+\/ /);
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
