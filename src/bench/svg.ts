/**
 * A tiny SVG writer and the two chart kinds the benchmark draws: grouped
 * bars (one group per level, one bar per strategy; linear or log scale) and
 * step curves (one per strategy). Returns strings; no dependency. Bars have
 * class "bar", curve markers class "point", so tests can count them.
 */

/** Escapes text and attribute values. */
export function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

type Attrs = Record<string, string | number | undefined>;

/** One element: `<name a="v">children</name>` (self-closing without children). Children are markup strings. */
export function el(name: string, attrs: Attrs = {}, ...children: string[]): string {
  const a = Object.entries(attrs)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => ` ${k}="${esc(typeof v === 'number' ? fmt(v) : v!)}"`)
    .join('');
  return children.length === 0 ? `<${name}${a}/>` : `<${name}${a}>${children.join('')}</${name}>`;
}

/** A text node (escaped). */
export const text = (s: string): string => esc(s);

const fmt = (v: number): string => (Number.isInteger(v) ? String(v) : v.toFixed(2));

/** Colours of the series (repeats after ten). */
export const PALETTE = ['#4e79a7', '#f28e2b', '#e15759', '#76b7b2', '#59a14f', '#edc948', '#b07aa1', '#ff9da7', '#9c755f', '#bab0ac'];
const colour = (i: number): string => PALETTE[i % PALETTE.length];

/** A linear or log axis from data values to [0, 1]. */
export interface Scale {
  log: boolean;
  min: number;
  max: number;
  at(v: number): number;
  ticks: number[];
}

export function makeScale(values: number[], log: boolean): Scale {
  const pos = values.filter((v) => Number.isFinite(v) && (!log || v > 0));
  if (log) {
    const lo = pos.length ? Math.floor(Math.log10(pos.reduce((m, v) => Math.min(m, v), Infinity))) : 0;
    let hi = pos.length ? Math.ceil(Math.log10(pos.reduce((m, v) => Math.max(m, v), -Infinity))) : 1;
    if (hi <= lo) hi = lo + 1;
    const ticks: number[] = [];
    for (let e = lo; e <= hi; e++) ticks.push(10 ** e);
    return { log, min: 10 ** lo, max: 10 ** hi, ticks, at: (v) => (Math.log10(Math.max(v, 10 ** lo)) - lo) / (hi - lo) };
  }
  const top = pos.length ? pos.reduce((m, v) => Math.max(m, v), -Infinity) : 1;
  const step = niceStep(top / 5);
  const max = Math.max(step, Math.ceil(top / step) * step);
  const ticks: number[] = [];
  for (let t = 0; t <= max + step / 2; t += step) ticks.push(t);
  return { log, min: 0, max, ticks, at: (v) => Math.max(0, v) / max };
}

function niceStep(raw: number): number {
  if (!(raw > 0)) return 1;
  const e = 10 ** Math.floor(Math.log10(raw));
  const f = raw / e;
  return (f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10) * e;
}

/** Tick label: 0.001 → "0.001", 10000 → "10k", 1e6 → "1M". */
export function tickLabel(v: number): string {
  if (v >= 1e6) return `${+(v / 1e6).toPrecision(3)}M`;
  if (v >= 1e4) return `${+(v / 1e3).toPrecision(3)}k`;
  return String(+v.toPrecision(3));
}

/** Default chart width; bar charts grow wider with many bars (about 8 px a bar at least). */
const W = 860;
const MARGIN = { left: 70, right: 170, top: 40, bottom: 90 };

