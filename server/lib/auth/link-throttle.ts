import { Busy } from '../../runtime/domain-errors.ts';
import { giveBack, reserve, settle, takeHits, type ThrottleHit, type ThrottleRule } from '../../db/queries/throttle.ts';
import { addressKey } from './address-key.ts';
import type { Sql } from '../../db/sql.ts';

/**
 * Throttle of link-bearing e-mails ("Forgot password?") and password changes,
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

/**
 * What a throttled call is counted against: the database holding the counters, the client's
 * address (http/client-address.ts reads it from the request) and the limits
 * (config.linkLimits; LINK_LIMITS when absent).
 */
export interface ThrottleScope {
  sql: Sql;
  address: string;
  limits?: ThrottleLimits;
}

/** The rules of `kind` for `account` and the client's address, account first (the order every caller of the upsert keeps). */
function rulesOf(scope: ThrottleScope, kind: 'link' | 'pw', account: string): ThrottleRule[] {
  const limits = scope.limits ?? LINK_LIMITS;
  return [
    { key: `${kind}:acct:${account}`, limit: limits.perAccount, windowMs: limits.windowMs },
    { key: `${kind}:ip:${addressKey(scope.address)}`, limit: limits.perAddress, windowMs: limits.windowMs },
  ];
}

/** Busy 'throttled' (429) with throttledMessage and the wait (whole seconds, its Retry-After) of the keys that refused. */
function refusal(refused: ThrottleHit[]) {
  const seconds = Math.max(1, ...refused.map((h) => Math.ceil(h.retryMs / 1000)));
  return new Busy(throttledMessage(seconds), 'throttled', undefined, seconds);
}

/**
 * Counts one request of `kind` for `account` (lower-cased e-mail or user id) from the scope's
 * address; over either limit throws Busy 'throttled' (429 with throttledMessage and Retry-After,
 * seconds). A request one key refuses is given back to the other, as at sign-in.
 */
export async function throttle(scope: ThrottleScope, kind: 'link' | 'pw', account: string) {
  const { sql } = scope;
  const rules = rulesOf(scope, kind, account);
  const hits = await takeHits(sql, rules);
  const refused = hits.filter((h) => h.state !== 'granted');
  if (!refused.length) return;
  for (const h of hits) if (h.state === 'granted') await giveBack(sql, h.key);
  throw refusal(refused);
}

/**
 * Runs the secret check `check` of `kind` for `account` under the throttle, counting it only when
 * it fails: let through while the failures and the checks in flight of both keys are under the
 * limits (else 429 as `throttle`, also while only checks in flight fill them: such a check is
 * rare enough not to wait for); a rejection that `failed` names counts as a failure on both keys,
 * anything else on neither. Answers or throws as `check`.
 */
export async function throttledCheck<T>(
  scope: ThrottleScope,
  kind: 'pw',
  account: string,
  check: () => Promise<T>,
  failed: (err: unknown) => boolean,
): Promise<T> {
  const { sql } = scope;
  const rules = rulesOf(scope, kind, account);
  const hits = await reserve(sql, rules);
  const refused = hits.filter((h) => h.state !== 'granted');
  if (refused.length) {
    for (const h of hits) if (h.state === 'granted') await settle(sql, h.key, 'passed');
    throw refusal(refused);
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
