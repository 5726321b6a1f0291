import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApi, type TestApi } from './harness.ts';
import { makeOrganiser, photoCsv, goodRow, csvFile, type TestOrganiser } from './organiser-fixtures.ts';
import { awaitJob } from './import-job.ts';
import { campaignForm, recognitionEvent } from './campaigns-fixtures.ts';
import { purgeDue } from '../../server/services/face-data-retention.ts';
import { faceSearchOpen } from '../../server/services/recognition.ts';
import { createEvent } from '../../server/db/queries/events.ts';
import { clockFrom } from './test-clock.ts';

// Face-search consent, retention, purge and erasure (docs/participants.md "Face search").
// The process clock (and the server's) runs from 12:00 UTC of the day the test started, so the
// day an erasure or a purge is stamped with is the day the test reads as today, whatever the real hour.
const now = clockFrom('12:00');
let api: TestApi;
let A: TestOrganiser;
let B: TestOrganiser;
let recId = 0;
const token: Record<string, string> = {};
const pid: Record<string, number> = {};
const ev = (p: string, o: TestOrganiser = A) => `event/${o.eventId}/${p}`;
const today = () => new Date(Date.now()).toISOString().slice(0, 10);
/** A YYYY-MM-DD day as an English reader reads it in a message: 'Jun 1, 2026'. */
const readDay = (day: string) => new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

test.before(async () => {
  api = await startTestApi({ now });
  A = await makeOrganiser(api, 'Faces', 0);
  B = await makeOrganiser(api, 'Stranger', 0);
  const rec = await api.call('POST', '/recognition/events', { token: A.token, json: recognitionEvent });
  recId = rec.body.data.id;
  const day = (await api.sql.get<{ start_date: string }>('SELECT start_date FROM events WHERE id = ?', [A.eventId]))!.start_date;
  assert.is(
    (await api.call('POST', 'campaign', { token: A.token, form: campaignForm(A.eventId, { start_date: day, end_date: day, image_console_id: String(recId) }) }))
      .status,
    200,
  );
});
test.after(async () => {
  await api.stop();
});

test('settings: consent mode with a version; participants with a receipt are offered face search, others must agree first', async () => {
  const bad = await api.call('PUT', ev('face-search'), { token: A.token, form: { mode: 'maybe', retention_days: '0' } });
  assert.is(bad.status, 422);
  assert.ok(bad.body.errors.mode && bad.body.errors.retention_days, JSON.stringify(bad.body));
  const put = await api.call('PUT', ev('face-search'), { token: A.token, form: { mode: 'consent', consent_version: 'v1' } });
  assert.is(put.status, 200, JSON.stringify(put.body));
  assert.is(put.body.data.mode, 'consent');
  assert.is(put.body.data.retention_days, 30);
  assert.is(put.body.data.closed_on, null);

  for (const [bib, consent] of [
    ['201', 'yes'],
    ['202', 'no'],
  ]) {
    const r = await api.call('POST', ev('participant'), {
      token: A.token,
      form: { bib_number: bib, name: `Runner ${bib}`, email: `f${bib}@example.com`, face_consent: consent },
    });
    pid[bib] = r.body.data.id;
  }
  const up = await api.call('POST', 'uploadExcel', {
    token: A.token,
    form: { event_id: String(A.eventId), photo_price_type_id: '1', photo_price: '', excel: csvFile(photoCsv([goodRow(201), goodRow(202)])) },
  });
  assert.is((await awaitJob(api.call, A.token, up)).state, 'done');
  assert.is((await api.call('POST', ev('notify-matched'), { token: A.token })).body.data.sent, 2);
  for (const m of await api.sql.all<{ to_address: string; body_text: string }>("SELECT to_address, body_text FROM outbox WHERE kind = 'gallery'")) {
    token[m.to_address.slice(1, 4)] = /\/gallery\/([A-Za-z0-9_-]{43})/.exec(m.body_text)![1];
  }

  const consents = (await api.call('GET', ev('consents'), { token: A.token })).body.data;
  assert.equal(
    consents.map((c: { bib_number: string; version: string; source: string }) => [c.bib_number, c.version, c.source]),
    [['201', 'v1', 'sheet']],
  );
  assert.equal(Object.keys(consents[0]).sort(), ['bib_number', 'created_at', 'id', 'name', 'participant_id', 'source', 'version', 'withdrawn_at']);

  const g202 = (await api.call('GET', `gallery/${token['202']}`)).body.data.face_search;
  assert.is(g202.offered, false, 'no consent: not offered');
  assert.match(g202.consent_text, 'I agree that a selfie I take is compared with the photos of Event of Faces');
  const refused = await api.call('GET', `gallery/${token['202']}/face-search`);
  assert.is(refused.status, 403);
  const agreed = await api.call('POST', `gallery/${token['202']}/consent`);
  assert.is(agreed.status, 200, JSON.stringify(agreed.body));
  assert.is(agreed.body.data.offered, true);
  const listed = (await api.call('GET', ev('consents'), { token: A.token })).body.data;
  assert.equal(
    listed.map((c: { bib_number: string; source: string }) => [c.bib_number, c.source]),
    [
      ['202', 'gallery'],
      ['201', 'sheet'],
    ],
  );

  assert.is((await api.call('GET', `gallery/${token['201']}`)).body.data.face_search.offered, true);
  const found = await api.call('GET', `gallery/${token['201']}/face-search`);
  assert.is(found.status, 200);
  assert.equal(
    found.body.data.photos.map((p: { bid_number: string }) => p.bid_number),
    ['201'],
  );
});

