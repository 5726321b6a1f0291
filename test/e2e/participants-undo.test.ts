import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startE2E, signIn, type E2E } from './harness.ts';
import { makeOrganiser, photoCsv, goodRow, csvFile, type TestOrganiser } from '../api/organiser-fixtures.ts';
import { awaitJob } from '../api/import-job.ts';

// Event detail → Participants: after a sheet's import, "Undo this import" removes exactly its
// participants (asked first); an import whose participants were notified since says which and
// removes nothing.
let e: E2E;
let A: TestOrganiser;
test.before(async () => {
  e = await startE2E();
  A = await makeOrganiser(e.api, 'Undoers', 0);
  assert.is(
    (await e.api.call('POST', `event/${A.eventId}/participant`, { token: A.token, form: { bib_number: '100', name: 'By Hand', face_consent: 'no' } })).status,
    200,
  );
  const up = await e.api.call('POST', 'uploadExcel', {
    token: A.token,
    form: { event_id: String(A.eventId), photo_price_type_id: '1', photo_price: '', excel: csvFile(photoCsv([goodRow(401)])) },
  });
  assert.is((await awaitJob(e.api.call, A.token, up)).state, 'done');
  await signIn(e.page, e.url, A.email, 'Organiser-pass-1');
});
test.after(async () => {
  await e.stop();
});

const HEAD = 'bib_number,name,email,face_consent,consent_date';
const registered = (text: string) => e.page.waitForFunction((t) => document.querySelector('.funnel-count[data-stage="registered"]')?.textContent === t, text);

/** Imports `rows` through the tab's Import participants dialog and waits for the funnel to show `total` registered. */
async function importSheet(rows: string[], total: string) {
  const { page } = e;
  await page.getByRole('button', { name: 'Import participants' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import participants' });
  await dialog
    .getByLabel('Spreadsheet (.csv or .xlsx)')
    .setInputFiles({ name: 'participants.csv', mimeType: 'text/csv', buffer: Buffer.from(`${HEAD}\n${rows.join('\n')}\n`) });
  await dialog.getByText(`${rows.length} participants in this sheet.`).waitFor();
  await dialog.getByRole('button', { name: 'Import' }).click();
  await registered(total);
}

test("Undo this import on the Participants tab removes exactly the sheet's participants; a notified one blocks it, named", async () => {
  const { page, url } = e;
  await page.goto(`${url}/admin/organizer/${A.companyId}/events/${A.eventId}?tab=participants`);
  await registered('1 (100%)');
  await importSheet(['301,Grace,,no,', '302,Alan,,no,', '303,Edsger,,no,'], '4 (100%)');
  const notice = page.locator('.list-notice', { hasText: '3 participants imported.' });
  await notice.waitFor();
  await notice.getByRole('button', { name: 'Undo this import' }).click();
  const confirm = page.getByRole('dialog', { name: 'Undo this import?' });
  await confirm.getByText('This removes the 3 participants this import added. Participants added any other way stay.').waitFor();
  await confirm.getByRole('button', { name: 'Remove 3 participants' }).click();
  await registered('1 (100%)');
  await notice.waitFor({ state: 'detached' });
  const rows = page.getByRole('table', { name: 'Participants' }).locator('tbody tr');
  await page.waitForFunction(() => document.querySelectorAll('table tbody tr').length === 1);
  assert.match(String(await rows.first().textContent()), 'By Hand');

  // A second sheet whose BIB 401 has a photo: once notified, the undo names it and removes nothing.
  await importSheet(['401,Ada,ada@example.com,no,', '402,Bob,,no,'], '3 (100%)');
  await page.getByRole('button', { name: 'Notify 1 matched participant' }).click();
  await page.getByRole('dialog', { name: 'Notify 1 matched participant?' }).getByRole('button', { name: 'Queue 1 e-mail' }).click();
  await page.waitForFunction(() => document.querySelector('.funnel-count[data-stage="notified"]')?.textContent === '1 (33%)');
  await page.locator('.list-notice', { hasText: '2 participants imported.' }).getByRole('button', { name: 'Undo this import' }).click();
  const blocked = page.getByRole('dialog', { name: 'This import cannot be undone' });
  await blocked.getByText('1 participant changed since this import, so nothing was removed:').waitFor();
  assert.is((await blocked.getByRole('listitem').allTextContents()).join('|'), 'BIB 401: notified since');
  assert.is(Number((await e.api.sql.get<{ n: number }>('SELECT COUNT(*) AS n FROM participants WHERE event_id = ?', [A.eventId]))!.n), 3);
  assert.equal(e.errors, []);
});

test.run();
