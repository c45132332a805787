/**
 * The command table (src/cli/commands/): per-command --help, the global help,
 * unknown commands and flags with a did-you-mean, one status → exit code
 * function, and the CLI's imports (no src/index.ts, no cycle between its files).
 */
import { readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { commands } from '../../src/cli/commands/index.ts';
import { exitCode } from '../../src/cli/exit.ts';
import { didYouMean } from '../../src/cli/suggest.ts';
import { editDistance } from '../../src/util/edit-distance.ts';
import { importEdges, srcDir, type Edge } from '../architecture/import-graph.ts';
import { runMain } from './run-main.ts';

const TUTORIAL = 'maps/tutorial.txt';

/**
 * The modules (paths under src/) and packages a module loads at start:
 * its static imports and theirs, not its dynamic import() calls nor its
 * type-only imports, which the compiler erases.
 */
function staticImports(entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(join(srcDir, file), 'utf8');
    for (const m of text.matchAll(/^(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?'([^']+)'/gm)) {
      const spec = m[1];
      if (spec.startsWith('.')) visit(normalize(join(dirname(file), spec)).split('\\').join('/'));
      else if (!spec.startsWith('node:')) seen.add(spec);
    }
  };
  visit(entry);
  return seen;
}

describe('planlog <command> --help', () => {
  it('solve: its usage and its flags with their help, not the global help', async () => {
    const r = await runMain('solve', '--help');
    expect(r.code).toBe(0);
    const lines = r.out.trimEnd().split('\n');
    expect(lines[0]).toBe('usage: npx planlog solve <file> [options]');
    expect(lines).toContain('  --level N|TITLE   which level of a collection (1-based number or title)');
    expect(lines).toContain('  --max-nodes N     stop the search after N expanded nodes (exit 3)');
    expect(lines).toContain('  --show            print the board after every step');
    expect(lines).toContain('  --plan-format F   text (default) or pddl: only the plan, as (action arg …)');
    expect(lines).toContain('    bfs       breadth-first search with a closed set; fewest actions');
    expect(lines).toContain('  -h, --help        this help');
    expect(lines.slice(-2)).toEqual(['exit codes: 0 solved · 1 no plan exists · 2 bad input or usage ·', '            3 a limit stopped the search']);
    expect(r.out).not.toContain('commands:');
  });

  it('facts and validate: their own usage (they printed the global help before)', async () => {
    const facts = await runMain('facts', '--help');
    expect(facts.code).toBe(0);
    expect(facts.out.split('\n')[0]).toBe('usage: npx planlog facts <level-file> [--level N|TITLE] [--domain FILE]');
    expect(facts.out).toContain('\n  --domain FILE     opn/4 or PDDL domain file (default: domains/sokoban.pl)\n');
    expect(facts.out).not.toContain('--algo');
    const validate = await runMain('validate', '-h');
    expect(validate.code).toBe(0);
    expect(validate.out.split('\n')[0]).toBe('usage: npx planlog validate <file> [--level N|TITLE] [--domain FILE] (--plan FILE | --lurd STRING) [--json]');
    expect(validate.out).toContain('\n  --plan FILE       the plan: one step per line, as solve prints them\n');
    expect(validate.out).toContain('\nexit codes: 0 valid · 2 bad input or usage · 5 the plan is invalid\n');
  });

  it('compare, trace, bench, serve, pddl: usage lines, a flag of their own, exit codes', async () => {
    const compare = (await runMain('compare', '--help')).out;
    expect(compare).toContain('\n  --algo NAME       iddfs (default) or bfs: the strategies of the Prolog backend\n');
    expect(compare).toContain('\nexit codes: 0 agree · 2 bad input · 3 a backend hit its limit · 4 disagree\n');
    const trace = (await runMain('trace', '--help')).out;
    expect(trace.split('\n').slice(0, 2)).toEqual([
      'usage: npx planlog trace <file> [--level N|TITLE] [--domain FILE] [--algo NAME]',
      '                         [--heuristic NAME] [--limit N] [--format text|json|dot] [options]',
    ]);
    expect(trace).toContain('\n  --limit N         expansions shown (default 50)\n');
    const bench = (await runMain('bench', '--help')).out;
    expect(bench).toContain('\n  maps/tutorial.txt  microban.txt:1-40  microban.txt:1,5,9-12\n');
    expect(bench).toContain('\n  --vs-max-boxes N  small enough for the Prolog backend: at most N boxes\n');
    const serve = (await runMain('serve', '--help')).out;
    expect(serve).toContain('\n  --max-timeout SEC\n                    largest time limit a request may ask for (default 60)\n');
    const pddl = (await runMain('pddl', '--help')).out;
    expect(pddl.split('\n').slice(0, 2)).toEqual([
      'usage: npx planlog pddl export <domain.pl> [<problem.pl | level-file> [--level N|TITLE]] --out DIR',
      '       npx planlog pddl import <domain.pddl> [<problem.pddl>] --out DIR',
    ]);
    expect(pddl).toContain('\n  --out DIR         the folder written (created when missing)\n');
  });

  it('every command: its usage and a help line for each of its flags', async () => {
    for (const c of commands) {
      const r = await runMain(c.name, '--help');
      expect(r.code, c.name).toBe(0);
      expect(r.out.startsWith(`usage: npx planlog ${c.name}`), c.name).toBe(true);
      for (const [name, flag] of Object.entries(c.flags)) {
        // the text after the flag, or on the next line at column 20
        expect(r.out, `${c.name} --${name}`).toMatch(new RegExp(`\\n  --${name}${flag.value ? ` ${flag.value.replace(/[|]/g, '\\|')}` : ''}( +|\\n {20})\\S`));
      }
    }
  });

  it('planlog help <command> is planlog <command> --help', async () => {
    expect((await runMain('help', 'trace')).out).toBe((await runMain('trace', '--help')).out);
  });
});

