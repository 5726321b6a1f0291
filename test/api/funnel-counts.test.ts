import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestDatabase, startTestApi, TEST_DATABASE_URL, testEngine, type TestApi } from './harness.ts';
import { makeOrganiser, photoCsv, goodRow, csvFile, type TestOrganiser } from './organiser-fixtures.ts';
import { awaitJob } from './import-job.ts';
import { campaignForm, recognitionEvent } from './campaigns-fixtures.ts';
import type { Sql } from '../../server/db/sql.ts';
import { openSqlite } from '../../server/db/sqlite.ts';
import { openPostgres } from '../../server/db/postgres.ts';
import { migrate } from '../../server/db/migrate.ts';
import { migrations } from '../../server/db/migrations/index.ts';

/**
 * The funnel (docs/participants.md "Stages") is a per-event row the database keeps; after every
 * kind of change to a participant's stage it must equal counting the participants by the stages'
 * definitions, here counted straight from the rows (a photo of the event with the BIB, then the
 * stage times), independent of the kept counts.
 */

type Funnel = { registered: number; matched: number; notified: number; viewed: number; bought: number };
const STAGES = ['registered', 'matched', 'notified', 'viewed', 'bought'] as const;
const HAS_PHOTO = 'EXISTS (SELECT 1 FROM event_photos ph WHERE ph.event_id = p.event_id AND ph.bid_number = p.bib_number)';
const WHERE: Record<keyof Funnel, string> = {
  registered: '1 = 1',
  matched: HAS_PHOTO,
  notified: `${HAS_PHOTO} AND p.notified_at IS NOT NULL`,
  viewed: `${HAS_PHOTO} AND p.notified_at IS NOT NULL AND p.viewed_at IS NOT NULL`,
  bought: `${HAS_PHOTO} AND p.notified_at IS NOT NULL AND p.viewed_at IS NOT NULL AND p.bought_at IS NOT NULL`,
};
const ZERO: Funnel = { registered: 0, matched: 0, notified: 0, viewed: 0, bought: 0 };
const asFunnel = (r: Record<string, unknown> | undefined): Funnel => Object.fromEntries(STAGES.map((s) => [s, Number(r?.[s] ?? 0)])) as Funnel;

/** Every event's funnel counted from its participant rows (events without participants absent). */
async function countedFunnels(sql: Sql): Promise<Map<number, Funnel>> {
  const rows = await sql.all<Record<string, unknown>>(
    `SELECT p.event_id, ${STAGES.map((s) => `SUM(CASE WHEN ${WHERE[s]} THEN 1 ELSE 0 END) AS ${s}`).join(', ')} FROM participants p GROUP BY p.event_id`,
  );
  return new Map(rows.map((r) => [Number(r.event_id), asFunnel(r)]));
}

/** Every kept funnel row, by event. */
async function keptFunnels(sql: Sql): Promise<Map<number, Funnel>> {
  const rows = await sql.all<Record<string, unknown>>('SELECT event_id, registered, matched, notified, viewed, bought FROM participant_funnels');
  return new Map(rows.map((r) => [Number(r.event_id), asFunnel(r)]));
}

/** Asserts that every event's kept funnel equals its counted one (a kept row of an event left without participants reads 0). */
async function keptEqualsCounted(sql: Sql, step: string): Promise<void> {
  const counted = await countedFunnels(sql);
  const kept = await keptFunnels(sql);
  for (const id of new Set([...counted.keys(), ...kept.keys()])) assert.equal(kept.get(id) ?? ZERO, counted.get(id) ?? ZERO, `${step}: event ${id}`);
}

let api: TestApi;
let A: TestOrganiser;
let B: TestOrganiser;
test.before(async () => {
  api = await startTestApi();
  A = await makeOrganiser(api, 'CountA', 0);
  B = await makeOrganiser(api, 'CountB', 0);
});
test.after(async () => {
  await api.stop();
});

const HEAD = 'bib_number,name,email,face_consent,consent_date';
const linkOf = (text: string) => /\/gallery\/([A-Za-z0-9_-]{43})/.exec(text)?.[1] ?? '';
/** The newest gallery link sent to `email`. */
const linkTo = async (email: string) =>
  linkOf(
    (await api.sql.get<{ body_text: string }>("SELECT body_text FROM outbox WHERE kind = 'gallery' AND to_address = ? ORDER BY id DESC LIMIT 1", [email]))!
      .body_text,
  );
