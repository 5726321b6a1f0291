import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApi, type TestApi } from './harness.ts';
import { makeRole, makeUser, roleId } from './admin-helpers.ts';
import { ABILITY_KEYS } from '../../src/common/abilities.ts';
import { SCREENS } from '../../src/common/screens.ts';

/**
 * "Why can (or can't) they?": the verdicts of GET user/{id}/access (the pure
 * explainer on the stored facts) agree with what the server actually answers that user, for
 * every screen (route/check) and every ability (a real call: 403 means not allowed).
 */
let api: TestApi;
let admin: string;
test.before(async () => {
  api = await startTestApi({ demo: true });
  admin = await api.login();
});
test.after(async () => {
  await api.stop();
});

const NONE = 999999;
/** One call per ability; any answer but 403 (404, 422, 200) means the server let the user through. */
const PROBES: Record<string, [string, string]> = {
  'permissions.view': ['GET', `permission/${NONE}`],
  'permissions.create': ['POST', 'permission'],
  'permissions.edit': ['PUT', `permission/${NONE}`],
  'permissions.delete': ['DELETE', `permission/${NONE}`],
  'roles.view': ['GET', `role/${NONE}`],
  'roles.create': ['POST', 'role'],
  'roles.edit': ['PUT', `role/${NONE}`],
  'roles.delete': ['DELETE', `role/${NONE}`],
  'users.view': ['GET', `user/${NONE}`],
  'users.create': ['POST', 'user'],
  'users.edit': ['PUT', `user/${NONE}`],
  'users.delete': ['DELETE', `user/${NONE}`],
  'users.import': ['POST', 'user/import/check'],
  'pages.view': ['GET', `page/${NONE}`],
  'pages.create': ['POST', 'page'],
  'pages.edit': ['PUT', `page/${NONE}`],
  'pages.delete': ['DELETE', `page/${NONE}`],
  'menus.view': ['GET', `adminmenu/${NONE}`],
  'menus.create': ['POST', 'adminmenu'],
  'menus.edit': ['PUT', `adminmenu/${NONE}`],
  'menus.delete': ['DELETE', `adminmenu/${NONE}`],
  // Edit settings saves the company settings; the e-mail settings are also the administrator's (docs/security.md).
  'settings.view': ['GET', 'settings/email'],
  'settings.edit': ['PUT', 'settings/company'],
  'organisers.view': ['GET', 'organiser?page=1'],
  'organisers.create': ['POST', 'organiser'],
  'organisers.edit': ['PUT', `organiser/${NONE}`],
  'organisers.delete': ['POST', 'organiser/bulk-delete'],
  // An organiser reads its own organiser's activity from its console; naming another organiser is the admin ability.
  'activity.view': ['GET', `activity?organizer_id=${NONE}`],
};
// videos.moderate needs a video of a campaign to reach its check; participant-videos.test.ts covers it.
const PROBED = ABILITY_KEYS.filter((k) => k !== 'videos.moderate');

interface Verdict {
  key: string;
  name: string;
  allowed: boolean;
  reason: string;
}

async function verdictsOf(userId: number) {
  const r = await api.call('GET', `user/${userId}/access`, { token: admin });
  assert.is(r.status, 200, JSON.stringify(r.body));
  return r.body.data as { screens: Verdict[]; abilities: Verdict[] };
}

async function agrees(who: string, userId: number, token: string) {
  const v = await verdictsOf(userId);
  assert.equal(
    v.screens.map((s) => s.key),
    SCREENS.map((s) => s.key),
  );
  assert.equal(
    v.abilities.map((a) => a.key),
    [...ABILITY_KEYS],
  );
  for (const s of v.screens) {
    const actual = (await api.call('GET', `route/check?route=${encodeURIComponent(`/admin/${s.key}`)}`, { token })).body.data;
    assert.is(actual, s.allowed, `${who}: screen '${s.key}' explained "${s.reason}" but route/check says ${actual}`);
  }
  for (const key of PROBED) {
    const a = v.abilities.find((x) => x.key === key)!;
    const [m, p] = PROBES[key];
    const r = await api.call(m, p, m === 'GET' || m === 'DELETE' ? { token } : { token, form: {} });
    assert.ok(r.status < 500, `${who}: ${m} ${p} answered ${r.status}`);
    assert.is(r.status !== 403, a.allowed, `${who}: ${key} explained "${a.reason}" but ${m} ${p} answered ${r.status}`);
  }
  return v;
}

let supportId = 0;
test('admin: every screen and ability allowed, and the server agrees', async () => {
  const me = (await api.call('GET', 'user/get', { token: admin })).body.data.id as number;
  const v = await agrees('admin', me, admin);
  assert.ok(v.abilities.every((a) => a.allowed && /role admin/.test(a.reason)));
});

