import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApi, type TestApi } from './harness.ts';
import { makeUser, permissionIds, roleId, tokenFor } from './admin-helpers.ts';

/** "No one grants what it does not hold" (DESIGN.md §3): every escalation path answers 403. */
let api: TestApi;
let admin: string;
test.before(async () => {
  api = await startTestApi();
  admin = await api.login();
});
test.after(async () => {
  await api.stop();
});

const menus = async () =>
  (await api.call('GET', 'adminmenu?page=1', { token: admin })).body.data.data as {
    id: number;
    title: string;
    url: string;
    status: number;
    roles: { id: number }[];
  }[];

test('a Menus-only user cannot attach the Roles, Users, Organizers or Settings menus to its own role', async () => {
  const me = await tokenFor(api, admin, ['adminmenus']);
  for (const m of (await menus()).filter((x) => ['/admin/roles', '/admin/users', '/admin/organizers', '/admin/settings'].includes(x.url))) {
    const r = await api.call('PUT', `adminmenu/${m.id}`, {
      token: me.token,
      form: { title: m.title, url: m.url, status: '1', roles: JSON.stringify([...m.roles.map((x) => x.id), me.roleId]) },
    });
    assert.is(r.status, 403, m.url);
    assert.is(r.body.status, 'forbidden');
    assert.match(r.body.message, /own role/);
  }
  const created = await api.call('POST', 'adminmenu', { token: me.token, form: { title: 'Mine', url: '/admin/roles', status: '1', roles: `[${me.roleId}]` } });
  assert.is(created.status, 403);
  assert.is((await api.call('GET', 'route/check?route=roles', { token: me.token })).body.data, false);
});

test('a Menus-only user cannot give another role a screen it cannot open itself, nor repoint its own menu', async () => {
  const me = await tokenFor(api, admin, ['adminmenus']);
  const other = (await tokenFor(api, admin, [])).roleId;
  const r = await api.call('POST', 'adminmenu', { token: me.token, form: { title: 'Roles too', url: '/admin/roles', status: '1', roles: `[${other}]` } });
  assert.is(r.status, 403);
  assert.match(r.body.message, /do not hold/);
  const mine = (await menus()).find((m) => m.roles.some((x) => x.id === me.roleId))!;
  const moved = await api.call('PUT', `adminmenu/${mine.id}`, {
    token: me.token,
    form: { title: mine.title, url: '/admin/roles', status: '1', roles: `[${me.roleId}]` },
  });
  assert.is(moved.status, 403);
  // Giving a screen it holds itself to another role stays allowed.
  const ok = await api.call('POST', 'adminmenu', { token: me.token, form: { title: 'Menus too', url: '/admin/adminmenus', status: '1', roles: `[${other}]` } });
  assert.is(ok.status, 200);
});

test('a Roles-screen user cannot add admin to its access list, change its own grants, or create an admin user', async () => {
  const me = await tokenFor(api, admin, ['roles', 'users']);
  const adminRole = await roleId(api, admin, 'admin');
  const own = (await api.call('GET', `role/${me.roleId}`, { token: admin })).body.data;
  const form = (access: number[], perms = own.permissions.map((p: { id: number }) => p.id)) => ({
    name: own.name,
    permissions: JSON.stringify(perms),
    roles: JSON.stringify(access),
  });
  const withAdmin = await api.call('PUT', `role/${me.roleId}`, { token: me.token, form: form([adminRole]) });
  assert.is(withAdmin.status, 403);
  assert.match(withAdmin.body.message, /admin role/);
  const other = await api.call('POST', 'role', { token: me.token, form: { name: 'sneaky', permissions: '[]', roles: `[${adminRole}]` } });
  assert.is(other.status, 403);
  const widen = await api.call('PUT', `role/${me.roleId}`, {
    token: me.token,
    form: form([], [...own.permissions.map((p: { id: number }) => p.id), ...(await permissionIds(api, admin, ['settings.edit']))]),
  });
  assert.is(widen.status, 403);
  assert.match(widen.body.message, /own role/);
  const user = await api.call('POST', 'user', {
    token: me.token,
    form: { name: 'Boss', email: 'boss@example.com', password: 'Passw0rd!x', role: String(adminRole) },
  });
  assert.is(user.status, 403);
  assert.is((await api.call('GET', `role/${me.roleId}`, { token: admin })).body.data.accessroles.length, 0);
});

