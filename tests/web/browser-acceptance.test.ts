/// <reference lib="dom" />
/**
 * Issue 16's acceptance walk in a real browser, as one test: a teacher opens
 * a shared link, shows the level, runs bfs and iddfs in the Search view,
 * steps through the first 20 expansions with g/h/f visible, compares TS and
 * Prolog with both plans replaying side by side, and downloads the plan —
 * with no stale or misleading state on the way. Every figure is the
 * planner's, computed in-process (`planlog trace|compare … --json` through
 * runMain), not written down twice. Screenshots: test-output/acceptance-*.png.
 */
import { readFileSync } from 'node:fs';
import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { CompareJson } from '../../src/pipeline/json.ts';
import type { SearchTrace } from '../../src/trace/trace.ts';
import { runMain, scratch } from '../cli/run-main.ts';
import { browserTests, hasChromium, openPage, outDir, runAndWait } from './browser-harness.ts';

/** Two boxes, 7 × 4: bfs expands 23 nodes (a 6-step plan), iddfs --cycle action 64 over bounds 1–6; the Prolog backend answers in seconds. */
const LEVEL = '#######\n#@$ . #\n# $.  #\n#######\n';
const WIDTH = 7;
const RUNS = /\/api\/(solve|trace|compare)$/;

describe.skipIf(!hasChromium)('issue 16 acceptance: the teacher\'s walk', () => {
  const t = browserTests();
  const files = scratch('planlog-acceptance-');
  const level = files.file('two-boxes.txt', LEVEL);

  /** `planlog trace LEVEL … --states --format json` (the Search view asks for states). */
  async function cliTrace(...flags: string[]): Promise<SearchTrace> {
    const r = await runMain('trace', level, ...flags, '--states', '--format', 'json');
    expect(r.code).toBe(0);
    return JSON.parse(r.out) as SearchTrace;
  }
  const dash = (v: number | null): string => (v === null ? '–' : String(v));
  /** The square a Sokoban step leaves the player on: its second argument. */
  const target = (op: string): number => {
    const [, x, y] = /^\w+\(x\d+y\d+,x(\d+)y(\d+)/.exec(op)!;
    return Number(y) * WIDTH + Number(x);
  };

  it('shared link → level shown, nothing run → bfs and iddfs traces stepped 20 times → Solve → Compare replayed in step → plan downloads; no stale text, no error, no failed request', async () => {
    // ---- the teacher's link, made by the page's own encoder
    await t.page.fill('#level-text', LEVEL);
    await t.page.click('#share');
    await t.page.waitForSelector('#share-row:not([hidden])');
    const link = await t.page.inputValue('#share-link');
    expect(link).toMatch(/#s=[jz][A-Za-z0-9_-]+$/);
    // the next slide's link: tutorial level 2 with bfs
    await t.page.click('.preset[data-id="tutorial-2"]');
    await t.page.selectOption('#algo', 'bfs');
    await t.page.click('#share');
    await t.page.waitForFunction((old) => (document.querySelector('#share-link') as HTMLInputElement).value !== old, link);
    const next = await t.page.inputValue('#share-link');

    // ---- a. the link in a fresh page: the level, nothing run, empty views
    const requests: string[] = [];
    const failed: string[] = [];
    const { page, errors } = await openPage(t.browser, link, (r: Request) => requests.push(`${r.method()} ${new URL(r.url()).pathname}`));
    page.on('requestfailed', (r) => failed.push(`${r.url()} ${r.failure()?.errorText}`));
    page.on('response', (r) => {
      if (r.status() >= 400) failed.push(`${r.url()} ${r.status()}`);
    });
    const text = async (sel: string): Promise<string> => (await page.textContent(sel)) ?? '';
    const shownNode = (): Promise<Record<string, string>> => page.$$eval('#st-node td[data-k]', (tds) => Object.fromEntries(tds.map((td) => [(td as HTMLElement).dataset.k!, td.textContent ?? ''])));
    await page.waitForFunction(() => /^opened a shared link/.test(document.querySelector('#status')?.textContent ?? ''));
    expect(await text('#status')).toBe('opened a shared link: a level of its own: press Solve');
    expect(await page.inputValue('#level-text')).toBe(LEVEL);
    expect(await page.locator('#board .sq.box').count()).toBe(2);
    expect(await page.getAttribute('#board .sq.player', 'data-p')).toBe(String(WIDTH + 1));
    expect(await page.isVisible('#board')).toBe(true);
    // the Result panel: empty
    expect(await text('#verdict')).toBe('');
    expect(await page.locator('#stats tr').count()).toBe(0);
    expect(await page.locator('#plan li').count()).toBe(0);
    expect(await page.isHidden('#compare-view')).toBe(true);
    expect(await page.isHidden('#plan-downloads')).toBe(true);
    expect(await page.isHidden('#result-error')).toBe(true);
    expect(await page.isHidden('#lurd-row')).toBe(true);
    // the Search view: empty
    expect(await page.isHidden('#st-body')).toBe(true);
    expect(await text('#trace-summary')).toBe('');
    expect(await text('#trace-live')).toBe('');
    expect(await page.isHidden('#trace-stale')).toBe(true);
    expect(await page.isHidden('#trace-stopped')).toBe(true);
    expect(await page.isDisabled('#trace-download')).toBe(true);
    expect(requests.filter((r) => RUNS.test(r))).toEqual([]);
    await page.screenshot({ path: `${outDir}acceptance-a-link.png`, fullPage: true });

    /** Presses Trace and waits until the view has the answer. */
    const traceAndWait = async (): Promise<void> => {
      await page.click('#trace');
      await page.waitForFunction(() => !(document.querySelector('#trace') as HTMLButtonElement).disabled && document.querySelector('#status')?.getAttribute('data-kind') !== 'busy');
      expect(await page.isHidden('#trace-error')).toBe(true);
    };

    // ---- b. bfs in the Search view: the first 20 expansions, then the open and closed sets at step 20
    const bfs = await cliTrace('--algo', 'bfs');
    expect([bfs.status, bfs.expansions, bfs.plan.length]).toEqual(['solved', 23, 6]);
    await page.selectOption('#algo', 'bfs');
    await traceAndWait();
    expect(await text('#trace-summary')).toBe(`bfs: a plan of 6 steps; showing all 23 expansions.`);
    expect(await text('#trace-live')).toMatch(new RegExp(`^expanded ${bfs.stats.expanded} · generated ${bfs.stats.generated}( · [\\d,]+ states/s)? \\(done\\)$`));
    expect(await text('#st-table-title')).toBe('Expansions per depth (the whole search)');
    expect(await page.isHidden('#trace-stopped')).toBe(true);
    for (let i = 0; i <= 20; i++) {
      if (i > 0) await page.click('#st-next');
      const n = bfs.nodes[i];
      expect(await text('#st-label')).toBe(`expansion ${i + 1} of 23`);
      expect(await page.isVisible('#st-node')).toBe(true);
      expect(await shownNode()).toMatchObject({ id: String(i), op: n.op ?? '(a root: the initial state)', g: String(n.g), h: dash(n.h), f: dash(n.f), depth: String(n.depth) });
      expect(await page.getAttribute(`#st-tree .st-node[data-id="${i}"]`, 'data-state')).toBe('current');
    }
    // the page's rule: closed = expanded so far, open = generated by them and expanded later (or never: the frontier)
    const closed = bfs.nodes.filter((n) => n.recorded && n.id <= 20).length;
    const open = bfs.nodes.filter((n) => n.parent !== null && n.parent <= 20 && ((n.recorded && n.id > 20) || n.frontier)).length;
    expect(closed).toBe(21);
    expect(Number(await text('#st-closed-count'))).toBe(closed);
    expect(Number(await text('#st-open-count'))).toBe(open);
    expect(await page.isEnabled('#trace-download')).toBe(true);
    await page.screenshot({ path: `${outDir}acceptance-b-bfs.png`, fullPage: true });

    // ---- c. iddfs --cycle action (from the option panel): the bounds table, the stopped sentence, 20 expansions with their bound
    const iddfs = await cliTrace('--algo', 'iddfs', '--cycle', 'action');
    expect([iddfs.status, iddfs.expansions, iddfs.iterations!.length]).toEqual(['solved', 64, 6]);
    await page.selectOption('#algo', 'iddfs');
    await page.selectOption('#more-options [data-field="cycle"] select', 'action');
    // the bfs trace on screen is not of the page's options any more: it says so, no download of it
    expect(await page.isVisible('#trace-stale')).toBe(true);
    expect(await page.isDisabled('#trace-download')).toBe(true);
    await traceAndWait();
    // the new trace's figures only: no bfs counter, summary or table is left
    expect(await page.isHidden('#trace-stale')).toBe(true);
    expect(await text('#trace-summary')).toBe(`iddfs: a plan of 6 steps; showing the first 50 of 64 expansions (this server records at most 5,000).`);
    expect(await text('#trace-live')).toMatch(new RegExp(`^expanded ${iddfs.stats.expanded} · generated ${iddfs.stats.generated}( · [\\d,]+ states/s)? \\(done\\)$`));
    expect(await text('#trace-stopped')).toBe(`Stopped: ${iddfs.stopped}`);
    expect(iddfs.stopped).toBe('a plan of 6 steps was found with depth bound 6');
    expect(await text('#st-table-title')).toBe('Iterations');
    expect(await text('#st-open-title')).toBe('current path (stack)');
    const rows = await page.$$eval('#st-bounds tr[data-bound]', (trs) => trs.map((tr) => Array.from(tr.querySelectorAll('td'), (td) => Number(td.textContent))));
    const perBound = (b: number): number => iddfs.nodes.filter((n) => n.recorded && n.bound === b).length;
    expect(rows).toEqual(iddfs.iterations!.map((it) => [it.bound, it.expanded, it.generated, it.maxDepth, perBound(it.bound)]));
    expect(rows.map((r) => r[0])).toEqual([1, 2, 3, 4, 5, 6]);
    for (let i = 0; i <= 20; i++) {
      if (i > 0) await page.click('#st-next');
      const n = iddfs.nodes[i];
      expect(await text('#st-label')).toBe(`expansion ${i + 1} of 50 · bound ${n.bound}`);
      expect(await shownNode()).toMatchObject({ id: String(i), op: n.op ?? '(a root: the initial state)', g: String(n.g), h: dash(n.h), f: dash(n.f), depth: String(n.depth), bound: String(n.bound) });
    }
    // the downloaded trace is the one on screen
    const [traceFile] = await Promise.all([page.waitForEvent('download'), page.click('#trace-download')]);
    const got = JSON.parse(readFileSync(await traceFile.path(), 'utf8')) as SearchTrace;
    expect([got.algo, got.expansions, got.nodes.length, got.stopped]).toEqual(['iddfs', 64, iddfs.nodes.length, iddfs.stopped]);
    await page.screenshot({ path: `${outDir}acceptance-c-iddfs.png`, fullPage: true });

    // ---- d. Solve, then Compare: the single answer gives way to both columns, both plans replay in step
    await runAndWait(page, 'solve');
    expect(await text('#verdict')).toBe('Solved: 6 steps.');
    expect(await page.locator('#plan li').count()).toBe(6);
    const compared = await runMain('compare', level, '--algo', 'iddfs', '--cycle', 'action', '--json');
    expect(compared.code).toBe(0);
    const c = JSON.parse(compared.out) as CompareJson;
    expect([c.ts.status, c.prolog.status, c.ts.plan.length, c.prolog.plan.length]).toEqual(['solved', 'solved', 6, 6]);
    await runAndWait(page, 'compare');
    expect(await text('#verdict')).toBe(`The backends agree: ${c.reason}`);
    // nothing of the single Solve is left: its stats, plan list, LURD, operators and single board
    expect(await page.locator('#stats tr').count()).toBe(0);
    expect(await page.locator('#plan li').count()).toBe(0);
    expect(await page.isHidden('#lurd-row')).toBe(true);
    expect(await text('#ops-used')).toBe('');
    expect(await page.isHidden('#board')).toBe(true);
    expect(await text('#side-ts .side-name')).toBe('ts (TypeScript search)');
    expect(await text('#side-prolog .side-name')).toBe(`prolog (theory ${c.prolog.prolog!.theory}, engine ${c.prolog.prolog!.engine})`);
    const TS = '#side-ts .side-board';
    const PROLOG = '#side-prolog .side-board';
    const playerAt = (board: string): Promise<number> => page.$eval(`${board} .sq.player, ${board} .sq.player-on-goal`, (e) => Number((e as HTMLElement).dataset.p));
    expect(await text('#step-label')).toBe('step 0 of 6');
    expect([await playerAt(TS), await playerAt(PROLOG)]).toEqual([WIDTH + 1, WIDTH + 1]);
    await page.click('#next');
    expect(await playerAt(TS)).toBe(target(c.ts.plan[0]));
    expect(await playerAt(PROLOG)).toBe(target(c.prolog.plan[0]));
    expect(await text('#side-ts .side-info')).toContain(`step: 1. ${c.ts.plan[0]}`);
    expect(await text('#side-prolog .side-info')).toContain(`step: 1. ${c.prolog.plan[0]}`);
    await page.click('#last');
    expect(await text('#step-label')).toBe('step 6 of 6');
    for (const b of [TS, PROLOG]) {
      expect(await page.getAttribute(b, 'data-step')).toBe('6');
      // the goal: both boxes on a goal
      expect(await page.locator(`${b} .sq.box-on-goal`).count()).toBe(2);
    }
    await page.screenshot({ path: `${outDir}acceptance-d-compare.png`, fullPage: true });

    // ---- e. the plan's downloads: the planner's plan as terms and as LURD
    expect(await page.isVisible('#plan-downloads')).toBe(true);
    expect(await text('#plan-downloads')).toContain('download the plan of ts (TypeScript search)');
    const download = async (button: string): Promise<{ name: string; text: string }> => {
      const [d] = await Promise.all([page.waitForEvent('download'), page.click(button)]);
      return { name: d.suggestedFilename(), text: readFileSync(await d.path(), 'utf8') };
    };
    expect(await download('#dl-plan')).toEqual({ name: 'plan.txt', text: c.ts.plan.map((s) => `${s}\n`).join('') });
    expect(await download('#dl-lurd')).toEqual({ name: 'plan.lurd', text: `${c.ts.lurd}\n` });
    await page.screenshot({ path: `${outDir}acceptance-e-downloads.png`, fullPage: true });

    // ---- the next slide's link in the same tab (only the fragment changes): its level, no answer or trace of the last one passes for its own
    await page.goto(next);
    await page.waitForFunction(() => /^opened a shared link: maps\/tutorial\.txt, level 2/.test(document.querySelector('#status')?.textContent ?? ''));
    expect(await page.getAttribute('.preset.chosen', 'data-id')).toBe('tutorial-2');
    expect(await page.inputValue('#algo')).toBe('bfs');
    expect(await text('#verdict')).toBe('');
    expect(await page.isHidden('#compare-view')).toBe(true);
    expect(await page.isHidden('#plan-downloads')).toBe(true);
    expect(await page.isVisible('#board')).toBe(true);
    expect(await page.locator('#board .sq.box').count()).toBe(1);
    expect(await page.isHidden('#compare-boards')).toBe(true);
    expect(await text('#step-label')).toBe('');
    expect(await page.isVisible('#trace-stale')).toBe(true);
    expect(await page.isDisabled('#trace-download')).toBe(true);
    await page.screenshot({ path: `${outDir}acceptance-next-link.png`, fullPage: true });

    // ---- f. the whole walk: no script error, no failed request; runs only when asked (two traces, a solve, a compare)
    expect(errors).toEqual([]);
    expect(failed).toEqual([]);
    expect(requests.filter((r) => RUNS.test(r))).toEqual(['POST /api/trace', 'POST /api/trace', 'POST /api/solve', 'POST /api/compare']);
    expect(t.errors).toEqual([]);
    await page.close();
  }, 180_000);

  it('an answer of texts no longer on the page says so: an edit while the search ran, an edited problem after the answer; looking at another tab does not count', async () => {
    const page = t.page;
    // five boxes (maps/bench.txt): bfs runs for seconds, time enough to edit the level meanwhile
    const hard = ['#######', '#. .  #', '# $$$ #', '#  #  #', '# $ $ #', '#. .@.#', '#######', ''].join('\n');
    await page.fill('#level-text', hard);
    await page.selectOption('#algo', 'bfs');
    await page.fill('#timeout', '2');
    await page.click('#solve');
    await page.waitForFunction(() => document.querySelector('#status')?.getAttribute('data-kind') === 'busy');
    await page.fill('#level-text', LEVEL);
    await page.waitForFunction(() => !(document.querySelector('#solve') as HTMLButtonElement).disabled);
    // the answer is of the five-box level, the editor shows another
    expect(await page.textContent('#verdict')).toMatch(/^(Solved|Stopped by a limit)/);
    expect(await page.isVisible('#result-stale')).toBe(true);
    expect(await page.textContent('#result-stale')).toBe('The level or the problem changed since this answer: press Solve (or Compare) to answer them.');
    await page.screenshot({ path: `${outDir}acceptance-stale-answer.png`, fullPage: true });
    // Solve again: the answer is the page's
    await page.fill('#timeout', '10');
    await runAndWait(page, 'solve');
    expect(await page.textContent('#verdict')).toBe('Solved: 6 steps.');
    expect(await page.isHidden('#result-stale')).toBe(true);

    // a Prolog problem: an edit of the problem after the answer marks it, a look at another tab does not
    await page.click('#tab-domain');
    await page.selectOption('#domain-select', 'robot');
    await runAndWait(page, 'solve');
    expect(await page.textContent('#verdict')).toMatch(/^Solved: \d+ steps?\.$/);
    await page.click('#tab-level');
    await page.click('#tab-domain');
    expect(await page.isHidden('#result-stale')).toBe(true);
    await page.fill('#problem-text', `${await page.inputValue('#problem-text')}% edited\n`);
    expect(await page.isVisible('#result-stale')).toBe(true);
    await runAndWait(page, 'compare');
    expect(await page.isHidden('#result-stale')).toBe(true);
    expect(t.errors).toEqual([]);
  }, 120_000);
});
