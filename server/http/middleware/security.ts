import { Hono, type Context, type Env, type MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';

/** hono/secure-headers' options (the package does not export their type by name). */
type SecureHeadersOptions = NonNullable<Parameters<typeof secureHeaders>[0]>;
import { setCookie } from 'hono/cookie';
import { hash, randomBytes, timingSafeEqual } from 'node:crypto';
import { ApiError, notFound, validationError } from '../http-error.ts';
import { hasBadText } from '../text.ts';
import { requestHeader } from '../request-headers.ts';

/** HSTS: a year, subdomains included (the console and API are served over https in production). */
export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * The security policy, as hono/secure-headers options: a CSP with no inline script, no framing,
 * no sniffing, same-origin referrers and opener, and HSTS. Images and videos may come from any
 * https host (photo and video links are external); frames only from the video site used for live
 * videos (organiser-console §2). Cross-Origin-Resource-Policy and the legacy headers stay off:
 * CORP would stop other sites showing stored photos.
 */
export const SECURITY_POLICY: SecureHeadersOptions = {
  contentSecurityPolicy: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'"],
    imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
    mediaSrc: ["'self'", 'blob:', 'https:'],
    fontSrc: ["'self'"],
    connectSrc: ["'self'"],
    frameSrc: ['https://www.youtube.com', 'https://www.youtube-nocookie.com'],
    frameAncestors: ["'none'"],
    baseUri: ["'none'"],
    formAction: ["'self'"],
    objectSrc: ["'none'"],
  },
  crossOriginOpenerPolicy: 'same-origin',
  referrerPolicy: 'same-origin',
  strictTransportSecurity: HSTS,
  xContentTypeOptions: 'nosniff',
  xFrameOptions: 'DENY',
  crossOriginEmbedderPolicy: false,
  crossOriginResourcePolicy: false,
  originAgentCluster: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
};

/**
 * The headers hono/secure-headers sets for SECURITY_POLICY, read once at start from one answer of
 * a throw-away app, and set by http/middleware/front.ts on every response from this frozen object: the
 * library decides the header values, and no response pays for building them. Lower-case names, as
 * @hono/node-server writes them.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = await (async () => {
  const probe = new Hono().use(secureHeaders(SECURITY_POLICY)).get('/', (c) => c.body(null, 204));
  const res = await probe.request('/');
  return Object.freeze(Object.fromEntries([...res.headers].filter(([k]) => k !== 'content-type')));
})();

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * What an XSRF token may look like once percent-decoded: 1 to 256 URL-unreserved ASCII
 * characters. Ours are 27 base64url characters; anything else (non-ASCII, control characters,
 * leftover `%`, longer values) is malformed.
 */
const TOKEN = /^[A-Za-z0-9._~-]{1,256}$/;
const digest = (s: string) => hash('sha256', s, 'buffer');
/** Equal tokens, compared in constant time over fixed-length digests (never two buffers of different lengths). */
const same = (a: string, b: string) => timingSafeEqual(digest(a), digest(b));

const mismatch = () => new ApiError(419, 'CSRF token mismatch.');
const malformed = () => new ApiError(403, 'The XSRF token is malformed.');
/** `decodeURIComponent(s)`, or null when it throws; a string without `%` is its own decoding (the common case, no call). */
const decodeOrNull = (s: string) => {
  if (!s.includes('%')) return s;
  try {
    return decodeURIComponent(s);
  } catch {
    return null;
  }
};

/** The XSRF cookie as sent: its raw value ('' when missing), read without decoding. */
function rawCookie<E extends Env>(c: Context<E>): string {
  const m = XSRF_COOKIE.exec(requestHeader(c, 'cookie') ?? '');
  if (!m) return '';
  const v = m[1].trim();
  return v.charCodeAt(0) === 34 ? v.replace(/^"(.*)"$/, '$1') : v; // 34: '"', a quoted value loses its quotes
}

/** The first `XSRF-TOKEN=` pair of a Cookie header, its name trimmed as a split on `;` would (its value in group 1, untrimmed). */
const XSRF_COOKIE = /(?:^|;)\s*XSRF-TOKEN\s*=([^;]*)/;

/**
 * Double-submit XSRF check (DESIGN.md §2; decision in docs/security.md "XSRF"): every API
 * answer and the console's page set an `XSRF-TOKEN` cookie when the browser has no well-formed
 * one (the console's files do not: app.ts); every request that changes data must echo it in
 * `X-XSRF-TOKEN`.
 *   - cookie or header missing, or both well-formed and different -> 419 "CSRF token mismatch."
 *   - either one malformed (not percent-decodable, or not 1–256 characters of A–Z a–z 0–9 . _ ~ -
 *     once decoded: non-ASCII, control characters, huge) -> 403 "The XSRF token is malformed.",
 *     and a fresh cookie replaces a malformed one.
 * Values are compared as SHA-256 digests with timingSafeEqual: equal lengths always, no 500.
 */
