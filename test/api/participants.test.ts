import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApi, type TestApi } from './harness.ts';
import { makeOrganiser, photoCsv, goodRow, csvFile, type TestOrganiser } from './organiser-fixtures.ts';
import { awaitJob } from './import-job.ts';
import { campaignForm, recognitionEvent } from './campaigns-fixtures.ts';

let api: TestApi;
let A: TestOrganiser;
let B: TestOrganiser;
test.before(async () => {
  api = await startTestApi();
  A = await makeOrganiser(api, 'Runners', 0);
  B = await makeOrganiser(api, 'Other', 0);
});
test.after(async () => {
  await api.stop();
});

const ev = (p: string, o: TestOrganiser = A) => `event/${o.eventId}/${p}`;
const galleryMails = () =>
  api.sql.all<{ to_address: string; subject: string; body_text: string }>(
    "SELECT to_address, subject, body_text FROM outbox WHERE kind = 'gallery' ORDER BY id",
  );
let tokens: string[] = [];
const linkOf = (text: string) => /\/gallery\/([A-Za-z0-9_-]{43})/.exec(text)?.[1] ?? '';

test('10 participants, photos of 6 BIBs: funnel, unmatched export, notify once, galleries opened', async () => {
  for (let bib = 101; bib <= 110; bib++) {
    const r = await api.call('POST', ev('participant'), {
      token: A.token,
      form: { bib_number: String(bib), name: `Runner ${bib}`, email: `r${bib}@example.com`, face_consent: bib % 2 ? 'yes' : 'no', consent_date: '2026-05-01' },
    });
    assert.is(r.status, 200, JSON.stringify(r.body));
    assert.is(r.body.data.bib_number, String(bib));
  }
  // A BIB is one participant of the event, by hand as by sheet.
  const again = await api.call('POST', ev('participant'), { token: A.token, form: { bib_number: '101', name: 'Someone else', face_consent: 'no' } });
  assert.is(again.status, 422);
  assert.equal(again.body.errors, { bib_number: ['BIB 101 is already a participant of this event.'] });
  const up = await api.call('POST', 'uploadExcel', {
    token: A.token,
    form: {
      event_id: String(A.eventId),
      photo_price_type_id: '1',
      photo_price: '',
      excel: csvFile(photoCsv([101, 102, 103, 104, 105, 106].map((b) => goodRow(b)))),
    },
  });
  assert.is((await awaitJob(api.call, A.token, up)).state, 'done');

  assert.equal((await api.call('GET', ev('funnel'), { token: A.token })).body.data, { registered: 10, matched: 6, notified: 0, viewed: 0, bought: 0 });

  const csv = await api.call('GET', ev('participants/export?stage=unmatched'), { token: A.token });
  assert.is(csv.status, 200);
  assert.match(String(csv.headers.get('content-type')), 'text/csv');
  assert.equal(
    String(csv.body)
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r\n/),
    ['bib_number', '107', '108', '109', '110'],
  );

  // The list's own export: the rows the list shows (here stage matched, searched, sorted by BIB descending), every column.
  const rows = await api.call('GET', ev('participants/export?columns=all&stage=matched&q=Runner&sort=bib_number&dir=desc'), { token: A.token });
  assert.is(rows.status, 200);
  const lines = String(rows.body)
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r\n/);
  assert.is(
    lines[0],
    'bib_number,name,email,face_consent,consent_date,matched,notified_at,viewed_at,bought_at,consent_source,consent_at,consent_withdrawn_at,erased_at,language',
  );
  assert.equal(
    lines.slice(1).map((l) => l.split(',').slice(0, 3).join(',')),
    [106, 105, 104, 103, 102, 101].map((b) => `${b},Runner ${b},r${b}@example.com`),
  );
  assert.ok(
    lines.slice(1).every((l) => l.split(',')[5] === '1'),
    'every exported row is matched',
  );
  const theirs = await api.call('GET', ev('participants/export?columns=all'), { token: B.token });
  assert.is(theirs.status, 403);

  const unmatched = (await api.call('GET', ev('participants?stage=unmatched&page=1'), { token: A.token })).body.data;
  assert.is(unmatched.total, 4);
  assert.equal(
    unmatched.data.map((p: { bib_number: string }) => p.bib_number),
    ['107', '108', '109', '110'],
  );
  assert.is((await api.call('GET', ev('participants?q=Runner%20103'), { token: A.token })).body.data.total, 1);

  const sent = await api.call('POST', ev('notify-matched'), { token: A.token });
  assert.is(sent.status, 200, JSON.stringify(sent.body));
  assert.is(sent.body.data.sent, 6);
  const mails = await galleryMails();
  assert.equal(
    mails.map((m) => m.to_address),
    [101, 102, 103, 104, 105, 106].map((b) => `r${b}@example.com`),
  );
  tokens = mails.map((m) => linkOf(m.body_text));
  assert.is(new Set(tokens).size, 6);
  assert.ok(tokens.every((t) => t.length === 43));
  assert.is((await api.sql.all('SELECT id FROM participants WHERE gallery_token_hash = ?', [tokens[0]])).length, 0, 'only the hash is stored');

  assert.is((await api.call('POST', ev('notify-matched'), { token: A.token })).body.data.sent, 0);
  assert.is((await galleryMails()).length, 6);

  const g = await api.call('GET', `gallery/${tokens[0]}`);
  assert.is(g.status, 200, JSON.stringify(g.body));
  assert.is(g.body.data.event.title, 'Event of Runners');
  assert.equal(g.body.data.participant, { name: 'Runner 101', bib_number: '101' });
  assert.equal(
    g.body.data.photos.map((p: { bid_number: string; low_res_image: string }) => [p.bid_number, p.low_res_image]),
    [['101', 'https://cdn.example.com/101-low.jpg']],
  );
  assert.is((await api.call('GET', `gallery/${tokens[0]}`)).status, 200);
  assert.is((await api.call('GET', `gallery/${tokens[1]}`)).status, 200);
  assert.equal((await api.call('GET', ev('funnel'), { token: A.token })).body.data, { registered: 10, matched: 6, notified: 6, viewed: 2, bought: 0 });
  assert.is((await api.call('GET', ev('participants?stage=viewed'), { token: A.token })).body.data.total, 2);
});

