/**
 * The layering rules of src/ (README, "Layout"), checked on the import graph:
 *
 * 1. The generic layers — lang/, strips/, search/, heuristics/ — never import
 *    a domain plug-in (plugins/<name>/), the composition of the registries
 *    (plugins/index.ts) or a domain's input format (sokoban/): a domain
 *    plug-in registers itself with the registries from its own folder
 *    (tests/architecture/plugin.test.ts adds one).
 * 2. No two folders import each other, directly or through others.
 *
 * The redesign (issue 14) removes today's violations in stages. Until it is
 * done they are listed here, exactly: a new violation fails the test, and so
 * does a listed one that is gone (take it off the list, so it cannot come back).
 */
import { describe, expect, it } from 'vitest';
import { type Edge, folderCycles, folderGraph, folderOf, importEdges } from './import-graph.ts';

const genericFolders = ['lang', 'strips', 'search', 'heuristics'];
/** Folders of domain-specific code: the plug-ins and their composition, and Sokoban's input format. */
const domainFolders = ['plugins', 'sokoban'];

/** Imports of domain-specific code by a generic layer that the redesign has still to remove (none left). */
const knownPluginImports: string[] = [];

/** Folder cycles that the redesign has still to remove ('.' is the files directly in src/; none left). */
const knownCycles: string[] = [];

const edges = importEdges();

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