describe('planlog --help', () => {
  it('lists every command of the table, each with its summary', async () => {
    const r = await runMain('--help');
    expect(r.code).toBe(0);
    const lines = r.out.trimEnd().split('\n');
    for (const c of commands) expect(lines.some((l) => l.startsWith(`  ${`${c.name} ${c.args}`.trim()}`)), c.name).toBe(true);
    expect(lines).toContain('  solve <file>      solve a level, a Prolog problem (--domain) or a PDDL problem');
    expect(lines).toContain('  pddl export|import');
    expect(lines).toContain('  (no command)      the demo: solve the bundled demo level');
    expect(lines).toContain('options of solve:');
    expect(lines).toContain('  --plan-format F   text (default) or pddl: only the plan, as (action arg …)');
    expect(lines.some((l) => l.startsWith('  --backend NAME    '))).toBe(true);
    expect(lines.slice(-3)).toEqual([
      'exit codes: 0 solved/valid · 1 no plan exists · 2 bad input or usage ·',
      '            3 a limit stopped the search · 4 compare: the backends disagree ·',
      '            5 the plan is invalid · 70 internal error (a bug: please report it)',
    ]);
  });
});

describe('unknown commands and flags: exit 2 with a did-you-mean', () => {
  it("'slove' → did you mean solve?", async () => {
    const r = await runMain('slove', TUTORIAL);
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    expect(r.err).toBe(
      "planlog: unknown command 'slove'; did you mean solve? (commands: solve, compare, lint, facts, validate, explain, trace, bench, worker, pddl, serve)\n(see npx planlog --help)",
    );
  });

  it("'--heurstic' → did you mean --heuristic?, also as JSON", async () => {
    const r = await runMain('solve', TUTORIAL, '--heurstic', 'hff');
    expect(r.code).toBe(2);
    expect(r.err).toBe('planlog: unknown option --heurstic; did you mean --heuristic?\n(see npx planlog solve --help)');
    const j = await runMain('solve', TUTORIAL, '--heurstic', 'hff', '--json');
    expect(j.code).toBe(2);
    expect(JSON.parse(j.out)).toEqual({ error: { message: 'unknown option --heurstic; did you mean --heuristic?' } });
  });

  it("a flag of another command is suggested from this command's flags only", async () => {
    const r = await runMain('serve', '--prot', '0');
    expect(r.code).toBe(2);
    expect(r.err).toBe('planlog: unknown option --prot; did you mean --port?\n(see npx planlog serve --help)');
    const far = await runMain('validate', TUTORIAL, '--algo', 'bfs');
    expect(far.code).toBe(2);
    expect(far.err).toBe('planlog: unknown option --algo\n(see npx planlog validate --help)');
  });

  it('a flag without its value, a value for a flag that takes none', async () => {
    expect(await runMain('solve', TUTORIAL, '--level')).toMatchObject({ code: 2, err: 'planlog: --level needs a value\n(see npx planlog solve --help)' });
    expect(await runMain('solve', TUTORIAL, '--json=yes')).toMatchObject({ code: 2, err: 'planlog: --json takes no value\n(see npx planlog solve --help)' });
  });
});

