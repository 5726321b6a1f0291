import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { startE2E, signIn, type E2E } from './harness.ts';

// The user's time zone (docs/languages.md "Formats"): My account's Time zone card makes the
// console show times in it at once, and it follows the user to a fresh browser in another zone.
let e: E2E;
test.before(async () => {
  e = await startE2E();
});
test.after(async () => {
  await e.stop();
});

/** The sessions' sign-in times as the table shows them (created column), newest last. */
const shownTimes = (page: Page) => page.locator('.account-sessions tbody tr td:nth-child(4)').allInnerTexts();
/** The sign-in times of the stored sessions written as this page's Intl writes them in `timeZone`. */
async function expectedTimes(page: Page, timeZone: string) {
  const rows = await e.api.sql.all<{ created_at: number }>('SELECT created_at FROM tokens ORDER BY id');
  return page.evaluate(([ms, tz]) => ms.map((m) => new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short', timeZone: tz }).format(m)), [
    rows.map((r) => Number(r.created_at)),
    timeZone,
  ] as const);
}

test('choosing a time zone in My account shows times in it at once, and a fresh browser elsewhere shows them in it too', async () => {
  await signIn(e.page, e.url);
  await e.page.goto(`${e.url}/admin/account`);
  const card = e.page.locator('section.card').filter({ has: e.page.locator('select[name=time_zone]') });
  await card.getByRole('heading', { name: 'Time zone' }).waitFor();
  assert.match(await card.locator('select[name=time_zone] option').first().innerText(), /^As my browser \(/);

  await card.locator('select[name=time_zone]').selectOption('Asia/Tokyo');
  await card.getByRole('button', { name: 'Save time zone' }).click();
  await e.page.getByText('Time zone saved.').waitFor();
  await e.page.locator('.account-sessions tbody tr').first().waitFor();
  assert.equal((await shownTimes(e.page)).sort(), (await expectedTimes(e.page, 'Asia/Tokyo')).sort());

  const other = await e.browser.newContext({ timezoneId: 'America/New_York' });
  const page = await other.newPage();
  try {
    await signIn(page, e.url);
    await page.goto(`${e.url}/admin/account`);
    await page.locator('.account-sessions tbody tr').nth(1).waitFor();
    assert.equal((await shownTimes(page)).sort(), (await expectedTimes(page, 'Asia/Tokyo')).sort());
    assert.is(await page.locator('select[name=time_zone]').inputValue(), 'Asia/Tokyo');
  } finally {
    await other.close();
  }
  assert.equal(e.errors, []);
});

test.run();
