/**
 * The password rule's pattern (admin-area §5 "password pattern", §9 "minimum 8 characters";
 * DESIGN.md §3): at least 8 characters with a digit, an upper-case and a lower-case letter. Its
 * message and check are common/password.ts; this module holds the pattern alone so the sign-in
 * script (src/lib/validators.ts, worded from the catalogs) carries no English message. Pure.
 */
export const PASSWORD_PATTERN = /^(?=.*\d)(?=.*[a-z])(?=.*[A-Z]).{8,}$/;