const importSheet = async (o: TestOrganiser, rows: string[]) => {
  const job = await awaitJob(
    api.call,
    o.token,
    await api.call('POST', `event/${o.eventId}/participants`, { token: o.token, form: { file: csvFile(`${HEAD}\n${rows.join('\n')}\n`, 'participants.csv') } }),
  );
  assert.is(job.state, 'done', JSON.stringify(job));
  return job.id;
};
const addByHand = async (o: TestOrganiser, bib: number) => {
  const r = await api.call('POST', `event/${o.eventId}/participant`, {
    token: o.token,
    form: { bib_number: String(bib), name: `Runner ${bib}`, email: `c${bib}@${o.companyId}.example`, face_consent: 'no' },
  });
  assert.is(r.status, 200, JSON.stringify(r.body));
};
const uploadPhotos = async (o: TestOrganiser, bibs: number[]) => {
  const job = await awaitJob(
    api.call,
    o.token,
    await api.call('POST', 'uploadExcel', {
      token: o.token,
      form: {
        event_id: String(o.eventId),
        photo_price_type_id: '1',
        photo_price: '',
        excel: csvFile(photoCsv(bibs.map((b) => goodRow(b)))),
      },
    }),
  );
  assert.is(job.state, 'done', JSON.stringify(job));
};
const photoIds = async (o: TestOrganiser, bib: number) =>
  (await api.sql.all<{ id: number }>('SELECT id FROM event_photos WHERE event_id = ? AND bid_number = ? ORDER BY id', [o.eventId, String(bib)])).map((r) =>
    Number(r.id),
  );
const removePhotos = async (o: TestOrganiser, ids: number[]) => {
  const r = await api.call('POST', 'getPhotosByEventId/bulk-delete', { token: o.token, form: { event_id: String(o.eventId), ids: JSON.stringify(ids) } });
  assert.is(r.status, 200, JSON.stringify(r.body));
};
const funnelOf = async (o: TestOrganiser) => {
  const r = await api.call('GET', `event/${o.eventId}/funnel`, { token: o.token });
  assert.is(r.status, 200, JSON.stringify(r.body));
  return r.body.data as Funnel;
};

/** After `step`: the API's funnel of A's and B's events is `expected` (A) and the direct count (both), and every kept row equals its count. */
async function check(step: string, expected: Funnel): Promise<void> {
  const counted = await countedFunnels(api.sql);
  assert.equal(await funnelOf(A), counted.get(A.eventId) ?? ZERO, `${step}: A's funnel equals counting its participants`);
  assert.equal(await funnelOf(A), expected, `${step}: A's funnel`);
  assert.equal(await funnelOf(B), counted.get(B.eventId) ?? ZERO, `${step}: B's funnel equals counting its participants`);
  await keptEqualsCounted(api.sql, step);
}

