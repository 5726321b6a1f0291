/**
 * The one e-mail rule of console and API (admin-area §5 "Email pattern"): something without
 * spaces or @, an @, a domain, a dot and a top-level part of at least two characters. Leading
 * and trailing spaces are ignored, as the forms trim what they send. At most EMAIL_MAX_LENGTH
 * characters (after trimming), checked before the pattern runs.
 *
 * isEmail(' ann@example.org ') -> true; isEmail('ann@example') -> false
 */

/** Longest e-mail address accepted, in characters: RFC 5321 §4.5.3.1.3 (a 256-octet path less its angle brackets). */
export const EMAIL_MAX_LENGTH = 254;

/**
 * The spec's pattern `^[^\s@]+@[^\s@]+\.[^\s@]{2,}$`, rewritten so it runs in linear time:
 * the spec's form lets `[^\s@]+` and `\.` compete for every dot of the domain, so a domain of n
 * dots that fails at its end is tried n² ways (a@ + 150,000 dots + @ held the event loop for
 * half a minute). Here the domain is its first character, then everything up to its first later
 * dot (`[^\s@.]*`, which cannot take a dot), the dot, and two or more characters. Same
 * language: a domain has a dot at index 1 … length − 3 exactly when its first dot after index 0
 * is there, since every later dot has fewer characters after it (test/unit/email-rule.test.ts
 * compares both on every short string).
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@][^\s@.]*\.[^\s@]{2,}$/;

/** True when `value` (any type, read as text and trimmed) is an e-mail address of at most EMAIL_MAX_LENGTH characters. */
export function isEmail(value: unknown): boolean {
  const s = String(value ?? '').trim();
  return s.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(s);
}
