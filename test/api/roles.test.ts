import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApi, type TestApi } from './harness.ts';
import { isPaginator, makeRole, makeUser, permissionIds, roleId, tokenFor } from './admin-helpers.ts';

let api: TestApi;
let admin: string;
test.before(async () => {
  api = await startTestApi();
  admin = await api.login();
});
test.after(async () => {
  await api.stop();
});

test('every role call is 401 without a token', async () => {
  for (const [m, p] of [
    ['GET', 'role'],
    ['GET', 'role?page=1'],
    ['GET', 'role/1'],
    ['POST', 'role'],
    ['PUT', 'role/1'],
    ['DELETE', 'role/1'],
  ]) {
    const r = await api.call(m, p);
    assert.is(r.status, 401, `${m} ${p}`);
    assert.is(r.body.status, 'error');
  }
});

test('a role without the Roles menu gets 403 on the Roles screen calls', async () => {
  const { token } = await tokenFor(api, admin, ['pages']);
  for (const [m, p] of [
    ['GET', 'role'],
    ['GET', 'role?page=1'],
    ['GET', 'role/1'],
    ['POST', 'role'],
    ['PUT', 'role/1'],
    ['DELETE', 'role/1'],
  ]) {
    const r = await api.call(m, p, { token, form: m === 'GET' ? undefined : { name: 'x' } });
    assert.is(r.status, 403, `${m} ${p}`);
    assert.is(r.body.status, 'forbidden');
  }
});

test('the full role list (no page) is open to the Users and Menus screens, the paged list only to Roles', async () => {
  for (const screen of ['users', 'adminmenus']) {
    const { token } = await tokenFor(api, admin, [screen]);
    const all = await api.call('GET', 'role', { token });
    assert.is(all.status, 200, screen);
    assert.ok(Array.isArray(all.body.data));
    assert.is((await api.call('GET', 'role?page=1', { token })).status, 403, screen);
  }
});

test('GET role?page answers the paginator shape; GET role without page answers every role', async () => {
  const paged = await api.call('GET', 'role?page=1', { token: admin });
  assert.ok(isPaginator(paged.body.data));
  assert.is(paged.body.data.per_page, 10);
  const all = await api.call('GET', 'role', { token: admin });
  assert.is(all.body.data.length, paged.body.data.total);
  assert.ok(all.body.data.some((r: { name: string }) => r.name === 'admin'));
});

test('a role is created with permissions and access roles from JSON id lists and read back with names', async () => {
  const p = await api.call('POST', 'permission', { token: admin, form: { name: 'Export reports' } });
  const company = await roleId(api, admin, 'company');
  const r = await api.call('POST', 'role', { token: admin, form: { name: 'auditor', permissions: `[${p.body.data.id}]`, roles: `[${company}]` } });
  assert.is(r.status, 200);
  assert.is(r.body.message, 'Role created successfully.');
  const got = await api.call('GET', `role/${r.body.data.id}`, { token: admin });
  assert.equal(got.body.data, {
    id: r.body.data.id,
    name: 'auditor',
    permissions: [{ id: p.body.data.id, name: 'Export reports' }],
    accessroles: [{ id: company, name: 'company' }],
    require_two_step: false,
    members_without_two_step: 0,
  });
});

test('PUT role replaces its name and both lists', async () => {
  const id = await makeRole(api, admin, { name: 'temp-role', access: [2] });
  const r = await api.call('PUT', `role/${id}`, { token: admin, form: { name: 'renamed-role', permissions: '[]', roles: '[]' } });
  assert.is(r.status, 200);
  assert.is(r.body.message, 'Role updated successfully.');
  const got = (await api.call('GET', `role/${id}`, { token: admin })).body.data;
  assert.is(got.name, 'renamed-role');
  assert.equal(got.accessroles, []);
});

