import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startE2E, JOB_MS, signIn, type E2E } from './harness.ts';
import { makeOrganiser } from '../api/campaigns-fixtures.ts';

/**
 * Activity and History end to end (issue 21 §1-3): a role change made in the Users screen is
 * found in /admin/activity with its before and after, and in that user's History; an organiser
 * sees only its own organiser's activity in its console.
 */
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
let e: E2E;
let admin: string;
test.before(async () => {
  e = await startE2E();
  admin = await e.api.login();
  for (const name of ['editor', 'support']) await e.api.call('POST', 'role', { token: admin, form: { name, permissions: '[]', roles: '[]' } });
  await signIn(e.page, e.url);
});
test.after(async () => { await e.stop(); });

test('a role change in Users is found in Activity with before and after, and in the user\'s History', async () => {
  const { page, url } = e;
  await page.goto(`${url}/admin/users`);
  await page.getByRole('button', { name: 'ADD User' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add User' });
  await dialog.getByLabel('Name').fill('Ada Audit');
  await dialog.getByLabel('Email').fill('ada.audit@example.com');
  await dialog.getByLabel('Password').fill('Secret123');
  await dialog.getByLabel('Role').selectOption({ label: 'editor' });
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await page.getByText('User created successfully.').waitFor();

  await page.getByRole('button', { name: 'Edit Ada Audit' }).click();
  dialog = page.getByRole('dialog', { name: 'Edit User' });
  await page.waitForFunction(() => (document.querySelector('.modal input[name=email]') as HTMLInputElement | null)?.value === 'ada.audit@example.com');
  await dialog.getByLabel('Role').selectOption({ label: 'support' });
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await page.getByText('User updated successfully.').waitFor();

  // The Activity menu item leads to the screen; a search by the record's label finds the change.
  await page.getByRole('link', { name: 'Activity' }).first().click();
  await page.waitForURL((u) => u.pathname === '/admin/activity');
  await page.getByLabel('Record', { exact: true }).selectOption({ label: 'User' });
  await page.getByRole('searchbox').fill('Ada Audit');
  const row = page.getByRole('row').filter({ hasText: 'Updated User “Ada Audit”' });
  await row.waitFor();
  assert.match(await row.locator('.activity-from').first().innerText(), 'editor');
  assert.match(await row.locator('.activity-to').first().innerText(), 'support');
  // The filters live in the address: a reload shows the same rows.
  assert.match(page.url(), /resource=users/);
  await page.reload();
  await page.getByRole('row').filter({ hasText: 'Updated User “Ada Audit”' }).waitFor();

  // The user's History in the Edit modal says the same.
  await page.goto(`${url}/admin/users`);
  await page.getByRole('button', { name: 'Edit Ada Audit' }).click();
  dialog = page.getByRole('dialog', { name: 'Edit User' });
  await dialog.getByText('History', { exact: true }).click();
  const item = dialog.locator('.history-list li').filter({ hasText: 'Updated' });
  await item.waitFor();
  assert.match(await item.innerText(), /editor\s*→\s*support/);
  assert.match(await item.innerText(), /Admin|admin/);
});

test('an organiser sees its own activity only, in its console', async () => {
  const { page, url } = e;
  const mk = async (name: string, email: string) => {
    const res = await e.api.call('POST', 'organiser', { token: admin, form: { name, email, phone: '5550100', password: 'Secret123', status: '1' } });
    assert.is(res.status, 200, JSON.stringify(res.body));
  };
  await mk('Acme Events', 'acme-activity@example.com');
  await mk('Other Events', 'other-activity@example.com');
  const acme = await e.api.login('acme-activity@example.com', 'Secret123');
  const other = await e.api.login('other-activity@example.com', 'Secret123');
  const acmeCompany = Number((await e.api.sql.get<{ company_id: number }>('SELECT company_id FROM users WHERE email = ?', ['acme-activity@example.com']))!.company_id);
  const otherCompany = Number((await e.api.sql.get<{ company_id: number }>('SELECT company_id FROM users WHERE email = ?', ['other-activity@example.com']))!.company_id);
  const event = (title: string, token: string, company: number) =>
    e.api.call('POST', 'event', { token, form: { organizer_id: String(company), title, description: 'd', start_date: '2031-04-01', end_date: '2031-04-02', event_logo: PNG } });
  assert.is((await event('Acme Gala', acme, acmeCompany)).status, 200);
  assert.is((await event('Other Gala', other, otherCompany)).status, 200);

  const ctx = await e.browser.newContext({ viewport: { width: 1280, height: 860 } });
  const p2 = await ctx.newPage();
  try {
    await signIn(p2, url, 'acme-activity@example.com', 'Secret123');
    await p2.getByRole('link', { name: 'Activity' }).click();
    await p2.waitForURL((u) => u.pathname === `/admin/organizer/${acmeCompany}/activity`);
    await p2.getByRole('row').filter({ hasText: 'Acme Gala' }).first().waitFor();
    assert.is(await p2.getByRole('row').filter({ hasText: 'Other Gala' }).count(), 0);
    // Another organiser's id in the address shows nothing of theirs.
    await p2.goto(`${url}/admin/organizer/${otherCompany}/activity`);
    await p2.waitForTimeout(500);
    assert.is(await p2.getByRole('row').filter({ hasText: 'Other Gala' }).count(), 0);
  } finally {
    await ctx.close();
  }
  void page;
});

const sheet = (from: number, n: number) => ({
  name: 'photos.csv', mimeType: 'text/csv',
  buffer: Buffer.from(['bid_number,low_res_image,high_res_image,orientation',
    ...Array.from({ length: n }, (_, i) => `${from + i},https://p.example.com/${i}-l.jpg,https://p.example.com/${i}-h.jpg,portrait`)].join('\n')),
});

test('a 200-row photo sheet uploaded to the wrong event is undone in one step; the event\'s earlier photos remain', async () => {
  const org = await makeOrganiser(e.api, 'Undo Club');
  const ctx = await e.browser.newContext({ viewport: { width: 1280, height: 860 } });
  const page = await ctx.newPage();
  page.setDefaultTimeout(15_000);
  const photos = () => e.api.sql.all<{ bid_number: string }>('SELECT bid_number FROM event_photos WHERE event_id = ? ORDER BY id', [org.eventId]);
  try {
    await signIn(page, e.url, org.email, org.password);
    await page.goto(`${e.url}/admin/organizer/${org.companyId}/events/${org.eventId}?tab=photos`);
    const upload = async (from: number, n: number) => {
      await page.getByRole('button', { name: 'Add', exact: true }).click();
      const modal = page.getByRole('dialog', { name: 'Upload event photos' });
      await modal.getByLabel('Spreadsheet (.csv or .xlsx)').setInputFiles(sheet(from, n));
      await modal.getByRole('button', { name: 'Upload' }).click();
      await modal.waitFor({ state: 'detached', timeout: JOB_MS });
    };
    await upload(1, 5);
    await page.getByText('5 photos uploaded.').waitFor();
    await upload(5001, 200);
    await page.getByText('200 photos uploaded.').waitFor();
    assert.is((await photos()).length, 205);

    await page.getByRole('button', { name: 'Undo this import' }).click();
    const confirm = page.getByRole('dialog', { name: 'Undo this import?' });
    await confirm.getByText('This removes the 200 photos this import added. Photos added any other way stay.').waitFor();
    await confirm.getByRole('button', { name: 'Remove 200 photos' }).click();
    await page.locator('.toast', { hasText: 'Import undone: 200 photos removed.' }).waitFor();
    assert.equal((await photos()).map((p) => p.bid_number), ['1', '2', '3', '4', '5']);
    await page.getByRole('cell', { name: '5001', exact: true }).waitFor({ state: 'detached' });
    await page.getByRole('cell', { name: '3', exact: true }).waitFor();

    // The activity log shows the upload and its undo; the undo is not offered twice.
    await page.getByRole('link', { name: 'Activity' }).click();
    await page.getByRole('row').filter({ hasText: 'Import undone' }).waitFor();
    const started = page.getByRole('row').filter({ hasText: 'Import started' }).filter({ hasText: 'rows: — → 200' });
    await started.getByRole('button', { name: 'Undo this import' }).click();
    await page.getByRole('dialog', { name: 'Undo this import' }).getByText('This import was already undone.').waitFor();
  } finally {
    await ctx.close();
  }
});

test.run();