function frame(title: string, width: number, height: number, body: string[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${el(
    'svg',
    { xmlns: 'http://www.w3.org/2000/svg', width, height, viewBox: `0 0 ${width} ${height}`, 'font-family': 'sans-serif', 'font-size': 12 },
    el('rect', { x: 0, y: 0, width, height, fill: 'white' }),
    el('text', { x: width / 2, y: 22, 'text-anchor': 'middle', 'font-size': 15, 'font-weight': 'bold' }, text(title)),
    ...body,
  )}\n`;
}

function yAxis(scale: Scale, top: number, plotH: number, label: string, right: number): string[] {
  const out: string[] = [];
  for (const t of scale.ticks) {
    const y = top + plotH - scale.at(t) * plotH;
    out.push(el('line', { x1: MARGIN.left, y1: y, x2: right, y2: y, stroke: '#ddd' }));
    out.push(el('text', { x: MARGIN.left - 6, y: y + 4, 'text-anchor': 'end' }, text(tickLabel(t))));
  }
  out.push(el('line', { x1: MARGIN.left, y1: top, x2: MARGIN.left, y2: top + plotH, stroke: '#333' }));
  out.push(el('line', { x1: MARGIN.left, y1: top + plotH, x2: right, y2: top + plotH, stroke: '#333' }));
  const cy = top + plotH / 2;
  out.push(el('text', { x: 16, y: cy, transform: `rotate(-90 16 ${fmt(cy)})`, 'text-anchor': 'middle' }, text(label + (scale.log ? ' (log scale)' : ''))));
  return out;
}

function legend(series: string[], top: number, width: number): string[] {
  return series.flatMap((s, i) => [
    el('rect', { x: width - MARGIN.right + 16, y: top + i * 18, width: 12, height: 12, fill: colour(i) }),
    el('text', { x: width - MARGIN.right + 34, y: top + i * 18 + 10 }, text(s)),
  ]);
}

export interface BarChart {
  title: string;
  yLabel: string;
  log: boolean;
  /** Group labels (x axis): one per level. */
  groups: string[];
  /** Series (one bar per group each): one per strategy. */
  series: string[];
  /** values[group][series]; null: no bar (not solved), drawn as a small cross. */
  values: (number | null)[][];
}

/** Grouped bars; a missing value is marked by a grey × on the axis. */
export function barChart(c: BarChart): string {
  const height = 440;
  const plotH = height - MARGIN.top - MARGIN.bottom;
  const plotW = Math.max(W - MARGIN.left - MARGIN.right, c.groups.length * (c.series.length * 8 + 10));
  const width = plotW + MARGIN.left + MARGIN.right;
  const all = c.values.flat().filter((v): v is number => v !== null);
  const scale = makeScale(all, c.log);
  const body = yAxis(scale, MARGIN.top, plotH, c.yLabel, MARGIN.left + plotW);
  const gw = plotW / Math.max(1, c.groups.length);
  const bw = Math.max(1, (gw * 0.8) / Math.max(1, c.series.length));
  const base = MARGIN.top + plotH;
  c.groups.forEach((g, gi) => {
    const x0 = MARGIN.left + gi * gw + gw * 0.1;
    c.series.forEach((s, si) => {
      const v = c.values[gi]?.[si] ?? null;
      const x = x0 + si * bw;
      if (v === null) {
        body.push(el('text', { class: 'missing', x: x + bw / 2, y: base - 3, 'text-anchor': 'middle', fill: '#999', 'font-size': 10 }, '×'));
        return;
      }
      const h = Math.max(1, scale.at(v) * plotH);
      body.push(el('rect', { class: 'bar', x, y: base - h, width: bw * 0.92, height: h, fill: colour(si) }, el('title', {}, text(`${g}, ${s}: ${tickLabel(v)}`))));
    });
    const lx = x0 + (gw * 0.8) / 2;
    body.push(el('text', { x: lx, y: base + 14, 'text-anchor': 'end', transform: `rotate(-40 ${fmt(lx)} ${fmt(base + 14)})`, 'font-size': 10 }, text(g)));
  });
  body.push(...legend(c.series, MARGIN.top, width));
  return frame(c.title, width, height, body);
}

export interface CurveChart {
  title: string;
  xLabel: string;
  yLabel: string;
  xLog: boolean;
  /** One step curve per series: points (x, y) in increasing x. */
  series: { name: string; points: [number, number][] }[];
  /** Right end of the x axis (e.g. the time limit). */
  xMax: number;
  /** Top of the y axis (e.g. the number of levels). */
  yMax: number;
}

/** Step curves (y rises at each point's x) with a marker on each point. */
export function curveChart(c: CurveChart): string {
  const height = 440;
  const plotH = height - MARGIN.top - MARGIN.bottom;
  const plotW = W - MARGIN.left - MARGIN.right;
  const xs = c.series.flatMap((s) => s.points.map((p) => p[0])).concat([c.xMax]);
  const xScale = makeScale(xs, c.xLog);
  const yScale = makeScale([c.yMax], false);
  const body = yAxis(yScale, MARGIN.top, plotH, c.yLabel, MARGIN.left + plotW);
  const X = (v: number): number => MARGIN.left + xScale.at(v) * plotW;
  const Y = (v: number): number => MARGIN.top + plotH - yScale.at(v) * plotH;
  for (const t of xScale.ticks) {
    body.push(el('line', { x1: X(t), y1: MARGIN.top + plotH, x2: X(t), y2: MARGIN.top + plotH + 5, stroke: '#333' }));
    body.push(el('text', { x: X(t), y: MARGIN.top + plotH + 18, 'text-anchor': 'middle' }, text(tickLabel(t))));
  }
  body.push(el('text', { x: MARGIN.left + plotW / 2, y: height - 40, 'text-anchor': 'middle' }, text(c.xLabel + (c.xLog ? ' (log scale)' : ''))));
  c.series.forEach((s, si) => {
    const pts: string[] = [`${fmt(X(xScale.min))},${fmt(Y(0))}`];
    let y = 0;
    for (const [px, py] of s.points) {
      pts.push(`${fmt(X(px))},${fmt(Y(y))}`, `${fmt(X(px))},${fmt(Y(py))}`);
      y = py;
    }
    pts.push(`${fmt(X(c.xMax))},${fmt(Y(y))}`);
    body.push(el('polyline', { class: 'curve', points: pts.join(' '), fill: 'none', stroke: colour(si), 'stroke-width': 2 }));
    for (const [px, py] of s.points) {
      body.push(el('circle', { class: 'point', cx: X(px), cy: Y(py), r: 3, fill: colour(si) }, el('title', {}, text(`${s.name}: ${py} by ${tickLabel(px)}`))));
    }
  });
  body.push(...legend(c.series.map((s) => s.name), MARGIN.top, W));
  return frame(c.title, W, height, body);
}
