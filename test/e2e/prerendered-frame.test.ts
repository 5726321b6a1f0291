import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, Page } from 'playwright-core';
import { startE2E, signIn, type E2E } from './harness.ts';

// A console's address comes with the console's frame in the page, painted before any
// script runs (the users list's first paint); the console then takes over the same place.

const FOOTER = 'Copyright © 2020 Events Back-office. All rights reserved.';
let e: E2E;
test.before(async () => {
  e = await startE2E();
});
test.after(async () => {
  await e.stop();
});

/** A page with scripts off (what shows before they run), at `width`, in a browser that keeps a session (the `signed_in` hint), with `cookies` besides. */
async function withoutScripts(browser: Browser, width: number, cookies: { name: string; value: string }[] = []): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width, height: width > 500 ? 900 : 812 } });
  await context.addCookies([{ name: 'signed_in', value: '1' }, ...cookies].map((c) => ({ ...c, url: e.url })));
  return context.newPage();
}

/** Notes in `window.sawFrame` whether the console's frame ever entered the page, from the first byte the parser reads. */
const WATCH_FRAME = () => {
  (window as unknown as { sawFrame: boolean }).sawFrame = false;
  new MutationObserver((records) => {
    for (const r of records)
      for (const n of r.addedNodes) if (n instanceof Element && n.matches('.shell[inert]')) (window as unknown as { sawFrame: boolean }).sawFrame = true;
  }).observe(document, { childList: true, subtree: true });
};

test('before the scripts run, the users list shows the frame: footer and header, the menu closed on a phone and open beside the content on a desktop', async () => {
  const phone = await withoutScripts(e.browser, 375);
  await phone.goto(`${e.url}/admin/users`);
  await phone.getByText(FOOTER).waitFor();
  assert.ok(await phone.locator('.topbar').isVisible());
  assert.ok(await phone.getByText('Loading…').isVisible());
  assert.not.ok(await phone.locator('.sidebar').isVisible(), 'the drawer is closed');
  assert.not.ok(await phone.locator('.sidebar-overlay').isVisible(), 'nothing darkens the page');
  assert.is((await phone.locator('.content-wrap').boundingBox())!.x, 0);
  await phone.context().close();

  const desk = await withoutScripts(e.browser, 1280);
  await desk.goto(`${e.url}/admin/users`);
  assert.ok(await desk.locator('.sidebar').isVisible(), 'the menu column is there');
  const sidebar = (await desk.locator('.sidebar').boundingBox())!;
  assert.is(sidebar.x, 0);
  assert.is((await desk.locator('.content-wrap').boundingBox())!.x, sidebar.width, 'the content starts beside it');
  assert.ok(await desk.getByText(FOOTER).isVisible());
  await desk.context().close();
});

test('the frame is in the remembered theme before the scripts run', async () => {
  const background = (p: Page) => p.locator('.topbar').evaluate((el) => getComputedStyle(el).backgroundColor);
  const light = await withoutScripts(e.browser, 1280, [{ name: 'theme', value: 'light' }]);
  await light.goto(`${e.url}/admin/users`);
  const dark = await withoutScripts(e.browser, 1280, [{ name: 'theme', value: 'dark' }]);
  await dark.goto(`${e.url}/admin/users`);
  assert.is(await dark.locator('html').getAttribute('data-theme'), 'dark');
  assert.is.not(await background(dark), await background(light));
  await light.context().close();
  await dark.context().close();
});

test("the console takes the frame over: one shell, usable, the menu closed on a phone; a theme chosen there is the next page's", async () => {
  const { page, url } = e;
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page, url);
  await page.goto(`${url}/admin/users`);
  await page.getByRole('heading', { name: 'Users' }).waitFor();
  assert.is(await page.locator('.shell').count(), 1);
  assert.is(await page.locator('[inert]').count(), 0);
  assert.not.ok(await page.locator('.sidebar').isVisible());
  await page.getByRole('button', { name: 'Toggle menu' }).click();
  await page.getByRole('navigation').getByRole('link', { name: 'Users' }).waitFor();
  await page.keyboard.press('Escape');

  await page.getByLabel('Theme').selectOption('dark');
  const cookies = await page.context().cookies(url);
  assert.is(cookies.find((c) => c.name === 'theme')?.value, 'dark');
  const html = await (await page.request.get(`${url}/admin/users`, { headers: { Cookie: `theme=${cookies.find((c) => c.name === 'theme')!.value}` } })).text();
  assert.match(html, /<html data-theme="dark"/);
  await page.getByLabel('Theme').selectOption('system');
  assert.is(
    (await page.context().cookies(url)).find((c) => c.name === 'theme'),
    undefined,
  );
  assert.equal(e.errors, []);
});

test('a signed-out visitor of a console address lands on the sign-in page without the frame flashing first; after signing in the frame is there from the first paint', async () => {
  const context = await e.browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript(WATCH_FRAME);
  const page = await context.newPage();
  await page.goto(`${e.url}/admin/users`);
  await page.waitForURL(/\/login$/);
  await page.getByRole('button', { name: 'Sign In' }).waitFor();
  assert.is(await page.evaluate(() => (window as unknown as { sawFrame: boolean }).sawFrame), false, 'no frame before the sign-in page');
  await signIn(page, e.url);
  assert.ok(
    (await context.cookies(e.url)).some((c) => c.name === 'signed_in' && c.value === '1'),
    'signing in sets the hint',
  );
  await page.goto(`${e.url}/admin/users`);
  await page.getByRole('heading', { name: 'Users' }).waitFor();
  assert.is(await page.evaluate(() => (window as unknown as { sawFrame: boolean }).sawFrame), true, 'the frame came with the page');
  await page.locator('.user-toggle').click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.waitForURL(/\/login$/);
  assert.not.ok(
    (await context.cookies(e.url)).some((c) => c.name === 'signed_in'),
    'signing out removes the hint',
  );
  await page.goto(`${e.url}/admin/users`);
  await page.waitForURL(/\/login$/);
  assert.is(await page.evaluate(() => (window as unknown as { sawFrame: boolean }).sawFrame), false, 'no frame after signing out');
  await context.close();
});

test.run();
