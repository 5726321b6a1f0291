import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startE2E, signIn, type E2E } from './harness.ts';
import { makeRole, makeUser } from '../api/admin-helpers.ts';
import { SETTINGS_ABILITIES_HINT } from '../../src/common/mail-rules.ts';

/**
 * The Role form as one scrolling form: a screen × ability matrix with "All" per row, no inner
 * scroll boxes, Save in view at 1366×768, and a summary naming the roles whose users the role's
 * holders may manage. A role limited to Users that manages no role: its user reads what to ask
 * for instead of "0 users", and the Role filter offers only the roles it may see.
 */
let e: E2E;
test.before(async () => {
  e = await startE2E({ demo: true }, { width: 1366, height: 768 });
});
test.after(async () => {
  await e.stop();
});

const NO_ROLE_TO_MANAGE =
  'Your role may manage no users yet: ask an administrator to tick the roles it may manage under “Role can access to” on the Roles screen.';

test('the Role form: matrix with All per row, no inner scroll box, Save in view, managed roles named', async () => {
  const { page, url } = e;
  await signIn(page, url);
  await page.goto(`${url}/admin/roles`);
  await page.getByRole('button', { name: 'ADD Role' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Role' });
  const perms = dialog.getByRole('group', { name: 'Permissions' });
  await perms.getByRole('table').waitFor();
  await dialog.getByLabel('Require two-step sign-in').waitFor();
  await dialog.getByRole('group', { name: 'Role can access to' }).waitFor();
  // The settings abilities say what they do not reach, in the row right under Settings.
  const hint = perms
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: 'Settings' }) })
    .locator('xpath=following-sibling::tr[1]');
  assert.is(await hint.textContent(), SETTINGS_ABILITIES_HINT);
  const manages = dialog.locator('.role-manages');
  assert.is(await manages.innerText(), 'Its users may manage no users yet: tick roles below, under “Role can access to”.');

  // "All of Users" ticks the row's five; the summary follows.
  await perms.getByLabel('All of Users', { exact: true }).check();
  for (const p of ['View users', 'Create users', 'Edit users', 'Delete users', 'Import users'])
    assert.ok(await perms.getByLabel(p, { exact: true }).isChecked(), p);
  await perms.getByLabel('Delete users', { exact: true }).uncheck();
  assert.not.ok(await perms.getByLabel('All of Users', { exact: true }).isChecked());
  await dialog.getByRole('group', { name: 'Role can access to' }).getByLabel('support', { exact: true }).check();
  await dialog.getByRole('group', { name: 'Role can access to' }).getByLabel('editor', { exact: true }).check();
  assert.is(await manages.innerText(), 'Its users may manage users whose role is: editor, support.');

  // No box inside the form scrolls on its own; Save is in view without scrolling anything.
  const inner = await dialog.evaluate((d) =>
    [...d.querySelectorAll('*')]
      .filter((el) => {
        const s = getComputedStyle(el);
        return /(auto|scroll)/.test(s.overflowY) && el.scrollHeight > el.clientHeight + 1;
      })
      .map((el) => el.className),
  );
  assert.equal(inner, []);
  const save = await dialog.getByRole('button', { name: 'Save changes' }).boundingBox();
  assert.ok(save && save.y >= 0 && save.y + save.height <= 768, `Save at ${JSON.stringify(save)}`);
  assert.equal(e.errors, []);
});

test('a role limited to Users with no managed roles: its user reads what to ask for, not "0 users"; the Role filter offers only the roles it may see', async () => {
  const { page, url, api } = e;
  const admin = await api.login();
  const none = await makeRole(api, admin, { name: 'Users only', screens: ['users'], abilities: ['users.view'] });
  const u = await makeUser(api, admin, none);
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await signIn(page, url, u.email, u.password);
  await page.goto(`${url}/admin/users`);
  await page.getByText(NO_ROLE_TO_MANAGE, { exact: true }).waitFor();
  assert.is(await page.getByText('0 users').count(), 0);

  // A role managing only support: the filter offers All and support, nothing else.
  const roles = (await api.call('GET', 'role', { token: admin })).body.data as { id: number; name: string }[];
  const support = roles.find((r) => r.name === 'support')!.id;
  const some = await makeRole(api, admin, { name: 'Support desk', screens: ['users'], abilities: ['users.view'], access: [support] });
  const v = await makeUser(api, admin, some);
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await signIn(page, url, v.email, v.password);
  await page.goto(`${url}/admin/users`);
  await page.getByRole('row').filter({ hasText: 'Sam Support' }).first().waitFor();
  assert.equal(await page.getByRole('combobox', { name: 'Role', exact: true }).locator('option').allInnerTexts(), ['All', 'support']);
  assert.is(await page.getByText(NO_ROLE_TO_MANAGE).count(), 0);
  assert.equal(e.errors, []);
});

test.run();
