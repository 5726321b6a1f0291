import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startE2E, signIn, toasts, ADMIN, type E2E } from './harness.ts';
import { greeting } from '../../src/features/auth/greeting.ts';

let e: E2E;
test.before(async () => {
  e = await startE2E();
});
test.after(async () => {
  await e.stop();
});

test('the login screen greets by hour and a stored token is not needed to see it', async () => {
  const { page, url } = e;
  await page.goto(`${url}/`);
  await page.waitForURL(`${url}/login`);
  const hour = await page.evaluate(() => new Date().getHours());
  assert.is(await page.getByRole('heading', { level: 1 }).innerText(), greeting(hour));
  assert.ok(await page.getByLabel('Remember Me').isVisible());
});

test('a wrong password keeps the user on /login', async () => {
  const { page, url } = e;
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill('wrong');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByText('The e-mail or password is not right.').waitFor();
  assert.is(new URL(page.url()).pathname, '/login');
  void url;
});

test('the seeded admin signs in and sees the dashboard boxes and the menu', async () => {
  const { page, url } = e;
  await signIn(page, url);
  assert.is(new URL(page.url()).pathname, '/admin');
  for (const text of ['150', '53%', '44', '65', 'New Orders', 'Bounce Rate', 'User Registrations', 'Unique Visitors']) {
    await page.getByText(text, { exact: true }).waitFor();
  }
  const menu = await page.locator('.sidebar .menu a').allInnerTexts();
  assert.equal(menu, ['Dashboard', 'Permissions', 'Roles', 'Users', 'Pages', 'Menus', 'Settings', 'Organizers', 'Activity']);
  assert.ok(await page.getByText('Copyright © 2020', { exact: false }).isVisible());
  // A signed-in user who opens /login goes back to /admin.
  await page.goto(`${url}/login`);
  await page.waitForURL(`${url}/admin`);
});

