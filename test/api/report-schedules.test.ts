import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readSheet } from 'read-excel-file/node';
import { startTestApi, testEngine, type TestApi } from './harness.ts';
import { receiverFor, type Receiver } from './smtp-receiver.ts';
import { makeOrganiser, type TestOrganiser } from './organiser-fixtures.ts';
import { reportPass } from '../../server/services/report-sender.ts';
import { addDays } from '../../src/common/insight-days.ts';
import { dayIn } from '../../src/common/time-zone.ts';
import { clockAt } from './test-clock.ts';

/**
 * Reports on schedule (docs/reports.md "Reports on schedule"), on the test's engine:
 * a due schedule sends exactly one e-mail per due time (passes running at once add nothing),
 * whose .xlsx attachment's totals equal GET event/{id}/insights for the same days; the e-mail's
 * link unsubscribes without signing in; another organiser neither sees nor changes a schedule nor
 * names its event or users; a schedule whose owner lost access stops and sends nothing.
 * The server's clock (`now`) is the test's: it runs from 12:00 UTC of the day the test started, so a
 * daily 00:05 UTC schedule made "today" is always due tomorrow, whatever the real hour; due times
 * are reached by moving it.
 */

let api: TestApi;
let rx: Receiver;
let A: TestOrganiser;
let B: TestOrganiser;
const running = clockAt('12:00');
const day0 = dayIn('UTC', running());
let clock = 0;
const now = () => clock || running();
test.before(async () => {
  api = await startTestApi({ now, mail: { pollMs: 50, retryBaseMs: 200 }, reports: { pollMs: 100 } });
  rx = await receiverFor(api);
  A = await makeOrganiser(api, 'ReportA', 0);
  B = await makeOrganiser(api, 'ReportB', 0);
});
test.after(async () => {
  await api.stop();
  await rx.stop();
});

const userId = async (email: string) => Number((await api.sql.get<{ id: number }>('SELECT id FROM users WHERE email = ?', [email]))!.id);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const today = () => day0;
/** 00:05 UTC tomorrow plus `minutes`: a due time of a daily 00:05 UTC schedule made today. */
const tomorrowAt = (minutes: number) => Date.parse(`${addDays(today(), 1)}T00:05:00Z`) + minutes * 60_000;
const form = (o: Record<string, string>) => ({ frequency: 'daily', time: '00:05', time_zone: 'UTC', ...o });
const sendsOf = async (id: number) => Number((await api.sql.get<{ n: number }>('SELECT COUNT(*) AS n FROM report_sends WHERE schedule_id = ?', [id]))!.n);
const reportMails = async () => Number((await api.sql.get<{ n: number }>("SELECT COUNT(*) AS n FROM outbox WHERE kind = 'report'"))!.n);

test(`[${testEngine}] a due schedule sends one e-mail whose .xlsx totals equal the API's; passes at once add none; the link unsubscribes`, async () => {
  for (const b of [401, 402])
    assert.is(
      (
        await api.call('POST', `event/${A.eventId}/participant`, {
          token: A.token,
          form: { bib_number: String(b), name: `Runner ${b}`, email: `r${b}@${A.companyId}.example`, face_consent: 'no' },
        })
      ).status,
      200,
    );
  const me = await userId(A.email);
  const made = await api.call('POST', 'report-schedules', {
    token: A.token,
    form: form({ name: 'Daily figures', kind: 'event', event_id: String(A.eventId), recipients: String(me) }),
  });
  assert.is(made.status, 200, JSON.stringify(made.body));
  const id = made.body.data.id;
  assert.is(made.body.data.next_due_at, tomorrowAt(0));
  assert.equal(made.body.data.recipients, [{ id: me, name: 'Organiser ReportA', email: A.email, unsubscribed: false }]);
  assert.ok(
    await api.sql.get("SELECT id FROM activity WHERE resource = 'report_schedules' AND action = 'create' AND resource_id = ?", [id]),
    'the schedule is an activity row',
  );

  await sleep(400);
  assert.is(await sendsOf(id), 0, 'not due yet: nothing sent');

  const seen = rx.messages.length;
  clock = tomorrowAt(1);
  const m = await rx.waitFor((x) => /^Report “Daily figures”/.test(x.subject ?? ''), 30_000, seen);
  assert.is(m.subject, `Report “Daily figures”: ${today()} to ${today()}`);
  assert.match(m.text ?? '', /Participants registered: 2/);
  assert.is(m.attachments.length, 1);
  const rows = await readSheet(m.attachments[0].content);
  const api2 = await api.call('GET', `event/${A.eventId}/insights?from=${today()}&to=${today()}&tz=UTC`, { token: A.token });
  assert.is(api2.status, 200, JSON.stringify(api2.body));
  const t = api2.body.data.totals;
  assert.equal(rows[0], ['Day', 'Registered', 'Matched', 'Notified', 'Viewed', 'Bought', 'Gallery views', 'Purchases', 'Revenue']);
  assert.equal(rows[rows.length - 1], ['Total', t.registered, t.matched, t.notified, t.viewed, t.bought, t.gallery_views, t.purchases, t.revenue]);
  assert.is(t.registered, 2);

  // More passes, two of them at once, at the same due minute: still one send, one e-mail.
  const env = { now, publicUrl: () => api.config.publicUrl, logs: true };
  await Promise.all([reportPass(api.sql, env), reportPass(api.sql, env), sleep(300)]);
  assert.is(await sendsOf(id), 1);
  assert.is(await reportMails(), 1);
  assert.ok(await api.sql.get("SELECT id FROM activity WHERE resource = 'report_schedules' AND action = 'report_sent' AND resource_id = ?", [id]));

  // The next day's due time: one more.
  clock = tomorrowAt(24 * 60 + 1);
  await rx.waitFor((x) => /^Report “Daily figures”/.test(x.subject ?? ''), 30_000, seen + 1);
  await Promise.all([reportPass(api.sql, env), reportPass(api.sql, env)]);
  assert.is(await sendsOf(id), 2);
  assert.is(await reportMails(), 2);

  // Unsubscribe without signing in, from the e-mail's link.
  const link = /(http\S+\/api\/reports\/unsubscribe\?token=\S+)/.exec(m.text ?? '')?.[1];
  assert.ok(link, m.text);
  const page = await fetch(link!.replace(/^https?:\/\/[^/]+/, api.url));
  assert.is(page.status, 200);
  assert.match(await page.text(), /You will no longer receive the report “Daily figures”/);
  const after = await api.call('GET', `report-schedules/${id}`, { token: A.token });
  assert.is(after.body.data.recipients[0].unsubscribed, true);
  const forged = await fetch(`${api.url}/api/reports/unsubscribe?token=${id}.${me}.${'A'.repeat(43)}`);
  assert.is(forged.status, 404);
  clock = tomorrowAt(2 * 24 * 60 + 1);
  await sleep(500);
  assert.is(await reportMails(), 2, 'nobody left to send to: no e-mail');
});

