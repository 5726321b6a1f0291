import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startE2E, signIn, type E2E } from './harness.ts';
import { makeRole, makeUser } from '../api/admin-helpers.ts';
import { MAIL_ADMIN_ONLY_NOTE } from '../../src/common/mail-rules.ts';

// Settings → Save Changes sends the spec's two updates (admin-area §7: PUT settings/company,
// then PUT settings/email), one request each, and never the combined PUT settings.
let e: E2E;
test.before(async () => {
  e = await startE2E();
  await signIn(e.page, e.url);
});
test.after(async () => {
  await e.stop();
});

test('Save Changes sends the company update and the e-mail update, one request each, and keeps both', async () => {
  const page = e.page;
  await page.goto(`${e.url}/admin/settings`);
  await page.getByLabel('Name').fill('Events Ltd');
  await page.getByRole('tab', { name: 'Email' }).click();
  await page.getByLabel('SMTP Email').fill('noreply@events.test');
  const writes: string[] = [];
  page.on('request', (r) => {
    if (r.method() !== 'GET' && new URL(r.url()).pathname.startsWith('/api/')) writes.push(`${r.method()} ${new URL(r.url()).pathname}`);
  });
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await page.getByText('Email settings updated successfully.').waitFor();
  assert.equal(writes, ['PUT /api/settings/company', 'PUT /api/settings/email']);

  await page.reload();
  await page.getByRole('tab', { name: 'Company' }).waitFor();
  assert.is(await page.getByLabel('Name').inputValue(), 'Events Ltd');
  await page.getByRole('tab', { name: 'Email' }).click();
  assert.is(await page.getByLabel('SMTP Email').inputValue(), 'noreply@events.test');
  assert.equal(e.errors, []);
});

test('a role with the settings abilities but not admin sees the Email tab read-only under the rule, and Save Changes sends the company update alone', async () => {
  const { page, url } = e;
  const admin = await e.api.login();
  const role = await makeRole(e.api, admin, { screens: ['settings'], abilities: ['settings.view', 'settings.edit'] });
  const u = await makeUser(e.api, admin, role);
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await signIn(page, url, u.email, u.password);
  await page.goto(`${url}/admin/settings`);
  await page.getByRole('tab', { name: 'Email' }).click();
  await page.getByText(MAIL_ADMIN_ONLY_NOTE).waitFor();
  for (const label of ['SMTP Server', 'SMTP Email', 'SMTP Username', 'SMTP Password', 'SMTP Port']) {
    assert.ok(await page.getByLabel(label).evaluate((el) => (el as HTMLInputElement).readOnly), `${label} is read-only`);
  }
  assert.ok(await page.getByLabel('SMTP Type').isDisabled());
  assert.is(await page.getByLabel('SMTP Email').inputValue(), 'noreply@events.test', 'the saved values are shown');
  assert.is(await page.getByLabel('Your password').count(), 0);

  await page.getByRole('tab', { name: 'Company' }).click();
  await page.getByLabel('Name').fill('Staff Ltd');
  const writes: string[] = [];
  page.on('request', (r) => {
    if (r.method() !== 'GET' && new URL(r.url()).pathname.startsWith('/api/')) writes.push(`${r.method()} ${new URL(r.url()).pathname}`);
  });
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await page.getByText('Company settings updated successfully.').waitFor();
  assert.equal(writes, ['PUT /api/settings/company']);
  assert.is((await e.api.call('GET', 'settings/company', { token: admin })).body.data.name, 'Staff Ltd');
  assert.equal(e.errors, []);
});

test.run();
