import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startE2E, type E2E } from './harness.ts';
import { organiserSignedIn, toast } from './campaign-helpers.ts';
import type { Organiser } from '../api/campaigns-fixtures.ts';
import { receiverFor, type Receiver } from '../api/smtp-receiver.ts';
import { insertBooking } from '../../server/db/queries/bookings.ts';

// Accepting a booking in the organiser console e-mails the participant its token.
let e: E2E;
let rx: Receiver;
let org: Organiser;
test.before(async () => {
  e = await startE2E({ mail: { pollMs: 100, retryBaseMs: 200 } });
  rx = await receiverFor(e.api);
  org = await organiserSignedIn(e, 'Quay Rowing');
  await insertBooking(e.api.sql, {
    companyId: org.companyId,
    date: '2030-07-01',
    name: 'Dee Requested',
    email: 'dee@example.org',
    phone: '555',
    status: 0,
    token: null,
  });
});
test.after(async () => {
  await e.stop();
  await rx.stop();
});

test('accepting a booking sends the participant its token', async () => {
  const page = e.page;
  await page.goto(`${e.url}/admin/organizer/${org.companyId}/booking`);
  await page.getByRole('button', { name: 'View booking of Dee Requested' }).click();
  const modal = page.getByRole('dialog', { name: 'Booking Details' });
  await modal.getByRole('button', { name: 'Accept', exact: true }).click();
  await toast(page, 'Booking accepted successfully.');
  const token = (await modal.locator('dd.mono').innerText()).trim();
  const mail = await rx.waitFor((m) => (m.to as { value: { address: string }[] } | undefined)?.value[0]?.address === 'dee@example.org');
  assert.is(mail.subject, 'Your booking for 2030-07-01 is confirmed');
  assert.ok(mail.text?.includes(`Your booking token is: ${token}`), mail.text);
  assert.match(mail.text ?? '', /Quay Rowing accepted your booking/);
  assert.equal(e.errors, []);
});

test.run();
