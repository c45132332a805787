/**
 * The replay of a plan: one frame per step (boards for a Sokoban level),
 * play / pause / step / scrub at a chosen speed, the current step's
 * operator with its bindings and matched preconditions; several plans in
 * step (a comparison's columns) under the same controls; and play by hand
 * with the arrow keys (undo with u or Backspace) from the initial board.
 */
import type { ExplainedStep, Explanation } from './api.ts';
import { drawBoard, fitBoard, isSolved, replayLurd, step, walkTo, type BoardState } from './sokoban.ts';
import { count } from '../../util/words.ts';
import { setIcon } from './icons.ts';

/** What one plan's view shows: its board (a Sokoban level), the current step's operator, the state's facts. */
export interface ViewParts {
  board: HTMLElement;
  info: HTMLElement;
  /** The state's facts, for problems without a board. */
  facts: HTMLElement;
}

export interface ReplayParts extends ViewParts {
  /** The replay's element: its data-mode says what the controls drive, the own view (`single`) or views given in step (`in-step`). */
  root?: HTMLElement;
  scrub: HTMLInputElement;
  label: HTMLElement;
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
  /** The replay shows step `index` now (0: the initial state), e.g. to follow it in the plan list. */
  onStep?(index: number): void;
}

/** A plan with what its view needs: the initial board (null: a problem without one), the LURD letters and the explanation. */
export interface PlanToShow {
  start: BoardState | null;
  plan: string[];
  lurd?: string;
  explanation?: Explanation;
}

const KEYS: Record<string, 'l' | 'u' | 'r' | 'd'> = { ArrowLeft: 'l', ArrowUp: 'u', ArrowRight: 'r', ArrowDown: 'd' };

/**
 * One plan's view: the board after a step (or the state's facts), and the
 * step's operator with its bindings and matched preconditions. A Replay
 * drives one (Solve) or several in step (Compare: one per backend); past
 * the end of its plan a view stays at its last state and says "done".
 */
export class PlanView {
  frames: BoardState[] = [];
  private plan: string[] = [];
  private steps: ExplainedStep[] = [];
  /** Problems without a board: the fluent facts after each step (from the explanation), and the goal. */
  private states: string[][] = [];
  private goal = new Set<string>();

  constructor(readonly p: ViewParts) {
    fitBoard(p.board);
  }

  load(show: PlanToShow): void {
    const { start, plan, lurd, explanation } = show;
    this.plan = plan;
    this.steps = explanation?.steps ?? [];
    this.goal = new Set(explanation?.goal ?? []);
    this.states = !start && explanation ? factStates(explanation) : [];
    this.p.facts.hidden = this.states.length === 0;
    this.frames = start ? (lurd !== undefined ? replayLurd(start, lurd) : [start]) : [];
    this.p.board.hidden = !start;
  }

  get length(): number {
    return this.plan.length;
  }

  /** Shows the state after step `i` of the replay: after `i` steps of this plan, or its end (done) when it has fewer. */
  show(i: number): void {
    const own = Math.min(i, this.plan.length);
    const frame = this.frames[Math.min(own, this.frames.length - 1)];
    if (frame) drawBoard(this.p.board, frame);
    this.p.board.dataset.step = String(own);
    this.p.board.dataset.done = String(i > this.plan.length);
    this.showStep(own, i > this.plan.length);
    this.showFacts(own);
  }

  private showStep(index: number, done: boolean): void {
    const info = this.p.info;
    if (index === 0) {
      info.replaceChildren(this.plan.length ? 'the initial state; step forward to see the first operator' : '');
      return;
    }
    const op = this.plan[index - 1];
    const s = this.steps[index - 1];
    const parts: (Node | string)[] = [];
    if (done) parts.push(line('done', `this plan ends after ${count(this.plan.length, 'step')}; it stays at its last state`));
    parts.push(line('step', `${index}. ${op}`));
    if (s) {
      if (s.schema) parts.push(line('operator', `${s.schema.name}${s.schema.line ? ` (domain line ${s.schema.line})` : ''}`));
      if (s.bindings && Object.keys(s.bindings).length) parts.push(line('bindings', Object.entries(s.bindings).map(([k, v]) => `${k} = ${v}`).join(', ')));
      if (s.preconditions) parts.push(line('preconditions', s.preconditions.map((c) => `✓ ${c.fact}${c.static ? ' (static)' : ''}`).join('   ')));
      if (s.add) parts.push(line('adds', s.add.join(', ') || '–'));
      if (s.del) parts.push(line('deletes', s.del.join(', ') || '–'));
    }
    info.replaceChildren(...parts);
  }

