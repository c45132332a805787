/**
 * The level editor: a grid of squares to click (each click cycles floor →
 * wall → goal → box → box on goal → player → player on goal) and the text
 * view beside it, kept in sync both ways. One extra row and column lets the
 * level grow; trailing blanks are trimmed from the text.
 */
import { fitBoard, parseBoard, setBoardSize, textRows } from './sokoban.ts';

const CYCLE = [' ', '#', '.', '$', '*', '@', '+'];
const CLASS: Record<string, string> = { ' ': 'floor', '#': 'wall', '.': 'goal', $: 'box', '*': 'box-on-goal', '@': 'player', '+': 'player-on-goal' };
const PLAYER = new Set(['@', '+']);

export class LevelEditor {
  private rows: string[] = [];

  constructor(
    private readonly grid: HTMLElement,
    private readonly text: HTMLTextAreaElement,
    private readonly onChange: () => void,
  ) {
    // the squares fit the editor's row (the text wraps under a wide level), half the window's height at most
    fitBoard(grid, () => innerHeight * 0.5);
    this.text.addEventListener('input', () => {
      this.rows = textRows(this.text.value);
      this.draw();
      this.onChange();
    });
    this.grid.addEventListener('click', (e) => {
      const t = (e.target as HTMLElement).closest<HTMLElement>('[data-x]');
      if (!t) return;
      this.cycle(Number(t.dataset.x), Number(t.dataset.y));
    });
  }

  /** Replaces the level (e.g. a preset). */
  set(text: string): void {
    this.text.value = text.replace(/\r\n?/g, '\n');
    this.rows = textRows(this.text.value);
    this.draw();
    this.onChange();
  }

  get value(): string {
    return this.text.value;
  }

  private charAt(x: number, y: number): string {
    return this.rows[y]?.[x] ?? ' ';
  }

  private cycle(x: number, y: number): void {
    const c = this.charAt(x, y);
    const next = CYCLE[(CYCLE.indexOf(c) + 1) % CYCLE.length] ?? ' ';
    if (PLAYER.has(next)) {
      // one player: the old one leaves its square
      this.rows = this.rows.map((r) => r.replace(/@/g, ' ').replace(/\+/g, '.'));
    }
    while (this.rows.length <= y) this.rows.push('');
    const row = this.rows[y].padEnd(x + 1, ' ');
    this.rows[y] = `${row.slice(0, x)}${next}${row.slice(x + 1)}`;
    this.rows = this.rows.map((r) => r.replace(/\s+$/, ''));
    while (this.rows.length && this.rows[this.rows.length - 1] === '') this.rows.pop();
    this.text.value = `${this.rows.join('\n')}\n`;
    this.draw();
    this.onChange();
  }

  private draw(): void {
    const height = this.rows.length + 1;
    const width = Math.max(0, ...this.rows.map((r) => r.length)) + 1;
    // blank squares the player cannot reach are outside the level: drawn apart
    const board = parseBoard(this.rows.join('\n'));
    const outside = (x: number, y: number): boolean => !board || x >= board.width || y >= board.height || board.cells[y * board.width + x] === 'outside';
    setBoardSize(this.grid, width, height);
    const squares: HTMLElement[] = [];
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const s = document.createElement('div');
        const c = this.charAt(x, y);
        const cls = c === ' ' && outside(x, y) ? 'outside' : (CLASS[c] ?? 'floor');
        s.className = `sq ${cls}${y === height - 1 || x === width - 1 ? ' margin' : ''}`;
        s.dataset.x = String(x);
        s.dataset.y = String(y);
        s.title = `x${x}y${y}`;
        squares.push(s);
      }
    }
    this.grid.replaceChildren(...squares);
  }
}
