import type { Context } from 'hono';
import { ApiError } from '../../http-error.ts';
import { giveBack, reserve, settle, takeHits, type ThrottleHit, type ThrottleRule } from '../../db/queries/throttle.ts';
import { addressKey, clientAddress, type TrustedProxies } from '../http/client-address.ts';
import type { Sql } from '../../db/sql.ts';

/**
 * Throttle of link-bearing e-mails ("Forgot password?") and password changes (issue 20 §2, §6),
 * per account and per client address, on the sign-in throttle's counters (db/queries/throttle.ts:
 * one atomic upsert, database clock, any number of processes) under keys of their own
 * (`link:acct:<e-mail>`, `link:ip:<address>`, `pw:acct:<user id>`, `pw:ip:<address>`), so neither
 * spends the other's allowance. Every link e-mail asked for counts (`throttle`); of password
 * changes only those whose current password is wrong count (`throttledCheck`), as at sign-in. Keyed by what was typed (the e-mail), never by whether an account
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

/** The rules of `kind` for `account` and the client's address, account first (the order every caller of the upsert keeps). */
function rulesOf(c: Context, kind: 'link' | 'pw', account: string) {
  // Read untyped: lib/ does not import context.ts, which names this module's types (no cycle).
  const config = c.get('config') as { linkLimits?: ThrottleLimits; trustProxy?: TrustedProxies };
  const limits = config.linkLimits ?? LINK_LIMITS;
  const rules: ThrottleRule[] = [
    { key: `${kind}:acct:${account}`, limit: limits.perAccount, windowMs: limits.windowMs },
    { key: `${kind}:ip:${addressKey(clientAddress(c, config.trustProxy))}`, limit: limits.perAddress, windowMs: limits.windowMs },
  ];
  return { sql: c.get('sql') as Sql, rules };
}

/** 429 with throttledMessage and Retry-After (seconds) for the keys that refused. */
function refusal(c: Context, refused: ThrottleHit[]) {
  const seconds = Math.max(1, ...refused.map((h) => Math.ceil(h.retryMs / 1000)));
  c.header('Retry-After', String(seconds));
  return new ApiError(429, throttledMessage(seconds));
}

/**
 * Counts one request of `kind` for `account` (lower-cased e-mail or user id) from the client's
 * address; over either limit (config.linkLimits, else LINK_LIMITS) throws 429 with
 * throttledMessage and sets Retry-After (seconds). A request one key refuses is given back to the
 * other, as at sign-in.
 */
export async function throttle(c: Context, kind: 'link' | 'pw', account: string) {
  const { sql, rules } = rulesOf(c, kind, account);
  const hits = await takeHits(sql, rules);
  const refused = hits.filter((h) => h.state !== 'granted');
  if (!refused.length) return;
  for (const h of hits) if (h.state === 'granted') await giveBack(sql, h.key);
  throw refusal(c, refused);
}

/**
 * Runs the secret check `check` of `kind` for `account` under the throttle, counting it only when
 * it fails: let through while the failures and the checks in flight of both keys are under the
 * limits (else 429 as `throttle`, also while only checks in flight fill them: such a check is
 * rare enough not to wait for); a rejection that `failed` names counts as a failure on both keys,
 * anything else on neither. Answers or throws as `check`.
 */
export async function throttledCheck<T>(c: Context, kind: 'pw', account: string, check: () => Promise<T>, failed: (err: unknown) => boolean): Promise<T> {
  const { sql, rules } = rulesOf(c, kind, account);
  const hits = await reserve(sql, rules);
  const refused = hits.filter((h) => h.state !== 'granted');
  if (refused.length) {
    for (const h of hits) if (h.state === 'granted') await settle(sql, h.key, 'passed');
    throw refusal(c, refused);
  }
  let outcome: 'failed' | 'passed' = 'passed';
  try {
    return await check();
  } catch (err) {
    if (failed(err)) outcome = 'failed';
    throw err;
  } finally {
    for (const r of rules) await settle(sql, r.key, outcome);
  }
}
