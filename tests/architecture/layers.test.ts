/**
 * The layering rules of src/ (README, "Layout"), checked on the import graph:
 *
 * 1. The generic layers — lang/, strips/, search/, heuristics/ — never import
 *    a domain plug-in (plugins/<name>/), the composition of the registries
 *    (plugins/index.ts) or a domain's input format (sokoban/): a domain
 *    plug-in registers itself with the registries from its own folder
 *    (tests/architecture/plugin.test.ts adds one).
 * 2. No two folders import each other, directly or through others.
 * 3. Every folder sits in one tier (the table below, drawn in the README's
 *    "Layout"), and imports only folders of its own tier or of lower ones.
 *    A new folder fails the test until it is placed in the table.
 *
 * Issue 14's redesign removed the violations listed here (the lists stay,
 * empty, for the next staged change: a listed violation that is gone fails too).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { type Edge, folderCycles, folderGraph, folderOf, importEdges } from './import-graph.ts';

const genericFolders = ['lang', 'strips', 'search', 'heuristics'];
/** Folders of domain-specific code: the plug-ins and their composition, and Sokoban's input format. */
const domainFolders = ['plugins', 'sokoban'];

/** Imports of domain-specific code by a generic layer that the redesign has still to remove (none left). */
const knownPluginImports: string[] = [];

/** Folder cycles that the redesign has still to remove ('.' is the files directly in src/; none left). */
const knownCycles: string[] = [];

/** The tiers of src/, lowest first ('.' is the entry files directly in src/: index.ts, cli.ts). */
export const tiers: readonly (readonly string[])[] = [
  ['util', 'model'], // foundation: located errors, heap, budget, option declarations; terms and the lifted model
  ['lang', 'pddl', 'sokoban', 'strips'], // input and task: Prolog facts, PDDL, Sokoban levels; grounding, the task, validation
  ['heuristics', 'search', 'lint'], // generic search: heuristics, strategies, the engine, the plug-in interface; the domain linter
  ['plugins/sokoban', 'plugins'], // domain plug-ins and their composition into the registries
  ['core', 'prolog', 'pipeline', 'options', 'explain', 'trace'], // solving: load, report, the Prolog backend, solve(), options, teaching
  ['workers', 'bench', 'web', 'queue'], // running: worker threads, planlog bench, the playground, the job queue (planlog worker)
  ['cli', '.'], // entries: the command table, src/cli.ts, the public API src/index.ts
];

/** The tier of a folder (its index in `tiers`), or -1 when it has none. */
export const tierOf = (folder: string): number => tiers.findIndex((t) => t.includes(folder));

/** Imports that go up the tiers (or from or to a folder with no tier), as 'from -> to'. */
const upwardImports = (es: readonly Edge[]): string[] =>
  [
    ...new Set(
      es
        .filter((e) => {
          const a = tierOf(folderOf(e.from));
          const b = tierOf(folderOf(e.to));
          return a < 0 || b < 0 || b > a;
        })
        .map((e) => `${e.from} -> ${e.to}`),
    ),
  ].sort();

/** The import graph of src/, read before the tests (not while vitest collects them). */
let edges: Edge[] = [];
beforeAll(() => {
  edges = importEdges();
});

/** The imports of domain-specific code by a generic layer, as 'from -> to'. */
const domainImports = (es: readonly Edge[]): string[] =>
  [...new Set(es.filter((e) => genericFolders.includes(folderOf(e.from)) && domainFolders.includes(folderOf(e.to).split('/')[0])).map((e) => `${e.from} -> ${e.to}`))].sort();

describe('import graph', () => {
  it('reads the imports of src/ (a sanity check of the reader)', () => {
    expect(edges).toContainEqual({ from: 'pipeline/solve.ts', to: 'strips/ground.ts' });
    expect(edges).toContainEqual({ from: 'strips/ground.ts', to: 'model/lifted.ts' });
  });

  it('the generic layers import no domain plug-in, no composition of plug-ins and no domain input format', () => {
    expect(domainImports(edges)).toEqual([...knownPluginImports].sort());
  });

  it('no two folders import each other (beyond the listed cycles the redesign removes)', () => {
    expect(folderCycles(folderGraph(edges))).toEqual([...knownCycles].sort());
  });

  it('every folder has a tier and imports only its own tier and lower ones', () => {
    const folders = [...new Set(edges.flatMap((e) => [folderOf(e.from), folderOf(e.to)]))].sort();
    expect(folders.filter((f) => tierOf(f) < 0)).toEqual([]);
    expect(upwardImports(edges)).toEqual([]);
  });

  it('finds an import up the tiers and a folder without a tier when one is added', () => {
    expect(upwardImports([...edges, { from: 'strips/ground.ts', to: 'search/types.ts' }, { from: 'core/load.ts', to: 'workers/pool.ts' }, { from: 'cli/main.ts', to: 'newfolder/x.ts' }])).toEqual([
      'cli/main.ts -> newfolder/x.ts',
      'core/load.ts -> workers/pool.ts',
      'strips/ground.ts -> search/types.ts',
    ]);
  });

  it('finds a cycle and a plug-in import when one is added', () => {
    const extra = [...edges, { from: 'strips/task.ts', to: 'search/types.ts' }, { from: 'util/errors.ts', to: 'plugins/sokoban/board.ts' }];
    expect(folderCycles(folderGraph(extra))).toContain('search <-> strips');
    expect(folderCycles(folderGraph(extra))).toContain('plugins/sokoban <-> util');
    const generic = [
      { from: 'search/astar.ts', to: 'plugins/sokoban/push.ts' },
      { from: 'heuristics/index.ts', to: 'plugins/index.ts' },
      { from: 'strips/ground.ts', to: 'sokoban/level.ts' },
    ];
    expect(domainImports([...edges, ...generic])).toEqual(
      [...knownPluginImports, 'heuristics/index.ts -> plugins/index.ts', 'search/astar.ts -> plugins/sokoban/push.ts', 'strips/ground.ts -> sokoban/level.ts'].sort(),
    );
  });
});
