/**
 * The one e-mail rule of console and API (admin-area §5 "Email pattern"): something without
 * spaces or @, an @, a domain, a dot and a top-level part of at least two characters.
 * Leading and trailing spaces are ignored, as the forms trim what they send.
 *
 * isEmail(' ann@example.org ') -> true; isEmail('ann@example') -> false
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** True when `value` (any type, read as text and trimmed) is an e-mail address. */
export const isEmail = (value: unknown): boolean => EMAIL_PATTERN.test(String(value ?? '').trim());
