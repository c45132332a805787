/**
 * The lint's warnings and errors where they are: in the domain editor as
 * CodeMirror diagnostics (an underline at the place, its message on hover;
 * errors red, warnings yellow) and, for the problem (or the level), as a
 * list under its text with line:col. After an edit (debounced) the page
 * asks POST /api/lint; a solve's answer shows its warnings the same way.
 */
import { setDiagnostics, type Diagnostic } from '@codemirror/lint';
import type { EditorView } from '@codemirror/view';
import { api, CallError, type ApiError, type ProblemBody, type WarningJson } from './api.ts';
import { el } from './dom.ts';

/** The name the server reads the domain editor's text under. */
const DOMAIN = '<domain>';

/** A warning or an error, as the page shows it. */
type Item = { severity: 'warning' | 'error'; file?: string; line?: number; column?: number; message: string; notes?: string[]; code?: string };

export class Diagnostics {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private inFlight: AbortController | null = null;
  /** Answers to older requests are dropped. */
  private seq = 0;

  constructor(
    private readonly view: EditorView,
    /** The list under the problem text (or the level text): what is not in the domain. */
    private readonly lists: { problem: HTMLElement; level: HTMLElement },
    /** What to lint now (the page's problem body), or null to lint nothing (the marks stay). */
    private readonly body: () => ProblemBody | { domain: string } | null,
    private readonly delayMs = 500,
  ) {}

  /** After an edit: lints once the typing stops for `delayMs`. */
  schedule(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.run(), this.delayMs);
  }

  /** Lints now; resolves when the answer is shown (or dropped for a newer one). */
  async run(): Promise<void> {
    clearTimeout(this.timer);
    const body = this.body();
    // nothing to lint now: the marks stay as they are
    if (!body) return;
    this.inFlight?.abort();
    const seq = ++this.seq;
    const ctl = new AbortController();
    this.inFlight = ctl;
    try {
      const r = await api.lint(body, ctl.signal);
      if (seq === this.seq) this.show(r.warnings);
    } catch (e) {
      if (seq !== this.seq) return;
      // a located error of the texts is shown as the warnings are; others (busy, offline) leave the marks as they are
      if (e instanceof CallError && e.status === 400 && e.error.file !== '<request>') this.showError(e.error);
    } finally {
      if (this.inFlight === ctl) this.inFlight = null;
    }
  }

  /** Shows warnings (a lint answer's, or a solve answer's), replacing what is shown. */
  show(warnings: readonly WarningJson[]): void {
    this.render(warnings.map((w) => ({ ...w, severity: 'warning' as const })));
  }

  /** Shows a located error (and the ones it lists) of the texts, replacing what is shown. */
  showError(e: ApiError): void {
    const all = e.all && e.all.length > 0 ? e.all : [e];
    this.render(all.map((d) => ({ severity: 'error' as const, file: d.file, line: d.line, column: d.column, message: d.message })));
  }

  /** Clears every mark and list. */
  clear(): void {
    this.seq++;
    this.inFlight?.abort();
    clearTimeout(this.timer);
    this.render([]);
  }

  private render(items: Item[]): void {
    const doc = this.view.state.doc;
    const marks: Diagnostic[] = [];
    for (const w of items.filter((x) => x.file === DOMAIN)) {
      const line = doc.line(Math.min(Math.max(1, w.line ?? 1), doc.lines));
      const from = Math.min(line.to, line.from + Math.max(0, (w.column ?? 1) - 1));
      // the name (or the character) at the place: an underline at least one character wide
      const word = /^[A-Za-z0-9_]+/.exec(doc.sliceString(from, line.to))?.[0].length ?? 1;
      const to = Math.min(doc.length, Math.max(from + word, from + 1));
      const message = [w.message, ...(w.notes ?? [])].join('\n');
      marks.push({ from, to: Math.max(from, to), severity: w.severity, message, ...(w.code ? { source: w.code } : {}) });
    }
    this.view.dispatch(setDiagnostics(this.view.state, marks));
    const rest = items.filter((x) => x.file !== DOMAIN);
    this.fill(this.lists.problem, rest.filter((x) => x.file === '<problem>'));
    this.fill(this.lists.level, rest.filter((x) => x.file !== '<problem>'));
  }

  private fill(list: HTMLElement, items: Item[]): void {
    list.hidden = items.length === 0;
    list.replaceChildren(
      ...items.map((w) => {
        const where = w.line !== undefined ? `${w.line}:${w.column ?? 1}` : '';
        const li = el('li', { className: `lint-${w.severity}` }, el('span', { className: 'lint-where', textContent: where }), ` ${w.severity}: ${w.message}${w.notes?.length ? ` (${w.notes.join('; ')})` : ''}`);
        li.dataset.line = String(w.line ?? '');
        li.dataset.column = String(w.column ?? '');
        if (w.code) li.dataset.code = w.code;
        return li;
      }),
    );
  }
}
