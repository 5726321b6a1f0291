import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { startE2E, signIn, type E2E } from './harness.ts';
import { makeOrganiser, photoCsv, goodRow, csvFile, type TestOrganiser } from '../api/organiser-fixtures.ts';
import { awaitJob } from '../api/import-job.ts';
import { clockFrom } from '../api/test-clock.ts';

// Event detail → Participants: the funnel's bars and counts, a stage filtering the list, its
// Export CSV, and "Notify matched participants" moving the notified stage.
// The process clock (and the server's) runs from 12:00 UTC of the day the test started, so the
// days the list shows for a notification or an erasure are the day the test reads, across midnight.
const now = clockFrom('12:00');
let e: E2E;
let A: TestOrganiser;
test.before(async () => {
  e = await startE2E({ now });
  A = await makeOrganiser(e.api, 'Funnel', 0);
  for (let bib = 101; bib <= 110; bib++) {
    const r = await e.api.call('POST', `event/${A.eventId}/participant`, {
      token: A.token,
      form: { bib_number: String(bib), name: `Runner ${bib}`, email: `r${bib}@example.com`, face_consent: 'yes' },
    });
    assert.is(r.status, 200, JSON.stringify(r.body));
  }
  const up = await e.api.call('POST', 'uploadExcel', {
    token: A.token,
    form: {
      event_id: String(A.eventId),
      photo_price_type_id: '1',
      photo_price: '',
      excel: csvFile(photoCsv([101, 102, 103, 104, 105, 106].map((b) => goodRow(b)))),
    },
  });
  assert.is((await awaitJob(e.api.call, A.token, up)).state, 'done');
  await signIn(e.page, e.url, A.email, 'Organiser-pass-1');
});
test.after(async () => {
  await e.stop();
});

const count = (stage: string) => e.page.locator(`.funnel-count[data-stage="${stage}"]`);

