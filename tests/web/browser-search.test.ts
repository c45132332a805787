/// <reference lib="dom" />
/**
 * The playground's Search view in a real browser (issue 16, item 1): Trace
 * with iddfs --cycle action on a tiny two-box level, stepping through the
 * expansions; the iterations table, the per-bound node counts, the
 * `stopped` sentence and g/h/f of the first steps are what `planlog trace
 * FILE --algo iddfs --cycle action --format json` answers (run in-process
 * here, not written down twice); bfs's open and closed sets at a step; a
 * trace cut at its limit says so. Screenshots: test-output/search-*.png.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { browserTests, hasChromium, outDir } from './browser-harness.ts';
import { runMain, scratch } from '../cli/run-main.ts';
import type { SearchTrace } from '../../src/trace/trace.ts';

/** Two boxes in a corridor: the second box can never reach a goal, so iddfs deepens to bound 7, where the longest partial plan (6) stops it (46 expansions). */
const TWO = '#########\n#@$ .$. #\n#########\n';
/** Seven boxes: bfs expands over 20 million states in 20 s without an end (a five-box level of 783,372 states took 0.2 s, so a Cancel could come after the end). */
const HARD = ['#########', '#. .  . #', '# $$$ $ #', '#  #    #', '# $ $ $ #', '#. .@. .#', '#########', ''].join('\n');

