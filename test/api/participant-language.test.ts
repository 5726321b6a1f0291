import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApi, type TestApi } from './harness.ts';
import { receiverFor, type Receiver } from './smtp-receiver.ts';
import { makeOrganiser, photoCsv, goodRow, csvFile, type TestOrganiser } from './organiser-fixtures.ts';
import { awaitJob } from './import-job.ts';

// Participants' language (docs/languages.md "E-mails"): the sheet's and the form's
// `language`, the event's default language as the fallback, then English; the gallery e-mail goes
// out in it with Content-Language and the gallery opens in it.
let api: TestApi;
let rx: Receiver;
let A: TestOrganiser;
test.before(async () => {
  api = await startTestApi({ mail: { pollMs: 50, retryBaseMs: 200 } });
  rx = await receiverFor(api);
  A = await makeOrganiser(api, 'Polyglot', 0);
});
test.after(async () => {
  await api.stop();
  await rx.stop();
});

const ev = (p: string, o: TestOrganiser = A) => `event/${o.eventId}/${p}`;
const linkOf = (text: string) => /\/gallery\/([A-Za-z0-9_-]{43})/.exec(text)?.[1] ?? '';
/** The receiver's test for an e-mail to `address`. */
const to = (address: string) => (m: { to?: unknown }) => (m.to as { value: { address?: string }[] } | undefined)?.value[0]?.address === address;
const head = 'bib_number,name,email,face_consent,consent_date,language';

async function photosFor(o: TestOrganiser, bibs: number[]) {
  const up = await api.call('POST', 'uploadExcel', {
    token: o.token,
    form: { event_id: String(o.eventId), photo_price_type_id: '1', photo_price: '', excel: csvFile(photoCsv(bibs.map((b) => goodRow(b)))) },
  });
  assert.is((await awaitJob(api.call, o.token, up)).state, 'done');
}

test("an event's default language is set in the event form, a shipped locale or blank; another value is refused", async () => {
  const bad = await api.call('PUT', `event/${A.eventId}`, { token: A.token, form: { title: 'Event of Polyglot', event_logo: ' ', language: 'de' } });
  assert.is(bad.status, 422);
  assert.equal(bad.body.errors, { language: ['The selected language is invalid.'] });
  const es = await api.call('PUT', `event/${A.eventId}`, { token: A.token, form: { title: 'Event of Polyglot', event_logo: ' ', language: 'ES' } });
  assert.is(es.status, 200, JSON.stringify(es.body));
  assert.is(es.body.data.language, 'es');
  // An edit without the field keeps it.
  const kept = await api.call('PUT', `event/${A.eventId}`, { token: A.token, form: { title: 'Event of Polyglot', event_logo: ' ' } });
  assert.is(kept.body.data.language, 'es');
  assert.is((await api.call('GET', `event/${A.eventId}`, { token: A.token })).body.data.language, 'es');
});

test('the sheet refuses a language that is not shipped, naming the row; a sheet without the column still imports', async () => {
  const bad = await api.call('POST', ev('participants'), {
    token: A.token,
    form: { file: csvFile(`${head}\n1,Ana,ana@example.com,no,,fr\n2,Bo,bo@example.com,no,,klingon\n`, 'p.csv') },
  });
  assert.is(bad.status, 422);
  assert.equal(bad.body.errors.file, ['Row 3: The selected language is invalid.']);
  const old = await api.call('POST', ev('participants'), {
    token: A.token,
    form: { file: csvFile('bib_number,name,email,face_consent,consent_date\n9,Nine,nine@example.com,no,\n', 'old.csv') },
  });
  assert.is(old.status, 200, JSON.stringify(old.body));
  assert.is((await awaitJob(api.call, A.token, old)).state, 'done');
});

