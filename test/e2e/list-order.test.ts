import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { startE2E, signIn, type E2E } from './harness.ts';

/** Lists keep their order, search and filters after an add or an edit; the new row is shown where it belongs or on top as "Just added". */
let e: E2E;
let admin: string;
let editor: number;

test.before(async () => {
  e = await startE2E();
  admin = await e.api.login();
  editor = (await e.api.call('POST', 'role', { token: admin, form: { name: 'editor', permissions: '[]', roles: '[]' } })).body.data.id;
  for (let i = 1; i <= 14; i++) {
    const name = `Member ${String(i).padStart(2, '0')}`;
    await e.api.call('POST', 'user', { token: admin, form: { name, email: `member${i}@example.com`, password: 'Secret123', role: String(editor) } });
  }
  await signIn(e.page, e.url);
});
test.after(async () => {
  await e.stop();
});

const names = (page: Page) => page.locator('tbody tr[data-row-id] td:nth-child(3)').allInnerTexts();
const sortedByName = (xs: string[]) => xs.every((x, i) => i === 0 || xs[i - 1].toLowerCase().localeCompare(x.toLowerCase()) <= 0);

/** Fills and saves Add User (the form's password path, whichever way the form asks for it). */
async function addUser(page: Page, name: string, email: string) {
  await page.getByRole('button', { name: 'ADD User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add User' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Email').fill(email);
  const setNow = dialog.getByLabel('Set a password now');
  if (await setNow.count()) await setNow.check();
  await dialog.getByLabel('Password', { exact: true }).fill('Secret123');
  await dialog.getByLabel('Role').selectOption({ label: 'editor' });
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await dialog.waitFor({ state: 'detached' });
}

test('the default order shows as an arrow: Sl.No ascending on Users', async () => {
  const { page, url } = e;
  await page.goto(`${url}/admin/users`);
  const slno = page.getByRole('columnheader', { name: /^Sl\.No/ });
  await page.getByRole('cell', { name: 'Member 01', exact: true }).waitFor();
  assert.is(await slno.getAttribute('aria-sort'), 'ascending');
  assert.match((await slno.textContent()) ?? '', /▲/);
  // Sorting by a column moves the arrow there.
  await page.getByRole('button', { name: /^Name/ }).click();
  await page.waitForURL(/sort=name&dir=asc/);
  assert.is(await slno.getAttribute('aria-sort'), 'none');
});

test('after adding a user on page 1 sorted by name, the list is still sorted by name and the row is marked where it belongs', async () => {
  const { page, url } = e;
  await page.goto(`${url}/admin/users?sort=name&dir=asc`);
  await page.getByRole('cell', { name: 'Member 01', exact: true }).waitFor();
  await addUser(page, 'Member 03a', 'member3a@example.com');
  const row = page.locator('tr.row-new', { hasText: 'Member 03a' });
  await row.waitFor();
  assert.match(page.url(), /sort=name&dir=asc/);
  assert.not.match(page.url(), /page=/);
  const shown = await names(page);
  assert.ok(sortedByName(shown), `sorted by name: ${shown.join(', ')}`);
  assert.ok(shown.includes('Member 03a'));
  assert.is(await page.getByRole('columnheader', { name: /^Name/ }).getAttribute('aria-sort'), 'ascending');
  assert.is(await page.getByText('Just added').count(), 0);
});

test('a new row outside this page shows on top as "Just added"; the toast\'s "Show it" opens the list newest first', async () => {
  const { page, url } = e;
  await page.goto(`${url}/admin/users?sort=name&dir=asc&q=member`);
  await page.getByRole('cell', { name: 'Member 01', exact: true }).waitFor();
  await addUser(page, 'Member 99', 'member99@example.com');
  const group = page.getByRole('columnheader', { name: /Just added/ });
  await group.waitFor();
  await page.locator('tbody tr', { hasText: 'Member 99' }).waitFor();
  // The page itself is unchanged: search, order and the rows of page 1.
  assert.match(page.url(), /q=member/);
  assert.match(page.url(), /sort=name&dir=asc/);
  const shown = await names(page);
  assert.ok(sortedByName(shown) && !shown.includes('Member 99'), shown.join(', '));
  await page.locator('.toast', { hasText: 'User created successfully.' }).getByRole('button', { name: 'Show it' }).click();
  await page.waitForURL(/sort=id&dir=desc/);
  await page.locator('tbody tr[data-row-id]').first().filter({ hasText: 'Member 99' }).waitFor();
  assert.is(await group.count(), 0);
});

test('after an edit the list keeps its order and marks the changed row', async () => {
  const { page, url } = e;
  await page.goto(`${url}/admin/users?sort=name&dir=desc`);
  await page.getByRole('cell', { name: 'Member 99', exact: true }).waitFor();
  await page.getByRole('button', { name: 'Edit Member 09' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit User' });
  await page.waitForFunction(() => (document.querySelector('.modal input[name=email]') as HTMLInputElement | null)?.value === 'member9@example.com');
  await dialog.getByLabel('Name').fill('Member 09 Edited');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await page.locator('tr.row-new', { hasText: 'Member 09 Edited' }).waitFor();
  assert.match(page.url(), /sort=name&dir=desc/);
  const shown = await names(page);
  assert.ok(sortedByName([...shown].reverse()), shown.join(', '));
});

test('at 390 px the "Just added" group shows above the cards', async () => {
  const { page, url } = e;
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${url}/admin/users?sort=name&dir=asc&q=member`);
  await page.locator('tbody tr[data-row-id]', { hasText: 'Member 01' }).waitFor({ state: 'attached' });
  await page.getByRole('button', { name: 'ADD User' }).waitFor();
  await addUser(page, 'Member 98', 'member98@example.com');
  const group = page.getByRole('columnheader', { name: /Just added/ });
  await group.waitFor();
  assert.ok(await group.isVisible());
  const added = await page.locator('tbody tr', { hasText: 'Member 98' }).boundingBox();
  const first = await page.locator('tbody tr[data-row-id]').first().boundingBox();
  assert.ok(added && first && added.y < first.y, 'the new row sits above the page');
  assert.ok(added!.width <= 390);
  await page.setViewportSize({ width: 1280, height: 860 });
});

test.run();
