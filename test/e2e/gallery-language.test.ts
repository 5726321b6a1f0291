import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startE2E, type E2E } from './harness.ts';
import { makeOrganiser, photoCsv, goodRow, csvFile, type TestOrganiser } from '../api/organiser-fixtures.ts';
import { awaitJob } from '../api/import-job.ts';

// The gallery page in the participant's language (docs/languages.md "Participants"): a
// participant whose language is French sees their gallery in French whatever the browser prefers;
// the page's switch shows another language and keeps the pick in the address, not in the browser.
let e: E2E;
let A: TestOrganiser;
let token = '';
test.before(async () => {
  e = await startE2E();
  A = await makeOrganiser(e.api, 'Langue', 0);
  const r = await e.api.call('POST', `event/${A.eventId}/participant`, {
    token: A.token,
    form: { bib_number: '42', name: 'Ada Runner', email: 'ada@example.com', face_consent: 'no', language: 'fr' },
  });
  assert.is(r.status, 200, JSON.stringify(r.body));
  const up = await e.api.call('POST', 'uploadExcel', {
    token: A.token,
    form: { event_id: String(A.eventId), photo_price_type_id: '1', photo_price: '', excel: csvFile(photoCsv([goodRow(42)])) },
  });
  assert.is((await awaitJob(e.api.call, A.token, up)).state, 'done');
  assert.is((await e.api.call('POST', `event/${A.eventId}/notify-matched`, { token: A.token })).body.data.sent, 1);
  const mail = await e.api.sql.get<{ body_text: string; language: string }>("SELECT body_text, language FROM outbox WHERE kind = 'gallery'");
  assert.is(mail!.language, 'fr');
  token = /\/gallery\/([A-Za-z0-9_-]{43})/.exec(mail!.body_text)![1];
});
test.after(async () => {
  await e.stop();
});

test("the gallery opens in the participant's language; the switch shows another and the address keeps it", async () => {
  const { page, url } = e;
  await page.route('https://cdn.example.com/**', (r) => r.fulfill({ status: 200, contentType: 'image/jpeg', body: '' }));
  await page.goto(`${url}/gallery/${token}`);
  await page.getByText('Photos de Ada Runner, dossard 42').waitFor();
  assert.is(await page.locator('html').getAttribute('lang'), 'fr');
  assert.ok(await page.getByRole('list', { name: 'Vos photos' }).isVisible());
  assert.is(await page.getByRole('combobox', { name: 'Langue' }).inputValue(), 'fr');

  await page.getByRole('combobox', { name: 'Langue' }).selectOption('es');
  await page.getByText('Fotos de Ada Runner, dorsal 42').waitFor();
  assert.is(await page.locator('html').getAttribute('lang'), 'es');
  assert.is(new URL(page.url()).searchParams.get('lang'), 'es');
  assert.is(await page.evaluate(() => localStorage.getItem('locale')), null, "the console's remembered language is left alone");

  await page.reload();
  await page.getByText('Fotos de Ada Runner, dorsal 42').waitFor();
  assert.equal(e.errors, []);
});

test.run();
