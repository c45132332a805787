/**
 * planlog's import graph between the folders of src/, read with the
 * TypeScript compiler's own pre-processor (no resolution, no type-check:
 * only the module specifiers of import/export statements and dynamic
 * imports). Used by layers.test.ts and by `npx tsx tests/architecture/import-graph.ts`,
 * which prints the folder graph and its cycles.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const srcDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../src');

/** One import of a module inside src/ by another. */
export interface Edge {
  from: string; // path relative to src/, with '/'
  to: string;
}

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...sourceFiles(p));
    else if (/\.(ts|mts|js|mjs)$/.test(name) && !name.endsWith('.d.ts') && !name.includes('.generated.')) out.push(p);
  }
  return out;
}

const rel = (p: string): string => relative(srcDir, p).split(sep).join('/');

/** Every import between two modules of src/ (relative specifiers only; packages are not edges). */
export function importEdges(): Edge[] {
  const edges: Edge[] = [];
  for (const file of sourceFiles(srcDir)) {
    const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    for (const spec of info.importedFiles) {
      if (!spec.fileName.startsWith('.')) continue;
      const target = resolve(dirname(file), spec.fileName);
      if (!target.startsWith(srcDir)) continue;
      edges.push({ from: rel(file), to: rel(target) });
    }
  }
  return edges;
}

/** The folder of a module: its first path segment under src/ ('.' for a file directly in src/); a plug-in's folder is plugins/<name>. */
export function folderOf(path: string): string {
  const parts = path.split('/');
  if (parts.length === 1) return '.';
  return parts[0] === 'plugins' && parts.length > 2 ? `plugins/${parts[1]}` : parts[0];
}

/** Folder → folders it imports (a module's imports of its own folder are left out). */
export function folderGraph(edges: readonly Edge[]): Map<string, Set<string>> {
  const g = new Map<string, Set<string>>();
  for (const e of edges) {
    const a = folderOf(e.from);
    const b = folderOf(e.to);
    if (!g.has(a)) g.set(a, new Set());
    if (!g.has(b)) g.set(b, new Set());
    if (a !== b) g.get(a)!.add(b);
  }
  return g;
}

/** The pairs of folders that import each other directly or through others, as "a <-> b" (a < b), sorted. */
export function folderCycles(g: Map<string, Set<string>>): string[] {
  const reach = (from: string): Set<string> => {
    const seen = new Set<string>();
    const stack = [...(g.get(from) ?? [])];
    while (stack.length > 0) {
      const x = stack.pop()!;
      if (seen.has(x)) continue;
      seen.add(x);
      for (const y of g.get(x) ?? []) stack.push(y);
    }
    return seen;
  };
  const folders = [...g.keys()].sort();
  const reachable = new Map(folders.map((f) => [f, reach(f)]));
  const out: string[] = [];
  for (const a of folders) for (const b of folders) if (a < b && reachable.get(a)!.has(b) && reachable.get(b)!.has(a)) out.push(`${a} <-> ${b}`);
  return out;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const edges = importEdges();
  const g = folderGraph(edges);
  for (const [f, to] of [...g].sort()) console.log(`${f} -> ${[...to].sort().join(', ')}`);
  console.log('\nfolders in a cycle:');
  for (const c of folderCycles(g)) console.log(`  ${c}`);
}