test('a sales event: the gallery shows the slab and the app link, refuses downloads, and a recorded payment marks the participant bought', async () => {
  const rec = await api.call('POST', '/recognition/events', { token: A.token, json: recognitionEvent });
  assert.is(rec.status, 200, JSON.stringify(rec.body));
  const recId = rec.body.data.id as number;
  const day = (await api.sql.get<{ start_date: string }>('SELECT start_date FROM events WHERE id = ?', [A.eventId]))!.start_date;
  const camp = await api.call('POST', 'campaign', {
    token: A.token,
    form: campaignForm(A.eventId, {
      start_date: day,
      end_date: day,
      image_console_id: String(recId),
      is_sales_event: '1',
      payment_slab: '3',
      friendly_url: 'https://app.example.com/buy',
    }),
  });
  assert.is(camp.status, 200, JSON.stringify(camp.body));
  const g = (await api.call('GET', `gallery/${tokens[0]}`)).body.data;
  assert.equal(g.sale, {
    campaign: 'City Run 2030',
    slab: 'Premium',
    description: 'All photos of the participant, high resolution',
    link: 'https://app.example.com/buy',
  });
  const d = await api.call('POST', `gallery/${tokens[0]}/download`, { form: { photo_id: String(g.photos[0].id) } });
  assert.is(d.status, 409);
  assert.is(d.body.message, "This event's photos are sold: buy them through the event's app.");

  const pay = await api.call('POST', '/recognition/events/payment/participant', {
    token: A.token,
    json: { event_id: recId, bib_number: '101', email: '', payment_slab: '3' },
  });
  assert.is(pay.status, 200, JSON.stringify(pay.body));
  assert.equal((await api.call('GET', ev('funnel'), { token: A.token })).body.data, { registered: 10, matched: 6, notified: 6, viewed: 2, bought: 1 });
  assert.is((await api.call('GET', ev('participants?stage=bought'), { token: A.token })).body.data.data[0].bib_number, '101');
  const act = await api.sql.get<{ n: number }>("SELECT COUNT(*) AS n FROM activity WHERE resource = 'participants' AND changes LIKE '%payment recorded%'");
  assert.is(Number(act!.n), 1);
});

