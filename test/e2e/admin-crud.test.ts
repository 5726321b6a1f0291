import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startE2E, signIn, type E2E } from './harness.ts';

/** Roles, Pages and Menus screens end to end (admin-area §2, §4, §8). */
let e: E2E;
test.before(async () => {
  e = await startE2E();
  await signIn(e.page, e.url);
});
test.after(async () => {
  await e.stop();
});

test('a role is added with checked permissions and access roles, prechecked on edit, renamed and deleted', async () => {
  const { page, url, api } = e;
  const admin = await api.login();
  await api.call('POST', 'permission', { token: admin, form: { name: 'Export reports' } });
  await page.goto(`${url}/admin/roles`);
  await page.getByRole('button', { name: 'ADD Role' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add Role' });
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await page.locator('.toast', { hasText: 'Please fill Role name.' }).waitFor();
  await dialog.getByLabel('Role name').fill('auditor');
  const perms = dialog.getByRole('group', { name: 'Permissions' });
  const access = dialog.getByRole('group', { name: 'Role can access to' });
  await perms.getByLabel('Export reports').check();
  await access.getByLabel('company').check();
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await page.getByText('Added successfully').waitFor();
  await page.getByRole('cell', { name: 'auditor', exact: true }).waitFor();

  // Opening Add again starts with nothing checked.
  await page.getByRole('button', { name: 'ADD Role' }).click();
  dialog = page.getByRole('dialog', { name: 'Add Role' });
  assert.is(await dialog.locator('input[type=checkbox]:checked').count(), 0);
  await dialog.getByText('Close', { exact: true }).click();

  await page.getByRole('button', { name: 'Edit auditor' }).click();
  dialog = page.getByRole('dialog', { name: 'Edit Role' });
  await dialog.getByLabel('Role name').and(page.locator('[value="auditor"]')).waitFor();
  assert.ok(await dialog.getByRole('group', { name: 'Permissions' }).getByLabel('Export reports').isChecked());
  assert.ok(await dialog.getByRole('group', { name: 'Role can access to' }).getByLabel('company').isChecked());
  await dialog.getByLabel('Role name').fill('auditors');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await page.getByText('Role updated successfully.').waitFor();
  await page.getByRole('cell', { name: 'auditors', exact: true }).waitFor();

  await page.getByRole('button', { name: 'Delete auditors' }).click();
  dialog = page.getByRole('dialog', { name: 'Delete Role' });
  await dialog.getByText('Do you want to delete the role?').waitFor();
  await dialog.getByRole('button', { name: 'YES' }).click();
  await page.getByText('Role deleted successfully.').waitFor();
  await page.getByRole('cell', { name: 'auditors', exact: true }).waitFor({ state: 'detached' });
});

test("built-in rows offer no Delete: the admin role may be edited, a catalogue permission neither edited nor deleted, one's own account not deleted", async () => {
  const { page, url } = e;
  await page.goto(`${url}/admin/roles?q=admin`);
  const adminRow = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'admin', exact: true }) });
  await adminRow.getByText('Built in').waitFor();
  assert.is(await adminRow.getByRole('button', { name: 'Edit admin' }).count(), 1);
  assert.is(await adminRow.getByRole('button', { name: 'Delete admin' }).count(), 0);
  assert.ok(await adminRow.getByRole('checkbox').isDisabled(), 'a built-in role cannot be selected for bulk delete');
  await page.goto(`${url}/admin/permissions?q=delete%20users`);
  const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Delete users', exact: true }) });
  await row.getByText('Built in').waitFor();
  assert.is(await row.getByRole('button').count(), 0, 'no Edit or Delete on a catalogue permission');
  assert.ok(await page.getByRole('checkbox', { name: 'Select all on this page' }).isDisabled(), 'nothing on the page can be selected');
  await page.goto(`${url}/admin/users?q=admin%40example.com`);
  const me = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'admin@example.com', exact: true }) });
  await me.getByText('You', { exact: true }).waitFor();
  assert.is(await me.getByRole('button', { name: /^Delete/ }).count(), 0, "no Delete on one's own account");
  assert.is(await me.getByRole('button', { name: /^Edit/ }).count(), 1);
});

