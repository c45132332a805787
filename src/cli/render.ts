/** Text renderers of the CLI: they return strings, the caller prints. */
import type { LoadedProblem } from '../core/load.ts';
import type { SolveReport } from '../core/report.ts';
import { factKey } from '../model/lifted.ts';
import type { SokobanCounts } from '../pipeline/json.ts';
import { levelLabel } from '../sokoban/level.ts';
import { renderBoard } from '../sokoban/render.ts';
import type { ValidationResult } from '../strips/validate.ts';
import { formatLocation } from '../util/errors.ts';
import { count } from '../util/words.ts';

const num = (n: number): string => n.toLocaleString('en');
const ms = (t: number): string => (t < 10 ? `${t.toFixed(2)} ms` : t < 10000 ? `${t.toFixed(1)} ms` : `${(t / 1000).toFixed(1)} s`);
const indent = (s: string): string =>
  s
    .split('\n')
    .map((l) => (l === '' ? l : `  ${l}`))
    .join('\n');

function title(loaded: LoadedProblem, file: string, domainFile: string): string {
  const what = loaded.level ? `${file}, ${levelLabel(loaded.level)}` : file;
  return `${what} — domain ${domainFile}`;
}

export function renderSolve(r: SolveReport, loaded: LoadedProblem, o: { file: string; domainFile: string; show: boolean }): string {
  const out: string[] = [title(loaded, o.file, o.domainFile)];
  const level = loaded.level;
  // the replay's states only for --show: the first board is the problem's, the last the replay's last state
  const validation = r.validation;
  if (level) out.push(indent(renderBoard(level, loaded.problem.init.map(factKey))));
  const how = `${r.algo}${r.algo === 'iddfs' ? ` (cycle ${r.cycle})` : r.heuristic !== 'none' ? ` (${r.heuristic})` : ''}`;
  if (r.status === 'solved') {
    const counts = r.moves !== undefined ? ` (${count(r.moves, 'move')}, ${count(r.pushes ?? 0, 'push', 'pushes')})` : '';
    out.push(`solved by ${how}: ${count(r.length, 'step')}${counts}, cost ${r.cost}${r.optimal ? ', optimal' : ''}`);
    out.push('plan:');
    r.plan.forEach((step, i) => out.push(`  ${String(i + 1).padStart(3)}. ${step}`));
    if (o.show && level && validation && r.length > 0) {
      out.push('boards (step: LURD letter):');
      const letters = r.lurd ?? '';
      const frames = validation.states.map((st, i) => ({ label: i === 0 ? 'start' : `${i}: ${letters[i - 1] ?? ''}`, board: renderBoard(level, st) }));
      out.push(indent(filmstrip(frames)));
    }
    if (r.lurd !== undefined) out.push(`LURD: ${r.lurd || '(empty: the level is solved already)'}`);
    if (level && validation && !o.show && r.length > 0) {
      out.push('final board:');
      out.push(indent(renderBoard(level, validation.last)));
    }
  } else if (r.status === 'unsolvable') {
    out.push(`no plan (${how}): ${r.reason ?? 'no plan exists'}`);
  } else {
    out.push(`search stopped (${how}): ${r.reason ?? 'a limit was reached'}; no plan found so far`);
  }
  out.push(renderStats(r));
  if (r.status === 'solved') out.push(`plan validated: ${count(r.length, 'step')} replayed from the initial state, goal reached`);
  return out.join('\n');
}

function renderStats(r: SolveReport): string {
  const s = r.stats;
  const parts = [`${num(s.expanded)} expanded`, `${num(s.generated)} generated`];
  if (s.evaluated) parts.push(`${num(s.evaluated)} evaluated`);
  if (s.reopened) parts.push(`${num(s.reopened)} reopened`);
  if (s.stored > 0) {
    // below the closed set's minimum capacity, bytes per state say nothing
    const bytes = s.stored >= 1024 && s.bytesPerState ? ` (${s.bytesPerState.toFixed(0)} B/state)` : '';
    parts.push(`${num(s.duplicates)} duplicates`, `${num(s.stored)} stored${bytes}`);
  }
  const lines = [
    `search: ${parts.join(', ')}; search ${ms(s.timeMs)}, total ${ms(s.totalMs)} (parse ${ms(s.parseMs)}, ground ${ms(s.groundMs)}: ${num(s.atoms)} atoms, ${num(s.operators)} operators)`,
  ];
  if (s.plans && s.plans.length > 0) {
    const found = s.plans.map((p) => `cost ${p.cost} (${p.weight === 0 ? 'first search' : `w=${p.weight}`}, ${ms(p.atMs)})`).join(', ');
    lines.push(`plans found, each cheaper than the one before: ${found}`);
  }
  if (s.iterations && s.iterations.length > 0) {
    const its = s.iterations.map((it) => `${it.bound}:${num(it.generated)}`).join(' ');
    lines.push(`iterations (bound:generated): ${its}`);
  }
  return lines.join('\n');
}

export function renderValidation(v: ValidationResult, length: number, loaded: LoadedProblem, sokoban?: SokobanCounts): string {
  if (v.valid) {
    const counts = sokoban ? ` (${count(sokoban.moves, 'move')}, ${count(sokoban.pushes, 'push', 'pushes')})` : '';
    const out = [`valid: ${count(length, 'step')}${counts}, cost ${v.cost}; the goal holds after the last step`];
    if (loaded.level) out.push(indent(renderBoard(loaded.level, v.last)));
    return out.join('\n');
  }
  const f = v.failure!;
  const where = f.loc ? `${formatLocation({ file: f.loc.file, line: f.loc.line, column: f.loc.column, message: f.message })}` : f.message;
  const out = [`invalid plan: ${where}`];
  if (f.missing.length > 0) out.push(`missing: ${f.missing.join(', ')}`);
  if (loaded.level) {
    out.push(`board before ${f.kind === 'goal' ? 'the goal check' : `step ${f.step}`}:`);
    out.push(indent(renderBoard(loaded.level, v.last)));
  }
  return out.join('\n');
}

/**
 * Boards side by side, as many per row as fit in `width` columns, each under
 * its label.
 */
export function filmstrip(frames: { label: string; board: string }[], width = 96): string {
  if (frames.length === 0) return '';
  const boards = frames.map((f) => f.board.split('\n'));
  const widest = (lines: readonly string[]): number => lines.reduce((m, l) => Math.max(m, l.length), -Infinity);
  const colWidth = Math.max(boards.reduce((m, b) => Math.max(m, widest(b)), -Infinity), widest(frames.map((f) => f.label))) + 3;
  const perRow = Math.max(1, Math.floor(width / colWidth));
  const height = boards.reduce((m, b) => Math.max(m, b.length), -Infinity);
  const rows: string[] = [];
  for (let start = 0; start < frames.length; start += perRow) {
    const chunk = frames.slice(start, start + perRow);
    const lines = [chunk.map((f) => f.label.padEnd(colWidth)).join('')];
    for (let y = 0; y < height; y++) lines.push(chunk.map((_, k) => (boards[start + k][y] ?? '').padEnd(colWidth)).join(''));
    rows.push(lines.map((l) => l.trimEnd()).join('\n'));
  }
  return rows.join('\n\n');
}
