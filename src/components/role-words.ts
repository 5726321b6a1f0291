import '../lib/messages/sweep.ts';
import { ABILITIES } from '../common/abilities.ts';
import { explainAccess, screenOfAbility, type RoleFacts } from '../common/access-explainer.ts';
import type { MessageKey } from '../common/i18n/catalogs/en.ts';
import { screenWord } from './screen-words.ts';
import { t } from '../lib/i18n.ts';

/**
 * The Roles and Access screens' sentences about a role in the reader's language (issue 44):
 * common/access-explainer.ts roleSummary and managedRolesText say the same in English, word for word.
 */

const VERB_KEYS: Readonly<Record<string, MessageKey>> = {
  view: 'sweep.verb.view',
  create: 'sweep.verb.create',
  edit: 'sweep.verb.edit',
  delete: 'sweep.verb.delete',
  import: 'sweep.verb.import',
  moderate: 'sweep.verb.moderate',
};
const verbWord = (abilityKey: string) => {
  const verb = abilityKey.split('.')[1];
  return VERB_KEYS[verb] ? t(VERB_KEYS[verb]) : verb;
};
const lc = (s: string) => s.trim().toLowerCase();

/** "Role support may manage users whose role is: editor, support." (access-explainer managedRolesText). */
export function sayManagedRoles(role: Pick<RoleFacts, 'name' | 'access'>): string {
  if (role.name === 'admin') return t('sweep.roles.managesAll');
  if (role.name === 'company') return t('sweep.roles.managesNoAdmins');
  const names = role.access ?? [];
  return names.length ? t('sweep.roles.manages', { role: role.name, roles: names.join(', ') }) : t('sweep.roles.managesNoneYet', { role: role.name });
}

/**
 * What a role's users will see (access-explainer roleSummary): "Its users will see Dashboard,
 * Users (view, edit)." and, for screens the role has permissions for but no active menu, that they
 * stay closed until it has.
 */
export function sayRoleSummary(role: RoleFacts): string {
  if (role.name === 'admin') return t('sweep.roles.seesAll');
  if (role.name === 'company') return t('sweep.roles.organisers');
  const v = explainAccess([role]);
  const screens = v.screens
    .filter((s) => s.allowed)
    .map((s) => {
      const verbs = v.abilities.filter((a) => a.allowed && screenOfAbility(a.key) === s.key).map((a) => verbWord(a.key));
      const screen = screenWord(s.key, s.name);
      return verbs.length ? t('sweep.roles.screenWith', { screen, verbs: verbs.join(', ') }) : screen;
    })
    .join(', ');
  const held = (abilityKey: string) => {
    const name = ABILITIES.find((a) => a.key === abilityKey)?.name ?? abilityKey;
    return role.permissions.some((p) => lc(p) === lc(name));
  };
  const closed = v.screens
    .filter((s) => s.key !== '' && !s.allowed && v.abilities.some((a) => screenOfAbility(a.key) === s.key && held(a.key)))
    .map((s) => screenWord(s.key, s.name));
  return closed.length ? t('sweep.roles.seesClosed', { screens, closed: closed.length, closedScreens: closed.join(', ') }) : t('sweep.roles.sees', { screens });
}
