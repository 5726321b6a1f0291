import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestDatabase, startTestApi, TEST_DATABASE_URL, testEngine, type TestApi } from './harness.ts';
import { makeOrganiser, photoCsv, goodRow, csvFile, type TestOrganiser } from './organiser-fixtures.ts';
import { awaitJob } from './import-job.ts';
import { campaignForm, recognitionEvent } from './campaigns-fixtures.ts';
import { tokenFor } from './admin-helpers.ts';
import { dayIn, timeZoneName } from '../../src/common/time-zone.ts';
import { addDays } from '../../src/common/insight-days.ts';
import type { Sql } from '../../server/db/sql.ts';
import { openSqlite } from '../../server/db/sqlite.ts';
import { openPostgres } from '../../server/db/postgres.ts';
import { migrate } from '../../server/db/migrate.ts';
import { migrations } from '../../server/db/migrations/index.ts';

/**
 * GET event/{id}/insights (docs/insights.md): the series come from the
 * roll-ups the writes keep (migration 041). After imports, hand additions, photo uploads,
 * notifications, gallery openings and payments their totals equal the funnel; the reader's days
 * follow `tz` (a purchase at 22:30 UTC on a summer day is the next day in Berlin, the same day in
 * UTC); another organiser's event is 404; a reader who may not read payments gets no revenue
 * field at all.
 * The summer purchase is on the latest 15 July or 15 August at least three days before the day
 * the test started (UTC), so the longest range that ends today holds it, whatever the date.
 */

const STAGES = ['registered', 'matched', 'notified', 'viewed', 'bought'] as const;
type Funnel = Record<(typeof STAGES)[number], number>;

/** The day the test started, in UTC. */
const day0 = dayIn('UTC');
/**
 * The summer day (YYYY-MM-DD; Berlin on UTC+2) of the purchase at 22:30 UTC below, and the day
 * after it: at most 337 days and at least three days before the test's day, so those two days
 * hold no purchase made today in any zone read here.
 */
const SUMMER = [0, 1]
  .flatMap((back) => ['08-15', '07-15'].map((monthDay) => `${Number(day0.slice(0, 4)) - back}-${monthDay}`))
  .find((day) => day <= addDays(day0, -3))!;
const SUMMER_NEXT = addDays(SUMMER, 1);

let api: TestApi;
let A: TestOrganiser;
let B: TestOrganiser;
let admin: string;
test.before(async () => {
  api = await startTestApi();
  admin = await api.login();
  A = await makeOrganiser(api, 'InsightA', 0);
  B = await makeOrganiser(api, 'InsightB', 0);
});
test.after(async () => {
  await api.stop();
});

const HEAD = 'bib_number,name,email,face_consent,consent_date';
const linkOf = (text: string) => /\/gallery\/([A-Za-z0-9_-]{43})/.exec(text)?.[1] ?? '';
const linkTo = async (email: string) =>
  linkOf(
    (await api.sql.get<{ body_text: string }>("SELECT body_text FROM outbox WHERE kind = 'gallery' AND to_address = ? ORDER BY id DESC LIMIT 1", [email]))!
      .body_text,
  );
const uploadPhotos = async (o: TestOrganiser, bibs: number[]) => {
  const job = await awaitJob(
    api.call,
    o.token,
    await api.call('POST', 'uploadExcel', {
      token: o.token,
      form: { event_id: String(o.eventId), photo_price_type_id: '1', photo_price: '', excel: csvFile(photoCsv(bibs.map((b) => goodRow(b)))) },
    }),
  );
  assert.is(job.state, 'done', JSON.stringify(job));
};
const funnelOf = async (o: TestOrganiser): Promise<Funnel> => {
  const r = await api.call('GET', `event/${o.eventId}/funnel`, { token: o.token });
  assert.is(r.status, 200, JSON.stringify(r.body));
  return r.body.data;
};
const insights = async (token: string, eventId: number, query: string) => {
  const r = await api.call('GET', `event/${eventId}/insights?${query}`, { token });
  return r;
};
const stagesOf = (t: Record<string, number>): Funnel => Object.fromEntries(STAGES.map((s) => [s, t[s]])) as Funnel;
/** The longest range (366 days), ending today in UTC: it holds the summer purchase below. */
const allSoFar = () => {
  const today = dayIn('UTC');
  return `from=${addDays(today, -365)}&to=${today}&tz=UTC`;
};