describe('suggestions', () => {
  it('edit distance counts a swap of neighbours as one edit', () => {
    expect(editDistance('slove', 'solve')).toBe(1);
    expect(editDistance('heurstic', 'heuristic')).toBe(1);
    expect(editDistance('frob', 'serve')).toBe(4);
    expect(editDistance('', 'bfs')).toBe(3);
  });

  it('the closest name within a third of the word, else the only name it starts, else none', () => {
    const names = commands.map((c) => c.name);
    expect(didYouMean('slove', names)).toBe('solve');
    expect(didYouMean('vallidate', names)).toBe('validate');
    expect(didYouMean('exp', names)).toBe('explain');
    expect(didYouMean('frob', names)).toBeNull();
    // equally close to two names: no guess
    expect(didYouMean('ab', ['ac', 'ad'])).toBeNull();
  });
});

describe('exit codes', () => {
  it('one function maps every outcome to the contract codes', () => {
    const outcomes = ['ok', 'solved', 'valid', 'agree', 'unsolvable', 'usage', 'limit', 'disagree', 'invalid', 'internal'] as const;
    expect(outcomes.map(exitCode)).toEqual([0, 0, 0, 0, 1, 2, 3, 4, 5, 70]);
  });

  it('solve: 0 solved, 1 no plan, 3 limit; validate: 5 invalid', async () => {
    expect((await runMain('solve', TUTORIAL, '--level', '1', '--algo', 'bfs', '--json')).code).toBe(0);
    expect((await runMain('solve', 'maps/unsolvable.txt', '--level', '1', '--algo', 'bfs', '--json')).code).toBe(1);
    expect((await runMain('solve', TUTORIAL, '--level', '2', '--algo', 'bfs', '--max-nodes', '1', '--json')).code).toBe(3);
    expect((await runMain('validate', TUTORIAL, '--level', '1', '--lurd', 'l')).code).toBe(5);
  });
});

describe('the CLI imports', () => {
  // every source file of src/ read once before these tests (not while the tests are collected)
  let edges: Edge[];
  beforeAll(() => {
    edges = importEdges().filter((e) => e.from.startsWith('cli/') || e.from === 'cli.ts');
  });

  it('library modules directly, never the public API file src/index.ts', () => {
    expect(edges.filter((e) => e.to === 'index.ts')).toEqual([]);
  });

  it('no cycle between the files of src/cli/', () => {
    const graph = new Map<string, string[]>();
    for (const e of edges) if (e.to.startsWith('cli/')) graph.set(e.from, [...(graph.get(e.from) ?? []), e.to]);
    const cycles: string[] = [];
    const visit = (file: string, path: string[]): void => {
      if (path.includes(file)) {
        cycles.push([...path.slice(path.indexOf(file)), file].join(' -> '));
        return;
      }
      for (const next of graph.get(file) ?? []) visit(next, [...path, file]);
    };
    for (const file of graph.keys()) visit(file, []);
    expect(cycles).toEqual([]);
  });

  it('bench and serve load their pool and server only when run: not among the static imports of the entry file', () => {
    const closure = staticImports('cli.ts');
    expect(closure.has('cli/commands/bench.ts') && closure.has('cli/commands/serve.ts')).toBe(true);
    for (const heavy of ['bench/index.ts', 'web/index.ts', 'workers/pool.ts', 'web/server.ts', 'bench/report.ts', 'index.ts', 'piscina', 'fastify', 'queue/client.ts', 'queue/worker.ts', 'queue/connection.ts', 'bullmq', 'ioredis']) expect(closure.has(heavy), heavy).toBe(false);
  });
});