test(`[${testEngine}] another organiser neither sees nor changes a schedule, nor names another's event or users`, async () => {
  const me = await userId(A.email);
  const made = await api.call('POST', 'report-schedules', {
    token: A.token,
    form: form({ name: 'Weekly sales', kind: 'sales', frequency: 'weekly', weekday: '1', recipients: String(me) }),
  });
  assert.is(made.status, 200, JSON.stringify(made.body));
  const id = made.body.data.id;
  assert.is((await api.call('GET', `report-schedules/${id}`, { token: B.token })).status, 404);
  const put = await api.call('PUT', `report-schedules/${id}`, {
    token: B.token,
    form: form({ name: 'Mine', kind: 'sales', recipients: String(await userId(B.email)) }),
  });
  assert.is(put.status, 404, JSON.stringify(put.body));
  assert.is((await api.call('DELETE', `report-schedules/${id}`, { token: B.token })).status, 404);
  const list = await api.call('GET', 'report-schedules', { token: B.token });
  assert.equal(list.body.data, []);
  const theirs = await api.call('POST', 'report-schedules', {
    token: B.token,
    form: form({ name: 'Spy', kind: 'event', event_id: String(A.eventId), recipients: String(me) }),
  });
  assert.is(theirs.status, 422);
  assert.ok(theirs.body.errors.event_id && theirs.body.errors.recipients, JSON.stringify(theirs.body));
  const platform = await api.call('POST', 'report-schedules', {
    token: B.token,
    form: form({ name: 'Platform', kind: 'platform', recipients: String(await userId(B.email)) }),
  });
  assert.is(platform.status, 422, 'an organiser cannot schedule a platform report');
  const bad = await api.call('POST', 'report-schedules', {
    token: A.token,
    form: form({ name: 'Bad', kind: 'sales', time: '25:00', time_zone: 'Mars/Olympus', recipients: String(me) }),
  });
  assert.is(bad.status, 422);
  assert.ok(bad.body.errors.time && bad.body.errors.time_zone, JSON.stringify(bad.body));
  assert.is((await api.call('DELETE', `report-schedules/${id}`, { token: A.token })).status, 200);
  assert.is((await api.call('GET', `report-schedules/${id}`, { token: A.token })).status, 404);
});

