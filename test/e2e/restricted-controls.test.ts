import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startE2E, signIn, type E2E } from './harness.ts';
import { makeRole, makeUser } from '../api/admin-helpers.ts';

/**
 * A restricted role sees no control it cannot use (DESIGN.md §3, docs/security.md): the demo
 * `support` role (Users menu; View users + Edit users; may give only `support`) and `editor`.
 */
let e: E2E;
test.before(async () => {
  e = await startE2E({ demo: true });
});
test.after(async () => {
  await e.stop();
});

const roleOptions = async () => {
  const dialog = e.page.getByRole('dialog', { name: 'Edit User' });
  await e.page.waitForFunction(() => (document.querySelector('.modal input[name=email]') as HTMLInputElement | null)?.value !== '');
  return dialog.getByLabel('Role').locator('option').allInnerTexts();
};

test('support sees Edit but no ADD User, Import User or Delete, and may give only the support role', async () => {
  const { page, url } = e;
  await signIn(page, url, 'support@example.com', 'Support-demo-1');
  await page.goto(`${url}/admin/users`);
  await page.getByRole('button', { name: 'Edit Sam Support' }).waitFor();
  assert.is(await page.getByRole('button', { name: 'ADD User' }).count(), 0);
  assert.is(await page.getByRole('button', { name: 'Import User' }).count(), 0);
  assert.is(await page.getByRole('button', { name: /^Delete / }).count(), 0);
  assert.ok((await page.getByRole('button', { name: /^Edit / }).count()) > 0);
  await page.getByRole('button', { name: 'Edit Sam Support' }).click();
  assert.equal(await roleOptions(), ['Select', 'support']);
  assert.equal(e.errors, []);
});

test('editor sees ADD User and may give editor and support, but neither admin nor company', async () => {
  const { page, url } = e;
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await signIn(page, url, 'editor@example.com', 'Editor-demo-1');
  await page.goto(`${url}/admin/users`);
  await page.getByRole('button', { name: 'ADD User' }).waitFor();
  assert.is(await page.getByRole('button', { name: 'Import User' }).count(), 0);
  assert.is(await page.getByRole('button', { name: /^Delete / }).count(), 0);
  await page.getByRole('button', { name: 'ADD User' }).click();
  const options = await page.getByRole('dialog', { name: 'Add User' }).getByLabel('Role').locator('option').allInnerTexts();
  assert.equal(options, ['Select', 'support', 'editor']);
  assert.equal(e.errors, []);
});

test('a Roles-screen user finds what it may not grant greyed out in the Add Role checklists', async () => {
  const { page, url, api } = e;
  const admin = await api.login();
  const keys = ['roles.view', 'roles.create', 'users.view'];
  const role = await makeRole(api, admin, { name: 'role-desk', screens: ['roles'], abilities: keys });
  const u = await makeUser(api, admin, role);
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await signIn(page, url, u.email, u.password);
  await page.goto(`${url}/admin/roles`);
  await page.getByRole('button', { name: 'ADD Role' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Role' });
  await dialog.getByRole('checkbox', { name: 'Create roles' }).waitFor();
  assert.ok(await dialog.getByRole('checkbox', { name: 'Create roles' }).isEnabled());
  assert.ok(await dialog.getByRole('checkbox', { name: 'View users' }).isEnabled());
  assert.ok(await dialog.getByRole('checkbox', { name: 'Delete users' }).isDisabled());
  assert.ok(await dialog.getByRole('checkbox', { name: 'admin', exact: true }).isDisabled());
  assert.is(await page.getByRole('button', { name: /^Delete / }).count(), 0);
  assert.equal(e.errors, []);
});

test.run();