test(`[${testEngine}] the kept funnel equals counting the participants after every change of a stage`, async () => {
  await check('no participants yet', ZERO);
  // Another organiser's event with the same BIBs, touched only where said: its counts never move with A's.
  await addByHand(B, 101);
  await uploadPhotos(B, [101]);
  assert.is((await api.call('POST', `event/${B.eventId}/notify-matched`, { token: B.token })).body.data.sent, 1);
  assert.equal(await funnelOf(B), { registered: 1, matched: 1, notified: 1, viewed: 0, bought: 0 });

  await importSheet(
    A,
    [101, 102, 103, 104, 105, 106].map((b) => `${b},Runner ${b},c${b}@${A.companyId}.example,no,`),
  );
  await check('a sheet imported', { registered: 6, matched: 0, notified: 0, viewed: 0, bought: 0 });
  await addByHand(A, 107);
  await addByHand(A, 108);
  await check('two added by hand', { registered: 8, matched: 0, notified: 0, viewed: 0, bought: 0 });

  await uploadPhotos(A, [101, 101, 102, 103, 104, 107, 999]);
  await check('photos of 101-104 and 107 uploaded', { registered: 8, matched: 5, notified: 0, viewed: 0, bought: 0 });
  await removePhotos(A, await photoIds(A, 104));
  await check('the photos of 104 removed', { registered: 8, matched: 4, notified: 0, viewed: 0, bought: 0 });
  await removePhotos(A, (await photoIds(A, 101)).slice(0, 1));
  await check('one of two photos of 101 removed', { registered: 8, matched: 4, notified: 0, viewed: 0, bought: 0 });

  assert.is((await api.call('POST', `event/${A.eventId}/notify-matched`, { token: A.token })).body.data.sent, 4);
  await check('the matched notified', { registered: 8, matched: 4, notified: 4, viewed: 0, bought: 0 });
  assert.is((await api.call('POST', `event/${A.eventId}/notify-matched`, { token: A.token })).body.data.sent, 0);
  await check('notified again: nobody', { registered: 8, matched: 4, notified: 4, viewed: 0, bought: 0 });

  const link = Object.fromEntries(await Promise.all([101, 102, 103, 107].map(async (b) => [b, await linkTo(`c${b}@${A.companyId}.example`)])));
  for (const b of [101, 102, 101]) assert.is((await api.call('GET', `gallery/${link[b]}`)).status, 200);
  await check('two galleries opened (one twice)', { registered: 8, matched: 4, notified: 4, viewed: 2, bought: 0 });

  // A free event: a download marks bought (and viewed, for 103 who never opened the page).
  const photoOf = async (b: number) => String((await photoIds(A, b))[0]);
  assert.is((await api.call('POST', `gallery/${link[101]}/download`, { form: { photo_id: await photoOf(101) } })).status, 200);
  await check('101 downloaded a photo', { registered: 8, matched: 4, notified: 4, viewed: 2, bought: 1 });
  assert.is((await api.call('POST', `gallery/${link[103]}/download`, { form: { photo_id: await photoOf(103) } })).status, 200);
  await check('103 downloaded without opening first', { registered: 8, matched: 4, notified: 4, viewed: 3, bought: 2 });

  // A sales campaign on A's event: recorded payments mark bought; 105 (no photo) and 106 (no e-mail sent) stay out of the later stages.
  const rec = await api.call('POST', '/recognition/events', { token: A.token, json: recognitionEvent });
  assert.is(rec.status, 200, JSON.stringify(rec.body));
  const day = (await api.sql.get<{ start_date: string }>('SELECT start_date FROM events WHERE id = ?', [A.eventId]))!.start_date;
  const camp = await api.call('POST', 'campaign', {
    token: A.token,
    form: campaignForm(A.eventId, { start_date: day, end_date: day, image_console_id: String(rec.body.data.id), is_sales_event: '1', payment_slab: '3' }),
  });
  assert.is(camp.status, 200, JSON.stringify(camp.body));
  for (const bib of ['102', '105', '106']) {
    const pay = await api.call('POST', '/recognition/events/payment/participant', {
      token: A.token,
      json: { event_id: rec.body.data.id, bib_number: bib, email: '', payment_slab: '3' },
    });
    assert.is(pay.status, 200, JSON.stringify(pay.body));
  }
  await check('payments for 102, 105, 106', { registered: 8, matched: 4, notified: 4, viewed: 3, bought: 3 });
  await uploadPhotos(A, [105]);
  await check('105 (bought, never notified) matched', { registered: 8, matched: 5, notified: 4, viewed: 3, bought: 3 });

  // A second import, matched, then undone: its rows go and the counts with them.
  const job = await importSheet(A, ['201,Late One,,no,', '202,Late Two,,yes,', '203,Late Three,,no,']);
  await check('a second sheet imported', { registered: 11, matched: 5, notified: 4, viewed: 3, bought: 3 });
  await uploadPhotos(A, [201, 202]);
  await check('photos of 201 and 202', { registered: 11, matched: 7, notified: 4, viewed: 3, bought: 3 });
  const undo = await api.call('POST', `import-job/${job}/undo`, { token: A.token });
  assert.is(undo.status, 200, JSON.stringify(undo.body));
  assert.is(undo.body.data.count, 3);
  await check('the second import undone', { registered: 8, matched: 5, notified: 4, viewed: 3, bought: 3 });

  // No call deletes one participant; the row's deletion is counted all the same (102: bought).
  await api.sql.run('DELETE FROM participants WHERE event_id = ? AND bib_number = ?', [A.eventId, '102']);
  await check('participant 102 deleted', { registered: 7, matched: 4, notified: 3, viewed: 2, bought: 2 });
  // Nor one that changes a BIB; its photos follow it (migration 029) and so do the counts.
  await api.sql.run('UPDATE participants SET bib_number = ? WHERE event_id = ? AND bib_number = ?', ['999', A.eventId, '108']);
  await check('108 renumbered to 999, a BIB with a photo', { registered: 7, matched: 5, notified: 3, viewed: 2, bought: 2 });

  // The event's last photo goes: every gallery link ends (notified and viewed cleared), bought stays recorded but is no stage without them.
  assert.is((await api.call('POST', 'deleteEventPhotos', { token: A.token, form: { event_id: String(A.eventId) } })).status, 200);
  await check('every photo of the event removed', { registered: 7, matched: 0, notified: 0, viewed: 0, bought: 0 });
  assert.ok(
    Number((await api.sql.get<{ n: number }>('SELECT COUNT(*) AS n FROM participants WHERE event_id = ? AND bought_at IS NOT NULL', [A.eventId]))!.n) > 0,
    'bought_at kept',
  );
  await uploadPhotos(A, [101, 103, 105]);
  await check('photos again', { registered: 7, matched: 3, notified: 0, viewed: 0, bought: 0 });
  assert.is((await api.call('POST', `event/${A.eventId}/notify-matched`, { token: A.token })).body.data.sent, 3);
  assert.is((await api.call('GET', `gallery/${await linkTo(`c101@${A.companyId}.example`)}`)).status, 200);
  await check('notified with fresh links, 101 (bought before) opened', { registered: 7, matched: 3, notified: 3, viewed: 1, bought: 1 });

  assert.equal(await funnelOf(B), { registered: 1, matched: 1, notified: 1, viewed: 0, bought: 0 }, 'B untouched throughout');
  assert.is((await api.call('PUT', 'deleteEvent', { token: A.token, form: { event_id: String(A.eventId) } })).status, 200);
  await keptEqualsCounted(api.sql, "A's event deleted");
  assert.is((await api.sql.all('SELECT event_id FROM participant_funnels WHERE event_id = ?', [A.eventId])).length, 0, 'its kept row went with it');
  assert.equal(await funnelOf(B), { registered: 1, matched: 1, notified: 1, viewed: 0, bought: 0 });
});

