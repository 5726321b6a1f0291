import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { explainAccess, roleSummary, type RoleFacts, managedRolesText } from '../../src/common/access-explainer.ts';

/** The access explainer's words; that they match the server is test/api/access-explainer.test.ts. */
const support: RoleFacts = { name: 'Support', permissions: ['View users', 'Edit users'], menus: [{ title: 'Users', url: '/admin/users', status: 1 }] };
const find = (list: { key: string; reason: string; allowed: boolean }[], key: string) => list.find((x) => x.key === key)!;

test('a permission with its menu is allowed, naming both; a missing permission is named', () => {
  const v = explainAccess([support]);
  assert.is(find(v.abilities, 'users.view').reason, 'allowed: role Support has the permission View users and the menu Users');
  assert.is(find(v.abilities, 'users.delete').reason, 'not allowed: role Support has no permission Delete users');
  assert.is(find(v.screens, 'users').allowed, true);
  assert.is(find(v.screens, 'roles').reason, 'not allowed: role Support has no menu Roles');
});

test('two roles: the permission of one and the menu of the other', () => {
  const v = explainAccess([{ name: 'A', permissions: ['Delete users'], menus: [] }, support]);
  assert.is(find(v.abilities, 'users.delete').reason, 'allowed: role A has the permission Delete users and role Support has the menu Users');
  assert.is(find(v.abilities, 'pages.view').reason, 'not allowed: roles A and Support have no permission View pages and no menu Pages');
});

test('an In-Active menu opens nothing and says so; admin holds all; company none', () => {
  const v = explainAccess([{ ...support, menus: [{ title: 'Users', url: '/admin/users', status: 2 }] }]);
  assert.is(find(v.abilities, 'users.view').reason, 'not allowed: the menu Users of role Support is In-Active');
  assert.ok(explainAccess([{ name: 'admin', permissions: [], menus: [] }]).abilities.every((a) => a.allowed));
  assert.ok(explainAccess([{ name: 'company', permissions: ['View users'], menus: [] }]).screens.every((s) => !s.allowed));
});

test('the Roles modal summary lists the screens with what its users may do there, and the closed ones', () => {
  assert.is(roleSummary(support), 'Its users will see Dashboard, Users (view, edit).');
  assert.is(roleSummary({ ...support, menus: [] }), 'Its users will see Dashboard. Users stays closed until the role has its menu (tick it under Screens).');
});

test('managedRolesText names the roles whose users a role manages, or says it manages none yet', () => {
  assert.is(managedRolesText({ name: 'support', access: ['editor', 'support'] }), 'Role support may manage users whose role is: editor, support.');
  assert.is(managedRolesText({ name: 'newcomer', access: [] }), 'Role newcomer may manage no users yet.');
  assert.is(managedRolesText({ name: 'admin', access: [] }), 'Role admin may manage every user.');
});

test.run();
