import type { Context } from 'hono';
import { ApiError } from '../../http-error.ts';
import { giveBack, takeHits, type ThrottleRule } from '../../db/queries/throttle.ts';
import { addressKey, clientAddress, type TrustedProxies } from '../http/client-address.ts';
import type { Sql } from '../../db/sql.ts';

/**
 * Throttle of link-bearing e-mails ("Forgot password?") and password changes (issue 20 §2, §6),
 * per account and per client address, on the sign-in throttle's counters (db/queries/throttle.ts:
 * one atomic upsert, database clock, any number of processes) under keys of their own
 * (`link:acct:<e-mail>`, `link:ip:<address>`, `pw:acct:<user id>`, `pw:ip:<address>`), so neither
 * spends the other's allowance. Keyed by what was typed (the e-mail), never by whether an account
 * has it, so a throttled unknown address and a throttled known one answer alike.
 */
export interface ThrottleLimits {
  /** Requests one account (an e-mail address, or a user id) may make per window. */
  perAccount: number;
  /** Requests one client address (IPv6: its /64) may make per window. */
  perAddress: number;
  /** The window, in milliseconds. */
  windowMs: number;
}

/** Defaults: 5 per account and 20 per address in 15 minutes. */
export const LINK_LIMITS: ThrottleLimits = { perAccount: 5, perAddress: 20, windowMs: 15 * 60_000 };

/** The refusal's words for a wait of `seconds`: "Too many requests. Please try again in 15 minutes." */
export const throttledMessage = (seconds: number) => {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `Too many requests. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
};

/**
 * Counts one request of `kind` for `account` (lower-cased e-mail or user id) from the client's
 * address; over either limit (config.linkLimits, else LINK_LIMITS) throws 429 with
 * throttledMessage and sets Retry-After (seconds). A request one key refuses is given back to the
 * other, as at sign-in.
 */
export async function throttle(c: Context, kind: 'link' | 'pw', account: string) {
  // Read untyped: lib/ does not import context.ts, which names this module's types (no cycle).
  const config = c.get('config') as { linkLimits?: ThrottleLimits; trustProxy?: TrustedProxies };
  const limits = config.linkLimits ?? LINK_LIMITS;
  const sql = c.get('sql') as Sql;
  // Account first, then address: the order every caller of takeHits keeps.
  const rules: ThrottleRule[] = [
    { key: `${kind}:acct:${account}`, limit: limits.perAccount, windowMs: limits.windowMs },
    { key: `${kind}:ip:${addressKey(clientAddress(c, config.trustProxy))}`, limit: limits.perAddress, windowMs: limits.windowMs },
  ];
  const hits = await takeHits(sql, rules);
  const refused = hits.filter((h) => !h.granted);
  if (!refused.length) return;
  for (const h of hits) if (h.granted) await giveBack(sql, h.key);
  const seconds = Math.max(1, ...refused.map((h) => Math.ceil(h.retryMs / 1000)));
  c.header('Retry-After', String(seconds));
  throw new ApiError(429, throttledMessage(seconds));
}
