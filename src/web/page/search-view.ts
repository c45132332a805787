/**
 * The Search view: Trace runs the page's problem with its strategy and
 * options through POST /api/trace (the JSON of `planlog trace --format
 * json`, the first `limit` expansions recorded, with states) while live
 * counters show the search's progress (its event stream), then lets the
 * student step through the expansions: the tree (search-tree.ts), the selected node's g, h, f, depth, bound and
 * operator, its state (a board for a level, fact chips otherwise), the open
 * and closed sets at the step (the current path for depth-first
 * strategies), and the iterations with the sentence saying why the
 * deepening stopped (or the expansions per depth).
 */
import { CallError, type ApiError, type ProblemBody } from './api.ts';
import { $, el } from './dom.ts';
import { postStreamed, type ProgressEvent } from './event-stream.ts';
import { setIcon } from './icons.ts';
import { num, sokobanState, TraceModel, type SearchTrace, type StepView } from './search-model.ts';
import { MAX_DRAWN, SearchTree } from './search-tree.ts';
import { drawBoard, parseBoard } from './sokoban.ts';
import { downloadText } from './downloads.ts';
import { count } from '../../util/words.ts';

/** What the view needs from the page. */
export interface SearchViewHost {
  /** The request of the page now: its problem and its search options. */
  body(): ProblemBody & Record<string, unknown>;
  status(text: string, kind?: 'info' | 'error' | 'busy'): void;
  /** The trace limits the server declares (GET /api/options). */
  limits(): { defaultTraceLimit?: number; maxTraceLimit?: number };
}

/** Items listed at most in the open, closed and path lists. */
const LIST_MAX = 300;

export class SearchView {
  private model: TraceModel | null = null;
  private step = 0;
  private selected: number | null = null;
  private running: AbortController | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;
  /** The level text the trace ran on (a board for the states), if it was a level. */
  private level: string | null = null;
  /** What the shown trace was asked for (the page's request and the limit), to say when the page no longer shows it. */
  private traced: string | null = null;
  /** The trace on screen as /api/trace answered it (for its download). */
  private answer: SearchTrace | null = null;
  private readonly tree: SearchTree;

