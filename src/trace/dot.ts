/**
 * A search trace as a Graphviz DOT digraph (planlog trace --format dot):
 * one box per node labelled with its expansion number, the operator that
 * led there and g, h, f; the plan's nodes and edges in red (penwidth 2),
 * unrecorded plan nodes dashed, frontier nodes (--states) dotted, the goal doubled; iterative strategies get
 * one cluster per bound. Render with `dot -Tsvg trace.dot > trace.svg`.
 */
import type { SearchTrace, TraceNode } from './trace.ts';

/** A DOT double-quoted string. */
export function dotString(s: string): string {
  return `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`;
}

const PLAN = 'color="red", penwidth=2';
const num = (v: number | null): string => (v === null ? '-' : Number.isInteger(v) ? String(v) : v.toFixed(2));

function nodeLine(n: TraceNode): string {
  const label = `#${n.id} ${n.op ?? 'start'}\ng=${num(n.g)} h=${num(n.h)} f=${num(n.f)}`;
  const attrs = [`label=${dotString(label)}`];
  if (n.plan) attrs.push(PLAN);
  if (n.frontier) attrs.push('style="dotted"');
  else if (!n.recorded) attrs.push('style="dashed"');
  if (n.goal) attrs.push('peripheries=2');
  return `n${n.id} [${attrs.join(', ')}];`;
}

/** The trace as a DOT digraph; every edge's endpoints are declared nodes. */
export function traceToDot(t: SearchTrace): string {
  const recorded = t.nodes.filter((n) => n.recorded).length;
  const title = `${t.algo}${t.heuristic !== 'none' ? ` (${t.heuristic})` : ''}: first ${recorded} of ${t.expansions} expansions; ${t.status}`;
  const out = [
    'digraph trace {',
    `  graph [label=${dotString(title)}, labelloc="t", fontname="monospace"];`,
    '  node [shape="box", fontname="monospace", fontsize=10];',
  ];
  if (t.iterations) {
    // one cluster per iteration, in the order the bounds were tried
    const groups = new Map<number, TraceNode[]>();
    for (const n of t.nodes) {
      const b = n.bound ?? 0;
      if (!groups.has(b)) groups.set(b, []);
      groups.get(b)!.push(n);
    }
    let k = 0;
    for (const [bound, ns] of groups) {
      out.push(`  subgraph cluster_${k++} {`, `    label=${dotString(`${t.algo === 'idastar' ? 'f' : 'depth'} bound ${num(bound)}`)};`);
      for (const n of ns) out.push(`    ${nodeLine(n)}`);
      out.push('  }');
    }
  } else {
    for (const n of t.nodes) out.push(`  ${nodeLine(n)}`);
  }
  const planChildren = new Set(t.planNodes.slice(1));
  for (const n of t.nodes) {
    if (n.parent !== null) out.push(`  n${n.parent} -> n${n.id}${planChildren.has(n.id) ? ` [${PLAN}]` : ''};`);
  }
  out.push('}');
  return out.join('\n');
}
