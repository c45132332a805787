/** The text form of a search trace (planlog trace --format text); returns a string. */
import type { SearchTrace, TraceNode } from './trace.ts';
import { count } from '../util/words.ts';

const num = (v: number | null): string => (v === null ? '–' : Number.isInteger(v) ? String(v) : v.toFixed(2));

function table(rows: string[][], right: boolean[]): string[] {
  const widths = rows[0].map((_, c) => rows.reduce((m, r) => Math.max(m, r[c].length), -Infinity));
  return rows.map((r) => `  ${r.map((cell, c) => (right[c] ? cell.padStart(widths[c]) : cell.padEnd(widths[c]))).join('  ')}`.trimEnd());
}

function nodeRows(t: SearchTrace): string[] {
  const iterative = t.iterations !== undefined;
  const states = t.states === true;
  const head = ['', 'node', ...(iterative ? ['bound'] : []), 'depth', 'g', 'h', 'f', 'operator', 'parent', ...(states ? ['state'] : [])];
  const row = (n: TraceNode): string[] => [
    n.plan ? '*' : '',
    `#${n.id}`,
    ...(iterative ? [n.bound === undefined ? '–' : num(n.bound)] : []),
    String(n.depth),
    num(n.g),
    num(n.h),
    num(n.f),
    `${n.op ?? '(start)'}${n.goal ? '  (goal)' : n.frontier ? '  (frontier)' : n.recorded ? '' : '  (beyond --limit)'}`,
    n.parent === null ? '–' : `#${n.parent}`,
    ...(states ? [n.state ? n.state.join(' ') : '–'] : []),
  ];
  return table([head, ...t.nodes.map(row)], [false, true, ...(iterative ? [true] : []), true, true, true, true, false, false, ...(states ? [false] : [])]);
}

/**
 * The trace as text: a header, one line per node (the plan's marked `*`),
 * the plan's path, then the whole search's counts: expansions per depth
 * (levels), or per iteration and where the deepening stopped.
 */
export function renderTrace(t: SearchTrace): string {
  const recorded = t.nodes.filter((n) => n.recorded).length;
  const how = `${t.algo}${t.heuristic !== 'none' ? ` (${t.heuristic})` : ''}`;
  const outcome = t.status === 'solved' ? `solved, plan of ${count(t.plan.length, 'step')}` : `${t.status}${t.reason ? `: ${t.reason}` : ''}`;
  const shown = recorded === t.expansions ? `all ${recorded} expansions` : `the first ${recorded} of ${t.expansions} expansions`;
  if (t.expansions === 0) return `trace of ${how}: no expansions; ${outcome}`;
  const out = [`trace of ${how}: ${shown}; ${outcome}`];
  for (const line of nodeRows(t)) out.push(line);
  if (t.planNodes.length > 0) out.push(`plan path (*): ${t.planNodes.map((id) => `#${id}`).join(' → ')}`);
  if (t.levels) out.push(`expansions per depth: ${t.levels.map((l) => `${l.depth}:${l.expanded}`).join(' ')}`);
  if (t.iterations) {
    out.push('iterations:');
    out.push(...table([['bound', 'expanded', 'generated', 'longest'], ...t.iterations.map((it) => [num(it.bound), String(it.expanded), String(it.generated), String(it.maxDepth)])], [true, true, true, true]));
  }
  if (t.stopped) out.push(t.stopped);
  return out.join('\n');
}