  constructor(
    private readonly root: HTMLElement,
    private readonly host: SearchViewHost,
  ) {
    root.replaceChildren(
      el(
        'div',
        { className: 'st-row' },
        el('button', { id: 'trace', className: 'primary', textContent: 'Trace', title: 'run the strategy with the tracer: the first N expansions are recorded and can be stepped through' }),
        el('label', { className: 'st-inline' }, 'limit ', el('input', { id: 'trace-limit', type: 'number', min: '1', step: '1', title: 'expansions recorded (the first N); the search still runs to its end' })),
        el('button', { id: 'trace-cancel', textContent: 'Cancel', disabled: true }),
        el('button', { id: 'trace-download', textContent: 'download trace', disabled: true, title: 'the trace on screen as JSON (what /api/trace and planlog trace --format json answer)' }),
        el('span', { id: 'trace-live', className: 'st-live', ariaLive: 'polite' }),
      ),
      el('div', { id: 'trace-error', className: 'error', hidden: true }),
      el('p', { id: 'trace-stale', hidden: true, textContent: 'The level, the problem or the options changed since this trace: press Trace to trace them.' }),
      el('p', { id: 'trace-summary' }),
      el('p', { id: 'trace-stopped', hidden: true }),
      el(
        'div',
        { id: 'st-body', hidden: true },
        el(
          'div',
          { className: 'replay-controls st-controls' },
          el('button', { id: 'st-first', className: 'icon-button', title: 'first expansion', ariaLabel: 'first expansion' }),
          el('button', { id: 'st-prev', className: 'icon-button', title: 'previous expansion', ariaLabel: 'previous expansion' }),
          el('button', { id: 'st-play', className: 'icon-button', title: 'play / pause', ariaLabel: 'play' }),
          el('button', { id: 'st-next', className: 'icon-button', title: 'next expansion', ariaLabel: 'next expansion' }),
          el('button', { id: 'st-last', className: 'icon-button', title: 'last recorded expansion', ariaLabel: 'last expansion' }),
          el('label', {}, 'speed ', el('select', { id: 'st-speed' }, el('option', { value: '1000', textContent: 'slow' }), el('option', { value: '400', textContent: 'normal', selected: true }), el('option', { value: '100', textContent: 'fast' }))),
          el('input', { id: 'st-scrub', type: 'range', min: '0', value: '0', ariaLabel: 'expansion' }),
          el('span', { id: 'st-label' }),
          el('label', {}, 'jump to ', el('select', { id: 'st-jump' })),
        ),
        el(
          'div',
          { className: 'st-grid' },
          el('div', { id: 'st-tree', className: 'st-tree', ariaLabel: 'search tree: click a node to select it' }),
          el(
            'div',
            { className: 'st-side' },
            el('h3', { textContent: 'Node' }),
            el('table', { id: 'st-node' }),
            el('h3', { textContent: 'State' }),
            el('div', { id: 'st-state' }),
            el('h3', { id: 'st-open-head' }, el('span', { id: 'st-open-title', textContent: 'open' }), ' (', el('span', { id: 'st-open-count' }), ')'),
            el('div', { id: 'st-open', className: 'st-list' }),
            el('h3', {}, 'closed (', el('span', { id: 'st-closed-count' }), ')'),
            el('div', { id: 'st-closed', className: 'st-list' }),
            el('h3', { id: 'st-table-title' }),
            el('table', { id: 'st-bounds' }),
          ),
        ),
      ),
    );
    this.tree = new SearchTree($('st-tree'), (id) => this.select(id));
    for (const [id, icon] of [
      ['st-first', 'first'],
      ['st-prev', 'prev'],
      ['st-play', 'play'],
      ['st-next', 'next'],
      ['st-last', 'last'],
    ] as const)
      setIcon($(id), icon);
    $('trace').addEventListener('click', () => void this.run());
    $('trace-cancel').addEventListener('click', () => this.running?.abort());
    $('trace-download').addEventListener('click', () => this.answer && downloadText('trace.json', `${JSON.stringify(this.answer, null, 2)}\n`, 'application/json'));
    $('st-first').addEventListener('click', () => this.go(0));
    $('st-prev').addEventListener('click', () => this.go(this.step - 1));
    $('st-next').addEventListener('click', () => this.go(this.step + 1));
    $('st-last').addEventListener('click', () => this.go(Infinity));
    $('st-play').addEventListener('click', () => this.toggle());
    $('st-scrub').addEventListener('input', (e) => this.go(Number((e.target as HTMLInputElement).value)));
    $('st-jump').addEventListener('change', (e) => {
      const v = (e.target as HTMLSelectElement).value;
      if (v !== '') this.go(Number(v));
    });
    // an edit anywhere on the page (a key, a click on the level grid, a chosen option) may make the shown trace another problem's
    for (const type of ['input', 'change', 'click', 'keyup']) document.addEventListener(type, () => this.checkStale());
  }

  /** What a trace now would be asked for. */
  private request(): string {
    return JSON.stringify([this.host.body(), $<HTMLInputElement>('trace-limit').value]);
  }

  /** Says so when the page no longer shows what the trace on screen was asked for (the page calls it after changes made without an event: an upload read, a shared link). */
  checkStale(): void {
    const stale = this.traced !== null && this.model !== null && this.request() !== this.traced;
    $('trace-stale').hidden = !stale;
    // the download is of a trace of what the page shows, shown and not being replaced
    $<HTMLButtonElement>('trace-download').disabled = this.answer === null || this.model === null || stale || this.running !== null;
  }

  /** Sets the limit field from the server's declared limits (call once the options are there). */
  setLimits(): void {
    const l = this.host.limits();
    const input = $<HTMLInputElement>('trace-limit');
    input.value = String(l.defaultTraceLimit ?? 50);
    if (l.maxTraceLimit) input.max = String(l.maxTraceLimit);
  }

  /** The limit as a shared link carries it: undefined when it is the server's default. */
  sharedLimit(): string | undefined {
    const v = $<HTMLInputElement>('trace-limit').value;
    return v === String(this.host.limits().defaultTraceLimit ?? 50) ? undefined : v;
  }

