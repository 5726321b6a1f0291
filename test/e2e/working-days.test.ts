import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { startE2E, signIn, type E2E } from './harness.ts';
import { insertBooking } from '../../server/db/queries/bookings.ts';

/**
 * Working Days: saving with no day ticked asks first ("No working day"; Close saves nothing);
 * closed dates (docs/extensions.md) are added with a note, refused twice under the Date field,
 * opened again; a booking on a closed date cannot be accepted. At 1366 px and 390 px.
 */
let e: E2E;
let phone: Page;
let base = '';
let companyId = 0;
test.before(async () => {
  e = await startE2E({ demo: true }, { width: 1366, height: 768 });
  await signIn(e.page, e.url);
  phone = await e.browser.newPage({ viewport: { width: 390, height: 844 } });
  await signIn(phone, e.url);
  companyId = (await e.api.sql.get<{ id: number }>("SELECT id FROM companies WHERE name = 'Demo Organiser'"))!.id;
  base = `${e.url}/admin/organizer/${companyId}`;
});
test.after(async () => {
  await e.stop();
});

const savedDays = async () =>
  (await e.api.sql.all<{ day_id: number }>('SELECT day_id FROM company_days WHERE company_id = ? ORDER BY day_id', [companyId])).map((r) => Number(r.day_id));

async function openScreen(page: Page) {
  await page.goto(`${base}/holiday`);
  await page.waitForFunction(() => (document.querySelector('fieldset.working-days') as HTMLFieldSetElement | null)?.disabled === false);
}

test('unticking all seven days asks before saving; Close saves nothing, confirming saves none', async () => {
  const page = e.page;
  await e.api.sql.run('DELETE FROM company_days WHERE company_id = ?', [companyId]);
  await e.api.sql.run('INSERT INTO company_days (company_id, day_id) VALUES (?, 2), (?, 3)', [companyId, companyId]);
  await openScreen(page);
  for (const d of ['Monday', 'Tuesday']) await page.getByLabel(d, { exact: true }).uncheck();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  const ask = page.getByRole('dialog', { name: 'No working day' });
  await ask.waitFor();
  assert.ok((await ask.innerText()).includes('nothing can be booked'));
  await ask.locator('.btn-secondary', { hasText: 'Close' }).click();
  await ask.waitFor({ state: 'detached' });
  assert.equal(await savedDays(), [2, 3], 'Close saved nothing');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await page.getByRole('dialog', { name: 'No working day' }).getByRole('button', { name: 'Save with no working day' }).click();
  await page.getByText('Working days updated successfully.').first().waitFor();
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  assert.equal(await savedDays(), []);
});

test('with a day ticked Save Changes saves at once, without asking', async () => {
  const page = e.page;
  await page.getByLabel('Friday', { exact: true }).check();
  const saved = page.waitForResponse((r) => r.request().method() === 'PUT' && /\/api\/holiday$/.test(r.url()));
  await page.getByRole('button', { name: 'Save Changes' }).click();
  assert.is((await saved).status(), 200);
  assert.is(await page.getByRole('dialog').count(), 0);
  assert.equal(await savedDays(), [6]);
});

test('a closed date is added with its note, refused twice under the Date field, and opened again', async () => {
  const page = e.page;
  await openScreen(page);
  await page.getByRole('textbox', { name: 'Date', exact: true }).fill('2031-12-25');
  await page.getByRole('textbox', { name: 'Note (optional)' }).fill('Christmas');
  await page.getByRole('button', { name: 'Mark as closed' }).click();
  const item = page.locator('.closed-dates-list li').filter({ hasText: 'Thursday, 25 December 2031' });
  await item.waitFor();
  assert.ok((await item.innerText()).includes('Christmas'));
  await page.getByRole('textbox', { name: 'Date', exact: true }).fill('2031-12-25');
  await page.getByRole('button', { name: 'Mark as closed' }).click();
  await page.locator('.closed-dates .field-error').filter({ hasText: 'This date is already closed.' }).waitFor();
  await page.waitForFunction(() => document.querySelectorAll('.toast-error:not(.leaving)').length === 1);
  await page.getByRole('button', { name: 'Open Thursday, 25 December 2031 again' }).click();
  await item.waitFor({ state: 'detached' });
  assert.is((await e.api.sql.all('SELECT id FROM closures WHERE company_id = ?', [companyId])).length, 0);
});

test('a booking on a closed date cannot be accepted from the bookings list', async () => {
  const page = e.page;
  await openScreen(page);
  await page.getByRole('textbox', { name: 'Date', exact: true }).fill('2031-11-11');
  await page.getByRole('button', { name: 'Mark as closed' }).click();
  await page.locator('.closed-dates-list li').filter({ hasText: '11 November 2031' }).waitFor();
  await insertBooking(e.api.sql, {
    companyId,
    date: '2031-11-11',
    name: 'Closed Day Guest',
    email: 'closed@example.com',
    phone: '555',
    status: 0,
    token: null,
  });
  await page.goto(`${base}/booking`);
  await page.getByRole('button', { name: 'Accept booking of Closed Day Guest' }).click();
  await page.getByText('This booking falls on a closed date and cannot be accepted.').first().waitFor();
  const row = await e.api.sql.get<{ status: number }>("SELECT status FROM bookings WHERE name = 'Closed Day Guest'");
  assert.is(Number(row!.status), 0, 'still Requested');
});

test('at 390 px the screen has no sideways scroll and the closed dates read one line each', async () => {
  await openScreen(phone);
  await phone.locator('.closed-dates-list li').first().waitFor();
  assert.ok(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no page-wide sideways scroll');
  const li = (await phone.locator('.closed-dates-list li').first().boundingBox())!;
  const button = (await phone.locator('.closed-dates-list li').first().getByRole('button').boundingBox())!;
  assert.ok(button.y < li.y + li.height && button.x + button.width <= 390, 'the action sits on the line');
});

test.run();
