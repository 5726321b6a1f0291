import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startE2E, signIn, type E2E } from './harness.ts';
import { makeOrganiser, type TestOrganiser } from '../api/organiser-fixtures.ts';
import { insertBooking } from '../../server/db/queries/bookings.ts';
import * as flow from './organiser-flows.ts';

const PASSWORD = 'Organiser-pass-1'; // makeOrganiser's
let e: E2E;
let A: TestOrganiser, B: TestOrganiser;
let base: string;
test.before(async () => {
  e = await startE2E();
  A = await makeOrganiser(e.api, 'Delta', 0);
  B = await makeOrganiser(e.api, 'Echo', 2);
  await insertBooking(e.api.sql, {
    companyId: A.companyId,
    date: '2031-01-02',
    name: 'Late Guest',
    email: 'l@example.com',
    phone: '1',
    status: 0,
    token: null,
  });
  base = `${e.url}/admin/organizer/${A.companyId}`;
});
test.after(async () => {
  await e.stop();
});

test('an organiser user signs in and lands on its own console without Back to Admin', async () => {
  const { page } = e;
  await signIn(page, e.url, A.email, PASSWORD);
  await page.waitForURL(base);
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
  assert.equal(await flow.sidebarItems(page), ['Dashboard', 'Organizer Profile', 'Events', 'Working Days', 'Bookings', 'Activity', 'Reports', 'Webhooks']);
  assert.is(await page.getByRole('link', { name: /Back to Admin/ }).count(), 0);
  assert.is(await page.locator('.toast-container').count(), 1, 'one toast stack');
});

test("another organiser's console address sends the user to its own, showing none of the other's data", async () => {
  const { page } = e;
  await page.goto(`${e.url}/admin/organizer/${B.companyId}/events/${B.eventId}`);
  await page.waitForURL(base);
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
  assert.not.match(await page.content(), /Echo/);
});

test('the admin area and unknown console paths lead back to the console', async () => {
  const { page } = e;
  await page.goto(`${e.url}/admin/permissions`);
  await page.waitForURL(base);
  await page.goto(`${base}/no-such-screen`);
  await page.waitForURL(base);
});

test('the organiser updates its profile', () => flow.profileUpdates(e.page, base, e.api, A.companyId, A.email));
test('the organiser saves working days', () => flow.workingDaysSave(e.page, base, e.api, A.companyId));
test('the organiser accepts and rejects bookings', () => flow.bookingsAnswer(e.page, base, 'Guest of Delta', 'Late Guest'));
test('the organiser adds and deletes an event', () => flow.eventsAddAndDelete(e.page, base, e.api, A.companyId));
test('the organiser opens the event detail and its tabs', () => flow.eventDetailTabs(e.page, base, A.eventId, 'Event of Delta', 'Secret Delta'));
test('the organiser uploads photo sheets, pages them and clears them', () => flow.photosFlow(e.page, base, e.api, A.eventId));

test('organiser toasts use the one top-right stack and the page stayed free of errors', async () => {
  assert.is(await e.page.locator('.toast-container.bottom-right').count(), 0);
  assert.is(await e.page.locator('.toast-container.top-right').count(), 1);
  assert.equal(e.errors, []);
});

test.run();