test('a page is added, edited and deleted with the spec placeholders and texts', async () => {
  const { page, url } = e;
  await page.goto(`${url}/admin/pages`);
  await page.getByRole('button', { name: 'ADD Page' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add Page' });
  await dialog.getByPlaceholder('Enter title here').fill('About us');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await page.locator('.toast', { hasText: 'Please fill Content.' }).waitFor();
  await dialog.getByPlaceholder('Enter content here').fill('Who we are');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await page.getByText('Page created successfully.').waitFor();
  await page.getByRole('cell', { name: 'About us', exact: true }).waitFor();

  await page.getByRole('button', { name: 'Edit About us' }).click();
  dialog = page.getByRole('dialog', { name: 'Edit Page' });
  await page.waitForFunction(() => (document.querySelector('.modal textarea') as HTMLTextAreaElement | null)?.value === 'Who we are');
  await dialog.getByLabel('Title').fill('About');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await page.getByText('Page updated successfully.').waitFor();
  await page.getByRole('cell', { name: 'About', exact: true }).waitFor();

  await page.getByRole('button', { name: 'Delete About' }).click();
  dialog = page.getByRole('dialog', { name: 'Delete Page' });
  await dialog.getByText('Do you want to delete the page?').waitFor();
  await dialog.getByRole('button', { name: 'YES' }).click();
  await page.getByText('Page deleted successfully.').waitFor();
  await page.getByText('No pages yet.').waitFor();
});

test('a menu is added (Close and Add), edited (Save changes) and shows in the sidebar after reload, then deleted', async () => {
  const { page, url } = e;
  await page.goto(`${url}/admin/adminmenus`);
  await page.getByRole('button', { name: 'ADD Menu' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add Menu' });
  assert.is(await dialog.getByLabel('Status').inputValue(), '2');
  assert.equal(await dialog.getByLabel('Status').locator('option').allInnerTexts(), ['Select', 'Inactive', 'Active']);
  await dialog.getByText('Close', { exact: true }).waitFor();
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await page.locator('.toast', { hasText: 'Please fill Menu title.' }).waitFor();
  await dialog.getByLabel('Title').fill('Static pages');
  await dialog.getByLabel('URL').fill('/admin/pages');
  await dialog.getByLabel('Status').selectOption('1');
  await dialog.getByLabel('admin').check();
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await page.getByText('Added successfully').waitFor();
  await page.getByRole('cell', { name: 'Static pages', exact: true }).waitFor();

  await page.reload();
  await page.locator('.sidebar .menu a', { hasText: 'Static pages' }).waitFor();

  await page.getByRole('button', { name: 'Edit Static pages' }).click();
  dialog = page.getByRole('dialog', { name: 'Edit Menu' });
  await page.waitForFunction(() => (document.querySelector('.modal input[name=title]') as HTMLInputElement | null)?.value === 'Static pages');
  assert.is(await dialog.getByLabel('Status').inputValue(), '1');
  assert.ok(await dialog.getByLabel('admin').isChecked());
  await dialog.getByLabel('Title').fill('Content pages');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await page.getByText('Menu updated successfully.').waitFor();
  await page.reload();
  await page.locator('.sidebar .menu a', { hasText: 'Content pages' }).waitFor();
  assert.is(await page.locator('.sidebar .menu a', { hasText: 'Static pages' }).count(), 0);

  // Opening Add after Edit starts from the empty form again.
  await page.getByRole('button', { name: 'ADD Menu' }).click();
  dialog = page.getByRole('dialog', { name: 'Add Menu' });
  assert.is(await dialog.getByLabel('Title').inputValue(), '');
  assert.is(await dialog.getByLabel('Status').inputValue(), '2');
  assert.is(await dialog.locator('input[type=checkbox]:checked').count(), 0);
  await dialog.getByText('Close', { exact: true }).click();

  await page.getByRole('button', { name: 'Delete Content pages' }).click();
  dialog = page.getByRole('dialog', { name: 'Delete Menu' });
  await dialog.getByText('Do you want to delete the menu?').waitFor();
  await dialog.getByRole('button', { name: 'YES' }).click();
  await page.getByText('Menu deleted successfully.').waitFor();
  await page.reload();
  await page.locator('.sidebar .menu a', { hasText: 'Pages' }).first().waitFor();
  assert.is(await page.locator('.sidebar .menu a', { hasText: 'Content pages' }).count(), 0);
  assert.equal(e.errors, []);
});

test.run();