test(`[${testEngine}] migrating counts the participants of the events that had them`, async () => {
  const before = migrations.findIndex((m) => m.id === '031-participant-funnels');
  assert.ok(before > 0, '031-participant-funnels is among the migrations');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'funnel-migration-'));
  const db = TEST_DATABASE_URL ? await createTestDatabase() : undefined;
  const sql = db ? openPostgres(db.url) : openSqlite(path.join(dataDir, 'app.db'));
  try {
    await migrate(sql, migrations.slice(0, before));
    const company = (await sql.get<{ id: number }>(
      "INSERT INTO companies (name, email, status, created_at) VALUES ('Old Org', 'old@org.example', 1, 0) RETURNING id",
    ))!.id;
    const event = async () =>
      (await sql.get<{ id: number }>(
        "INSERT INTO events (company_id, title, start_date, end_date, created_at) VALUES (?, 'Old', '2030-01-01', '2030-01-01', 0) RETURNING id",
        [company],
      ))!.id;
    const [one, two, none] = [await event(), await event(), await event()];
    for (const [e, bib] of [
      [one, '1'],
      [one, '2'],
      [one, '3'],
      [two, '1'],
    ] as const) {
      await sql.run(
        "INSERT INTO event_photos (event_id, bid_number, low_res_image, high_res_image, price_type, price, orientation) VALUES (?, ?, 'l', 'h', 1, '0', 'portrait')",
        [e, bib],
      );
    }
    // Event one: 1 bought, 2 viewed, 3 notified only, 4 unmatched though "bought", 5 registered; event two: 1 matched, 9 registered.
    const rows: [number, string, number | null, number | null, number | null][] = [
      [one, '1', 1, 1, 1],
      [one, '2', 1, 1, null],
      [one, '3', 1, null, null],
      [one, '4', 1, 1, 1],
      [one, '5', null, null, null],
      [two, '1', null, null, null],
      [two, '9', null, null, null],
    ];
    for (const [e, bib, n, v, b] of rows) {
      await sql.run(
        "INSERT INTO participants (event_id, bib_number, name, notified_at, viewed_at, bought_at, created_at) VALUES (?, ?, 'Old runner', ?, ?, ?, 0)",
        [e, bib, n, v, b],
      );
    }
    await migrate(sql);
    const kept = await keptFunnels(sql);
    assert.equal(kept.get(one), { registered: 5, matched: 3, notified: 3, viewed: 2, bought: 1 });
    assert.equal(kept.get(two), { registered: 2, matched: 1, notified: 0, viewed: 0, bought: 0 });
    assert.is(kept.get(none), undefined, 'no row for an event without participants');
    await keptEqualsCounted(sql, 'after migrating');
  } finally {
    await sql.close();
    await db?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test.run();