/** Runs `fn` with the process clock (Date.now) reading `at`: the server runs in this process. */
async function at<T>(when: number, fn: () => Promise<T>): Promise<T> {
  const real = Date.now;
  Date.now = () => when;
  try {
    return await fn();
  } finally {
    Date.now = real;
  }
}

test(`[${testEngine}] the insights' totals equal the funnel after imports, notifications, gallery views and purchases`, async () => {
  const empty = await insights(A.token, A.eventId, allSoFar());
  assert.is(empty.status, 200, JSON.stringify(empty.body));
  assert.equal(stagesOf(empty.body.data.totals), { registered: 0, matched: 0, notified: 0, viewed: 0, bought: 0 });

  const job = await awaitJob(
    api.call,
    A.token,
    await api.call('POST', `event/${A.eventId}/participants`, {
      token: A.token,
      form: { file: csvFile(`${HEAD}\n${[301, 302, 303, 304, 305].map((b) => `${b},Runner ${b},r${b}@${A.companyId}.example,no,`).join('\n')}\n`, 'p.csv') },
    }),
  );
  assert.is(job.state, 'done', JSON.stringify(job));
  const hand = await api.call('POST', `event/${A.eventId}/participant`, {
    token: A.token,
    form: { bib_number: '306', name: 'Runner 306', email: `r306@${A.companyId}.example`, face_consent: 'no' },
  });
  assert.is(hand.status, 200, JSON.stringify(hand.body));
  await uploadPhotos(A, [301, 302, 303, 306, 306]);
  assert.is((await api.call('POST', `event/${A.eventId}/notify-matched`, { token: A.token })).body.data.sent, 4);
  const link = Object.fromEntries(await Promise.all([301, 302, 303].map(async (b) => [b, await linkTo(`r${b}@${A.companyId}.example`)])));
  for (const b of [301, 302, 301]) assert.is((await api.call('GET', `gallery/${link[b]}`)).status, 200);

  // A sales campaign: payments for 301 (today, 12.50) and 302 (SUMMER 22:30 UTC, a summer evening, 20).
  const rec = await api.call('POST', '/recognition/events', { token: A.token, json: recognitionEvent });
  assert.is(rec.status, 200, JSON.stringify(rec.body));
  const day = (await api.sql.get<{ start_date: string }>('SELECT start_date FROM events WHERE id = ?', [A.eventId]))!.start_date;
  const camp = await api.call('POST', 'campaign', {
    token: A.token,
    form: campaignForm(A.eventId, { start_date: day, end_date: day, image_console_id: String(rec.body.data.id), is_sales_event: '1', payment_slab: '3' }),
  });
  assert.is(camp.status, 200, JSON.stringify(camp.body));
  const pay = (bib: string, slab: string, amount: string) =>
    api.call('POST', '/recognition/events/payment/participant', {
      token: A.token,
      json: { event_id: rec.body.data.id, bib_number: bib, email: '', payment_slab: slab, amount },
    });
  const bad = await pay('301', '3', '12.505');
  assert.is(bad.status, 422, 'an amount with three decimals is refused');
  assert.ok(bad.body.errors.amount, JSON.stringify(bad.body));
  assert.is((await pay('301', '3', '12.50')).status, 200);
  const summer = Date.parse(`${SUMMER}T22:30:00Z`);
  assert.is((await at(summer, () => pay('302', '1', '20'))).status, 200);
  // 305 has no photo: its payment counts as a purchase, not as a bought participant (the funnel's rule).
  assert.is((await pay('305', '1', '')).status, 200);

  const funnel = await funnelOf(A);
  assert.equal(funnel, { registered: 6, matched: 4, notified: 4, viewed: 2, bought: 2 });
  const all = await insights(A.token, A.eventId, allSoFar());
  assert.is(all.status, 200, JSON.stringify(all.body));
  const data = all.body.data;
  assert.equal(stagesOf(data.totals), funnel, 'totals equal the funnel');
  assert.is(data.totals.gallery_views, 3, 'every opening counts');
  assert.is(data.totals.purchases, 3);
  assert.is(data.totals.revenue, 32.5);
  assert.equal(
    data.slabs.map((s: { slab: string; name: string; purchases: number; revenue: number }) => [s.slab, s.name, s.purchases, s.revenue]),
    [
      ['1', 'Basic', 2, 20],
      ['3', 'Premium', 1, 12.5],
    ],
  );
  assert.is(data.days.length, data.slabs[0].daily_purchases.length, 'per-day purchases align with the days');
  for (const s of STAGES)
    assert.is(
      data.days.reduce((a: number, d: Record<string, number>) => a + d[s], 0),
      data.totals[s],
      `${s}: the days add up to the total`,
    );
  assert.equal(data.conversion, { matched: 0.6667, notified: 1, viewed: 0.5, bought: 1 });

  // The summer purchase: the next day in Berlin (CEST, UTC+2), the same day in UTC, the next day in Kolkata (UTC+5:30).
  const summerDays = async (tz: string) => {
    const r = await insights(A.token, A.eventId, `from=${SUMMER}&to=${SUMMER_NEXT}&tz=${encodeURIComponent(tz)}`);
    assert.is(r.status, 200, JSON.stringify(r.body));
    return r.body.data.days.map((d: { day: string; purchases: number; bought: number; revenue: number }) => [d.day, d.purchases, d.bought, d.revenue]);
  };
  assert.equal(await summerDays('Europe/Berlin'), [
    [SUMMER, 0, 0, 0],
    [SUMMER_NEXT, 1, 1, 20],
  ]);
  assert.equal(await summerDays('UTC'), [
    [SUMMER, 1, 1, 20],
    [SUMMER_NEXT, 0, 0, 0],
  ]);
  assert.equal(await summerDays('Asia/Kolkata'), [
    [SUMMER, 0, 0, 0],
    [SUMMER_NEXT, 1, 1, 20],
  ]);
  assert.equal(await summerDays('America/New_York'), [
    [SUMMER, 1, 1, 20],
    [SUMMER_NEXT, 0, 0, 0],
  ]);
});

