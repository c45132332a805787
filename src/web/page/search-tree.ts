/**
 * The Search view's tree: a trace's nodes laid out by dagre (@dagrejs/dagre,
 * a layered graph layout) and drawn as SVG. Each node shows its id, the
 * operator that made it and g/h/f; the plan's path is marked, frontier
 * nodes are dashed, unrecorded plan nodes dotted, and each iteration of an
 * iterative strategy is a box of its own ("bound N"). The layout is made
 * once per trace; a step only changes the nodes' classes.
 */
import dagre from '@dagrejs/dagre';
import { num, type StepView, type TraceModel, type ViewNode } from './search-model.ts';

const NS = 'http://www.w3.org/2000/svg';
/** Nodes drawn at most; a larger trace draws its first ones and says so. */
export const MAX_DRAWN = 800;
const OP_CHARS = 24;
const NODE_H = 34;
/** The tree's font (as .search-svg in style.css), for measuring the labels. */
const FONT = "11px ui-monospace, 'DejaVu Sans Mono', monospace";

let measurer: CanvasRenderingContext2D | null | undefined;
/** The width of a label in the tree's font (a canvas measures it; 7 px a character where there is no canvas). */
function textWidth(t: string): number {
  if (measurer === undefined) {
    measurer = document.createElement('canvas').getContext('2d');
    if (measurer) measurer.font = FONT;
  }
  return measurer ? measurer.measureText(t).width : t.length * 7;
}

function svg<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string | number> = {}, text?: string): SVGElementTagNameMap[K] {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (text !== undefined) e.textContent = text;
  return e;
}

/** A node's two lines: "id op" and "g h f". */
export function nodeLines(n: ViewNode): [string, string] {
  const op = n.op === null ? 'start' : n.op.length > OP_CHARS ? `${n.op.slice(0, OP_CHARS - 1)}…` : n.op;
  return [`${n.id} ${op}`, `g ${num(n.g)} h ${num(n.h)} f ${num(n.f)}`];
}

export class SearchTree {
  private boxes = new Map<number, SVGGElement>();
  private edges = new Map<number, SVGPathElement>();
  private pos = new Map<number, { x: number; y: number }>();
  /** Nodes drawn (the first MAX_DRAWN and the plan's). */
  drawn = 0;

  constructor(
    private readonly box: HTMLElement,
    private readonly onSelect: (id: number) => void,
  ) {}

