import { randomBytes } from 'node:crypto';
import type { Sql } from '../db/sql.ts';
import type { AuthUser } from '../db/queries/auth.ts';
import * as q from '../db/queries/api-tokens.ts';
import { sha256 } from '../lib/auth/passwords.ts';
import { recordActivity, type Who } from '../lib/activity/record.ts';
import { Conflict, Invalid, NotFound } from '../runtime/domain-errors.ts';
import { MAX_TOKEN_DAYS, MAX_TOKENS_PER_USER, SHOWN_PREFIX, TOKEN_PREFIX, scopeList } from '../../src/common/api-tokens.ts';
import type { ApiTokenView, CreatedToken, TokenInput } from '../../src/common/contract/tokens.ts';

/**
 * API tokens (docs/integrations.md "API tokens"): a signed-in user makes, lists
 * and revokes its own tokens (routes/tokens.ts, by session only). The secret is `ebo_` and 32
 * random bytes in base64url, answered once; only its SHA-256 is stored. Making and revoking are
 * activity rows (resource `api_tokens`) in the same transaction. Calls made with a token are
 * authenticated and scoped by http/middleware/api-token.ts.
 */

const DAY_MS = 86_400_000;
/** Rows a list answers at most: the live tokens (MAX_TOKENS_PER_USER) and the expired ones kept beside them. */
const LIST_LIMIT = 200;

/** A row as the owner's list shows it. */
const view = (r: q.ApiTokenRow): ApiTokenView => ({
  id: Number(r.id),
  name: r.name,
  prefix: r.prefix,
  scopes: scopeList(r.scopes),
  created_at: Number(r.created_at),
  expires_at: Number(r.expires_at),
  last_used_at: r.last_used_at === null ? null : Number(r.last_used_at),
  last_used_ip: r.last_used_ip,
  expired: Number(r.expired) === 1,
});

/** The user's tokens that are not revoked, newest first (expired ones marked `expired`). */
export const listTokens = async (sql: Sql, user: AuthUser): Promise<ApiTokenView[]> => (await q.userApiTokens(sql, user.id, LIST_LIMIT)).map(view);

/**
 * Makes a token for `user` (input checked by the contract's TokenInput): 422 on `expires_at`
 * unless its day is after today (UTC, by `now`) and at most MAX_TOKEN_DAYS days ahead; 409 when
 * the user already holds MAX_TOKENS_PER_USER live tokens. Answers the token as listed plus its
 * secret (`token`), which is never stored nor shown again.
 */
export async function createToken(sql: Sql, user: AuthUser, who: Who, input: TokenInput, now: number): Promise<CreatedToken> {
  const expiresAt = Date.parse(`${input.expires_at}T00:00:00Z`);
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  if (!(expiresAt > today)) throw new Invalid({ expires_at: ['The expiry date must be a date after today.'] });
  if (expiresAt > today + MAX_TOKEN_DAYS * DAY_MS) throw new Invalid({ expires_at: [`The expiry date may be at most ${MAX_TOKEN_DAYS} days ahead.`] });
  const scopes = scopeList(Array.isArray(input.scopes) ? input.scopes.join(' ') : (input.scopes ?? ''));
  const name = input.name.trim();
  const token = TOKEN_PREFIX + randomBytes(32).toString('base64url');
  const prefix = token.slice(0, SHOWN_PREFIX);
  const id = await sql.transaction(async (tx) => {
    if ((await q.liveApiTokenCount(tx, user.id)) >= MAX_TOKENS_PER_USER)
      throw new Conflict(`You already have ${MAX_TOKENS_PER_USER} API tokens: revoke one before making another.`);
    const id = await q.insertApiToken(tx, { userId: user.id, name, prefix, hash: sha256(token), scopes: scopes.join(' '), createdAt: now, expiresAt });
    await recordActivity(tx, who, {
      resource: 'api_tokens',
      action: 'create',
      id,
      label: name,
      organiserId: user.companyId,
      changes: { prefix: { from: null, to: prefix }, scopes: { from: null, to: scopes }, expires_at: { from: null, to: input.expires_at } },
    });
    return id;
  });
  return {
    id,
    name,
    prefix,
    scopes,
    created_at: now,
    expires_at: expiresAt,
    last_used_at: null,
    last_used_ip: '',
    expired: false,
    token,
  };
}

/**
 * Revokes the user's token `id` (404 "API token not found." for none, another user's or one
 * already revoked). Nothing caches tokens, so its next call on any process is refused (401).
 */
export async function revokeToken(sql: Sql, user: AuthUser, who: Who, id: number, now: number): Promise<void> {
  await sql.transaction(async (tx) => {
    const row = await q.ownApiToken(tx, user.id, id);
    if (!row || (await q.revokeApiToken(tx, id, now)) !== 1) throw new NotFound('API token');
    await recordActivity(tx, who, {
      resource: 'api_tokens',
      action: 'delete',
      id,
      label: row.name,
      organiserId: user.companyId,
      changes: { prefix: { from: row.prefix, to: null }, scopes: { from: scopeList(row.scopes), to: null } },
    });
  });
}
