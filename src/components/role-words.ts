import '../lib/messages/sweep.ts';
import { ABILITIES } from '../common/abilities.ts';
import { explainAccess, screenOfAbility, type RoleFacts } from '../common/access-explainer.ts';
import type { MessageKey } from '../common/i18n/catalogs/en.ts';
import { abilityWord, screenWord } from './screen-words.ts';
import { screenOf } from '../common/screens.ts';
import { alsoNeeds } from '../common/declared-access.ts';
import { currentLocale, t } from '../lib/i18n.ts';

/**
 * The Roles and Access screens' sentences about a role in the reader's language:
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

/** "Support", "A and Support": role names as the reader's language lists them. */
const rolesList = (names: string[]) => new Intl.ListFormat(currentLocale(), { type: 'conjunction' }).format(names);

/**
 * The reasons of the Access view (GET user/{id}/access) in the reader's language, by verdict
 * (`screen:<key>`, `ability:<key>`), from the roles' facts the answer carries, by the rules of
 * access-explainer.ts explainAccess: the whole reason and its facts alone (after "allowed:"). English
 * keeps the answer's own words (`null`: use them).
 */
export function sayAccessReasons(roles: RoleFacts[]): Map<string, { reason: string; facts: string }> | null {
  if (currentLocale() === 'en') return null;
  const v = explainAccess(roles);
  const out = new Map<string, { reason: string; facts: string }>();
  const verdict = (allowed: boolean, list: string[]) => {
    const facts = new Intl.ListFormat(currentLocale(), { type: 'conjunction' }).format(list);
    return { reason: t(allowed ? 'sweep.why.allowed' : 'sweep.why.notAllowed', { facts }), facts };
  };
  const admin = roles.some((r) => r.name === 'admin');
  const company = roles.some((r) => r.name === 'company');
  const whole = admin ? 'sweep.why.adminAll' : company ? 'sweep.why.company' : !roles.length ? 'sweep.why.noRole' : null;
  if (whole) {
    for (const s of v.screens) out.set(`screen:${s.key}`, verdict(admin, [t(whole)]));
    for (const a of v.abilities) out.set(`ability:${a.key}`, verdict(admin, [t(whole)]));
    return out;
  }
  const screenFact = (screen: string) => {
    const name = screenWord(screen);
    const live = roles.filter((r) => r.menus.some((m) => m.status === 1 && screenOf(m.url) === screen));
    if (live.length) return { ok: true, text: t('sweep.why.hasMenu', { count: live.length, roles: rolesList(live.map((r) => r.name)), name }) };
    const off = roles.filter((r) => r.menus.some((m) => screenOf(m.url) === screen));
    if (off.length) return { ok: false, text: t('sweep.why.menuInactive', { count: off.length, roles: rolesList(off.map((r) => r.name)), name }) };
    return { ok: false, text: t('sweep.why.noMenu', { count: roles.length, roles: rolesList(roles.map((r) => r.name)), name }) };
  };
  const permissionFact = (ability: string) => {
    const english = ABILITIES.find((a) => a.key === ability)?.name ?? ability;
    const name = abilityWord(ability, english);
    const holders = roles.filter((r) => r.permissions.some((p) => lc(p) === lc(english)));
    if (holders.length) return { ok: true, text: t('sweep.why.hasPermission', { count: holders.length, roles: rolesList(holders.map((r) => r.name)), name }) };
    return { ok: false, text: t('sweep.why.noPermission', { count: roles.length, roles: rolesList(roles.map((r) => r.name)), name }) };
  };
  for (const s of v.screens) {
    if (s.key === '') out.set('screen:', verdict(true, [t('sweep.why.dashboard')]));
    else {
      const f = screenFact(s.key);
      out.set(`screen:${s.key}`, verdict(f.ok, [f.text]));
    }
  }
  for (const a of v.abilities) {
    const also = alsoNeeds(a.key);
    const facts = [permissionFact(a.key), ...(also ? [permissionFact(also)] : []), screenFact(screenOfAbility(a.key))];
    const missing = facts.filter((f) => !f.ok);
    out.set(
      `ability:${a.key}`,
      verdict(
        !missing.length,
        (missing.length ? missing : facts).map((f) => f.text),
      ),
    );
  }
  return out;
}
