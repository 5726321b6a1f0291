import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startE2E, signIn, type E2E } from './harness.ts';

// My account → API tokens in Chromium: a token made through the screen
// is shown once in the copy dialog, works against the API without any cookie, is listed with its
// prefix and never its secret, and revoking it (asked first) ends it at once.
let e: E2E;
test.before(async () => {
  e = await startE2E();
});
test.after(async () => {
  await e.stop();
});

const shot = (name: string) =>
  process.env.SHOTS_DIR ? e.page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}.png`, fullPage: true }) : Promise.resolve();

/** GET /api/user?page=1 with `token` as another system calls it: the bearer header only. */
const callWith = async (token: string) =>
  (await fetch(`${e.url}/api/user?page=1`, { headers: { authorization: `Bearer ${token}`, accept: 'application/json' } })).status;

test('an administrator makes a token with users:read, copies it once, uses it, and revokes it', async () => {
  const page = e.page;
  await signIn(page, e.url);
  await page.goto(`${e.url}/admin/account`);
  const card = page.locator('section.api-tokens');
  await card.getByRole('heading', { name: 'API tokens' }).waitFor();
  await card.getByText('No API tokens yet.').waitFor();

  // Nothing chosen: the form says so and sends nothing.
  await card.getByLabel('Token name').fill('Results sync');
  await card.getByRole('button', { name: 'Create token' }).click();
  await card.getByText('Choose at least one scope.').waitFor();

  await card.getByRole('checkbox', { name: 'Read users' }).check();
  await card.getByRole('button', { name: 'Create token' }).click();
  const dialog = page.getByRole('dialog', { name: 'Copy your new token' });
  await dialog.waitFor();
  const secret = await dialog.getByLabel('The token').inputValue();
  await shot('api-token-copy');
  assert.match(secret, /^ebo_[A-Za-z0-9_-]{43}$/);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await dialog.waitFor({ state: 'detached' });

  const row = card.locator('tbody tr', { hasText: 'Results sync' });
  await row.waitFor();
  assert.match(await row.innerText(), /users:read/);
  assert.ok((await row.innerText()).includes(secret.slice(0, 12)), 'the row shows the prefix');
  assert.not.ok((await page.content()).includes(secret), 'the secret is gone from the page once the dialog closed');

  assert.is(await callWith(secret), 200);
  await page.reload();
  await card.locator('tbody tr', { hasText: 'Results sync' }).waitFor();
  await shot('api-tokens');
  assert.not.match(await card.locator('tbody tr', { hasText: 'Results sync' }).innerText(), /Never/, 'its last use is shown');

  await card.getByRole('button', { name: 'Revoke the token Results sync' }).click();
  await page.getByRole('dialog', { name: 'Revoke' }).getByRole('button', { name: 'Revoke' }).click();
  await page.getByText('The API token was revoked.').waitFor();
  await card.getByText('No API tokens yet.').waitFor();
  assert.is(await callWith(secret), 401);
  assert.equal(e.errors, []);
});

test.run();
