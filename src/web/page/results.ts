/** The result views of the page: statistics rows and the comparison table. */
import type { CompareJson, SolveJson } from './api.ts';
import { el } from './dom.ts';

export const num = (n: number | undefined): string => (n === undefined ? '–' : n.toLocaleString('en'));
export const ms = (n: number): string => (n < 1000 ? `${n.toFixed(1)} ms` : `${(n / 1000).toFixed(2)} s`);

/** The statistics of a solve as label/value rows. */
export function statsRows(r: SolveJson): [string, string][] {
  return [
    ['status', r.status + (r.stats.limit ? ` (${r.stats.limit} limit)` : '')],
    ['strategy', `${r.algo}${r.heuristic && r.heuristic !== 'none' ? ` + ${r.heuristic}` : ''} (${r.backend})`],
    ['plan length', r.status === 'solved' ? `${r.length}${r.optimal ? ' (optimal)' : ''}` : '–'],
    ['cost', r.status === 'solved' ? String(r.cost) : '–'],
    ...(r.moves !== undefined ? ([['moves / pushes', `${r.moves} / ${r.pushes}`]] as [string, string][]) : []),
    ['expanded', num(r.stats.expanded)],
    ['generated', num(r.stats.generated)],
    ['search time', ms(r.stats.timeMs)],
    ['total time', ms(r.stats.totalMs)],
  ];
}

/** Each backend's engine in words: "ts (TypeScript search)", "prolog (theory fast, engine tau)". */
export function engineName(r: SolveJson): string {
  return r.prolog ? `prolog (theory ${r.prolog.theory}, engine ${r.prolog.engine})` : `${r.backend} (TypeScript search)`;
}

/** The per-bound rows of two iterative-deepening runs: bound, ts nodes, prolog nodes, equal? (generated nodes; a bound in which a run stopped at its plan is not compared, as by `planlog compare`). */
export function depthRows(c: CompareJson): string[][] {
  const a = c.ts.stats.iterations ?? [];
  const b = c.prolog.stats.iterations ?? [];
  const done = (r: SolveJson, i: number, n: number): boolean => r.status === 'unsolvable' || i < n - 1;
  const rows: string[][] = [];
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const x = a[i];
    const y = b[i];
    const compared = x && y && done(c.ts, i, a.length) && done(c.prolog, i, b.length);
    const equal = compared ? (x.generated === y.generated && x.expanded === y.expanded ? 'yes' : 'no') : 'not compared (a run stopped in this bound)';
    rows.push([String((x ?? y).bound), x ? num(x.generated) : '–', y ? num(y.generated) : '–', equal]);
  }
  return rows;
}

/** The verdict line and the side-by-side view of a comparison: a column per backend with its engine named, and the per-bound node counts as a table. */
export function compareView(c: CompareJson): { verdict: string; agree: boolean; table: HTMLElement } {
  const rows: [string, (r: SolveJson) => string][] = [
    ['status', (r) => r.status + (r.stats.limit ? ` (${r.stats.limit} limit)` : '')],
    ['strategy', (r) => `${r.algo}${r.heuristic && r.heuristic !== 'none' ? ` + ${r.heuristic}` : ''}`],
    ['plan length', (r) => (r.status === 'solved' ? String(r.length) : '–')],
    ['expanded', (r) => num(r.stats.expanded)],
    ['generated', (r) => num(r.stats.generated)],
    ['search time', (r) => ms(r.stats.timeMs)],
  ];
  const sides = el(
    'table',
    { className: 'compare-sides' },
    el('tr', {}, el('th'), el('th', { textContent: engineName(c.ts) }), el('th', { textContent: engineName(c.prolog) })),
    ...rows.map(([k, f]) => el('tr', {}, el('th', { textContent: k }), el('td', { textContent: f(c.ts) }), el('td', { textContent: f(c.prolog) }))),
  );
  const depth = depthRows(c);
  const parts: HTMLElement[] = [sides];
  if (depth.length) {
    parts.push(
      el(
        'table',
        { className: 'compare-depths' },
        el('caption', { textContent: 'nodes generated per bound' }),
        el('tr', {}, ...['bound', 'ts nodes', 'prolog nodes', 'equal?'].map((h) => el('th', { textContent: h }))),
        ...depth.map((r) => el('tr', {}, ...r.map((v) => el('td', { textContent: v })))),
      ),
    );
  }
  return { verdict: c.agree ? `The backends agree: ${c.reason}` : `No agreement: ${c.reason}`, agree: c.agree, table: el('div', {}, ...parts) };
}