test("a participant imported with language fr gets the gallery e-mail in French and the gallery opens in French; one without gets the event's default", async () => {
  const good = await api.call('POST', ev('participants'), {
    token: A.token,
    form: { file: csvFile(`${head}\n1,Ana,ana@example.com,no,,FR\n2,Bo,bo@example.com,no,,\n`, 'p.csv') },
  });
  assert.is(good.status, 200, JSON.stringify(good.body));
  assert.is((await awaitJob(api.call, A.token, good)).state, 'done');
  const listed = (await api.call('GET', ev('participants?sort=bib_number'), { token: A.token })).body.data.data;
  assert.equal(
    listed.map((p: { bib_number: string; language: string }) => [p.bib_number, p.language]),
    [
      ['1', 'fr'],
      ['2', ''],
      ['9', ''],
    ],
  );
  const exported = String((await api.call('GET', ev('participants/export?columns=all&sort=bib_number'), { token: A.token })).body).replace(/^\uFEFF/, '');
  assert.match(exported, /^bib_number,name,email,face_consent,consent_date,.*,erased_at,language\r\n/);
  assert.match(exported, /\r\n1,Ana,ana@example\.com,0,,.*,fr\r\n/);

  await photosFor(A, [1, 2]);
  // The preview is the first addressee's e-mail, in their language.
  const preview = (await api.call('GET', ev('notify-matched'), { token: A.token })).body.data;
  assert.is(preview.subject, 'Vos photos de Event of Polyglot sont prêtes');
  const seen = rx.messages.length;
  assert.is((await api.call('POST', ev('notify-matched'), { token: A.token })).body.data.sent, 2);
  const fr = await rx.waitFor(to('ana@example.com'), 30_000, seen);
  assert.is(fr.subject, 'Vos photos de Event of Polyglot sont prêtes');
  assert.match(fr.text ?? '', /^Bonjour Ana,/);
  assert.match(fr.text ?? '', /Voir vos photos: http/);
  assert.is(fr.headers.get('content-language'), 'fr');
  const es = await rx.waitFor(to('bo@example.com'), 30_000, seen);
  assert.is(es.subject, 'Sus fotos de Event of Polyglot están listas');
  assert.match(es.text ?? '', /^Hola, Bo:/);
  assert.is(es.headers.get('content-language'), 'es');

  const frGallery = await api.call('GET', `gallery/${linkOf(fr.text ?? '')}`);
  assert.is(frGallery.status, 200, JSON.stringify(frGallery.body));
  assert.is(frGallery.body.data.language, 'fr');
  assert.is((await api.call('GET', `gallery/${linkOf(es.text ?? '')}`)).body.data.language, 'es');
  // The page asks in its language; the gallery's refusals answer in it, with their codes.
  const refused = await api.call('GET', `gallery/${linkOf(fr.text ?? '')}/face-search`, { headers: { 'accept-language': 'fr' } });
  assert.is(refused.status, 403);
  assert.is(refused.body.code, 'error.faceSearchOff');
  assert.is(refused.body.message, 'La recherche par visage n’est pas proposée pour cet événement.');
});

test('without a participant or event language the e-mail and gallery are English; the form sets a participant its language', async () => {
  const B = await makeOrganiser(api, 'Plain', 0);
  const bad = await api.call('POST', ev('participant', B), { token: B.token, form: { bib_number: '5', name: 'Eve', face_consent: 'no', language: 'xx' } });
  assert.is(bad.status, 422);
  assert.equal(bad.body.errors, { language: ['The selected language is invalid.'] });
  const ar = await api.call('POST', ev('participant', B), {
    token: B.token,
    form: { bib_number: '5', name: 'Eve', email: 'eve@example.com', face_consent: 'no', language: 'ar' },
  });
  assert.is(ar.status, 200, JSON.stringify(ar.body));
  assert.is(ar.body.data.language, 'ar');
  await api.call('POST', ev('participant', B), { token: B.token, form: { bib_number: '6', name: 'Sam', email: 'sam@example.com', face_consent: 'no' } });
  await photosFor(B, [5, 6]);
  const seen = rx.messages.length;
  assert.is((await api.call('POST', ev('notify-matched', B), { token: B.token })).body.data.sent, 2);
  const en = await rx.waitFor(to('sam@example.com'), 30_000, seen);
  assert.is(en.subject, 'Your photos of Event of Plain are ready');
  assert.is(en.headers.get('content-language'), 'en');
  assert.is((await api.call('GET', `gallery/${linkOf(en.text ?? '')}`)).body.data.language, 'en');
  const arMail = await rx.waitFor(to('eve@example.com'), 30_000, seen);
  assert.is(arMail.subject, 'صورك في Event of Plain جاهزة');
  assert.is(arMail.headers.get('content-language'), 'ar');
  assert.is((await api.call('GET', `gallery/${linkOf(arMail.text ?? '')}`)).body.data.language, 'ar');
});

test("a participant's face-search receipt e-mail is in their language, else the event's, with Content-Language (docs/languages.md)", async () => {
  const galleryOf = async (address: string) => linkOf((await rx.waitFor(to(address), 30_000, 0)).text ?? '');
  const ana = await galleryOf('ana@example.com');
  const bo = await galleryOf('bo@example.com');
  const seen = rx.messages.length;
  const erased = await api.call('POST', `gallery/${ana}/erasure`);
  assert.is(erased.status, 200, JSON.stringify(erased.body));
  const fr = await rx.waitFor((m) => to('ana@example.com')(m) && /effacées/.test(String((m as { subject?: string }).subject)), 30_000, seen);
  assert.is(fr.subject, 'Vos données faciales de Event of Polyglot sont effacées');
  assert.match(fr.text ?? '', /^Bonjour Ana,/);
  const day = new Intl.DateTimeFormat('fr', { dateStyle: 'long', timeZone: 'UTC' }).format(erased.body.data.created_at);
  assert.match(fr.text ?? '', `Le ${day}, vous avez demandé l’effacement de vos données faciales.`);
  assert.match(fr.text ?? '', `Votre reçu : ${erased.body.data.code}. Conservez-le`);
  assert.not.match(fr.text ?? '', /Your|receipt|erased/);
  assert.is(fr.headers.get('content-language'), 'fr');
  // Bo has no language of his own: the event's default, Spanish.
  assert.is((await api.call('POST', `gallery/${bo}/erasure`)).status, 200);
  const es = await rx.waitFor((m) => to('bo@example.com')(m) && /borrado/.test(String((m as { subject?: string }).subject)), 30_000, seen);
  assert.is(es.subject, 'Sus datos faciales de Event of Polyglot se han borrado');
  assert.is(es.headers.get('content-language'), 'es');
});

test.run();
