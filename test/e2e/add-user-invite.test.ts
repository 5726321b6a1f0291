import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startE2E, signIn, type E2E } from './harness.ts';
import { receiverFor, type Receiver } from '../api/smtp-receiver.ts';

/**
 * Add User asks "Send an invitation by e-mail" or "Set a password now" (docs/extensions.md, beside
 * admin-area §7 POST user): the invitation comes first, and is chosen, once e-mail can be sent; the
 * password rule shows only with a password. The spec's path, a password typed in, is unchanged.
 */
let e: E2E;
let rx: Receiver | null = null;
test.before(async () => {
  e = await startE2E({ mail: { pollMs: 100, retryBaseMs: 200 } });
});
test.after(async () => {
  await e.stop();
  await rx?.stop();
});

const RULE = /password must be at least 8 characters/;
const choices = (page: E2E['page']) => page.getByRole('dialog', { name: 'Add User' }).getByRole('group', { name: 'How will they sign in?' });

test('without working e-mail: "Set a password now" comes first and is chosen; the spec\'s path creates the user with that password', async () => {
  const { page, url, api } = e;
  await signIn(page, url);
  await page.goto(`${url}/admin/users`);
  await page.getByRole('button', { name: 'ADD User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add User' });
  await page.waitForFunction(() => document.querySelectorAll('.modal input[name=access]').length === 2);
  assert.equal(await choices(page).locator('label').allInnerTexts(), ['Set a password now', 'Send an invitation by e-mail']);
  assert.ok(await choices(page).getByLabel('Set a password now').isChecked());
  assert.match(await dialog.innerText(), RULE);

  // The invitation hides the password and its rule; back again shows them.
  await choices(page).getByLabel('Send an invitation by e-mail').check();
  assert.is(await dialog.getByLabel('Password', { exact: true }).count(), 0);
  assert.not.match(await dialog.innerText(), RULE);
  await choices(page).getByLabel('Set a password now').check();

  // Blank with "Set a password now": refused as the spec says.
  await dialog.getByLabel('Name').fill('Paula Pass');
  await dialog.getByLabel('Email').fill('paula@example.com');
  await dialog.getByLabel('Role').selectOption({ label: 'admin' });
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await page.getByText('Please fill Password.').first().waitFor();
  await dialog.getByLabel('Password', { exact: true }).fill('Paula-pass-1');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await page.getByText('User created successfully.').first().waitFor();
  assert.is((await api.call('POST', 'login', { form: { email: 'paula@example.com', password: 'Paula-pass-1' } })).status, 200);
  assert.equal(e.errors, []);
});

test('with working e-mail: the invitation comes first and is chosen; no password, no rule; the user is listed as Invited', async () => {
  const { page, url } = e;
  rx = await receiverFor(e.api);
  await page.goto(`${url}/admin/users`);
  await page.getByRole('button', { name: 'ADD User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add User' });
  await page.waitForFunction(() => (document.querySelector('.modal input[name=access]') as HTMLInputElement | null)?.value === 'invite');
  assert.equal(await choices(page).locator('label').allInnerTexts(), ['Send an invitation by e-mail', 'Set a password now']);
  assert.ok(await choices(page).getByLabel('Send an invitation by e-mail').isChecked());
  assert.is(await dialog.getByLabel('Password', { exact: true }).count(), 0);
  assert.not.match(await dialog.innerText(), RULE);
  await dialog.getByLabel('Name').fill('Ivo Invite');
  await dialog.getByLabel('Email').fill('ivo@example.com');
  await dialog.getByLabel('Role').selectOption({ label: 'admin' });
  const seen = rx.messages.length;
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  const row = page.getByRole('row').filter({ hasText: 'ivo@example.com' });
  await row.getByText('Invited', { exact: true }).waitFor();
  const mail = await rx.waitFor((m) => /ivo@example\.com/.test(JSON.stringify(m.to ?? '')), 10_000, seen);
  assert.match(mail.text ?? '', /invitation#/);
  assert.equal(e.errors, []);
});

test.run();
