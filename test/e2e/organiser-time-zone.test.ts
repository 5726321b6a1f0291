import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { BrowserContext, Page } from 'playwright-core';
import { startE2E, signIn, type E2E } from './harness.ts';
import { makeOrganiser, type TestOrganiser } from '../api/organiser-fixtures.ts';
import { createEvent } from '../../server/db/queries/events.ts';
import { clockFrom } from '../api/test-clock.ts';

// The Organizer Profile's Time zone: not chosen, the browser's decides the organiser's today (the
// browser here runs in Pacific/Pago_Pago, UTC-11); a chosen one is saved, shown again and decides
// the dashboard's upcoming events. Pacific/Kiritimati (UTC+14) is always one or two days ahead of
// Pago Pago, so an event on Pago Pago's today is upcoming there and past in Kiritimati.
// The process clock (and the server's) runs from 05:00 UTC of the day the test started, 18:00 in
// Pago Pago and 19:00 in Kiritimati: the event made on Pago Pago's today stays on its today for
// the whole test, whatever the real hour.

const PASSWORD = 'Organiser-pass-1'; // makeOrganiser's
const now = clockFrom('05:00');
const pagoToday = () => new Date(Date.now() - 11 * 3_600_000).toISOString().slice(0, 10);
let e: E2E;
let context: BrowserContext;
let page: Page;
let org: TestOrganiser;
let base: string;
test.before(async () => {
  e = await startE2E({ now });
  org = await makeOrganiser(e.api, 'Zoned', 0);
  await createEvent(e.api.sql, {
    organizer_id: org.companyId,
    title: 'Pago Pago day',
    description: '',
    start_date: pagoToday(),
    end_date: pagoToday(),
    logo: '',
  });
  context = await e.browser.newContext({ timezoneId: 'Pacific/Pago_Pago', viewport: { width: 1280, height: 860 } });
  page = await context.newPage();
  page.setDefaultTimeout(10_000);
  page.on('pageerror', (err) => e.errors.push(err.message));
  base = `${e.url}/admin/organizer/${org.companyId}`;
});
test.after(async () => {
  await context.close();
  await e.stop();
});

const zoneField = () => page.getByLabel('Time zone', { exact: true });
const savedZone = async () => (await e.api.sql.get<{ time_zone: string }>('SELECT time_zone FROM companies WHERE id = ?', [org.companyId]))!.time_zone;
/** The titles the dashboard lists under Upcoming events. */
async function upcomingOnDashboard() {
  await page.goto(base);
  const panel = page.getByRole('region', { name: 'Upcoming events' });
  await panel.getByRole('link', { name: 'Event of Zoned' }).waitFor();
  return panel.getByRole('link').allInnerTexts();
}

test("not chosen, the profile names the browser's time zone and the dashboard counts the browser's today", async () => {
  await signIn(page, e.url, org.email, PASSWORD);
  await page.waitForURL(base);
  assert.ok((await upcomingOnDashboard()).includes('Pago Pago day'));
  await page.goto(`${base}/profile`);
  await page.waitForFunction(() => ((document.querySelector('input[name=name]') as HTMLInputElement | null)?.value ?? '') !== '');
  assert.is(await zoneField().inputValue(), '');
  assert.is((await zoneField().locator('option:checked').textContent())?.trim(), "Not chosen: this browser's (Pacific/Pago_Pago)");
  assert.is(await page.locator('#profile-time-zone-rule').textContent(), 'Decides which day is today for your upcoming events and dashboard.');
});

test('a chosen time zone is saved, shown again after a reload, and decides the dashboard', async () => {
  await zoneField().selectOption('Pacific/Kiritimati');
  await page.getByRole('button', { name: 'Update Profile' }).click();
  await page.locator('.toast-success').first().waitFor();
  assert.is(await savedZone(), 'Pacific/Kiritimati');
  await page.reload();
  await page.waitForFunction(() => (document.querySelector('select[name=time_zone]') as HTMLSelectElement | null)?.value === 'Pacific/Kiritimati');
  const upcoming = await upcomingOnDashboard();
  assert.not.ok(upcoming.includes('Pago Pago day'), `Kiritimati's today is after Pago Pago's: ${upcoming}`);
});

test("choosing Not chosen again clears it: the browser's today is back", async () => {
  await page.goto(`${base}/profile`);
  await page.waitForFunction(() => (document.querySelector('select[name=time_zone]') as HTMLSelectElement | null)?.value === 'Pacific/Kiritimati');
  await zoneField().selectOption('');
  await page.getByRole('button', { name: 'Update Profile' }).click();
  await page.locator('.toast-success').first().waitFor();
  assert.is(await savedZone(), '');
  assert.ok((await upcomingOnDashboard()).includes('Pago Pago day'));
  assert.equal(e.errors, []);
});

test.run();
