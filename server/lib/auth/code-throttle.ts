import type { Sql } from '../../db/sql.ts';
import { reserve, settle } from '../../db/queries/throttle.ts';
import { withOutcome } from './sign-in-throttle.ts';

/**
 * The limit of wrong second-step codes per account (docs/security.md "Two-step sign-in"), the
 * sign-in throttle's way (lib/auth/sign-in-throttle.ts): a counter in login_throttle under
 * `code:<user id>`, shared by every process on the database and judged by its clock. At most
 * CODE_ACCOUNT.limit wrong codes (or recovery codes, or passkey answers) in CODE_ACCOUNT.windowMs,
 * from any number of sign-ins; a right one starts the count again. Attempts in flight are
 * reserved first, so parallel guesses cannot slip past the limit (one over it is refused at
 * once rather than made to wait).
 */
export const CODE_ACCOUNT = { limit: 10, windowMs: 15 * 60_000 };

/**
 * Runs `check` (a code's verdict for user `userId`) under the per-account limit: `{ retryAfter }`
 * (whole seconds, at least 1) without running it when the limit is reached; else its result, the
 * attempt counted as a failure when it throws Unauthenticated or Invalid (401, 422), clearing the count when it resolves.
 */
export async function codeAttempt<T>(sql: Sql, userId: number, check: () => Promise<T>): Promise<T | { retryAfter: number }> {
  const key = `code:${userId}`;
  const [hit] = await reserve(sql, [{ key, ...CODE_ACCOUNT }]);
  if (hit.state !== 'granted') return { retryAfter: Math.max(1, Math.ceil(hit.retryMs / 1000)) };
  return withOutcome(check, async (outcome) => { await settle(sql, key, outcome === 'good' ? 'cleared' : outcome === 'failed' ? 'failed' : 'passed'); });
}
