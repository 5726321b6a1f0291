import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startE2E, signIn, type E2E } from './harness.ts';
import { makeOrganiser, type TestOrganiser } from '../api/organiser-fixtures.ts';
import { insertBooking } from '../../server/db/queries/bookings.ts';
import * as flow from './organiser-flows.ts';

let e: E2E;
let A: TestOrganiser;
let base: string;
test.before(async () => {
  e = await startE2E();
  A = await makeOrganiser(e.api, 'Alpha', 0);
  await insertBooking(e.api.sql, {
    companyId: A.companyId,
    date: '2031-01-02',
    name: 'Second Guest',
    email: 's@example.com',
    phone: '1',
    status: 0,
    token: null,
  });
  base = `${e.url}/admin/organizer/${A.companyId}`;
  await signIn(e.page, e.url);
});
test.after(async () => {
  await e.stop();
});

test('an admin opens an organiser from the Organizers list and gets its console with Back to Admin', async () => {
  const { page } = e;
  await page.goto(`${e.url}/admin/organizers`);
  await page.getByRole('link', { name: 'Organiser Alpha' }).click();
  await page.waitForURL(base);
  await page.getByRole('link', { name: /Back to Admin/ }).waitFor();
  assert.equal(await flow.sidebarItems(page), ['Dashboard', 'Organizer Profile', 'Events', 'Working Days', 'Bookings', 'Activity', 'Reports', 'Webhooks']);
  await flow.dashboardShowsOrganiserData(page, base, 'Event of Alpha', 'Guest of Alpha');
});

test('the admin updates the organiser profile', () => flow.profileUpdates(e.page, base, e.api, A.companyId, A.email));
test('the admin saves working days', () => flow.workingDaysSave(e.page, base, e.api, A.companyId));
test('the admin accepts and rejects bookings', () => flow.bookingsAnswer(e.page, base, 'Guest of Alpha', 'Second Guest'));
test('the admin adds and deletes an event', () => flow.eventsAddAndDelete(e.page, base, e.api, A.companyId));
test('the admin opens the event detail and its tabs', () => flow.eventDetailTabs(e.page, base, A.eventId, 'Event of Alpha', 'Secret Alpha'));
test('the admin uploads photo sheets, pages them and clears them', () => flow.photosFlow(e.page, base, e.api, A.eventId));

test('Back to Admin returns to the admin area and the page stayed free of errors', async () => {
  await e.page.getByRole('link', { name: /Back to Admin/ }).click();
  await e.page.waitForURL(`${e.url}/admin`);
  assert.equal(e.errors, []);
});

test.run();
