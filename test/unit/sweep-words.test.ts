import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { describeActivity, importOutcome } from '../../src/common/activity.ts';
import { managedRolesText, roleSummary, type RoleFacts } from '../../src/common/access-explainer.ts';
import { storageLine } from '../../src/common/storage.ts';
import { sayActivity, sayImportOutcome, actionChoices, resourceChoices } from '../../src/components/activity-words.ts';
import { sayAccessReasons, sayManagedRoles, sayRoleSummary } from '../../src/components/role-words.ts';
import { sayStorage } from '../../src/features/organiser-profile/storage-words.ts';
import { ACTIVITY_ACTIONS, ACTIVITY_RESOURCES } from '../../src/common/activity.ts';
import { activateLocale } from '../../src/lib/i18n.ts';
import { abilityWord, menuTitle, permissionWord, screenWord } from '../../src/components/screen-words.ts';
import { ABILITIES } from '../../src/common/abilities.ts';
import { SCREENS } from '../../src/common/screens.ts';
import { DECLARED_MENUS } from '../../src/common/declared-access.ts';

// The console's own wording of what common/ says in English (found by the language sweep): in
// English word for word the shared sentence, in French the reader's.

const rows = [
  { action: 'update', resource: 'users', resource_id: 2, label: 'Edith Editor' },
  { action: 'bulk_delete', resource: 'events', resource_id: null, label: '' },
  { action: 'create', resource: 'pages', resource_id: 7, label: '' },
  { action: 'export', resource: 'participants', resource_id: null, label: 'Night Run' },
  { action: 'sign_in', resource: 'session', resource_id: 1, label: 'admin@example.com' },
  { action: 'sign_out', resource: 'session', resource_id: 1, label: '' },
] as const;
const support: RoleFacts = { name: 'Support', permissions: ['View users', 'Edit users'], menus: [{ title: 'Users', url: '/admin/users', status: 1 }] };
const roles: RoleFacts[] = [
  support,
  { ...support, menus: [] },
  { name: 'Two', permissions: ['View users', 'View pages'], menus: [] },
  { name: 'admin', permissions: [], menus: [] },
  { name: 'company', permissions: [], menus: [] },
];
const job = (o: object) => ({ state: 'done', rows_written: 1, undone_at: null, undone_by: '', ...o }) as never;

test('in English every sentence is the shared one, word for word', async () => {
  await activateLocale('en', false);
  for (const r of rows) assert.is(sayActivity(r), describeActivity(r));
  for (const r of roles) {
    assert.is(sayRoleSummary(r), roleSummary(r));
    assert.is(sayManagedRoles(r), managedRolesText(r));
  }
  assert.is(sayManagedRoles({ name: 'x', access: ['a', 'b'] }), managedRolesText({ name: 'x', access: ['a', 'b'] }));
  const when = () => 'noon';
  for (const j of [
    job({}),
    job({ rows_written: 3 }),
    job({ state: 'failed' }),
    job({ state: 'running' }),
    job({ undone_at: 1, undone_by: 'Ann' }),
    job({ undone_at: 1 }),
  ])
    assert.is(sayImportOutcome(j, when), importOutcome(j, when));
  for (const [used, limit] of [
    [0, 2048 * 1024 * 1024],
    [326_758, 2 * 1024 ** 3],
    [1536, 10 * 1024 ** 2],
  ])
    assert.is(sayStorage(used, limit), storageLine(used, limit));
  assert.equal(actionChoices(), Object.entries(ACTIVITY_ACTIONS));
  // The Access view keeps the answer's own English reasons.
  assert.is(sayAccessReasons([support]), null);
  for (const a of ABILITIES) assert.is(abilityWord(a.key), a.name);
  for (const s of SCREENS) assert.is(screenWord(s.key), s.name);
  for (const [title, url] of DECLARED_MENUS) assert.is(menuTitle({ title, url }), title);
  assert.equal(resourceChoices(), Object.entries(ACTIVITY_RESOURCES));
});

test('in French none is English, and the numbers are French', async () => {
  try {
    await activateLocale('fr', false);
    assert.is(sayActivity(rows[0]), 'Modification : Utilisateur « Edith Editor » (nº 2)');
    assert.is(
      sayRoleSummary(roles[1]),
      'Ses utilisateurs verront : Tableau de bord. Utilisateurs reste fermé tant que le rôle n’a pas son menu (cochez-le sous Écrans).',
    );
    assert.is(sayRoleSummary(support), 'Ses utilisateurs verront : Tableau de bord, Utilisateurs (voir, modifier).');
    assert.is(sayManagedRoles(roles[3]), 'Le rôle admin peut gérer tous les utilisateurs.');
    assert.is(
      sayImportOutcome(job({ rows_written: 3 }), () => ''),
      'Terminé : 3 lignes importées.',
    );
    assert.is(sayStorage(326_758, 2 * 1024 ** 3), '319,1 Ko utilisés sur 2 Go');
    assert.is(abilityWord('users.delete'), 'Supprimer des utilisateurs');
    assert.is(screenWord('organizers'), 'Organisateurs');
    assert.is(permissionWord('Delete users'), 'Supprimer des utilisateurs');
    assert.is(permissionWord('Approve refunds'), 'Approve refunds');
    const why = sayAccessReasons([support])!;
    assert.is(
      why.get('ability:users.view')?.reason,
      'autorisé : le rôle Support a l’autorisation « Consulter les utilisateurs » et le rôle Support a le menu « Utilisateurs »',
    );
    assert.is(why.get('ability:users.delete')?.facts, 'le rôle Support n’a pas l’autorisation « Supprimer des utilisateurs »');
    assert.is(why.get('screen:roles')?.reason, 'non autorisé : le rôle Support n’a pas le menu « Rôles »');
    assert.is(
      sayAccessReasons([{ name: 'admin', permissions: [], menus: [] }])!.get('screen:users')?.reason,
      'autorisé : le rôle admin détient tous les écrans et toutes les autorisations',
    );
    // A menu still titled as the platform made it is the reader's; one an administrator renamed stays.
    assert.is(menuTitle({ title: 'Users', url: '/admin/users' }), 'Utilisateurs');
    assert.is(menuTitle({ title: 'People', url: '/admin/users' }), 'People');
    for (const [value, word] of [...actionChoices(), ...resourceChoices()])
      if (!['webhooks', 'pages', 'participants', 'menus'].includes(value))
        assert.ok(!Object.values({ ...ACTIVITY_ACTIONS, ...ACTIVITY_RESOURCES }).includes(word as never), word);
  } finally {
    await activateLocale('en', false);
  }
});

test.run();