  /** The state after step `index` as fact chips: added ones marked, deleted ones struck through, goal facts starred. */
  private showFacts(index: number): void {
    const now = this.states[Math.min(index, this.states.length - 1)];
    if (!now) return;
    const s = index > 0 ? this.steps[index - 1] : undefined;
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
    head.textContent = `state after step ${index} (${now.length} facts; goal ${reached} of ${this.goal.size})`;
    this.p.facts.replaceChildren(head, ...now.map((f) => chip(f, added.has(f) ? 'added' : '')), ...gone.map((f) => chip(f, 'deleted')));
  }
}

/**
 * The replay's controls (play / pause / step / scrub at a chosen speed)
 * driving its own view (one plan, with play by hand on its board) or, in
 * step, several views given to it (a comparison's columns).
 */
export class Replay {
  index = 0;
  /** The replay's own view (the single plan of a Solve; its board is the one played by hand). */
  private readonly own: PlanView;
  /** The views the controls drive now: the own one, or those of loadInStep. */
  private views: PlanView[];
  private timer: ReturnType<typeof setInterval> | null = null;
  /** Play by hand: the boards so far (first: the initial board) and the letters; the moves undone since (for redo, the next one last). */
  private hand: Hand | null = null;

  constructor(private readonly p: ReplayParts) {
    this.own = new PlanView(p);
    this.views = [this.own];
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

  private get frames(): BoardState[] {
    return this.own.frames;
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

  /** A new plan (or none) on a new initial board (or none: a problem without a board), in the replay's own view. */
  load(start: BoardState | null, plan: string[], extra: { lurd?: string; explanation?: Explanation } = {}): void {
    this.drive([{ view: this.own, start, plan, ...extra }]);
    this.p.handHint.hidden = !start;
    if (this.p.handControls) this.p.handControls.hidden = !start;
  }

  /**
   * Several plans replayed in step by the one set of controls (a comparison:
   * a view per backend); the own view is emptied (no hand play meanwhile).
   * The replay is as long as the longest plan; a shorter one stays at its end.
   */
  loadInStep(plans: (PlanToShow & { view: PlanView })[]): void {
    if (!plans.some((x) => x.view === this.own)) this.own.load({ start: null, plan: [] });
    this.drive(plans);
  }

  private drive(plans: (PlanToShow & { view: PlanView })[]): void {
    this.pause();
    this.hand = null;
    for (const x of plans) x.view.load(x);
    this.views = plans.map((x) => x.view);
    if (this.p.root) this.p.root.dataset.mode = this.views.includes(this.own) ? 'single' : 'in-step';
    this.p.scrub.max = String(this.length);
    this.go(0);
  }

  /** The longest plan's length. */
  get length(): number {
    return Math.max(0, ...this.views.map((v) => v.length));
  }

  /** Shows the state after `i` steps (clamped to 0..length) in every view driven. */
  go(i: number): void {
    if (this.hand) this.hand = null;
    this.p.onHandChange?.(false, false);
    const length = this.length;
    this.index = Math.max(0, Math.min(length, Number.isFinite(i) ? Math.round(i) : length));
    if (this.index >= length) this.pause();
    for (const v of this.views) v.show(this.index);
    this.p.scrub.value = String(this.index);
    this.p.label.textContent = length ? `step ${this.index} of ${length}` : '';
    this.p.onStep?.(this.index);
  }

  toggle(): void {
    if (this.timer) return this.pause();
    if (this.length === 0) return;
    if (this.index >= this.length) this.go(0);
    setIcon(this.p.play, 'pause', 'pause');
    this.timer = setInterval(() => this.go(this.index + 1), Number(this.p.speed.value));
  }

  pause(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    setIcon(this.p.play, 'play', 'play');
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
      this.p.onStatus(this.length ? `back to the plan: step ${this.index} of ${this.length}` : 'back to the level');
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
