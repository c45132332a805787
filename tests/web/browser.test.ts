/// <reference lib="dom" />
/**
 * The playground in a real browser: playwright-core driving Debian's
 * chromium (installed by .ci/run; skipped where there is none). Pick a
 * preset, solve, step through the replay to the end (all boxes on goals),
 * see a broken level's located error, play by hand, cancel a long search.
 * Each test has a fresh page (its own browser context) and checks the
 * script errors and failed requests of that page. Writes a screenshot to
 * test-output/playground.png.
 */
import type { Page } from 'playwright-core';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PlaygroundServer } from '../../src/web/server.ts';
import { BAD_REQUEST, browserTests, hasChromium, outDir } from './browser-harness.ts';

describe.skipIf(!hasChromium)('the playground in chromium', () => {
  const t = browserTests();
  let server: PlaygroundServer;
  let home: string;
  let page: Page;
  let errors: string[];
  beforeAll(() => {
    server = t.server;
    home = t.home;
  });
  beforeEach(() => {
    page = t.page;
    errors = t.errors;
  });

  const boardCount = (cls: string): Promise<number> => page.locator(`#board .sq.${cls}`).count();

  it('two clicks: a preset, Solve; then the replay ends with every box on a goal', async () => {
    await page.click('.preset[data-id="tutorial-7"]');
    await page.click('#solve');
    await page.waitForFunction(() => document.querySelector('#verdict')?.textContent?.startsWith('Solved'));
    await page.waitForFunction(() => /^step 0 of \d+$/.test(document.querySelector('#step-label')?.textContent ?? '')); // the replay is loaded
    const length = await page.locator('#plan li').count();
    expect(length).toBeGreaterThanOrEqual(13); // auto is not optimal; tutorial 7 needs 13
    expect(await page.textContent('#lurd')).toHaveLength(length);
    expect(await boardCount('box')).toBe(2);
    expect(await boardCount('box-on-goal')).toBe(0);

    // step through the whole plan
    for (let i = 1; i <= length; i++) {
      await page.click('#next');
      expect(await page.getAttribute('#board', 'data-step')).toBe(String(i));
    }
    expect(await page.textContent('#step-label')).toBe(`step ${length} of ${length}`);
    expect(await boardCount('box')).toBe(0);
    expect(await boardCount('box-on-goal')).toBe(2);
    // the current step's operator with its matched preconditions
    expect(await page.textContent('#step-info')).toMatch(new RegExp(`step: ${length}\\. (move|push)[UDLR]\\(`));
    const info = (await page.textContent('#step-info')) ?? '';
    expect(info).toMatch(/operator: (move|push)[UDLR]\((Sok|From),[A-Za-z,]+\) \(domain line \d+\)/);
    expect(info).toMatch(/bindings: \w+ = x\d+y\d+/);
    expect(info).toMatch(/preconditions: ✓ (top|right)\(x\d+y\d+,x\d+y\d+\) \(static\)/);
    expect(info).toMatch(/adds: sokoban\(x\d+y\d+\)/);

    // scrub back to the start, then play to the end
    await page.locator('#scrub').fill('0');
    expect(await boardCount('box')).toBe(2);
    await page.selectOption('#speed', '120');
    await page.click('#play');
    await page.waitForFunction((n) => document.querySelector('#board')?.getAttribute('data-step') === String(n), length, { timeout: 10_000 });
    expect(await boardCount('box-on-goal')).toBe(2);

    await page.screenshot({ path: `${outDir}playground.png`, fullPage: true });
    expect(errors).toEqual([]);
  }, 60_000);

  it('a broken level shows its located error next to the text', async () => {
    await page.click('.preset[data-id="tutorial-1"]');
    await page.fill('#level-text', '#####\n#@$.#\n#   \n#####\n');
    await page.click('#solve');
    await page.waitForSelector('#level-error:not([hidden])');
    const msg = await page.textContent('#level-error');
    expect(msg).toMatch(/^line 2, column \d+: /);
    expect(await page.getAttribute('#level-error', 'data-line')).toBe('2');
    expect(await page.textContent('#status')).toMatch(/^error: /);
    // the one failed request is the broken level (the page may log it after showing the error)
    await expect.poll(() => errors).toEqual([BAD_REQUEST]);
  }, 30_000);

  it('the grid editor and the text stay in sync', async () => {
    await page.click('.preset[data-id="tutorial-1"]');
    expect(await page.inputValue('#level-text')).toBe('#####\n#@$.#\n#####\n');
    await page.click('#grid [data-x="3"][data-y="1"]'); // goal → box
    expect(await page.inputValue('#level-text')).toBe('#####\n#@$$#\n#####\n');
    await page.fill('#level-text', '#####\n#@$.#\n#####\n');
    expect(await page.getAttribute('#grid [data-x="3"][data-y="1"]', 'class')).toContain('goal');
    expect(errors).toEqual([]);
  });

  it('plays by hand with the arrow keys, with undo; the server confirms a solution', async () => {
    await page.click('.preset[data-id="tutorial-2"]');
    await page.focus('#board');
    const start = await page.locator('#board .sq').evaluateAll((els) => els.map((e) => e.className).join());
    await page.keyboard.press('ArrowUp'); // a wall: blocked
    expect(await page.textContent('#step-label')).toBe('by hand: 0 moves, 0 pushes');
    await page.keyboard.press('ArrowRight');
    expect(await page.textContent('#step-label')).toBe('by hand: 1 move, 0 pushes');
    await page.keyboard.press('u');
    expect(await page.locator('#board .sq').evaluateAll((els) => els.map((e) => e.className).join())).toBe(start);
    // solve it, then replay the LURD string by hand
    await page.click('#solve');
    await page.waitForFunction(() => /^step 0 of \d+$/.test(document.querySelector('#step-label')?.textContent ?? '')); // solved, replay loaded
    const lurd = (await page.textContent('#lurd')) ?? '';
    await page.focus('#board');
    const keys: Record<string, string> = { l: 'ArrowLeft', u: 'ArrowUp', r: 'ArrowRight', d: 'ArrowDown' };
    for (const c of lurd) await page.keyboard.press(keys[c.toLowerCase()]);
    await page.waitForFunction(() => /solved by hand/.test(document.querySelector('#status')?.textContent ?? ''));
    expect(await page.textContent('#status')).toContain(`solved by hand in ${lurd.length} moves — the validator agrees`);
    expect(errors).toEqual([]);
  }, 30_000);

  it('stays responsive during a long search, and Cancel stops it', async () => {
    await page.click('.preset[data-id="bench-1"]');
    await page.selectOption('#algo', 'iddfs'); // minutes on five boxes
    await page.fill('#timeout', '60');
    await page.click('#solve');
    await page.waitForFunction(() => document.querySelector('#status')?.getAttribute('data-kind') === 'busy');
    // the page still answers: the editor reacts while the server searches
    await page.click('#grid [data-x="0"][data-y="0"]');
    expect(await page.inputValue('#level-text')).toMatch(/^\.#/); // the wall cycles to a goal
    await page.click('#cancel');
    await page.waitForFunction(() => document.querySelector('#status')?.textContent === 'cancelled');
    expect(await page.isDisabled('#solve')).toBe(false);
    // the server frees the worker
    for (let i = 0; i < 100 && server.counters().running > 0; i++) await new Promise((r) => setTimeout(r, 50));
    expect(server.counters().running).toBe(0);
    expect(errors).toEqual([]);
  }, 30_000);

  it('domain & problem: a hand-written domain solves; a typo in it is shown at its line', async () => {
    await page.click('#tab-domain');
    await page.selectOption('#domain-select', 'blocks');
    await page.selectOption('#problem-select', 'domains/blocks-2.pl');
    await page.selectOption('#algo', 'bfs');
    await page.click('#solve');
    await page.waitForFunction(() => document.querySelector('#verdict')?.textContent?.startsWith('Solved'));
    expect(await page.textContent('#verdict')).toBe('Solved: 6 steps.');
    await page.waitForFunction(() => document.querySelector('#step-label')?.textContent === 'step 0 of 6'); // the replay is loaded
    expect(await page.isHidden('#board')).toBe(true); // no board for blocks
    await page.click('#next');
    expect(await page.textContent('#step-info')).toMatch(/operator: unstack\(X,Y\) \(domain line \d+\)/);
    // the state after the step: added facts marked, deleted ones struck through
    expect(await page.isVisible('#facts')).toBe(true);
    expect(await page.textContent('#facts > div')).toMatch(/^state after step 1 \(\d+ facts; goal 0 of 2\)$/);
    expect(await page.locator('#facts .fact.added').allTextContents()).toEqual(expect.arrayContaining(['holding(c)', 'clear(a)']));
    expect(await page.locator('#facts .fact.deleted').allTextContents()).toEqual(expect.arrayContaining(['on(c,a)', 'handempty']));
    // both backends, side by side
    await page.click('#compare');
    await page.waitForSelector('#compare-view:not([hidden])', { timeout: 20_000 });
    expect(await page.textContent('#verdict')).toMatch(/^The backends agree: both find valid 6-step plans/);
    expect(await page.locator('#compare-view tr').count()).toBe(7);
    // break the domain: drop a closing bracket on the first opn line
    const line = await page.evaluate(() => {
      const lines = Array.from(document.querySelectorAll('#domain-editor .cm-line')).map((l) => l.textContent ?? '');
      return lines.findIndex((l) => l.startsWith('opn(')) + 1;
    });
    await page.click(`#domain-editor .cm-line:nth-child(${line})`);
    await page.keyboard.press('End');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Backspace'); // ")." → nothing: the clause runs into the next one
    await page.click('#solve');
    await page.waitForSelector('#domain-error:not([hidden])');
    expect(await page.textContent('#domain-error')).toMatch(/^line \d+, column \d+: /);
    // the one failed request is the broken domain
    await expect.poll(() => errors).toEqual([BAD_REQUEST]);
  }, 30_000);

  it('uploads a collection and picks a level of it', async () => {
    const collection = '; First\n#####\n#@$.#\n#####\n\n; Second\n######\n#@ $.#\n######\n';
    await page.setInputFiles('#upload', { name: 'two.txt', mimeType: 'text/plain', buffer: Buffer.from(collection) });
    await page.waitForFunction(() => !document.querySelector('#upload-levels')?.hasAttribute('hidden'));
    expect(await page.inputValue('#level-text')).toBe('#####\n#@$.#\n#####\n');
    await page.selectOption('#upload-levels', '2');
    expect(await page.inputValue('#level-text')).toBe('######\n#@ $.#\n######\n');
    await page.click('#solve');
    await page.waitForFunction(() => /^step 0 of \d+$/.test(document.querySelector('#step-label')?.textContent ?? ''));
    expect(await page.textContent('#lurd')).toBe('rR');
    expect(errors).toEqual([]);
  }, 30_000);
});
