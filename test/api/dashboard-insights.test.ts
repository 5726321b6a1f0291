import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApi, testEngine, type TestApi } from './harness.ts';
import { makeOrganiser, type TestOrganiser } from './organiser-fixtures.ts';
import { campaignForm, recognitionEvent } from './campaigns-fixtures.ts';
import { tokenFor } from './admin-helpers.ts';
import { dayIn } from '../../src/common/time-zone.ts';
import { clockFrom } from './test-clock.ts';

/**
 * The dashboards' insights (docs/insights.md "The organiser's home", "The administrators'
 * dashboard"), on the test's engine: the organiser's home sums its events' roll-ups over the
 * last 30 days and names its top events; another organiser is refused; staff who may not read
 * payments get no revenue field at all. The platform's weekly figures are each given only to staff
 * who may open the screen they come from (Organizers, Settings, Activity, Users), revenue only to
 * those who may read payments, and nothing to an organiser.
 * The process clock (and the server's) runs from 12:00 UTC of the day the test started, so the
 * rows made in test.before are on the day and in the week that the reads later call today's and
 * this week's, whatever the real hour and weekday.
 */

let api: TestApi;
let A: TestOrganiser;
let B: TestOrganiser;
let admin: string;
let second = 0;
const now = clockFrom('12:00');
test.before(async () => {
  api = await startTestApi({ now });
  admin = await api.login();
  A = await makeOrganiser(api, 'HomeA', 0);
  B = await makeOrganiser(api, 'HomeB', 0);
  second = Number(
    (await api.sql.get<{ id: number }>(
      "INSERT INTO events (company_id, title, description, start_date, end_date, logo, created_at) VALUES (?, 'Second Run', '', '2030-06-01', '2030-06-01', '', ?) RETURNING id",
      [A.companyId, Date.now()],
    ))!.id,
  );
  const add = async (eventId: number, bib: string) =>
    assert.is(
      (await api.call('POST', `event/${eventId}/participant`, { token: A.token, form: { bib_number: bib, name: `Runner ${bib}`, face_consent: 'no' } })).status,
      200,
    );
  await add(A.eventId, '1');
  await add(A.eventId, '2');
  await add(second, '3');
  const rec = await api.call('POST', '/recognition/events', { token: A.token, json: recognitionEvent });
  assert.is(rec.status, 200, JSON.stringify(rec.body));
  const day = (await api.sql.get<{ start_date: string }>('SELECT start_date FROM events WHERE id = ?', [A.eventId]))!.start_date;
  const camp = await api.call('POST', 'campaign', {
    token: A.token,
    form: campaignForm(A.eventId, { start_date: day, end_date: day, image_console_id: String(rec.body.data.id), is_sales_event: '1', payment_slab: '3' }),
  });
  assert.is(camp.status, 200, JSON.stringify(camp.body));
  const pay = await api.call('POST', '/recognition/events/payment/participant', {
    token: A.token,
    json: { event_id: rec.body.data.id, bib_number: '1', email: '', payment_slab: '3', amount: '12.50' },
  });
  assert.is(pay.status, 200, JSON.stringify(pay.body));
});
test.after(async () => {
  await api.stop();
});

const home = (token: string, companyId: number, tz = 'UTC') =>
  api.call('GET', `organiser-dashboard/${companyId}/insights?tz=${encodeURIComponent(tz)}`, { token });
const platform = (token: string, tz = 'UTC') => api.call('GET', `dashboard-stats/platform?tz=${encodeURIComponent(tz)}`, { token });

test(`[${testEngine}] the organiser's home sums its events over the last 30 days and names its top events`, async () => {
  const r = await home(A.token, A.companyId);
  assert.is(r.status, 200, JSON.stringify(r.body));
  const d = r.body.data;
  assert.is(d.days.length, 30);
  assert.is(d.to, dayIn('UTC', Date.now()));
  assert.is(d.totals.registered, 3, 'both events together');
  assert.is(d.totals.purchases, 1);
  assert.is(d.totals.revenue, 12.5);
  assert.is(d.days.at(-1).registered, 3, 'all on today');
  assert.equal(
    d.top_events.map((e: { id: number; registered: number; purchases: number; revenue: number }) => [e.id, e.registered, e.purchases, e.revenue]),
    [
      [A.eventId, 2, 1, 12.5],
      [second, 1, 0, 0],
    ],
    'most purchases first',
  );
  // Each event's own insights agree with the home's figures.
  const own = await api.call('GET', `event/${second}/insights?tz=UTC`, { token: A.token });
  assert.is(own.body.data.totals.registered, 1);

  const empty = await home(B.token, B.companyId);
  assert.is(empty.status, 200);
  assert.equal(empty.body.data.top_events, []);
  assert.is(empty.body.data.totals.registered, 0);
});