test('the Participants tab shows the funnel, filters by a stage and notifies the matched participants once', async () => {
  const { page, url } = e;
  await page.goto(`${url}/admin/organizer/${A.companyId}/events/${A.eventId}?tab=participants`);
  await page.getByRole('tab', { name: 'Participants', selected: true }).waitFor();
  await page.waitForFunction(() => document.querySelector('.funnel-count[data-stage="matched"]')?.textContent === '6 (60%)');
  assert.is(await count('registered').textContent(), '10 (100%)');
  assert.is(await count('notified').textContent(), '0 (0%)');
  const rows = page.getByRole('table', { name: 'Participants' }).locator('tbody tr');
  await rows.nth(9).waitFor();

  await page.getByRole('list', { name: 'Participant funnel' }).getByRole('button', { name: 'Matched', exact: true }).click();
  await page.waitForURL((u) => u.searchParams.get('stage') === 'matched');
  await page.waitForFunction(() => document.querySelectorAll('table tbody tr').length === 6);

  // Export CSV saves the rows the list shows (the matched stage), every column.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  assert.is(download.suggestedFilename(), 'participants.csv');
  const lines = readFileSync((await download.path())!, 'utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r\n/);
  assert.is(
    lines[0],
    'bib_number,name,email,face_consent,consent_date,matched,notified_at,viewed_at,bought_at,consent_source,consent_at,consent_withdrawn_at,erased_at,language',
  );
  assert.equal(
    lines.slice(1).map((l) => l.split(',')[0]),
    ['101', '102', '103', '104', '105', '106'],
  );

  // "Notify 6 matched participants" asks first: the subject, the count and the e-mail's preview; nothing is sent before.
  await page.getByRole('button', { name: 'Notify 6 matched participants' }).click();
  const ask = page.getByRole('dialog', { name: 'Notify 6 matched participants?' });
  await ask.getByText('Subject: Your photos of Event of Funnel are ready').waitFor();
  await ask.getByText('Preview the e-mail').click();
  await ask.getByText('<personal gallery link>', { exact: false }).waitFor();
  assert.is(Number((await e.api.sql.get<{ n: number }>("SELECT COUNT(*) AS n FROM outbox WHERE kind = 'gallery'"))!.n), 0, 'asked first');
  await ask.getByRole('button', { name: 'Queue 6 e-mails' }).click();
  await page.getByText('6 e-mails are queued.').waitFor();
  await page.waitForFunction(() => document.querySelector('.funnel-count[data-stage="notified"]')?.textContent === '6 (60%)');
  const done = page.getByRole('button', { name: 'Notify 0 matched participants' });
  assert.ok(await done.isDisabled(), 'nobody left to notify');
  await page.getByText('Everyone matched was already notified.').first().waitFor();
  assert.is(await done.getAttribute('aria-describedby'), 'notify-reason', 'the reason is tied to the button');
  assert.is(await count('unmatched').textContent(), '4 (40%)', 'the funnel has an Unmatched bar');
  assert.is(Number((await e.api.sql.get<{ n: number }>("SELECT COUNT(*) AS n FROM outbox WHERE kind = 'gallery'"))!.n), 6);
  assert.equal(e.errors, []);
});

test('on a phone the list cards label each value with its date, and Record erasure names its row', async () => {
  const bib101 = (await e.api.sql.get<{ id: number }>('SELECT id FROM participants WHERE event_id = ? AND bib_number = ?', [A.eventId, '101']))!.id;
  assert.is((await e.api.call('POST', `event/${A.eventId}/participant/${bib101}/erasure`, { token: A.token })).status, 200);
  const phone = await e.browser.newPage({ viewport: { width: 390, height: 844 } });
  try {
    await signIn(phone, e.url, A.email, 'Organiser-pass-1');
    await phone.goto(`${e.url}/admin/organizer/${A.companyId}/events/${A.eventId}?tab=participants&stage=matched`);
    const rows = phone.getByRole('table', { name: 'Participants' }).locator('tbody tr');
    await rows.nth(5).waitFor();
    const today = new Date(Date.now()).toLocaleDateString('en-CA');
    const first = await rows.first().innerText();
    for (const part of ['BIB: 101', `Face data: Erased ${today}`, `Notified: Yes, ${today}`, 'Viewed: No', 'Bought: No', 'Photos: Matched'])
      assert.match(first, part);
    assert.match(first, /Consent: (Withdrawn|Yes, )/);
    assert.is(
      await rows
        .first()
        .getByRole('button', { name: /Record erasure/ })
        .count(),
      0,
      'an erased row offers no second erasure',
    );
    const second = rows.nth(1);
    assert.match(await second.innerText(), `Consent: Yes, ${today} (your sheet)`);
    await second.getByRole('button', { name: 'Record erasure for BIB 102' }).click();
    const ask = phone.getByRole('dialog', { name: 'Record erasure' });
    await ask.getByRole('button', { name: 'Erase' }).click();
    await phone.getByText(/^Erasure recorded for BIB 102\. Receipt [0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}\.$/).waitFor();
    await phone.waitForFunction(() => document.querySelectorAll('table tbody tr')[1]?.textContent?.includes('Face data: Erased'));
    const box = (await second.boundingBox())!;
    assert.ok(box.x >= 0 && box.x + box.width <= 390, 'the card fits the phone');
    assert.ok(await phone.evaluate(() => document.documentElement.scrollWidth <= 390), 'nothing wider than the phone');
  } finally {
    await phone.close();
  }
  assert.equal(e.errors, []);
});

test('Add participant adds one by hand: required fields checked first, a BIB already on the event refused under its field', async () => {
  const { page } = e;
  await page.getByRole('button', { name: 'Add participant' }).click();
  const modal = page.getByRole('dialog', { name: 'Add participant' });
  await modal.getByRole('button', { name: 'Save' }).click();
  await modal.getByText('Please fill BIB number.').waitFor();
  await modal.getByLabel('BIB number').fill('101');
  await modal.getByLabel('Name').fill('Someone Else');
  await modal.getByRole('button', { name: 'Save' }).click();
  await modal.getByText('BIB 101 is already a participant of this event.').waitFor();
  await modal.getByLabel('BIB number').fill('111');
  await modal.getByLabel('E-mail').fill('r111@example.com');
  await modal.getByLabel('Face-search consent').selectOption('yes');
  await modal.getByRole('button', { name: 'Save' }).click();
  await modal.waitFor({ state: 'detached' });
  await page.waitForFunction(() => document.querySelector('.funnel-count[data-stage="registered"]')?.textContent === '11 (100%)');
  const row = await e.api.sql.get<{ name: string; email: string; face_consent: number }>(
    'SELECT name, email, face_consent FROM participants WHERE event_id = ? AND bib_number = ?',
    [A.eventId, '111'],
  );
  assert.equal({ ...row, face_consent: Number(row?.face_consent) }, { name: 'Someone Else', email: 'r111@example.com', face_consent: 1 });
  assert.equal(e.errors, []);
});

test.run();
