/**
 * The catalogue of bad inputs: every case runs through `main` in-process
 * and must give its exact first output line (`file:line:col: message`) and
 * exit code. The small cases are files in tests/fixtures/bad/ listed in
 * cases.json; the huge ones (a 200×200 level, 1000 boxes, an operator with
 * 50 parameters, 10,000 nested brackets, binary data, a 65 MB file, a
 * 1000×1000 level, 10,000 operators, a grounding of 24.3 M operators, …)
 * are written to a temporary directory by this file. Every located error is
 * also checked in JSON mode (`{ error: { message, file, line, column } }`).
 * `{bad}`, `{tmp}` and `{maps}` in the cases stand for those directories.
 */
import { mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainDomain, groundingBomb, openRoom } from '../bench/big-inputs.ts';
import { runMain, type Run } from './run-main.ts';

interface BadCase {
  name: string;
  argv: string[];
  code: number;
  /** The first line of stderr (stdout for exit 5: an invalid plan is a result). */
  first?: string;
  /** Texts the whole output must contain. */
  contains?: string[];
}

const here = (rel: string): string => {
  const r = relative(process.cwd(), fileURLToPath(new URL(rel, import.meta.url)));
  return r.startsWith('..') ? fileURLToPath(new URL(rel, import.meta.url)) : r;
};
const dirs: Record<string, string> = { bad: here('../fixtures/bad'), maps: here('../../maps'), tmp: mkdtempSync(join(tmpdir(), 'planlog-bad-')) };
afterAll(() => rmSync(dirs.tmp, { recursive: true, force: true }));
const fill = (s: string): string => s.replace(/\{(bad|tmp|maps)\}/g, (_, k: string) => dirs[k]);

/** A room of walls round `w` × `h` floor squares, with `put` characters at (x, y) (1-based inside the walls). */
function room(w: number, h: number, put: [number, number, string][]): string {
  const rows = [`#${'#'.repeat(w)}#`, ...Array.from({ length: h }, () => `#${' '.repeat(w)}#`), `#${'#'.repeat(w)}#`].map((r) => [...r]);
  for (const [x, y, c] of put) rows[y][x] = c;
  return `${rows.map((r) => r.join('')).join('\n')}\n`;
}

/** Bytes from a fixed generator (a binary file's worth of garbage). */
function garbage(n: number, seed: number): Buffer {
  const b = Buffer.alloc(n);
  let s = seed;
  for (let i = 0; i < n; i++) {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    b[i] = s >>> 24;
  }
  return b;
}

const vars = Array.from({ length: 50 }, (_, i) => `X${i + 1}`);
const fiftyOp = `opn(big(${vars.join(', ')}),\n    [${vars.map((v) => `p(${v})`).join(', ')}],\n    [done], []).\n`;
/** The generated files by name (built when the tests start, not while they are collected). */
const generated = (): Record<string, string | Buffer> => ({
  'big-room.txt': room(198, 198, [[1, 1, '@'], [100, 100, '$'], [150, 150, '.']]),
  'mid-room.txt': room(98, 98, [[1, 1, '@'], [50, 50, '$'], [90, 90, '.']]),
  'big-typo.txt': room(198, 198, [[1, 1, '@'], [100, 100, '$'], [150, 150, '.'], [120, 150, 'x']]),
  'many-boxes.txt': room(100, 22, [[1, 1, '@'], ...Array.from({ length: 1000 }, (_, i): [number, number, string] => [1 + (i % 100), 2 + 2 * Math.floor(i / 100), '$']), ...Array.from({ length: 999 }, (_, i): [number, number, string] => [1 + (i % 100), 3 + 2 * Math.floor(i / 100), '.'])]),
  'boxes-walled-off.txt': `${room(3, 1, [[1, 1, '@'], [2, 1, '$'], [3, 1, '.']]).trimEnd()}\n${room(1000, 1, Array.from({ length: 1000 }, (_, i): [number, number, string] => [1 + i, 1, i % 2 ? '$' : '.'])).split('\n').slice(1).join('\n')}`,
  'many-players.txt': `#${'+'.repeat(100_000)}#\n`,
  'fifty.pl': fiftyOp,
  'fifty-problem.pl': 'init([p(a)]).\ngoal([done]).\n',
  'fifty-unbound.pl': fiftyOp.replace('[done]', '[done(X51)]'),
  'nested.pl': `opn(${'['.repeat(10_000)}${']'.repeat(10_000)}).\n`,
  // \+ (fy 900) nests without brackets ('- - 1' is refused earlier: the engines read it differently)
  'minus-chain.pl': `opn(a, [], [${'\\+ '.repeat(5000)}p], []).\n`,
  'garbage.pl': Buffer.concat([Buffer.from('opn(a, [], [], []).\n'), garbage(4096, 7), Buffer.from([0])]),
  'latin1.txt': Buffer.from('; Caf\xe9\n#####\n#@$.#\n#####\n', 'latin1'),
  'long-line.txt': `${' '.repeat(1_000_000)}x\n`,
  'long-line-plan.txt': `${' '.repeat(100_000)}moveR(x1y1 x2y1)\n`,
  'long-plan.txt': 'moveR(x1y1,x2y1).\n'.repeat(100_000),
  'huge.txt': '',
  'room-1000.txt': openRoom(1000, 1000),
  'bomb-5x30.pl': groundingBomb(5, 30).domain,
  'bomb-5x30-problem.pl': groundingBomb(5, 30).problem,
  'chain-10000.pl': chainDomain(10_000).domain,
  'chain-10000-problem.pl': chainDomain(10_000).problem,
});
beforeAll(() => {
  for (const [name, content] of Object.entries(generated())) writeFileSync(join(dirs.tmp, name), content);
  truncateSync(join(dirs.tmp, 'huge.txt'), 65 * 2 ** 20);
});

