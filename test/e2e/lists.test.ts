import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { startE2E, JOB_MS, signIn, type E2E } from './harness.ts';
import { makeCampaign, makeOrganiser, type Organiser } from '../api/campaigns-fixtures.ts';
import { insertVideo } from '../../server/db/queries/participant-videos.ts';
import { parseCsv } from '../../src/common/csv.ts';

/** Lists that scale, in Chromium: search, sort, filters, page size, bulk actions, export, repeated photo sheets. */
const TRICKY = ['Smith, Anna', 'Jo "Jojo" Lee', 'Zoë Ærø-Ñúñez', '=HYPERLINK("http://x")'];
const RUNNERS = Array.from({ length: 12 }, (_, i) => `Runner ${String(i + 1).padStart(2, '0')}`);
let e: E2E;
let admin: string;
let org: Organiser;
const role: Record<string, number> = {};

test.before(async () => {
  e = await startE2E();
  admin = await e.api.login();
  for (const name of ['editor', 'support'])
    role[name] = (await e.api.call('POST', 'role', { token: admin, form: { name, permissions: '[]', roles: '[]' } })).body.data.id;
  const add = (name: string, r: string) =>
    e.api.call('POST', 'user', {
      token: admin,
      form: { name, email: `${name.replace(/\W/g, '').toLowerCase()}@example.com`, password: 'Secret123', role: String(role[r]) },
    });
  for (const n of RUNNERS) await add(n, 'editor');
  for (const n of TRICKY) await add(n, 'support');
  org = await makeOrganiser(e.api, 'Lists Org');
  await signIn(e.page, e.url);
});
test.after(async () => {
  await e.stop();
});

const names = () => e.page.locator('tbody tr td:nth-child(3)').allInnerTexts();
const count = () => e.page.locator('.list-count').innerText();
const total = async (path: string) => (await e.api.call('GET', path, { token: admin })).body.data.total as number;

test('a search narrows the users list, lives in ?q= and survives a reload', async () => {
  const { page, url } = e;
  await page.goto(`${url}/admin/users`);
  await page.getByRole('cell', { name: 'Runner 01', exact: true }).waitFor();
  await page.getByRole('searchbox', { name: 'Search name or email' }).fill('runner');
  await page.waitForURL(/[?&]q=runner/);
  await page.locator('.list-count', { hasText: '12 users' }).waitFor();
  await page.reload();
  await page.locator('.list-count', { hasText: '12 users' }).waitFor();
  assert.is(await page.getByRole('searchbox').inputValue(), 'runner');
  assert.ok((await names()).every((n) => n.startsWith('Runner')));
});

test('a header click sorts by name, a second click reverses it', async () => {
  const { page, url } = e;
  await page.goto(`${url}/admin/users?q=runner`);
  await page.getByRole('button', { name: /^Name/ }).click();
  await page.waitForURL(/sort=name&dir=asc/);
  await page.locator('th[aria-sort="ascending"]').waitFor();
  await page.waitForFunction(() => document.querySelector('tbody tr td:nth-child(3)')?.textContent === 'Runner 01');
  await page.getByRole('button', { name: /^Name/ }).click();
  await page.waitForURL(/sort=name&dir=desc/);
  await page.waitForFunction(() => document.querySelector('tbody tr td:nth-child(3)')?.textContent === 'Runner 12');
  assert.is(await page.getByRole('columnheader', { name: /^Name/ }).getAttribute('aria-sort'), 'descending');
});

test('a filter and the page size stay in the address', async () => {
  const { page, url } = e;
  await page.goto(`${url}/admin/users`);
  await page.getByLabel('Role').selectOption({ label: 'support' });
  await page.waitForURL(new RegExp(`role=${role.support}`));
  await page.getByLabel('Per page').selectOption('25');
  await page.waitForURL(/per_page=25/);
  await page.reload();
  await page.locator('.list-count', { hasText: '4 users' }).waitFor();
  assert.is(await page.getByLabel('Role').inputValue(), String(role.support));
  assert.is(await page.getByLabel('Per page').inputValue(), '25');
});