test(`[${testEngine}] another organiser's event is 404; a reader who may not read payments gets no revenue field`, async () => {
  const other = await insights(B.token, A.eventId, allSoFar());
  assert.is(other.status, 404, JSON.stringify(other.body));
  assert.is(other.body.message, 'Event not found.');
  assert.is((await insights(B.token, 999_999, allSoFar())).status, 404, 'no such event: the same answer');

  const viewer = await tokenFor(api, admin, ['organizers'], [], ['organisers.view']);
  const seen = await insights(viewer.token, A.eventId, allSoFar());
  assert.is(seen.status, 200, JSON.stringify(seen.body));
  const text = JSON.stringify(seen.body.data);
  assert.not.ok(text.includes('revenue'), `no revenue field anywhere: ${text.slice(0, 300)}`);
  assert.is(seen.body.data.totals.purchases, 3, 'purchases are counts, shown to every reader');
  const owner = await insights(A.token, A.eventId, allSoFar());
  assert.equal({ ...seen.body.data.totals }, Object.fromEntries(Object.entries(owner.body.data.totals).filter(([k]) => k !== 'revenue')));
  const full = await insights(admin, A.eventId, allSoFar());
  assert.is(full.body.data.totals.revenue, 32.5, 'an administrator reads the revenue');

  const stranger = await tokenFor(api, admin, ['users']);
  assert.is((await insights(stranger.token, A.eventId, allSoFar())).status, 403, 'staff without the Organizers screen');
  assert.is((await api.call('GET', `event/${A.eventId}/insights`)).status, 401);
});

test(`[${testEngine}] a range that cannot be read is a 422 by field; no range is the last 30 days`, async () => {
  for (const [query, field] of [
    ['from=2026-02-30', 'from'],
    ['to=tomorrow', 'to'],
    ['tz=Mars/Olympus', 'tz'],
    ['from=2026-07-02&to=2026-07-01', 'to'],
    ['from=2024-01-01&to=2026-01-01', 'from'],
  ] as const) {
    const r = await insights(A.token, A.eventId, query);
    assert.is(r.status, 422, `${query}: ${JSON.stringify(r.body)}`);
    assert.ok(r.body.errors[field], `${query} names ${field}: ${JSON.stringify(r.body.errors)}`);
  }
  const r = await insights(A.token, A.eventId, 'tz=Asia/Kathmandu');
  assert.is(r.status, 200, JSON.stringify(r.body));
  assert.is(r.body.data.days.length, 30);
  assert.is(r.body.data.to, dayIn('Asia/Kathmandu'));
  assert.is(r.body.data.tz, timeZoneName('Asia/Kathmandu'), 'as Intl names it');
});

