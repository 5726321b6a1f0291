import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Secret, TOTP } from 'otpauth';
import { startE2E, signIn, ADMIN, type E2E } from './harness.ts';

// My account from the user menu; Sessions across two browser contexts; the owner's confirmation
// and the passkeys listed after a password change (docs/security.md "Confirming it is you").
let e: E2E;
const PAT = { id: 0, name: 'Pat Owner', email: 'pat.owner@example.com', password: 'Owner-pass-1' };
test.before(async () => {
  e = await startE2E({ twoStepKey: Buffer.alloc(32, 7).toString('base64') });
  const token = await e.api.login();
  const made = await e.api.call('POST', 'user', { token, form: { name: PAT.name, email: PAT.email, password: PAT.password, role: '1' } });
  if (made.status !== 200) throw new Error(JSON.stringify(made.body));
  PAT.id = made.body.data.id;
  // Signed out again: the first test counts the administrator's sessions.
  await e.api.call('POST', 'logout', { token });
});
test.after(async () => {
  await e.stop();
});

const shot = (name: string) =>
  process.env.SHOTS_DIR ? e.page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}.png`, fullPage: true }) : Promise.resolve();

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

test('after a password change, My account lists the passkeys that still sign in and removes one', async () => {
  const context = await e.browser.newContext();
  const page = await context.newPage();
  try {
    await signIn(page, e.url, PAT.email, PAT.password);
    // A passkey someone else added with this session (the row alone: it is only listed here).
    await e.api.sql.run(
      "INSERT INTO passkeys (user_id, credential_id, public_key, counter, transports, name, created_at) VALUES (?, 'e2e-credential', 'x', 0, '', 'Unknown key', ?)",
      [PAT.id, Date.now()],
    );
    await page.goto(`${e.url}/admin/account`);
    await page.getByLabel('Current password').fill(PAT.password);
    await page.getByLabel('New password', { exact: true }).fill('Owner-pass-2');
    await page.getByLabel('Retype new password').fill('Owner-pass-2');
    await page.getByRole('button', { name: 'Change password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Check your passkeys' });
    await dialog.getByText('Your passkeys still sign in to your account without a password.').waitFor();
    await dialog.getByRole('button', { name: 'Remove passkey Unknown key' }).click();
    await dialog.getByText('No passkeys left.').waitFor();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'detached' });
    assert.is((await e.api.sql.all('SELECT id FROM passkeys WHERE user_id = ?', [PAT.id])).length, 0);
    PAT.password = 'Owner-pass-2';
  } finally {
    await context.close();
  }
});

test('signed in more than 5 minutes ago, turning on two-step sign-in asks "Confirm it is you": a wrong password is said, the right one (Enter) turns it on', async () => {
  const context = await e.browser.newContext();
  const page = await context.newPage();
  try {
    await signIn(page, e.url, PAT.email, PAT.password);
    await e.api.sql.run('UPDATE tokens SET created_at = created_at - 600000 WHERE user_id = ?', [PAT.id]);
    await page.goto(`${e.url}/admin/account`);
    await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
    const secret = ((await page.getByTestId('two-step-secret').textContent()) ?? '').replace(/\s+/g, '');
    const totp = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
    await page.getByLabel('Authentication code').fill(totp.generate());
    await page.getByRole('button', { name: 'Confirm' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm it is you' });
    await dialog.getByText('Type your password to turn on the authenticator app.').waitFor();
    const field = dialog.getByLabel('Your password');
    assert.ok(await field.evaluate((el) => el === document.activeElement), 'the password field has focus');
    await field.fill('Wrong-pass-9');
    await field.press('Enter');
    await dialog.locator('.field-error', { hasText: 'The current password is not right.' }).waitFor();
    await field.fill(PAT.password);
    await field.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('list', { name: 'Recovery codes' }).waitFor();
    assert.is(await page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').count(), 10);
  } finally {
    await context.close();
  }
});

test.run();