test('a free event: a download from the gallery answers the photo and marks the participant bought', async () => {
  const C = await makeOrganiser(api, 'Freebie', 0);
  await api.call('POST', `event/${C.eventId}/participant`, {
    token: C.token,
    form: { bib_number: '7', name: 'Seven', email: 'seven@example.com', face_consent: 'yes' },
  });
  const up = await api.call('POST', 'uploadExcel', {
    token: C.token,
    form: { event_id: String(C.eventId), photo_price_type_id: '1', photo_price: '', excel: csvFile(photoCsv([goodRow(7), goodRow(8)])) },
  });
  assert.is((await awaitJob(api.call, C.token, up)).state, 'done');
  assert.is((await api.call('POST', `event/${C.eventId}/notify-matched`, { token: C.token })).body.data.sent, 1);
  const token = linkOf((await galleryMails()).find((m) => m.to_address === 'seven@example.com')!.body_text);
  const g = (await api.call('GET', `gallery/${token}`)).body.data;
  assert.is(g.sale, null);
  const other = await api.sql.get<{ id: number }>("SELECT id FROM event_photos WHERE event_id = ? AND bid_number = '8'", [C.eventId]);
  assert.is((await api.call('POST', `gallery/${token}/download`, { form: { photo_id: String(other!.id) } })).status, 404, "another BIB's photo");
  assert.is((await api.call('POST', `gallery/${'y'.repeat(43)}/download`, { form: { photo_id: String(g.photos[0].id) } })).status, 404);
  const d = await api.call('POST', `gallery/${token}/download`, { form: { photo_id: String(g.photos[0].id) } });
  assert.is(d.status, 200, JSON.stringify(d.body));
  assert.is(d.body.data.url, 'https://cdn.example.com/7-high.jpg');
  assert.equal((await api.call('GET', `event/${C.eventId}/funnel`, { token: C.token })).body.data, {
    registered: 1,
    matched: 1,
    notified: 1,
    viewed: 1,
    bought: 1,
  });
});

test('the participants sheet: bad rows named and nothing started; a clean sheet imported by a background job with sheet consents', async () => {
  const D = await makeOrganiser(api, 'Sheet', 0);
  await api.call('POST', `event/${D.eventId}/participant`, { token: D.token, form: { bib_number: '5', name: 'Five', face_consent: 'no' } });
  const head = 'bib_number,name,email,face_consent,consent_date';
  const bad = await api.call('POST', `event/${D.eventId}/participants`, {
    token: D.token,
    form: {
      file: csvFile(`${head}\n1,One,one@example.com,yes,2026-05-01\n,Nobody,,no,\n2,Two,nope,no,\n1,Again,,no,\n5,Five again,,no,\n`, 'participants.csv'),
    },
  });
  assert.is(bad.status, 422, JSON.stringify(bad.body));
  assert.equal(bad.body.errors.file, [
    'Row 3: The bib number field is required.',
    'Row 4: The email must be a valid email address.',
    'Row 5: BIB 1 is repeated in this sheet (first on row 2).',
    'Row 6: BIB 5 is already a participant of this event.',
  ]);
  assert.is(
    (await api.call('POST', `event/${D.eventId}/participants`, { token: D.token, form: { file: csvFile('bib_number,name\n1,One\n', 'p.csv') } })).status,
    422,
    'missing columns',
  );
  assert.is(Number((await api.sql.get<{ n: number }>('SELECT COUNT(*) AS n FROM participants WHERE event_id = ?', [D.eventId]))!.n), 1, 'nothing written');

  const template = (await import('node:fs')).readFileSync('static/templates/participants-template.csv', 'utf8');
  assert.is(template.split('\n')[0], `${head},language`);
  const good = await api.call('POST', `event/${D.eventId}/participants`, {
    token: D.token,
    form: { file: csvFile(`${head}\n1,One,one@example.com,YES,2026-05-01\n2,Two,,no,\n3,Three,three@example.com,,\n`, 'participants.csv') },
  });
  assert.is(good.status, 200, JSON.stringify(good.body));
  const job = await awaitJob(api.call, D.token, good);
  assert.is(job.state, 'done');
  assert.is(job.kind, 'participants');
  assert.is(job.message, 'Successfully imported participants');
  const listed = (await api.call('GET', `event/${D.eventId}/participants`, { token: D.token })).body.data;
  assert.equal(
    listed.data.map((p: { bib_number: string; face_consent: number }) => [p.bib_number, p.face_consent]),
    [
      ['1', 1],
      ['2', 0],
      ['3', 0],
      ['5', 0],
    ],
  );
  const consents = (await api.call('GET', `event/${D.eventId}/consents`, { token: D.token })).body.data;
  assert.equal(
    consents.map((c: { bib_number: string; source: string }) => [c.bib_number, c.source]),
    [['1', 'sheet']],
  );
  const undo = await api.call('GET', `import-job/${good.body.data.job_id}/undo`, { token: D.token });
  assert.equal([undo.status, undo.body.data?.kind, undo.body.data?.count], [200, 'participants', 3], 'the import can be undone');
  assert.is(
    (await api.call('POST', `event/${D.eventId}/participants`, { token: B.token, form: { file: csvFile(`${head}\n9,Nine,,no,\n`, 'p.csv') } })).status,
    403,
  );
  assert.is(
    Number((await api.sql.get<{ n: number }>("SELECT COUNT(*) AS n FROM activity WHERE resource = 'imports' AND label = 'Participants import'"))!.n),
    1,
  );
});

