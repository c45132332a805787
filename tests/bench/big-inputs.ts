/**
 * Generators of the big inputs of the limit tests and of the README's
 * reliability figures (issue 13): nothing this size is committed.
 *
 *   npx tsx tests/bench/big-inputs.ts DIR
 *
 * writes into DIR:
 *   room-500.txt, room-1000.txt   open rooms (walls around, one box, one goal)
 *   level-10mb.txt                a 3,240 × 3,240 open room (10 MB)
 *   bomb-4x30.pl, bomb-5x30.pl, bomb-8x40.pl + bomb-*-problem.pl
 *                                 opn(op(A,B,…), [o(A),o(B),…], [done], []) and N o/1 facts
 *   chain-10000.pl + chain-10000-problem.pl
 *                                 10,000 one-step operators p0 → p1 → … → p10000
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A width × height open room: a wall all around, the player in the top-left
 * corner, a box next to it and a goal next to the box (solved by one push).
 */
export function openRoom(width: number, height: number): string {
  const rows: string[] = [];
  const wall = '#'.repeat(width);
  const inner = `#${' '.repeat(width - 2)}#`;
  rows.push(wall);
  rows.push(`#@$.${' '.repeat(width - 5)}#`);
  for (let y = 2; y < height - 1; y++) rows.push(inner);
  rows.push(wall);
  return `${rows.join('\n')}\n`;
}

/** The grounding bomb: one operator with `params` parameters, each an o/1 fact; `objects` o/1 facts. */
export function groundingBomb(params: number, objects: number): { domain: string; problem: string } {
  const vars = Array.from({ length: params }, (_, i) => `V${i}`);
  const domain = `opn(op(${vars.join(',')}), [${vars.map((v) => `o(${v})`).join(',')}], [done], []).\n`;
  const facts = Array.from({ length: objects }, (_, i) => `o(c${i})`);
  const problem = `init([${facts.join(', ')}]).\ngoal([done]).\n`;
  return { domain, problem };
}

/** `n` one-step operators s1 … sN: sI needs pI-1 and makes pI; the goal is pN. */
export function chainDomain(n: number): { domain: string; problem: string } {
  const lines: string[] = [];
  for (let i = 1; i <= n; i++) lines.push(`opn(s${i}, [p${i - 1}], [p${i}], [p${i - 1}]).`);
  return { domain: `${lines.join('\n')}\n`, problem: `init([p0]).\ngoal([p${n}]).\n` };
}

/** An open room of about `mb` MB (square). */
export function levelOfSize(mb: number): string {
  const side = Math.ceil(Math.sqrt(mb * 2 ** 20));
  return openRoom(side, side);
}

/** Writes every input into `dir`; returns the paths by name. */
export function writeBigInputs(dir: string): Record<string, string> {
  mkdirSync(dir, { recursive: true });
  const out: Record<string, string> = {};
  const put = (name: string, text: string): void => {
    out[name] = join(dir, name);
    writeFileSync(out[name], text);
  };
  put('room-300.txt', openRoom(300, 300));
  put('room-500.txt', openRoom(500, 500));
  put('room-1000.txt', openRoom(1000, 1000));
  put('level-10mb.txt', levelOfSize(10));
  for (const [p, n] of [
    [4, 30],
    [5, 30],
    [8, 40],
  ]) {
    const b = groundingBomb(p, n);
    put(`bomb-${p}x${n}.pl`, b.domain);
    put(`bomb-${p}x${n}-problem.pl`, b.problem);
  }
  const c = chainDomain(10_000);
  put('chain-10000.pl', c.domain);
  put('chain-10000-problem.pl', c.problem);
  return out;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const dir = process.argv[2];
  if (!dir) {
    process.stderr.write('usage: npx tsx tests/bench/big-inputs.ts DIR\n');
    process.exit(2);
  }
  for (const [name, path] of Object.entries(writeBigInputs(dir))) process.stdout.write(`${name}\t${path}\n`);
}
