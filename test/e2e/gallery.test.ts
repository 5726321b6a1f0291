import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startE2E, signIn, type E2E } from './harness.ts';
import { makeOrganiser, photoCsv, goodRow, csvFile, type TestOrganiser } from '../api/organiser-fixtures.ts';
import { awaitJob } from '../api/import-job.ts';
import { clockFrom } from '../api/test-clock.ts';

// The participant's public gallery (/gallery/{token}): no session; the event's name, the photos
// with their BIB, a download on a free event (marking the participant bought), and a wrong link
// saying so where it is opened.
// The process clock (and the server's) runs from 12:00 UTC of the day the test started, so the
// days the gallery shows for a consent, a withdrawal or an erasure are the day the test reads,
// across midnight.
const now = clockFrom('12:00');
let e: E2E;
let A: TestOrganiser;
let token = '';
let token44 = '';
test.before(async () => {
  e = await startE2E({ now });
  A = await makeOrganiser(e.api, 'Gallery', 0);
  const r = await e.api.call('POST', `event/${A.eventId}/participant`, {
    token: A.token,
    form: { bib_number: '42', name: 'Ada Runner', email: 'ada@example.com', face_consent: 'no' },
  });
  assert.is(r.status, 200, JSON.stringify(r.body));
  const r44 = await e.api.call('POST', `event/${A.eventId}/participant`, {
    token: A.token,
    form: { bib_number: '44', name: 'Lin Sheet', email: 'lin@example.com', face_consent: 'yes' },
  });
  assert.is(r44.status, 200, JSON.stringify(r44.body));
  const up = await e.api.call('POST', 'uploadExcel', {
    token: A.token,
    form: {
      event_id: String(A.eventId),
      photo_price_type_id: '1',
      photo_price: '',
      excel: csvFile(photoCsv([goodRow(42), goodRow(42), goodRow(43), goodRow(44, 'landscape'), goodRow(44)])),
    },
  });
  assert.is((await awaitJob(e.api.call, A.token, up)).state, 'done');
  assert.is((await e.api.call('POST', `event/${A.eventId}/notify-matched`, { token: A.token })).body.data.sent, 2);
  const linkOf = async (to: string) =>
    /\/gallery\/([A-Za-z0-9_-]{43})/.exec(
      (await e.api.sql.get<{ body_text: string }>("SELECT body_text FROM outbox WHERE kind = 'gallery' AND to_address = ? ORDER BY id", [to]))!.body_text,
    )![1];
  token = await linkOf('ada@example.com');
  token44 = await linkOf('lin@example.com');
});
test.after(async () => {
  await e.stop();
});

/** Ada's stages only (BIB 42): the event has a second participant, Lin (BIB 44). */
const ada = async () => {
  const p = (await e.api.call('GET', `event/${A.eventId}/participants?q=Ada`, { token: A.token })).body.data.data[0];
  return { viewed: p.viewed_at !== null, bought: p.bought_at !== null };
};

test('a participant opens their gallery without signing in, sees their photos and downloads one', async () => {
  const { page, url } = e;
  await page.goto(`${url}/gallery/${token}`);
  await page.getByRole('heading', { name: 'Event of Gallery' }).waitFor();
  assert.ok(await page.getByText('Photos of Ada Runner, BIB 42').isVisible());
  const photos = page.getByRole('list', { name: 'Your photos' }).getByRole('listitem');
  assert.is(await photos.count(), 2);
  assert.is(await page.getByText('BIB 42').count(), 1, 'the BIB is said once, in the heading');
  assert.is(await photos.first().getByRole('img').getAttribute('src'), 'https://cdn.example.com/42-low.jpg');
  assert.equal(await ada(), { viewed: true, bought: false });
  assert.is(new URL(page.url()).pathname, `/gallery/${token}`, 'no sign-in redirect');

  await page.route('https://cdn.example.com/**', (r) => r.fulfill({ status: 200, contentType: 'image/jpeg', body: '' }));
  const answered = page.waitForResponse((r) => r.url().endsWith(`/gallery/${token}/download`));
  await photos.first().getByRole('button', { name: 'Download photo 1' }).click();
  assert.is((await answered).status(), 200);
  assert.equal(await ada(), { viewed: true, bought: true });

  // Download all: every photo's full-size link at once.
  await page.getByRole('button', { name: 'Download all (2)' }).click();
  const downloads = page.getByRole('region', { name: 'Your downloads' });
  await downloads.getByText('Your 2 photos are ready: open each to save it.').waitFor();
  assert.equal(await downloads.getByRole('link').evaluateAll((as) => as.map((a) => a.getAttribute('href'))), [
    'https://cdn.example.com/42-high.jpg',
    'https://cdn.example.com/42-high.jpg',
  ]);
  assert.equal(e.errors, []);
});

test('a wrong gallery link says "Gallery not found." and stays on the page', async () => {
  const { page, url } = e;
  await page.goto(`${url}/gallery/${'z'.repeat(43)}`);
  await page.getByRole('alert').filter({ hasText: 'Gallery not found.' }).waitFor();
  assert.is(new URL(page.url()).pathname, `/gallery/${'z'.repeat(43)}`);
});

