import type { Sql } from '../../db/sql.ts';
import { reserve, settle, sweepEnded, type ThrottleHit, type ThrottleRule } from '../../db/queries/throttle.ts';
import { addressKey } from './address-key.ts';
import { Invalid, Unauthenticated } from '../../runtime/domain-errors.ts';
import { log } from '../../runtime/log.ts';
import { opsEvents } from '../../runtime/ops-events.ts';

/**
 * The sign-in throttle (OWASP Authentication Cheat Sheet "Protect against automated
 * attacks", Laravel's RateLimiter; docs/security.md "Limits"). Two counters of **failed**
 * sign-ins, both in the database (table login_throttle) so every API process on one database
 * shares them, both judged by the database's clock:
 * - per account (the e-mail as typed, trimmed and lower-cased, known or not): at most
 *   ACCOUNT.limit failures in ACCOUNT.windowMs from any number of addresses;
 * - per client address (read by http/client-address.ts and passed in; IPv6 by /64, address-key.ts): at most ADDRESS.limit failures in
 *   ADDRESS.windowMs across accounts.
 * A failure is a sign-in refused as Unauthenticated or Invalid (401 or 422: wrong credentials, a
 * malformed body). A good
 * sign-in never counts and starts its account's count again. An attempt is let through only
 * while a key's failures plus its attempts in flight are under the limit (db/queries/throttle.ts),
 * so parallel guesses cannot slip past it; when only attempts in flight fill it, a new one waits
 * (at most WAIT_MS) until they are settled instead of being refused, so a burst of good sign-ins
 * from one office address all get in. Once the failures reach a limit, the attempt is refused
 * at once (429 with Retry-After).
 */
export const ACCOUNT = { limit: 10, windowMs: 15 * 60_000 };
/** The per-address rule; see ACCOUNT. */
export const ADDRESS = { limit: 20, windowMs: 60_000 };

/** Longest an attempt waits for attempts in flight to be settled before it is refused (ms). */
export const WAIT_MS = 20_000;
/** One sweep of ended windows per this many attempts, on average (keeps the table to live keys). */
const SWEEP_EVERY = 200;

/** A let-through attempt: the keys to settle when its outcome is known. */
export interface Attempt {
  accountKey: string;
  addressKey: string;
}

/**
 * Laravel's auth.throttle words for a wait of `seconds` (the Retry-After): "Too many login
 * attempts. Please try again in 42 seconds." under a minute, else in whole minutes rounded up
 * ("… in 15 minutes.").
 */
export const throttledMessage = (seconds: number) => {
  const [n, unit] = seconds < 60 ? [seconds, 'second'] : [Math.ceil(seconds / 60), 'minute'];
  return `Too many login attempts. Please try again in ${n} ${unit}${n === 1 ? '' : 's'}.`;
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Lets a sign-in attempt for `email` from `address` through both counters. Answers the attempt
 * (settle it with `judged`), or `{ retryAfter }` (whole seconds until the refusing window ends, at
 * least 1; 1 after WAIT_MS of waiting) when a limit is reached; the caller then answers 429 with
 * that Retry-After.
 */
export async function takeAttempt(sql: Sql, email: string, address: string): Promise<Attempt | { retryAfter: number }> {
  const attempt = { accountKey: `acct:${email.trim().toLowerCase()}`, addressKey: `ip:${addressKey(address)}` };
  // Always account first, then address: the upsert locks rows in this order (queries/throttle.ts).
  const rules: ThrottleRule[] = [
    { key: attempt.accountKey, ...ACCOUNT },
    { key: attempt.addressKey, ...ADDRESS },
  ];
  const until = performance.now() + WAIT_MS;
  for (let pause = 10; ; pause = Math.min(pause * 1.5, 200)) {
    const hits = await reserve(sql, rules);
    if (Math.random() * SWEEP_EVERY < 1) void sweepEnded(sql).catch((err) => log.warn({ err }, 'login_throttle sweep failed'));
    if (hits.every((h) => h.state === 'granted')) return attempt;
    // Not let through by every key: what the others let through is released, one row at a time.
    for (const h of hits) if (h.state === 'granted') await settle(sql, h.key, 'passed');
    const refused = hits.filter((h: ThrottleHit) => h.state === 'refused');
    if (refused.length || performance.now() >= until) {
      opsEvents.signInThrottled();
      return { retryAfter: Math.max(1, ...refused.map((h) => Math.ceil(h.retryMs / 1000))) };
    }
    await sleep(pause * (0.5 + Math.random()));
  }
}

/**
 * Runs the credential check `check` of a let-through attempt and settles the attempt by its
 * outcome: resolved (the password was right) clears the account's count and spends nothing of the
 * address's; an Unauthenticated or Invalid (401 or 422) counts as a failure on both; any other error (the server busy, the
 * database away) is not the client's failure and counts on neither. Answers or throws as `check`.
 */
export const judged = <T>(sql: Sql, a: Attempt, check: () => Promise<T>): Promise<T> =>
  withOutcome(check, async (outcome) => {
    if (outcome === 'failed') opsEvents.signInFailed();
    await settle(sql, a.accountKey, outcome === 'good' ? 'cleared' : outcome === 'failed' ? 'failed' : 'passed');
    await settle(sql, a.addressKey, outcome === 'failed' ? 'failed' : 'passed');
  });

/**
 * How a secret check ended, for the throttles that count it: `good` when `check` resolved,
 * `failed` when it threw Unauthenticated or Invalid (401, 422: the client's wrong secret),
 * `undecided` for any other error (the server busy, the database away). `settleAs` runs with the
 * outcome whatever happened; the result or error of `check` passes through.
 */
export async function withOutcome<T>(check: () => Promise<T>, settleAs: (outcome: 'good' | 'failed' | 'undecided') => Promise<void>): Promise<T> {
  let outcome: 'good' | 'failed' | 'undecided' = 'undecided';
  try {
    const result = await check();
    outcome = 'good';
    return result;
  } catch (err) {
    if (err instanceof Unauthenticated || err instanceof Invalid) outcome = 'failed';
    throw err;
  } finally {
    await settleAs(outcome);
  }
}
