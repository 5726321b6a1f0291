import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { startE2E, type E2E } from './harness.ts';
import { eventPath, organiserSignedIn, shot, toast } from './campaign-helpers.ts';
import { makeCampaign, type Organiser } from '../api/campaigns-fixtures.ts';
import { insertVideo } from '../../server/db/queries/participant-videos.ts';
import { insertConferenceUser } from '../../server/db/queries/conference-users.ts';

let e: E2E;
let org: Organiser;
const ids = { image: 0, video: 0, conference: 0, photoApp: 0 };
const video = (status: number, name: string, extra: Partial<{ video_url: string }> = {}) =>
  insertVideo(e.api.sql, {
    campaign_id: ids.video,
    name,
    age: 11,
    district: 'North',
    school_name: 'Hill School',
    status,
    dropbox_shareable_link: `https://www.dropbox.com/s/x/${name.replace(/\W/g, '')}.mp4?dl=0`,
    video_url: extra.video_url ?? '',
  });

test.before(async () => {
  e = await startE2E();
  await e.browser.contexts()[0].grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e.url });
  org = await organiserSignedIn(e);
  ids.image = await makeCampaign(e.api, org, { type: '1', title: 'Photo Wall', subdomain: 'photo-wall', is_sales_event: '1' });
  ids.video = await makeCampaign(e.api, org, { type: '2', title: 'Dance Videos' });
  ids.conference = await makeCampaign(e.api, org, { type: '3', title: 'Coaches Forum' });
  ids.photoApp = await makeCampaign(e.api, org, { type: '4', title: 'Race Day App', start_date: '2030-05-01', end_date: '2030-05-03' });
  for (let i = 1; i <= 6; i++) await video(1, `Pending ${i}`);
  await video(2, 'Live Dancer', { video_url: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ' });
  await video(2, 'Broken Live', { video_url: 'https://www.youtube.com/watch?v=short' });
  for (const [i, type] of ['attende', 'speaker', 'attende'].entries()) {
    await insertConferenceUser(e.api.sql, { campaign_id: ids.conference, user_id: 700 + i, name: `Coach ${i + 1}`, email: `coach${i + 1}@example.com`, type });
  }
});
test.after(async () => {
  await e.stop();
});

const open = (page: Page, id: number, query = '') => page.goto(`${e.url}${eventPath(org)}/${id}${query}`);
const dd = (page: Page, term: string) => page.locator(`dt:text-is("${term}") + dd`).innerText();

test('the details tab shows type, full dates and Paid or Free for each kind', async () => {
  const page = e.page;
  const kinds: [number, string, string][] = [
    [ids.image, 'Image', 'Paid'],
    [ids.video, 'Video', 'Free'],
    [ids.conference, 'Conference', 'Free'],
    [ids.photoApp, 'PhotoApp', 'Free'],
  ];
  for (const [id, type, paid] of kinds) {
    await open(page, id);
    await page.locator('.detail-list').waitFor();
    assert.is(await dd(page, 'Campaign Type'), type);
    assert.is(await dd(page, 'Event'), paid);
    const crumbs = await page.locator('.breadcrumb li').allInnerTexts();
    assert.equal(crumbs.slice(0, 2), ['Home', 'Events']);
    assert.ok(crumbs[2].startsWith('Event Detail: ') && crumbs[3] === `Campaign Detail: ${await page.locator('h1').innerText()}`, crumbs.join(' > '));
    assert.is(await page.getByRole('link', { name: 'Add template' }).count(), type === 'Image' ? 1 : 0);
    await shot(page, `detail-${type.toLowerCase()}`);
  }
  assert.is(await dd(page, 'Starting On'), 'Wednesday, 1 May 2030');
  assert.is(await dd(page, 'Ending On'), 'Friday, 3 May 2030');
  assert.is(await page.getByRole('tab').count(), 1, 'photo app campaigns have only Details');
});

test('sponsors are shown split on commas and trimmed, stray commas and spaces dropped', async () => {
  const page = e.page;
  await e.api.sql.run('UPDATE campaigns SET sponsors = ? WHERE id = ?', ['Acme Sports, Fizzy Drinks ,, ', ids.image]);
  await open(page, ids.image);
  await page.locator('.campaign-settings').waitFor();
  assert.is(await dd(page, 'Sponsors'), 'Acme Sports, Fizzy Drinks');
});

test('Copy campaign url and Copy event url put the links on the clipboard', async () => {
  const page = e.page;
  await open(page, ids.image);
  await page.getByRole('button', { name: 'Copy event url' }).click();
  assert.is(await toast(page, 'Copied to clipboard !'), 'Copied to clipboard !');
  assert.is(await page.evaluate(() => navigator.clipboard.readText()), 'https://photo-wall.example.app');
  await page.getByRole('button', { name: 'Copy campaign url' }).click();
  await page.waitForFunction(() => navigator.clipboard.readText().then((t) => t.includes('/login?')));
  assert.is(
    await page.evaluate(() => navigator.clipboard.readText()),
    'https://app.example.com/login?event_name=Run%20Club%20Marathon&campaign_name=Photo%20Wall',
  );
});