  /** Sets the limit of a shared link (undefined: the server's default); runs nothing. */
  restoreLimit(v: string | undefined): void {
    if (v === undefined) this.setLimits();
    else $<HTMLInputElement>('trace-limit').value = v;
    this.checkStale();
  }

  /** Runs the trace of the page's problem and options. */
  async run(): Promise<void> {
    this.running?.abort();
    this.pause();
    const ctl = new AbortController();
    this.running = ctl;
    this.busy(true);
    this.showError(null);
    $<HTMLButtonElement>('trace-download').disabled = true;
    const asked = this.request();
    const body = { ...this.host.body() } as ProblemBody & Record<string, unknown>;
    // the tracer watches the TypeScript search
    delete body.backend;
    const limitText = $<HTMLInputElement>('trace-limit').value;
    if (limitText) body.limit = Number(limitText);
    // each node's state (a board or fact chips) and the frontier of graph searches
    body.states = true;
    this.level = 'level' in body && typeof body.level === 'string' ? body.level : null;
    $('trace-live').textContent = 'waiting for a worker…';
    this.host.status('tracing…', 'busy');
    const t0 = performance.now();
    const live = (p: ProgressEvent): void => {
      $('trace-live').textContent = `expanded ${p.expanded.toLocaleString('en')} · generated ${p.generated.toLocaleString('en')} · ${p.statesPerSecond.toLocaleString('en')} states/s${p.bound !== undefined ? ` · bound ${p.bound}` : ''}${p.f !== undefined ? ` · f ${p.f}` : ''}`;
    };
    const started = (): void => {
      $('trace-live').textContent = 'searching…';
    };
    try {
      const trace = await postStreamed<SearchTrace>('/api/trace', { ...body, stream: true }, live, ctl.signal, started);
      if (ctl.signal.aborted) return;
      const s = trace.stats;
      const secs = (s.timeMs ?? 0) / 1000;
      $('trace-live').textContent = `expanded ${s.expanded.toLocaleString('en')} · generated ${s.generated.toLocaleString('en')}${secs > 0 ? ` · ${Math.round(s.expanded / secs).toLocaleString('en')} states/s` : ''} (done)`;
      this.traced = asked;
      this.show(trace);
      this.answer = trace;
      this.checkStale();
      this.host.status(`traced in ${((performance.now() - t0) / 1000).toFixed(2)} s (round trip): ${count(this.model!.steps, 'expansion')} to step through`);
    } catch (err) {
      $('trace-live').textContent = '';
      if ((err as Error).name === 'AbortError') {
        this.host.status('trace cancelled');
        $('trace-live').textContent = 'cancelled';
        return;
      }
      const e: ApiError = err instanceof CallError ? err.error : { message: (err as Error).message };
      this.showError(e);
      this.host.status(`trace failed: ${e.message}`, 'error');
    } finally {
      if (this.running === ctl) {
        this.running = null;
        this.busy(false);
        this.checkStale();
      }
    }
  }

  private busy(on: boolean): void {
    $<HTMLButtonElement>('trace').disabled = on;
    $<HTMLButtonElement>('trace-cancel').disabled = !on;
  }

  private showError(e: ApiError | null): void {
    const box = $('trace-error');
    box.hidden = !e;
    if (!e) return;
    const where = e.file !== undefined && e.line !== undefined ? `${e.file}:${e.line}:${e.column ?? 1}: ` : e.file && e.file !== '<request>' ? `${e.file}: ` : '';
    box.textContent = `${where}${e.message}`;
    this.model = null;
    this.answer = null;
    $('st-body').hidden = true;
    $('trace-summary').textContent = '';
    $('trace-stopped').hidden = true;
  }