  /** Lays out and draws the model's tree. */
  draw(model: TraceModel): void {
    this.boxes.clear();
    this.edges.clear();
    this.pos.clear();
    const show = model.nodes.filter((n, k) => k < MAX_DRAWN || n.plan);
    this.drawn = show.length;
    const shown = new Set(show.map((n) => n.id));
    const clustered = model.trace.iterations !== undefined;
    const g = new dagre.graphlib.Graph({ compound: clustered });
    g.setGraph({ rankdir: 'TB', nodesep: 14, ranksep: 30, marginx: 10, marginy: 10 });
    g.setDefaultEdgeLabel(() => ({}));
    for (const n of show) {
      const [a, b] = nodeLines(n);
      g.setNode(`n${n.id}`, { width: Math.ceil(Math.max(textWidth(a), textWidth(b))) + 16, height: NODE_H });
      if (clustered && n.bound !== undefined) {
        const c = `b${n.bound}`;
        if (!g.hasNode(c)) g.setNode(c, { label: `bound ${n.bound}`, paddingTop: 18 });
        g.setParent(`n${n.id}`, c);
      }
    }
    for (const n of show) if (n.parent !== null && shown.has(n.parent)) g.setEdge(`n${n.parent}`, `n${n.id}`);
    dagre.layout(g);
    const { width = 0, height = 0 } = g.graph();
    const root = svg('svg', { width: Math.ceil(width), height: Math.ceil(height), viewBox: `0 0 ${Math.ceil(width)} ${Math.ceil(height)}`, class: 'search-svg', role: 'img', 'aria-label': 'search tree' });
    const defs = svg('defs');
    const marker = svg('marker', { id: 'st-arrow', viewBox: '0 0 8 8', refX: 7, refY: 4, markerWidth: 7, markerHeight: 7, orient: 'auto-start-reverse' });
    marker.append(svg('path', { d: 'M0 0L8 4L0 8z', class: 'st-arrowhead' }));
    defs.append(marker);
    root.append(defs);
    if (clustered) {
      for (const c of g.nodes().filter((v) => v.startsWith('b'))) {
        const l = g.node(c);
        if (l.x === undefined || l.y === undefined) continue;
        const gr = svg('g', { class: 'st-bound', 'data-bound': c.slice(1) });
        gr.append(svg('rect', { x: l.x - l.width / 2, y: l.y - l.height / 2, width: l.width, height: l.height, rx: 6 }), svg('text', { x: l.x - l.width / 2 + 6, y: l.y - l.height / 2 + 13 }, `bound ${c.slice(1)}`));
        root.append(gr);
      }
    }
    for (const e of g.edges()) {
      const pts: { x: number; y: number }[] = g.edge(e).points ?? [];
      const d = pts.map((p, k) => `${k ? 'L' : 'M'}${p.x.toFixed(1)} ${p.y.toFixed(1)}`).join('');
      const child = Number(e.w.slice(1));
      const path = svg('path', { d, class: 'st-edge', 'marker-end': 'url(#st-arrow)' });
      if (model.node(child)?.plan) path.classList.add('st-plan');
      this.edges.set(child, path);
      root.append(path);
    }
    for (const n of show) {
      const l = g.node(`n${n.id}`);
      const x = l.x ?? 0;
      const y = l.y ?? 0;
      this.pos.set(n.id, { x, y });
      const [a, b] = nodeLines(n);
      const gr = svg('g', { class: 'st-node', 'data-id': n.id, transform: `translate(${(x - l.width / 2).toFixed(1)},${(y - l.height / 2).toFixed(1)})`, tabindex: -1 });
      gr.classList.toggle('st-plan', n.plan);
      gr.classList.toggle('st-goal', Boolean(n.goal));
      gr.classList.toggle('st-frontier', Boolean(n.frontier));
      gr.classList.toggle('st-unrecorded', !n.recorded && !n.frontier);
      const title = svg('title', {}, `node ${n.id}${n.op ? `: ${n.op}` : ' (a root)'}\ng ${num(n.g)}, h ${num(n.h)}, f ${num(n.f)}, depth ${n.depth}${n.bound !== undefined ? `, bound ${n.bound}` : ''}${n.plan ? '\non the plan' : ''}${n.frontier ? '\nfrontier: generated, not expanded within the window' : ''}${!n.recorded && !n.frontier ? '\nnot recorded (a plan node after the window)' : ''}`);
      gr.append(title, svg('rect', { width: l.width, height: l.height, rx: 5 }), svg('text', { x: 7, y: 14 }, a), svg('text', { x: 7, y: 28, class: 'st-ghf' }, b));
      gr.addEventListener('click', () => this.onSelect(n.id));
      this.boxes.set(n.id, gr);
      root.append(gr);
    }
    this.box.replaceChildren(root);
  }

  /** Marks the step's closed, open and current nodes (the rest are future), the selected node and, depth-first, the current path. */
  update(step: StepView | null, selected: number | null, depthFirst: boolean): void {
    const closed = new Set(step?.closed ?? []);
    const open = new Set(step?.open ?? []);
    const path = new Set(depthFirst ? (step?.path ?? []) : []);
    for (const [id, gr] of this.boxes) {
      const state = step === null ? 'closed' : id === step.current ? 'current' : closed.has(id) ? 'closed' : open.has(id) ? 'open' : 'future';
      gr.dataset.state = state;
      gr.classList.toggle('st-selected', id === selected);
      gr.classList.toggle('st-on-path', path.has(id));
      this.edges.get(id)?.setAttribute('data-state', state === 'future' ? 'future' : 'seen');
    }
    if (step) this.reveal(step.current);
  }

  /** Scrolls the container so that node `id` is visible. */
  reveal(id: number): void {
    const p = this.pos.get(id);
    if (!p) return;
    const b = this.box;
    const margin = 60;
    if (p.x < b.scrollLeft + margin || p.x > b.scrollLeft + b.clientWidth - margin) b.scrollLeft = Math.max(0, p.x - b.clientWidth / 2);
    if (p.y < b.scrollTop + margin || p.y > b.scrollTop + b.clientHeight - margin) b.scrollTop = Math.max(0, p.y - b.clientHeight / 2);
  }
}