export const xsrf =
  (opts: { check: boolean }): MiddlewareHandler =>
  async (c, next) => {
    checkXsrf(c, opts.check);
    await next();
  };

/** The check of `xsrf` on one request, synchronously (http/middleware/api-guard.ts runs it without a layer of its own): sets the cookie, throws 403/419. */
export function checkXsrf<E extends Env>(c: Context<E>, check: boolean) {
  const raw = rawCookie(c);
  const cookie = raw ? decodeOrNull(raw) : '';
  const cookieOk = cookie !== null && TOKEN.test(cookie);
  if (!cookieOk) setCookie(c, 'XSRF-TOKEN', randomBytes(20).toString('base64url'), { path: '/', sameSite: 'Lax' });
  if (check && !SAFE.has(c.req.method)) {
    const rawHeader = requestHeader(c, 'x-xsrf-token') ?? '';
    const header = decodeOrNull(rawHeader);
    if (raw && !cookieOk) throw malformed();
    if (rawHeader && (header === null || !TOKEN.test(header))) throw malformed();
    if (!cookie || !header || !same(cookie, header)) throw mismatch();
  }
}

/** A query or path part decoded as a form reads it (`+` is a space), or null when it is not valid percent-encoding. */
const decode = (s: string) => (s.includes('+') ? decodeOrNull(s.replaceAll('+', ' ')) : decodeOrNull(s));

/**
 * The path of a request URL as the WHATWG URL parser normalised it (`new URL(href).pathname`),
 * read off the href @hono/node-server already built with that parser: from the first `/` after
 * the authority to the query or fragment. No second parse per request.
 */
export function rawPathOf(href: string): string {
  const start = href.indexOf('/', href.indexOf('//') + 2);
  if (start < 0) return '/';
  let end = href.length;
  for (let i = start; i < href.length; i++) {
    const ch = href.charCodeAt(i);
    if (ch === 63 || ch === 35) {
      end = i;
      break;
    }
  }
  return href.slice(start, end);
}

/**
 * Refuses a URL no route could read: a path that is not valid percent-encoded UTF-8 or holds a
 * NUL byte / unpaired surrogate answers 404; such a query parameter answers 422 on its name.
 */
export const saneUrl: MiddlewareHandler = async (c, next) => {
  checkUrl(c);
  await next();
};

/**
 * The check of `saneUrl` on one request, synchronously: throws 404 or 422. A URL without `%` is
 * its own decoding, part by part (a `+` only becomes a space): when the whole of it holds no
 * NUL and no unpaired surrogate, neither does any part (they are cut at ASCII characters), so it
 * passes without being split (every request of the console but searches).
 */
export function checkUrl<E extends Env>(c: Context<E>) {
  const url = c.req.url;
  if (!url.includes('%') && !hasBadText(url)) return;
  const q = url.indexOf('?');
  const p = decode(rawPathOf(url));
  if (p === null || hasBadText(p)) throw notFound('Page');
  if (q >= 0) {
    for (const part of url.slice(q + 1).split('&')) {
      const [k, v = ''] = part.split('=', 2);
      const key = decode(k),
        value = decode(v);
      if (key === null || value === null || hasBadText(key) || hasBadText(value)) {
        const name = key && !hasBadText(key) ? key.slice(0, 60) : 'query';
        throw validationError({ [name]: [`The ${name} contains characters that are not allowed.`] });
      }
    }
  }
}

/**
 * Reads to the end, and discards, a request body the route did not read (a call refused before
 * its body mattered: 401, 403, 404, 419), up to `max` bytes. Without it the server adapter
 * closes the connection when discarding takes over 500 ms, and under load a client's next
 * request on that keep-alive connection is dropped. A larger body is left to the adapter.
 */
export const finishBody = (max: number): MiddlewareHandler =>
  withBody(async (c, next) => {
    await next();
    const body = c.req.raw.body;
    if (!body || c.req.raw.bodyUsed || Number(c.req.header('content-length') ?? 0) > max) return;
    try {
      const reader = body.getReader();
      for (let seen = 0; seen <= max; ) {
        const { done, value } = await reader.read();
        if (done) return;
        seen += value.byteLength;
      }
      await reader.cancel();
    } catch {
      /* the client went away: nothing to finish */
    }
  });

/**
 * Runs `mw` only for a request that can carry a body (not GET or HEAD, which the Node adapter
 * gives none). Asking a request for its body builds the full WHATWG Request (abort controller,
 * headers, stream): about a tenth of the server's CPU per call under load, for nothing on a GET.
 */
export const withBody =
  (mw: MiddlewareHandler): MiddlewareHandler =>
  (c, next) =>
    c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : mw(c, next);

/** Source maps are never served (they would publish the console's source): any `*.map` path is 404. */
export const noSourceMaps: MiddlewareHandler = async (c, next) => {
  if (/\.map$/i.test(c.req.path)) throw new ApiError(404, 'Not found.');
  await next();
};
