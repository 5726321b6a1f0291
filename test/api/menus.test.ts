import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApi, type TestApi } from './harness.ts';
import { isPaginator, makeRole, makeUser, tokenFor } from './admin-helpers.ts';

let api: TestApi;
let admin: string;
test.before(async () => {
  api = await startTestApi();
  admin = await api.login();
});
test.after(async () => {
  await api.stop();
});

const CALLS: [string, string][] = [
  ['GET', 'adminmenu?page=1'],
  ['GET', 'adminmenu/1'],
  ['POST', 'adminmenu'],
  ['PUT', 'adminmenu/1'],
  ['DELETE', 'adminmenu/1'],
];

test('every menu call is 401 without a token and 403 for a role without the Menus menu', async () => {
  const { token } = await tokenFor(api, admin, ['users']);
  for (const [m, p] of CALLS) {
    assert.is((await api.call(m, p)).status, 401, `${m} ${p}`);
    assert.is((await api.call(m, p, { token, form: m === 'GET' ? undefined : { title: 't' } })).status, 403, `${m} ${p}`);
  }
});

test('GET adminmenu?page answers the paginator with roles per menu', async () => {
  const r = await api.call('GET', 'adminmenu?page=1', { token: admin });
  assert.ok(isPaginator(r.body.data));
  const users = r.body.data.data.find((m: { url: string }) => m.url === '/admin/users');
  assert.is(users.status, 1);
  assert.is(users.roles[0].name, 'admin');
});

test('a menu is added, read back, edited and deleted; its roles come from a JSON id list', async () => {
  const role = await makeRole(api, admin);
  const add = await api.call('POST', 'adminmenu', { token: admin, form: { title: 'Reports', url: '/admin/reports', status: '0', roles: `[${role}]` } });
  assert.is(add.body.message, 'Menu created successfully.');
  const id = add.body.data.id;
  const got = (await api.call('GET', `adminmenu/${id}`, { token: admin })).body.data;
  assert.equal(
    { title: got.title, url: got.url, status: got.status, roles: got.roles.map((r: { id: number }) => r.id) },
    { title: 'Reports', url: '/admin/reports', status: 0, roles: [role] },
  );
  const put = await api.call('PUT', `adminmenu/${id}`, { token: admin, form: { title: 'Reports 2', url: '/admin/reports', status: '1', roles: '[]' } });
  assert.is(put.body.message, 'Menu updated successfully.');
  assert.equal(put.body.data.roles, []);
  assert.is((await api.call('DELETE', `adminmenu/${id}`, { token: admin })).body.message, 'Menu deleted successfully.');
  assert.is((await api.call('GET', `adminmenu/${id}`, { token: admin })).status, 404);
});

test('menu validation: title required (Menu title), status 0/1/2, known roles', async () => {
  const r = await api.call('POST', 'adminmenu', { token: admin, form: { title: ' ', url: '', status: '7', roles: '[99999]' } });
  assert.is(r.status, 422);
  assert.equal(r.body.errors.title, ['The menu title field is required.']);
  assert.equal(r.body.errors.status, ['The selected status is invalid.']);
  const roles = await api.call('POST', 'adminmenu', { token: admin, form: { title: 'X', roles: '[99999]' } });
  assert.equal(roles.body.errors, { roles: ['The selected roles is invalid.'] });
  const def = await api.call('POST', 'adminmenu', { token: admin, form: { title: 'No status' } });
  assert.is(def.body.data.status, 2);
});

test('an active menu attached to a role opens its screen for that role; inactive or detached closes it', async () => {
  // The role holds View pages; the menu alone decides whether it may open the screen.
  const role = await makeRole(api, admin, { abilities: ['pages.view'] });
  const u = await makeUser(api, admin, role);
  const token = await api.login(u.email, u.password);
  const check = async () => (await api.call('GET', 'route/check?route=pages', { token })).body.data;
  assert.is(await check(), false);
  const m = await api.call('POST', 'adminmenu', { token: admin, form: { title: 'Pages', url: '/admin/pages', status: '1', roles: `[${role}]` } });
  assert.is(await check(), true);
  assert.ok((await api.call('GET', 'user/getmenu', { token })).body.data.live_adminmenus.some((x: { title: string }) => x.title === 'Pages'));
  assert.is((await api.call('GET', 'page?page=1', { token })).status, 200);
  await api.call('PUT', `adminmenu/${m.body.data.id}`, { token: admin, form: { title: 'Pages', url: '/admin/pages', status: '0', roles: `[${role}]` } });
  assert.is(await check(), false);
  assert.is((await api.call('GET', 'page?page=1', { token })).status, 403);
});

test.run();
