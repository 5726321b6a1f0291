/**
 * URL paths as logs may show them: a secret that travels in a path is cut to its first
 * SECRET_KEPT characters and "…" (enough to tell two apart in a log, too few to use one).
 * The request log (http/middleware/request-log.ts) and the error log (http/error-envelope.ts)
 * write paths only through `loggedPath`; metrics label a request by its route pattern
 * (`/api/gallery/:token`), never by its path (http/metrics.ts).
 *
 * The secrets in paths: a participant's gallery token, the segment after `gallery` in the
 * console's page `/gallery/<token>` and in the API's `/api/gallery/<token>/…` (whoever holds it
 * opens the gallery, consents and erases in the participant's name; docs/participants.md).
 * Reset, invitation and unlock tokens never travel in a path: their links carry them in the URL
 * fragment, which browsers do not send, and the API takes them in bodies
 * (lib/auth/account-links.ts); no unsubscribe link exists. A route with a `:token` parameter
 * must have its segment named here: test/unit/logged-path.test.ts walks the app's routes.
 */

/** Path segments after which the next segment is a secret (compared without case). */
export const SECRET_AFTER: readonly string[] = ['gallery'];

/** Characters of a secret a log keeps. */
export const SECRET_KEPT = 4;

/** `secret` as a log may show it: its first SECRET_KEPT characters and "…" ("…" alone when it is no longer). */
export const redactSecret = (secret: string): string => (secret.length > SECRET_KEPT ? `${secret.slice(0, SECRET_KEPT)}…` : '…');

/**
 * `path` (a URL path without its query, as `c.req.path`) with the segment after each of
 * SECRET_AFTER redacted (`redactSecret`): `/api/gallery/AbCdEf…/consent` → `/api/gallery/AbCd…/consent`.
 * One pass over the segments; a path holding no secret is returned as it is.
 */
export function loggedPath(path: string): string {
  const lower = path.toLowerCase();
  if (!SECRET_AFTER.some((word) => lower.includes(`/${word}/`))) return path;
  const segments = path.split('/');
  for (let i = 1; i < segments.length; i++) {
    if (SECRET_AFTER.includes(segments[i - 1].toLowerCase()) && segments[i] !== '') segments[i] = redactSecret(segments[i]);
  }
  return segments.join('/');
}
