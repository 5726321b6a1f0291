import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApi, type TestApi } from './harness.ts';
import { makeOrganiser, photoCsv, goodRow, csvFile, type TestOrganiser } from './organiser-fixtures.ts';
import { awaitJob } from './import-job.ts';

// What a participant keeps and what the organiser is told (docs/participants.md): notifying asks
// with a count first, consent can be withdrawn with a receipt, erasure receipts carry an
// unguessable code e-mailed to the participant, the photo sheet refuses http:// links the gallery
// cannot show, and the list's CSV writes times as ISO 8601.
let api: TestApi;
let A: TestOrganiser;
const token: Record<string, string> = {};
const ev = (p: string) => `event/${A.eventId}/${p}`;
const CODE = /^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;
const mails = (to: string) =>
  api.sql.all<{ subject: string; body_text: string }>("SELECT subject, body_text FROM outbox WHERE kind = 'gallery' AND to_address = ? ORDER BY id", [to]);

test.before(async () => {
  api = await startTestApi();
  A = await makeOrganiser(api, 'Keep', 0);
  assert.is((await api.call('PUT', ev('face-search'), { token: A.token, form: { mode: 'consent', consent_version: 'v2' } })).status, 200);
  for (const [bib, email, consent] of [
    ['501', 'k501@example.com', 'yes'],
    ['502', 'k502@example.com', 'no'],
    ['503', '', 'no'],
    ['504', 'k504@example.com', 'no'],
  ]) {
    assert.is(
      (await api.call('POST', ev('participant'), { token: A.token, form: { bib_number: bib, name: `Runner ${bib}`, email, face_consent: consent } })).status,
      200,
    );
  }
  const up = await api.call('POST', 'uploadExcel', {
    token: A.token,
    form: {
      event_id: String(A.eventId),
      photo_price_type_id: '1',
      photo_price: '',
      excel: csvFile(photoCsv([goodRow(501), goodRow(501, 'landscape'), goodRow(502), goodRow(503)])),
    },
  });
  assert.is((await awaitJob(api.call, A.token, up)).state, 'done');
});
test.after(async () => {
  await api.stop();
});

test('notify: the preview counts who would get an e-mail and who has no address, and the answer says how many are queued', async () => {
  const before = await api.call('GET', ev('notify-matched'), { token: A.token });
  assert.is(before.status, 200, JSON.stringify(before.body));
  assert.equal({ count: before.body.data.count, without_email: before.body.data.without_email }, { count: 2, without_email: 1 });
  assert.is(before.body.data.subject, 'Your photos of Event of Keep are ready');
  assert.match(before.body.data.text, 'Hello Runner 501,');
  assert.match(before.body.data.text, '<personal gallery link>');
  assert.is(Number((await api.sql.get<{ n: number }>("SELECT COUNT(*) AS n FROM outbox WHERE kind = 'gallery'"))!.n), 0, 'the preview sends nothing');

  const sent = await api.call('POST', ev('notify-matched'), { token: A.token });
  assert.is(sent.body.data.sent, 2);
  assert.is(sent.body.message, '2 e-mails are queued.');
  for (const bib of ['501', '502']) token[bib] = /\/gallery\/([A-Za-z0-9_-]{43})/.exec((await mails(`k${bib}@example.com`))[0].body_text)![1];
  const after = (await api.call('GET', ev('notify-matched'), { token: A.token })).body.data;
  assert.equal({ count: after.count, without_email: after.without_email }, { count: 0, without_email: 1 });
  assert.is((await api.call('POST', ev('notify-matched'), { token: A.token })).body.message, 'Everyone matched was already notified.');
});

test("the gallery says through whom and when consent was given, the purge day and each photo's orientation", async () => {
  const g = (await api.call('GET', `gallery/${token['501']}`)).body.data;
  assert.equal(
    g.photos.map((p: { orientation: string }) => p.orientation),
    ['portrait', 'landscape'],
  );
  assert.is(g.face_search.consent.source, 'sheet');
  assert.is(g.face_search.consent.version, 'v2');
  assert.is(g.face_search.consent.withdrawn_at, null);
  assert.ok(Math.abs(g.face_search.consent.given_at - Date.now()) < 3_600_000);
  assert.match(g.face_search.purge_on, /^\d{4}-\d{2}-\d{2}$/);
  assert.match(g.face_search.consent_text, `deleted on ${g.face_search.purge_on}`);
  assert.is(g.face_search.offered, true);
  assert.is((await api.call('GET', `gallery/${token['502']}`)).body.data.face_search.consent, null);
});

