/// <reference lib="dom" />
/**
 * Compare side by side (issue 16, item 3, first part) in a real browser: a
 * column per backend with its engine named, the per-bound node counts as a
 * table (bound, ts nodes, prolog nodes, equal?) with the numbers of
 * `npx planlog compare maps/tutorial.txt --level 2 --json`, and a request
 * error shown in the Result panel and next to the control that caused it.
 * Screenshots go to test-output/compare-*.png.
 */
import type { Page } from 'playwright-core';
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
});