test('a permission is added, edited and deleted through the modals with their toasts', async () => {
  const { page, url } = e;
  await page.goto(`${url}/admin/permissions`);
  await page.getByRole('button', { name: 'ADD Permission' }).click();
  const add = page.getByRole('dialog', { name: 'Add Permission' });
  // An empty name is refused by the shared validator.
  await add.getByRole('button', { name: 'Save changes' }).click();
  await page.locator('.toast', { hasText: 'Please fill Permission name.' }).waitFor();
  assert.ok(await add.isVisible(), 'the modal stays open');
  await add.getByLabel('Permission name').fill('<img src=x onerror=alert(1)>');
  await add.getByRole('button', { name: 'Save changes' }).click();
  await page.getByText('Added successfully').waitFor();
  await add.waitFor({ state: 'detached' });
  // Markup in a name is shown as text.
  const cell = page.getByRole('cell', { name: '<img src=x onerror=alert(1)>', exact: true });
  await cell.waitFor();
  assert.is(await page.locator('.table img').count(), 0);

  await page.getByRole('button', { name: 'Edit <img src=x onerror=alert(1)>' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Permission' });
  const input = edit.getByLabel('Permission name');
  await page.waitForFunction(() => (document.querySelector('[role=dialog] input') as HTMLInputElement)?.value.length > 0);
  assert.is(await input.inputValue(), '<img src=x onerror=alert(1)>');
  await input.fill('Export reports');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await page.getByText('Permission updated successfully.').waitFor();
  await page.getByRole('cell', { name: 'Export reports', exact: true }).waitFor();

  await page.getByRole('button', { name: 'Delete Export reports' }).click();
  const del = page.getByRole('dialog', { name: 'Delete Permission' });
  assert.ok(await del.getByText('Do you want to delete the permission?').isVisible());
  await del.getByRole('button', { name: 'YES' }).click();
  await page.getByText('Permission deleted successfully.').waitFor();
  await page.getByRole('cell', { name: 'Export reports', exact: true }).waitFor({ state: 'detached' });
  assert.ok((await toasts(page)).length >= 1);
});

test('Escape on an edited modal asks first, then closes it without saving', async () => {
  const { page } = e;
  await page.getByRole('button', { name: 'ADD Permission' }).click();
  await page.getByRole('dialog', { name: 'Add Permission' }).getByLabel('Permission name').fill('never saved');
  await page.keyboard.press('Escape');
  await page.getByRole('dialog', { name: 'Discard changes?' }).getByRole('button', { name: 'Discard' }).click();
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  assert.is(await page.getByRole('cell', { name: 'never saved', exact: true }).count(), 0);
});

test('25 permissions page through with the page kept in the address', async () => {
  const { page, url, api } = e;
  const token = await api.login();
  // The ability catalogue is seeded as permissions first, so the 25 new ones start after them.
  const seeded = (await api.call('GET', 'permission?page=1', { token })).body.data.total as number;
  for (let i = 1; i <= 25; i++) await api.call('POST', 'permission', { token, form: { name: `Permission ${String(i).padStart(2, '0')}` } });
  const pageOf = (i: number) => Math.ceil((seeded + i) / 10);
  const name = (i: number) => `Permission ${String(i).padStart(2, '0')}`;
  const last = pageOf(25);
  await page.goto(`${url}/admin/permissions`);
  await page
    .getByRole('cell', { name: 'Sl.No' })
    .or(page.getByRole('columnheader', { name: 'Sl.No' }))
    .first()
    .waitFor();
  assert.is(await page.getByRole('link', { name: 'Previous' }).count(), 0);
  await page.getByRole('link', { name: 'Page 2' }).click();
  await page.waitForURL(`${url}/admin/permissions?page=2`);
  // The first row of page 2 is number 11 (Sl.No counts across pages).
  await page.locator('tbody tr').first().getByRole('cell', { name: '11', exact: true }).waitFor();
  await page.goto(`${url}/admin/permissions?page=${pageOf(1)}`);
  await page.getByRole('cell', { name: name(1), exact: true }).waitFor();
  await page.goto(`${url}/admin/permissions?page=${last - 1}`);
  await page.getByRole('link', { name: 'Next' }).click();
  await page.waitForURL(`${url}/admin/permissions?page=${last}`);
  await page.getByRole('cell', { name: name(25), exact: true }).waitFor();
  assert.is(await page.getByRole('link', { name: 'Next' }).count(), 0);
  await page.reload();
  await page.getByRole('cell', { name: name(25), exact: true }).waitFor();
  assert.is(await page.locator('.page-item.active').innerText(), String(last));
  await page.goBack();
  await page.waitForURL(`${url}/admin/permissions?page=${last - 1}`);
  await page.getByRole('cell', { name: name(10 * (last - 1) - seeded), exact: true }).waitFor();
});

test('signing out returns to /login and /admin then sends the visitor to /login', async () => {
  const { page, url } = e;
  await page.locator('.user-toggle').click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.waitForURL(`${url}/login`);
  assert.is(await page.evaluate(() => localStorage.getItem('token') ?? sessionStorage.getItem('token')), null);
  await page.goto(`${url}/admin`);
  await page.waitForURL(`${url}/login`);
});

test('without Remember Me the token lives in sessionStorage; with it in localStorage', async () => {
  const { page, url } = e;
  await signIn(page, url);
  assert.ok(await page.evaluate(() => sessionStorage.getItem('token')));
  assert.is(await page.evaluate(() => localStorage.getItem('token')), null);
  await page.locator('.user-toggle').click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.waitForURL(`${url}/login`);
  await signIn(page, url, undefined, undefined, true);
  assert.ok(await page.evaluate(() => localStorage.getItem('token')));
  assert.is(await page.evaluate(() => sessionStorage.getItem('token')), null);
  await page.locator('.user-toggle').click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.waitForURL(`${url}/login`);
});

test('the register template refuses an incomplete form with a toast', async () => {
  const { page, url } = e;
  await page.goto(`${url}/register`);
  for (const label of ['Full name', 'Email', 'Password', 'Retype password', 'I agree to the terms']) await page.getByLabel(label, { exact: true }).waitFor();
  await page.getByLabel('Full name').fill('Jo');
  await page.getByRole('button', { name: 'Register' }).click();
  await page.getByText('Please fill in every field and agree to the terms.').waitFor();
  assert.ok(await page.getByRole('link', { name: 'I already have a membership' }).isVisible());
});

test('unknown paths redirect to the empty path and then to /login', async () => {
  const { page, url } = e;
  await page.goto(`${url}/no/such/place`);
  await page.waitForURL(`${url}/login`);
  assert.equal(e.errors, []);
});

test.run();
