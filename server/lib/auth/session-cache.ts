import type { AuthUser } from '../../db/queries/auth.ts';

/** Refusal for a user of an organiser that is not Active (admin-area §4: 1 Active, else In-Active): sign-in 403, a session's call 401. */
export const INACTIVE_ORGANISER = 'This organiser account is not active. Please contact the administrator.';

/**
 * How long a looked-up session is believed without asking the database again (ms). A session
 * revoked or expired through another process (or straight in the database) is refused by this
 * one at most this long after (within 2 s on every process).
 */
export const SESSION_CACHE_MS = 1_000;
/** Most sessions kept per process; past it the oldest entry goes first. */
export const SESSION_CACHE_MAX = 10_000;

/** The per-process session cache of one app (app.ts); see `sessionCache`. */
export interface SessionCache {
  /**
   * The user of the session hashed `hash`: from the cache when looked up less than `ttlMs` ago,
   * else from `load` (tokenAuthUser), kept when it is a live session. Unknown or dead sessions
   * are never kept, so a refusal always asks the database.
   */
  lookup(hash: string, load: () => Promise<AuthUser | undefined>): Promise<AuthUser | undefined>;
  /**
   * Forgets every session: called after each request that may have written (any method but
   * GET/HEAD/OPTIONS) unless its route logs a resource declared `sessions: 'unchanged'` (pages,
   * events, photos, …: src/common/resources.ts), so this process's own sign-outs, revocations,
   * role, permission and organiser changes hold from its next request on. A lookup that began
   * before is not kept.
   */
  forget(): void;
  /** Forgets the sessions whose user `which` picks (and, as `forget`, keeps no lookup that began before). */
  forgetWhere(which: (user: AuthUser) => boolean): void;
  /** Sessions held now (tests, monitoring). */
  readonly size: number;
}

/**
 * A bounded, short-lived map from token hash (SHA-256 hex, never the token) to the signed-in
 * user, so a burst of calls on one session costs one database round trip per `ttlMs` instead of
 * one per call. `clock` is monotonic (performance.now): moving the wall clock neither prolongs
 * nor ends an entry.
 */
export function sessionCache(ttlMs = SESSION_CACHE_MS, max = SESSION_CACHE_MAX, clock = () => performance.now()): SessionCache {
  const entries = new Map<string, { user: AuthUser; at: number }>();
  let generation = 0;
  return {
    async lookup(hash, load) {
      const now = clock();
      const hit = entries.get(hash);
      if (hit && now - hit.at < ttlMs) return hit.user;
      if (hit) entries.delete(hash);
      const seen = generation;
      const user = await load();
      // Read after `now`, so it is at least that fresh; not kept when a write ended meanwhile.
      if (user && seen === generation && ttlMs > 0) {
        if (entries.size >= max) entries.delete(entries.keys().next().value!);
        entries.set(hash, { user, at: now });
      }
      return user;
    },
    forget() {
      generation++;
      entries.clear();
    },
    forgetWhere(which) {
      generation++;
      for (const [hash, e] of entries) if (which(e.user)) entries.delete(hash);
    },
    get size() {
      return entries.size;
    },
  };
}

/**
 * The resources whose write to one record, named by the route's `:id`, changes only the sessions
 * of that record's users: a user's own, a role's members', an organiser's staff. Any other write
 * (a bulk one, or a resource not listed and not declared `sessions: 'unchanged'`) forgets every
 * session (http/middleware/front.ts).
 */
export const SESSIONS_OF_RECORD: Readonly<Record<string, (user: AuthUser, id: number) => boolean>> = {
  users: (u, id) => u.id === id,
  roles: (u, id) => u.roles.some((r) => r.id === id),
  organisers: (u, id) => u.companyId === id,
};