test('pending videos list 5 a page and a video is accepted after the confirmation', async () => {
  const page = e.page;
  await open(page, ids.video, '?tab=uploads');
  await page.getByRole('heading', { name: 'Uploaded Videos' }).waitFor();
  await page.getByRole('tab', { name: 'Live (2)' }).waitFor();
  assert.equal(await page.getByRole('tablist', { name: 'Video status' }).getByRole('tab').allInnerTexts(), [
    'Pending (6)',
    'Accepted (0)',
    'Rejected (0)',
    'Live (2)',
  ]);
  await page.getByRole('cell', { name: 'Pending 1', exact: true }).waitFor();
  assert.is(await page.locator('tbody tr').count(), 5);
  await page.getByRole('link', { name: 'Page 2' }).click();
  await page.getByRole('cell', { name: 'Pending 6', exact: true }).waitFor();
  assert.match(page.url(), /page=2/);
  await page.getByRole('button', { name: 'View video of Pending 6' }).click();
  const preview = page.getByRole('dialog', { name: 'Video Preview' });
  assert.match((await preview.locator('video').getAttribute('src')) ?? '', /Pending6\.mp4\?raw=1$/);
  await shot(page, 'video-preview');
  await preview.getByRole('button', { name: 'Accept' }).click();
  const confirm = page.getByRole('dialog', { name: 'Accept video' });
  assert.ok(await confirm.getByText('Are you sure that you want to accept this video?').isVisible());
  await confirm.getByRole('button', { name: 'YES' }).click();
  await toast(page, 'Video accepted successfully');
  await preview.waitFor({ state: 'detached' });
  await page.getByRole('tab', { name: 'Accepted' }).click();
  await page.getByRole('cell', { name: 'Pending 6', exact: true }).waitFor();
  assert.is((await e.api.sql.get<{ status: number }>("SELECT status FROM participant_videos WHERE name = 'Pending 6'"))!.status, 4);
});

test('a pending video is rejected after the confirmation', async () => {
  const page = e.page;
  await page.getByRole('tab', { name: 'Pending' }).click();
  await page.getByRole('button', { name: 'View video of Pending 1' }).click();
  const preview = page.getByRole('dialog', { name: 'Video Preview' });
  await preview.getByRole('button', { name: 'Reject' }).click();
  const confirm = page.getByRole('dialog', { name: 'Reject video' });
  assert.ok(await confirm.getByText('Are you sure that you want to reject this video?').isVisible());
  await confirm.getByRole('button', { name: 'YES' }).click();
  await toast(page, 'Video rejected successfully');
  await page.getByRole('tab', { name: 'Rejected' }).click();
  await page.getByRole('cell', { name: 'Pending 1', exact: true }).waitFor();
  assert.is((await e.api.sql.get<{ status: number }>("SELECT status FROM participant_videos WHERE name = 'Pending 1'"))!.status, 3);
});

test('a live video plays in an embedded frame without Accept or Reject; a bad link gives the id "error"', async () => {
  const page = e.page;
  await page.getByRole('tab', { name: 'Live' }).click();
  await page.getByRole('button', { name: 'View video of Live Dancer' }).click();
  const preview = page.getByRole('dialog', { name: 'Video Preview' });
  assert.is(await preview.locator('iframe').getAttribute('src'), 'https://www.youtube.com/embed/aqz-KE-bpKQ');
  assert.is(await preview.getByRole('button', { name: 'Accept' }).count(), 0);
  assert.is(await preview.getByRole('button', { name: 'Reject' }).count(), 0);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'View video of Broken Live' }).click();
  assert.is(await preview.locator('iframe').getAttribute('src'), 'https://www.youtube.com/embed/error');
  await page.keyboard.press('Escape');
});

test('an attendee is converted to speaker and the list refreshes', async () => {
  const page = e.page;
  await open(page, ids.conference, '?tab=users');
  await page.getByRole('cell', { name: 'coach1@example.com' }).waitFor();
  assert.is(await page.getByRole('button', { name: /Convert .* to speaker/ }).count(), 2, 'only attendees can be converted');
  const typeOf = (name: string) =>
    page
      .getByRole('row', { name: new RegExp(name) })
      .getByRole('cell')
      .nth(2)
      .innerText();
  assert.equal([await typeOf('Coach 1'), await typeOf('Coach 2')], ['Attendee', 'Speaker'], 'the Type column reads words, not the stored attende');
  await shot(page, 'detail-conference-users');
  await page.getByRole('button', { name: 'Convert Coach 1 to speaker' }).click();
  await toast(page, 'Converted to speaker successfully');
  await page.getByRole('button', { name: 'Convert Coach 1 to speaker' }).waitFor({ state: 'detached' });
  const row = page.getByRole('row', { name: /Coach 1/ });
  assert.is(await row.getByRole('cell').nth(2).innerText(), 'Speaker');
  assert.is((await e.api.sql.get<{ type: string }>('SELECT type FROM conference_users WHERE user_id = 700'))!.type, 'speaker');
  assert.equal(e.errors, []);
});

test("another organiser's campaign is not shown", async () => {
  const page = e.page;
  const other = await e.api.sql.get<{ id: number }>(
    "INSERT INTO companies (name, email, status, created_at) VALUES ('Rival', 'rival@example.com', 1, 0) RETURNING id",
  );
  const ev = await e.api.sql.get<{ id: number }>(
    "INSERT INTO events (company_id, title, start_date, end_date, created_at) VALUES (?, 'Rival Run', '2030-01-01', '2030-01-01', 0) RETURNING id",
    [other!.id],
  );
  const c = await e.api.sql.get<{ id: number }>(
    "INSERT INTO campaigns (event_id, title, start_date, end_date, type, created_at) VALUES (?, 'Rival Secret', '2030-01-01', '2030-01-01', 1, 0) RETURNING id",
    [ev!.id],
  );
  await page.goto(`${e.url}${eventPath(org)}/${c!.id}`);
  await page.getByText('This campaign could not be loaded.').waitFor();
  assert.is(await page.getByText('Rival Secret').count(), 0);
});

test.run();