describe.skipIf(!hasChromium)('the Search view', () => {
  const t = browserTests();
  let page: Page;
  let errors: string[];
  const files = scratch('planlog-search-');
  const level = files.file('two.txt', TWO);
  beforeEach(() => {
    page = t.page;
    errors = t.errors;
  });

  const text = async (sel: string): Promise<string> => (await page.textContent(sel)) ?? '';

  /** `planlog trace --states` of the level as JSON (the page asks for states). */
  async function cliTrace(...flags: string[]): Promise<SearchTrace> {
    const r = await runMain('trace', level, ...flags, '--states', '--format', 'json');
    const trace = JSON.parse(r.out) as SearchTrace;
    // exit 1: no plan (this level has none)
    expect([trace.status, r.code]).toEqual(['unsolvable', 1]);
    return trace;
  }

  /** Sets the level, the strategy and (optionally) the cycle rule and the limit, presses Trace and waits for the view. */
  async function trace(algo: string, cycle?: string, limit?: number): Promise<void> {
    await page.fill('#level-text', TWO);
    await page.selectOption('#algo', algo);
    if (cycle) await page.selectOption('#more-options [data-field="cycle"] select', cycle);
    if (limit !== undefined) await page.fill('#trace-limit', String(limit));
    await page.click('#trace');
    await page.waitForFunction(() => !(document.querySelector('#trace') as HTMLButtonElement).disabled && document.querySelector('#status')?.getAttribute('data-kind') !== 'busy');
    expect(await page.isHidden('#trace-error')).toBe(true);
  }

  /** The selected node's fields as the view shows them. */
  async function shownNode(): Promise<Record<string, string>> {
    return page.$$eval('#st-node td[data-k]', (tds) => Object.fromEntries(tds.map((td) => [(td as HTMLElement).dataset.k!, td.textContent ?? ''])));
  }
  const dash = (v: number | null): string => (v === null ? '–' : String(v));

  it('iddfs --cycle action: the bounds table, the per-bound node counts, the stopped sentence and g/h/f of the first 5 steps equal planlog trace', async () => {
    const want = await cliTrace('--algo', 'iddfs', '--cycle', 'action');
    expect(want.status).toBe('unsolvable');
    expect(want.iterations!.length).toBeGreaterThan(3);
    await trace('iddfs', 'action');
    expect(await text('#trace-summary')).toBe(`iddfs: no plan exists; showing all ${want.expansions} expansions.`);
    expect(await text('#trace-stopped')).toBe(`Stopped: ${want.stopped}`);
    expect(await text('#trace-stopped')).toContain("the original's max-length termination");
    // the counters at the end: the search's own
    expect(await text('#trace-live')).toMatch(new RegExp(`^expanded ${want.stats.expanded} · generated ${want.stats.generated}( · [\\d,]+ states/s)? \\(done\\)$`));
    // the iterations: bound, expanded, generated, max depth, and the recorded nodes of the bound in the tree
    const rows = await page.$$eval('#st-bounds tr[data-bound]', (trs) => trs.map((tr) => Array.from(tr.querySelectorAll('td'), (td) => Number(td.textContent))));
    const perBound = (b: number): number => want.nodes.filter((n) => n.recorded && n.bound === b).length;
    expect(rows).toEqual(want.iterations!.map((it) => [it.bound, it.expanded, it.generated, it.maxDepth, perBound(it.bound)]));
    // the tree: every node, one box per bound
    expect(await page.locator('#st-tree .st-node').count()).toBe(want.nodes.length);
    expect(await page.$$eval('#st-tree .st-bound', (gs) => gs.map((g) => Number((g as SVGGElement).dataset.bound)))).toEqual(want.iterations!.map((it) => it.bound));
    // the first 5 expansions, stepped forward
    for (let k = 0; k < 5; k++) {
      if (k > 0) await page.click('#st-next');
      const n = want.nodes[k];
      expect(await text('#st-label')).toBe(`expansion ${k + 1} of ${want.expansions} · bound ${n.bound}`);
      expect(await shownNode()).toMatchObject({ id: String(k), op: n.op ?? '(a root: the initial state)', g: String(n.g), h: dash(n.h), f: dash(n.f), depth: String(n.depth), bound: String(n.bound) });
      expect(await page.getAttribute(`#st-tree .st-node[data-id="${k}"]`, 'data-state')).toBe('current');
      // depth-first: the current path (the stack) instead of an open list
      let len = 0;
      for (let p: number | null = k; p !== null; p = want.nodes[p].parent) len++;
      expect(await text('#st-open-title')).toBe('current path (stack)');
      expect(Number(await text('#st-open-count'))).toBe(len);
      expect(Number(await text('#st-closed-count'))).toBe(k + 1);
      // the state as a board: the boxes and the player of the node's sokoban/box atoms (square = y * 9 + x)
      const square = (a: string): number => Number(/x(\d+)y/.exec(a)![1]) + 9 * Number(/y(\d+)/.exec(a)![1]);
      const state = n.state!;
      expect(await page.$$eval('#st-state .sq.box', (sq) => sq.map((e) => Number((e as HTMLElement).dataset.p)))).toEqual(state.filter((a) => a.startsWith('box(')).map(square).sort((a, b) => a - b));
      expect(await page.getAttribute('#st-state .sq.player', 'data-p')).toBe(String(square(state.find((a) => a.startsWith('sokoban('))!)));
    }
    await page.screenshot({ path: `${outDir}search-iddfs.png`, fullPage: true });
    // back, and a jump to a bound: its first expansion
    await page.click('#st-prev');
    expect(await page.getAttribute('#st-label', 'data-step')).toBe('3');
    const b4 = want.nodes.findIndex((n) => n.bound === 4);
    await page.selectOption('#st-jump', String(b4));
    expect(await page.getAttribute('#st-label', 'data-step')).toBe(String(b4));
    expect((await shownNode()).bound).toBe('4');
    // a click on a tree node selects it without moving the step
    await page.click('#st-tree .st-node[data-id="2"]');
    expect((await shownNode()).id).toBe('2');
    expect(await page.getAttribute('#st-label', 'data-step')).toBe(String(b4));
    // the last step
    await page.click('#st-last');
    expect(await text('#st-label')).toBe(`expansion ${want.expansions} of ${want.expansions} · bound ${want.iterations!.at(-1)!.bound}`);
    expect(errors).toEqual([]);
  }, 60_000);

  it('bfs: the open and closed sets at step 3 are the trace\'s (closed: expanded so far; open: generated, expanded later or frontier), the frontier dashed', async () => {
    // the first 5 expansions: what is still open when the window ends is the frontier
    const want = await cliTrace('--algo', 'bfs', '--limit', '5');
    await trace('bfs', undefined, 5);
    expect(await text('#trace-summary')).toBe(`bfs: no plan exists; showing the first 5 of ${want.expansions} expansions (this server records at most 5,000).`);
    expect(await text('#st-open-title')).toBe('open');
    for (let k = 0; k < 3; k++) await page.click('#st-next');
    const i = 3;
    const closed = want.nodes.filter((n) => n.recorded && n.id <= i).map((n) => n.id);
    const open = want.nodes.filter((n) => n.parent !== null && n.parent <= i && ((n.recorded && n.id > i) || (n as { frontier?: boolean }).frontier)).map((n) => n.id);
    expect(closed).toEqual([0, 1, 2, 3]);
    // the frontier (generated, never expanded within the window) is drawn dashed
    const frontier = want.nodes.filter((n) => n.frontier).map((n) => n.id);
    expect(frontier.length).toBeGreaterThan(0);
    expect(await page.$$eval('#st-tree .st-node.st-frontier', (gs) => gs.map((g) => Number((g as SVGGElement).dataset.id)))).toEqual(frontier);
    expect(Number(await text('#st-closed-count'))).toBe(closed.length);
    expect(Number(await text('#st-open-count'))).toBe(open.length);
    expect(await page.$$eval('#st-open .st-ref', (bs) => bs.map((b) => Number((b as HTMLElement).dataset.id)))).toEqual(open);
    expect(await page.$$eval('#st-closed .st-ref', (bs) => bs.map((b) => Number((b as HTMLElement).dataset.id)))).toEqual(closed);
    // the per-depth table of the whole search
    const rows = await page.$$eval('#st-bounds tr', (trs) => trs.slice(1).map((tr) => Array.from(tr.querySelectorAll('td'), (td) => Number(td.textContent))));
    expect(rows).toEqual(want.levels!.map((l) => [l.depth, l.expanded]));
    // clicking an open node selects it
    await page.click(`#st-open .st-ref[data-id="${open[0]}"]`);
    expect((await shownNode()).id).toBe(String(open[0]));
    await page.screenshot({ path: `${outDir}search-bfs.png`, fullPage: true });
    expect(errors).toEqual([]);
  }, 60_000);

  it('a trace cut at its limit says so: the first 10 of the search\'s expansions, and the server\'s cap; another strategy, limit or level marks the trace as not the page\'s', async () => {
    const want = await cliTrace('--algo', 'iddfs', '--cycle', 'action', '--limit', '10');
    expect(want.expansions).toBeGreaterThan(10);
    await trace('iddfs', 'action', 10);
    expect(await text('#trace-summary')).toBe(`iddfs: no plan exists; showing the first 10 of ${want.expansions} expansions (this server records at most 5,000).`);
    expect(await text('#st-label')).toBe(`expansion 1 of 10 · bound 1`);
    await page.click('#st-last');
    expect(await page.getAttribute('#st-label', 'data-step')).toBe('9');
    // the bounds table still counts the whole search; the tree holds the recorded nodes
    const rows = await page.$$eval('#st-bounds tr[data-bound]', (trs) => trs.map((tr) => Array.from(tr.querySelectorAll('td'), (td) => Number(td.textContent))));
    expect(rows.map((r) => r[1])).toEqual(want.iterations!.map((it) => it.expanded));
    expect(rows.map((r) => r[4]).reduce((a, b) => a + b, 0)).toBe(10);
    await page.screenshot({ path: `${outDir}search-cut.png`, fullPage: true });
    // the trace on screen is of what the page shows; another strategy, limit or level says it is not
    expect(await page.isHidden('#trace-stale')).toBe(true);
    await page.selectOption('#algo', 'bfs');
    expect(await page.isVisible('#trace-stale')).toBe(true);
    await page.selectOption('#algo', 'iddfs');
    await page.selectOption('#more-options [data-field="cycle"] select', 'action');
    expect(await page.isHidden('#trace-stale')).toBe(true);
    await page.fill('#trace-limit', '11');
    expect(await page.isVisible('#trace-stale')).toBe(true);
    await page.fill('#trace-limit', '10');
    expect(await page.isHidden('#trace-stale')).toBe(true);
    await page.click('#grid .sq[data-x="3"][data-y="1"]');
    expect(await page.isVisible('#trace-stale')).toBe(true);
    expect(errors).toEqual([]);
  }, 60_000);
  it('download trace: the JSON of the trace on screen, equal to planlog trace --format json but for times; disabled with no trace, while a trace runs and when the trace is stale', async () => {
    const want = await cliTrace('--algo', 'iddfs', '--cycle', 'action', '--limit', '12');
    expect(await page.isDisabled('#trace-download')).toBe(true);
    await trace('iddfs', 'action', 12);
    expect(await page.isEnabled('#trace-download')).toBe(true);
    const [d] = await Promise.all([page.waitForEvent('download'), page.click('#trace-download')]);
    expect(d.suggestedFilename()).toBe('trace.json');
    const got = JSON.parse(readFileSync(await d.path(), 'utf8')) as SearchTrace & { warnings?: unknown };
    const noTimes = (x: SearchTrace & { warnings?: unknown }): unknown => {
      // the times (timeMs, parseMs, groundMs, totalMs) are the run's own
      const stats = Object.fromEntries(Object.entries(x.stats).filter(([k]) => !k.endsWith('Ms')));
      return { ...x, stats, warnings: x.warnings ?? [] };
    };
    expect(got.expansions).toBe(want.expansions);
    expect(got.nodes.length).toBe(want.nodes.length);
    expect(noTimes(got)).toEqual(noTimes(want as SearchTrace & { warnings?: unknown }));
    // another strategy: the trace on screen is no longer the page's, no download of it
    await page.selectOption('#algo', 'bfs');
    expect(await page.isVisible('#trace-stale')).toBe(true);
    expect(await page.isDisabled('#trace-download')).toBe(true);
    await page.selectOption('#algo', 'iddfs');
    await page.selectOption('#more-options [data-field="cycle"] select', 'action');
    expect(await page.isEnabled('#trace-download')).toBe(true);
    // while a new trace runs: disabled (seven boxes, bfs runs for minutes), and after Cancel the old trace's download again
    await page.fill('#level-text', HARD);
    await page.selectOption('#algo', 'bfs');
    await page.click('#trace');
    await page.waitForFunction(() => /^expanded [\d,]+ · generated/.test(document.querySelector('#trace-live')?.textContent ?? ''));
    expect(await page.isDisabled('#trace-download')).toBe(true);
    await page.click('#trace-cancel');
    await page.waitForFunction(() => !(document.querySelector('#trace') as HTMLButtonElement).disabled);
    // the page shows the seven-box level now, not the traced one: still disabled
    expect(await page.isVisible('#trace-stale')).toBe(true);
    expect(await page.isDisabled('#trace-download')).toBe(true);
    expect(errors).toEqual([]);
  }, 60_000);
  it('a level uploaded after a trace (the editor filled when the file is read, after its change event): the trace is marked as not the page\'s', async () => {
    await trace('bfs', undefined, 5);
    expect(await page.isHidden('#trace-stale')).toBe(true);
    await page.setInputFiles('#upload', { name: 'one.txt', mimeType: 'text/plain', buffer: Buffer.from('#####\n#@$.#\n#####\n') });
    await page.waitForFunction(() => (document.querySelector('#level-text') as HTMLTextAreaElement).value === '#####\n#@$.#\n#####\n');
    expect(await page.isVisible('#trace-stale')).toBe(true);
    expect(await page.isDisabled('#trace-download')).toBe(true);
    expect(errors).toEqual([]);
  }, 60_000);
  it('live counters while a real search runs, and Cancel stops it', async () => {
    // seven boxes: bfs runs for minutes
    await page.fill('#level-text', HARD);
    await page.selectOption('#algo', 'bfs');
    await page.click('#trace');
    // a progress event of the stream (not the final counters, which end in "(done)")
    await page.waitForFunction(() => /^expanded [\d,]+ · generated [\d,]+ · [\d,]+ states\/s$/.test(document.querySelector('#trace-live')?.textContent ?? ''));
    expect(await page.isDisabled('#trace')).toBe(true);
    await page.screenshot({ path: `${outDir}search-live.png` });
    await page.click('#trace-cancel');
    await page.waitForFunction(() => !(document.querySelector('#trace') as HTMLButtonElement).disabled);
    expect(await text('#trace-live')).toBe('cancelled');
    expect(await text('#status')).toBe('trace cancelled');
    expect(await page.isDisabled('#trace-cancel')).toBe(true);
    expect(errors).toEqual([]);
  }, 60_000);
  it('a Prolog problem (blocks-3, astar): the state as fact chips, the plan path marked, jumps to the f-layers', async () => {
    const r = await runMain('trace', 'domains/blocks-3.pl', '--domain', 'domains/blocks.pl', '--algo', 'astar', '--states', '--format', 'json');
    expect(r.code).toBe(0);
    const want = JSON.parse(r.out) as SearchTrace;
    expect(want.status).toBe('solved');
    await page.click('#tab-domain');
    await page.selectOption('#domain-select', 'blocks');
    await page.selectOption('#problem-select', 'domains/blocks-3.pl');
    await page.selectOption('#algo', 'astar');
    await page.click('#trace');
    await page.waitForFunction(() => !(document.querySelector('#trace') as HTMLButtonElement).disabled && document.querySelector('#status')?.getAttribute('data-kind') !== 'busy');
    expect(await text('#trace-summary')).toBe(`astar with ${want.heuristic}: a plan of ${want.plan.length} steps; showing all ${want.expansions} expansions.`);
    // no iterations: nothing stopped early, the expansions per depth instead
    expect(await page.isHidden('#trace-stopped')).toBe(true);
    expect(await page.$$eval('#st-state .fact', (fs) => fs.map((f) => f.textContent))).toEqual(want.nodes[0].state);
    expect(await page.$$eval('#st-tree .st-node.st-plan', (gs) => gs.map((g) => Number((g as SVGGElement).dataset.id)))).toEqual(want.planNodes);
    expect(await page.$$eval('#st-tree .st-node.st-goal', (gs) => gs.map((g) => Number((g as SVGGElement).dataset.id)))).toEqual([want.planNodes.at(-1)]);
    // the f-layers: the first expansion of each f value
    const layers: string[] = [];
    want.nodes.forEach((n, i) => {
      if (n.recorded && n.f !== null && !layers.some((l) => l.startsWith(`f = ${n.f} `))) layers.push(`f = ${n.f} (step ${i})`);
    });
    expect(layers.length).toBeGreaterThan(1);
    expect(await page.$$eval('#st-jump option', (os) => os.slice(1).map((o) => o.textContent))).toEqual(layers);
    const step = Number(/step (\d+)/.exec(layers[1])![1]);
    await page.selectOption('#st-jump', String(step));
    expect((await shownNode()).f).toBe(String(want.nodes[step].f));
    // at the last expansion the goal is on the open list (a frontier node: generated, never expanded)
    await page.click('#st-last');
    const goal = want.nodes[want.planNodes.at(-1)!];
    expect(goal.frontier).toBe(true);
    await page.click(`#st-tree .st-node[data-id="${goal.id}"]`);
    expect(await shownNode()).toMatchObject({ g: String(want.plan.length), h: dash(goal.h), f: dash(goal.f), status: 'open (frontier: never expanded within the window) · on the plan · the goal' });
    expect(await page.getAttribute(`#st-tree .st-node[data-id="${goal.id}"]`, 'data-state')).toBe('open');
    expect(await page.$$eval('#st-state .fact', (fs) => fs.map((f) => f.textContent))).toEqual(goal.state);
    await page.screenshot({ path: `${outDir}search-blocks.png`, fullPage: true });
    await page.locator('#st-tree').screenshot({ path: `${outDir}search-blocks-tree.png` });
    expect(errors).toEqual([]);
  }, 60_000);
  it('a strategy the tracer does not watch: the server\'s message in the view, no trace shown', async () => {
    await page.fill('#level-text', TWO);
    await page.selectOption('#algo', 'beam');
    await page.click('#trace');
    await page.waitForFunction(() => !(document.querySelector('#trace') as HTMLButtonElement).disabled);
    expect(await text('#trace-error')).toMatch(/^trace watches iddfs, bfs, .*; not beam$/);
    expect(await page.isHidden('#st-body')).toBe(true);
    expect(await text('#trace-summary')).toBe('');
    expect(await text('#status')).toMatch(/^trace failed: trace watches /);
    // the worker finds the strategy untraced after the stream began: an error event in a 200 answer, nothing for the console
    expect(errors).toEqual([]);
  }, 60_000);
});