const generatedCases: BadCase[] = [
  { name: 'a 200×200 level: its facts', argv: ['facts', '{tmp}/big-room.txt'], code: 0, first: '% planlog facts: {tmp}/big-room.txt, level 1', contains: ['  top(x198y197,x198y198),', '  box(x100y100),', 'goal([\n  box(x150y150)\n]).'] },
  { name: 'a 200×200 level: the time limit holds while reading or grounding', argv: ['solve', '{tmp}/big-room.txt', '--algo', 'bfs', '--timeout', '0.3'], code: 3, contains: ['search stopped (bfs): time limit of 0.3 s reached while '] },
  { name: 'a 1000×1000 level: a limit, not a crash', argv: ['solve', '{tmp}/room-1000.txt', '--timeout', '0.5'], code: 3, contains: ['search stopped (auto): time limit of 0.5 s reached while '] },
  { name: '24.3 M operators to ground: the time limit holds, the product named', argv: ['solve', '{tmp}/bomb-5x30-problem.pl', '--domain', '{tmp}/bomb-5x30.pl', '--timeout', '0.5'], code: 3, contains: ["search stopped (lama): time limit of 0.5 s reached while grounding op(V0,V1,V2,V3,V4): 30^5 = 24.3 M combinations of its preconditions' facts ("] },
  { name: 'a domain of 10,000 operators', argv: ['solve', '{tmp}/chain-10000-problem.pl', '--domain', '{tmp}/chain-10000.pl'], code: 0, contains: ['solved by bfs: 10000 steps, cost 10000, optimal', '  10000. s10000'] },
  { name: 'a device that never ends: /dev/zero', argv: ['solve', '/dev/zero'], code: 2, first: '/dev/zero: cannot read file: not a regular file (a character device); planlog reads text files' },
  { name: 'a device that never ends: /dev/urandom as the domain', argv: ['solve', '{maps}/tutorial.txt', '--domain', '/dev/urandom'], code: 2, first: '/dev/urandom: cannot read file: not a regular file (a character device); planlog reads text files' },
  { name: 'a level number beyond any integer, as written', argv: ['solve', '{maps}/tutorial.txt', '--level', '99999999999999999999999'], code: 2, first: '{maps}/tutorial.txt: level 99999999999999999999999 is out of range: the file has 9 levels' },
  { name: 'a 100×100 level: searched up to a node limit', argv: ['solve', '{tmp}/mid-room.txt', '--algo', 'bfs', '--max-nodes', '2000'], code: 3, contains: ['search stopped (bfs): node limit of 2000 expanded nodes reached'] },
  { name: 'a 200×200 level with a typo', argv: ['solve', '{tmp}/big-typo.txt'], code: 2, first: "{tmp}/big-typo.txt:151:121: level 1: unknown character 'x' in level; use # @ + $ * . and spaces" },
  { name: '1000 boxes, 999 goals', argv: ['facts', '{tmp}/many-boxes.txt'], code: 2, first: '{tmp}/many-boxes.txt:1:1: level 1: 1000 boxes but 999 goals: every box needs its own goal (* is a box on a goal)' },
  { name: '500 boxes walled off: five listed, the rest counted', argv: ['solve', '{tmp}/boxes-walled-off.txt'], code: 2, first: '{tmp}/boxes-walled-off.txt:4:3: level 1: the box at x2y3 is walled off from the player', contains: ['level 1: 495 more walled-off boxes not listed', 'level 1: 495 more walled-off goals not listed'] },
  { name: '100,000 players on one row', argv: ['solve', '{tmp}/many-players.txt'], code: 2, first: '{tmp}/many-players.txt:1:3: level 1: a second player at x2y0; a level has exactly one (@ or +)', contains: ['level 1: 99994 more extra players not listed'] },
  { name: 'an operator with 50 parameters', argv: ['solve', '{tmp}/fifty-problem.pl', '--domain', '{tmp}/fifty.pl'], code: 0, contains: ['solved by bfs: 1 step, cost 1, optimal', 'big(a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a)'] },
  { name: 'an operator with 50 parameters and an unbound variable', argv: ['solve', '{tmp}/fifty-problem.pl', '--domain', '{tmp}/fifty-unbound.pl'], code: 2, first: '{tmp}/fifty-unbound.pl:3:11: variable X51 in the add list of big(X1,X2,X3,X4,X5,X6,X7,X8,X9,X10,X11,X12,X13,X14,X15,X16,… is not bound by its preconditions' },
  { name: '10,000 nested brackets', argv: ['solve', '{tmp}/fifty-problem.pl', '--domain', '{tmp}/nested.pl'], code: 2, first: '{tmp}/nested.pl:1:204: terms are nested more than 200 levels deep' },
  { name: 'an operator chain 5000 deep', argv: ['solve', '{tmp}/fifty-problem.pl', '--domain', '{tmp}/minus-chain.pl'], code: 2, first: '{tmp}/minus-chain.pl:1:1: this term is nested more than 2000 levels deep' },
  { name: 'binary garbage', argv: ['solve', '{tmp}/fifty-problem.pl', '--domain', '{tmp}/garbage.pl'], code: 2, first: '{tmp}/garbage.pl:2:1: this is not a text file: bytes that are not UTF-8 here (is it a binary file? planlog reads UTF-8 text)' },
  { name: 'a level saved as Latin-1', argv: ['solve', '{tmp}/latin1.txt'], code: 2, first: '{tmp}/latin1.txt:1:6: this is not a text file: bytes that are not UTF-8 here (is it a binary file? planlog reads UTF-8 text)' },
  { name: 'a line of a million spaces', argv: ['solve', '{tmp}/long-line.txt'], code: 2, first: '{tmp}/long-line.txt: no level found in file: no line of the file is a board row (a row of # walls, with @ the player, $ boxes and . goals)' },
  { name: 'a plan step after 100,000 spaces (the excerpt is cut)', argv: ['validate', '{maps}/tutorial.txt', '--level', '2', '--plan', '{tmp}/long-line-plan.txt'], code: 2, first: '{tmp}/long-line-plan.txt:1:100012: expected "," or ")", found "x2y1" (is a comma missing?)', contains: [`  …${' '.repeat(84)}moveR(x1y1 x2y1)\n  ${' '.repeat(96)}^`] },
  { name: 'a plan of 100,000 steps', argv: ['validate', '{maps}/tutorial.txt', '--level', '2', '--plan', '{tmp}/long-plan.txt'], code: 5, first: 'invalid plan: {tmp}/long-plan.txt:2:1: step 2: moveR(x1y1,x2y1) is not applicable: preconditions sokoban(x1y1), empty(x2y1) do not hold' },
  { name: 'a 65 MB file', argv: ['solve', '{tmp}/huge.txt'], code: 2, first: '{tmp}/huge.txt: cannot read file: it has 65 MB; planlog reads text files of up to 64 MB' },
];

