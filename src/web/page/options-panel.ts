/**
 * The option panel generated from the records: GET /api/options declares
 * the options of every request (`options`) and each strategy's own
 * (`strategies[i].options`), `{ name, field, type, values?, default?, min?,
 * max?, help }`. Every one becomes a control labelled with its flag and its
 * help; a strategy's own are shown only while that strategy is chosen, the
 * Prolog backend's only with that backend (and sent by Compare, which runs
 * it). A new option in the records appears here without a page change.
 */
import type { OptionInfo } from './api.ts';
import { el } from './dom.ts';

interface Field {
  info: OptionInfo;
  label: HTMLLabelElement;
  control: HTMLInputElement | HTMLSelectElement;
  error: HTMLElement;
  prologOnly: boolean;
}

export class OptionPanel {
  /** The rendered controls by field. */
  private fields = new Map<string, Field>();
  /** What the user set, by field (kept while controls come and go with the strategy). */
  private set = new Map<string, string | boolean>();

  /**
   * @param box the container
   * @param skip fields the page has its own controls for (strategy, heuristic, backend, limits)
   * @param available the values an enum option may take here (e.g. the engines installed on the server)
   */
  constructor(
    private readonly box: HTMLElement,
    private readonly skip: ReadonlySet<string>,
    private readonly available: Readonly<Record<string, readonly string[]>> = {},
  ) {}

  /** Draws the controls: the common options, then the strategy's own; hides the Prolog ones unless `backend` is prolog. */
  render(common: readonly OptionInfo[], strategy: { name: string; options: readonly OptionInfo[] } | undefined, backend: string): void {
    this.fields.clear();
    const make = (o: OptionInfo, owner: string | null): HTMLElement | null => {
      if (this.skip.has(o.field)) return null;
      const f = this.field(o, owner);
      f.label.hidden = f.prologOnly && backend !== 'prolog';
      this.fields.set(o.field, f);
      return f.label;
    };
    const own = (strategy?.options ?? []).map((o) => make(o, strategy!.name)).filter((x): x is HTMLElement => x !== null);
    const rest = common.map((o) => make(o, null)).filter((x): x is HTMLElement => x !== null);
    this.box.replaceChildren(...(own.length ? [el('h3', { textContent: `${strategy!.name}'s options` }), ...own] : []), el('h3', { textContent: 'more options' }), ...rest);
  }

  private field(o: OptionInfo, owner: string | null): Field {
    const flag = `--${o.name}`;
    const help = owner ? `${owner}: ${o.help}` : o.help;
    let control: HTMLInputElement | HTMLSelectElement;
    const old = this.set.get(o.field);
    if (o.type === 'boolean') {
      control = el('input', { type: 'checkbox', checked: old === undefined ? o.default === true : old === true });
      control.addEventListener('change', () => this.set.set(o.field, (control as HTMLInputElement).checked));
    } else if (o.type === 'enum') {
      const values = (o.values ?? []).filter((v) => !this.available[o.field] || this.available[o.field].includes(v));
      control = el('select', {}, el('option', { value: '', textContent: o.default !== undefined ? `default (${String(o.default)})` : 'default' }), ...values.map((v) => el('option', { value: v, textContent: v })));
      if (typeof old === 'string' && values.includes(old)) control.value = old;
      control.addEventListener('change', () => this.set.set(o.field, control.value));
    } else {
      control = el('input', { type: 'number', step: o.type === 'integer' ? '1' : 'any', placeholder: o.default !== undefined ? `default ${String(o.default)}` : '' });
      if (o.min !== undefined) control.min = String(o.min);
      if (o.max !== undefined) control.max = String(o.max);
      if (typeof old === 'string') control.value = old;
      control.addEventListener('input', () => this.set.set(o.field, control.value));
    }
    control.setAttribute('aria-label', flag);
    control.dataset.field = o.field;
    const error = el('div', { className: 'error', hidden: true });
    const label = el('label', { className: `opt opt-${o.type}`, title: help }, el('code', { textContent: flag }), ' ', control, el('span', { className: 'hint', textContent: help }), error);
    label.dataset.field = o.field;
    if (owner) label.dataset.strategy = owner;
    return { info: o, label, control, error, prologOnly: o.group === 'backend' };
  }

  /** The fields to send: the shown controls' values that differ from the default (the Prolog ones also hidden when `compare`). */
  values(compare = false): Record<string, unknown> {
    const body: Record<string, unknown> = {};
    for (const [field, f] of this.fields) {
      if (f.label.hidden && !(compare && f.prologOnly)) continue;
      const c = f.control;
      if (c instanceof HTMLInputElement && c.type === 'checkbox') {
        if (c.checked !== (f.info.default === true)) body[field] = c.checked;
      } else if (c.value !== '') {
        body[field] = f.info.type === 'enum' ? c.value : Number(c.value);
      }
    }
    return body;
  }

  /** Shows a request error next to the option it names ("weight must be <= 1000", "bad request: seed must be …"); false when it names none shown. */
  showError(message: string): boolean {
    this.clearErrors();
    const m = /^(?:bad request: )?(?:body\/)?([a-zA-Z][\w-]*)\b/.exec(message);
    const f = m ? [...this.fields.values()].find((x) => (x.info.field === m[1] || x.info.name === m[1]) && !x.label.hidden) : undefined;
    if (!f) return false;
    f.error.textContent = message;
    f.error.hidden = false;
    return true;
  }

  /** What the user set, by field (for a shared link); kept for the strategies not shown now too. */
  userValues(): Record<string, string | boolean> {
    return Object.fromEntries(this.set);
  }

  /** Replaces what the user set (a shared link); the next render shows it. */
  restore(values: Readonly<Record<string, string | boolean>>): void {
    this.set = new Map(Object.entries(values));
  }

  clearErrors(): void {
    for (const f of this.fields.values()) f.error.hidden = true;
  }
}
