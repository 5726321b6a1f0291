import { chromium, type Browser, type Page } from 'playwright-core';
import { startTestApi, ADMIN, type TestApi } from '../api/harness.ts';

export { ADMIN };
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * How long a test waits for a background job's outcome (an import or a photo upload, from the
 * click to its message or the dialog closing), ms. The server's parser threads start from the
 * sources under tsx, which takes seconds on a busy 2-core machine; a job that never ends still
 * fails the wait.
 */
export const JOB_MS = 60_000;

export interface E2E {
  api: TestApi;
  browser: Browser;
  page: Page;
  url: string;
  errors: string[];
  stop(): Promise<void>;
}

/**
 * The built console and the real API on a fresh database, and Chromium (the system browser at
 * /usr/bin/chromium or $CHROMIUM). `errors` collects page errors and failed console messages so
 * a test can assert the page stayed clean.
 */
export async function startE2E(
  opts: Parameters<typeof startTestApi>[0] = {},
  pageOpts: { bypassCSP?: boolean; width?: number; height?: number } = {},
): Promise<E2E> {
  const api = await startTestApi(opts);
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const page = await browser.newPage({ viewport: { width: pageOpts.width ?? 1280, height: pageOpts.height ?? 860 }, bypassCSP: pageOpts.bypassCSP });
  page.setDefaultTimeout(10_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return {
    api,
    browser,
    page,
    url: api.url,
    errors,
    stop: async () => {
      await browser.close();
      await api.stop();
    },
  };
}

/** Signs in through the login form and waits to leave /login. */
export async function signIn(page: Page, url: string, email = ADMIN.email, password = ADMIN.password, remember = false) {
  await page.goto(`${url}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  if (remember) await page.getByLabel('Remember Me').check();
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
}

/** The text of every visible toast, newest first. */
export const toasts = (page: Page) => page.locator('.toast .toast-message').allInnerTexts();

/**
 * Waits until, for `quietMs` on end, no request of the page is in flight but the change stream
 * (`/api/stream`, open for as long as a list is shown, so Playwright's 'networkidle' never comes
 * on such a page). Requests already under way when it is called count once they end or fail.
 */
export async function waitForQuiet(page: Page, quietMs = 500, timeoutMs = 30_000): Promise<void> {
  const open = new Set<unknown>();
  const counted = (r: { url(): string }) => !/\/api\/stream(\?|$)/.test(new URL(r.url()).pathname + '?');
  const started = (r: { url(): string }) => counted(r) && open.add(r);
  const ended = (r: unknown) => open.delete(r);
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  try {
    const until = Date.now() + timeoutMs;
    let quietSince = Date.now();
    while (Date.now() - quietSince < quietMs) {
      if (Date.now() > until) throw new Error(`waitForQuiet: requests still in flight after ${timeoutMs} ms`);
      await page.waitForTimeout(50);
      if (open.size) quietSince = Date.now();
    }
  } finally {
    page.off('request', started);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
  }
}
