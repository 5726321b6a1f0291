import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ABILITIES, abilityOfPermission, isCatalogueName, mayGrantPermission } from '../../src/common/abilities.ts';
import { PASSWORD_MESSAGE, passwordProblem } from '../../src/common/password.ts';

test('the catalogue names every verb of users and the permissions the demo roles use', () => {
  for (const name of ['View users', 'Create users', 'Edit users', 'Delete users', 'Import users', 'Edit pages', 'Create organizers', 'Moderate videos'])
    assert.ok(isCatalogueName(name), name);
  assert.is(new Set(ABILITIES.map((a) => a.name)).size, ABILITIES.length);
});

test('a permission name maps to its ability key whatever its case; other names grant nothing', () => {
  assert.is(abilityOfPermission('Delete users'), 'users.delete');
  assert.is(abilityOfPermission(' delete USERS '), 'users.delete');
  assert.is(abilityOfPermission('Create organizers'), 'organisers.create');
  assert.is(abilityOfPermission('Export reports'), undefined);
});

test('mayGrantPermission: admin gives any permission; others only catalogue ones they hold', () => {
  const support = { isAdmin: false, abilities: new Set(['users.view', 'users.edit']) };
  assert.ok(mayGrantPermission(support, 'Edit users'));
  assert.not.ok(mayGrantPermission(support, 'Delete users'));
  assert.not.ok(mayGrantPermission(support, 'Export reports'));
  assert.ok(mayGrantPermission({ isAdmin: true, abilities: new Set() }, 'Export reports'));
});

test('passwordProblem wants 8 characters with a digit, an upper- and a lower-case letter', () => {
  assert.is(passwordProblem('Abcdefg1'), null);
  for (const weak of ['', 'a', 'Abcdef1', 'abcdefg1', 'ABCDEFG1', 'Abcdefgh']) assert.is(passwordProblem(weak), PASSWORD_MESSAGE, weak);
});

test.run();
