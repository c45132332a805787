/**
 * The replay of a plan: one frame per step (boards for a Sokoban level),
 * play / pause / step / scrub at a chosen speed, the current step's
 * operator with its bindings and matched preconditions; and play by hand
 * with the arrow keys (undo with u or Backspace) from the initial board.
 */
import type { ExplainedStep, Explanation } from './api.ts';
import { drawBoard, isSolved, replayLurd, step, walkTo, type BoardState } from './sokoban.ts';
import { count } from '../../util/words.ts';
import { setIcon } from './icons.ts';

export interface ReplayParts {
  board: HTMLElement;
  scrub: HTMLInputElement;
  label: HTMLElement;
  info: HTMLElement;
  /** The state's facts, for problems without a board. */
  facts: HTMLElement;
  /** How to play by hand (shown only with a board). */
  handHint: HTMLElement;
  /** The hand-play buttons (shown only with a board). */
  handControls?: HTMLElement;
  play: HTMLElement;
  speed: HTMLSelectElement;
  onStatus(text: string): void;
  /** Every box on a goal after the player's own moves (LURD string of them). */
  onHandSolved(lurd: string): void;
  /** Hand play changed: whether there is a move to undo, and one to redo. */
  onHandChange?(canUndo: boolean, canRedo: boolean): void;
}

const KEYS: Record<string, 'l' | 'u' | 'r' | 'd'> = { ArrowLeft: 'l', ArrowUp: 'u', ArrowRight: 'r', ArrowDown: 'd' };

export class Replay {
  index = 0;
  private frames: BoardState[] = [];
  private plan: string[] = [];
  private steps: ExplainedStep[] = [];
  /** Problems without a board: the fluent facts after each step (from the explanation), and the goal. */
  private states: string[][] = [];
  private goal = new Set<string>();
  private timer: ReturnType<typeof setInterval> | null = null;
  /** Play by hand: the boards so far (first: the initial board) and the letters; the moves undone since (for redo, the next one last). */
  private hand: Hand | null = null;

  constructor(private readonly p: ReplayParts) {
    p.scrub.addEventListener('input', () => this.go(Number(p.scrub.value)));
    p.speed.addEventListener('change', () => {
      if (this.timer) {
        this.pause();
        this.toggle();
      }
    });
    p.board.addEventListener('keydown', (e) => this.key(e));
    p.board.addEventListener('click', (e) => {
      const sq = (e.target as HTMLElement).closest<HTMLElement>('[data-p]');
      if (sq) this.walk(Number(sq.dataset.p));
    });
  }

  /** Whether the board is being played by hand. */
  get playingByHand(): boolean {
    return this.hand !== null;
  }

  /** The hand-play state, starting it from the initial board if needed; null without a board. */
  private handState(): Hand | null {
    const start = this.frames[0];
    if (!start) return null;
    this.pause();
    if (!this.hand) this.hand = { boards: [start], letters: '', undone: [] };
    return this.hand;
  }

  /** One move by hand (a new move forgets the undone ones); false when blocked. */
  private move(dir: 'l' | 'u' | 'r' | 'd'): boolean {
    const h = this.handState();
    if (!h) return false;
    const r = step(h.boards[h.boards.length - 1], dir);
    if (!r) return false;
    h.boards.push(r.board);
    h.letters += r.push ? dir.toUpperCase() : dir;
    h.undone = [];
    return true;
  }

  /** Walks the player to square `p` by the shortest way over free floor (no pushes). */
  walk(p: number): void {
    const h = this.handState();
    if (!h) return;
    const path = walkTo(h.boards[h.boards.length - 1], p);
    if (path === null) {
      this.drawHand();
      return this.p.onStatus('no walk there: a wall or a box is in the way (walking never pushes)');
    }
    for (const c of path) this.move(c as 'l' | 'u' | 'r' | 'd');
    this.drawHand();
  }

  undo(): void {
    const h = this.handState();
    if (!h) return;
    takeBack(h);
    this.drawHand();
  }

  redo(): void {
    const h = this.handState();
    if (!h) return;
    const m = h.undone.pop();
    if (m) {
      h.boards.push(m.board);
      h.letters += m.letter;
    }
    this.drawHand();
    if (m && isSolved(m.board)) this.p.onHandSolved(h.letters);
  }

  /** Back to the initial board (every move can be redone). */
  restart(): void {
    const h = this.handState();
    if (!h) return;
    while (takeBack(h));
    this.drawHand();
  }

  /** A new plan (or none) on a new initial board (or none: a problem without a board). */
  load(start: BoardState | null, plan: string[], extra: { lurd?: string; explanation?: Explanation } = {}): void {
    this.pause();
    this.hand = null;
    this.plan = plan;
    this.steps = extra.explanation?.steps ?? [];
    this.goal = new Set(extra.explanation?.goal ?? []);
    this.states = !start && extra.explanation ? factStates(extra.explanation) : [];
    this.p.facts.hidden = this.states.length === 0;
    this.frames = start ? (extra.lurd !== undefined ? replayLurd(start, extra.lurd) : [start]) : [];
    this.p.board.hidden = !start;
    this.p.handHint.hidden = !start;
    if (this.p.handControls) this.p.handControls.hidden = !start;
    this.p.scrub.max = String(plan.length);
    this.go(0);
  }

  get length(): number {
    return this.plan.length;
  }

  /** Shows the state after `i` steps (clamped to 0..length). */
  go(i: number): void {
    if (this.hand) this.hand = null;
    this.p.onHandChange?.(false, false);
    this.index = Math.max(0, Math.min(this.plan.length, Number.isFinite(i) ? Math.round(i) : this.plan.length));
    if (this.index >= this.plan.length) this.pause();
    const frame = this.frames[Math.min(this.index, this.frames.length - 1)];
    if (frame) drawBoard(this.p.board, frame);
    this.p.scrub.value = String(this.index);
    this.p.board.dataset.step = String(this.index);
    this.p.label.textContent = this.plan.length ? `step ${this.index} of ${this.plan.length}` : '';
    this.showStep();
    this.showFacts();
    document.querySelectorAll('#plan li').forEach((li, k) => li.classList.toggle('current', k === this.index - 1));
  }

