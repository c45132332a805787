/**
 * `planlog bench`: two tiny levels × two strategies give the CSV rows, the
 * Markdown summary and well-formed SVG charts with one bar per level and
 * strategy and one curve point per solved level. Runs in-process (runJob)
 * and once on the real worker pool.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { parseRanges, resolveLevels, splitSpec } from '../../src/bench/levels.ts';
import { progressBar } from '../../src/bench/run.ts';
import { barChart, el, esc } from '../../src/bench/svg.ts';
import { benchCommand, benchConfigs } from '../../src/cli/commands/bench.ts';
import { readTextFile, type Io } from '../../src/cli/io.ts';
import { UsageError } from '../../src/options/index.ts';
import { main } from '../../src/cli/main.ts';
import { runJob } from '../../src/workers/jobs.ts';

const here = (p: string): string => fileURLToPath(new URL(`../../${p}`, import.meta.url));
const tutorial = here('maps/tutorial.txt');
const dirs: string[] = [];
const tmp = (): string => {
  const d = mkdtempSync(join(tmpdir(), 'planlog-bench-'));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function fakeIo(): Io & { stdout: string; stderr: string } {
  const io = {
    stdout: '',
    stderr: '',
    out(t: string) {
      io.stdout += t.endsWith('\n') ? t : `${t}\n`;
    },
    err(t: string) {
      io.stderr += t.endsWith('\n') ? t : `${t}\n`;
    },
    readFile: readTextFile,
    isTTY: false,
  };
  return io;
}

/**
 * A small XML well-formedness check: one root element, every start tag
 * closed in order, quoted attributes, no stray `<` or `&`. Returns the
 * element names in document order.
 */
