/// <reference lib="dom" />
/**
 * Share by URL (issue 16, item 5) in a real browser: the Share button puts
 * the whole page state in the link's fragment; opening that link in a new
 * page restores the editor text and every option and sends no solve
 * request; a preset link stays short and names the preset; a malformed or
 * cut-short link says so and shows the default page, with no script or
 * console error. Same set-up as browser-studio.test.ts; screenshots go to
 * test-output/share-*.png.
 */
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { inflateRawSync } from 'node:zlib';
import { browserTests, hasChromium, openPage, outDir } from './browser-harness.ts';

const LAMPS_DOMAIN = readFileSync('examples/pddl/lamps/domain.pddl', 'utf8');
const LAMPS_PROBLEM = readFileSync('examples/pddl/lamps/problem.pddl', 'utf8');
/** Links made by the page's encoder before links carried the PDDL tab, a domain of one's own and the trace limit (kept as literals: they must keep opening). */
const OLD_LEVEL_LINK = '#s=jeyJ2IjoxLCJtb2RlIjoibGV2ZWwiLCJwcmVzZXQiOiJ0dXRvcmlhbC03IiwiZG9tYWluIjoic29rb2JhbiIsImJhY2tlbmQiOiJ0cyIsImFsZ28iOiJpZGRmcyIsInRpbWVvdXQiOiI3Iiwib3B0aW9ucyI6eyJjeWNsZSI6ImFjdGlvbiJ9fQ';
const OLD_DOMAIN_LINK =
  '#s=zzZFBagMxDEWvIgQBDzgJXRWm18gu04U8VqYiHmuwndIScvfYk9BcoSv__76khf8Vv7F_szirZ-zR60wS0eKSOHOppFyKJqGwfa_0GfeY1GlZx9QFnv82835Ntk--W8Jr6MA_7eAGDl8MiT04CgEkg0RIqjPQB7gkcQIpUPTB3G6IEqWYo1dNhiy4zsKqnQWqmoppTztm6tUHPCXmz67uTkrBHF-h61Y8xA1QBA0egsSz_W9maB04Gs8cfSshV0th0qrF-1OzRWbWS_vR1owuRTRm7K84_o6hdUljQ3i73QE';
const OLD_DOMAIN_PROBLEM = `% The red ball is in room a; bring it to room b.\ninit([door(a, b), door(b, a), at(a), ball(red, a), free]).\ngoal([ball(red, b)]).\n\n% ${'an old link, '.repeat(12)}\n`;

/** Presses Solve and returns the bodies the page posted to /api/solve, once the verdict is shown. */
async function solveBodies(page: Page): Promise<Record<string, unknown>[]> {
  const sent: Record<string, unknown>[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/solve')) sent.push(JSON.parse(r.postData() ?? '{}') as Record<string, unknown>);
  });
  await page.click('#solve');
  await page.waitForFunction(() => (document.querySelector('#verdict')?.textContent ?? '') !== '');
  return sent;
}