test('withdraw consent: face search is refused afterwards, the receipt code is e-mailed, a second withdrawal is a 409, and agreeing again works', async () => {
  assert.is((await api.call('GET', `gallery/${token['501']}/face-search`)).status, 200);
  const w = await api.call('POST', `gallery/${token['501']}/withdrawal`);
  assert.is(w.status, 200, JSON.stringify(w.body));
  assert.match(w.body.data.code, CODE);
  assert.is(w.body.data.face_search.offered, false);
  assert.ok(w.body.data.face_search.consent.withdrawn_at >= w.body.data.face_search.consent.given_at);
  const refused = await api.call('GET', `gallery/${token['501']}/face-search`);
  assert.is(refused.status, 403);
  assert.is(refused.body.message, 'Face search needs your consent: agree to it first.');
  const receipt = (await mails('k501@example.com')).at(-1)!;
  assert.is(receipt.subject, 'Your face-search consent for Event of Keep is withdrawn');
  assert.match(receipt.body_text, w.body.data.code);
  const again = await api.call('POST', `gallery/${token['501']}/withdrawal`);
  assert.is(again.status, 409);
  assert.is(again.body.message, 'You have no consent in force to withdraw.');
  const consents = (await api.call('GET', ev('consents'), { token: A.token })).body.data;
  assert.ok(consents.every((c: { withdrawn_at: number | null }) => c.withdrawn_at !== null));
  assert.is((await api.call('POST', `gallery/${token['501']}/consent`)).body.data.offered, true, 'a withdrawal is not an erasure: agreeing again is possible');
  assert.is((await api.call('POST', `gallery/${'q'.repeat(43)}/withdrawal`)).status, 404);
});

test('erasure receipts carry an unguessable code, never the row number, e-mailed to the participant', async () => {
  const r1 = await api.call('POST', `gallery/${token['502']}/erasure`);
  assert.is(r1.status, 200, JSON.stringify(r1.body));
  assert.match(r1.body.data.code, CODE);
  assert.is.not(r1.body.data.code, String(r1.body.data.id));
  const mail = (await mails('k502@example.com')).at(-1)!;
  assert.is(mail.subject, 'Your face data of Event of Keep is erased');
  assert.match(mail.body_text, `Your receipt: ${r1.body.data.code}.`);
  const pid = (await api.sql.get<{ id: number }>('SELECT id FROM participants WHERE event_id = ? AND bib_number = ?', [A.eventId, '501']))!.id;
  const r2 = await api.call('POST', ev(`participant/${pid}/erasure`), { token: A.token });
  assert.match(r2.body.data.code, CODE);
  assert.is.not(r2.body.data.code, r1.body.data.code);
});

test('the participants list carries consent, withdrawal and erasure times; its CSV writes every time as ISO 8601', async () => {
  const rows = (await api.call('GET', ev('participants?sort=bib_number'), { token: A.token })).body.data.data;
  const byBib = Object.fromEntries(rows.map((r: { bib_number: string }) => [r.bib_number, r]));
  assert.is(typeof byBib['502'].erased_at, 'number');
  assert.is(byBib['504'].erased_at, null);
  assert.is(byBib['504'].consent_at, null);
  assert.is(typeof byBib['501'].consent_withdrawn_at, 'number', 'the erasure withdrew the consent given again');
  assert.is(typeof byBib['501'].notified_at, 'number');

  const csv = await api.call('GET', ev('participants/export?columns=all&sort=bib_number'), { token: A.token });
  const lines = String(csv.body)
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r\n/);
  assert.is(
    lines[0],
    'bib_number,name,email,face_consent,consent_date,matched,notified_at,viewed_at,bought_at,consent_source,consent_at,consent_withdrawn_at,erased_at,language',
  );
  const cells = lines[1].split(',');
  assert.is(cells[0], '501');
  assert.is(cells[6], new Date(byBib['501'].notified_at).toISOString());
  assert.match(cells[6], /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  assert.is(cells[12], new Date(byBib['501'].erased_at).toISOString());
  assert.is(lines[4].split(',')[6], '', 'not reached: empty');
});

test('Download all answers every photo of a free event once and marks the participant bought', async () => {
  const r = await api.call('POST', `gallery/${token['501']}/downloads`);
  assert.is(r.status, 200, JSON.stringify(r.body));
  assert.equal(
    r.body.data.photos.map((p: { url: string }) => p.url),
    ['https://cdn.example.com/501-high.jpg', 'https://cdn.example.com/501-high.jpg'],
  );
  assert.is((await api.call('GET', ev('funnel'), { token: A.token })).body.data.bought, 1);
});

test('a photo sheet with http:// image links is refused naming the rows: the gallery would show broken images', async () => {
  const rows = [
    goodRow(601),
    ['602', 'http://cdn.example.com/602-low.jpg', 'https://cdn.example.com/602-high.jpg', 'portrait'],
    goodRow(603),
    ['604', 'https://cdn.example.com/604-low.jpg', 'HTTP://cdn.example.com/604-high.jpg', 'landscape'],
  ];
  const r = await api.call('POST', 'uploadExcel', {
    token: A.token,
    form: { event_id: String(A.eventId), photo_price_type_id: '1', photo_price: '', excel: csvFile(photoCsv(rows)) },
  });
  assert.is(r.status, 422, JSON.stringify(r.body));
  assert.equal(r.body.errors.excel, [
    'Row 3: low_res_image is an http:// link; photos must be https:// links (the gallery cannot show http:// images).',
    'Row 5: high_res_image is an http:// link; photos must be https:// links (the gallery cannot show http:// images).',
  ]);
  assert.is(Number((await api.sql.get<{ n: number }>("SELECT COUNT(*) AS n FROM event_photos WHERE bid_number = '602'"))!.n), 0);
});

test.run();