function parseXml(xml: string): string[] {
  const body = xml.replace(/^<\?xml[^?]*\?>\s*/, '');
  const stack: string[] = [];
  const names: string[] = [];
  const tag = /<(\/?)([A-Za-z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>/y;
  let i = 0;
  let roots = 0;
  while (i < body.length) {
    const lt = body.indexOf('<', i);
    const textPart = body.slice(i, lt < 0 ? body.length : lt);
    if (/&(?!(amp|lt|gt|quot|apos);)/.test(textPart)) throw new Error(`bad entity in text near ${i}`);
    if (textPart.trim() !== '' && stack.length === 0) throw new Error('text outside the root element');
    if (lt < 0) break;
    tag.lastIndex = lt;
    const m = tag.exec(body);
    if (!m) throw new Error(`malformed tag at ${lt}: ${body.slice(lt, lt + 40)}`);
    const [, close, name, , self] = m;
    if (close) {
      if (stack.pop() !== name) throw new Error(`</${name}> closes the wrong element`);
    } else {
      if (stack.length === 0) roots++;
      names.push(name);
      if (!self) stack.push(name);
    }
    i = tag.lastIndex;
  }
  if (stack.length) throw new Error(`unclosed: ${stack.join(', ')}`);
  if (roots !== 1) throw new Error(`${roots} root elements`);
  return names;
}
/** The fields of one CSV line (RFC 4180 quoting). */
function csvFields(line: string): string[] {
  const out: string[] = [];
  const re = /("(?:[^"]|"")*"|[^,]*)(,|$)/gy;
  for (let m = re.exec(line); m && re.lastIndex <= line.length; m = re.exec(line)) {
    out.push(m[1].startsWith('"') ? m[1].slice(1, -1).replace(/""/g, '"') : m[1]);
    if (m[2] === '') break;
  }
  return out;
}
const count = (svg: string, cls: string): number => (svg.match(new RegExp(`class="${cls}"`, 'g')) ?? []).length;

describe('planlog bench on two tiny levels × two strategies', () => {
  it('writes the CSV rows, the JSON, the Markdown summary and well-formed SVG with the right number of bars and points', async () => {
    const out = tmp();
    const io = fakeIo();
    const code = await benchCommand([`${tutorial}:1-2`, '--algo', 'bfs,ga', '--timeout', '10', '--out', out], io, { run: async (job) => runJob(job) });
    expect(code).toBe(0);

    const csv = readFileSync(join(out, 'bench.csv'), 'utf8').trim().split('\n');
    expect(csv[0]).toBe('strategy,file,level,label,title,repetition,seed,solved,status,time_ms,total_ms,expanded,generated,evaluated,stored,length,moves,pushes,cost,memory_mb,limit,error');
    expect(csv).toHaveLength(1 + 4);
    const rows = csv.slice(1).map(csvFields);
    expect(rows[2][4]).toBe('Walk, then push'); // a quoted title
    expect(rows.map((r) => `${r[0]} ${r[3]} ${r[8]}`)).toEqual(['bfs tutorial 1 solved', 'ga tutorial 1 solved', 'bfs tutorial 2 solved', 'ga tutorial 2 solved']);
    expect(rows.map((r) => r[15])).toEqual(['1', '1', '4', '4']); // plan lengths
    expect(rows[1][6]).toBe('1'); // ga's seed

    const json = JSON.parse(readFileSync(join(out, 'bench.json'), 'utf8'));
    expect(json.runs).toHaveLength(4);
    expect(json.runs[0]).toMatchObject({ strategy: 'bfs', levelLabel: 'tutorial 1', status: 'solved', length: 1, moves: 1, pushes: 1 });

    const md = readFileSync(join(out, 'bench.md'), 'utf8');
    expect(md).toContain('| bfs | 2 / 2 | 2 / 2 | 0 | 0 | 0 |');
    expect(md).toContain('| ga | 2 / 2 | 2 / 2 |');
    expect(md).toMatch(/\| tutorial 2 \| 4 \([\d.]+ m?s\) \| 4 \([\d.]+ m?s\) \|/);
    expect(md).toContain('![Levels solved within a time limit](coverage.svg)');
    // the IPC scores: both strategies find the shortest plans of both levels, each within a second
    expect(md).toContain('| tutorial | bfs | 2 / 2 | 2.00 | 2.00 |\n| tutorial | ga | 2 / 2 | 2.00 | 2.00 |');
    expect(json.ipc.map((x: { strategy: string; solved: number }) => `${x.strategy} ${x.solved}`)).toEqual(['bfs 2', 'ga 2']);
    expect(io.stdout).toContain('# Benchmark');

    for (const f of ['time.svg', 'expanded.svg', 'length.svg']) {
      const svg = readFileSync(join(out, f), 'utf8');
      expect(parseXml(svg)[0]).toBe('svg');
      expect(count(svg, 'bar')).toBe(4); // 2 levels × 2 strategies
    }
    const cov = readFileSync(join(out, 'coverage.svg'), 'utf8');
    expect(parseXml(cov)[0]).toBe('svg');
    expect(count(cov, 'curve')).toBe(2);
    expect(count(cov, 'point')).toBe(4); // each strategy solves both levels
  });

  it('--best: the ratio of each strategy\'s pushes and moves to the best known, in bench.md and bench.json; a bad line located, exit 2', async () => {
    const out = tmp();
    const bestFile = join(out, 'best.txt');
    // tutorial 1: bfs pushes 1, moves 1; tutorial 2: 2 pushes, 4 moves
    writeFileSync(bestFile, '1 1 1\n2 2 1\n');
    const io = fakeIo();
    const code = await benchCommand([`${tutorial}:1-2`, '--algo', 'bfs', '--timeout', '10', '--out', out, '--best', bestFile], io, { run: async (job) => runJob(job) });
    expect(code).toBe(0);
    const json = JSON.parse(readFileSync(join(out, 'bench.json'), 'utf8'));
    expect(json.best.ratios.bfs).toEqual({
      pushes: { levels: 2, mean: 1.5, worst: 2, worstLevel: 2, withinGoal: 1 },
      moves: { levels: 2, mean: 1.5, worst: 2, worstLevel: 2, withinGoal: 2 },
      both: { levels: 2, withinGoal: 1 },
    });
    const md = readFileSync(join(out, 'bench.md'), 'utf8');
    expect(md).toContain(`## Against the best known (${bestFile})`);
    expect(md).toContain('| bfs | 1.50 | 2.00 (level 2) | 1 / 2 | 1.50 | 2.00 (level 2) | 2 / 2 | 1 / 2 |');

    writeFileSync(bestFile, '1 1 1\n2 x 1\n');
    const bad = fakeIo();
    await expect(benchCommand([`${tutorial}:1-2`, '--algo', 'bfs', '--out', out, '--best', bestFile], bad, { run: async (job) => runJob(job) })).rejects.toThrow(`${bestFile}:2:3: bad moves 'x'`);
    await expect(benchCommand([`${tutorial}:1`, here('maps/demo.txt'), '--algo', 'bfs', '--out', out, '--best', bestFile], bad, { run: async (job) => runJob(job) })).rejects.toThrow(UsageError);
  });

  it('runs on the worker pool with repetitions (through main)', async () => {
    const out = tmp();
    const io = fakeIo();
    const code = await main(['bench', `${tutorial}:3`, here('maps/demo.txt'), '--algo', 'lrta', '--algo', 'beam+pushdist', '--repeat', '2', '--threads', '2', '--seed', '5', '--timeout', '20', '--out', out], io);
    expect(code).toBe(0);
    const json = JSON.parse(readFileSync(join(out, 'bench.json'), 'utf8'));
    expect(json.runs).toHaveLength(2 * 2 * 2);
    expect(json.runs.every((r: { status: string }) => r.status === 'solved')).toBe(true);
    expect(json.runs.filter((r: { strategy: string }) => r.strategy === 'lrta').map((r: { seed: number }) => r.seed)).toEqual([5, 5, 6, 6]);
    const svg = readFileSync(join(out, 'length.svg'), 'utf8');
    expect(count(svg, 'bar')).toBe(4); // medians over the repetitions: 2 levels × 2 strategies
  });
});

describe('planlog bench --vs prolog', () => {
  it('adds the TS iddfs and the Prolog backend on the small levels only; both backends count the same nodes', async () => {
    const out = tmp();
    const io = fakeIo();
    // tutorial 2 has 1 box, tutorial 7 has 2: --vs-max-boxes 1 keeps the Prolog backend to level 2
    const code = await benchCommand([`${tutorial}:2,7`, '--algo', 'bfs', '--vs', 'prolog', '--vs-max-boxes', '1', '--timeout', '30', '--out', out], io, { run: async (job) => runJob(job) });
    expect(code).toBe(0);
    const json = JSON.parse(readFileSync(join(out, 'bench.json'), 'utf8'));
    const runs = json.runs.map((r: { strategy: string; levelLabel: string; status: string; length: number }) => `${r.strategy} ${r.levelLabel} ${r.status} ${r.length}`);
    expect(runs).toEqual([
      'bfs tutorial 2 solved 4',
      'iddfs tutorial 2 solved 4',
      'prolog:iddfs tutorial 2 solved 4',
      'prolog:bfs tutorial 2 solved 4',
      'bfs tutorial 7 solved 13',
      'iddfs tutorial 7 solved 13',
    ]);
    const of = (s: string) => json.runs.find((r: { strategy: string; levelLabel: string }) => r.strategy === s && r.levelLabel === 'tutorial 2');
    expect(of('prolog:iddfs').expanded).toBe(of('iddfs').expanded);
    expect(of('prolog:bfs').expanded).toBe(of('bfs').expanded);
    const md = readFileSync(join(out, 'bench.md'), 'utf8');
    expect(md).toContain('| prolog:iddfs | 1 / 1 | 1 / 1 |');
    expect(md).toMatch(/\| tutorial 7 \| 13 \([^)]*\) \| 13 \([^)]*\) \| not run \| not run \|/);
  }, 60_000);

  it('configurations: prolog:NAME, --engine and --vs-max-boxes only with the Prolog backend', () => {
    expect(benchConfigs(['bfs'], { vs: 'prolog', engine: 'tau' }).map((c) => [c.label, c.backend ?? 'ts', c.engine ?? '-', c.maxBoxes ?? '-'])).toEqual([
      ['bfs', 'ts', '-', '-'],
      ['iddfs', 'ts', '-', '-'],
      ['prolog:iddfs', 'prolog', 'tau', 2],
      ['prolog:bfs', 'prolog', 'tau', 2],
    ]);
    expect(benchConfigs(['prolog:bfs'], { 'vs-max-boxes': '3' })[0]).toMatchObject({ algo: 'bfs', backend: 'prolog', maxBoxes: 3 });
    expect(() => benchConfigs(['prolog:astar'], {})).toThrow(/runs iddfs and bfs/);
    expect(() => benchConfigs(['bfs'], { vs: 'python' })).toThrow(/--vs takes prolog/);
    expect(() => benchConfigs(['bfs'], { engine: 'swipl' })).toThrow(/--engine applies/);
    expect(() => benchConfigs(['bfs'], { vs: 'prolog', engine: 'gprolog' })).toThrow(/unknown engine/);
  });
});

