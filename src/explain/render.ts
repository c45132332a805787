/** The text form of an explanation (planlog explain); returns strings, the caller prints. */
import { formatLocation } from '../util/errors.ts';
import type { ExplainedFailure, ExplainedStep, Explanation, Precondition, SchemaSource } from './explain.ts';
import { count } from '../util/words.ts';

const pad = (s: string, n: number): string => s.split('\n').map((l) => (l === '' ? l : `${' '.repeat(n)}${l}`)).join('\n');

function schemaLines(s: SchemaSource, domainFile: string): string[] {
  return [`  operator ${s.name}, ${domainFile}:${s.line}`, pad(s.text, 4)];
}

function bindingLine(b: Record<string, string>, label: string): string {
  const pairs = Object.entries(b).map(([k, v]) => `${k} = ${v}`);
  return `  ${label}: ${pairs.length > 0 ? pairs.join(', ') : '(none)'}`;
}

function preconditionLines(pre: (Precondition & { holds?: boolean })[]): string[] {
  if (pre.length === 0) return ['  preconditions: (none)'];
  const w = pre.reduce((m, p) => Math.max(m, p.fact.length), -Infinity);
  const row = (p: Precondition & { holds?: boolean }): string => {
    const kind = p.static ? 'static' : 'fluent';
    return `    ${p.fact.padEnd(w)}  ${p.holds === undefined ? kind : `${kind.padEnd(6)}  ${p.holds ? 'holds' : 'MISSING'}`}`;
  };
  return ['  preconditions:', ...pre.map(row)];
}

const list = (xs: string[]): string => (xs.length > 0 ? xs.join(', ') : '(none)');

/** One legal step: operator schema as written, bindings, preconditions, effects, board. */
export function renderStep(s: ExplainedStep, domainFile: string): string {
  const out = [`step ${s.index}: ${s.op}`, ...schemaLines(s.schema, domainFile), bindingLine(s.bindings, 'bindings'), ...preconditionLines(s.preconditions)];
  if (s.inequalities) out.push(`  inequalities: ${s.inequalities.join(', ')}`);
  out.push(`  add: ${list(s.add)}`, `  del: ${list(s.del)}`);
  if (s.board !== undefined) out.push('  board after:', pad(s.board, 4));
  return out.join('\n');
}

/** The failing step (or goal check): schema, the bindings its arguments fix, each precondition marked, the board before it, the located message. */
function renderFailure(f: ExplainedFailure, domainFile: string): string {
  const out: string[] = [];
  if (f.kind !== 'goal') out.push(`step ${f.step}: ${f.op} — not applicable`);
  if (f.schema) out.push(...schemaLines(f.schema, domainFile));
  if (f.bindings) out.push(bindingLine(f.bindings, 'bindings (fixed by the step)'));
  if (f.preconditions) for (const line of preconditionLines(f.preconditions)) out.push(line);
  if (f.board !== undefined) out.push(`  board before ${f.kind === 'goal' ? 'the goal check' : `step ${f.step}`}:`, pad(f.board, 4));
  const where = f.file !== undefined && f.line !== undefined ? formatLocation({ file: f.file, line: f.line, column: f.column, message: f.message }) : f.message;
  out.push(`invalid plan: ${where}`);
  if (f.missing.length > 0) out.push(`missing: ${f.missing.join(', ')}`);
  return out.join('\n');
}

/**
 * The explanation as text: the start board (levels), each legal step, then
 * either "valid: …" or the failing step with each precondition marked holds
 * or MISSING, the board before it, and the validator's located message.
 */
export function renderExplanation(e: Explanation, domainFile: string): string {
  const out: string[] = [];
  if (e.initialBoard !== undefined) out.push('start:', pad(e.initialBoard, 2));
  for (const s of e.steps) out.push(renderStep(s, domainFile));
  if (e.valid) {
    out.push(`valid: ${count(e.length, 'step')}, cost ${e.cost}; the goal ${list(e.goal)} holds after the last step`);
    return out.join('\n');
  }
  const f = e.failure!;
  // (before a goal check the board is the last step's, shown already)
  out.push(renderFailure(e.steps.length > 0 && f.kind === 'goal' ? { ...f, board: undefined } : f, domainFile));
  return out.join('\n');
}
