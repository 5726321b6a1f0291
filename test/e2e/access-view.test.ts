import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startE2E, signIn, type E2E } from './harness.ts';
import { makeRole, makeUser } from '../api/admin-helpers.ts';

/**
 * "Why can (or can't) they?": on the admin Users screen, a row's Access opens the
 * Access view listing every screen and ability with its verdict and the reason in words.
 * Demo data: `support` (Users menu; View users + Edit users), Sam Support holds it.
 */
/** What a user whose role may manage no role reads on the Users screen. */
const NO_ROLE_TO_MANAGE =
  'Your role may manage no users yet: ask an administrator to tick the roles it may manage under “Role can access to” on the Roles screen.';
let e: E2E;
test.before(async () => {
  e = await startE2E({ demo: true });
});
test.after(async () => {
  await e.stop();
});

test('the Access view of the support user says why Delete users is not allowed', async () => {
  const { page, url } = e;
  await signIn(page, url);
  await page.goto(`${url}/admin/users?q=Sam%20Support`);
  await page.getByRole('button', { name: 'Access of Sam Support' }).click();
  const dialog = page.getByRole('dialog', { name: 'Access of Sam Support' });
  const abilities = dialog.getByRole('table', { name: 'Abilities' });
  const del = abilities.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Delete users', exact: true }) });
  await del.waitFor();
  assert.equal(await del.getByRole('cell').allInnerTexts(), ['Delete users', 'Not allowed', 'not allowed: role support has no permission Delete users']);
  const view = abilities.getByRole('row').filter({ has: page.getByRole('cell', { name: 'View users', exact: true }) });
  assert.equal(await view.getByRole('cell').allInnerTexts(), [
    'View users',
    'Allowed',
    'allowed: role support has the permission View users and the menu Users',
  ]);
  const screens = dialog.getByRole('table', { name: 'Screens' });
  const roles = screens.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Roles', exact: true }) });
  assert.match((await roles.getByRole('cell').allInnerTexts())[2], /^not allowed: role support has no menu Roles$/);
  if (process.env.ACCESS_SHOT) await page.screenshot({ path: process.env.ACCESS_SHOT, fullPage: false });
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await dialog.waitFor({ state: 'detached' });
  assert.equal(e.errors, []);
});

test('the Access view answers what is asked first, groups the Allowed rows, states whom the role manages and links to the role', async () => {
  const { page, url, api } = e;
  await page.goto(`${url}/admin/users?q=Sam%20Support`);
  await page.getByRole('button', { name: 'Access of Sam Support' }).click();
  const dialog = page.getByRole('dialog', { name: 'Access of Sam Support' });
  await dialog.getByRole('table', { name: 'Abilities' }).waitFor();
  await dialog.getByLabel('What do you want to check?').fill('delete users');
  const answer = dialog.getByRole('region', { name: 'Answer' });
  assert.equal(await answer.getByRole('listitem').allInnerTexts(), ['Delete users (ability): Not allowed — role support has no permission Delete users']);
  // The answer comes before the tables.
  const [a, t] = await Promise.all([answer.boundingBox(), dialog.getByRole('table', { name: 'Screens' }).boundingBox()]);
  assert.ok(a && t && a.y < t.y);
  // Allowed rows in one group, first.
  const groups = await dialog.getByRole('table', { name: 'Abilities' }).locator('tr.access-group').allInnerTexts();
  assert.is(groups.length, 2);
  assert.match(groups[0], /^Allowed \(2\)$/);
  assert.match(groups[1], /^Not allowed \(\d+\)$/);
  // The role's managed roles, as the server holds them.
  const admin = await api.login();
  const id = (await api.call('GET', 'user?q=Sam%20Support', { token: admin })).body.data.data[0].id;
  const access: string[] = (await api.call('GET', `user/${id}/access`, { token: admin })).body.data.roles[0].access;
  const line = dialog.locator('.access-roles li').first();
  assert.is(
    await line.innerText(),
    `${access.length ? `Role support may manage users whose role is: ${access.join(', ')}.` : 'Role support may manage no users yet.'} Edit role support`,
  );
  await dialog.getByRole('link', { name: 'Edit role support' }).click();
  await page.waitForURL(/\/admin\/roles\?q=support/);
  await page.getByRole('button', { name: 'Edit support', exact: true }).waitFor();
  assert.equal(e.errors, []);
});

test("the Edit Role modal says which screens the role's users will see, and follows the checklist", async () => {
  const { page, url } = e;
  await page.goto(`${url}/admin/roles?q=support`);
  await page.getByRole('button', { name: 'Edit support', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Role' });
  const summary = dialog.locator('.role-summary');
  await summary.waitFor();
  assert.is(await summary.innerText(), 'Its users will see Dashboard, Users (view, edit).');
  await dialog.getByRole('group', { name: 'Permissions' }).getByLabel('Delete users', { exact: true }).check();
  assert.is(await summary.innerText(), 'Its users will see Dashboard, Users (view, edit, delete).');
  await dialog.getByRole('group', { name: 'Permissions' }).getByLabel('View pages', { exact: true }).check();
  assert.is(
    await summary.innerText(),
    'Its users will see Dashboard, Users (view, edit, delete). Pages stays closed until the role has its menu (tick it under Screens).',
  );
  assert.equal(e.errors, []);
});

test('a user whose role may manage no role is told so, not shown empty lists', async () => {
  const { page, url, api } = e;
  const admin = await api.login();
  const role = await makeRole(api, admin, { name: 'Newcomer', screens: ['users'], abilities: ['users.view', 'users.create'] });
  const u = await makeUser(api, admin, role);
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await signIn(page, url, u.email, u.password);
  await page.goto(`${url}/admin/users`);
  await page.getByText(NO_ROLE_TO_MANAGE, { exact: true }).waitFor();
  assert.is(await page.getByText('No users yet.').count(), 0);
  await page.getByRole('button', { name: 'ADD User' }).click();
  const select = page.getByRole('dialog', { name: 'Add User' }).getByLabel('Role');
  assert.equal(await select.locator('option').allInnerTexts(), ['Select']);
  assert.match((await select.getAttribute('aria-describedby')) ?? '', /user-role-none/);
  assert.is(await page.locator('#user-role-none').innerText(), NO_ROLE_TO_MANAGE);
  assert.equal(e.errors, []);
});

test.run();
