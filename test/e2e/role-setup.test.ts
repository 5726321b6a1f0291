import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startE2E, signIn, type E2E } from './harness.ts';
import { makeUser, roleId } from '../api/admin-helpers.ts';

/**
 * One place to set up a role: a role limited to Users (view, create, edit) with its
 * screen and the roles it may manage is set up in one Role modal, counted in user actions (a click,
 * a fill, a tick, a select), and given to a user; that user then sees the Users screen with its
 * users, not "No users yet." Demo data: the support role (Sam Support).
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

test('a role limited to Users takes at most 8 actions on the Roles screen, and its user sees the Users list', async () => {
  const { page, url, api } = e;
  const admin = await api.login();
  const u = await makeUser(api, admin, await roleId(api, admin, 'editor'));
  const name = (await api.call('GET', `user/${u.id}`, { token: admin })).body.data.name as string;
  await signIn(page, url);
  await page.goto(`${url}/admin/roles`);
  let actions = 0;
  const act = async (step: () => Promise<unknown>) => {
    actions++;
    await step();
  };

  await act(() => page.getByRole('button', { name: 'ADD Role' }).click());
  const dialog = page.getByRole('dialog', { name: 'Add Role' });
  await act(() => dialog.getByLabel('Role name').fill('Users desk'));
  const perms = dialog.getByRole('group', { name: 'Permissions' });
  // Abilities in a screen × ability matrix: the Users row holds its five, by verb.
  const usersRow = perms.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Users', exact: true }) });
  assert.equal(await usersRow.getByRole('checkbox').evaluateAll((els) => els.map((el) => el.getAttribute('aria-label'))), [
    'View users',
    'Create users',
    'Edit users',
    'Delete users',
    'Import users',
    'All of Users',
  ]);
  for (const p of ['View users', 'Create users', 'Edit users']) await act(() => perms.getByLabel(p, { exact: true }).check());
  await act(() => dialog.getByRole('group', { name: 'Screens' }).getByLabel('Users', { exact: true }).check());
  await act(() => dialog.getByRole('group', { name: 'Role can access to' }).getByLabel('support', { exact: true }).check());
  assert.is(await dialog.locator('.role-summary').innerText(), 'Its users will see Dashboard, Users (view, create, edit).');
  assert.is(await dialog.locator('.role-manages').innerText(), 'Its users may manage users whose role is: support.');
  if (process.env.ROLE_SHOT) await page.screenshot({ path: process.env.ROLE_SHOT });
  await act(() => dialog.getByRole('button', { name: 'Save changes' }).click());
  await page.getByText('Added successfully').first().waitFor();
  const setup = actions;
  assert.ok(setup <= 8, `role set up in ${setup} actions`);

  // Giving it to a user: the Users screen's Edit User (its own screen, counted apart).
  await act(() => page.goto(`${url}/admin/users?q=${encodeURIComponent(u.email)}`));
  await act(() => page.getByRole('button', { name: `Edit ${name}` }).click());
  const edit = page.getByRole('dialog', { name: 'Edit User' });
  await page.waitForFunction((email) => (document.querySelector('.modal input[name=email]') as HTMLInputElement | null)?.value === email, u.email);
  await act(() => edit.getByLabel('Role').selectOption({ label: 'Users desk' }));
  await act(() => edit.getByRole('button', { name: 'Save changes' }).click());
  await page.getByText('User updated successfully.').waitFor();
  console.log(`role set up in ${setup} actions on the Roles screen; given to a user in ${actions - setup} more (${actions} in all)`);

  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await signIn(page, url, u.email, u.password);
  await page.goto(`${url}/admin/users`);
  await page.getByRole('row').filter({ hasText: 'Sam Support' }).first().waitFor();
  assert.is(await page.getByText('No users yet.').count(), 0);
  assert.is(await page.getByText(NO_ROLE_TO_MANAGE).count(), 0);
  assert.equal(e.errors, []);
});

test.run();
