import type { MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { ApiError } from '../http-error.ts';

/**
 * Strict headers on every response: a CSP with no inline script, no framing, no sniffing.
 * Images and videos may come from any https host (photo and video links are external);
 * frames only from the video site used for live videos (organiser-console §2).
 */
export const securityHeaders: MiddlewareHandler = async (c, next) => {
  await next();
  c.header('Content-Security-Policy', [
    "default-src 'self'", "script-src 'self'", "style-src 'self'", "img-src 'self' data: blob: https:",
    "media-src 'self' blob: https:", "font-src 'self'", "connect-src 'self'",
    'frame-src https://www.youtube.com https://www.youtube-nocookie.com',
    "frame-ancestors 'none'", "base-uri 'none'", "form-action 'self'", "object-src 'none'",
  ].join('; '));
  c.header('X-Content-Type-Options', 'nosniff');
  c.header('X-Frame-Options', 'DENY');
  c.header('Referrer-Policy', 'same-origin');
  c.header('Cross-Origin-Opener-Policy', 'same-origin');
};

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * Double-submit XSRF check (DESIGN.md §2): every response sets an `XSRF-TOKEN` cookie when the
 * browser has none; every request that changes data must echo it in `X-XSRF-TOKEN` or gets 419.
 */
export const xsrf = (opts: { check: boolean }): MiddlewareHandler => async (c, next) => {
  const cookie = getCookie(c, 'XSRF-TOKEN') ?? '';
  if (opts.check && !SAFE.has(c.req.method)) {
    const header = c.req.header('x-xsrf-token') ?? '';
    if (!cookie || !header || !same(cookie, decodeURIComponent(header))) throw new ApiError(419, 'CSRF token mismatch.');
  }
  if (!cookie) setCookie(c, 'XSRF-TOKEN', randomBytes(20).toString('base64url'), { path: '/', sameSite: 'Lax' });
  await next();
};

/**
 * `Cache-Control: no-store` on every answer it wraps, errors included: API and
 * photo-recognition answers carry personal data and session-bound content that no browser or
 * proxy cache may keep.
 */
export const noStore: MiddlewareHandler = async (c, next) => {
  await next();
  c.header('Cache-Control', 'no-store');
};

/** Source maps are never served (they would publish the console's source): any `*.map` path is 404. */
export const noSourceMaps: MiddlewareHandler = async (c, next) => {
  if (/\.map$/i.test(c.req.path)) throw new ApiError(404, 'Not found.');
  await next();
};