test('an erasure (organiser or gallery) answers a receipt, reaches the recognition service and withdraws consent', async () => {
  const r = await api.call('POST', ev(`participant/${pid['201']}/erasure`), { token: A.token });
  assert.is(r.status, 200, JSON.stringify(r.body));
  assert.ok(r.body.data.id > 0);
  assert.is(r.body.data.bib_number, '201');
  assert.is(r.body.data.source, 'organiser');
  assert.is(await faceSearchOpen(api.sql, recId, '201'), false, 'the recognition service deleted BIB 201');
  assert.is(await faceSearchOpen(api.sql, recId, '202'), true);
  assert.is((await api.call('GET', `gallery/${token['201']}`)).body.data.face_search.offered, false);
  assert.is((await api.call('GET', `gallery/${token['201']}/face-search`)).status, 403);
  const c201 = (await api.call('GET', ev('consents'), { token: A.token })).body.data.find((c: { bib_number: string }) => c.bib_number === '201');
  assert.ok(c201.withdrawn_at > 0);

  const g = await api.call('POST', `gallery/${token['202']}/erasure`);
  assert.is(g.status, 200);
  assert.is(g.body.data.source, 'gallery');
  assert.is(await faceSearchOpen(api.sql, recId, '202'), false);
  assert.is((await api.call('POST', ev('participant/999999/erasure'), { token: A.token })).status, 404);
  const rows = await api.sql.all<{ changes: string }>("SELECT changes FROM activity WHERE resource = 'participants' AND changes LIKE '%erased (receipt%'");
  assert.is(rows.length, 2);
});

test('an erasure is final: a later "I agree" from the same link is refused, face search stays refused, and the gallery says the data was erased', async () => {
  // The message says the day the reader's way (here English, 'Jun 1, 2026'); erased_on keeps YYYY-MM-DD.
  const erased = `Your face data was erased on ${readDay(today())} at your request. Face search stays off for you at this event.`;
  // 202 erased on their gallery page, 201 through the organiser (the test before).
  for (const bib of ['202', '201']) {
    const again = await api.call('POST', `gallery/${token[bib]}/consent`);
    assert.equal([again.status, again.body.message], [403, erased], `a new consent of ${bib} is refused`);
    const g = (await api.call('GET', `gallery/${token[bib]}`)).body.data.face_search;
    assert.equal({ offered: g.offered, erased_on: g.erased_on, consent_text: g.consent_text }, { offered: false, erased_on: today(), consent_text: '' });
  }
  const inForce = (await api.call('GET', ev('consents'), { token: A.token })).body.data.filter((c: { withdrawn_at: number | null }) => c.withdrawn_at === null);
  assert.equal(inForce, [], 'no receipt was written');
  // The refusal is the product's own, not only the recognition service's: here the service would search again.
  await api.sql.run("DELETE FROM recognition_face_deletions WHERE bib_number = '202'");
  assert.is(await faceSearchOpen(api.sql, recId, '202'), true);
  const search = await api.call('GET', `gallery/${token['202']}/face-search`);
  assert.equal([search.status, search.body.message], [403, erased]);
});

