import type { TestApi } from './harness.ts';
import { ABILITIES } from '../../src/common/abilities.ts';
import { RESOURCE_ENTRIES } from '../../src/common/resources.ts';

/** The resource whose declared screen is `screen` (src/common/resources.ts): `adminmenus` -> `menus`. */
const resourceOfScreen = (screen: string) => RESOURCE_ENTRIES.find(([, r]) => r.screen?.key === screen)?.[0] ?? screen;

/** Permission ids of ability keys (`users.view`), looked up by their catalogue names. */
export async function permissionIds(api: TestApi, admin: string, keys: string[]): Promise<number[]> {
  const all = (await api.call('GET', 'permission', { token: admin })).body.data as { id: number; name: string }[];
  const names = ABILITIES.filter((a) => keys.includes(a.key)).map((a) => a.name);
  return all.filter((p) => names.includes(p.name)).map((p) => p.id);
}

/** Every ability key of the resources the given screens administer. */
export const abilitiesOfScreens = (screens: string[]) =>
  ABILITIES.map((a) => a.key).filter((k) => screens.some((s) => k.startsWith(`${resourceOfScreen(s)}.`)));

/**
 * Helpers for the administrator-area API tests: a role whose active menus point at
 * the given screens, a user holding it, and a signed-in token for that user.
 */
let seq = 0;

/** A role opening `screens`; it holds `abilities` (keys), by default every ability of those screens. */
export async function makeRole(
  api: TestApi,
  admin: string,
  o: { name?: string; screens?: string[]; access?: number[]; abilities?: string[] } = {},
): Promise<number> {
  const name = o.name ?? `role-${++seq}-${Date.now()}`;
  const perms = await permissionIds(api, admin, o.abilities ?? abilitiesOfScreens(o.screens ?? []));
  const r = await api.call('POST', 'role', { token: admin, form: { name, permissions: JSON.stringify(perms), roles: JSON.stringify(o.access ?? []) } });
  if (r.status !== 200) throw new Error(`role: ${JSON.stringify(r.body)}`);
  const id = r.body.data.id as number;
  for (const screen of o.screens ?? []) {
    const m = await api.call('POST', 'adminmenu', {
      token: admin,
      form: { title: `${name} ${screen}`, url: `/admin/${screen}`, status: '1', roles: `[${id}]` },
    });
    if (m.status !== 200) throw new Error(`menu: ${JSON.stringify(m.body)}`);
  }
  return id;
}

export async function makeUser(api: TestApi, admin: string, roleId: number, email = `u${++seq}-${Date.now()}@example.com`, password = 'Passw0rd!x') {
  const r = await api.call('POST', 'user', { token: admin, form: { name: `User ${seq}`, email, password, role: String(roleId) } });
  if (r.status !== 200) throw new Error(`user: ${JSON.stringify(r.body)}`);
  return { id: r.body.data.id as number, email, password };
}

/** A signed-in user whose role opens exactly `screens` (and may access `access` roles), with those screens' abilities unless `abilities` is given. */
export async function tokenFor(api: TestApi, admin: string, screens: string[], access: number[] = [], abilities?: string[]) {
  const roleId = await makeRole(api, admin, { screens, access, abilities });
  const u = await makeUser(api, admin, roleId);
  return { roleId, userId: u.id, token: await api.login(u.email, u.password) };
}

/** Role id by name. */
export async function roleId(api: TestApi, admin: string, name: string): Promise<number> {
  const r = await api.call('GET', 'role', { token: admin });
  return r.body.data.find((x: { name: string }) => x.name === name).id;
}

/** A paginator shape check (DESIGN.md §2). */
export function isPaginator(d: unknown): boolean {
  const p = d as Record<string, unknown>;
  return !!p && ['current_page', 'per_page', 'total', 'last_page'].every((k) => typeof p[k] === 'number') && Array.isArray(p.data);
}
