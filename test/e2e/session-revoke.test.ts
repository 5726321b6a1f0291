import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startE2E, signIn, toasts, type E2E } from './harness.ts';

/**
 * My account → Sessions: signing one other browser out asks first (Close keeps it), then confirms
 * with a toast; that browser's next call lands on the sign-in page, which says why. Signing out
 * oneself says nothing of the kind.
 */
let e: E2E;
test.before(async () => {
  e = await startE2E();
});
test.after(async () => {
  await e.stop();
});

const NOTICE = 'You were signed out on another device or your session ended.';

test('Sign out of one other session asks first, confirms with a toast, and the other browser is told on the sign-in page', async () => {
  const other = await e.browser.newContext();
  const page2 = await other.newPage();
  try {
    await signIn(page2, e.url);
    await signIn(e.page, e.url);
    const page = e.page;
    await page.goto(`${e.url}/admin/account`);
    await page.waitForFunction(() => document.querySelectorAll('.account-sessions tbody tr').length === 2);
    const row = page.locator('.account-sessions tbody tr').filter({ hasNotText: 'This browser' });
    await row.getByRole('button', { name: /^Sign out / }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign out' });
    assert.match(await dialog.innerText(), /That browser must sign in again\./);
    // Close keeps the session.
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await dialog.waitFor({ state: 'detached' });
    assert.is(await page.locator('.account-sessions tbody tr').count(), 2);

    await row.getByRole('button', { name: /^Sign out / }).click();
    await dialog.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.getByText('The session was signed out.').waitFor();
    await page.waitForFunction(() => document.querySelectorAll('.account-sessions tbody tr').length === 1);

    await page2.goto(`${e.url}/admin/users`);
    await page2.waitForURL((u) => u.pathname === '/login');
    await page2.getByText(NOTICE).waitFor();

    // Signing out by one's own hand is no surprise: no notice.
    await page.locator('.user-toggle').click();
    await page.getByRole('menuitem', { name: /Sign out|Logout/i }).click();
    await page.waitForURL((u) => u.pathname === '/login');
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    assert.is(await page.getByText(NOTICE).count(), 0);
    assert.ok(!(await toasts(page)).includes(NOTICE));
    assert.equal(e.errors, []);
  } finally {
    await other.close();
  }
});

test.run();
