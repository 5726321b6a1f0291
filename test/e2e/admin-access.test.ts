import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { startE2E, signIn, type E2E } from './harness.ts';
import { abilitiesOfScreens, permissionIds } from '../api/admin-helpers.ts';
import { openPassword } from '../../server/lib/mail/smtp-password.ts';

/** Access rules, Organizers and Settings end to end (admin-area §2, §6, §8; DESIGN.md §3). */
let e: E2E;
let admin: string;
test.before(async () => {
  e = await startE2E();
  admin = await e.api.login();
});
test.after(async () => {
  await e.stop();
});

/** A fresh browser session (its own storage), signed in as `email`. */
async function sessionAs(email: string, password: string): Promise<Page> {
  const ctx = await e.browser.newContext({ viewport: { width: 1280, height: 860 } });
  const page = await ctx.newPage();
  page.setDefaultTimeout(10_000);
  page.on('pageerror', (err) => e.errors.push(err.message));
  await signIn(page, e.url, email, password);
  return page;
}

/** A role whose only active menus point at `screens`, holding those screens' abilities, and a user holding it. */
async function roleUser(name: string, screens: string[]) {
  const permissions = JSON.stringify(await permissionIds(e.api, admin, abilitiesOfScreens(screens)));
  const role = await e.api.call('POST', 'role', { token: admin, form: { name, permissions, roles: '[]' } });
  const id = role.body.data.id;
  await e.api.call('PUT', `role/${id}`, { token: admin, form: { name, permissions, roles: `[${id}]` } });
  const menus: number[] = [];
  for (const s of screens) {
    const m = await e.api.call('POST', 'adminmenu', { token: admin, form: { title: `${name} ${s}`, url: `/admin/${s}`, status: '1', roles: `[${id}]` } });
    menus.push(m.body.data.id);
  }
  const email = `${name}@example.com`;
  await e.api.call('POST', 'user', { token: admin, form: { name: `${name} user`, email, password: 'Passw0rd!', role: String(id) } });
  return { email, password: 'Passw0rd!', menus };
}

test('a role whose only menu is Users sees only Users and is refused elsewhere by route/check and by the API', async () => {
  const u = await roleUser('support', ['users']);
  const page = await sessionAs(u.email, u.password);
  await page.locator('.sidebar .menu a', { hasText: 'support users' }).waitFor();
  assert.equal(await page.locator('.sidebar .menu a').allInnerTexts(), ['Dashboard', 'support users']);
  await page.locator('.sidebar .menu a', { hasText: 'support users' }).click();
  await page.getByRole('heading', { name: 'Users' }).waitFor();
  await page.getByRole('cell', { name: 'support@example.com' }).waitFor();

  for (const screen of ['roles', 'pages', 'adminmenus', 'settings', 'organizers', 'permissions']) {
    await page.goto(`${e.url}/admin/${screen}`);
    await page.waitForURL(`${e.url}/admin`);
  }
  // A plain loop: tsx would wrap a named inner function in a helper the page does not have.
  const statuses = await page.evaluate(
    async (paths) => {
      const token = sessionStorage.getItem('token') ?? localStorage.getItem('token');
      const out: Record<string, number> = {};
      for (const p of paths) out[p] = (await fetch(`/api/${p}`, { headers: { Authorization: `Bearer ${token}` } })).status;
      return out;
    },
    ['user?page=1', 'page?page=1', 'settings/company', 'organiser?page=1'],
  );
  assert.equal(statuses, { 'user?page=1': 200, 'page?page=1': 403, 'settings/company': 403, 'organiser?page=1': 403 });
  await page.context().close();
});

test('an organiser user lands on its own console and never sees the admin area', async () => {
  const r = await e.api.call('POST', 'organiser', {
    token: admin,
    form: { name: 'Harbour Runs', email: 'harbour@example.com', phone: '1', password: 'Org-pass1', status: '1' },
  });
  const id = r.body.data.id;
  const page = await sessionAs('harbour@example.com', 'Org-pass1');
  await page.waitForURL(`${e.url}/admin/organizer/${id}`);
  for (const p of ['/admin', '/admin/users', '/admin/organizers']) {
    await page.goto(`${e.url}${p}`);
    await page.waitForURL((u) => u.pathname.startsWith(`/admin/organizer/${id}`));
    assert.is(await page.locator('.sidebar .menu a', { hasText: 'Organizers' }).count(), 0);
    assert.is(await page.getByRole('link', { name: 'Back to Admin' }).count(), 0);
  }
  await page.context().close();
});