test('matching follows the photos both ways: a participant added after its photos is matched, clearing the photos unmatches it', async () => {
  const C = await makeOrganiser(api, 'Matchers', 0);
  const evC = (p: string) => `event/${C.eventId}/${p}`;
  const up = await api.call('POST', 'uploadExcel', {
    token: C.token,
    form: { event_id: String(C.eventId), photo_price_type_id: '1', photo_price: '', excel: csvFile(photoCsv([301, 301, 302].map((b) => goodRow(b)))) },
  });
  assert.is((await awaitJob(api.call, C.token, up)).state, 'done');
  for (const bib of [301, 303]) {
    assert.is(
      (
        await api.call('POST', evC('participant'), {
          token: C.token,
          form: { bib_number: String(bib), name: `Runner ${bib}`, email: `m${bib}@example.com`, face_consent: 'no', consent_date: '' },
        })
      ).status,
      200,
    );
  }
  assert.equal((await api.call('GET', evC('funnel'), { token: C.token })).body.data, { registered: 2, matched: 1, notified: 0, viewed: 0, bought: 0 });
  assert.is((await api.call('POST', 'deleteEventPhotos', { token: C.token, form: { event_id: String(C.eventId) } })).status, 200);
  assert.equal((await api.call('GET', evC('funnel'), { token: C.token })).body.data, { registered: 2, matched: 0, notified: 0, viewed: 0, bought: 0 });
});

test('a wrong gallery token gets 404 with the same words as any other', async () => {
  const a = await api.call('GET', `gallery/${'x'.repeat(43)}`);
  const b = await api.call('GET', 'gallery/nothing');
  assert.is(a.status, 404);
  assert.is(b.status, 404);
  assert.is(a.body.message, 'Gallery not found.');
  assert.equal(a.body, b.body);
});

test('another organiser gets 403 on every participant call of an event not its own', async () => {
  const calls: [string, string, Record<string, string>?][] = [
    ['POST', 'participant', { bib_number: '1', name: 'X', face_consent: 'no' }],
    ['GET', 'participants'],
    ['GET', 'funnel'],
    ['GET', 'participants/export?stage=unmatched'],
    ['POST', 'notify-matched'],
  ];
  for (const [method, p, form] of calls) {
    const r = await api.call(method, ev(p), { token: B.token, form });
    assert.is(r.status, 403, `${method} ${p}: ${r.status}`);
  }
  assert.is((await api.call('GET', `event/999999/funnel`, { token: B.token })).status, 404);
  assert.is((await api.call('GET', ev('funnel'))).status, 401);
  assert.is(Number((await api.sql.get<{ n: number }>('SELECT COUNT(*) AS n FROM participants WHERE bib_number = ? AND event_id = ?', ['1', A.eventId]))!.n), 0);
});

test('bad input is a 422 naming the field', async () => {
  const r = await api.call('POST', ev('participant'), { token: A.token, form: { bib_number: '', name: 'X', face_consent: 'maybe', email: 'nope' } });
  assert.is(r.status, 422);
  assert.ok(r.body.errors.bib_number && r.body.errors.face_consent && r.body.errors.email, JSON.stringify(r.body));
  assert.is((await api.call('GET', ev('participants/export?stage=lost'), { token: A.token })).status, 422);
});

test.run();
