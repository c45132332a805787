/**
 * The PDDL tab: PDDL (domain and problem) on the left, opn/4 (domain and
 * problem) on the right; "to opn" and "to PDDL" translate through POST
 * /api/pddl (the code of `planlog pddl import|export`), "use this" puts
 * the opn texts into the Domain & problem tab. Errors are shown under the
 * pane whose text has them, with line:col.
 */
import { api, CallError } from './api.ts';
import { $ } from './dom.ts';

export interface PddlTabHooks {
  /** Puts opn texts into the Domain & problem tab. */
  use(domain: string, problem: string | undefined): void;
  status(text: string, kind?: 'info' | 'error' | 'busy'): void;
}

const area = (id: string): HTMLTextAreaElement => $<HTMLTextAreaElement>(id);

export class PddlTab {
  constructor(private readonly hooks: PddlTabHooks) {
    $('pddl-to-opn').addEventListener('click', () => void this.toOpn());
    $('pddl-to-pddl').addEventListener('click', () => void this.toPddl());
    $('pddl-use').addEventListener('click', () => {
      const d = area('opn-domain').value;
      if (d.trim() === '') return this.hooks.status('nothing to use: translate the PDDL to opn first (to opn →)', 'error');
      const p = area('opn-problem').value;
      this.hooks.use(d, p.trim() === '' ? undefined : p);
    });
  }

  /** The PDDL texts (a problem only when one is written): what Solve sends in this tab. */
  pddl(): { domain: string; problem: string } {
    return { domain: area('pddl-domain').value, problem: area('pddl-problem').value };
  }

  /** Fills the PDDL side (e.g. an example). */
  setPddl(domain: string, problem: string): void {
    area('pddl-domain').value = domain;
    area('pddl-problem').value = problem;
  }

  async toOpn(): Promise<void> {
    this.clearErrors();
    const problem = area('pddl-problem').value;
    try {
      const r = await api.toOpn({ domain: area('pddl-domain').value, ...(problem.trim() !== '' ? { problem } : {}) });
      area('opn-domain').value = r.domain;
      area('opn-problem').value = r.problem ?? '';
      this.hooks.status(`translated to opn/4: ${r.problem !== undefined ? 'domain and problem' : 'the domain'}`);
    } catch (e) {
      this.fail(e, { '<domain>': 'pddl-error', '<problem>': 'pddl-error' }, 'pddl-error');
    }
  }

  async toPddl(): Promise<void> {
    this.clearErrors();
    const problem = area('opn-problem').value;
    try {
      const r = await api.toPddl(problem.trim() !== '' ? { domain: area('opn-domain').value, problem } : { domain: area('opn-domain').value });
      area('pddl-domain').value = r.domain;
      area('pddl-problem').value = r.problem ?? '';
      this.hooks.status(`translated to PDDL: ${r.problem !== undefined ? 'domain and problem' : 'the domain'}`);
    } catch (e) {
      this.fail(e, { '<domain>': 'opn-error', '<problem>': 'opn-error' }, 'opn-error');
    }
  }

  private clearErrors(): void {
    for (const id of ['pddl-error', 'opn-error']) $(id).hidden = true;
  }

  private fail(e: unknown, boxes: Record<string, string>, fallback: string): void {
    if (!(e instanceof CallError)) return this.hooks.status(`error: ${(e as Error).message}`, 'error');
    const err = e.error;
    const box = $(boxes[err.file ?? ''] ?? fallback);
    const which = err.file === '<problem>' ? 'problem' : err.file === '<domain>' ? 'domain' : '';
    const where = err.line !== undefined ? `${which} ${err.line}:${err.column ?? 1}: ` : which ? `${which}: ` : '';
    box.textContent = `${where}${err.message}`;
    box.dataset.file = err.file ?? '';
    box.dataset.line = String(err.line ?? '');
    box.dataset.column = String(err.column ?? '');
    box.hidden = false;
    this.hooks.status(`error: ${err.message}`, 'error');
  }
}