test('Add Organizer: invalid form shows the generic toast; a valid one is listed Active; a Forbidden answer shows the server message', async () => {
  const u = await roleUser('orgdesk', ['organizers']);
  const page = await sessionAs(u.email, u.password);
  await page.goto(`${e.url}/admin/organizers`);
  await page.getByRole('button', { name: 'Add Organizer' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add Organizer' });
  await dialog.getByLabel('Name').fill('Lake Swim');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await page.getByText('Please check the details you entered and try again.').waitFor();
  await dialog.getByLabel('Email').fill('lake@example.com');
  await dialog.getByLabel('Phone').fill('5550101');
  await dialog.getByLabel('Password').fill('Lake-pass1');
  await dialog.getByLabel('Description').fill('Open water swims');
  await dialog.getByLabel('Status').selectOption('1');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await page.getByText('Organizer created successfully.').waitFor();
  await page.getByRole('row').filter({ hasText: 'Lake Swim' }).getByText('Active', { exact: true }).waitFor();

  // The menu is taken away while the screen is open: the server refuses and says why.
  for (const m of u.menus) await e.api.call('DELETE', `adminmenu/${m}`, { token: admin });
  await page.getByRole('button', { name: 'Add Organizer' }).click();
  dialog = page.getByRole('dialog', { name: 'Add Organizer' });
  await dialog.getByLabel('Name').fill('Late Org');
  await dialog.getByLabel('Email').fill('late@example.com');
  await dialog.getByLabel('Password').fill('Late-pass1');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await page.locator('.toast', { hasText: 'You are not allowed to do this.' }).waitFor();
  assert.ok(await dialog.isVisible(), 'nothing typed is lost');
  await page.context().close();
});

test('the organiser name link stores the company id and name and opens its console; delete asks and confirms', async () => {
  const page = e.page;
  await signIn(page, e.url);
  await e.api.call('POST', 'organiser', { token: admin, form: { name: 'Delete Me', email: 'deleteme@example.com', password: 'Org-pass1', status: '0' } });
  await page.goto(`${e.url}/admin/organizers`);
  await page.getByRole('row').filter({ hasText: 'Delete Me' }).getByText('In-Active', { exact: true }).waitFor();
  const lake = (await e.api.call('GET', 'organiser?page=1', { token: admin })).body.data.data.find((o: { name: string }) => o.name === 'Lake Swim');
  await page.getByRole('link', { name: 'Lake Swim' }).click();
  await page.waitForURL(`${e.url}/admin/organizer/${lake.id}`);
  const stored = await page.evaluate(() => [
    sessionStorage.getItem('companyid') ?? localStorage.getItem('companyid'),
    sessionStorage.getItem('company_name') ?? localStorage.getItem('company_name'),
  ]);
  assert.equal(stored, [String(lake.id), 'Lake Swim']);

  await page.goto(`${e.url}/admin/organizers`);
  await page.getByRole('button', { name: 'Delete Delete Me' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Organizer' });
  await dialog.getByText('Are you sure that you want to delete this organizer ?').waitFor();
  await dialog.getByText('Delete the organizer Delete Me?').waitFor();
  assert.ok(await dialog.getByRole('button', { name: 'YES' }).isDisabled(), 'YES waits for the name');
  await dialog.getByLabel('Type Delete Me to confirm').fill('Delete Me');
  await dialog.getByRole('button', { name: 'YES' }).click();
  await page.getByText('Organizer deleted successfully').waitFor();
  await page.getByRole('link', { name: 'Delete Me' }).waitFor({ state: 'detached' });
});

test('settings: company and e-mail tabs save; the SMTP password is never shown and a blank one keeps it', async () => {
  const page = e.page;
  await page.goto(`${e.url}/admin/settings`);
  await page.getByRole('tab', { name: 'Email' }).waitFor();
  await page.getByLabel('Name').fill('Events Ltd');
  await page.getByLabel('Primary mail').fill('info@events.example');
  assert.is(await page.getByLabel('Primary mail').getAttribute('type'), 'email');
  await page.getByLabel('Address').fill('1 Main St\nTown');
  await page.getByRole('tab', { name: 'Email' }).click();
  assert.is(await page.getByLabel('SMTP Email').getAttribute('type'), 'email');
  await page.getByLabel('SMTP Server').fill('smtp.events.example');
  await page.getByLabel('SMTP Password').fill('Mail-secret1');
  await page.getByLabel('SMTP Port').fill('587');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await page.getByText('Settings updated successfully.').waitFor();
  // Stored sealed (docs/security.md "SMTP password"), never as typed.
  const sealed = (await e.api.sql.get<{ smtp_password: string }>('SELECT smtp_password FROM email_settings'))!.smtp_password;
  assert.match(sealed, /^v1\./);
  assert.is(openPassword(e.api.config.twoStepKey, sealed), 'Mail-secret1');

  await page.reload();
  await page.getByRole('tab', { name: 'Email' }).click();
  await page.waitForFunction(() => (document.querySelector('input[name=smtp_server]') as HTMLInputElement | null)?.value === 'smtp.events.example');
  assert.is(await page.getByLabel('SMTP Password').inputValue(), '');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await page.getByText('Settings updated successfully.').waitFor();
  const row = await e.api.sql.get<{ smtp_password: string }>('SELECT smtp_password FROM email_settings');
  assert.is(row!.smtp_password, sealed, 'the blank field kept the stored password as it was');
  assert.is((await e.api.call('GET', 'settings/company', { token: admin })).body.data.address, '1 Main St\nTown');
  assert.equal(e.errors, []);
});

test.run();
