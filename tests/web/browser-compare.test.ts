/// <reference lib="dom" />
/**
 * Compare side by side (issue 16, item 3, first part) in a real browser: a
 * column per backend with its engine named, the per-bound node counts as a
 * table (bound, ts nodes, prolog nodes, equal?) with the numbers of
 * `npx planlog compare maps/tutorial.txt --level 2 --json`, a request
 * error shown in the Result panel and next to the control that caused it,
 * and both plans replayed in step (a board per backend, one set of
 * controls; a side without a plan says why in its column).
 * Screenshots go to test-output/compare-*.png.
 */
import type { Page } from 'playwright-core';
import type { CompareJson } from '../../src/pipeline/json.ts';
import { beforeEach, describe, expect, it } from 'vitest';
import { BAD_REQUEST, browserTests, hasChromium, outDir, runAndWait } from './browser-harness.ts';

describe.skipIf(!hasChromium)('the playground: compare side by side', () => {
  const t = browserTests();
  let page: Page;
  beforeEach(() => {
    page = t.page;
  });
  const compareAndWait = (): Promise<void> => runAndWait(page, 'compare');
  const cells = (sel: string): Promise<string[][]> =>
    page.$$eval(`${sel} tr`, (trs) => trs.map((tr) => Array.from(tr.querySelectorAll('th, td')).map((c) => c.textContent ?? '')));

  it('tutorial level 2 with iddfs: both engines named, the per-bound counts of planlog compare --json', async () => {
    await page.click('.preset[data-id="tutorial-2"]');
    await page.selectOption('#algo', 'iddfs');
    await compareAndWait();
    expect(await page.textContent('#verdict')).toBe('The backends agree: both find valid 4-step plans; node counts equal in all 3 completed iterations');
    const sides = await cells('#compare-view .compare-sides');
    expect(sides[0]).toEqual(['', 'ts (TypeScript search)', 'prolog (theory fast, engine tau)']);
    expect(sides.slice(1, 5)).toEqual([
      ['status', 'solved', 'solved'],
      ['strategy', 'iddfs', 'iddfs'],
      ['plan length', '4', '4'],
      ['expanded', '10', '10'],
    ]);
    expect(sides[5]).toEqual(['generated', '10', '11']);
    expect(await cells('#compare-view .compare-depths')).toEqual([
      ['bound', 'ts nodes', 'prolog nodes', 'equal?'],
      ['1', '1', '1', 'yes'],
      ['2', '2', '2', 'yes'],
      ['3', '3', '3', 'yes'],
      ['4', '4', '5', 'not compared (a run stopped in this bound)'],
    ]);
    expect(await page.isHidden('#result-error')).toBe(true);
    await page.screenshot({ path: `${outDir}compare-tutorial-2.png`, fullPage: true });
    expect(t.errors).toEqual([]);
  }, 90_000);

  it('bfs has no per-bound table', async () => {
    await page.click('.preset[data-id="tutorial-2"]');
    await page.selectOption('#algo', 'bfs');
    await compareAndWait();
    expect(await page.textContent('#verdict')).toMatch(/^The backends agree: both find valid 4-step plans$/);
    expect(await page.locator('#compare-view .compare-depths').count()).toBe(0);
    expect(t.errors).toEqual([]);
  }, 90_000);

  it('a strategy the Prolog backend does not run: the error in the Result panel and next to the strategy', async () => {
    await page.click('.preset[data-id="tutorial-2"]');
    await page.selectOption('#algo', 'astar');
    await compareAndWait();
    expect(await page.textContent('#result-error')).toBe('Compare failed: the prolog backend runs iddfs and bfs, not astar');
    expect(await page.textContent('#algo-error')).toBe('the prolog backend runs iddfs and bfs, not astar');
    expect(await page.isVisible('#algo-error')).toBe(true);
    expect(await page.textContent('#verdict')).toBe('');
    expect(await page.isHidden('#compare-view')).toBe(true);
    await page.screenshot({ path: `${outDir}compare-error.png`, fullPage: true });
    // the next run clears both
    await page.selectOption('#algo', 'iddfs');
    await compareAndWait();
    expect(await page.isHidden('#result-error')).toBe(true);
    expect(await page.isHidden('#algo-error')).toBe(true);
    await expect.poll(() => t.errors).toEqual([BAD_REQUEST]);
  }, 90_000);

  /** Presses Compare and returns the /api/compare answer the page got. */
  const compareAnswer = async (): Promise<CompareJson> => {
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/compare'));
    await compareAndWait();
    return (await (await answer).json()) as CompareJson;
  };
  /** The square of the player in a board (its data-p), from the DOM. */
  const playerAt = (board: string): Promise<number> => page.$eval(`${board} .sq.player, ${board} .sq.player-on-goal`, (e) => Number((e as HTMLElement).dataset.p));
  /** The square a Sokoban step leaves the player on: its second argument (moveR(From,To), pushR(Sok,Box,Beyond)), on a board `width` wide. */
  const target = (op: string, width: number): number => {
    const [, x, y] = /^\w+\(x\d+y\d+,x(\d+)y(\d+)/.exec(op)!;
    return Number(y) * width + Number(x);
  };
  const TS = '#side-ts .side-board';
  const PROLOG = '#side-prolog .side-board';

  it('both plans replay in step: a board per backend, driven by one set of controls', async () => {
    await page.click('.preset[data-id="tutorial-2"]'); // ########/#@  $ .#/########: 8 wide, the player on square 9
    await page.selectOption('#algo', 'bfs');
    const c = await compareAnswer();
    expect(c.ts.plan).toHaveLength(4);
    expect(c.prolog.plan).toHaveLength(4);
    expect(await page.isHidden('#board')).toBe(true);
    expect(await page.isVisible(TS)).toBe(true);
    expect(await page.isVisible(PROLOG)).toBe(true);
    expect(await page.textContent('#side-ts .side-name')).toBe('ts (TypeScript search)');
    expect(await page.textContent('#side-prolog .side-name')).toBe('prolog (theory fast, engine tau)');
    expect(await page.isHidden('#hand-controls')).toBe(true);
    expect([await playerAt(TS), await playerAt(PROLOG)]).toEqual([9, 9]);
    expect(await page.textContent('#step-label')).toBe('step 0 of 4');
    // one step forward moves both players to their plan's first step's square
    await page.click('#next');
    expect(await playerAt(TS)).toBe(target(c.ts.plan[0], 8));
    expect(await playerAt(PROLOG)).toBe(target(c.prolog.plan[0], 8));
    expect(await page.getAttribute(TS, 'data-step')).toBe('1');
    expect(await page.getAttribute(PROLOG, 'data-step')).toBe('1');
    expect(await page.textContent('#side-ts .side-info')).toContain(`step: 1. ${c.ts.plan[0]}`);
    expect(await page.textContent('#side-prolog .side-info')).toContain(`step: 1. ${c.prolog.plan[0]}`);
    // the scrubber drives both as well
    await page.fill('#scrub', '3');
    expect(await playerAt(TS)).toBe(target(c.ts.plan[2], 8));
    expect(await playerAt(PROLOG)).toBe(target(c.prolog.plan[2], 8));
    // last: both at their end, every box on a goal
    await page.click('#last');
    expect(await page.textContent('#step-label')).toBe('step 4 of 4');
    for (const b of [TS, PROLOG]) {
      expect(await page.getAttribute(b, 'data-step')).toBe('4');
      expect(await page.getAttribute(b, 'data-done')).toBe('false');
      expect(await page.locator(`${b} .sq.box-on-goal`).count()).toBe(1);
      expect(await playerAt(b)).toBe(13);
    }
    await page.screenshot({ path: `${outDir}compare-replay.png`, fullPage: true });
    // a Solve afterwards: the single board again
    await runAndWait(page, 'solve');
    expect(await page.isVisible('#board')).toBe(true);
    expect(await page.isHidden('#compare-boards')).toBe(true);
    expect(t.errors).toEqual([]);
  }, 90_000);

  it('one backend stopped by a limit: its column says so, the other plan replays', async () => {
    // a node limit of 10: the ts iddfs stops (its 10th expansion), the Prolog one solves in its 10th (planlog compare maps/tutorial.txt --level 2 --algo iddfs --max-nodes 10)
    await page.click('.preset[data-id="tutorial-2"]');
    await page.selectOption('#algo', 'iddfs');
    await page.fill('#max-nodes', '10');
    const c = await compareAnswer();
    expect([c.ts.status, c.prolog.status]).toEqual(['limit', 'solved']);
    expect(await page.textContent('#side-ts .side-error')).toBe('Stopped by a limit: node limit of 10 expanded nodes reached');
    expect(await page.isHidden(TS)).toBe(true);
    expect(await page.isHidden('#side-prolog .side-error')).toBe(true);
    expect(await page.textContent('#step-label')).toBe('step 0 of 4');
    await page.click('#next');
    expect(await playerAt(PROLOG)).toBe(target(c.prolog.plan[0], 8));
    await page.click('#last');
    expect(await page.getAttribute(PROLOG, 'data-step')).toBe('4');
    expect(await page.textContent('#side-ts .side-info')).toBe('');
    await page.screenshot({ path: `${outDir}compare-one-side.png`, fullPage: true });
    expect(t.errors).toEqual([]);
  }, 90_000);

  it('a domain without a board: each column shows the facts after the step', async () => {
    await page.click('#tab-domain');
    await page.selectOption('#domain-select', 'blocks');
    await page.selectOption('#algo', 'bfs');
    const c = await compareAnswer();
    expect(c.ts.status).toBe('solved');
    expect(await page.isHidden(TS)).toBe(true);
    await page.click('#next');
    for (const k of ['ts', 'prolog'] as const) {
      expect(await page.textContent(`#side-${k} .side-info`)).toContain(`step: 1. ${c[k].plan[0]}`);
      expect(await page.textContent(`#side-${k} .side-facts > div`)).toMatch(/^state after step 1 \(\d+ facts; goal \d+ of \d+\)$/);
      expect(await page.locator(`#side-${k} .side-facts .fact.added`).count()).toBeGreaterThan(0);
    }
    expect(t.errors).toEqual([]);
  }, 90_000);
});