describe.skipIf(!hasChromium)('the playground: share by URL', () => {
  const t = browserTests();
  let page: Page;
  beforeEach(() => {
    page = t.page;
  });

  /** A new page opened on `url`, with the solve requests and errors it makes, once its start is over. */
  const open = async (url: string): Promise<{ page: Page; solves: string[]; errors: string[] }> => {
    const solves: string[] = [];
    const { page: p, errors } = await openPage(t.browser, url, (r) => {
      if (/\/api\/(solve|compare|trace)$/.test(r.url())) solves.push(r.url());
    });
    await p.waitForFunction(() => /^(opened a shared link|ready|the link)/.test(document.querySelector('#status')?.textContent ?? ''));
    return { page: p, solves, errors };
  };
  const share = async (): Promise<string> => {
    // emptied first: the box of an earlier Share is still shown, and the new link is written once it is encoded
    await page.$eval('#share-link', (e) => ((e as HTMLInputElement).value = ''));
    await page.click('#share');
    await page.waitForFunction(() => !(document.querySelector('#share-row') as HTMLElement).hidden && (document.querySelector('#share-link') as HTMLInputElement).value !== '');
    return page.inputValue('#share-link');
  };
  const levelText = (p: Page): Promise<string> => p.inputValue('#level-text');
  const defaultLevel = async (): Promise<string> => {
    const fresh = await open(t.home);
    const text = await levelText(fresh.page);
    await fresh.page.close();
    return text;
  };

  it('round trip: an edited level and every option come back, and nothing is solved', async () => {
    await page.click('.preset[data-id="tutorial-2"]');
    const edited = '#########\n#@  $  .#\n#########\n';
    await page.fill('#level-text', edited);
    await page.selectOption('#algo', 'wastar');
    await page.fill('#more-options [data-field="weight"] input', '3');
    await page.selectOption('#more-options [data-field="cycle"] select', 'action');
    await page.check('#more-options [data-field="strict"] input');
    await page.fill('#timeout', '7');
    await page.fill('#max-nodes', '5000');
    const url = await share();
    expect(url.startsWith(`${t.home}#s=`)).toBe(true);
    // the address bar shows the link too
    expect(page.url()).toBe(url);
    expect(await page.textContent('#status')).toMatch(/^(link copied|the link is below) \(\d+ characters\)/);

    const o = await open(url);
    expect(await o.page.textContent('#status')).toBe('opened a shared link: maps/tutorial.txt, level 2 (edited): press Solve');
    expect(await levelText(o.page)).toBe(edited);
    expect(await o.page.inputValue('#algo')).toBe('wastar');
    expect(await o.page.inputValue('#backend')).toBe('ts');
    expect(await o.page.inputValue('#more-options [data-field="weight"] input')).toBe('3');
    expect(await o.page.inputValue('#more-options [data-field="cycle"] select')).toBe('action');
    expect(await o.page.isChecked('#more-options [data-field="strict"] input')).toBe(true);
    expect(await o.page.inputValue('#timeout')).toBe('7');
    expect(await o.page.inputValue('#max-nodes')).toBe('5000');
    expect(await o.page.getAttribute('.preset.chosen', 'data-id')).toBe('tutorial-2');
    // the grid shows the shared level: 9 × 3 squares drawn from it (plus the spare row and column)
    expect(await o.page.locator('#grid .box').count()).toBe(1);
    expect(await o.page.isHidden('#replay')).toBe(false);
    expect(await o.page.locator('#plan li').count()).toBe(0);
    await o.page.screenshot({ path: `${outDir}share-round-trip.png`, fullPage: true });
    expect(o.solves).toEqual([]);
    // Solve runs only when asked, with the shared options
    expect(await solveBodies(o.page)).toEqual([{ level: edited, algo: 'wastar', weight: 3, cycle: 'action', strict: true, timeout: 7, maxNodes: 5000 }]);
    expect(await o.page.textContent('#verdict')).toBe('Solved: 5 steps.');
    expect(o.errors).toEqual([]);
    expect(t.errors).toEqual([]);
    await o.page.close();
  }, 90_000);

  it('a preset link names the preset, is short, and restores the domain tab with an edited problem', async () => {
    await page.click('.preset[data-id="tutorial-7"]');
    await page.selectOption('#backend', 'prolog');
    await page.selectOption('#algo', 'iddfs');
    const presetUrl = await share();
    // short enough for a slide: plain JSON, not compressed
    expect(presetUrl).toMatch(/#s=j[A-Za-z0-9_-]+$/);
    expect(JSON.parse(Buffer.from(presetUrl.slice(presetUrl.indexOf('#s=') + 4), 'base64url').toString())).toEqual({
      v: 1,
      mode: 'level',
      preset: 'tutorial-7',
      domain: 'sokoban',
      backend: 'prolog',
      algo: 'iddfs',
      timeout: '10',
    });
    const o = await open(presetUrl);
    expect(await o.page.textContent('#status')).toBe('opened a shared link: maps/tutorial.txt, level 7: press Solve');
    const presetText = await page.inputValue('#level-text');
    expect(await levelText(o.page)).toBe(presetText);
    expect(await o.page.inputValue('#backend')).toBe('prolog');
    expect(await o.page.inputValue('#algo')).toBe('iddfs');
    // "next level" works as after a click on the preset
    expect(await o.page.isVisible('#next-level')).toBe(true);
    expect(o.solves).toEqual([]);
    expect(o.errors).toEqual([]);
    await o.page.close();

    // a domain and an edited problem: a long text, so the link is compressed
    await page.click('#tab-domain');
    await page.selectOption('#domain-select', 'robot');
    const problem = `${await page.inputValue('#problem-text')}\n% ${'edited for the slide, '.repeat(8)}\n`;
    await page.fill('#problem-text', problem);
    const url = await share();
    expect(url).toMatch(/#s=z[A-Za-z0-9_-]+$/);
    const d = await open(url);
    expect(await d.page.textContent('#status')).toMatch(/^opened a shared link: domains\/robot\.pl with domains\/robot[^ ]*\.pl \(edited\): press Solve$/);
    expect(await d.page.getAttribute('#tab-domain', 'aria-selected')).toBe('true');
    expect(await d.page.inputValue('#domain-select')).toBe('robot');
    expect(await d.page.inputValue('#problem-text')).toBe(problem);
    expect(d.solves).toEqual([]);
    expect(d.errors).toEqual([]);
    await d.page.screenshot({ path: `${outDir}share-domain.png`, fullPage: true });
    await d.page.close();
  }, 90_000);

  it('the PDDL tab\'s texts, a domain brought in with "use this" (its text) and the Search view\'s limit come back; nothing runs', async () => {
    await page.click('.preset[data-id="tutorial-2"]');
    await page.click('#tab-pddl');
    await page.fill('#pddl-domain', LAMPS_DOMAIN);
    await page.fill('#pddl-problem', LAMPS_PROBLEM);
    await page.click('#pddl-to-opn');
    await page.waitForFunction(() => (document.querySelector('#opn-domain') as HTMLTextAreaElement).value !== '');
    // the opn texts the PDDL tab translated: what "use this" brings in
    const opn = { domain: await page.inputValue('#opn-domain'), problem: await page.inputValue('#opn-problem') };
    expect(opn.domain).toMatch(/^(%.*\n)*opn\(/m);
    await page.click('#pddl-use');
    expect(await page.getAttribute('#tab-domain', 'aria-selected')).toBe('true');
    await page.selectOption('#algo', 'bfs');
    await page.fill('#trace-limit', '17');
    const ownUrl = await share();

    const o = await open(ownUrl);
    expect(await o.page.textContent('#status')).toBe('opened a shared link: a domain of its own with its problem: press Solve');
    expect(await o.page.getAttribute('#tab-domain', 'aria-selected')).toBe('true');
    expect(await o.page.inputValue('#domain-select')).toBe('own');
    expect(await o.page.locator('#domain-editor .cm-line').first().textContent()).toBe(opn.domain.split('\n')[0]);
    expect(await o.page.inputValue('#problem-text')).toBe(opn.problem);
    expect(await o.page.inputValue('#pddl-domain')).toBe(LAMPS_DOMAIN);
    expect(await o.page.inputValue('#pddl-problem')).toBe(LAMPS_PROBLEM);
    expect(await o.page.inputValue('#trace-limit')).toBe('17');
    expect(await o.page.inputValue('#algo')).toBe('bfs');
    expect(o.solves).toEqual([]);
    // Solve sends the domain of its own, as the page that made the link did
    expect(await solveBodies(o.page)).toEqual([{ problem: opn.problem, domain: opn.domain, algo: 'bfs', timeout: 10 }]);
    expect(await o.page.textContent('#verdict')).toMatch(/^Solved: \d+ steps?\.$/);
    await o.page.screenshot({ path: `${outDir}share-own-domain.png`, fullPage: true });
    expect(o.errors).toEqual([]);
    await o.page.close();

    // the PDDL tab itself: the tab and its texts
    await page.click('#tab-pddl');
    const pddlUrl = await share();
    const q = await open(pddlUrl);
    expect(await q.page.textContent('#status')).toBe("opened a shared link: the PDDL tab's domain and problem: press Solve");
    expect(await q.page.getAttribute('#tab-pddl', 'aria-selected')).toBe('true');
    expect(await q.page.isVisible('#pddl-pane')).toBe(true);
    expect(await q.page.inputValue('#pddl-domain')).toBe(LAMPS_DOMAIN);
    expect(await q.page.inputValue('#pddl-problem')).toBe(LAMPS_PROBLEM);
    expect(await q.page.inputValue('#trace-limit')).toBe('17');
    expect(q.solves).toEqual([]);
    expect(q.errors).toEqual([]);
    await q.page.close();

    // the server's default limit (50) is not carried
    await page.click('#tab-level');
    await page.fill('#trace-limit', '50');
    const plain = await share();
    const body = plain.slice(plain.indexOf('#s=') + 4);
    const bytes = Buffer.from(body, 'base64url');
    const state = JSON.parse((plain[plain.indexOf('#s=') + 3] === 'z' ? inflateRawSync(bytes) : bytes).toString()) as Record<string, unknown>;
    expect(state.mode).toBe('level');
    expect(state.traceLimit).toBeUndefined();
    expect(state.pddlDomain).toBe(LAMPS_DOMAIN);
    expect(t.errors).toEqual([]);
  }, 120_000);

  it('links made before the PDDL tab was shared (a level with options; a domain with an edited problem, compressed) open as before', async () => {
    const o = await open(`${t.home}${OLD_LEVEL_LINK}`);
    expect(await o.page.textContent('#status')).toBe('opened a shared link: maps/tutorial.txt, level 7: press Solve');
    expect(await o.page.getAttribute('.preset.chosen', 'data-id')).toBe('tutorial-7');
    expect(await o.page.inputValue('#algo')).toBe('iddfs');
    expect(await o.page.inputValue('#more-options [data-field="cycle"] select')).toBe('action');
    expect(await o.page.inputValue('#timeout')).toBe('7');
    expect(await o.page.getAttribute('#tab-level', 'aria-selected')).toBe('true');
    // no limit in an old link: the server's default
    expect(await o.page.inputValue('#trace-limit')).toBe('50');
    expect(await o.page.inputValue('#pddl-domain')).toBe('');
    expect(o.solves).toEqual([]);
    expect(o.errors).toEqual([]);
    await o.page.close();
    const d = await open(`${t.home}${OLD_DOMAIN_LINK}`);
    expect(await d.page.textContent('#status')).toBe('opened a shared link: domains/robot.pl with domains/robot-problem.pl (edited): press Solve');
    expect(await d.page.getAttribute('#tab-domain', 'aria-selected')).toBe('true');
    expect(await d.page.inputValue('#domain-select')).toBe('robot');
    expect(await d.page.inputValue('#problem-text')).toBe(OLD_DOMAIN_PROBLEM);
    expect(d.solves).toEqual([]);
    expect(d.errors).toEqual([]);
    await d.page.close();
  }, 90_000);

  it('a broken or cut-short link says so and shows the default page, with no error', async () => {
    await page.click('.preset[data-id="tutorial-2"]');
    await page.fill('#level-text', `#########\n#@  $  .#\n#########\n${';'.repeat(200)}\n`);
    const good = await share();
    expect(good).toMatch(/#s=z/);
    const home = await defaultLevel();
    const cases: [string, string][] = [
      [good.slice(0, good.length - 12), 'the link is damaged or cut short (its compressed part does not unpack): showing the default page instead'],
      [`${t.home}#s=j${Buffer.from('{"v":1,"mode":"lev').toString('base64url')}`, 'the link is damaged or cut short (its text is no complete page state): showing the default page instead'],
      [`${t.home}#s=j!!`, 'the link is damaged (it has characters or a length no shared link has): showing the default page instead'],
      [`${t.home}#s=q123`, 'the link is damaged (unknown format): showing the default page instead'],
      [`${t.home}#s=j${Buffer.from('{"v":2,"mode":"level"}').toString('base64url')}`, 'the link is damaged: unknown version 2 (this page reads version 1): showing the default page instead'],
      [`${t.home}#s=j${Buffer.from('{"v":1,"mode":"level","preset":"nowhere-3"}').toString('base64url')}`, 'the link names a preset this server does not have (nowhere-3): showing the default page instead'],
      [`${t.home}#s=j${Buffer.from('{"v":1,"mode":"level","level":"#@$.#","algo":"teleport"}').toString('base64url')}`, 'the link names an unknown strategy (teleport): showing the default page instead'],
    ];
    for (const [url, message] of cases) {
      const o = await open(url);
      expect(await o.page.textContent('#status')).toBe(message);
      expect(await o.page.getAttribute('#status', 'data-kind')).toBe('error');
      expect(await levelText(o.page)).toBe(home);
      expect(await o.page.inputValue('#algo')).toBe('');
      expect(await o.page.inputValue('#timeout')).toBe('10');
      expect(o.solves).toEqual([]);
      expect(o.errors).toEqual([]);
      if (url === cases[0][0]) await o.page.screenshot({ path: `${outDir}share-broken.png`, fullPage: true });
      await o.page.close();
    }
  }, 120_000);
});
