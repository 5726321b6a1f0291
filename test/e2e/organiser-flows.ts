import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import type { TestApi } from '../api/harness.ts';
import { JOB_MS } from './harness.ts';
import { deletePhotos } from '../../server/db/queries/event-photos.ts';
import { demoPhotoRows, insertPhotoRows } from '../../server/db/queries/demo-organiser.ts';
import { storageOf } from '../../server/db/queries/storage.ts';
import { storageLine } from '../../src/common/storage.ts';
import { PHOTO_EXAMPLE } from '../../src/common/sheet-examples.ts';
import { PHOTO_COLUMNS } from '../../src/common/sheet-rules.ts';

/**
 * Walks shared by the organiser e2e files (an admin in an organiser's console, and the
 * organiser's own user): each drives one screen through the browser and checks the database
 * or the screen for the outcome. `base` is the console's address, e.g. http://…/admin/organizer/3.
 */
export const FIXTURES = 'test/fixtures';
const n = async (api: TestApi, q: string, p: (string | number)[]) => Number((await api.sql.get<{ n: number }>(q, p))!.n);
const waitText = (page: Page, text: string, timeout?: number) => page.getByText(text, { exact: true }).first().waitFor({ timeout });

export async function sidebarItems(page: Page) {
  return page.locator('.sidebar .menu a').allInnerTexts();
}

export async function dashboardShowsOrganiserData(page: Page, base: string, eventTitle: string, bookingName: string) {
  await page.goto(base);
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
  const events = page.getByRole('region', { name: 'Upcoming events' });
  await events.getByRole('link', { name: eventTitle }).waitFor();
  await page.getByRole('region', { name: 'Bookings waiting for an answer' }).getByRole('link', { name: bookingName }).click();
  await page.waitForURL(`${base}/booking`);
}

export async function profileUpdates(page: Page, base: string, api: TestApi, companyId: number, email: string) {
  await page.goto(`${base}/profile`);
  const name = page.getByLabel('Name', { exact: true });
  await page.waitForFunction(() => ((document.querySelector('input[name=name]') as HTMLInputElement | null)?.value ?? '') !== '');
  assert.is(await page.getByLabel('Email', { exact: true }).inputValue(), email);
  assert.ok((await page.getByLabel('Email', { exact: true }).getAttribute('readonly')) !== null, 'email is read-only');
  await name.fill('  ');
  await page.getByRole('button', { name: 'Update Profile' }).click();
  await waitText(page, 'Please fill Name.');
  await name.fill('Renamed Organiser');
  await page.getByLabel('Phone', { exact: true }).fill('5551234');
  await page.locator('textarea[name=description]').fill('Updated by the e2e test');
  await page.getByRole('button', { name: 'Update Profile' }).click();
  await page.locator('.toast-success').first().waitFor();
  const row = await api.sql.get<{ name: string; phone: string }>('SELECT name, phone FROM companies WHERE id = ?', [companyId]);
  assert.equal(row, { name: 'Renamed Organiser', phone: '5551234' });
  // Storage used of the quota, as the server counts it.
  const storage = (await storageOf(api.sql, companyId))!;
  assert.is(storage.limit, 2048 * 1024 * 1024);
  const used = page.locator('[data-storage-used]');
  assert.is(await used.textContent(), storageLine(storage.used, storage.limit));
  assert.match((await used.textContent()) ?? '', / of 2 GB used$/);
  assert.is(await page.getByRole('meter', { name: 'Storage' }).getAttribute('max'), String(storage.limit));
}

export async function workingDaysSave(page: Page, base: string, api: TestApi, companyId: number) {
  await page.goto(`${base}/holiday`);
  const days = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
  for (const d of days) await page.getByLabel(d, { exact: true }).waitFor();
  await page.waitForFunction(() => (document.querySelector('fieldset.working-days') as HTMLFieldSetElement | null)?.disabled === false);
  await page.getByLabel('Monday', { exact: true }).check();
  await page.getByLabel('Saturday', { exact: true }).check();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await waitText(page, 'Working days updated successfully.');
  const saved = await api.sql.all<{ day_id: number }>('SELECT day_id FROM company_days WHERE company_id = ? ORDER BY day_id', [companyId]);
  assert.equal(
    saved.map((r) => r.day_id),
    [2, 7],
  );
  await page.reload();
  await page.waitForFunction(() => (document.querySelector('input[value="7"]') as HTMLInputElement | null)?.checked === true);
  assert.not.ok(await page.getByLabel('Sunday', { exact: true }).isChecked());
}

