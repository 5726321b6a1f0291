import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startE2E, signIn, type E2E } from './harness.ts';
import { receiverFor, type Receiver } from '../api/smtp-receiver.ts';
import { makeOrganiser, photoCsv, goodRow, csvFile, type TestOrganiser } from '../api/organiser-fixtures.ts';
import { awaitJob } from '../api/import-job.ts';

// From the sheet to the participant's gallery, through real e-mail: the organiser imports a
// participants sheet on the Participants tab, sees the funnel, sends the notifications; the e-mail
// arrives at an SMTP receiver and its gallery link opens the participant's photos.
let e: E2E;
let rx: Receiver;
let A: TestOrganiser;
test.before(async () => {
  e = await startE2E({ mail: { pollMs: 100, retryBaseMs: 200 } });
  rx = await receiverFor(e.api);
  A = await makeOrganiser(e.api, 'Mailrun', 0);
  const up = await e.api.call('POST', 'uploadExcel', {
    token: A.token,
    form: { event_id: String(A.eventId), photo_price_type_id: '1', photo_price: '', excel: csvFile(photoCsv([goodRow(301), goodRow(301), goodRow(302)])) },
  });
  assert.is((await awaitJob(e.api.call, A.token, up)).state, 'done');
  await signIn(e.page, e.url, A.email, 'Organiser-pass-1');
});
test.after(async () => {
  await rx.stop();
  await e.stop();
});

const count = (stage: string) => e.page.locator(`.funnel-count[data-stage="${stage}"]`);

test('import a participants sheet, see the funnel, notify, and open the gallery link from the received e-mail', async () => {
  const { page, url } = e;
  await page.goto(`${url}/admin/organizer/${A.companyId}/events/${A.eventId}?tab=participants`);
  await page.getByRole('button', { name: 'Import participants' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import participants' });
  const sheet =
    'bib_number,name,email,face_consent,consent_date\n301,Grace Runner,grace@example.com,yes,2026-05-01\n302,Alan Runner,alan@example.com,no,\n303,Edsger Runner,,no,\n';
  await dialog.getByLabel('Spreadsheet (.csv or .xlsx)').setInputFiles({ name: 'participants.csv', mimeType: 'text/csv', buffer: Buffer.from(sheet) });
  await dialog.getByText('3 participants in this sheet.').waitFor();
  await dialog.getByRole('button', { name: 'Import' }).click();
  await page.waitForFunction(() => document.querySelector('.funnel-count[data-stage="registered"]')?.textContent === '3 (100%)');
  assert.is(await count('matched').textContent(), '2 (67%)');
  assert.is(await count('notified').textContent(), '0 (0%)');

  await page.getByRole('button', { name: 'Notify 2 matched participants' }).click();
  await page.getByRole('dialog', { name: 'Notify 2 matched participants?' }).getByRole('button', { name: 'Queue 2 e-mails' }).click();
  await page.waitForFunction(() => document.querySelector('.funnel-count[data-stage="notified"]')?.textContent === '2 (67%)');

  const mail = await rx.waitFor((m) => !!m.to && JSON.stringify(m.to).includes('grace@example.com'), 30_000);
  assert.match(String(mail.subject), 'Your photos of Event of Mailrun are ready');
  const link = /https?:\/\/\S+\/gallery\/[A-Za-z0-9_-]{43}/.exec(String(mail.text))?.[0];
  assert.ok(link, String(mail.text));
  assert.ok(link.startsWith(url), 'the link points at this server');

  await page.goto(link);
  await page.getByRole('heading', { name: 'Event of Mailrun' }).waitFor();
  assert.ok(await page.getByText('Photos of Grace Runner, BIB 301').isVisible());
  assert.is(await page.getByRole('list', { name: 'Your photos' }).getByRole('listitem').count(), 2);
  const f = (await e.api.call('GET', `event/${A.eventId}/funnel`, { token: A.token })).body.data;
  assert.equal(f, { registered: 3, matched: 2, notified: 2, viewed: 1, bought: 0 });
  assert.equal(e.errors, []);
});

test.run();