test('a non-admin cannot give another role a permission or access role it does not hold', async () => {
  const me = await tokenFor(api, admin, ['roles']);
  const target = (await tokenFor(api, admin, [])).roleId;
  const settingsEdit = await permissionIds(api, admin, ['settings.edit']);
  const r = await api.call('POST', 'role', { token: me.token, form: { name: 'grantee', permissions: JSON.stringify(settingsEdit), roles: '[]' } });
  assert.is(r.status, 403);
  assert.match(r.body.message, /permission you do not hold/);
  const a = await api.call('PUT', `role/${target}`, { token: me.token, form: { name: `t-${target}`, permissions: '[]', roles: `[${target}]` } });
  assert.is(a.status, 403);
  const mine = await permissionIds(api, admin, ['roles.view']);
  assert.is((await api.call('POST', 'role', { token: me.token, form: { name: 'fine', permissions: JSON.stringify(mine), roles: '[]' } })).status, 200);
});

test('a non-admin cannot change its own role', async () => {
  const helper = (await tokenFor(api, admin, [])).roleId;
  const me = await tokenFor(api, admin, ['users'], [], ['users.view', 'users.edit']);
  await api.call('PUT', `role/${me.roleId}`, {
    token: admin,
    form: {
      name: `r-${me.roleId}`,
      permissions: JSON.stringify(await permissionIds(api, admin, ['users.view', 'users.edit'])),
      roles: JSON.stringify([me.roleId, helper]),
    },
  });
  const self = (await api.call('GET', `user/${me.userId}`, { token: me.token })).body.data;
  const r = await api.call('PUT', `user/${me.userId}`, { token: me.token, form: { name: self.name, email: self.email, role: String(helper) } });
  assert.is(r.status, 403);
  assert.match(r.body.message, /own role/);
  assert.is(
    (await api.call('PUT', `user/${me.userId}`, { token: me.token, form: { name: 'Renamed', email: self.email, role: String(me.roleId) } })).status,
    200,
  );
});

test('the last admin can be neither deleted nor demoted', async () => {
  const adminRole = await roleId(api, admin, 'admin');
  const other = (await tokenFor(api, admin, [])).roleId;
  const me = (await api.call('GET', 'user/get', { token: admin })).body.data;
  const demote = await api.call('PUT', `user/${me.id}`, { token: admin, form: { name: me.name, email: me.email, role: String(other) } });
  assert.is(demote.status, 403);
  assert.match(demote.body.message, /last administrator/);
  const second = await makeUser(api, admin, adminRole);
  const token2 = await api.login(second.email, second.password);
  assert.is((await api.call('DELETE', `user/${me.id}`, { token: token2 })).status, 200);
  const last = await api.call('DELETE', `user/${second.id}`, { token: token2 });
  assert.is(last.status, 409); // its own account
  admin = token2;
});

test('support (View users + Edit users) gets 403 on create, delete and import, and may still edit', async () => {
  const me = await tokenFor(api, admin, ['users'], [], ['users.view', 'users.edit']);
  await api.call('PUT', `role/${me.roleId}`, {
    token: admin,
    form: { name: `s-${me.roleId}`, permissions: JSON.stringify(await permissionIds(api, admin, ['users.view', 'users.edit'])), roles: `[${me.roleId}]` },
  });
  const peer = await makeUser(api, admin, me.roleId);
  const create = await api.call('POST', 'user', {
    token: me.token,
    form: { name: 'New', email: 'new-one@example.com', password: 'Passw0rd!x', role: String(me.roleId) },
  });
  assert.is(create.status, 403);
  assert.match(create.body.message, /create users/);
  assert.is((await api.call('DELETE', `user/${peer.id}`, { token: me.token })).status, 403);
  const file = new Blob(['name,email,password,role\nA,a-imp@example.com,Passw0rd!x,x\n'], { type: 'text/csv' });
  assert.is((await api.call('POST', 'user/import', { token: me.token, form: { file: new File([file], 'u.csv') } })).status, 403);
  assert.is((await api.call('GET', 'user?page=1', { token: me.token })).status, 200);
  assert.is((await api.call('PUT', `user/${peer.id}`, { token: me.token, form: { name: 'Peer', email: peer.email, role: String(me.roleId) } })).status, 200);
  const abilities = (await api.call('GET', 'user/get', { token: me.token })).body.data.abilities;
  assert.equal(abilities, ['users.edit', 'users.view']);
});