/** Accepts `accept` and rejects `reject` (guest names of Requested bookings). */
export async function bookingsAnswer(page: Page, base: string, accept: string, reject: string) {
  await page.goto(`${base}/booking`);
  await page.getByRole('columnheader', { name: 'Token' }).waitFor();
  await page.getByRole('button', { name: `Accept booking of ${accept}` }).click();
  const row = page.getByRole('row').filter({ hasText: accept });
  await row.getByText('Allowed', { exact: true }).waitFor();
  // Cells: selection checkbox, Sl.No, Date, Name, Token.
  const token = (await row.locator('td').nth(4).innerText()).trim();
  assert.match(token, /^[A-Z2-9]{8}$/);
  assert.is(await page.getByRole('button', { name: `Accept booking of ${accept}` }).count(), 0, 'no Accept once Allowed');
  await page.getByRole('button', { name: `View booking of ${accept}` }).click();
  const modal = page.getByRole('dialog', { name: 'Booking Details' });
  await modal.getByText(token).waitFor();
  await modal.getByRole('button', { name: 'Close' }).last().click();
  await page.getByRole('button', { name: `Reject booking of ${reject}` }).click();
  await page.getByRole('row').filter({ hasText: reject }).getByText('Rejected', { exact: true }).waitFor();
  await page.getByRole('button', { name: `View booking of ${reject}` }).click();
  const rejected = page.getByRole('dialog', { name: 'Booking Details' });
  await rejected.getByText('Booking Date').waitFor();
  assert.not.ok(await rejected.getByText('Token').count(), 'no token on a rejected booking');
  await page.keyboard.press('Escape');
}