test('role validation: name required and unique, id lists must be JSON lists of known ids', async () => {
  const blank = await api.call('POST', 'role', { token: admin, form: { name: '  ', permissions: '[]', roles: '[]' } });
  assert.is(blank.status, 422);
  assert.is(blank.body.status, 'validation_error');
  assert.equal(blank.body.errors.name, ['The role name field is required.']);
  const dup = await api.call('POST', 'role', { token: admin, form: { name: 'ADMIN', permissions: '[]', roles: '[]' } });
  assert.equal(dup.body.errors.name, ['The role name has already been taken.']);
  const bad = await api.call('POST', 'role', { token: admin, form: { name: 'x1', permissions: 'not json', roles: '[1]' } });
  assert.equal(bad.body.errors.permissions, ['The permissions must be a JSON list of ids.']);
  const unknown = await api.call('POST', 'role', { token: admin, form: { name: 'x1', permissions: '[]', roles: '[99999]' } });
  assert.equal(unknown.body.errors, { roles: ['The selected roles is invalid.'] });
  assert.is((await api.call('GET', 'role', { token: admin })).body.data.filter((r: { name: string }) => r.name === 'x1').length, 0);
});

test('DELETE role removes it; admin and company cannot be deleted or renamed; unknown ids are 404', async () => {
  const id = await makeRole(api, admin);
  const del = await api.call('DELETE', `role/${id}`, { token: admin });
  assert.is(del.body.message, 'Role deleted successfully.');
  assert.is((await api.call('GET', `role/${id}`, { token: admin })).status, 404);
  const adminId = await roleId(api, admin, 'admin');
  assert.is((await api.call('DELETE', `role/${adminId}`, { token: admin })).status, 409);
  assert.is((await api.call('PUT', `role/${adminId}`, { token: admin, form: { name: 'boss' } })).status, 422);
  assert.is((await api.call('DELETE', 'role/99999', { token: admin })).status, 404);
});

test('a company user gets 403 from the role calls', async () => {
  await api.call('POST', 'organiser', { token: admin, form: { name: 'Org R', email: 'org-r@example.com', password: 'Passw0rd!', status: '1' } });
  const token = await api.login('org-r@example.com', 'Passw0rd!');
  assert.is((await api.call('GET', 'role', { token })).status, 403);
});

test('a role is saved with its screens (admin menus) in one call, and its users open exactly those', async () => {
  const menus = (await api.call('GET', 'role/menus', { token: admin })).body.data as { id: number; url: string; status: number; grantable: boolean }[];
  const users = menus.find((m) => m.url === '/admin/users' && m.status === 1)!;
  const pages = menus.find((m) => m.url === '/admin/pages' && m.status === 1)!;
  assert.ok(menus.every((m) => m.grantable));
  const perms = await permissionIds(api, admin, ['users.view', 'users.create', 'users.edit']);
  const bad = await api.call('POST', 'role', {
    token: admin,
    form: { name: 'Users only', permissions: JSON.stringify(perms), roles: '[]', menus: '[999999]' },
  });
  assert.is(bad.status, 422);
  assert.ok(bad.body.errors.menus);
  const r = await api.call('POST', 'role', {
    token: admin,
    form: { name: 'Users only', permissions: JSON.stringify(perms), roles: '[]', menus: JSON.stringify([users.id]) },
  });
  assert.is(r.status, 200);
  const id = r.body.data.id as number;
  assert.equal(
    (await api.call('GET', `role/${id}/menus`, { token: admin })).body.data.map((m: { id: number }) => m.id),
    [users.id],
  );
  const u = await makeUser(api, admin, id);
  const token = await api.login(u.email, u.password);
  assert.is((await api.call('GET', 'route/check?route=users', { token })).body.data, true);
  assert.is((await api.call('GET', 'route/check?route=pages', { token })).body.data, false);
  // Edit: Screens replaced; a form without menus leaves them as they are.
  const form = { name: 'Users only', permissions: JSON.stringify(perms), roles: '[]' };
  assert.is((await api.call('PUT', `role/${id}`, { token: admin, form: { ...form, menus: JSON.stringify([users.id, pages.id]) } })).status, 200);
  assert.is((await api.call('PUT', `role/${id}`, { token: admin, form })).status, 200);
  assert.equal(
    (await api.call('GET', `role/${id}/menus`, { token: admin })).body.data.map((m: { id: number }) => m.id),
    [users.id, pages.id],
  );
  assert.is((await api.call('GET', 'route/check?route=pages', { token })).body.data, true);
});

test.run();