const manifest = JSON.parse(readFileSync(new URL('../fixtures/bad/cases.json', import.meta.url), 'utf8')) as { cases: BadCase[] };
const cases = [...manifest.cases, ...generatedCases];

const run = (argv: string[]): Promise<Run> => runMain(...argv);

const LOCATED = /^(.+?):(\d+):(\d+): (.*)$/;
const FILE_LEVEL = /^(.+?): (.*)$/;

describe('the catalogue of bad inputs', () => {
  it('has at least 30 cases, each with a fixture file or a generated one', () => {
    expect(cases.length).toBeGreaterThanOrEqual(30);
    expect(new Set(cases.map((c) => c.name)).size).toBe(cases.length);
  });

  it.each(cases.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const argv = c.argv.map(fill);
    const r = await run(argv);
    const shown = c.code === 5 || c.code === 0 || c.code === 3 ? r.out : r.err;
    expect({ code: r.code, first: shown.split('\n')[0] }).toEqual({ code: c.code, first: c.first !== undefined ? fill(c.first) : shown.split('\n')[0] });
    for (const text of c.contains ?? []) expect(r.out + r.err).toContain(fill(text));
    expect(r.err).not.toMatch(/\n\s+at .*\(|internal error/);

    // a located error (not a usage error) is also an error object in JSON mode
    if (c.code !== 2 || c.first === undefined || c.first.startsWith('planlog: ')) return;
    const first = fill(c.first);
    const m = LOCATED.exec(first) ?? FILE_LEVEL.exec(first)!;
    const j = await run([...argv, '--json']);
    expect(j.code).toBe(2);
    const { error } = JSON.parse(j.out) as { error: Record<string, unknown> };
    expect(error).toMatchObject(m.length === 5 ? { file: m[1], line: Number(m[2]), column: Number(m[3]), message: m[4] } : { file: m[1], message: m[2] });
  });
});