export async function eventsAddAndDelete(page: Page, base: string, api: TestApi, companyId: number) {
  await page.goto(`${base}/events`);
  await page.getByRole('button', { name: 'Add Event' }).click();
  const modal = page.getByRole('dialog', { name: 'Add Event' });
  await modal.getByRole('button', { name: 'Save' }).click();
  await waitText(page, 'Please fill Name.');
  await modal.getByLabel('Name', { exact: true }).fill('E2E Regatta');
  assert.ok(await modal.getByRole('switch').isChecked(), 'single day is on by default');
  await modal.getByRole('switch').uncheck();
  await modal.getByLabel('Start Date').fill('2031-06-10');
  await modal.getByLabel('End Date').fill('2031-06-09');
  await modal.getByRole('button', { name: 'Save' }).click();
  await waitText(page, 'The end date cannot be before the start date.');
  await modal.getByRole('switch').check();
  await modal.getByLabel('Event Date').fill('2031-06-10');
  await modal.getByLabel('Logo (optional)').setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64'),
  });
  await modal.getByRole('img').waitFor();
  await modal.getByRole('button', { name: 'Save' }).click();
  await modal.waitFor({ state: 'detached' });
  await page.getByRole('link', { name: 'E2E Regatta' }).waitFor();
  const ev = await api.sql.get<{ id: number; start_date: string; end_date: string; logo: string }>(
    "SELECT id, start_date, end_date, logo FROM events WHERE title = 'E2E Regatta' AND company_id = ?",
    [companyId],
  );
  assert.is(ev?.start_date, '2031-06-10');
  assert.is(ev?.end_date, '2031-06-10');
  assert.match(ev!.logo, /^\/uploads\/events\/.+\.png$/);

  await insertPhotoRows(api.sql, demoPhotoRows(ev!.id, 1200));
  assert.is((await fetch(`${api.url}${ev!.logo}`)).status, 200);

  await page.getByRole('button', { name: 'Delete E2E Regatta' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Event' });
  await confirm.getByText('Are you sure that you want to delete this event ?').waitFor();
  await confirm.getByText('This also deletes 1,200 photos.').waitFor();
  await confirm.getByLabel('Type E2E Regatta to confirm').fill('E2E Regatta');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await waitText(page, 'Event deleted successfully');
  await page.getByRole('link', { name: 'E2E Regatta' }).waitFor({ state: 'detached' });
  assert.is((await fetch(`${api.url}${ev!.logo}`)).status, 404);
  assert.is(await n(api, "SELECT COUNT(*) AS n FROM events WHERE title = 'E2E Regatta'", []), 0);
}

/** Opens the event from the list; checks heading, breadcrumb and the Campaigns and Details tabs. */
export async function eventDetailTabs(page: Page, base: string, eventId: number, title: string, description: string) {
  await page.goto(`${base}/events`);
  await page.getByRole('link', { name: title }).click();
  await page.waitForURL(`${base}/events/${eventId}`);
  await page.getByRole('heading', { name: title, level: 1 }).waitFor();
  assert.equal(await page.locator('.breadcrumb li').allInnerTexts(), ['Home', 'Events', `Event Detail: ${title}`]);
  assert.is(await page.getByRole('tab', { selected: true }).innerText(), 'Campaigns');
  await page.getByRole('tabpanel').waitFor();
  await page.getByRole('tab', { name: 'Details' }).click();
  await page.getByText(description).waitFor();
  await page.getByRole('tab', { name: 'Photos' }).click();
  await page.waitForURL(`${base}/events/${eventId}?tab=photos`);
}

const photoTotal = (api: TestApi, eventId: number) => n(api, 'SELECT COUNT(*) AS n FROM event_photos WHERE event_id = ?', [eventId]);
const photoRows = (page: Page) => page.getByRole('table', { name: 'Event photos' }).locator('tbody tr');

async function openUpload(page: Page) {
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const modal = page.getByRole('dialog', { name: 'Upload event photos' });
  await modal.getByRole('link', { name: 'Download Template' }).waitFor();
  return modal;
}

/** Clears, uploads the 1,000-row CSV and the .xlsx, pages through 10 a page, refuses bad sheets, clears all. */
export async function photosFlow(page: Page, base: string, api: TestApi, eventId: number) {
  await page.goto(`${base}/events/${eventId}?tab=photos`);
  await page.getByRole('table', { name: 'Event photos' }).waitFor();
  await deletePhotos(api.sql, eventId);
  await page.reload();
  await page.getByText('No photos uploaded', { exact: true }).waitFor();

  // The template link serves exactly the columns, then the one example row every import skips.
  const modal = await openUpload(page);
  const href = await modal.getByRole('link', { name: 'Download Template' }).getAttribute('href');
  const template = (await (await fetch(new URL(href!, base))).text()).trim().split(/\r?\n/);
  assert.is(template[0], 'bid_number,low_res_image,high_res_image,orientation');
  assert.equal(template.slice(1), [PHOTO_COLUMNS.map((c) => PHOTO_EXAMPLE[c]).join(',')]);

  // A CSV with one bad row: the preview names it and Upload stays off.
  await modal.getByLabel('Spreadsheet (.csv or .xlsx)').setInputFiles(`${FIXTURES}/photos-bad-row.csv`);
  await modal.getByText('Row 18: orientation must be portrait or landscape.').waitFor();
  assert.ok(await modal.getByRole('button', { name: 'Upload' }).isDisabled());

  // The 1,000-row CSV: preview, progress, success, 10 a page.
  await modal.getByLabel('Spreadsheet (.csv or .xlsx)').setInputFiles(`${FIXTURES}/photos-1000.csv`);
  await modal.getByText('1,000').waitFor();
  await modal.getByRole('cell', { name: '10001', exact: true }).waitFor();
  await modal.getByRole('button', { name: 'Upload' }).click();
  await waitText(page, 'Successfully uploaded photos', JOB_MS);
  await modal.waitFor({ state: 'detached' });
  assert.is(await photoTotal(api, eventId), 1000);
  // After an add the list keeps its order (the default, oldest first): page 1 shows the first rows.
  await page.getByRole('cell', { name: '10001', exact: true }).waitFor();
  assert.not.match(page.url(), /sort=/);
  assert.is(await photoRows(page).count(), 10);
  await page.getByRole('navigation', { name: 'Photo pages' }).getByRole('link', { name: 'Page 2' }).click();
  await page.waitForURL(/[?&]page=2/);
  assert.match(page.url(), /tab=photos/);
  await page.getByRole('cell', { name: '10011', exact: true }).waitFor();
  assert.is(await photoRows(page).count(), 10);
  assert.ok(await page.getByRole('navigation', { name: 'Photo pages' }).getByRole('link', { name: 'Page 100' }).isVisible());

  // An .xlsx with a flat price.
  const x = await openUpload(page);
  await x.getByLabel('Flat').check();
  await x.getByLabel('Price', { exact: true }).fill('4.50');
  await x.getByLabel('Spreadsheet (.csv or .xlsx)').setInputFiles(`${FIXTURES}/photos-25.xlsx`);
  await x.getByRole('button', { name: 'Upload' }).click();
  await x.waitFor({ state: 'detached', timeout: JOB_MS });
  // The list keeps its order and page after an upload; its count follows.
  await page.locator('.list-count', { hasText: '1,025 photos' }).waitFor();
  assert.match(page.url(), /[?&]page=2/);
  assert.is(await photoTotal(api, eventId), 1025);
  assert.is(await n(api, "SELECT COUNT(*) AS n FROM event_photos WHERE event_id = ? AND price = '4.50' AND bid_number = '20001'", [eventId]), 1);

  // An .xlsx with one bad row: the API refuses it, names the row, writes nothing.
  const bad = await openUpload(page);
  await bad.getByLabel('Spreadsheet (.csv or .xlsx)').setInputFiles(`${FIXTURES}/photos-bad-row.xlsx`);
  await bad.getByRole('button', { name: 'Upload' }).click();
  await bad.getByText('Row 18: orientation must be portrait or landscape.').waitFor({ timeout: JOB_MS });
  await bad.getByText('Nothing was uploaded', { exact: false }).waitFor();
  assert.is(await photoTotal(api, eventId), 1025);
  await bad.getByRole('button', { name: 'Close' }).last().click();

  // Clear all.
  await page.getByRole('button', { name: 'Clear all' }).click();
  const confirm = page.getByRole('dialog', { name: 'Are you sure ?' });
  await confirm.getByText('irreversible', { exact: false }).waitFor();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await waitText(page, 'Photos has been cleared.');
  await page.getByText('No photos uploaded', { exact: true }).waitFor();
  assert.is(await photoTotal(api, eventId), 0);
}
