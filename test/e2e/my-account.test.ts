import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startE2E, signIn, ADMIN, type E2E } from './harness.ts';

// My account from the user menu; Sessions across two browser contexts.
let e: E2E;
test.before(async () => { e = await startE2E(); });
test.after(async () => { await e.stop(); });

const shot = (name: string) => (process.env.SHOTS_DIR ? e.page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}.png`, fullPage: true }) : Promise.resolve());

test('My account lists two sessions, marks this browser, and "Sign out all other sessions" signs the other one out', async () => {
  const other = await e.browser.newContext();
  const page2 = await other.newPage();
  try {
    await signIn(page2, e.url);
    await signIn(e.page, e.url);
    const page = e.page;
    await page.locator('.user-toggle').click();
    await page.getByRole('menuitem', { name: 'My account' }).click();
    await page.waitForURL((u) => u.pathname === '/admin/account');
    await page.getByRole('heading', { name: 'My account' }).waitFor();
    assert.is(await page.getByLabel('Email').inputValue(), ADMIN.email);
    assert.ok(await page.getByLabel('Email').evaluate((el) => (el as HTMLInputElement).readOnly), 'e-mail is read-only');
    const rows = page.locator('.account-sessions tbody tr');
    await page.waitForFunction(() => document.querySelectorAll('.account-sessions tbody tr').length === 2);
    assert.is(await rows.filter({ hasText: 'This browser' }).count(), 1);
    assert.match(await rows.first().innerText(), /Chrome/);
    await shot('my-account');

    await page.getByRole('button', { name: 'Sign out all other sessions' }).click();
    await page.getByRole('dialog', { name: 'Sign out' }).getByRole('button', { name: 'Sign out' }).click();
    await page.getByText('1 other session was signed out.').waitFor();
    await page.waitForFunction(() => document.querySelectorAll('.account-sessions tbody tr').length === 1);

    // The other browser's next call finds its session ended and lands on /login.
    await page2.goto(`${e.url}/admin/settings`);
    await page2.waitForURL((u) => u.pathname === '/login');
    await page2.getByText('You were signed out on another device or your session ended.').waitFor();
    assert.equal(e.errors, []);
  } finally {
    await other.close();
  }
});

test('Change password in My account: the current one is asked for; the new one works at the next sign-in', async () => {
  const page = e.page;
  await page.goto(`${e.url}/admin/account`);
  await page.getByLabel('Current password').fill('Wrong-pass-1');
  await page.getByLabel('New password', { exact: true }).fill('Mine-new-pass-1');
  await page.getByLabel('Retype new password').fill('Mine-new-pass-1');
  await page.getByRole('button', { name: 'Change password' }).click();
  await page.locator('.field-error', { hasText: 'The current password is not right.' }).waitFor();
  await page.getByLabel('Current password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Change password' }).click();
  await page.getByText('Your password was changed.').first().waitFor();
  assert.is((await e.api.call('POST', 'login', { form: { email: ADMIN.email, password: 'Mine-new-pass-1' } })).status, 200);
});

test.run();