test('support: Users without Delete users; the reason names the role and the missing permission', async () => {
  const role = await makeRole(api, admin, { name: 'Support desk', screens: ['users'], abilities: ['users.view', 'users.create', 'users.edit'] });
  const u = await makeUser(api, admin, role);
  supportId = u.id;
  const v = await agrees('support', u.id, await api.login(u.email, u.password));
  const del = v.abilities.find((a) => a.key === 'users.delete')!;
  assert.is(del.reason, 'not allowed: role Support desk has no permission Delete users');
  assert.is(v.abilities.find((a) => a.key === 'users.view')!.reason, 'allowed: role Support desk has the permission View users and the menu Users');
  assert.is(v.screens.find((s) => s.key === 'users')!.reason, 'allowed: role Support desk has the menu Users');
  assert.is(v.screens.find((s) => s.key === 'roles')!.allowed, false);
});

test('editor: a permission without its menu, and an In-Active menu, are explained as not allowed', async () => {
  const role = await makeRole(api, admin, {
    name: 'Page editor',
    screens: ['pages', 'adminmenus'],
    abilities: ['pages.view', 'pages.create', 'pages.edit', 'menus.view', 'settings.view'],
  });
  await api.call('POST', 'adminmenu', { token: admin, form: { title: 'Editor settings', url: '/admin/settings', status: '2', roles: `[${role}]` } });
  const u = await makeUser(api, admin, role);
  const v = await agrees('editor', u.id, await api.login(u.email, u.password));
  assert.is(v.abilities.find((a) => a.key === 'settings.view')!.reason, 'not allowed: the menu Settings of role Page editor is In-Active');
  assert.is(v.abilities.find((a) => a.key === 'pages.delete')!.reason, 'not allowed: role Page editor has no permission Delete pages');
  assert.is(v.abilities.find((a) => a.key === 'menus.view')!.reason, 'allowed: role Page editor has the permission View menus and the menu Menus');
});

test('the demo support and editor users: the explainer agrees with the server', async () => {
  const users = (await api.call('GET', 'user?per_page=100', { token: admin })).body.data.data as { id: number; email: string }[];
  for (const [email, password] of [
    ['support@example.com', 'Support-demo-1'],
    ['editor@example.com', 'Editor-demo-1'],
  ]) {
    const id = users.find((u) => u.email === email)!.id;
    const v = await agrees(email, id, await api.login(email, password));
    assert.is(v.abilities.find((a) => a.key === 'users.delete')!.allowed, false);
  }
});

test('organiser: nothing of the admin area, and the server agrees', async () => {
  const o = await api.call('POST', 'organiser', { token: admin, form: { name: 'Org A', email: 'org-a@example.com', password: 'Passw0rd!', status: '1' } });
  assert.is(o.status, 200);
  const token = await api.login('org-a@example.com', 'Passw0rd!');
  const id = (await api.call('GET', 'user/get', { token })).body.data.id as number;
  const v = await agrees('organiser', id, token);
  assert.ok([...v.screens, ...v.abilities].every((x) => !x.allowed && /role company/.test(x.reason)));
});

test('GET user/{id}/access: 401 signed out, 403 without Edit users, 404 for an unknown or out-of-scope user', async () => {
  assert.is((await api.call('GET', `user/${supportId}/access`)).status, 401);
  const viewer = await makeRole(api, admin, { screens: ['users'], abilities: ['users.view'], access: [await roleId(api, admin, 'Support desk')] });
  const vu = await makeUser(api, admin, viewer);
  assert.is((await api.call('GET', `user/${supportId}/access`, { token: await api.login(vu.email, vu.password) })).status, 403);
  const editor = await makeRole(api, admin, { screens: ['users'], abilities: ['users.view', 'users.edit'] });
  const eu = await makeUser(api, admin, editor);
  const et = await api.login(eu.email, eu.password);
  assert.is((await api.call('GET', `user/${supportId}/access`, { token: et })).status, 404);
  assert.is((await api.call('GET', `user/${NONE}/access`, { token: admin })).status, 404);
});

test("GET role/{id}/menus: the role's menus for the Edit Role summary; 404 unknown, 403 without the Roles screen", async () => {
  const id = await roleId(api, admin, 'Support desk');
  const r = await api.call('GET', `role/${id}/menus`, { token: admin });
  assert.is(r.status, 200);
  assert.equal(
    r.body.data.map((m: { url: string; status: number }) => [m.url, m.status]),
    [['/admin/users', 1]],
  );
  assert.is((await api.call('GET', `role/${NONE}/menus`, { token: admin })).status, 404);
  const u = await makeUser(api, admin, id);
  assert.is((await api.call('GET', `role/${id}/menus`, { token: await api.login(u.email, u.password) })).status, 403);
});

test.run();
