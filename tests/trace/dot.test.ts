/**
 * planlog trace --format dot: the digraph's structure (balanced braces,
 * every edge between declared nodes, the plan's edges highlighted), and
 * Graphviz's own parser when `dot` is installed.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadProblem, traceLoaded, traceToDot, type SearchTrace } from '../../src/index.ts';
import { dotString } from '../../src/trace/dot.ts';

const path = (p: string): string => fileURLToPath(new URL(`../../${p}`, import.meta.url));
const tutorial = (level: number) =>
  loadProblem({ file: 'tutorial.txt', text: readFileSync(path('maps/tutorial.txt'), 'utf8'), level, domainFile: 'sokoban.pl', domainText: readFileSync(path('domains/sokoban.pl'), 'utf8') });

interface Parsed {
  nodes: Map<string, string>;
  edges: { from: string; to: string; attrs: string }[];
}

/** Checks the digraph's shape and reads its node and edge statements; throws on anything unexpected. */
function parseDot(dot: string): Parsed {
  const lines = dot.split('\n');
  expect(lines[0]).toBe('digraph trace {');
  expect(lines[lines.length - 1]).toBe('}');
  let depth = 0;
  const nodes = new Map<string, string>();
  const edges: Parsed['edges'] = [];
  for (const raw of lines) {
    // braces outside quoted strings
    const outside = raw.replace(/"(?:[^"\\]|\\.)*"/g, '""');
    for (const c of outside) {
      if (c === '{') depth++;
      if (c === '}') depth--;
      expect(depth).toBeGreaterThanOrEqual(0);
    }
    const line = raw.trim();
    const edge = /^(n\d+) -> (n\d+)(?: \[(.*)\])?;$/.exec(line);
    const node = /^(n\d+) \[(.*)\];$/.exec(line);
    if (edge) edges.push({ from: edge[1], to: edge[2], attrs: edge[3] ?? '' });
    else if (node) nodes.set(node[1], node[2]);
    else expect(line).toMatch(/^(digraph trace \{|\}|graph \[.*\];|node \[.*\];|subgraph cluster_\d+ \{|label=".*";)$/);
  }
  expect(depth).toBe(0);
  return { nodes, edges };
}

function checkPlanEdges(t: SearchTrace, p: Parsed): void {
  for (const e of p.edges) {
    expect(p.nodes.has(e.from)).toBe(true);
    expect(p.nodes.has(e.to)).toBe(true);
  }
  const highlighted = p.edges.filter((e) => e.attrs.includes('color="red"')).map((e) => `${e.from}->${e.to}`);
  const path = t.planNodes.slice(1).map((id, i) => `n${t.planNodes[i]}->n${id}`);
  expect(highlighted).toEqual(path);
  expect(highlighted).toHaveLength(t.plan.length);
}

const hasDot = spawnSync('dot', ['-V']).status === 0;

describe('traceToDot', () => {
  it('bfs on tutorial level 3, first 20 expansions: every edge between declared nodes, the 6 plan edges in red', () => {
    const t = traceLoaded(tutorial(3), { algo: 'bfs' }, 20);
    const p = parseDot(traceToDot(t));
    expect(p.nodes.size).toBe(t.nodes.length);
    expect(p.edges).toHaveLength(t.nodes.length - 1);
    checkPlanEdges(t, p);
    expect(p.nodes.get('n0')).toBe('label="#0 start\\ng=0 h=- f=0", color="red", penwidth=2');
    const goal = `n${t.planNodes[6]}`;
    expect(p.nodes.get(goal)).toContain('style="dashed", peripheries=2');
  });

  it('iddfs: one cluster per bound, the plan path inside the last one', () => {
    const t = traceLoaded(tutorial(2), { algo: 'iddfs' }, 50);
    const dot = traceToDot(t);
    const p = parseDot(dot);
    checkPlanEdges(t, p);
    expect(dot.match(/subgraph cluster_\d+ \{/g)).toHaveLength(4);
    expect(dot).toContain('label="depth bound 4";');
  });

  it('quotes and backslashes in labels are escaped', () => {
    expect(dotString('go(\'a "b"\',c\\d)\nx')).toBe('"go(\'a \\"b\\"\',c\\\\d)\\nx"');
  });

  it.skipIf(!hasDot)('Graphviz dot reads it (skipped: dot not installed)', () => {
    const t = traceLoaded(tutorial(3), { algo: 'astar' }, 30);
    const out = execFileSync('dot', ['-Tsvg'], { input: traceToDot(t) }).toString();
    expect(out).toContain('<svg');
  });
});
