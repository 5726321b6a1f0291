import { ABILITIES } from './abilities.ts';
import { SCREENS, screenOf } from './screens.ts';
import { alsoNeeds, screenOfAbility } from './declared-access.ts';

/**
 * "Why can (or can't) they?" (admin-area §3 Roles, Permissions, Admin menus,
 * "Role can access to"; DESIGN.md §3). From the facts of a user's roles it gives, for every
 * admin screen and every ability of the product, whether the user is allowed and why, in words.
 * It follows the server's rules exactly (server/http/middleware/auth.ts): role admin holds every screen
 * and ability; role company (an organiser's sign-in) holds none; any other role opens a screen
 * through an active admin menu pointing at it and holds an ability through the catalogue
 * permission of that name, and an admin call needs both the ability and its screen. Pure.
 */

/** One role of the user as stored: its permission names, its admin menus (status 1 = Active) and its "Role can access to" role names. */
export interface RoleFacts {
  name: string;
  permissions: string[];
  menus: { title: string; url: string; status: number }[];
  access?: string[];
}

/** A verdict: `key` is the screen key ('' = dashboard) or the ability key (`users.delete`); `reason` starts "allowed:" or "not allowed:". */
export interface Verdict {
  key: string;
  name: string;
  allowed: boolean;
  reason: string;
}

export interface AccessVerdicts {
  screens: Verdict[];
  abilities: Verdict[];
}

/** The screen key an ability key needs (`menus.edit` -> `adminmenus`), as its resource declares (resources.ts). */
export { screenOfAbility };

const screenName = (key: string) => SCREENS.find((s) => s.key === key)?.name ?? key;
const abilityName = (key: string) => ABILITIES.find((a) => a.key === key)?.name ?? key;
const lc = (s: string) => s.trim().toLowerCase();

/** "role Support", "roles Support and Editor". */
function rolesPhrase(names: string[]) {
  const list = names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
  return `${names.length === 1 ? 'role' : 'roles'} ${list}`;
}

/** A sentence of who has the menu of `screen`, or why none opens it. */
function screenFact(roles: RoleFacts[], screen: string): { ok: boolean; text: string } {
  const live = roles.filter((r) => r.menus.some((m) => m.status === 1 && screenOf(m.url) === screen));
  if (live.length) return { ok: true, text: `${rolesPhrase(live.map((r) => r.name))} ${live.length === 1 ? 'has' : 'have'} the menu ${screenName(screen)}` };
  const off = roles.filter((r) => r.menus.some((m) => screenOf(m.url) === screen));
  if (off.length) return { ok: false, text: `the menu ${screenName(screen)} of ${rolesPhrase(off.map((r) => r.name))} is In-Active` };
  return { ok: false, text: `${rolesPhrase(roles.map((r) => r.name))} ${roles.length === 1 ? 'has' : 'have'} no menu ${screenName(screen)}` };
}

/** A sentence of who holds the permission of `ability`, or that none does. */
function permissionFact(roles: RoleFacts[], ability: string): { ok: boolean; text: string } {
  const name = abilityName(ability);
  const holders = roles.filter((r) => r.permissions.some((p) => lc(p) === lc(name)));
  if (holders.length) return { ok: true, text: `${rolesPhrase(holders.map((r) => r.name))} ${holders.length === 1 ? 'has' : 'have'} the permission ${name}` };
  return { ok: false, text: `${rolesPhrase(roles.map((r) => r.name))} ${roles.length === 1 ? 'has' : 'have'} no permission ${name}` };
}

/**
 * Every screen (SCREENS order) and ability (ABILITIES order) with its verdict for a user holding
 * `roles`. Examples: "allowed: role Support has the permission View users and the menu Users";
 * "not allowed: role Support has no permission Delete users".
 */