test(`[${testEngine}] migrating rolls up the participants and payments that were there`, async () => {
  const before = migrations.findIndex((m) => m.id === '041-insight-roll-ups');
  assert.ok(before > 0, '041-insight-roll-ups is among the migrations');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'insight-migration-'));
  const db = TEST_DATABASE_URL ? await createTestDatabase() : undefined;
  const sql: Sql = db ? openPostgres(db.url) : openSqlite(path.join(dataDir, 'app.db'));
  try {
    await migrate(sql, migrations.slice(0, before));
    const company = (await sql.get<{ id: number }>(
      "INSERT INTO companies (name, email, status, created_at) VALUES ('Old Org', 'old@org.example', 1, 0) RETURNING id",
    ))!.id;
    const event = (await sql.get<{ id: number }>(
      "INSERT INTO events (company_id, title, start_date, end_date, created_at) VALUES (?, 'Old', '2030-01-01', '2030-01-01', 0) RETURNING id",
      [company],
    ))!.id;
    for (const bib of ['1', '2'])
      await sql.run(
        "INSERT INTO event_photos (event_id, bid_number, low_res_image, high_res_image, price_type, price, orientation) VALUES (?, ?, 'l', 'h', 1, '0', 'portrait')",
        [event, bib],
      );
    const t = Date.UTC(2026, 5, 1, 10);
    for (const [bib, n, v, b] of [
      ['1', t + 1, t + 2, t + 3],
      ['2', t + 1, null, null],
      ['3', null, null, null],
    ] as const)
      await sql.run("INSERT INTO participants (event_id, bib_number, name, notified_at, viewed_at, bought_at, created_at) VALUES (?, ?, 'Old', ?, ?, ?, ?)", [
        event,
        bib,
        n,
        v,
        b,
        t,
      ]);
    const rec = (await sql.get<{ id: number }>("INSERT INTO recognition_events (payload, company_id, created_at) VALUES ('{}', ?, 0) RETURNING id", [company]))!
      .id;
    await sql.run(
      "INSERT INTO campaigns (event_id, title, description, logo, start_date, end_date, type, share_post_quote, image_console_id, is_sales_event, created_at) VALUES (?, 'C', '', '', '2030-01-01', '2030-01-01', 1, '', ?, 1, 0)",
      [event, String(rec)],
    );
    await sql.run('INSERT INTO recognition_participant_payments (event_id, payload, created_at) VALUES (?, ?, ?)', [
      rec,
      JSON.stringify({ event_id: rec, bib_number: '1', email: '', payment_slab: '2' }),
      t,
    ]);
    await migrate(sql);
    const sums = await sql.get<Record<string, unknown>>(
      'SELECT SUM(registered) AS registered, SUM(matched) AS matched, SUM(notified) AS notified, SUM(viewed) AS viewed, SUM(bought) AS bought, SUM(gallery_views) AS views FROM insight_slots WHERE event_id = ?',
      [event],
    );
    const funnel = await sql.get<Record<string, unknown>>('SELECT registered, matched, notified, viewed, bought FROM participant_funnels WHERE event_id = ?', [
      event,
    ]);
    assert.equal(stagesOf(Object.fromEntries(Object.entries(sums!).map(([k, v]) => [k, Number(v)]))), {
      registered: 3,
      matched: 2,
      notified: 2,
      viewed: 1,
      bought: 1,
    });
    assert.equal(stagesOf(Object.fromEntries(Object.entries(funnel!).map(([k, v]) => [k, Number(v)]))), {
      registered: 3,
      matched: 2,
      notified: 2,
      viewed: 1,
      bought: 1,
    });
    assert.is(Number(sums!.views), 1, 'the first openings recorded');
    const sales = await sql.all<{ slab: string; purchases: number }>('SELECT slab, purchases FROM insight_sales WHERE event_id = ?', [event]);
    assert.equal(
      sales.map((s) => [s.slab, Number(s.purchases)]),
      [['2', 1]],
    );
  } finally {
    await sql.close();
    await db?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test.run();
