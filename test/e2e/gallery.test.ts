import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startE2E, signIn, type E2E } from './harness.ts';
import { makeOrganiser, photoCsv, goodRow, csvFile, type TestOrganiser } from '../api/organiser-fixtures.ts';
import { awaitJob } from '../api/import-job.ts';

// The participant's public gallery (/gallery/{token}): no session; the event's name, the photos
// with their BIB, a download on a free event (marking the participant bought), and a wrong link
// saying so where it is opened.
let e: E2E;
let A: TestOrganiser;
let token = '';
test.before(async () => {
  e = await startE2E();
  A = await makeOrganiser(e.api, 'Gallery', 0);
  const r = await e.api.call('POST', `event/${A.eventId}/participant`, { token: A.token, form: { bib_number: '42', name: 'Ada Runner', email: 'ada@example.com', face_consent: 'no' } });
  assert.is(r.status, 200, JSON.stringify(r.body));
  const up = await e.api.call('POST', 'uploadExcel', { token: A.token, form: { event_id: String(A.eventId), photo_price_type_id: '1', photo_price: '',
    excel: csvFile(photoCsv([goodRow(42), goodRow(42), goodRow(43)])) } });
  assert.is((await awaitJob(e.api.call, A.token, up)).state, 'done');
  assert.is((await e.api.call('POST', `event/${A.eventId}/notify-matched`, { token: A.token })).body.data.sent, 1);
  const mail = await e.api.sql.get<{ body_text: string }>("SELECT body_text FROM outbox WHERE kind = 'gallery' AND to_address = 'ada@example.com'");
  token = /\/gallery\/([A-Za-z0-9_-]{43})/.exec(mail!.body_text)![1];
});
test.after(async () => { await e.stop(); });

const funnel = async () => (await e.api.call('GET', `event/${A.eventId}/funnel`, { token: A.token })).body.data;

test('a participant opens their gallery without signing in, sees their photos and downloads one', async () => {
  const { page, url } = e;
  await page.goto(`${url}/gallery/${token}`);
  await page.getByRole('heading', { name: 'Event of Gallery' }).waitFor();
  assert.ok(await page.getByText('Photos of Ada Runner, BIB 42').isVisible());
  const photos = page.getByRole('list', { name: 'Your photos' }).getByRole('listitem');
  assert.is(await photos.count(), 2);
  assert.equal(await photos.locator('.gallery-bib').allInnerTexts(), ['BIB 42', 'BIB 42']);
  assert.is(await photos.first().getByRole('img').getAttribute('src'), 'https://cdn.example.com/42-low.jpg');
  assert.equal(await funnel(), { registered: 1, matched: 1, notified: 1, viewed: 1, bought: 0 });
  assert.is(new URL(page.url()).pathname, `/gallery/${token}`, 'no sign-in redirect');

  await page.route('https://cdn.example.com/**', (r) => r.fulfill({ status: 200, contentType: 'image/jpeg', body: '' }));
  const answered = page.waitForResponse((r) => r.url().endsWith(`/gallery/${token}/download`));
  await photos.first().getByRole('button', { name: 'Download' }).click();
  assert.is((await answered).status(), 200);
  assert.equal(await funnel(), { registered: 1, matched: 1, notified: 1, viewed: 1, bought: 1 });
  assert.equal(e.errors, []);
});

test('a wrong gallery link says "Gallery not found." and stays on the page', async () => {
  const { page, url } = e;
  await page.goto(`${url}/gallery/${'z'.repeat(43)}`);
  await page.getByRole('alert').filter({ hasText: 'Gallery not found.' }).waitFor();
  assert.is(new URL(page.url()).pathname, `/gallery/${'z'.repeat(43)}`);
});

test('face search with consent: the participant agrees on the page, searches, erases for good, and once purged the page and the tab read closed', async () => {
  const { page, url } = e;
  assert.is((await e.api.call('PUT', `event/${A.eventId}/face-search`, { token: A.token, form: { mode: 'consent', consent_version: '2026-1' } })).status, 200);
  await page.goto(`${url}/gallery/${token}`);
  const face = page.getByRole('region', { name: 'Face search' });
  await face.getByText('I agree that a selfie I take is compared with the photos of Event of Gallery').waitFor();
  assert.match(await face.innerText(), '(consent version 2026-1)');
  await face.getByRole('button', { name: 'I agree' }).click();
  await face.getByRole('button', { name: 'Search by face' }).click();
  await face.getByText('Face search found 2 photos of you.').waitFor();
  const consents = (await e.api.call('GET', `event/${A.eventId}/consents`, { token: A.token })).body.data;
  assert.equal(consents.map((c: { source: string; version: string }) => [c.source, c.version]), [['gallery', '2026-1']]);

  // An erasure is final: the page says so, now and when opened again, and offers no "I agree".
  await face.getByRole('button', { name: 'Erase my face data' }).click();
  await face.getByText(/^Your face data is erased\. Receipt number \d+\.$/).waitFor();
  const erased = `Your face data was erased on ${new Date().toISOString().slice(0, 10)} at your request. Face search stays off for you at this event.`;
  await face.getByText(erased).waitFor();
  await page.reload();
  await face.getByText(erased).waitFor();
  assert.is(await face.getByRole('button', { name: 'I agree' }).count(), 0);

  await signIn(page, url, A.email, 'Organiser-pass-1');
  await page.goto(`${url}/admin/organizer/${A.companyId}/events/${A.eventId}?tab=participants`);
  await page.getByRole('button', { name: 'Purge face data now' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Purge' }).click();
  const day = new Date().toISOString().slice(0, 10);
  await page.getByText(`Face search closed on ${day}.`).waitFor();
  assert.ok(await page.getByRole('button', { name: 'Purge face data now' }).isDisabled());

  await page.goto(`${url}/gallery/${token}`);
  await page.getByRole('region', { name: 'Face search' }).getByText(`Face search closed on ${day}.`).waitFor();
  assert.equal(e.errors, []);
});

test.run();
