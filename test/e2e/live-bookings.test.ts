import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { startE2E, signIn, type E2E } from './harness.ts';
import { organiserSignedIn } from './campaign-helpers.ts';
import type { Organiser } from '../api/campaigns-fixtures.ts';
import { insertBooking } from '../../server/db/queries/bookings.ts';
import { createEvent } from '../../server/db/queries/events.ts';

/**
 * The organiser's bookings list says what changed (docs/live.md "Lists that say what changed"),
 * in two browsers: A, the organiser, has the list open; B, staff, accepts one booking in its own
 * browser and rejects another through the API. A's list counts them ("2 updated · Show") without
 * reloading the page or moving a row, and Show brings the changed rows, marked. The dashboard's
 * panels load again on their own when a booking is answered elsewhere.
 */
let e: E2E;
let org: Organiser;
test.before(async () => {
  e = await startE2E();
  org = await organiserSignedIn(e, 'Harbour Swim');
  for (const [name, date] of [
    ['Ada Requested', '2030-07-01'],
    ['Ben Requested', '2030-07-02'],
    ['Cy Requested', '2030-07-03'],
  ])
    await insertBooking(e.api.sql, {
      companyId: org.companyId,
      date,
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

const names = (page: Page) => page.locator('.list-table tbody tr td:nth-child(4)').allInnerTexts();
const statusOf = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name }).locator('.badge').textContent();

test("B answers bookings while A's list is open: A sees '2 updated', the rows unmoved, and Show brings the changes", async () => {
  const a = e.page;
  const bookings = `${e.url}/admin/organizer/${org.companyId}/booking`;
  const streamed = a.waitForResponse((r) => new URL(r.url()).pathname === '/api/stream');
  await a.goto(bookings);
  await a.getByRole('button', { name: 'Accept booking of Ben Requested' }).waitFor();
  await streamed;
  await a.waitForTimeout(1_000); // the stream's feed knows where it reads from
  await a.evaluate(() => {
    (window as unknown as { marker: number }).marker = 1;
  });
  const before = await names(a);

  const other = await e.browser.newContext({ viewport: { width: 1280, height: 860 } });
  const b = await other.newPage();
  b.setDefaultTimeout(10_000);
  try {
    await signIn(b, e.url);
    await b.goto(bookings);
    await b.getByRole('button', { name: 'Accept booking of Ben Requested' }).click();
    await b.getByRole('row').filter({ hasText: 'Ben Requested' }).getByText('Allowed', { exact: true }).waitFor();
    const admin = await e.api.login();
    const cy = await e.api.sql.get<{ id: number }>("SELECT id FROM bookings WHERE name = 'Cy Requested'");
    assert.is((await e.api.call('PUT', `organiser/booking/${cy!.id}`, { token: admin, form: { status: '2' } })).status, 200);

    const notice = a.getByRole('status').filter({ hasText: 'updated' });
    await notice.getByText('2 updated').waitFor();
    assert.equal(await names(a), before, 'no row moved');
    assert.is(await statusOf(a, 'Ben Requested'), 'Requested', 'nothing changes under the reader');

    await notice.getByRole('button', { name: 'Show' }).click();
    await a.getByRole('row').filter({ hasText: 'Ben Requested' }).getByText('Allowed', { exact: true }).waitFor();
    assert.is(await statusOf(a, 'Cy Requested'), 'Rejected');
    assert.ok(
      await a
        .getByRole('row')
        .filter({ hasText: 'Ben Requested' })
        .evaluate((r) => r.classList.contains('row-new')),
      'the changed row is marked',
    );
    assert.is(await notice.count(), 0, 'the notice is gone');
    assert.is(await a.evaluate(() => (window as unknown as { marker?: number }).marker), 1, 'the page was not reloaded');
    assert.equal(e.errors, []);
  } finally {
    await other.close();
  }
});

test("the organiser's dashboard loads its panels again when a booking is answered elsewhere", async () => {
  const a = e.page;
  const streamed = a.waitForResponse((r) => new URL(r.url()).pathname === '/api/stream');
  await a.goto(`${e.url}/admin/organizer/${org.companyId}`);
  const panel = a.locator('.org-dashboard');
  await panel.getByText('Ada Requested').waitFor();
  await streamed;
  await a.waitForTimeout(1_000);
  await a.evaluate(() => {
    (window as unknown as { marker: number }).marker = 2;
  });
  const admin = await e.api.login();
  const ada = await e.api.sql.get<{ id: number }>("SELECT id FROM bookings WHERE name = 'Ada Requested'");
  assert.is((await e.api.call('PUT', `organiser/booking/${ada!.id}`, { token: admin, form: { status: '1' } })).status, 200);
  await panel.getByText('Ada Requested').waitFor({ state: 'detached', timeout: 8_000 });
  assert.is(await a.evaluate(() => (window as unknown as { marker?: number }).marker), 2, 'the page was not reloaded');
  assert.equal(e.errors, []);
});

test("an event's participants list counts that event's participants added elsewhere, not another event's, and its funnel counts again", async () => {
  const a = e.page;
  const other = await createEvent(e.api.sql, {
    organizer_id: org.companyId,
    title: 'Other swim',
    description: '',
    start_date: '2030-06-01',
    end_date: '2030-06-01',
    logo: '',
  });
  const streamed = a.waitForResponse((r) => new URL(r.url()).pathname === '/api/stream');
  await a.goto(`${e.url}/admin/organizer/${org.companyId}/events/${org.eventId}?tab=participants`);
  await a.locator('.list-table, .empty-state').first().waitFor();
  await streamed;
  await a.waitForTimeout(1_000);
  const add = (event: number, bib: string, name: string) =>
    e.api.call('POST', `event/${event}/participant`, { token: org.token, form: { bib_number: bib, name, face_consent: 'no' } });
  assert.is((await add(other, '900', 'Elsewhere Eli')).status, 200);
  assert.is((await add(org.eventId, '101', 'Here Hana')).status, 200);
  const notice = a.getByRole('status').filter({ hasText: 'updated' });
  await notice.getByText('1 updated').waitFor();
  await a.waitForTimeout(1_500);
  assert.match((await notice.textContent()) ?? '', /^\s*1 updated/, "only this event's participant counts");
  await notice.getByRole('button', { name: 'Show' }).click();
  await a.getByRole('row').filter({ hasText: 'Here Hana' }).waitFor();
  assert.is(await a.getByRole('row').filter({ hasText: 'Elsewhere Eli' }).count(), 0);
  assert.equal(e.errors, []);
});

test.run();
