import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startE2E, signIn, type E2E } from './harness.ts';

// Settings → Save Changes sends the spec's two updates (admin-area §7: PUT settings/company,
// then PUT settings/email), one request each, and never the combined PUT settings.
let e: E2E;
test.before(async () => { e = await startE2E(); await signIn(e.page, e.url); });
test.after(async () => { await e.stop(); });

test('Save Changes sends the company update and the e-mail update, one request each, and keeps both', async () => {
  const page = e.page;
  await page.goto(`${e.url}/admin/settings`);
  await page.getByLabel('Name').fill('Events Ltd');
  await page.getByRole('tab', { name: 'Email' }).click();
  await page.getByLabel('SMTP Email').fill('noreply@events.test');
  const writes: string[] = [];
  page.on('request', (r) => { if (r.method() !== 'GET' && new URL(r.url()).pathname.startsWith('/api/')) writes.push(`${r.method()} ${new URL(r.url()).pathname}`); });
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

test.run();