test('an export downloads the filtered list as a CSV that reads back to the same rows', async () => {
  const { page, url } = e;
  await page.goto(`${url}/admin/users?role=${role.support}&sort=name&dir=asc`);
  await page.locator('.list-count', { hasText: '4 users' }).waitFor();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  assert.is(download.suggestedFilename(), 'users.csv');
  const bytes = readFileSync((await download.path())!);
  assert.equal([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf], 'UTF-8 byte-order mark');
  const [header, ...rows] = parseCsv(bytes.subarray(3).toString('utf8'));
  const api = (await e.api.call('GET', `user?role=${role.support}&sort=name&dir=asc&per_page=100`, { token: admin })).body.data.data as {
    id: number;
    name: string;
    email: string;
  }[];
  const safe = (s: string) => (/^[=+\-@\t\r]/.test(s) ? `'${s}` : s);
  assert.equal(header.slice(0, 3), ['id', 'name', 'email']);
  assert.equal(
    rows.filter((r) => r.length > 1).map((r) => r.slice(0, 3)),
    api.map((u) => [String(u.id), safe(u.name), u.email]),
  );
  assert.equal(new Set(api.map((u) => u.name)), new Set(TRICKY));
});

test('Export .xlsx beside Export CSV downloads the same filtered list as a workbook: ids as numbers, names as the text they are', async () => {
  const { page, url } = e;
  await page.goto(`${url}/admin/users?role=${role.support}&sort=name&dir=asc`);
  await page.locator('.list-count', { hasText: '4 users' }).waitFor();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export .xlsx' }).click()]);
  assert.is(download.suggestedFilename(), 'users.xlsx');
  const { readSheet } = await import('read-excel-file/node');
  const [header, ...rows] = await readSheet(readFileSync((await download.path())!));
  const api = (await e.api.call('GET', `user?role=${role.support}&sort=name&dir=asc&per_page=100`, { token: admin })).body.data.data as {
    id: number;
    name: string;
    email: string;
  }[];
  assert.equal(header.slice(0, 3), ['id', 'name', 'email']);
  assert.equal(
    rows.map((r) => r.slice(0, 3)),
    api.map((u) => [u.id, u.name, u.email]),
  );
});

