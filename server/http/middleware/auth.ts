import type { Context, Hono, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context.ts';
import type { AbilityKey, AdminScreenKey } from '../../../src/common/resources.ts';
import { ApiError, forbidden } from '../http-error.ts';
import { tokenAuthUser, type AuthUser } from '../../db/queries/auth.ts';
import { sha256 } from '../../lib/auth/passwords.ts';
import { allowedScreens, mayOpen } from '../../lib/auth/screens.ts';
import type { Sql } from '../../db/sql.ts';
import { sessionTouchDue, touchSession } from '../../db/queries/sessions.ts';
import { repeated, requestHeader } from '../request-headers.ts';
import { clientAddress } from '../client-address.ts';
import { requiredId } from '../validate.ts';

import { INACTIVE_ORGANISER } from '../../lib/auth/session-cache.ts';
import { TWO_STEP_REQUIRED } from '../../../src/common/two-step.ts';
import { TOKEN_PREFIX } from '../../../src/common/api-tokens.ts';
import { apiTokenUser } from '../../lib/auth/api-token-auth.ts';
/** Refusal for a user of an organiser that is not Active (lib/auth/session-cache.ts). */
export { INACTIVE_ORGANISER };

/**
 * 403 unless the user holds one of `abilities` (keys of src/common/abilities.ts, e.g.
 * `requireAbility('users.delete')`; several mean any one of them). Admin holds all; company none.
 * Screens still decide what a role sees (requireScreen); each admin call needs both. Run after requireUser.
 */
export const requireAbility =
  (...abilities: AbilityKey[]): MiddlewareHandler<AppEnv> =>
  (c, next) => {
    const held = c.get('user').abilities;
    if (!abilities.some((a) => held.has(a))) throw forbidden(`You do not have the permission to ${describe(abilities[0])}.`);
    return next();
  };

/** "users.delete" -> "delete users", for refusal messages. */
const describe = (key: string) => key.split('.').reverse().join(' ');

/** Reads the bearer token of the request, or ''. */
export const bearer = (header: string | undefined) => (header?.match(/^Bearer\s+(.+)$/i)?.[1] ?? '').trim();
/** The SHA-256 of this request's bearer token, as sessions are stored: the caller's own session (sign-out, "keep this session"). */
export const sessionHashOf = (c: Context) => sha256(bearer(c.req.header('authorization')));

/**
 * 401 unless the request carries a live token of a user whose organiser (if any) is Active;
 * puts the user in `c.get('user')`. The session is read through the app's session cache
 * (lib/auth/session-cache.ts): at most SESSION_CACHE_MS old, forgotten after any
 * writing request. Setting an organiser In-Active thus ends its users' sessions. Runs once per
 * request however many routers put it in front of a route.
 */
export const requireUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  // A route behind requireUser more than once (its routers' and its own) checks the caller once: the first found it.
  if (c.get('user')) return next();
  // Two Authorization headers are read as before Node's own header store was used: joined, so no token.
  const token = bearer(repeated(c, 'authorization') ? c.req.header('authorization') : requestHeader(c, 'authorization'));
  const sql = c.get('sql');
  if (token.startsWith(TOKEN_PREFIX)) return tokenCall(c, next, token);
  const hash = token ? sha256(token) : '';
  // Per-process cache (lib/auth/session-cache.ts): a revoked session is refused here within 1 s.
  const user = token ? await c.get('sessions').lookup(hash, () => tokenAuthUser(sql, hash)) : undefined;
  if (!user) throw new ApiError(401, 'Unauthenticated.');
  if (!user.companyActive) throw new ApiError(401, INACTIVE_ORGANISER);
  c.set('user', user);
  if (user.twoStepPending && !openWhileEnrolling(c.req.method, c.req.path)) throw new ApiError(403, TWO_STEP_REQUIRED, undefined, { two_step_required: true });
  // My account → Sessions: this browser, address and last use (written at most once a minute).
  if (sessionTouchDue(hash)) await touchSession(sql, hash, requestHeader(c, 'user-agent') ?? '', clientAddress(c, c.get('config').trustProxy));
  await next();
};