describe('bench pieces', () => {
  it('level specifications: files, single levels, ranges and lists', () => {
    expect(splitSpec('maps/x.txt:1-3,7')).toEqual({ file: 'maps/x.txt', ranges: '1-3,7' });
    expect(splitSpec('maps/x.txt')).toEqual({ file: 'maps/x.txt', ranges: null });
    expect(parseRanges('1-3,7', 9, 'f')).toEqual([1, 2, 3, 7]);
    expect(() => parseRanges('5-12', 9, 'f')).toThrow(/outside 1-9/);
    expect(() => parseRanges('x', 9, 'f')).toThrow(/bad level range/);
    const ls = resolveLevels(tutorial, readTextFile);
    expect(ls).toHaveLength(9);
    expect(ls[2]).toMatchObject({ level: 3, label: 'tutorial 3' });
  });

  it('configurations: NAME or NAME+HEURISTIC, flags only where they apply', () => {
    expect(benchConfigs(['bfs,beam+pushdist'], { width: '4' })).toEqual([
      { label: 'bfs', algo: 'bfs', heuristic: undefined, options: {} },
      { label: 'beam+pushdist', algo: 'beam', heuristic: 'pushdist', options: { width: 4 }, seed: 1 },
    ]);
    expect(() => benchConfigs(['bfs'], { width: '4' })).toThrow(UsageError);
    expect(() => benchConfigs(['bfs'], { seed: '4' })).toThrow(UsageError);
    expect(() => benchConfigs(['nope'], {})).toThrow(/unknown strategy/);
    expect(() => benchConfigs(['bfs,bfs'], {})).toThrow(/twice/);
  });

  it('usage errors exit 2', async () => {
    const io = fakeIo();
    expect(await main(['bench'], io)).toBe(2);
    expect(await main(['bench', tutorial, '--repeat', '0'], io)).toBe(2);
    expect(await main(['bench', `${tutorial}:20`], io)).toBe(2);
  });

  it('the SVG writer escapes text and the progress bar fills up', () => {
    expect(el('text', { x: 1.5, label: 'a"b' }, esc('<&>'))).toBe('<text x="1.50" label="a&quot;b">&lt;&amp;&gt;</text>');
    expect(progressBar(5, 10, 4, 1500, 10)).toBe('[#####-----] 5/10 runs, 4 solved, 1.5 s');
    const svg = barChart({ title: 'T & <t>', yLabel: 'y', log: true, groups: ['a', 'b'], series: ['s'], values: [[10], [null]] });
    expect(parseXml(svg)[0]).toBe('svg');
    expect(count(svg, 'bar')).toBe(1);
    expect(count(svg, 'missing')).toBe(1);
  });
});
