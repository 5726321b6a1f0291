import type { Sql } from '../../db/sql.ts';
import { tokenAuthUser, type AuthUser } from '../../db/queries/auth.ts';
import type { SessionCache } from '../auth/session-cache.ts';
import { allowedScreens } from '../auth/screens.ts';
import { RESOURCES, type ResourceDeclaration } from '../../../src/common/resources.ts';
import type { FeedChange } from './changes.ts';

/**
 * Who may read which change of the stream (docs/live.md), from the resources'
 * declarations (src/common/resources.ts), by the same rules as the lists and records the change
 * is about:
 *   - an organiser's user: changes of its own organiser's records only (resources that declare
 *     `owns`, the change's organiser being its own), nothing of the admin screens;
 *   - staff: a resource with an admin screen and a `view` ability needs both (requireScreen and
 *     requireAbility of its routes); an organiser's records need the Organizers screen and View
 *     organizers (assertOrganiserAccess);
 *   - resources with neither (sign-ins, imports) are never streamed.
 */

/** What a stream's reader may see, read once when the stream opens and again at each check. */
export interface Reader {
  companyId: number | null;
  isCompany: boolean;
  screens: ReadonlySet<string> | 'all';
  abilities: Set<string>;
  /** Changes when anything above changes (a role change): the stream then ends, and the reconnect reads the new rules. */
  fingerprint: string;
}

/** The reader `user` is. */
export async function readerOf(sql: Sql, user: AuthUser): Promise<Reader> {
  const screens = await allowedScreens(sql, user);
  return {
    companyId: user.companyId,
    isCompany: user.isCompany,
    screens,
    abilities: user.abilities,
    fingerprint: JSON.stringify([
      user.id,
      user.isAdmin,
      user.isCompany,
      user.companyId,
      user.companyActive,
      [...user.abilities].sort(),
      screens === 'all' ? 'all' : [...screens].sort(),
    ]),
  };
}

const opens = (r: Reader, screen: string) => r.screens === 'all' || r.screens.has(screen);

/** True when reader `r` may be told of change `c`. */
export function mayRead(r: Reader, c: FeedChange): boolean {
  const d = (RESOURCES as Record<string, ResourceDeclaration>)[c.resource];
  if (!d) return false;
  if (r.isCompany) return !!d.owns && c.organiserId !== null && c.organiserId === r.companyId;
  if (d.screen && d.abilities?.verbs.includes('view')) return opens(r, d.screen.key) && r.abilities.has(`${c.resource}.view`);
  if (d.owns) return opens(r, 'organizers') && r.abilities.has('organisers.view');
  return false;
}

/**
 * The reader of session `hash` now (through the process's session cache, as every request), or
 * undefined when the session has ended (signed out, revoked, expired), its organiser is not
 * active or it must enrol in two-step sign-in first.
 */
export async function currentReader(sql: Sql, sessions: SessionCache, hash: string): Promise<Reader | undefined> {
  const user = await sessions.lookup(hash, () => tokenAuthUser(sql, hash));
  if (!user || !user.companyActive || user.twoStepPending) return undefined;
  return readerOf(sql, user);
}
