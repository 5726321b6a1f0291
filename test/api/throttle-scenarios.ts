import * as assert from 'uvu/assert';
import { loginFrom, loopbackRange } from './source-address.ts';

/**
 * The attacks the sign-in throttle must stop them, against one or more API
 * processes (`bases`, taken in turn) on one database. A 401 answer means a password was
 * compared; 429 means the throttle refused before any work. Each answers the counts.
 */

/** Counts the answers: 401 (password compared), 429 (throttled), anything else listed. */
function tally(answers: { status: number; retryAfter?: number }[]) {
  const checked = answers.filter((a) => a.status === 401).length;
  const throttled = answers.filter((a) => a.status === 429);
  const other = answers.filter((a) => a.status !== 401 && a.status !== 429).map((a) => a.status);
  return { checked, throttled: throttled.length, retryAfter: throttled.map((a) => a.retryAfter ?? NaN), other };
}

/** 120 wrong passwords for `email`, all at once, 2 from each of the 60 loopback addresses 127.0.2.1 … 127.0.2.60. */
export async function guessOneAccountFrom60(bases: string[], email: string) {
  const from = loopbackRange(60);
  const answers = await Promise.all(
    Array.from({ length: 120 }, (_, i) => loginFrom(bases[i % bases.length], from[i % 60], { email, password: `Wrong-guess-${i}` })),
  );
  return tally(answers);
}

/** 100 wrong sign-ins, each for a different e-mail (`prefix`-i@example.com; `known` the first ones), all at once from `from`. */
export async function manyEmailsFromOne(bases: string[], from: string, prefix: string) {
  const answers = await Promise.all(
    Array.from({ length: 100 }, (_, i) => loginFrom(bases[i % bases.length], from, { email: `${prefix}-${i}@example.com`, password: 'Wrong-guess-1' })),
  );
  return tally(answers);
}

/**
 * Asserts a tally: exactly `limit` passwords compared (in these runs only one counter can refuse,
 * so the limit is also reached), the rest 429 with a Retry-After in (0, windowS].
 */
export function assertThrottled(t: ReturnType<typeof tally>, total: number, limit: number, windowS: number) {
  assert.equal(t.other, [], 'only 401 and 429 answers');
  assert.is(t.checked, limit, `${t.checked} passwords compared (limit ${limit})`);
  assert.is(t.checked + t.throttled, total);
  for (const s of t.retryAfter) assert.ok(s > 0 && s <= windowS, `Retry-After ${s}`);
}
