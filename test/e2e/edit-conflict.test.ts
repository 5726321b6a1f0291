import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { startE2E, signIn, type E2E } from './harness.ts';

/**
 * Edits that cannot overwrite each other (docs/live.md), in two browsers: A and
 * B edit the same page, B saves first; A's save shows B's change beside A's, field by field, with
 * A's text still in the form; A takes B's title, combines both contents and saves; neither
 * change is lost.
 */
let e: E2E;
let admin: string;
test.before(async () => {
  e = await startE2E();
  admin = await e.api.login();
  const b = await e.api.call('POST', 'user', {
    token: admin,
    form: { name: 'Bea Bright', email: 'bea@example.com', password: 'Bea-pass-123', password_confirmation: 'Bea-pass-123', role: '1' },
  });
  assert.is(b.status, 200, JSON.stringify(b.body));
  assert.is((await e.api.call('POST', 'page', { token: admin, form: { title: 'Price list', content: 'Adults 10' } })).status, 200);
});
test.after(async () => {
  await e.stop();
});

const openEdit = async (page: Page) => {
  await page.goto(`${e.url}/admin/pages`);
  await page.getByRole('button', { name: 'Edit Price list' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Page' });
  await page.waitForFunction(() => (document.querySelector('.modal textarea') as HTMLTextAreaElement | null)?.value === 'Adults 10');
  return dialog;
};

test("B saves first: A's save shows B's change beside A's, and A keeps both", async () => {
  const a = e.page;
  await signIn(a, e.url);
  const other = await e.browser.newContext({ viewport: { width: 1280, height: 860 } });
  const b = await other.newPage();
  b.setDefaultTimeout(10_000);
  try {
    await signIn(b, e.url, 'bea@example.com', 'Bea-pass-123');
    const aDialog = await openEdit(a);
    // A's edit lease ends without a renewal (A's laptop slept: docs/live.md "Who is editing"), so B
    // opens the page free to edit; A's save must still not overwrite B's.
    await a.waitForFunction(() => performance.getEntriesByType('resource').some((r) => /\/api\/leases\/pages\/\d+$/.test(r.name)));
    await e.api.sql.run('UPDATE record_leases SET expires_at = 0');
    const bDialog = await openEdit(b);
    await aDialog.getByLabel('Content').fill('Adults 12 (from A)');
    await bDialog.getByLabel('Title').fill('Prices');
    await bDialog.getByLabel('Content').fill('Adults 11 (from B)');
    await bDialog.getByRole('button', { name: 'Save changes' }).click();
    await b.getByText('Page updated successfully.').waitFor();

    await aDialog.getByRole('button', { name: 'Save changes' }).click();
    const conflict = aDialog.locator('.edit-conflict');
    await conflict.getByText(/^Bea Bright changed this record at .+, after you opened it\.$/).waitFor();
    assert.is(await aDialog.getByLabel('Content').inputValue(), 'Adults 12 (from A)', "A's text is still in the form");
    const title = conflict.locator('[data-field=title]');
    const content = conflict.locator('[data-field=content]');
    assert.is(await title.locator('.edit-conflict-theirs pre').innerText(), 'Prices');
    assert.is(await title.locator('.edit-conflict-yours pre').innerText(), 'Price list');
    assert.is(await content.locator('.edit-conflict-theirs pre').innerText(), 'Adults 11 (from B)');
    assert.is(await content.locator('.edit-conflict-yours pre').innerText(), 'Adults 12 (from A)');
    assert.is(await a.getByText('Page updated successfully.').count(), 0, 'nothing was saved');

    await title.getByRole('button', { name: 'Take theirs' }).click();
    await content.getByRole('button', { name: 'Take theirs' }).click();
    assert.is(await aDialog.getByLabel('Content').inputValue(), 'Adults 11 (from B)');
    await content.getByRole('button', { name: 'Keep mine' }).click();
    assert.is(await aDialog.getByLabel('Content').inputValue(), 'Adults 12 (from A)', 'Keep mine brings A’s text back');
    await content.getByRole('button', { name: 'Combine both' }).click();
    assert.is(await aDialog.getByLabel('Title').inputValue(), 'Prices');
    assert.is(await aDialog.getByLabel('Content').inputValue(), 'Adults 12 (from A)\nAdults 11 (from B)');
    await aDialog.getByRole('button', { name: 'Save changes' }).click();
    await a.getByText('Page updated successfully.').waitFor();

    const stored = (await e.api.call('GET', 'page?page=1', { token: admin })).body.data.data.find((p: { title: string }) => p.title === 'Prices');
    assert.ok(stored, 'the merged page is stored');
    const full = await e.api.call('GET', `page/${stored.id}`, { token: admin });
    assert.is(full.body.data.content, 'Adults 12 (from A)\nAdults 11 (from B)', 'neither change is lost');
    assert.equal(e.errors, []);
  } finally {
    await other.close();
  }
});

test.run();
