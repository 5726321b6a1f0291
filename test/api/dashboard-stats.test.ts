import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApi, type TestApi } from './harness.ts';
import { tokenFor } from './admin-helpers.ts';
import { makeCampaign, makeOrganiser } from './campaigns-fixtures.ts';
import { monthsAround } from '../../server/db/queries/dashboard-stats.ts';
import { clockFrom } from './test-clock.ts';

// The process clock (and the server's) runs from 12:00 UTC of the day the test started: the
// figures read before and after the additions are of the same month, whatever the real hour.
const now = clockFrom('12:00');

let api: TestApi;
let admin: string;
test.before(async () => {
  api = await startTestApi({ now });
  admin = await api.login();
});
test.after(async () => {
  await api.stop();
});

const stats = async (token = admin) => (await api.call('GET', 'dashboard-stats', { token })).body.data;

test("dashboard-stats counts organisers, events, photos, waiting videos and this month's campaigns", async () => {
  const before = await stats();
  const month = new Date(Date.now()).toISOString().slice(0, 7);
  const org = await makeOrganiser(api, 'Stats Club');
  await api.sql.run('UPDATE events SET start_date = ?, end_date = ? WHERE id = ?', [`${month}-01`, `${month}-28`, org.eventId]);
  const campaign = await makeCampaign(api, org, { start_date: `${month}-01`, end_date: `${month}-02`, type: '2' });
  await api.sql.run(
    "INSERT INTO event_photos (event_id, bid_number, low_res_image, high_res_image, price_type, price, orientation) VALUES (?, '7', 'a', 'b', 1, 0, 'portrait')",
    [org.eventId],
  );
  for (const status of [1, 1, 4]) {
    await api.sql.run('INSERT INTO participant_videos (campaign_id, name, status, created_at) VALUES (?, ?, ?, ?)', [campaign, 'Runner', status, Date.now()]);
  }
  const after = await stats();
  assert.equal(
    [after.organisers - before.organisers, after.events - before.events, after.photos - before.photos, after.videos_waiting - before.videos_waiting],
    [1, 1, 1, 2],
  );
  assert.is(after.campaigns_per_month.length, 12);
  assert.is(after.campaigns_per_month[6].month, month);
  assert.is(after.campaigns_per_month[6].campaigns - before.campaigns_per_month[6].campaigns, 1);
});

test('dashboard-stats gives a staff user without the Organizers screen the figures of its own screens: Users counts the users its role manages', async () => {
  assert.is((await api.call('GET', 'dashboard-stats')).status, 401);
  const managed = await tokenFor(api, admin, []);
  const { token } = await tokenFor(api, admin, ['users', 'pages'], [managed.roleId]);
  const mine = await stats(token);
  assert.equal(mine.screens, [
    { key: 'users', count: 1 },
    { key: 'pages', count: Number((await api.sql.get<{ n: number }>('SELECT COUNT(*) AS n FROM pages'))!.n) },
  ]);
  assert.is(mine.organisers, undefined);
  assert.is(mine.campaigns_per_month, undefined);
  // The administrator gets every screen's figure and the organiser-wide ones.
  const all = await stats();
  assert.equal(
    all.screens.map((f: { key: string }) => f.key),
    ['permissions', 'roles', 'users', 'pages', 'adminmenus'],
  );
  assert.is(typeof all.organisers, 'number');
});

test("dashboard-stats refuses an organiser's sign-in", async () => {
  const org = await makeOrganiser(api, 'Stats Refused');
  assert.is((await api.call('GET', 'dashboard-stats', { token: org.token })).status, 403);
});

test('the twelve months run from six before to five after, across a year boundary, oldest first', () => {
  const m = monthsAround('2026-02');
  assert.equal([m[0], m[5], m[6], m[11]], ['2025-08', '2026-01', '2026-02', '2026-07']);
});

test.run();
