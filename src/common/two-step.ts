/**
 * Two-step sign-in's plain rules and words, shared by the API and the console (docs/security.md
 * "Two-step sign-in"). Pure: no DOM, no Node.
 */

/** The issuer an authenticator app shows beside the account. */
export const TWO_STEP_ISSUER = 'Events Back-office';
/** How many recovery codes turning the authenticator on makes (each works once). */
export const RECOVERY_CODES = 10;
/** Wrong attempts one sign-in step allows; the next answers 429. */
export const CODE_ATTEMPTS = 5;
/** How long the second step of a sign-in (or a passkey prompt) waits, in ms. */
export const CHALLENGE_MS = 5 * 60_000;
/** The refusal of a wrong or spent code. */
export const CODE_WRONG = 'The code is not right.';
/** The refusal of every call but enrolment while a role requires two-step sign-in and the user has none. */
export const TWO_STEP_REQUIRED = 'Your role requires two-step sign-in: turn it on in My account.';
/** The refusal of a second step whose challenge is unknown, used or older than CHALLENGE_MS. */
export const CHALLENGE_GONE = 'This sign-in has expired. Please sign in again.';
/** A password set through a link for an account with two-step sign-in: no session, the user signs in with both. */
export const TWO_STEP_AFTER_RESET = 'Your password was changed. Sign in with it and your second step.';
/** How each session was signed in (My account → Sessions), by tokens.signed_in_with. */
export const SIGNED_IN_WITH = { password: 'Password', password_code: 'Password + code', password_passkey: 'Password + passkey', passkey: 'Passkey' } as const;
export type SignedInWith = keyof typeof SIGNED_IN_WITH;