/**
 * requireUser for a call made with an API token (`ebo_…`; lib/auth/api-token-auth.ts): the token
 * and its owner read afresh (401, 429, 403 for a call its scopes do not open), then the owner
 * judged as a session's user is (401 for an organiser that is not Active, 403 while two-step
 * enrolment is pending: no call open then is open to a token). No session cache, no session touch.
 */
async function tokenCall(c: Context<AppEnv>, next: () => Promise<void>, token: string) {
  const config = c.get('config');
  const call = { method: c.req.method, path: c.req.path, ip: clientAddress(c, config.trustProxy), now: config.now() };
  const user = await apiTokenUser(c.get('sql'), token, call, config.apiTokenLimits);
  if (!user.companyActive) throw new ApiError(401, INACTIVE_ORGANISER);
  c.set('user', user);
  if (user.twoStepPending) throw new ApiError(403, TWO_STEP_REQUIRED, undefined, { two_step_required: true });
  await next();
}

/** Whether a request carries an API token (`Authorization: Bearer ebo_…`): such a call needs no XSRF cookie (app.ts). */
export const carriesApiToken = (c: Context) => {
  const header = requestHeader(c, 'authorization');
  // A header without the prefix anywhere carries no API token: no pattern run for a session's bearer token.
  return !!header?.includes(TOKEN_PREFIX) && bearer(header).startsWith(TOKEN_PREFIX);
};

/**
 * The calls a user whose role requires two-step sign-in may make before turning it on: My
 * account (read), its sessions, their language and time zone, two-step enrolment and passkeys, and sign-out. Every other call
 * answers 403 TWO_STEP_REQUIRED with data `{ two_step_required: true }` (the console then opens My account).
 */
export const openWhileEnrolling = (method: string, path: string) =>
  (method === 'GET' && (path === '/api/account' || path === '/api/account/sessions')) ||
  path === '/api/logout' ||
  path === '/api/account/language' ||
  path === '/api/account/time-zone' ||
  /^\/api\/account\/(two-step|passkeys)(\/|$)/.test(path);

/**
 * Puts requireUser on each of `paths` of `app`, a router mounted at '/' beside others (where '*'
 * would reach their paths too, sign-in included); resolves to `app` for chaining.
 * Example: requireUserOn(new Hono<AppEnv>(), '/event', '/event/*').
 */
export function requireUserOn<A extends Hono<AppEnv>>(app: A, ...paths: string[]): A {
  for (const p of paths) app.use(p, requireUser);
  return app;
}

/**
 * 403 unless the user may open one of `screens` (admin-area §6 via DESIGN.md §3): the same rule
 * route/check answers, so hiding a menu and refusing the call never disagree. Run after requireUser.
 */
export const requireScreen =
  (...screens: AdminScreenKey[]): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    const user = c.get('user');
    // Admin opens every screen: no query and no Set for the commonest caller.
    if (!user.isAdmin) {
      const allowed = await allowedScreens(c.get('sql'), user);
      if (allowed !== 'all' && !screens.some((s) => allowed.has(s))) throw forbidden('You are not allowed to do this.');
    }
    await next();
  };

/**
 * Organiser scoping (DESIGN.md §3): a company user reaches only its own organiser; admins and
 * roles with the Organizers screen reach any. Throws 403 otherwise. Returns the company id.
 */
/**
 * The organiser a list call names in `field` of `input` (query or body: "organizer_id",
 * "company_id"), after the access check: 422 "The company id field is required." / "must be an
 * integer." unless it is an id, 403 for another organiser's. Resolves to its id.
 */
export const organiserNamed = (sql: Sql, user: AuthUser, input: Record<string, string | undefined>, field: string) =>
  assertOrganiserAccess(sql, user, requiredId(input[field], field));

export async function assertOrganiserAccess(sql: Sql, user: AuthUser, companyId: number): Promise<number> {
  if (user.isCompany) {
    if (user.companyId !== companyId) throw forbidden('This organiser is not yours.');
    return companyId;
  }
  if (user.abilities.has('organisers.view') && (await mayOpen(sql, user, 'organizers'))) return companyId;
  throw forbidden('You are not allowed to do this.');
}

/** Re-exported for routes: the screens rule lives in lib/auth/screens.ts. */
export { allowedScreens, mayOpen };