test('selecting all matching rows and deleting them removes exactly those', async () => {
  const { page, url } = e;
  const before = await total('user?page=1');
  await page.goto(`${url}/admin/users?q=runner&per_page=10`);
  await page.locator('.list-count', { hasText: '12 users' }).waitFor();
  await page.getByLabel('Select all on this page').check();
  await page.getByRole('button', { name: 'Select all 12 users matching' }).click();
  await page.getByRole('button', { name: 'Delete selected' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete selected' });
  await confirm.getByText('Do you want to delete 12 users?').waitFor();
  await confirm.getByRole('button', { name: 'YES' }).click();
  await page.getByText('No results for “runner”.').waitFor();
  assert.is(await total('user?page=1&q=runner'), 0);
  assert.is(await total('user?page=1'), before - 12);
  assert.is(await total(`user?page=1&role=${role.support}`), 4);
});

const sheet = (bids: number[]) => ({
  name: 'photos.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from(
    [
      'bid_number,low_res_image,high_res_image,orientation',
      ...bids.map((b) => `${b},https://p.example.com/${b}-l.jpg,https://p.example.com/${b}-h.jpg,portrait`),
    ].join('\n'),
  ),
});
const photoCount = async () => Number((await e.api.sql.get<{ n: number }>('SELECT COUNT(*) AS n FROM event_photos WHERE event_id = ?', [org.eventId]))!.n);

test('a repeated photo sheet asks before writing, and "replace" leaves the count unchanged', async () => {
  const { page, url } = e;
  const upload = async () => {
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const modal = page.getByRole('dialog', { name: 'Upload event photos' });
    await modal.getByLabel('Spreadsheet (.csv or .xlsx)').setInputFiles(sheet([501, 502, 503]));
    await modal.getByRole('button', { name: 'Upload' }).click();
    return modal;
  };
  await page.goto(`${url}/admin/organizer/${org.companyId}/events/${org.eventId}?tab=photos`);
  await page.getByText('No photos uploaded', { exact: true }).waitFor();
  const first = await upload();
  await first.waitFor({ state: 'detached', timeout: JOB_MS });
  assert.is(await photoCount(), 3);
  const again = await upload();
  await again.getByText('3 photos in this sheet have bid numbers already on this event.').waitFor({ timeout: JOB_MS });
  assert.is(await photoCount(), 3, 'nothing written before the choice');
  await again.getByRole('button', { name: 'Replace those photos' }).click();
  await again.waitFor({ state: 'detached', timeout: JOB_MS });
  assert.is(await photoCount(), 3);
});

test('bulk-accepting three videos moves exactly those', async () => {
  const { page, url } = e;
  const campaign = await makeCampaign(e.api, org, { type: '2', title: 'Lists Videos' });
  for (let i = 1; i <= 5; i++) {
    await insertVideo(e.api.sql, {
      campaign_id: campaign,
      name: `Clip ${i}`,
      age: 10,
      district: 'North',
      school_name: 'Hill',
      status: 1,
      dropbox_shareable_link: '',
      video_url: '',
    });
  }
  await page.goto(`${url}/admin/organizer/${org.companyId}/events/${org.eventId}/${campaign}?tab=uploads`);
  for (const n of [1, 3, 4]) await page.getByLabel(`Select Clip ${n}`).check();
  await page.getByRole('button', { name: 'Accept selected' }).click();
  const confirm = page.getByRole('dialog', { name: 'Accept videos' });
  await confirm.getByText('Are you sure that you want to accept 3 videos?').waitFor();
  await confirm.getByRole('button', { name: 'YES' }).click();
  await page.locator('.list-count', { hasText: '2 videos' }).waitFor();
  const rows = await e.api.sql.all<{ name: string; status: number }>('SELECT name, status FROM participant_videos WHERE campaign_id = ? ORDER BY name', [
    campaign,
  ]);
  assert.equal(
    rows.map((r) => [r.name, Number(r.status)]),
    [
      ['Clip 1', 4],
      ['Clip 2', 1],
      ['Clip 3', 4],
      ['Clip 4', 4],
      ['Clip 5', 1],
    ],
  );

  // "Accept & next" asks the spec's confirmation like Accept; once confirmed it accepts and shows the following pending video.
  const clip2 = async () =>
    Number((await e.api.sql.get<{ status: number }>("SELECT status FROM participant_videos WHERE campaign_id = ? AND name = 'Clip 2'", [campaign]))!.status);
  await page.getByRole('button', { name: 'View video of Clip 2' }).click();
  const preview = page.getByRole('dialog', { name: 'Video Preview' });
  const ask = page.getByRole('dialog', { name: 'Accept video' });
  await preview.getByRole('button', { name: 'Accept & next' }).click();
  await ask.getByText('Are you sure that you want to accept this video?').waitFor();
  await ask.getByRole('button', { name: 'Close', exact: true }).last().click();
  await ask.waitFor({ state: 'detached' });
  assert.is(await clip2(), 1, 'closing the question accepts nothing');
  assert.ok(await preview.getByText('Clip 2').isVisible(), 'and the same video stays open');
  await preview.getByRole('button', { name: 'Accept & next' }).click();
  await ask.getByRole('button', { name: 'YES' }).click();
  await preview.getByText('Clip 5').waitFor();
  assert.is(await ask.count(), 0, 'one confirmation, then the next video');
  assert.is(await clip2(), 4);
  assert.is(await preview.getByRole('button', { name: 'Accept & next' }).count(), 0, 'no next after the last one');
});

test('the page stayed free of errors', () => {
  assert.equal(e.errors, []);
});
test.run();