  toggle(): void {
    if (this.timer) return this.pause();
    if (this.plan.length === 0) return;
    if (this.index >= this.plan.length) this.go(0);
    setIcon(this.p.play, 'pause', 'pause');
    this.timer = setInterval(() => this.go(this.index + 1), Number(this.p.speed.value));
  }

  pause(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    setIcon(this.p.play, 'play', 'play');
  }

  private showStep(): void {
    const info = this.p.info;
    if (this.index === 0) {
      info.replaceChildren(this.plan.length ? 'the initial state; step forward to see the first operator' : '');
      return;
    }
    const op = this.plan[this.index - 1];
    const s = this.steps[this.index - 1];
    const parts: (Node | string)[] = [line('step', `${this.index}. ${op}`)];
    if (s) {
      if (s.schema) parts.push(line('operator', `${s.schema.name}${s.schema.line ? ` (domain line ${s.schema.line})` : ''}`));
      if (s.bindings && Object.keys(s.bindings).length) parts.push(line('bindings', Object.entries(s.bindings).map(([k, v]) => `${k} = ${v}`).join(', ')));
      if (s.preconditions) parts.push(line('preconditions', s.preconditions.map((c) => `✓ ${c.fact}${c.static ? ' (static)' : ''}`).join('   ')));
      if (s.add) parts.push(line('adds', s.add.join(', ') || '–'));
      if (s.del) parts.push(line('deletes', s.del.join(', ') || '–'));
    }
    info.replaceChildren(...parts);
  }

  /** The state after the current step as fact chips: added ones marked, deleted ones struck through, goal facts starred. */
  private showFacts(): void {
    const now = this.states[Math.min(this.index, this.states.length - 1)];
    if (!now) return;
    const s = this.index > 0 ? this.steps[this.index - 1] : undefined;
    const added = new Set(s?.add ?? []);
    const chip = (fact: string, cls: string): HTMLElement => {
      const c = document.createElement('span');
      c.className = `fact ${cls}${this.goal.has(fact) ? ' goal' : ''}`;
      c.textContent = fact;
      return c;
    };
    const gone = (s?.del ?? []).filter((f) => !now.includes(f));
    const reached = [...this.goal].filter((g) => now.includes(g)).length;
    const head = document.createElement('div');
    head.textContent = `state after step ${this.index} (${now.length} facts; goal ${reached} of ${this.goal.size})`;
    this.p.facts.replaceChildren(head, ...now.map((f) => chip(f, added.has(f) ? 'added' : '')), ...gone.map((f) => chip(f, 'deleted')));
  }

  private key(e: KeyboardEvent): void {
    if (!this.frames[0]) return;
    const dir = KEYS[e.key];
    if (dir) {
      e.preventDefault();
      const moved = this.move(dir);
      this.drawHand();
      if (!moved) return this.p.onStatus('blocked: a wall, or a box that cannot move');
      const h = this.hand!;
      if (isSolved(h.boards[h.boards.length - 1])) this.p.onHandSolved(h.letters);
    } else if ((e.key === 'u' || e.key === 'Backspace' || e.key === 'z') && this.hand) {
      e.preventDefault();
      this.undo();
    } else if ((e.key === 'y' || e.key === 'Z') && this.hand) {
      e.preventDefault();
      this.redo();
    } else if (e.key === 'r' && this.hand) {
      e.preventDefault();
      this.restart();
    } else if (e.key === 'Escape' && this.hand) {
      this.go(this.index);
      this.p.onStatus(this.plan.length ? `back to the plan: step ${this.index} of ${this.plan.length}` : 'back to the level');
    }
  }

  private drawHand(): void {
    const h = this.hand!;
    drawBoard(this.p.board, h.boards[h.boards.length - 1]);
    const pushes = [...h.letters].filter((c) => c === c.toUpperCase()).length;
    this.p.label.textContent = `by hand: ${count(h.letters.length, 'move')}, ${count(pushes, 'push', 'pushes')}`;
    this.p.board.dataset.step = 'hand';
    this.p.onStatus(h.letters ? `by hand: ${h.letters}` : 'by hand: use the arrow keys');
    this.p.onHandChange?.(h.boards.length > 1, h.undone.length > 0);
  }
}

function line(label: string, text: string): HTMLElement {
  const d = document.createElement('div');
  const b = document.createElement('b');
  b.textContent = `${label}: `;
  d.append(b, text);
  return d;
}

/** The fluent facts before and after each explained step: delete list, then add list (add wins). */
export function factStates(e: Explanation): string[][] {
  const states = [e.initial];
  let now = new Set(e.initial);
  for (const s of e.steps) {
    const next = new Set(now);
    for (const f of s.del ?? []) next.delete(f);
    for (const f of s.add ?? []) next.add(f);
    now = next;
    states.push([...now]);
  }
  return states;
}

/** Hand play: the boards from the start, the LURD letters typed, and the moves undone (redo takes them back, last first). */
interface Hand {
  boards: BoardState[];
  letters: string;
  undone: { board: BoardState; letter: string }[];
}

/** Takes back the last move of hand play onto the redo list; false at the start. */
function takeBack(h: Hand): boolean {
  if (h.boards.length <= 1) return false;
  h.undone.push({ board: h.boards.pop()!, letter: h.letters.slice(-1) });
  h.letters = h.letters.slice(0, -1);
  return true;
}
