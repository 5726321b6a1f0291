import { test } from 'uvu';
import { DECLARED_RECORDS, type AdminScreenKey, type DeclaredScreenKey } from '../../src/common/resources.ts';
import * as assert from 'uvu/assert';
import { startTestApi, type TestApi } from './harness.ts';
import { tokenFor } from './admin-helpers.ts';

let api: TestApi;
let admin: string;
test.before(async () => {
  api = await startTestApi();
  admin = await api.login();
});
test.after(async () => {
  await api.stop();
});

/**
 * One call that each admin screen makes, keyed by its screen (DESIGN.md §3); the type demands one
 * per declared screen: written here, or the list call of a resource served by the common case.
 */
const SCREEN_CALLS: Record<AdminScreenKey, [string, string]> = {
  permissions: ['GET', 'permission?page=1'],
  roles: ['GET', 'role?page=1'],
  users: ['GET', 'user?page=1'],
  adminmenus: ['GET', 'adminmenu?page=1'],
  settings: ['GET', 'settings/company'],
  organizers: ['GET', 'organiser?page=1'],
  activity: ['GET', 'activity?page=1'],
  ...(Object.fromEntries(DECLARED_RECORDS.map((d) => [d.screen.key, ['GET', `${d.records.path}?page=1`]])) as Record<DeclaredScreenKey, [string, string]>),
};

test('a role whose only menu is Users gets Users from route/check and the API, and nothing else', async () => {
  const { token } = await tokenFor(api, admin, ['users']);
  const menus = (await api.call('GET', 'user/getmenu', { token })).body.data.live_adminmenus;
  assert.equal(
    menus.map((m: { url: string }) => m.url),
    ['/admin/users'],
  );
  for (const [screen, [m, p]] of Object.entries(SCREEN_CALLS)) {
    const allowed = screen === 'users';
    assert.is((await api.call('GET', `route/check?route=${screen}`, { token })).body.data, allowed, `route/check ${screen}`);
    assert.is((await api.call(m, p, { token })).status, allowed ? 200 : 403, `${m} ${p}`);
  }
});

test('a screen without its abilities opens nothing: every call also needs its permission', async () => {
  for (const [screen, [m, p]] of Object.entries(SCREEN_CALLS)) {
    const { token } = await tokenFor(api, admin, [screen], [], []);
    assert.is((await api.call('GET', `route/check?route=${screen}`, { token })).body.data, true);
    const r = await api.call(m, p, { token });
    assert.is(r.status, 403, `${m} ${p}`);
    assert.match(r.body.message, /You do not have the permission to view/);
  }
});

test('the admin role may make every admin call', async () => {
  for (const [screen, [m, p]] of Object.entries(SCREEN_CALLS)) {
    assert.is((await api.call('GET', `route/check?route=${screen}`, { token: admin })).body.data, true);
    assert.is((await api.call(m, p, { token: admin })).status, 200, `${m} ${p}`);
  }
});

test('a company user is refused every admin call with 403 and every admin route by route/check', async () => {
  await api.call('POST', 'organiser', { token: admin, form: { name: 'Org A', email: 'org-a@example.com', password: 'Passw0rd!', status: '1' } });
  const token = await api.login('org-a@example.com', 'Passw0rd!');
  for (const [screen, [m, p]] of Object.entries(SCREEN_CALLS)) {
    assert.is((await api.call('GET', `route/check?route=${screen}`, { token })).body.data, false);
    // An organiser reads its own activity through the same call, scoped (activity-privacy.test).
    if (screen === 'activity') continue;
    const r = await api.call(m, p, { token });
    assert.is(r.status, 403, `${m} ${p}`);
    assert.is(r.body.status, 'forbidden');
  }
  const writes: [string, string][] = [
    ['POST', 'role'],
    ['POST', 'user'],
    ['POST', 'user/import'],
    ['POST', 'page'],
    ['POST', 'adminmenu'],
    ['PUT', 'settings/email'],
    ['POST', 'organiser'],
  ];
  for (const [m, p] of writes) assert.is((await api.call(m, p, { token, form: { name: 'x' } })).status, 403, `${m} ${p}`);
});

test('a menu given to a role opens its calls at once, and removing it closes them again', async () => {
  const { token, roleId } = await tokenFor(api, admin, [], [], ['settings.view']);
  assert.is((await api.call('GET', 'settings/email', { token })).status, 403);
  const m = await api.call('POST', 'adminmenu', { token: admin, form: { title: 'Settings', url: '/admin/settings', status: '1', roles: `[${roleId}]` } });
  assert.is((await api.call('GET', 'settings/email', { token })).status, 200);
  await api.call('DELETE', `adminmenu/${m.body.data.id}`, { token: admin });
  assert.is((await api.call('GET', 'settings/email', { token })).status, 403);
});

test.run();