test('on a 390 px phone: photos first in their own shape, then what was agreed through the organiser, and a withdrawn consent with its receipt', async () => {
  assert.is((await e.api.call('PUT', `event/${A.eventId}/face-search`, { token: A.token, form: { mode: 'consent', consent_version: '2026-1' } })).status, 200);
  const phone = await e.browser.newPage({ viewport: { width: 390, height: 844 } });
  await phone.route('https://cdn.example.com/**', (r) => r.fulfill({ status: 200, contentType: 'image/jpeg', body: '' }));
  try {
    await phone.goto(`${e.url}/gallery/${token44}`);
    const photos = phone.getByRole('list', { name: 'Your photos' });
    await photos.waitFor();
    const face = phone.getByRole('region', { name: 'Face search' });
    await face.getByRole('heading', { name: 'What you agreed to' }).waitFor();
    assert.ok((await photos.boundingBox())!.y < (await face.boundingBox())!.y, 'the photos come before the face-search card');
    const [landscape, portrait] = [await photos.getByRole('img').nth(0).boundingBox(), await photos.getByRole('img').nth(1).boundingBox()];
    assert.ok(landscape!.width > landscape!.height, `a landscape photo stays landscape: ${JSON.stringify(landscape)}`);
    assert.ok(portrait!.height > portrait!.width, 'a portrait photo stays portrait');
    assert.ok(await phone.evaluate(() => document.documentElement.scrollWidth <= 390), 'nothing wider than the phone');
    await face.getByText('I agree that a selfie I take is compared with the photos of Event of Gallery').waitFor();
    const given = new Date(Date.now()).toISOString().slice(0, 10);
    await face.getByText(`The organiser recorded your agreement on ${given} (their participants list).`, { exact: true }).waitFor();
    await face.getByText(/^All face data of this event is deleted on \d{4}-\d{2}-\d{2} at the latest\.$/).waitFor();

    await face.getByRole('button', { name: 'Withdraw consent' }).click();
    await face.getByText(`You withdrew your consent on ${given}. Face search is off for you.`).waitFor();
    const receipt = await face.getByText(/^Your receipt: /).innerText();
    const code = /[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}/.exec(receipt)![0];
    assert.is(await face.getByRole('button', { name: 'I agree' }).count(), 1, 'the participant may agree again');
    assert.is(await face.getByRole('button', { name: 'Search by face' }).count(), 0);
    assert.is((await e.api.call('GET', `gallery/${token44}/face-search`)).status, 403, 'face search refused after the withdrawal');
    const mail = await e.api.sql.get<{ body_text: string }>("SELECT body_text FROM outbox WHERE to_address = 'lin@example.com' ORDER BY id DESC LIMIT 1");
    assert.match(mail!.body_text, code, 'the receipt is e-mailed');
    for (const b of await face.getByRole('button').all()) {
      const box = (await b.boundingBox())!;
      assert.ok(box.x >= 0 && box.x + box.width <= 390, 'each button fits the phone');
    }
  } finally {
    await phone.close();
  }
  assert.equal(e.errors, []);
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
  assert.equal(
    consents.filter((c: { bib_number: string }) => c.bib_number === '42').map((c: { source: string; version: string }) => [c.source, c.version]),
    [['gallery', '2026-1']],
  );

  // An erasure is asked first and final: the page says so, now and when opened again, offers no
  // "I agree", and shows a receipt code the participant can keep (not a row number).
  await face.getByRole('button', { name: 'Erase my face data' }).click();
  const ask = page.getByRole('dialog', { name: 'Erase my face data' });
  await ask.getByText('Erase your face data? Face search then stays off for you at this event, for good.').waitFor();
  await ask.getByRole('button', { name: 'Erase' }).click();
  await face.getByText(/^Your receipt: [0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}\. Keep it: it proves what you asked and when\.$/).waitFor();
  // Days in these sentences are the reader's ('Jun 1, 2026' in English), not YYYY-MM-DD.
  const readToday = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' }).format(Date.now());
  const erased = `Your face data was erased on ${readToday} at your request. Face search stays off for you at this event.`;
  await face.getByText(erased).waitFor();
  await page.reload();
  await face.getByText(erased).waitFor();
  assert.is(await face.getByRole('button', { name: 'I agree' }).count(), 0);

  await signIn(page, url, A.email, 'Organiser-pass-1');
  await page.goto(`${url}/admin/organizer/${A.companyId}/events/${A.eventId}?tab=participants`);
  await page.getByRole('button', { name: 'Purge face data now' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Purge' }).click();
  await page.getByText(`Face search closed on ${readToday}.`).waitFor();
  // Once purged the card is read-only and says what the purge removed.
  await page.getByText('The purge deleted the face data of this event at the photo-recognition service.', { exact: false }).waitFor();
  assert.is(await page.getByRole('button', { name: 'Purge face data now' }).count(), 0);
  assert.is(await page.getByRole('button', { name: 'Save' }).count(), 0);

  await page.goto(`${url}/gallery/${token}`);
  await page.getByRole('region', { name: 'Face search' }).getByText(`Face search closed on ${readToday}.`).waitFor();
  assert.equal(e.errors, []);
});

test.run();
