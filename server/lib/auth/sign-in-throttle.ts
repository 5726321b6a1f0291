import type { Sql } from '../../db/sql.ts';
import { clearKey, giveBack, sweepEnded, takeHits, type ThrottleRule } from '../../db/queries/throttle.ts';
import { addressKey } from '../http/client-address.ts';
import { log } from '../runtime/log.ts';

/**
 * The sign-in throttle (issue 17 §2; OWASP Authentication Cheat Sheet "Protect against automated
 * attacks", Laravel's RateLimiter; docs/security.md "Limits"). Two counters, both in the database
 * (table login_throttle) so every API process on one database shares them, both judged by the
 * database's clock:
 * - per account (the e-mail as typed, trimmed and lower-cased, known or not): at most
 *   ACCOUNT.limit attempts in ACCOUNT.windowMs from any number of addresses;
 * - per client address (lib/http/client-address.ts; IPv6 by /64): at most ADDRESS.limit attempts in
 *   ADDRESS.windowMs across accounts.
 * An attempt is counted before its body is validated and its password compared, so parallel
 * guesses cannot slip past the limit. One refused by either counter is given back to the other
 * (it checked no password); a good sign-in clears its account's count and gives its address's back.
 */
export const ACCOUNT = { limit: 10, windowMs: 15 * 60_000 };
/** The per-address rule; see ACCOUNT. */
export const ADDRESS = { limit: 20, windowMs: 60_000 };

/** One sweep of ended windows per this many attempts, on average (keeps the table to live keys). */
const SWEEP_EVERY = 200;

/** A let-through attempt: the keys to settle when its outcome is known. */
export interface Attempt { accountKey: string; addressKey: string }

/**
 * Laravel's auth.throttle words for a wait of `seconds` (the Retry-After): "Too many login
 * attempts. Please try again in 42 seconds." under a minute, else in whole minutes rounded up
 * ("… in 15 minutes.").
 */
export const throttledMessage = (seconds: number) => {
  const [n, unit] = seconds < 60 ? [seconds, 'second'] : [Math.ceil(seconds / 60), 'minute'];
  return `Too many login attempts. Please try again in ${n} ${unit}${n === 1 ? '' : 's'}.`;
};

/**
 * Counts a sign-in attempt for `email` from `address`. Answers the attempt to settle later, or
 * `{ retryAfter }` (whole seconds until the refusing window ends, at least 1) when either limit
 * is reached; the caller then answers 429 with that Retry-After.
 */
export async function takeAttempt(sql: Sql, email: string, address: string): Promise<Attempt | { retryAfter: number }> {
  const attempt = { accountKey: `acct:${email.trim().toLowerCase()}`, addressKey: `ip:${addressKey(address)}` };
  // Always account first, then address: the upsert locks rows in this order (queries/throttle.ts).
  const rules: ThrottleRule[] = [{ key: attempt.accountKey, ...ACCOUNT }, { key: attempt.addressKey, ...ADDRESS }];
  const hits = await takeHits(sql, rules);
  if (Math.random() * SWEEP_EVERY < 1) void sweepEnded(sql).catch((err) => log.warn({ err }, 'login_throttle sweep failed'));
  const refused = hits.filter((h) => !h.granted);
  if (!refused.length) return attempt;
  await Promise.all(hits.filter((h) => h.granted).map((h) => giveBack(sql, h.key)));
  return { retryAfter: Math.max(1, ...refused.map((h) => Math.ceil(h.retryMs / 1000))) };
}

/** A good sign-in: the account's count starts again and the address's attempt is given back. */
export async function attemptSucceeded(sql: Sql, a: Attempt): Promise<void> {
  await Promise.all([clearKey(sql, a.accountKey), giveBack(sql, a.addressKey)]);
}
