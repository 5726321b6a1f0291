import type { Sql } from '../../db/sql.ts';
import { loadAuthUser, type AuthUser } from '../../db/queries/auth.ts';
import { liveApiToken, touchApiToken } from '../../db/queries/api-tokens.ts';
import { takeHits } from '../../db/queries/throttle.ts';
import { Busy, Refused, Unauthenticated } from '../../runtime/domain-errors.ts';
import { sha256 } from './passwords.ts';
import { throttledMessage } from './link-throttle.ts';
import { scopeList, scopeOfCall, TOKEN_PATTERN } from '../../../src/common/api-tokens.ts';

/**
 * A call made with an API token (`Authorization: Bearer ebo_…`; docs/integrations.md "API
 * tokens"), judged afresh at every call: nothing about tokens is cached, so a
 * revoked or expired token is refused at once by every process, and the owner's role, abilities
 * and organiser are read as they are now. The routes then check the owner as for a session
 * (abilities, screens, organiser), so a token never does more than its owner may do now.
 */

/** Calls one token may make per window, and the window (ms). */
export interface TokenLimits {
  calls: number;
  windowMs: number;
}
/** Default: 600 calls a minute per token (env API_TOKEN_RATE). */
export const TOKEN_LIMITS: TokenLimits = { calls: 600, windowMs: 60_000 };
/** How often a token's last use is written at most (ms), unless its address changed. */
const TOUCH_EVERY_MS = 60_000;

/** Refusal of a call no token may make, or of a call of no resource (src/common/api-tokens.ts scopeOfCall). */
export const NOT_BY_TOKEN = 'This call cannot be made with an API token.';
/** Refusal of a call the token's scopes do not open. */
export const missingScope = (scope: string) => `This API token does not have the scope ${scope}.`;

/**
 * The owner of API token `token` for a call `method` `path` from `ip`, its `apiToken` set:
 *   - 401 Unauthenticated "Unauthenticated." for a malformed, unknown, revoked or expired token;
 *   - 429 Busy 'throttled' (Retry-After) past `limits` calls of this token in the window, counted
 *     on the database (any number of processes; db/queries/throttle.ts);
 *   - 403 Refused NOT_BY_TOKEN for a call no token may make, missingScope for a scope it lacks.
 * An organiser that is not Active, a role that lost an ability, a two-step requirement: the
 * caller (http/middleware/auth.ts) and the routes refuse them as for a session.
 */
export async function apiTokenUser(
  sql: Sql,
  token: string,
  call: { method: string; path: string; ip: string; now: number },
  limits: TokenLimits = TOKEN_LIMITS,
): Promise<AuthUser> {
  if (!TOKEN_PATTERN.test(token)) throw new Unauthenticated('Unauthenticated.');
  const row = await liveApiToken(sql, sha256(token));
  const user = row && (await loadAuthUser(sql, Number(row.user_id)));
  if (!row || !user) throw new Unauthenticated('Unauthenticated.');
  const key = `api:token:${row.id}`;
  const [hit] = await takeHits(sql, [{ key, limit: limits.calls, windowMs: limits.windowMs }]);
  if (hit.state !== 'granted') {
    const seconds = Math.max(1, Math.ceil(hit.retryMs / 1000));
    throw new Busy(throttledMessage(seconds), 'throttled', undefined, seconds);
  }
  const needs = scopeOfCall(call.method, call.path);
  if (needs.kind !== 'scope') throw new Refused(NOT_BY_TOKEN);
  if (!scopeList(row.scopes).includes(needs.scope)) throw new Refused(missingScope(needs.scope));
  if (row.last_used_at === null || call.now - Number(row.last_used_at) >= TOUCH_EVERY_MS || row.last_used_ip !== call.ip) {
    await touchApiToken(sql, Number(row.id), call.now, call.ip.slice(0, 64));
  }
  user.apiToken = { id: Number(row.id), name: row.name, prefix: row.prefix };
  return user;
}