  /** Shows a trace (from the server) at its first expansion. */
  show(trace: SearchTrace): void {
    const m = new TraceModel(trace);
    this.model = m;
    const limits = this.host.limits();
    const cap = limits.maxTraceLimit !== undefined ? ` (this server records at most ${limits.maxTraceLimit.toLocaleString('en')})` : '';
    const window = m.cut ? `showing the first ${m.steps.toLocaleString('en')} of ${trace.expansions.toLocaleString('en')} expansions${cap}` : `showing all ${count(trace.expansions, 'expansion')}`;
    const verdict = trace.status === 'solved' ? `a plan of ${count(trace.plan.length, 'step')}` : trace.status === 'unsolvable' ? 'no plan exists' : `stopped by a limit`;
    $('trace-summary').textContent = `${trace.algo}${trace.heuristic !== 'none' ? ` with ${trace.heuristic}` : ''}: ${verdict}; ${window}.`;
    $('trace-summary').dataset.cut = String(m.cut);
    const stopped = trace.stopped ?? (trace.status !== 'solved' ? trace.reason : undefined);
    $('trace-stopped').hidden = !stopped;
    $('trace-stopped').textContent = stopped ? `Stopped: ${stopped}` : '';
    $('trace-stopped').dataset.status = trace.status;
    this.table(m);
    const jump = $<HTMLSelectElement>('st-jump');
    jump.replaceChildren(el('option', { value: '', textContent: m.trace.iterations ? 'a bound…' : 'an f-layer…' }), ...m.jumps().map((j) => el('option', { value: String(j.step), textContent: `${j.label} (step ${j.step})` })));
    $('st-open-title').textContent = m.depthFirst ? 'current path (stack)' : 'open';
    const scrub = $<HTMLInputElement>('st-scrub');
    scrub.max = String(Math.max(0, m.steps - 1));
    $('st-body').hidden = false;
    this.tree.draw(m);
    if (this.tree.drawn < m.nodes.length) $('trace-summary').append(` The tree draws the first ${MAX_DRAWN} nodes and the plan's.`);
    this.selected = null;
    this.go(0);
  }

  /** The iterations (iterative strategies) or the expansions per depth. */
  private table(m: TraceModel): void {
    const t = $('st-bounds');
    const row = (cells: (string | number)[], head = false): HTMLTableRowElement => el('tr', {}, ...cells.map((c) => el(head ? 'th' : 'td', { textContent: String(c) })));
    if (m.trace.iterations) {
      $('st-table-title').textContent = 'Iterations';
      const shown = m.recordedPerBound();
      const jumps = new Map(m.jumps().map((j) => [j.label, j.step]));
      t.replaceChildren(
        row([m.trace.algo === 'idastar' ? 'f bound' : 'bound', 'expanded', 'generated', 'max depth', 'in the tree'], true),
        ...m.trace.iterations.map((it) => {
          const r = row([it.bound, it.expanded, it.generated, it.maxDepth, shown.get(it.bound) ?? 0]);
          r.dataset.bound = String(it.bound);
          const step = jumps.get(`bound ${it.bound}`);
          if (step !== undefined) {
            r.classList.add('st-jumpable');
            r.title = `go to the first expansion of bound ${it.bound} (step ${step})`;
            r.addEventListener('click', () => this.go(step));
          }
          return r;
        }),
      );
    } else {
      $('st-table-title').textContent = 'Expansions per depth (the whole search)';
      t.replaceChildren(row(['depth', 'expanded'], true), ...(m.trace.levels ?? []).map((l) => row([l.depth, l.expanded])));
    }
  }

  /** Goes to step `i` (clamped) and selects its expansion. */
  go(i: number): void {
    const m = this.model;
    if (!m || m.steps === 0) return;
    this.step = Math.max(0, Math.min(m.steps - 1, Number.isFinite(i) ? Math.round(i) : m.steps - 1));
    if (this.step >= m.steps - 1) this.pause();
    this.selected = this.step;
    this.render();
  }

  /** Selects a node (a click in the tree or a list) without changing the step. */
  select(id: number): void {
    if (!this.model?.node(id)) return;
    this.selected = id;
    this.render();
  }

  private toggle(): void {
    if (this.timer) return this.pause();
    if (!this.model) return;
    if (this.step >= this.model.steps - 1) this.go(0);
    setIcon($('st-play'), 'pause', 'pause');
    this.timer = setInterval(() => this.go(this.step + 1), Number($<HTMLSelectElement>('st-speed').value));
  }

