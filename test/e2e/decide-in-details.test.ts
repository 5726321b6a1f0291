import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { startE2E, type E2E } from './harness.ts';
import { organiserSignedIn, toast } from './campaign-helpers.ts';
import { makeCampaign, type Organiser } from '../api/campaigns-fixtures.ts';
import { insertVideo } from '../../server/db/queries/participant-videos.ts';
import { insertBooking } from '../../server/db/queries/bookings.ts';

/**
 * Decisions where the details are (Booking Details accepts and offers
 * the next requested booking; the dashboard's waiting-video link opens that video in Uploads →
 * Pending) and counts on the moderation tabs that match the API and follow each decision.
 */
let e: E2E;
let org: Organiser;
let campaign = 0;
const base = () => `${e.url}/admin/organizer/${org.companyId}`;

test.before(async () => {
  e = await startE2E();
  org = await organiserSignedIn(e, 'Harbour Club');
  campaign = await makeCampaign(e.api, org, { type: '2', title: 'Harbour Dances' });
  for (let i = 1; i <= 7; i++) {
    await insertVideo(e.api.sql, {
      campaign_id: campaign,
      name: `Dancer ${i}`,
      age: 12,
      district: 'Bay',
      school_name: 'Pier School',
      status: i <= 6 ? 1 : 3,
      dropbox_shareable_link: `https://www.dropbox.com/s/x/d${i}.mp4?dl=0`,
      video_url: '',
    });
  }
  for (const [i, name] of ['Ada Requested', 'Ben Requested', 'Cy Allowed'].entries()) {
    await insertBooking(e.api.sql, {
      companyId: org.companyId,
      date: `2030-06-0${i + 1}`,
      name,
      email: `g${i}@example.com`,
      phone: '555',
      status: i < 2 ? 0 : 1,
      token: i < 2 ? null : 'ABCDEFGH',
    });
  }
});
test.after(async () => {
  await e.stop();
});

const bookingStatus = async (name: string) => (await e.api.sql.get<{ status: number }>('SELECT status FROM bookings WHERE name = ?', [name]))!.status;

test('accepting a requested booking from Booking Details updates its row and offers the next requested one', async () => {
  const page = e.page;
  await page.goto(`${base()}/booking`);
  await page.getByRole('button', { name: 'View booking of Ben Requested' }).click();
  const modal = page.getByRole('dialog', { name: 'Booking Details' });
  await modal.getByText('g1@example.com').waitFor();
  await modal.getByRole('button', { name: 'Accept', exact: true }).click();
  await toast(page, 'Booking accepted successfully.');
  // The modal now shows the token; the row behind it says Allowed with the same token.
  const token = (await modal.locator('dd.mono').innerText()).trim();
  assert.match(token, /^[A-Z2-9]{8}$/);
  const row = page.getByRole('row').filter({ hasText: 'Ben Requested' });
  await row.getByText('Allowed', { exact: true }).waitFor();
  assert.is((await row.locator('td').nth(4).innerText()).trim(), token);
  assert.is(await bookingStatus('Ben Requested'), 1);
  assert.is(await modal.getByRole('button', { name: 'Accept', exact: true }).count(), 0, 'no Accept once decided');
  // Next requested opens Ada's booking in the same dialog, with its own decisions.
  await modal.getByRole('button', { name: 'Next requested' }).click();
  await modal.getByText('g0@example.com').waitFor();
  await modal.getByRole('button', { name: 'Reject', exact: true }).click();
  await toast(page, 'Booking rejected successfully.');
  await page.getByRole('row').filter({ hasText: 'Ada Requested' }).getByText('Rejected', { exact: true }).waitFor();
  await modal.getByText('No other booking is waiting for an answer.').waitFor();
  assert.is(await bookingStatus('Ada Requested'), 2);
});

const tabs = (page: Page) => page.getByRole('tablist', { name: 'Video status' }).getByRole('tab').allInnerTexts();
const apiTotal = async (status: number) => {
  const r = await e.api.call('GET', `getAllParticipantVideos?campaign_id=${campaign}&status=${status}&pageCount=5`, { token: org.token });
  return r.body.data.total as number;
};

test("the dashboard's waiting-video link opens that video in Uploads → Pending", async () => {
  const page = e.page;
  await page.goto(base());
  const panel = page.getByRole('region', { name: 'Videos waiting for moderation' });
  await panel.getByRole('link', { name: 'Dancer 1' }).click();
  const preview = page.getByRole('dialog', { name: 'Video Preview' });
  await preview.getByText('Dancer 1', { exact: true }).waitFor();
  assert.match((await preview.locator('video').getAttribute('src')) ?? '', /d1\.mp4\?raw=1$/);
  await page.getByRole('tab', { name: /^Pending/, selected: true }).waitFor();
  await page.getByRole('tab', { name: /^Uploads/, selected: true }).waitFor();
  await preview.getByRole('button', { name: 'Close' }).first().click();
  await preview.waitFor({ state: 'detached' });
  assert.not.match(page.url(), /video=/, 'closing the preview takes the video out of the address');
});

test("the moderation tabs' counts match the API's totals and change after an accept", async () => {
  const page = e.page;
  await page.getByRole('tab', { name: 'Pending (6)' }).waitFor();
  const expected = [`Pending (${await apiTotal(1)})`, `Accepted (${await apiTotal(4)})`, `Rejected (${await apiTotal(3)})`, `Live (${await apiTotal(2)})`];
  assert.equal(await tabs(page), expected);
  assert.equal(expected, ['Pending (6)', 'Accepted (0)', 'Rejected (1)', 'Live (0)']);
  await page.getByRole('button', { name: 'View video of Dancer 2' }).click();
  const preview = page.getByRole('dialog', { name: 'Video Preview' });
  await preview.getByRole('button', { name: 'Accept', exact: true }).click();
  await page.getByRole('dialog', { name: 'Accept video' }).getByRole('button', { name: 'YES' }).click();
  await toast(page, 'Video accepted successfully');
  await page.getByRole('tab', { name: 'Pending (5)' }).waitFor();
  assert.equal(await tabs(page), ['Pending (5)', 'Accepted (1)', 'Rejected (1)', 'Live (0)']);
  assert.is(await apiTotal(1), 5);
  assert.is(await apiTotal(4), 1);
});

test.run();