test('purge: the event reads closed, the recognition service refuses face searches, consent is no longer taken', async () => {
  await api.call('POST', `gallery/${token['202']}/consent`);
  const r = await api.call('POST', ev('face-search/purge'), { token: A.token });
  assert.is(r.status, 200, JSON.stringify(r.body));
  assert.is(r.body.data.closed_on, today());
  assert.is(await faceSearchOpen(api.sql, recId, '203'), false, 'the whole event purged at the recognition service');
  assert.is((await api.call('GET', ev('face-search'), { token: A.token })).body.data.closed_on, today());
  assert.is((await api.call('GET', `gallery/${token['202']}`)).body.data.face_search.closed_on, today());
  const s = await api.call('GET', `gallery/${token['202']}/face-search`);
  assert.is(s.status, 409);
  assert.is(s.body.message, `Face search closed on ${readDay(today())}.`);
  assert.is((await api.call('POST', `gallery/${token['202']}/consent`)).status, 409);
  assert.is((await api.call('POST', ev('face-search/purge'), { token: A.token })).status, 200, 'a second purge changes nothing');
  assert.is(
    Number((await api.sql.get<{ n: number }>("SELECT COUNT(*) AS n FROM activity WHERE resource = 'participants' AND label LIKE '%face data purged'"))!.n),
    1,
  );
});

test('the daily job purges events whose retention has passed after their end date, and no other', async () => {
  const past = await createEvent(api.sql, {
    organizer_id: A.companyId,
    title: 'Old race',
    description: '',
    start_date: '2020-01-01',
    end_date: '2020-01-02',
    logo: '',
  });
  const soon = await createEvent(api.sql, {
    organizer_id: A.companyId,
    title: 'Next race',
    description: '',
    start_date: '2099-01-01',
    end_date: '2099-01-02',
    logo: '',
  });
  for (const id of [past, soon])
    assert.is((await api.call('PUT', `event/${id}/face-search`, { token: A.token, form: { mode: 'consent', retention_days: '5' } })).status, 200);
  const who = { id: null, name: 'Retention job', role: '', organiserId: null, ip: '', userAgent: '', logs: true };
  assert.is(await purgeDue(api.sql, who, null, today()), 1);
  assert.is((await api.call('GET', `event/${past}/face-search`, { token: A.token })).body.data.closed_on, today());
  assert.is((await api.call('GET', `event/${soon}/face-search`, { token: A.token })).body.data.closed_on, null);
  assert.is((await api.call('GET', `event/${soon}/face-search`, { token: A.token })).body.data.purge_on, '2099-01-07');
  assert.is(await purgeDue(api.sql, who, null, today()), 0);
});

test('another organiser gets 403 on every face-search call of an event not its own', async () => {
  const calls: [string, string, Record<string, string>?][] = [
    ['GET', 'face-search'],
    ['PUT', 'face-search', { mode: 'off' }],
    ['POST', 'face-search/purge'],
    ['GET', 'consents'],
    ['POST', `participant/${pid['202']}/erasure`],
  ];
  for (const [method, p, form] of calls) assert.is((await api.call(method, ev(p), { token: B.token, form })).status, 403, `${method} ${p}`);
  assert.is((await api.call('GET', ev('consents'))).status, 401);
  assert.is((await api.call('POST', `gallery/${'q'.repeat(43)}/erasure`)).status, 404);
});

test.run();
