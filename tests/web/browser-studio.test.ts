/// <reference lib="dom" />
/**
 * The playground's teaching-studio fixes in a real browser (issue 16):
 * no stale or misleading state after an error, an unsolvable level or a
 * limit; inline SVG icons; hand play with redo, restart, click-to-walk and
 * next level; the option panel generated from GET /api/options; the plan
 * list following the replay; boards sized to their panel. Same set-up
 * as browser.test.ts (playwright-core driving Debian's chromium, skipped
 * where there is none); screenshots go to test-output/studio-*.png.
 */
import { SWITCH_OPTIONS } from '../../src/plugins/sokoban/switches.ts';
import type { Page } from 'playwright-core';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BAD_REQUEST, browserTests, hasChromium, outDir, runAndWait } from './browser-harness.ts';

describe.skipIf(!hasChromium)('the playground as a teaching studio', () => {
  const t = browserTests((r) => {
    if (r.url().endsWith('/api/solve')) solveBodies.push(JSON.parse(r.postData() ?? '{}') as Record<string, unknown>);
  });
  let home: string;
  let page: Page;
  let errors: string[];
  /** The JSON bodies the page sent to /api/solve (this test's). */
  let solveBodies: Record<string, unknown>[] = [];
  beforeAll(() => {
    home = t.home;
  });
  beforeEach(() => {
    page = t.page;
    errors = t.errors;
    solveBodies = [];
  });

  const text = async (sel: string): Promise<string> => (await page.textContent(sel)) ?? '';
  const solveAndWait = (): Promise<void> => runAndWait(page, 'solve');

  it('a level error after a solved plan leaves no replay, plan or verdict of the old plan', async () => {
    await page.click('.preset[data-id="tutorial-1"]');
    await solveAndWait();
    expect(await text('#verdict')).toBe('Solved: 1 step.');
    expect(await page.isVisible('#replay')).toBe(true);
    expect(await page.locator('#plan li').count()).toBe(1);
    expect(await text('#status')).toMatch(/^solved in \d+\.\d\d s \(round trip\)$/);
    // a broken level: the error next to the text, nothing of the old plan
    await page.fill('#level-text', '#####\n#@$.#\n#   \n#####\n');
    await solveAndWait();
    expect(await text('#level-error')).toMatch(/^line 2, column \d+: /);
    expect(await page.isHidden('#replay')).toBe(true);
    expect(await page.locator('#plan li').count()).toBe(0);
    expect(await text('#verdict')).toBe('');
    expect(await text('#ops-used')).toBe('');
    expect(await page.isHidden('#lurd-row')).toBe(true);
    await page.screenshot({ path: `${outDir}studio-level-error.png`, fullPage: true });
    await expect.poll(() => errors).toEqual([BAD_REQUEST]);
  }, 60_000);

  it('"No plan exists" and "Stopped by a limit" are said as such, with no replay', async () => {
    await page.click('.preset[data-id="tutorial-7"]');
    await solveAndWait();
    expect(await text('#verdict')).toMatch(/^Solved: \d+ steps\.$/);
    // a box in a corner off its goal
    await page.fill('#level-text', '#####\n#@ .#\n#  $#\n#####\n');
    await page.selectOption('#algo', 'bfs');
    await solveAndWait();
    expect(await text('#verdict')).toMatch(/^No plan exists/);
    expect(await text('#status')).toMatch(/^no plan exists \(answered in \d+\.\d\d s \(round trip\)\)$/);
    expect(await page.getAttribute('#status', 'data-kind')).toBe('error');
    expect(await page.isHidden('#replay')).toBe(true);
    expect(await page.locator('#plan li').count()).toBe(0);
    // a node limit of 1 on tutorial 7
    await page.click('.preset[data-id="tutorial-7"]');
    await page.selectOption('#algo', 'bfs');
    await page.fill('#max-nodes', '1');
    await solveAndWait();
    expect(await text('#verdict')).toMatch(/^Stopped by a limit/);
    expect(await text('#status')).toMatch(/^stopped by a limit \(nodes\) after \d+\.\d\d s \(round trip\): no plan found$/);
    expect(await page.isHidden('#replay')).toBe(true);
    expect(await text('#status')).not.toContain('solved');
    expect(errors).toEqual([]);
  }, 60_000);

  it('"operators used" links into the domain that solved the plan, not the one the editor shows', async () => {
    await page.click('#tab-domain');
    await page.selectOption('#domain-select', 'robot');
    await page.click('#tab-level');
    await page.click('.preset[data-id="tutorial-1"]');
    await solveAndWait();
    expect(await text('#verdict')).toBe('Solved: 1 step.');
    const link = page.locator('#ops-used button').first();
    expect(await link.textContent()).toMatch(/^(move|push)[UDLR] ×\d \(line \d+\)$/);
    const line = Number(await link.getAttribute('data-line'));
    expect(line).toBeGreaterThan(0);
    await link.click();
    expect(await page.inputValue('#domain-select')).toBe('sokoban');
    // the selected line (CodeMirror's active line) is the operator's
    expect(await text('#domain-editor .cm-activeLine')).toMatch(/^opn\(\s*(move|push)[UDLR]/);
    expect(await text('#status')).toMatch(/^the domain editor shows the domain that solved this plan/);
    expect(errors).toEqual([]);
  }, 60_000);

  it('icons are inline SVGs: no emoji or symbol characters a font may lack', async () => {
    await page.click('.preset[data-id="tutorial-7"]');
    await page.selectOption('#algo', 'bfs');
    await solveAndWait();
    const icons = await page.locator('#replay .replay-controls:not(#hand-controls) button svg').evaluateAll((els) => els.map((e) => e.getAttribute('data-icon')));
    expect(icons).toEqual(['first', 'prev', 'play', 'next', 'last']);
    await page.selectOption('#speed', '1000');
    await page.click('#play');
    expect(await page.getAttribute('#play svg', 'data-icon')).toBe('pause');
    expect(await page.getAttribute('#play', 'aria-label')).toBe('pause');
    await page.click('#play');
    expect(await page.getAttribute('#play svg', 'data-icon')).toBe('play');
    // no character of the emoji or "miscellaneous technical" blocks, nor the triangles ▶ ◀, in the text or the style sheet's generated content
    const found = await page.evaluate(() => {
      // (CodeMirror's completion icons: checked below as drawn)
      const css = Array.from(document.styleSheets).flatMap((s) => Array.from(s.cssRules).map((r) => r.cssText)).filter((r) => !r.includes('cm-completionIcon-keyword')).join('\n');
      return [...(document.body.innerText + css)].filter((c) => /[\u2300-\u23ff\u25b6\u25c0\u2b00-\u2bff]|\p{Extended_Pictographic}/u.test(c) && !'✓★'.includes(c));
    });
    expect(found).toEqual([]);
    const keywordIcon = await page.evaluate(() => {
      const tip = document.createElement('div');
      tip.className = 'cm-tooltip-autocomplete';
      const i = document.createElement('div');
      i.className = 'cm-completionIcon cm-completionIcon-keyword';
      tip.append(i);
      document.querySelector('#domain-editor .cm-editor')!.append(tip);
      const content = getComputedStyle(i, '::after').content;
      tip.remove();
      return content;
    });
    expect(keywordIcon).toBe('"k"');
    // the busy mark is an SVG spinner, shown only while a request runs
    expect(await page.isHidden('#busy')).toBe(true);
    await page.screenshot({ path: `${outDir}studio-icons.png`, fullPage: true });
    expect(errors).toEqual([]);
  }, 60_000);

  it('hand play: click a square to walk there, undo, redo, restart; the validator confirms', async () => {
    await page.click('.preset[data-id="tutorial-2"]'); // ########/#@  $ .#/########: 8 wide, the player at x1 y1
    expect(await page.isDisabled('#hand-undo')).toBe(true);
    expect(await page.isDisabled('#hand-redo')).toBe(true);
    await page.click('#board .sq[data-p="11"]'); // x3 y1: two squares right
    expect(await text('#status')).toBe('by hand: rr');
    expect(await text('#step-label')).toBe('by hand: 2 moves, 0 pushes');
    expect(await page.getAttribute('#board .sq[data-p="11"]', 'class')).toBe('sq player');
    await page.click('#board .sq[data-p="12"]'); // the box: no walk (walking never pushes)
    expect(await text('#status')).toBe('no walk there: a wall or a box is in the way (walking never pushes)');
    await page.click('#board .sq[data-p="14"]'); // the goal behind the box
    expect(await text('#status')).toBe('no walk there: a wall or a box is in the way (walking never pushes)');
    await page.focus('#board');
    await page.keyboard.press('ArrowRight'); // a push
    expect(await text('#step-label')).toBe('by hand: 3 moves, 1 push');
    await page.click('#hand-undo');
    expect(await text('#status')).toBe('by hand: rr');
    expect(await page.isDisabled('#hand-redo')).toBe(false);
    await page.click('#hand-redo');
    expect(await text('#status')).toBe('by hand: rrR');
    expect(await page.isDisabled('#hand-redo')).toBe(true);
    await page.click('#hand-restart');
    expect(await text('#step-label')).toBe('by hand: 0 moves, 0 pushes');
    expect(await page.getAttribute('#board .sq[data-p="9"]', 'class')).toBe('sq player');
    expect(await page.isDisabled('#hand-undo')).toBe(true);
    // the keys: y redoes all three, then one more push solves it
    await page.focus('#board');
    for (let i = 0; i < 3; i++) await page.keyboard.press('y');
    expect(await text('#status')).toBe('by hand: rrR');
    await page.keyboard.press('r'); // restart
    expect(await text('#step-label')).toBe('by hand: 0 moves, 0 pushes');
    await page.click('#board .sq[data-p="11"]');
    await page.focus('#board');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => /solved by hand/.test(document.querySelector('#status')?.textContent ?? ''));
    expect(await text('#status')).toBe('solved by hand in 4 moves — the validator agrees (LURD rrRR)');
    await page.screenshot({ path: `${outDir}studio-hand.png`, fullPage: true });
    expect(errors).toEqual([]);
  }, 60_000);

  it('"next level" steps through a collection (a preset file, an upload) and is hidden at its end', async () => {
    await page.click('.preset[data-id="tutorial-2"]');
    expect(await page.isVisible('#next-level')).toBe(true);
    await page.click('#next-level');
    expect(await page.getAttribute('.preset.chosen', 'data-id')).toBe('tutorial-3');
    expect(await page.inputValue('#level-text')).toBe(' #####\n##   #\n#@$  #\n## # #\n #  .#\n #####\n');
    const last = await page.locator('.preset[data-id^="tutorial-"]').last().getAttribute('data-id');
    await page.click(`.preset[data-id="${last}"]`);
    expect(await page.isHidden('#next-level')).toBe(true);
    // an uploaded collection of two
    const collection = '; First\n#####\n#@$.#\n#####\n\n; Second\n######\n#@ $.#\n######\n';
    await page.setInputFiles('#upload', { name: 'two.txt', mimeType: 'text/plain', buffer: Buffer.from(collection) });
    await page.waitForFunction(() => !document.querySelector('#upload-levels')?.hasAttribute('hidden'));
    expect(await page.isVisible('#next-level')).toBe(true);
    await page.click('#next-level');
    expect(await page.inputValue('#level-text')).toBe('######\n#@ $.#\n######\n');
    expect(await page.inputValue('#upload-levels')).toBe('2');
    expect(await page.isHidden('#next-level')).toBe(true);
    expect(errors).toEqual([]);
  }, 60_000);

  /** The generated option controls shown: their flags. */
  const shownOptions = (): Promise<string[]> => page.locator('#more-options label.opt:not([hidden]) code').allTextContents();

  it('every option of /api/options is in the panel, with its help, for the strategy and backend it applies to', async () => {
    const api = (await (await page.request.get(`${home}api/options`)).json()) as { options: { name: string; help: string }[]; strategies: { name: string; options: { name: string; help: string; default?: unknown }[] }[] };
    await page.click('.preset[data-id="tutorial-7"]');
    // the default strategy for a level (auto) takes options of its Sokoban preset (--improve and the push-level search's switches); the Prolog backend's are hidden with ts
    expect(await shownOptions()).toEqual([...SWITCH_OPTIONS.map((o) => `--${o.name}`), '--improve', '--cycle', '--prune', '--preprocess', '--strict']);
    expect(await page.isHidden('#more-options label[data-field="engine"]')).toBe(true);
    await page.selectOption('#algo', 'wastar');
    expect(await shownOptions()).toEqual(['--weight', '--cycle', '--prune', '--preprocess', '--strict']);
    expect(await page.getAttribute('#more-options [data-field="weight"] input', 'placeholder')).toBe('default 2');
    expect(await page.getAttribute('#more-options label[data-field="weight"]', 'title')).toBe('wastar: f = g + W·h');
    await page.selectOption('#algo', 'gbfs');
    expect(await shownOptions()).toEqual(['--lazy', '--preferred', '--cycle', '--prune', '--preprocess', '--strict']);
    expect(await page.getAttribute('#more-options [data-field="lazy"] input', 'type')).toBe('checkbox');
    await page.selectOption('#algo', 'beam');
    expect(await shownOptions()).toEqual(['--width', '--temperature', '--seed', '--cycle', '--prune', '--preprocess', '--strict']);
    // every strategy's every option and every common one (but those with their own control) is there, with its help
    for (const st of api.strategies) {
      await page.selectOption('#algo', st.name);
      for (const o of st.options) {
        expect(await page.getAttribute(`#more-options label[data-field][data-strategy="${st.name}"]:has(code:text-is("--${o.name}"))`, 'title')).toBe(`${st.name}: ${o.help}`);
      }
    }
    for (const o of api.options.filter((x) => !['algo', 'heuristic', 'backend', 'timeout', 'max-nodes'].includes(x.name))) {
      expect(await page.locator('#more-options label.opt code').allTextContents()).toContain(`--${o.name}`);
      expect(await page.textContent(`#more-options label:has(code:text-is("--${o.name}")) .hint`)).toBe(o.help);
    }
    // the Prolog backend: its theory and engine appear, the strategies shrink to those it runs
    await page.selectOption('#backend', 'prolog');
    expect(await shownOptions()).toEqual(['--cycle', '--prune', '--preprocess', '--theory', '--engine', '--strict']);
    expect(await page.locator('#more-options [data-field="engine"] select option').allTextContents()).toContain('tau');
    await page.screenshot({ path: `${outDir}studio-options.png`, fullPage: true });
    expect(errors).toEqual([]);
  }, 120_000);

  it('the options are sent as the API expects; an option error is shown next to its control', async () => {
    await page.click('.preset[data-id="tutorial-7"]');
    await page.selectOption('#algo', 'iddfs');
    await page.selectOption('#more-options [data-field="cycle"] select', 'action');
    await page.check('#more-options [data-field="tt"] input');
    await solveAndWait();
    expect(await text('#verdict')).toBe('Solved: 13 steps.');
    expect(solveBodies.at(-1)).toEqual({ level: expect.any(String), algo: 'iddfs', cycle: 'action', tt: true, timeout: 10 });
    // the value chosen stays when the strategy changes and comes back
    await page.selectOption('#algo', 'wastar');
    await page.fill('#more-options [data-field="weight"] input', '5000');
    await page.selectOption('#algo', 'bfs');
    expect(await page.locator('#more-options [data-field="weight"]').count()).toBe(0);
    await page.selectOption('#algo', 'wastar');
    expect(await page.inputValue('#more-options [data-field="weight"] input')).toBe('5000');
    await solveAndWait();
    expect(solveBodies.at(-1)).toEqual({ level: expect.any(String), algo: 'wastar', weight: 5000, cycle: 'action', timeout: 10 });
    expect(await text('#more-options [data-field="weight"] .error')).toBe('bad request: weight must be <= 1000');
    expect(await page.isVisible('#more-options [data-field="weight"] .error')).toBe(true);
    expect(await text('#status')).toBe('error: bad request: weight must be <= 1000');
    await page.fill('#more-options [data-field="weight"] input', '3');
    await solveAndWait();
    expect(await page.isHidden('#more-options [data-field="weight"] .error')).toBe(true);
    expect(solveBodies.at(-1)).toEqual({ level: expect.any(String), algo: 'wastar', weight: 3, cycle: 'action', timeout: 10 });
    expect(await text('#verdict')).toMatch(/^Solved: \d+ steps\.$/);
    await expect.poll(() => errors).toEqual([BAD_REQUEST]);
  }, 60_000);

  it('Esc after playing by hand says so in the header', async () => {
    await page.click('.preset[data-id="tutorial-2"]');
    await page.focus('#board');
    await page.keyboard.press('ArrowRight');
    expect(await text('#status')).toBe('by hand: r');
    await page.keyboard.press('Escape');
    expect(await text('#status')).toBe('back to the level');
    expect(await text('#step-label')).toBe('');
    expect(errors).toEqual([]);
  }, 30_000);

  /** The indexes of the highlighted rows of the plan list. */
  const currentRows = (): Promise<number[]> => page.$$eval('#plan li', (lis) => lis.flatMap((li, k) => (li.classList.contains('current') ? [k] : [])));
  const step = async (): Promise<number> => Number(await page.getAttribute('#board', 'data-step'));

  it('the plan list follows the replay: the current step highlighted and scrolled into view; a click on a row jumps there', async () => {
    await page.click('.preset[data-id="tutorial-9"]');
    await page.selectOption('#algo', 'bfs');
    await solveAndWait();
    expect(await text('#verdict')).toBe('Solved: 25 steps.');
    expect(await page.locator('#plan li').count()).toBe(25);
    expect(await currentRows()).toEqual([]);
    await page.click('#next');
    await page.click('#next');
    await page.click('#prev');
    expect(await step()).toBe(1);
    expect(await currentRows()).toEqual([0]); // row k is step k + 1
    await page.click('#plan li:nth-child(3)');
    expect(await step()).toBe(3);
    expect(await text('#step-label')).toBe('step 3 of 25');
    expect(await currentRows()).toEqual([2]);
    // the last step: its row (below the list's fold) scrolled into the list's view
    const inView = (): Promise<boolean> =>
      page.$eval('#plan', (list) => {
        const row = list.querySelector('li.current')!.getBoundingClientRect();
        const box = list.getBoundingClientRect();
        return row.top >= box.top && row.bottom <= box.bottom;
      });
    await page.click('#last');
    expect(await step()).toBe(25);
    expect(await currentRows()).toEqual([24]);
    expect(await page.$eval('#plan', (l) => l.scrollHeight > l.clientHeight && l.scrollTop > 0)).toBe(true);
    expect(await inView()).toBe(true);
    // scrubbing back to step 2: the list scrolls back up to its row
    await page.fill('#scrub', '2');
    expect(await currentRows()).toEqual([1]);
    expect(await inView()).toBe(true);
    // playing: the highlight moves with it
    await page.selectOption('#speed', '120');
    await page.click('#play');
    await page.waitForFunction(() => document.querySelector('#board')?.getAttribute('data-step') === '25', undefined, { timeout: 20_000 });
    expect(await currentRows()).toEqual([24]);
    expect(await inView()).toBe(true);
    await page.screenshot({ path: `${outDir}studio-plan-follows.png`, fullPage: true });
    expect(errors).toEqual([]);
  }, 60_000);

  /** A rectangle of walls `w` × `h` with the player, a box and a goal inside. */
  const walledLevel = (w: number, h: number): string => {
    const rows = Array.from({ length: h }, (_, y) => (y === 0 || y === h - 1 ? '#'.repeat(w) : `#${' '.repeat(w - 2)}#`));
    rows[1] = `#@$.${' '.repeat(w - 5)}#`;
    return `${rows.join('\n')}\n`;
  };
  /** The size of a board's first square, the board's and its panel's rectangles (the panel's inner edges), the window's height. */
  const measure = (board: string, panel: string) =>
    page.evaluate(
      ([b, p]) => {
        const board = document.querySelector(b)!;
        const panel = document.querySelector(p)!;
        const sq = board.querySelector('.sq')!.getBoundingClientRect();
        const r = board.getBoundingClientRect();
        const pr = panel.getBoundingClientRect();
        const pad = parseFloat(getComputedStyle(panel).paddingRight);
        return { cell: sq.width, cellHeight: sq.height, right: r.right, bottom: r.bottom, panelRight: pr.right - pad, scrolls: board.scrollWidth > board.clientWidth, windowHeight: innerHeight };
      },
      [board, panel],
    );

  it('the boards scale to their panel: a 20×20 level fits without scrolling, a 5×3 one stays at 40 px squares', async () => {
    await page.fill('#level-text', walledLevel(20, 20));
    expect(await page.locator('#board .sq').count()).toBe(400);
    const big = await measure('#board', '#result-panel');
    expect(big.cell).toBeGreaterThanOrEqual(14);
    expect(big.cell).toBeLessThanOrEqual(40);
    expect(big.cell).toBeLessThan(26); // smaller than the old fixed squares: 20 of them fill the panel's width
    expect(big.cellHeight).toBe(big.cell);
    expect(big.right).toBeLessThanOrEqual(big.panelRight);
    expect(big.bottom).toBeLessThanOrEqual(big.windowHeight);
    expect(big.scrolls).toBe(false);
    // the level editor's grid (one more row and column to grow the level) fits its panel too
    const grid = await measure('#grid', '#input-panel');
    expect(grid.cell).toBeGreaterThanOrEqual(14);
    expect(grid.cell).toBeLessThanOrEqual(40);
    expect(grid.right).toBeLessThanOrEqual(grid.panelRight);
    await page.screenshot({ path: `${outDir}studio-board-20x20.png`, fullPage: true });
    // a narrower window: the squares shrink with the panel
    await page.setViewportSize({ width: 1250, height: 950 });
    await expect.poll(async () => (await measure('#board', '#result-panel')).cell).toBeLessThan(big.cell);
    const narrow = await measure('#board', '#result-panel');
    expect(narrow.right).toBeLessThanOrEqual(narrow.panelRight);
    expect(narrow.cell).toBeGreaterThanOrEqual(14);
    await page.setViewportSize({ width: 1500, height: 950 });
    // a 5×3 level: the largest squares, not the panel's width
    await page.fill('#level-text', '#####\n#@$.#\n#####\n');
    await expect.poll(async () => (await measure('#board', '#result-panel')).cell).toBe(40);
    expect((await measure('#grid', '#input-panel')).cell).toBe(40);
    await page.screenshot({ path: `${outDir}studio-board-5x3.png`, fullPage: true });
    expect(errors).toEqual([]);
  }, 60_000);
});
