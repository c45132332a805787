/// <reference lib="dom" />
/**
 * The set-up of the browser tests: a playground server on a free port, one
 * chromium (Debian's, installed by .ci/run; the tests skip where there is
 * none), and a fresh page per test that records its script errors and
 * failed requests. Screenshots go to test-output/.
 */
import { existsSync, mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page, type Request } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { createPlayground, type PlaygroundServer } from '../../src/web/server.ts';

export const CHROMIUM = process.env.PLANLOG_CHROMIUM ?? '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM);
export const outDir = fileURLToPath(new URL('../../test-output/', import.meta.url));
/** What the page logs for a request the server answers 400 (a broken level or domain). */
export const BAD_REQUEST = 'Failed to load resource: the server responded with a status of 400 (Bad Request)';

/** The state of the tests of one describe block: the server, its address, and the test's own page with its errors. */
export interface BrowserTests {
  server: PlaygroundServer;
  browser: Browser;
  home: string;
  page: Page;
  errors: string[];
}

/** A new page opened on `url`, recording its script errors and failed requests (and telling `onRequest` of every request). */
export async function openPage(browser: Browser, url: string, onRequest?: (r: Request) => void): Promise<{ page: Page; errors: string[] }> {
  const errors: string[] = [];
  const page = await browser.newPage({ viewport: { width: 1500, height: 950 } });
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  if (onRequest) page.on('request', onRequest);
  await page.goto(url);
  return { page, errors };
}

/** Presses Solve or Compare and waits until the page is done with the answer (the button enabled again, the status not busy). */
export async function runAndWait(page: Page, button: 'solve' | 'compare'): Promise<void> {
  await page.click(`#${button}`);
  await page.waitForFunction((id) => !(document.querySelector(`#${id}`) as HTMLButtonElement).disabled && document.querySelector('#status')?.getAttribute('data-kind') !== 'busy', button);
}

/**
 * Registers the hooks (call it inside the describe block): the server and
 * chromium once, a new page per test (opened on the home page once the
 * presets are there), `onRequest` called with every request of that page.
 */
export function browserTests(onRequest?: (r: Request) => void): BrowserTests {
  const t = {} as BrowserTests;
  beforeAll(async () => {
    t.server = await createPlayground({ threads: 2 });
    await t.server.app.listen({ port: 0, host: '127.0.0.1' });
    t.home = `http://127.0.0.1:${(t.server.app.server.address() as AddressInfo).port}/`;
    t.browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    mkdirSync(outDir, { recursive: true });
  }, 60_000);

  afterAll(async () => {
    await t.browser?.close();
    await t.server?.close();
  });

  beforeEach(async () => {
    ({ page: t.page, errors: t.errors } = await openPage(t.browser, t.home, onRequest));
    await t.page.waitForSelector('.preset[data-id="tutorial-7"]');
  }, 60_000);

  afterEach(async () => {
    await t.page?.close();
  });
  return t;
}
