import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startE2E, JOB_MS, type E2E } from './harness.ts';
import { organiserSignedIn } from './campaign-helpers.ts';
import type { Organiser } from '../api/campaigns-fixtures.ts';

/**
 * Progress that adds up. Every figure shown during a 30,000-row photo import
 * names its phase and its percentage is the one its own counts make; the bar agrees with them.
 * The duplicate prompt offers one set of choices.
 */
let e: E2E;
let org: Organiser;
const ROWS = 30_000;

test.before(async () => {
  e = await startE2E();
  org = await organiserSignedIn(e, 'Figures Club');
});
test.after(async () => {
  await e.stop();
});

const sheet = (from: number, n: number) => ({
  name: 'photos.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from(
    [
      'bid_number,low_res_image,high_res_image,orientation',
      ...Array.from({ length: n }, (_, i) => `${from + i},https://p.example.com/${i}-l.jpg,https://p.example.com/${i}-h.jpg,portrait`),
    ].join('\n'),
  ),
});

test(`progress percentages sampled during a ${ROWS.toLocaleString('en-US')}-row photo import always agree with their counts`, async () => {
  const page = e.page;
  await page.goto(`${e.url}/admin/organizer/${org.companyId}/events/${org.eventId}?tab=photos`);
  await page.getByText('No photos uploaded', { exact: true }).waitFor();
  // Record every figure the page shows, with its bar, as it changes (a MutationObserver misses none).
  // (A string: tsx would wrap a named function in a helper the page does not have.)
  await page.evaluate(`(() => {
    const seen = window.seen = [];
    new MutationObserver(() => document.querySelectorAll('.upload-progress').forEach((box) => {
      const text = box.querySelector('[role=status]')?.textContent ?? '';
      const bar = box.querySelector('progress');
      const last = seen[seen.length - 1];
      if (!last || last.text !== text) seen.push({ text, value: bar ? bar.value : -1, max: bar ? bar.max : -1 });
    })).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  })()`);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const modal = page.getByRole('dialog', { name: 'Upload event photos' });
  await modal.getByLabel('Spreadsheet (.csv or .xlsx)').setInputFiles(sheet(1, ROWS));
  await modal.getByText('30,000', { exact: true }).waitFor();
  await modal.getByRole('button', { name: 'Upload' }).click();
  await page.getByText('Successfully uploaded photos').first().waitFor({ timeout: 120_000 });
  const seen = await page.evaluate(() => (window as unknown as { seen: { text: string; value: number; max: number }[] }).seen);
  const saving = seen.filter((s) => s.text.startsWith('Saving'));
  assert.ok(seen.length > 0, 'figures were shown');
  for (const s of seen) {
    const m = /^(Uploading… \((\d+) %\)|Checking rows…|Waiting to start…|Saving ([\d,]+) of ([\d,]+) \((\d+) %\)|Successfully uploaded photos)$/.exec(s.text);
    assert.ok(m, `an unnamed or mixed figure: "${s.text}"`);
    if (m![3]) {
      const [done, total, pct] = [Number(m![3].replace(/,/g, '')), Number(m![4].replace(/,/g, '')), Number(m![5])];
      assert.is(total, ROWS, s.text);
      assert.is(pct, Math.floor((100 * done) / total), `the percentage of "${s.text}"`);
      assert.is(s.value, done, `the bar of "${s.text}"`);
      assert.is(s.max, total, `the bar of "${s.text}"`);
    }
  }
  console.log(`  ${seen.length} figures seen, ${saving.length} of them while saving`);
  assert.is(Number((await e.api.sql.get<{ n: number }>('SELECT COUNT(*) AS n FROM event_photos WHERE event_id = ?', [org.eventId]))!.n), ROWS);
});

test('the duplicate prompt offers one set of choices, in the footer', async () => {
  const page = e.page;
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const modal = page.getByRole('dialog', { name: 'Upload event photos' });
  await modal.getByLabel('Spreadsheet (.csv or .xlsx)').setInputFiles(sheet(1, 3));
  await modal.getByRole('button', { name: 'Upload' }).click();
  await modal.getByText('3 photos in this sheet have bid numbers already on this event.').waitFor({ timeout: JOB_MS });
  assert.equal(await modal.locator('.modal-footer button').allInnerTexts(), ['Cancel', 'Add them as new', 'Replace those photos']);
  assert.is(await modal.locator('.modal-body button').count(), 0, 'no second row of choices in the body');
  await modal.getByRole('button', { name: 'Cancel' }).click();
  assert.equal(await modal.locator('.modal-footer button').allInnerTexts(), ['Close', 'Upload']);
});

test.run();
