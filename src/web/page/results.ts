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

/** The verdict line and the side-by-side table of a comparison. */
export function compareView(c: CompareJson): { verdict: string; agree: boolean; table: HTMLTableElement } {
  const rows: [string, (r: SolveJson) => string][] = [
    ['status', (r) => r.status],
    ['plan length', (r) => (r.status === 'solved' ? String(r.length) : '–')],
    ['expanded', (r) => num(r.stats.expanded)],
    ['generated', (r) => num(r.stats.generated)],
    ['search time', (r) => ms(r.stats.timeMs)],
    ['iterations (bound:generated)', (r) => r.stats.iterations?.map((i) => `${i.bound}:${i.generated}`).join(' ') ?? '–'],
  ];
  const table = el('table', {}, el('tr', {}, el('th'), el('th', { textContent: 'ts' }), el('th', { textContent: 'prolog' })), ...rows.map(([k, f]) => el('tr', {}, el('th', { textContent: k }), el('td', { textContent: f(c.ts) }), el('td', { textContent: f(c.prolog) }))));
  return { verdict: c.agree ? `The backends agree: ${c.reason}` : `No agreement: ${c.reason}`, agree: c.agree, table };
}