test(`[${testEngine}] a paused schedule sends nothing; active again, it skips the due times it missed; another organiser cannot pause it`, async () => {
  clock = 0;
  const P = await makeOrganiser(api, 'ReportP', 0);
  const made = await api.call('POST', 'report-schedules', {
    token: P.token,
    form: form({ name: 'Pausing', kind: 'sales', recipients: String(await userId(P.email)) }),
  });
  assert.is(made.status, 200, JSON.stringify(made.body));
  const id = made.body.data.id;
  assert.is((await api.call('PUT', `report-schedules/${id}/status`, { token: B.token, form: { status: 'paused' } })).status, 404);
  assert.is((await api.call('PUT', `report-schedules/${id}/status`, { token: P.token, form: { status: 'asleep' } })).status, 422);
  const paused = await api.call('PUT', `report-schedules/${id}/status`, { token: P.token, form: { status: 'paused' } });
  assert.is(paused.status, 200, JSON.stringify(paused.body));
  assert.is(paused.body.data.status, 'paused');
  assert.is(paused.body.data.next_due_at, null);
  assert.ok(await api.sql.get("SELECT id FROM activity WHERE resource = 'report_schedules' AND action = 'update' AND resource_id = ?", [id]));
  clock = tomorrowAt(1);
  await sleep(500);
  assert.is(await sendsOf(id), 0, 'paused: nothing sent at the due time');
  const resumed = await api.call('PUT', `report-schedules/${id}/status`, { token: P.token, form: { status: 'active' } });
  assert.is(resumed.status, 200, JSON.stringify(resumed.body));
  assert.is(resumed.body.data.status, 'active');
  assert.is(resumed.body.data.next_due_at, tomorrowAt(24 * 60));
  await sleep(500);
  assert.is(await sendsOf(id), 0, 'the due time missed while paused is not sent late');
  clock = tomorrowAt(24 * 60 + 1);
  for (let i = 0; i < 100 && (await sendsOf(id)) === 0; i++) await sleep(50);
  assert.is(await sendsOf(id), 1, 'the next due time is sent');

  // Paused, then saved with an earlier time: it stays paused; active again, the new time's due
  // moment that passed before the save is not sent late either.
  assert.is((await api.call('PUT', `report-schedules/${id}/status`, { token: P.token, form: { status: 'paused' } })).status, 200);
  clock = tomorrowAt(24 * 60 + 120);
  const saved = await api.call('PUT', `report-schedules/${id}`, {
    token: P.token,
    form: form({ name: 'Pausing', kind: 'sales', time: '01:00', recipients: String(await userId(P.email)) }),
  });
  assert.is(saved.status, 200, JSON.stringify(saved.body));
  assert.is(saved.body.data.status, 'paused', 'a save keeps a paused schedule paused');
  assert.is((await api.call('PUT', `report-schedules/${id}/status`, { token: P.token, form: { status: 'active' } })).status, 200);
  const moved = await api.call('PUT', `report-schedules/${id}`, {
    token: P.token,
    form: form({ name: 'Pausing', kind: 'sales', time: '01:30', recipients: String(await userId(P.email)) }),
  });
  assert.is(moved.body.data.status, 'active');
  await sleep(500);
  assert.is(await sendsOf(id), 1, 'a save sends nothing for a due time before it (01:30 today had passed)');
  clock = 0;
});

test(`[${testEngine}] a schedule whose owner lost access stops and sends nothing`, async () => {
  clock = 0;
  const C = await makeOrganiser(api, 'ReportC', 0);
  const made = await api.call('POST', 'report-schedules', {
    token: C.token,
    form: form({ name: 'Stops', kind: 'sales', recipients: String(await userId(C.email)) }),
  });
  assert.is(made.status, 200, JSON.stringify(made.body));
  const id = made.body.data.id;
  const before = await reportMails();
  await api.sql.run('UPDATE companies SET status = 0 WHERE id = ?', [C.companyId]);
  clock = tomorrowAt(1);
  await sleep(600);
  const row = await api.sql.get<{ status: string; stopped_reason: string }>('SELECT status, stopped_reason FROM report_schedules WHERE id = ?', [id]);
  assert.equal(row, { status: 'stopped', stopped_reason: 'The organiser is not active.' });
  assert.is(await sendsOf(id), 0);
  assert.is(await reportMails(), before);
  assert.ok(await api.sql.get("SELECT id FROM activity WHERE resource = 'report_schedules' AND action = 'report_stopped' AND resource_id = ?", [id]));
});

test(`[${testEngine}] an administrator's platform report goes to staff only`, async () => {
  clock = 0;
  const admin = await api.login();
  const staff = await userId('admin@example.com');
  const wrong = await api.call('POST', 'report-schedules', {
    token: admin,
    form: form({ name: 'Platform', kind: 'platform', recipients: String(await userId(A.email)) }),
  });
  assert.is(wrong.status, 422, 'an organiser user is no platform recipient');
  const made = await api.call('POST', 'report-schedules', { token: admin, form: form({ name: 'Platform', kind: 'platform', recipients: String(staff) }) });
  assert.is(made.status, 200, JSON.stringify(made.body));
  assert.is((await api.call('GET', `report-schedules/${made.body.data.id}`, { token: A.token })).status, 404);
  const seen = rx.messages.length;
  clock = tomorrowAt(1);
  const m = await rx.waitFor((x) => /^Report “Platform”/.test(x.subject ?? ''), 30_000, seen);
  const rows = await readSheet(m.attachments[0].content);
  assert.equal(rows[0], ['Organiser', 'Status', 'Events', 'Registered', 'Purchases']);
  assert.is(rows[rows.length - 1][0], 'Total');
});

test.run();
