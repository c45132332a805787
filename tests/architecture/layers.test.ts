/**
 * The layering rules of src/ (README, "Layout"), checked on the import graph:
 *
 * 1. The generic layers — lang/, strips/, search/, heuristics/ — never import
 *    a domain plug-in (sokoban/): a domain registers itself with their
 *    registries from its own folder.
 * 2. No two folders import each other, directly or through others.
 *
 * The redesign (issue 14) removes today's violations in stages. Until it is
 * done they are listed here, exactly: a new violation fails the test, and so
 * does a listed one that is gone (take it off the list, so it cannot come back).
 */
import { describe, expect, it } from 'vitest';
import { folderCycles, folderGraph, folderOf, importEdges } from './import-graph.ts';

const genericFolders = ['lang', 'strips', 'search', 'heuristics'];
const pluginFolders = ['plugins'];

/** Imports of a plug-in by a generic layer that the redesign has still to remove. */
const knownPluginImports = [
  'heuristics/index.ts -> plugins/sokoban/h-manhattan.ts',
  'heuristics/index.ts -> plugins/sokoban/h-matching.ts',
  'heuristics/index.ts -> plugins/sokoban/h-pushdist.ts',
  'search/index.ts -> plugins/sokoban/push.ts',
  'search/presets.ts -> plugins/sokoban/push.ts',
  'search/prune.ts -> plugins/sokoban/prune.ts',
];

/** Folder cycles that the redesign has still to remove ('.' is the files directly in src/). */
const knownCycles = [
  '. <-> cli',
  '. <-> web',
  'cli <-> web',
  'heuristics <-> plugins/sokoban',
  'heuristics <-> search',
  'plugins/sokoban <-> search',
];

const edges = importEdges();

describe('import graph', () => {
  it('reads the imports of src/ (a sanity check of the reader)', () => {
    expect(edges).toContainEqual({ from: 'pipeline/solve.ts', to: 'strips/ground.ts' });
    expect(edges).toContainEqual({ from: 'strips/ground.ts', to: 'model/lifted.ts' });
  });

  it('the generic layers import no domain plug-in (beyond the listed ones the redesign removes)', () => {
    const found = edges
      .filter((e) => genericFolders.includes(folderOf(e.from)) && pluginFolders.includes(folderOf(e.to).split('/')[0]))
      .map((e) => `${e.from} -> ${e.to}`);
    expect([...new Set(found)].sort()).toEqual([...knownPluginImports].sort());
  });

  it('no two folders import each other (beyond the listed cycles the redesign removes)', () => {
    expect(folderCycles(folderGraph(edges))).toEqual([...knownCycles].sort());
  });

  it('finds a cycle and a plug-in import when one is added', () => {
    const extra = [...edges, { from: 'strips/task.ts', to: 'search/types.ts' }, { from: 'util/errors.ts', to: 'plugins/sokoban/board.ts' }];
    expect(folderCycles(folderGraph(extra))).toContain('search <-> strips');
    expect(folderCycles(folderGraph(extra))).toContain('plugins/sokoban <-> util');
  });
});
