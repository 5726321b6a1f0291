import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startE2E, type E2E } from './harness.ts';
import { organiserSignedIn } from './campaign-helpers.ts';
import type { Organiser } from '../api/campaigns-fixtures.ts';
import { insertBooking } from '../../server/db/queries/bookings.ts';

/**
 * A booking decision cannot overwrite someone else's (docs/live.md "Versions and If-Match"): the
 * organiser's list shows a booking Requested; staff accept it meanwhile; the organiser's Reject,
 * from the row and from Booking Details, is refused: the toast names who changed it and its
 * status now, the row shows it Allowed, and the booking stays Allowed.
 */
let e: E2E;
let org: Organiser;
let admin: string;
const ids: Record<string, number> = {};
test.before(async () => {
  e = await startE2E();
  admin = await e.api.login();
  org = await organiserSignedIn(e, 'Quay Runs');
  for (const name of ['Ada Requested', 'Ben Requested'])
    ids[name] = await insertBooking(e.api.sql, {
      companyId: org.companyId,
      date: '2030-07-01',
      name,
      email: `${name.split(' ')[0].toLowerCase()}@example.org`,
      phone: '555',
      status: 0,
      token: null,
    });
});
test.after(async () => {
  await e.stop();
});

const statusOf = (name: string) => e.page.getByRole('row').filter({ hasText: name }).locator('.badge').textContent();
const stored = async (id: number) => (await e.api.sql.get<{ status: number }>('SELECT status FROM bookings WHERE id = ?', [id]))!.status;

test("a row's Reject after staff accepted the booking: refused, the toast says who and how, the row shows it Allowed", async () => {
  const a = e.page;
  await a.goto(`${e.url}/admin/organizer/${org.companyId}/booking`);
  await a.getByRole('button', { name: 'Reject booking of Ada Requested' }).waitFor();
  const staff = await e.api.call('PUT', `organiser/booking/${ids['Ada Requested']}`, { token: admin, form: { status: '1' } });
  assert.is(staff.status, 200, JSON.stringify(staff.body));

  await a.getByRole('button', { name: 'Reject booking of Ada Requested' }).click();
  await a.getByText(/^Administrator changed this booking at .+, after you saw it: it is now Allowed\. Your decision was not saved\.$/).waitFor();
  await a.getByRole('button', { name: 'Reject booking of Ada Requested' }).waitFor({ state: 'detached' });
  assert.is(await statusOf('Ada Requested'), 'Allowed', 'the row is shown as it is now');
  assert.is(await stored(ids['Ada Requested']), 1, 'nothing was overwritten');
});

test("Booking Details' Reject after staff accepted it: refused with the same words, the details show it Allowed", async () => {
  const a = e.page;
  await a.goto(`${e.url}/admin/organizer/${org.companyId}/booking`);
  await a.getByRole('button', { name: 'View booking of Ben Requested' }).click();
  const dialog = a.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Reject' }).waitFor();
  assert.is((await e.api.call('PUT', `organiser/booking/${ids['Ben Requested']}`, { token: admin, form: { status: '1' } })).status, 200);

  await dialog.getByRole('button', { name: 'Reject' }).click();
  await a.getByText(/^Administrator changed this booking at .+, after you saw it: it is now Allowed\. Your decision was not saved\.$/).waitFor();
  await dialog.getByRole('button', { name: 'Reject' }).waitFor({ state: 'detached' });
  assert.is(await stored(ids['Ben Requested']), 1);
  assert.equal(e.errors, []);
});

test.run();
