import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { startE2E, signIn, type E2E } from './harness.ts';

// A users import runs as a background job (DESIGN.md §4): its progress bar moves, stays when
// the modal is closed and after a reload, and the imported users are listed at the end.
const ROWS = 2000;
let e: E2E;
test.before(async () => {
  e = await startE2E();
  const admin = await e.api.login();
  await e.api.call('POST', 'role', { token: admin, form: { name: 'editor', permissions: '[]', roles: '[]' } });
  await signIn(e.page, e.url);
});
test.after(async () => {
  await e.stop();
});

const sheet = () => ['name,email,password,role', ...Array.from({ length: ROWS }, (_, i) => `Bulk ${i},bulk${i}@example.com,Secret-${i}x,editor`)].join('\n');
const bar = (page: Page) => page.getByRole('progressbar', { name: 'User import progress' });
// The bar's position (value / max) within its phase; hashing lasts the whole test on 2 cores.
const value = (page: Page) => bar(page).evaluate((el) => (el as HTMLProgressElement).position);
/** Waits until the bar shows more than `than` (the job is still moving). */
async function movesPast(page: Page, than: number) {
  await page.waitForFunction(
    (v) => {
      const el = document.querySelector('progress[aria-label="User import progress"]') as HTMLProgressElement | null;
      return !!el && el.position > v;
    },
    than,
    { timeout: 120_000, polling: 100 },
  );
  return value(page);
}

test(`importing a ${ROWS.toLocaleString('en-US')}-row users sheet shows a moving progress bar that survives closing the modal and a reload, and lists the users`, async () => {
  const { page, url } = e;
  await page.goto(`${url}/admin/users`);
  await page.getByRole('button', { name: 'Import User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import Users' });
  await dialog.locator('input[type=file]').setInputFiles({ name: 'bulk.csv', mimeType: 'text/csv', buffer: Buffer.from(sheet()) });
  // The count is written the reader's way (digits grouped in English).
  await dialog.getByText(`${ROWS.toLocaleString('en-US')} users in the file`).waitFor();
  await dialog.getByRole('button', { name: 'Import' }).click();

  await bar(page).waitFor({ timeout: 60_000 });
  const first = await movesPast(page, 0);
  const second = await movesPast(page, first);
  assert.ok(second > first && second < 1, `the bar moves: ${first} → ${second}`);

  // Closing the modal keeps the bar on the screen.
  await dialog.getByText('Close', { exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
  const onScreen = await movesPast(page, second);

  // A reload resumes it from the job the server keeps running.
  await page.reload();
  await bar(page).waitFor({ timeout: 30_000 });
  const afterReload = await movesPast(page, onScreen);
  assert.ok(afterReload > onScreen, `after the reload: ${onScreen} → ${afterReload}`);
  await page
    .getByRole('status')
    .filter({ hasText: /Hashing passwords [\d,]+ of 2,000 \(\d+ %\)|Saving [\d,]+ of 2,000/ })
    .waitFor();

  // Argon2id for 2,000 rows, one at a time on 2 cores: a minute or two on an idle machine, far more on a busy one.
  const t = Date.now();
  await page.getByText(`${ROWS} users imported successfully.`).waitFor({ timeout: 1_500_000 });
  console.log(`  the import finished ${((Date.now() - t) / 1000).toFixed(0)} s after the reload`);
  await bar(page).waitFor({ state: 'detached' });
  const total = Number((await e.api.sql.get<{ n: number }>('SELECT COUNT(*) AS n FROM users'))!.n);
  await page.goto(`${url}/admin/users?page=${Math.ceil(total / 10)}`);
  await page.getByRole('cell', { name: `bulk${ROWS - 1}@example.com` }).waitFor();
  assert.equal(e.errors, []);
});

test.run();
