/**
 * The playground Search view's tree layout (dagre, as src/web/page/search-tree.ts
 * calls it) on traces of maps/bench.txt (five boxes): CPU time of one
 * layout and the drawing's size, for bfs (its frontier included) and for
 * iddfs with one box per bound. Labels are sized at 7 px a character (the
 * page measures them in its font). Run: `npx tsx bench/search-layout.ts`.
 */
import dagre from '@dagrejs/dagre';
import { traceLoaded } from '../src/trace/trace.ts';
import { loadProblem } from '../src/core/load.ts';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = (rel: string): string => fileURLToPath(new URL(`../${rel}`, import.meta.url));
const loaded = loadProblem({ file: 'maps/bench.txt', text: readFileSync(root('maps/bench.txt'), 'utf8'), domainFile: 'domains/sokoban.pl', domainText: readFileSync(root('domains/sokoban.pl'), 'utf8') });

for (const [algo, limit] of [
  ['bfs', 100],
  ['bfs', 300],
  ['iddfs', 100],
  ['iddfs', 300],
  ['iddfs', 800],
] as const) {
  const t = traceLoaded(loaded, { algo, timeoutMs: 5000 }, limit, { states: true });
  const nodes = t.nodes.slice(0, 800);
  const boxes = t.iterations !== undefined;
  const c0 = process.cpuUsage();
  const g = new dagre.graphlib.Graph({ compound: boxes });
  g.setGraph({ rankdir: 'TB', nodesep: 14, ranksep: 30, marginx: 10, marginy: 10 });
  g.setDefaultEdgeLabel(() => ({}));
  const ids = new Set(nodes.map((n) => n.id));
  for (const n of nodes) {
    const label = Math.max(`${n.id} ${n.op ?? 'start'}`.length, `g ${n.g} h ${n.h ?? '–'} f ${n.f ?? '–'}`.length);
    g.setNode(`n${n.id}`, { width: 7 * label + 16, height: 34 });
    if (boxes) {
      if (!g.hasNode(`b${n.bound}`)) g.setNode(`b${n.bound}`, { paddingTop: 18 });
      g.setParent(`n${n.id}`, `b${n.bound}`);
    }
  }
  for (const n of nodes) if (n.parent !== null && ids.has(n.parent)) g.setEdge(`n${n.parent}`, `n${n.id}`);
  dagre.layout(g);
  const c = process.cpuUsage(c0);
  const { width = 0, height = 0 } = g.graph();
  console.log(`${algo.padEnd(5)} limit ${String(limit).padStart(3)}: ${String(nodes.length).padStart(3)} nodes, layout ${((c.user + c.system) / 1000).toFixed(0).padStart(4)} ms CPU, ${Math.round(width)} × ${Math.round(height)} px`);
}
