import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ABILITIES } from '../../src/common/abilities.ts';
import { startTestApi, type TestApi } from './harness.ts';
import { hashPassword } from '../../server/lib/auth/passwords.ts';
import * as seed from '../../server/db/queries/seed.ts';
import * as users from '../../server/db/queries/users.ts';
import * as menus from '../../server/db/queries/menus.ts';

let api: TestApi;
let token: string;
test.before(async () => {
  api = await startTestApi();
  token = await api.login();
});
test.after(async () => {
  await api.stop();
});

test('a paged list answers the Laravel paginator shape, 10 a page, after the seeded catalogue', async () => {
  const seeded = ABILITIES.length;
  for (let i = 1; i <= 25; i++) await api.call('POST', 'permission', { token, form: { name: `perm ${String(i).padStart(2, '0')}` } });
  const p1 = await api.call('GET', 'permission?page=1', { token });
  assert.is(p1.body.status, 'success');
  const { current_page, per_page, total, last_page, data } = p1.body.data;
  const total25 = seeded + 25;
  assert.equal({ current_page, per_page, total, last_page }, { current_page: 1, per_page: 10, total: total25, last_page: Math.ceil(total25 / 10) });
  assert.is(data.length, 10);
  assert.is(data[0].name, ABILITIES[0].name);
  const last = await api.call('GET', `permission?page=${Math.ceil(total25 / 10)}`, { token });
  assert.equal(last.body.data.data.map((p: { name: string }) => p.name).slice(-3), ['perm 23', 'perm 24', 'perm 25']);
});

test('without a page the full array is answered (the Roles checklist)', async () => {
  const r = await api.call('GET', 'permission', { token });
  assert.ok(Array.isArray(r.body.data));
  assert.ok(r.body.data.length >= 25);
});

test('create, read, update and delete a permission', async () => {
  const created = await api.call('POST', 'permission', { token, form: { name: 'View reports' } });
  assert.is(created.status, 200);
  const id = created.body.data.id;
  assert.is((await api.call('GET', `permission/${id}`, { token })).body.data.name, 'View reports');
  const upd = await api.call('PUT', `permission/${id}`, { token, form: { name: 'View all reports' } });
  assert.is(upd.body.message, 'Permission updated successfully.');
  assert.is((await api.call('GET', `permission/${id}`, { token })).body.data.name, 'View all reports');
  const del = await api.call('DELETE', `permission/${id}`, { token });
  assert.is(del.body.status, 'success');
  assert.is((await api.call('GET', `permission/${id}`, { token })).status, 404);
});

test('an empty or whitespace name answers validation_error with the errors map and writes nothing', async () => {
  const before = (await api.call('GET', 'permission', { token })).body.data.length;
  for (const name of ['', '   ']) {
    const r = await api.call('POST', 'permission', { token, form: { name } });
    assert.is(r.status, 422);
    assert.is(r.body.status, 'validation_error');
    assert.equal(r.body.errors, { name: ['The name field is required.'] });
  }
  assert.is((await api.call('GET', 'permission', { token })).body.data.length, before);
});

test('names that look like SQL or markup are stored and returned verbatim', async () => {
  const names = ["'); DROP TABLE permissions;--", '<img src=x onerror=alert(1)>'];
  for (const name of names) {
    const r = await api.call('POST', 'permission', { token, form: { name } });
    assert.is((await api.call('GET', `permission/${r.body.data.id}`, { token })).body.data.name, name);
  }
  assert.ok((await api.call('GET', 'permission', { token })).body.data.length > 2, 'the table is still there');
});

test('updating or deleting an unknown permission answers 404', async () => {
  assert.is((await api.call('PUT', 'permission/999999', { token, form: { name: 'x' } })).status, 404);
  assert.is((await api.call('DELETE', 'permission/999999', { token })).status, 404);
});

test('without a token every permission call is 401', async () => {
  assert.is((await api.call('GET', 'permission?page=1')).status, 401);
  assert.is((await api.call('POST', 'permission', { form: { name: 'x' } })).status, 401);
});

test('a role without the Permissions menu is refused with 403 and route/check says false', async () => {
  const roleId = await seed.insertRole(api.sql, 'pages-only');
  await menus.createMenu(api.sql, { title: 'Pages', url: '/admin/pages', status: 1, roleIds: [roleId] });
  await users.insertUser(api.sql, { name: 'Pat', email: 'pat@example.com', passwordHash: await hashPassword('Pat-pass-1'), roleId });
  const pat = await api.login('pat@example.com', 'Pat-pass-1');
  const r = await api.call('GET', 'permission?page=1', { token: pat });
  assert.is(r.status, 403);
  assert.is(r.body.status, 'forbidden');
  assert.is((await api.call('POST', 'permission', { token: pat, form: { name: 'x' } })).status, 403);
  assert.is((await api.call('GET', 'route/check?route=permissions', { token: pat })).body.data, false);
  assert.is((await api.call('GET', 'route/check?route=pages', { token: pat })).body.data, true);
});

test('an inactive menu grants nothing', async () => {
  const roleId = await seed.insertRole(api.sql, 'inactive-menu');
  await menus.createMenu(api.sql, { title: 'Permissions', url: '/admin/permissions', status: 0, roleIds: [roleId] });
  await users.insertUser(api.sql, { name: 'Ina', email: 'ina@example.com', passwordHash: await hashPassword('Ina-pass-1'), roleId });
  const ina = await api.login('ina@example.com', 'Ina-pass-1');
  assert.is((await api.call('GET', 'permission?page=1', { token: ina })).status, 403);
  assert.equal((await api.call('GET', 'user/getmenu', { token: ina })).body.data.live_adminmenus, []);
});

test.run();
