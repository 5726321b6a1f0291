import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Sql } from '../../db/sql.ts';
import { findAccountToken, insertAccountToken, type AccountTokenRow, type LinkPurpose } from '../../db/queries/account-tokens.ts';
import { INVITE_LINK_MS, RESET_LINK_MS, type LinkStateName } from '../../../src/common/mail-rules.ts';
import { UNLOCK_LINK_MS } from '../../../src/common/two-step.ts';
import { sha256 } from './passwords.ts';

/**
 * Reset, invitation and unlock links. The token is `selector.secret`: a 12-byte
 * random selector finds the row, the 32-byte random secret is stored only as its SHA-256 and
 * compared in constant time. Links put the token in the URL fragment (`/reset-password#…`,
 * `/invitation#…`, `/unlock-two-step#…`), which browsers never send to the server, so no request log or proxy sees it.
 * A link's life (RESET_LINK_MS, INVITE_LINK_MS, UNLOCK_LINK_MS) starts and ends by the database's clock
 * (db/queries/account-tokens.ts), never this process's.
 */
const TOKEN = /^([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{43})$/;
/** Each purpose's life (ms) and the console page its link opens. */
const LIFE: Record<LinkPurpose, number> = { reset: RESET_LINK_MS, invite: INVITE_LINK_MS, unlock: UNLOCK_LINK_MS };
const PAGE: Record<LinkPurpose, string> = { reset: 'reset-password', invite: 'invitation', unlock: 'unlock-two-step' };

/**
 * Makes and stores a new link token for `userId`; resolves to the token to put in the e-mail. Its
 * expiry is the database's now plus the purpose's life; `_processNow` is not read (a skewed
 * process clock must not move it).
 */
export async function issueLinkToken(tx: Sql, userId: number, purpose: LinkPurpose, _processNow?: number): Promise<string> {
  const selector = randomBytes(12).toString('base64url');
  const secret = randomBytes(32).toString('base64url');
  await insertAccountToken(tx, { userId, purpose, selector, secretHash: sha256(secret), ttlMs: LIFE[purpose] });
  return `${selector}.${secret}`;
}

/** The page a link opens: `${base}/reset-password#token`, `${base}/invitation#token` or `${base}/unlock-two-step#token`. */
export const linkUrl = (base: string, purpose: LinkPurpose, token: string) => `${base.replace(/\/+$/, '')}/${PAGE[purpose]}#${token}`;

/**
 * What a presented token is: valid (with its row), used, expired (by the database's clock), or
 * invalid (malformed, unknown, wrong secret, or made for a purpose not in `purposes`: an unlock
 * link sets no password, a reset link unlocks nothing).
 */
export async function checkLinkToken(sql: Sql, token: string, purposes: readonly LinkPurpose[]): Promise<{ state: LinkStateName; row?: AccountTokenRow }> {
  const m = TOKEN.exec(token);
  if (!m) return { state: 'invalid' };
  const row = await findAccountToken(sql, m[1]);
  const presented = Buffer.from(sha256(m[2]), 'hex');
  // Compared even for an unknown selector (against itself), so both cost the same.
  const stored = row ? Buffer.from(row.secret_hash, 'hex') : Buffer.alloc(presented.length);
  const same = stored.length === presented.length && timingSafeEqual(stored, presented);
  if (!row || !same || !purposes.includes(row.purpose)) return { state: 'invalid' };
  if (row.used_at !== null) return { state: 'used', row };
  if (row.expired) return { state: 'expired', row };
  return { state: 'valid', row };
}