test(`[${testEngine}] another organiser is refused; staff who may not read payments get no revenue field`, async () => {
  assert.is((await home(B.token, A.companyId)).status, 403, 'another organiser');
  const viewer = await tokenFor(api, admin, ['organizers'], [], ['organisers.view']);
  const seen = await home(viewer.token, A.companyId);
  assert.is(seen.status, 200, JSON.stringify(seen.body));
  const text = JSON.stringify(seen.body.data);
  assert.not.ok(text.includes('revenue'), `no revenue field anywhere: ${text.slice(0, 300)}`);
  assert.is(seen.body.data.totals.purchases, 1, 'purchases are counts, shown to every reader');
  assert.is((await home(admin, A.companyId)).body.data.totals.revenue, 12.5, 'an administrator reads the revenue');
  const stranger = await tokenFor(api, admin, ['users']);
  assert.is((await home(stranger.token, A.companyId)).status, 403, 'staff without the Organizers screen');
  const bad = await home(A.token, A.companyId, 'Mars/Olympus');
  assert.is(bad.status, 422);
  assert.ok(bad.body.errors.tz, JSON.stringify(bad.body));
  assert.is((await api.call('GET', `organiser-dashboard/${A.companyId}/insights`)).status, 401);
});

const KEYS = {
  organizers: ['active_organisers', 'events', 'participants', 'purchases', 'imports'],
  settings: ['emails_sent', 'emails_failed'],
  activity: ['sign_ins', 'sign_ins_failed'],
};
const keysOf = (w: Record<string, unknown>) =>
  Object.keys(w)
    .filter((k) => k !== 'week')
    .sort();

test(`[${testEngine}] the platform's weekly figures, each only for staff who may open its screen; revenue only for readers of payments`, async () => {
  // A failed sign-in this week.
  assert.is((await api.call('POST', 'login', { form: { email: 'admin@example.com', password: 'wrong-password-1' } })).status >= 400, true);
  const all = await platform(admin);
  assert.is(all.status, 200, JSON.stringify(all.body));
  const weeks = all.body.data.weeks;
  assert.is(weeks.length, 12);
  const now = weeks.at(-1);
  assert.is(new Date(`${now.week}T00:00:00Z`).getUTCDay(), 1, 'weeks start on Monday');
  assert.ok(now.week <= dayIn('UTC', Date.now()));
  assert.equal(keysOf(now), [...KEYS.organizers, ...KEYS.settings, ...KEYS.activity, 'revenue'].sort());
  assert.is(now.participants, 3, 'the participants registered this week');
  assert.is(now.purchases, 1);
  assert.is(now.revenue, 12.5);
  assert.ok(now.events >= 3, `events made this week: ${now.events}`);
  assert.ok(now.active_organisers >= 1, 'organiser A did things this week');
  assert.ok(now.sign_ins >= 3, `sign-ins this week: ${now.sign_ins}`);
  assert.ok(now.sign_ins_failed >= 1, 'the failed sign-in');
  assert.is(weeks[0].participants, 0, 'nothing twelve weeks ago');
  assert.ok(all.body.data.two_step.users >= 3);
  assert.is(all.body.data.two_step.enrolled, 0);

  const viewer = await tokenFor(api, admin, ['organizers'], [], ['organisers.view']);
  const v = await platform(viewer.token);
  assert.is(v.status, 200, JSON.stringify(v.body));
  assert.equal(keysOf(v.body.data.weeks.at(-1)), [...KEYS.organizers].sort(), 'no revenue, no e-mails, no sign-ins');
  assert.is(v.body.data.two_step, undefined);
  assert.is(v.body.data.weeks.at(-1).participants, 3);

  const settings = await tokenFor(api, admin, ['settings']);
  const s = await platform(settings.token);
  assert.equal(keysOf(s.body.data.weeks.at(-1)), [...KEYS.settings].sort());
  const activity = await tokenFor(api, admin, ['activity']);
  assert.equal(keysOf((await platform(activity.token)).body.data.weeks.at(-1)), [...KEYS.activity].sort());
  const users = await tokenFor(api, admin, ['users']);
  const u = await platform(users.token);
  assert.equal(keysOf(u.body.data.weeks.at(-1)), [], 'Users alone: no weekly figure');
  assert.ok(u.body.data.two_step, 'two-step adoption comes from Users');

  assert.is((await platform(A.token)).status, 403, 'an organiser');
  assert.is((await platform(admin, 'Mars/Olympus')).status, 422);
  assert.is((await api.call('GET', 'dashboard-stats/platform')).status, 401);
});

test.run();