  private pause(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    setIcon($('st-play'), 'play', 'play');
  }

  private render(): void {
    const m = this.model;
    if (!m) return;
    const at = m.at(this.step);
    $<HTMLInputElement>('st-scrub').value = String(this.step);
    const cur = m.node(this.step)!;
    $('st-label').textContent = `expansion ${this.step + 1} of ${m.steps}${cur.bound !== undefined ? ` · bound ${cur.bound}` : ''}`;
    $('st-label').dataset.step = String(this.step);
    this.tree.update(at, this.selected, m.depthFirst);
    this.details(at);
    this.sets(at);
    this.state();
  }

  private details(at: StepView): void {
    const m = this.model!;
    const n = m.node(this.selected ?? at.current)!;
    const status = n.id === at.current ? 'expanded at this step' : at.closed.includes(n.id) ? 'closed (expanded earlier)' : at.open.includes(n.id) ? (n.frontier ? 'open (frontier: never expanded within the window)' : 'open (generated, expanded later)') : n.recorded ? 'not generated yet' : n.frontier ? 'frontier (generated later)' : 'not recorded (a plan node after the window)';
    const rows: [string, string, string][] = [
      ['id', 'node', String(n.id)],
      ['op', 'operator', n.op ?? '(a root: the initial state)'],
      ['g', 'g', num(n.g)],
      ['h', 'h', num(n.h)],
      ['f', 'f', num(n.f)],
      ['depth', 'depth', String(n.depth)],
      ...(n.bound !== undefined ? ([['bound', 'bound', String(n.bound)]] as [string, string, string][]) : []),
      ['parent', 'parent', n.parent === null ? '–' : String(n.parent)],
      ['status', 'status', `${status}${n.plan ? ' · on the plan' : ''}${n.goal ? ' · the goal' : ''}`],
    ];
    $('st-node').replaceChildren(
      ...rows.map(([k, label, v]) => {
        const td = el('td', { textContent: v });
        td.dataset.k = k;
        if (k === 'parent' && n.parent !== null) {
          td.classList.add('st-jumpable');
          td.addEventListener('click', () => this.select(n.parent!));
        }
        return el('tr', {}, el('th', { textContent: label }), td);
      }),
    );
  }

  private sets(at: StepView): void {
    const m = this.model!;
    const list = (box: string, ids: number[]): void => {
      const shown = ids.slice(0, LIST_MAX);
      $(box).replaceChildren(
        ...shown.map((id) => {
          const n = m.node(id)!;
          const b = el('button', { className: 'st-ref', textContent: `${id} ${n.op ?? 'start'} (f ${num(n.f)})`, title: `select node ${id}` });
          b.dataset.id = String(id);
          if (id === this.selected) b.classList.add('selected');
          b.addEventListener('click', () => this.select(id));
          return b;
        }),
        ...(ids.length > shown.length ? [el('span', { className: 'hint', textContent: ` …and ${ids.length - shown.length} more` })] : []),
      );
    };
    const first = m.depthFirst ? at.path : at.open;
    $('st-open-count').textContent = String(first.length);
    list('st-open', first);
    $('st-closed-count').textContent = String(at.closed.length);
    list('st-closed', at.closed);
  }

  /** The selected node's state: a board for a level, fact chips otherwise, or why there is none. */
  private state(): void {
    const box = $('st-state');
    const n = this.model!.node(this.selected ?? this.step)!;
    if (!n.state) {
      box.replaceChildren(el('p', { className: 'hint', textContent: 'state not recorded (this server\u2019s trace does not carry states)' }));
      return;
    }
    const s = this.level !== null ? sokobanState(n.state) : null;
    const start = this.level !== null ? parseBoard(this.level) : null;
    if (s && start) {
      const at = (x: number, y: number): number => y * start.width + x;
      const board = el('div', { className: 'board st-board' });
      drawBoard(board, { ...start, player: at(...s.player), boxes: new Set(s.boxes.map(([x, y]) => at(x, y))) });
      box.replaceChildren(board);
      return;
    }
    box.replaceChildren(...n.state.map((f) => el('span', { className: 'fact', textContent: f })));
  }
}
