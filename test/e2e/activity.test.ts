import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startE2E, JOB_MS, signIn, type E2E, waitForQuiet } from './harness.ts';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { makeOrganiser } from '../api/campaigns-fixtures.ts';

/**
 * Activity and History end to end: a role change made in the Users screen is
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
test.after(async () => {
  await e.stop();
});

test("a role change in Users is found in Activity with before and after, and in the user's History", async () => {
  const { page, url } = e;
  await page.goto(`${url}/admin/users`);
  await page.getByRole('button', { name: 'ADD User' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add User' });
  await dialog.getByLabel('Name').fill('Ada Audit');
  await dialog.getByLabel('Email').fill('ada.audit@example.com');
  await dialog.getByLabel('Password', { exact: true }).fill('Secret123');
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
  const acmeCompany = Number(
    (await e.api.sql.get<{ company_id: number }>('SELECT company_id FROM users WHERE email = ?', ['acme-activity@example.com']))!.company_id,
  );
  const otherCompany = Number(
    (await e.api.sql.get<{ company_id: number }>('SELECT company_id FROM users WHERE email = ?', ['other-activity@example.com']))!.company_id,
  );
  const event = (title: string, token: string, company: number) =>
    e.api.call('POST', 'event', {
      token,
      form: { organizer_id: String(company), title, description: 'd', start_date: '2031-04-01', end_date: '2031-04-02', event_logo: PNG },
    });
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
  name: 'photos.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from(
    [
      'bid_number,low_res_image,high_res_image,orientation',
      ...Array.from({ length: n }, (_, i) => `${from + i},https://p.example.com/${i}-l.jpg,https://p.example.com/${i}-h.jpg,portrait`),
    ].join('\n'),
  ),
});

test("a 200-row photo sheet uploaded to the wrong event is undone in one step; the event's earlier photos remain", async () => {
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
    assert.equal(
      (await photos()).map((p) => p.bid_number),
      ['1', '2', '3', '4', '5'],
    );
    await page.getByRole('cell', { name: '5001', exact: true }).waitFor({ state: 'detached' });
    await page.getByRole('cell', { name: '3', exact: true }).waitFor();

    // The activity log shows the upload and its undo; the upload's entry says who undid it and
    // offers no second undo, while the first upload's entry says how it ended and may still be undone.
    await page.getByRole('link', { name: 'Activity' }).click();
    await page.getByRole('row').filter({ hasText: 'Import undone' }).waitFor();
    const started = page.getByRole('row').filter({ hasText: 'Import started' }).filter({ hasText: 'rows: — → 200' });
    await started.getByText(/^Undone by \S.* at .+\.$/).waitFor();
    assert.is(await started.getByRole('button', { name: 'Undo this import' }).count(), 0);
    const first = page.getByRole('row').filter({ hasText: 'Import started' }).filter({ hasText: 'rows: — → 5' });
    await first.getByText('Done: 5 rows imported.').waitFor();
    await first.getByRole('button', { name: 'Undo this import' }).waitFor();
  } finally {
    await ctx.close();
  }
});

test('sign-ins stay out of Activity until asked for; an entry opens its record, or says it was deleted; axe finds nothing serious in either theme', async () => {
  const { page, url } = e;
  const role = await e.api.call('POST', 'role', { token: admin, form: { name: 'link-role', permissions: '[]', roles: '[]' } });
  assert.is(role.status, 200, JSON.stringify(role.body));
  const made = async (name: string, email: string) => {
    const r = await e.api.call('POST', 'user', { token: admin, form: { name, email, password: 'Secret123', role: String(role.body.data.id) } });
    assert.is(r.status, 200, JSON.stringify(r.body));
    return r.body.data.id as number;
  };
  await made('Lina Linked', 'lina.linked@example.com');
  const gone = await made('Gus Gone', 'gus.gone@example.com');
  assert.is((await e.api.call('DELETE', `user/${gone}`, { token: admin })).status, 200);
  await e.api.login('lina.linked@example.com', 'Secret123');

  await page.goto(`${url}/admin/activity`);
  await page.getByRole('row').filter({ hasText: 'Created User “Lina Linked”' }).waitFor();
  assert.is(await page.getByRole('row').filter({ hasText: 'Signed in as “lina.linked@example.com”' }).count(), 0);
  const show = page.getByLabel('Show sign-ins');
  await show.check();
  await page.getByRole('row').filter({ hasText: 'Signed in as “lina.linked@example.com”' }).waitFor();
  assert.match(page.url(), /sign_ins=shown/);
  await page.reload();
  await page.getByRole('row').filter({ hasText: 'Signed in as “lina.linked@example.com”' }).waitFor();
  assert.is(await page.getByLabel('Show sign-ins').isChecked(), true);
  await page.getByLabel('Show sign-ins').uncheck();
  await page.getByRole('row').filter({ hasText: 'Signed in as “lina.linked@example.com”' }).waitFor({ state: 'detached' });
  assert.not.match(page.url(), /sign_ins/);

  // A deleted user's entries say so and link nowhere; an existing one's opens the Users list searched for it.
  const goneRow = page.getByRole('row').filter({ hasText: 'Deleted User “Gus Gone”' });
  await goneRow.getByText('(deleted)').waitFor();
  assert.is(await goneRow.getByRole('link').count(), 0);

  for (const theme of ['light', 'dark']) {
    await page.evaluate((t) => localStorage.setItem('theme', t), theme);
    await page.reload();
    await page.getByRole('row').filter({ hasText: 'Created User “Lina Linked”' }).waitFor();
    assert.is(await page.evaluate(() => document.documentElement.dataset.theme ?? 'light'), theme);
    assert.equal(await seriousAxe(page), [], theme);
  }
  await page.evaluate(() => localStorage.removeItem('theme'));
  // At 390 px the box is still at hand and the page does not scroll sideways (the table scrolls in its own box).
  const wide = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByLabel('Show sign-ins').scrollIntoViewIfNeeded();
  assert.ok(await page.getByLabel('Show sign-ins').isVisible());
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no page-wide sideways scroll at 390 px');
  if (wide) await page.setViewportSize(wide);

  await page.getByRole('row').filter({ hasText: 'Created User “Lina Linked”' }).getByRole('link', { name: 'Open user “Lina Linked”' }).click();
  await page.waitForURL((u) => u.pathname === '/admin/users' && u.searchParams.get('q') === 'lina.linked@example.com');
  await page.getByRole('button', { name: 'Edit Lina Linked' }).waitFor();
});

test('after Clear all, neither the Photos notice nor Activity offers to undo the upload whose photos are gone', async () => {
  const org = await makeOrganiser(e.api, 'Clear Club');
  const ctx = await e.browser.newContext({ viewport: { width: 1280, height: 860 } });
  const page = await ctx.newPage();
  page.setDefaultTimeout(15_000);
  try {
    await signIn(page, e.url, org.email, org.password);
    await page.goto(`${e.url}/admin/organizer/${org.companyId}/events/${org.eventId}?tab=photos`);
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const modal = page.getByRole('dialog', { name: 'Upload event photos' });
    await modal.getByLabel('Spreadsheet (.csv or .xlsx)').setInputFiles(sheet(7001, 3));
    await modal.getByRole('button', { name: 'Upload' }).click();
    await modal.waitFor({ state: 'detached', timeout: JOB_MS });
    const notice = page.locator('.list-notice', { hasText: '3 photos uploaded.' });
    await notice.getByRole('button', { name: 'Undo this import' }).waitFor();

    await page.getByRole('button', { name: 'Clear all' }).click();
    await page.getByRole('dialog', { name: 'Are you sure ?' }).getByRole('button', { name: 'Delete' }).click();
    await page.locator('.toast', { hasText: 'Photos has been cleared.' }).waitFor();
    await page.getByText('No photos uploaded', { exact: true }).waitFor();
    assert.is(await notice.count(), 0, 'the upload notice went with its photos');
    assert.is(await page.getByRole('button', { name: 'Undo this import' }).count(), 0);

    // Activity asks the server whether the upload may still be undone before offering it.
    const asked = page.waitForResponse((r) => /\/api\/import-job\/\d+\/undo$/.test(new URL(r.url()).pathname) && r.request().method() === 'GET');
    await page.getByRole('link', { name: 'Activity' }).click();
    const started = page.getByRole('row').filter({ hasText: 'Import started' }).filter({ hasText: 'rows: — → 3' });
    await started.getByText('Done: 3 rows imported.').waitFor();
    await asked;
    await waitForQuiet(page);
    assert.is(await started.getByRole('button', { name: 'Undo this import' }).count(), 0);
  } finally {
    await ctx.close();
  }
});

test('choosing "Signed in" in the Action filter lists sign-ins without ticking "Show sign-ins"', async () => {
  const { page, url } = e;
  await e.api.login();
  await page.goto(`${url}/admin/activity`);
  await page.getByRole('row').nth(1).waitFor();
  await page.getByLabel('Action', { exact: true }).selectOption({ label: 'Signed in' });
  await page.getByRole('row').filter({ hasText: 'Signed in as “admin@example.com”' }).first().waitFor();
  assert.is(await page.getByLabel('Show sign-ins').isChecked(), false);
  assert.is(
    await page
      .getByRole('row')
      .filter({ hasText: /Created|Updated|Deleted/ })
      .count(),
    0,
    'only what the filter names',
  );
  await page.getByLabel('Action', { exact: true }).selectOption({ index: 0 });
  await page.getByRole('row').filter({ hasText: 'Signed in as' }).first().waitFor({ state: 'detached' });
});

/** Serious and critical axe-core violations on the page, as "rule: where". */
async function seriousAxe(page: E2E['page']): Promise<string[]> {
  // Evaluated, not added as a script tag, so the console's Content-Security-Policy stays on.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8'));
  return page.evaluate(async () => {
    const r = await (
      window as unknown as {
        axe: { run: (c: unknown, o: unknown) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> };
      }
    ).axe.run(document, { resultTypes: ['violations'] });
    return r.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${v.id}: ${v.nodes
            .slice(0, 3)
            .map((n) => n.target.join(' '))
            .join(', ')}`,
      );
  });
}

test.run();