test('seeded permissions can be neither renamed nor deleted, nor copied by name', async () => {
  const all = (await api.call('GET', 'permission', { token: admin })).body.data as { id: number; name: string }[];
  const seeded = all.find((p) => p.name === 'Delete users')!;
  const rename = await api.call('PUT', `permission/${seeded.id}`, { token: admin, form: { name: 'Anything' } });
  assert.is(rename.status, 403);
  assert.match(rename.body.message, /cannot be renamed/);
  assert.is((await api.call('DELETE', `permission/${seeded.id}`, { token: admin })).status, 403);
  assert.is((await api.call('POST', 'permission', { token: admin, form: { name: 'delete users' } })).status, 422);
});

test("the Role form's Screens: a non-admin cannot give a menu it does not hold, nor change its own role's or admin's menus", async () => {
  const me = await tokenFor(api, admin, ['roles', 'users']);
  const all = await menus();
  const rolesMenu = all.find((m) => m.url === '/admin/roles')!;
  const settingsMenu = all.find((m) => m.url === '/admin/settings')!;
  const usersMenu = all.find((m) => m.url === '/admin/users')!;
  const viewUsers = await permissionIds(api, admin, ['users.view']);
  const grantable = (await api.call('GET', 'role/menus', { token: me.token })).body.data as { id: number; grantable: boolean }[];
  assert.is(grantable.find((m) => m.id === settingsMenu.id)!.grantable, false);
  assert.is(grantable.find((m) => m.id === usersMenu.id)!.grantable, true);
  const create = (name: string, menuIds: number[]) =>
    api.call('POST', 'role', { token: me.token, form: { name, permissions: JSON.stringify(viewUsers), roles: '[]', menus: JSON.stringify(menuIds) } });
  const refused = await create('screens-too-many', [usersMenu.id, settingsMenu.id]);
  assert.is(refused.status, 403);
  assert.match(refused.body.message, /menu you do not hold/);
  // Nothing half-written: the refused role does not exist.
  assert.is((await api.call('GET', 'role?page=1&q=screens-too-many', { token: admin })).body.data.total, 0);
  const made = await create('screens-ok', [usersMenu.id]);
  assert.is(made.status, 200);
  // A permission it does not hold, with a screen it does: refused as before.
  const del = await api.call('POST', 'role', {
    token: me.token,
    form: {
      name: 'perm-too-many',
      permissions: JSON.stringify(await permissionIds(api, admin, ['settings.edit'])),
      roles: '[]',
      menus: JSON.stringify([usersMenu.id]),
    },
  });
  assert.is(del.status, 403);
  const own = (await api.call('GET', `role/${me.roleId}`, { token: admin })).body.data;
  const ownMenus = (await api.call('GET', `role/${me.roleId}/menus`, { token: admin })).body.data.map((m: { id: number }) => m.id);
  const ownForm = (menuIds: number[]) => ({
    name: own.name,
    permissions: JSON.stringify(own.permissions.map((p: { id: number }) => p.id)),
    roles: '[]',
    menus: JSON.stringify(menuIds),
  });
  const dropOwn = await api.call('PUT', `role/${me.roleId}`, { token: me.token, form: ownForm([]) });
  assert.is(dropOwn.status, 403);
  assert.match(dropOwn.body.message, /own role/);
  assert.is((await api.call('PUT', `role/${me.roleId}`, { token: me.token, form: ownForm(ownMenus) })).status, 200);
  const adminRole = await roleId(api, admin, 'admin');
  const a = (await api.call('GET', `role/${adminRole}`, { token: admin })).body.data;
  const adminMenus = (await api.call('GET', `role/${adminRole}/menus`, { token: admin })).body.data.map((m: { id: number }) => m.id);
  const strip = await api.call('PUT', `role/${adminRole}`, {
    token: me.token,
    form: {
      name: 'admin',
      permissions: JSON.stringify(a.permissions.map((p: { id: number }) => p.id)),
      roles: '[]',
      menus: JSON.stringify(adminMenus.filter((id: number) => id !== rolesMenu.id)),
    },
  });
  assert.is(strip.status, 403);
  assert.is((await api.call('GET', `role/${adminRole}/menus`, { token: admin })).body.data.length, adminMenus.length);
});

test.run();
