/// <reference lib="dom" />
/**
 * Authoring in a real browser (issue 16, item 4): the lint's warnings and
 * errors as marks in the domain editor (an underline at the place, the
 * message on hover) and as a list under the problem; the PDDL tab's round
 * trip through /api/pddl equal to `planlog pddl import|export`; downloads
 * of the plan as terms, LURD and PDDL equal to what the CLI writes; the
 * domain editor as wide as its panel, wrapping long lines. Screenshots go
 * to test-output/author-*.png.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { opnToPddl, pddlToOpn } from '../../src/pipeline/pddl.ts';
import { runMain } from '../cli/run-main.ts';
import { BAD_REQUEST, browserTests, hasChromium, outDir, runAndWait } from './browser-harness.ts';

const TYPO_DOMAIN = ['opn(move(From, To), [at(From), door(From, To)], [at(To)], [at(From)]).', 'opn(pick(B, R), [at(R), bal(B, R), free], [holding(B)], [ball(B, R), free]).', ''].join('\n');
const TYPO_PROBLEM = ['init([at(a), door(a, b), ball(x, a), free]).', 'goal([holding(x)]).', ''].join('\n');
const LAMPS_DOMAIN = readFileSync('examples/pddl/lamps/domain.pddl', 'utf8');
const LAMPS_PROBLEM = readFileSync('examples/pddl/lamps/problem.pddl', 'utf8');

describe.skipIf(!hasChromium)('the playground: authoring', () => {
  const t = browserTests();
  let page: Page;
  beforeEach(() => {
    page = t.page;
  });
  const text = async (sel: string): Promise<string> => (await page.textContent(sel))?.trim() ?? '';

  /** Replaces the domain editor's text (typed as one input, so no bracket is closed for us). */
  async function setDomain(p: Page, domain: string): Promise<void> {
    await p.click('#domain-editor .cm-content');
    await p.keyboard.press('Control+a');
    await p.keyboard.insertText(domain);
  }

  /** The file a click on `button` downloads, as text, and its suggested name. */
  async function download(button: string): Promise<{ name: string; text: string }> {
    const [d] = await Promise.all([page.waitForEvent('download'), page.click(button)]);
    const path = await d.path();
    return { name: d.suggestedFilename(), text: readFileSync(path, 'utf8') };
  }

  it('a typo in the domain: a yellow underline at its line and column with the lint message; the problem warning listed under it', async () => {
    await page.click('#tab-domain');
    await page.selectOption('#domain-select', 'robot');
    await page.fill('#problem-text', TYPO_PROBLEM);
    await setDomain(page, TYPO_DOMAIN);
    const mark = page.locator('#domain-editor .cm-lintRange-warning');
    await mark.first().waitFor();
    expect(await mark.count()).toBe(1);
    // line 2, column 25: the name bal
    expect(await mark.textContent()).toBe('bal');
    expect(await page.locator('#domain-editor .cm-line').nth(1).locator('.cm-lintRange-warning').count()).toBe(1);
    expect(await page.locator('#domain-editor .cm-lintRange-error').count()).toBe(0);
    await mark.hover();
    const tip = page.locator('.cm-tooltip-lint .cm-diagnostic-warning');
    await tip.waitFor();
    expect(await tip.textContent()).toContain('precondition bal(B,R) of pick(B,R) never holds: no operator adds bal/2 and no init fact has it, so pick(B,R) never applies');
    expect(await tip.textContent()).toContain('did you mean ball/2?');
    // the check's code is the diagnostic's source
    expect(await page.locator('.cm-tooltip-lint .cm-diagnosticSource').textContent()).toBe('unknown-precondition');
    // the problem's warning: listed under its text with line:col
    const item = page.locator('#problem-lint li');
    expect(await item.count()).toBe(1);
    expect(await item.textContent()).toBe('1:26 warning: init fact ball(x,a) is never used: no precondition reads ball/2 and no goal names it (did you mean bal/2?)');
    expect(await item.getAttribute('data-code')).toBe('unused-init');
    await page.screenshot({ path: `${outDir}author-lint.png`, fullPage: true });

    // fixing the typo removes both marks
    await setDomain(page, TYPO_DOMAIN.replace('bal(B, R), free]', 'ball(B, R), free]'));
    await page.waitForFunction(() => document.querySelectorAll('#domain-editor .cm-lintRange-warning').length === 0 && (document.querySelector('#problem-lint') as HTMLElement).hidden);
    expect(t.errors).toEqual([]);
  }, 60_000);

  it('a syntax error in the domain: a red underline at its line', async () => {
    await page.click('#tab-domain');
    await page.selectOption('#domain-select', 'robot');
    await setDomain(page, 'opn(move(A), [at(A)], [], [at(A)]).\nopn(stop(A), [at(A)] [], []).\n');
    const mark = page.locator('#domain-editor .cm-lintRange-error');
    await mark.first().waitFor();
    expect(await page.locator('#domain-editor .cm-line').nth(1).locator('.cm-lintRange-error').count()).toBe(1);
    await mark.first().hover();
    const tip = page.locator('.cm-tooltip-lint .cm-diagnostic-error .cm-diagnosticText');
    await tip.waitFor();
    const api = await t.server.app.inject({ method: 'POST', url: '/api/lint', payload: { domain: 'opn(move(A), [at(A)], [], [at(A)]).\nopn(stop(A), [at(A)] [], []).\n' } });
    expect(await tip.textContent()).toBe(api.json().error.message);
    expect(t.errors.every((e) => e === BAD_REQUEST)).toBe(true);
  }, 60_000);

  it('the domain editor takes its panel width and wraps long lines', async () => {
    await page.click('#tab-domain');
    await page.selectOption('#domain-select', 'robot');
    const long = `opn(move(From, To), [at(From), door(From, To)${', door(From, To)'.repeat(20)}], [at(To)], [at(From)]).\n`;
    await setDomain(page, long);
    const editor = await page.locator('#domain-editor .cm-editor').boundingBox();
    const panel = await page.locator('#input-panel').boundingBox();
    // as wide as the panel less its padding (0.8rem each side) and border
    expect(Math.round(panel!.width - editor!.width)).toBe(Math.round(2 * 0.8 * 16 + 2));
    // the one long line wraps: its .cm-line is taller than two text lines, and the scroller does not scroll sideways
    const line = await page.locator('#domain-editor .cm-line').first().boundingBox();
    const lineHeight = await page.evaluate(() => parseFloat(getComputedStyle(document.querySelector('#domain-editor .cm-line')!).lineHeight));
    expect(Math.round(line!.height / lineHeight)).toBeGreaterThanOrEqual(2);
    expect(await page.evaluate(() => { const s = document.querySelector('#domain-editor .cm-scroller')!; return s.scrollWidth - s.clientWidth; })).toBe(0);
    await page.screenshot({ path: `${outDir}author-wrap.png`, fullPage: true });
  }, 60_000);

  it('the PDDL tab: to opn gives the texts of pddl import, back to PDDL those of pddl export, "use this" solves them', async () => {
    await page.click('#tab-pddl');
    await page.fill('#pddl-domain', LAMPS_DOMAIN);
    await page.fill('#pddl-problem', LAMPS_PROBLEM);
    await page.click('#pddl-to-opn');
    await page.waitForFunction(() => (document.querySelector('#opn-domain') as HTMLTextAreaElement).value !== '');
    const imported = pddlToOpn({ file: '<domain>', text: LAMPS_DOMAIN }, { file: '<problem>', text: LAMPS_PROBLEM }, { domainFile: 'domain.pl', problemFile: 'problem.pl' });
    expect(await page.inputValue('#opn-domain')).toBe(imported.domain.text);
    expect(await page.inputValue('#opn-problem')).toBe(imported.problem!.text);
    // the CLI's import writes the same opn text (its header names the files it read)
    const cli = await runMain('pddl', 'import', 'examples/pddl/lamps/domain.pddl', 'examples/pddl/lamps/problem.pddl', '--out', `${outDir}author-import`);
    expect(cli.code).toBe(0);
    expect(await page.inputValue('#opn-domain')).toBe(readFileSync(`${outDir}author-import/domain.pl`, 'utf8').replace('examples/pddl/lamps/domain.pddl', '<domain>'));
    await page.screenshot({ path: `${outDir}author-pddl.png`, fullPage: true });

    await page.click('#pddl-to-pddl');
    const exported = opnToPddl({ file: '<domain>', text: imported.domain.text }, { file: '<problem>', text: imported.problem!.text, isProlog: true }, { domainName: 'domain', problemName: 'problem' });
    await page.waitForFunction((d) => (document.querySelector('#pddl-domain') as HTMLTextAreaElement).value === d, exported.domain.text);
    expect(await page.inputValue('#pddl-problem')).toBe(exported.problem!.text);

    // solving in the PDDL tab reads the PDDL directly
    await page.fill('#pddl-domain', LAMPS_DOMAIN);
    await page.fill('#pddl-problem', LAMPS_PROBLEM);
    await page.selectOption('#algo', 'bfs');
    await runAndWait(page, 'solve');
    const direct = JSON.parse((await runMain('solve', 'examples/pddl/lamps/domain.pddl', 'examples/pddl/lamps/problem.pddl', '--algo', 'bfs', '--json')).out);
    expect(await text('#verdict')).toBe(`Solved: ${direct.length} steps.`);
    expect(await page.locator('#plan li').allTextContents()).toEqual(direct.plan);

    // use this: the opn texts in the Domain & problem tab, solved there
    await page.click('#pddl-to-opn');
    await page.waitForFunction((d) => (document.querySelector('#opn-domain') as HTMLTextAreaElement).value === d, imported.domain.text);
    await page.click('#pddl-use');
    expect(await page.getAttribute('#tab-domain', 'aria-selected')).toBe('true');
    expect(await page.inputValue('#problem-text')).toBe(imported.problem!.text);
    expect(await text('#domain-select option:checked')).toBe('(from the PDDL tab)');
    await page.selectOption('#algo', 'bfs');
    await runAndWait(page, 'solve');
    expect(await text('#verdict')).toBe(`Solved: ${direct.length} steps.`);
    expect(t.errors).toEqual([]);
  }, 90_000);

  it('a PDDL error is shown under the PDDL pane with its line:col', async () => {
    await page.click('#tab-pddl');
    await page.fill('#pddl-domain', '(define (domain d)\n  (:predicates (p ?x))\n  (:action a :parameters (?x) :precondition (p ?y) :effect (p ?x)))\n');
    await page.click('#pddl-to-opn');
    await page.waitForSelector('#pddl-error:not([hidden])');
    expect(await text('#pddl-error')).toBe('domain 3:48: unknown variable ?y in the precondition of action a (not a parameter)');
    expect(t.errors.every((e) => e === BAD_REQUEST)).toBe(true);
  }, 60_000);

  it('downloads: the plan as terms, LURD and PDDL equal what the CLI writes; the domain and problem as shown', async () => {
    await page.click('.preset[data-id="tutorial-2"]');
    await page.selectOption('#algo', 'bfs');
    await runAndWait(page, 'solve');
    expect(await page.isVisible('#plan-downloads')).toBe(true);
    const cli = JSON.parse((await runMain('solve', 'maps/tutorial.txt', '--level', '2', '--algo', 'bfs', '--json')).out);
    const terms = await download('#dl-plan');
    expect(terms).toEqual({ name: 'plan.txt', text: cli.plan.map((s: string) => `${s}\n`).join('') });
    const lurd = await download('#dl-lurd');
    expect(lurd).toEqual({ name: 'plan.lurd', text: `${cli.lurd}\n` });
    const pddl = await download('#dl-pddl-plan');
    const cliPddl = await runMain('solve', 'maps/tutorial.txt', '--level', '2', '--algo', 'bfs', '--plan-format', 'pddl');
    expect(pddl).toEqual({ name: 'sas_plan.txt', text: cliPddl.out });
    expect(pddl.text.split('\n')[0]).toMatch(/^\((move|push)-[udlr] x\d+y\d+ x\d+y\d+( x\d+y\d+)?\)$/);
    const level = await download('#dl-level');
    expect(level.text).toBe(await page.inputValue('#level-text'));

    await page.click('#tab-domain');
    await page.selectOption('#domain-select', 'robot');
    expect(await download('#dl-domain')).toEqual({ name: 'robot.pl', text: readFileSync('domains/robot.pl', 'utf8') });
    const problem = await download('#dl-problem');
    expect(problem.text).toBe(await page.inputValue('#problem-text'));
    expect(problem.name).toMatch(/^robot-problem.*\.pl$/);
    await page.screenshot({ path: `${outDir}author-downloads.png`, fullPage: true });
    expect(t.errors).toEqual([]);
  }, 90_000);
});
