import type { Sql } from '../../db/sql.ts';
import { reserve, settle } from '../../db/queries/throttle.ts';
import { withOutcome } from './sign-in-throttle.ts';

/**
 * The limit of refused passkey answers per account (docs/security.md "Two-step sign-in"), the
 * sign-in throttle's way (lib/auth/sign-in-throttle.ts): a counter in login_throttle under
 * `passkey:<user id>`, shared by every process on the database and judged by its clock. At most
 * PASSKEY_ACCOUNT.limit refused answers in PASSKEY_ACCOUNT.windowMs, from any number of sign-ins;
 * a right one starts the count again. Attempts in flight are reserved first, so parallel answers
 * cannot slip past the limit (one over it is refused at once rather than made to wait). Codes
 * have their own lock (services/two-step-codes.ts), which leaves passkeys be.
 */
export const PASSKEY_ACCOUNT = { limit: 10, windowMs: 15 * 60_000 };

/**
 * Runs `check` (a passkey answer's verdict for user `userId`) under the per-account limit:
 * `{ retryAfter }` (whole seconds, at least 1) without running it when the limit is reached; else
 * its result, the attempt counted as a failure when it throws Unauthenticated or Invalid (401,
 * 422), clearing the count when it resolves.
 */
export async function passkeyAttempt<T>(sql: Sql, userId: number, check: () => Promise<T>): Promise<T | { retryAfter: number }> {
  const key = `passkey:${userId}`;
  const [hit] = await reserve(sql, [{ key, ...PASSKEY_ACCOUNT }]);
  if (hit.state !== 'granted') return { retryAfter: Math.max(1, Math.ceil(hit.retryMs / 1000)) };
  return withOutcome(check, async (outcome) => {
    await settle(sql, key, outcome === 'good' ? 'cleared' : outcome === 'failed' ? 'failed' : 'passed');
  });
}