export function explainAccess(roles: RoleFacts[]): AccessVerdicts {
  const admin = roles.find((r) => r.name === 'admin');
  const company = roles.find((r) => r.name === 'company');
  const all = (allowed: boolean, reason: string) => ({
    screens: SCREENS.map((s) => ({ key: s.key, name: s.name, allowed, reason })),
    abilities: ABILITIES.map((a) => ({ key: a.key, name: a.name, allowed, reason })),
  });
  if (admin) return all(true, 'allowed: role admin holds every screen and every permission');
  if (company)
    return all(
      false,
      "not allowed: role company is an organiser's sign-in: it opens no admin screen and holds no admin permission (an organiser manages only its own data, from its console)",
    );
  if (!roles.length) return all(false, 'not allowed: this user has no role');
  const screens = SCREENS.map((s) => {
    if (s.key === '') return { key: '', name: s.name, allowed: true, reason: 'allowed: every staff user sees the Dashboard' };
    const f = screenFact(roles, s.key);
    return { key: s.key, name: s.name, allowed: f.ok, reason: `${f.ok ? 'allowed' : 'not allowed'}: ${f.text}` };
  });
  const abilities = ABILITIES.map((a) => {
    const facts = [
      permissionFact(roles, a.key),
      ...(alsoNeeds(a.key) ? [permissionFact(roles, alsoNeeds(a.key)!)] : []),
      screenFact(roles, screenOfAbility(a.key)),
    ];
    const missing = facts.filter((f) => !f.ok);
    const allowed = !missing.length;
    // Allowed: every fact that grants it; not allowed: only what is missing.
    const shown = (allowed ? facts : missing).map((f) => f.text);
    return { key: a.key, name: a.name, allowed, reason: `${allowed ? 'allowed' : 'not allowed'}: ${joinFacts(shown)}` };
  });
  return { screens, abilities };
}

/** "A has X and the menu Users": a second fact of the same roles drops their name. */
function joinFacts(texts: string[]) {
  const [first, ...rest] = texts;
  const subject = first.match(/^(roles? .+?) (has|have) /)?.[1];
  const tail = rest.map((t) => (subject && t.startsWith(`${subject} `) ? t.slice(subject.length + 1).replace(/^(has|have) /, '') : t));
  return [first, ...tail].join(' and ');
}

/**
 * One line of what a role's users will see (the Roles modal): "Its users will see Dashboard,
 * Users (view, edit)." Screens come from the role's active menus, with the abilities usable there;
 * screens the role has permissions for but no active menu are named as closed ("Users stays
 * closed until the role has its menu (tick it under Screens).").
 */
export function roleSummary(role: RoleFacts): string {
  const v = explainAccess([role]);
  if (role.name === 'admin') return 'Its users will see every screen and may do everything.';
  if (role.name === 'company') return 'Its users are organisers: they use the organiser console, not the admin area.';
  const parts = v.screens
    .filter((s) => s.allowed)
    .map((s) => {
      const verbs = v.abilities.filter((a) => a.allowed && screenOfAbility(a.key) === s.key).map((a) => a.name.split(' ')[0].toLowerCase());
      return verbs.length ? `${s.name} (${verbs.join(', ')})` : s.name;
    });
  const blind = v.screens
    .filter((s) => s.key !== '' && !s.allowed && v.abilities.some((a) => screenOfAbility(a.key) === s.key && permissionFact([role], a.key).ok))
    .map((s) => s.name);
  return `Its users will see ${parts.join(', ')}.${blind.length ? ` ${blind.join(', ')} ${blind.length === 1 ? 'stays' : 'stay'} closed until the role has ${blind.length === 1 ? 'its menu (tick it' : 'their menus (tick them'} under Screens).` : ''}`;
}

/**
 * Whose users a role's holders may see and manage ("Role can access to", admin-area §3), in
 * words: "Role support may manage users whose role is: editor, support."; "Role newcomer may
 * manage no users yet." Role admin manages everyone; role company (an organiser) no admin users.
 */
export function managedRolesText(role: Pick<RoleFacts, 'name' | 'access'>): string {
  if (role.name === 'admin') return 'Role admin may manage every user.';
  if (role.name === 'company') return "Role company is an organiser's sign-in: it manages no admin users.";
  const names = role.access ?? [];
  return names.length ? `Role ${role.name} may manage users whose role is: ${names.join(', ')}.` : `Role ${role.name} may manage no users yet.`;
}
