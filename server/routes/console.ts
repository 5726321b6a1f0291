import type { Context, MiddlewareHandler } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { compress } from 'hono/compress';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseAccept } from 'hono/utils/accept';
import { themeFromCookie, type ExplicitTheme } from '../../src/common/theme-cookie.ts';
import { signedInFromCookie } from '../../src/common/signed-in-cookie.ts';
import { localeFromCookie } from '../../src/common/locale-cookie.ts';
import { acceptedLanguages, directionOf, negotiateLocale, type Locale } from '../../src/common/i18n/locales.ts';

/**
 * The file paths answered as the console's page (consolePage: its XSRF cookie, frame and
 * preloads), not as the bare file: `/` and `/index.html`. consoleFiles skips them; app.ts sends
 * them, like every client route, to the page.
 */
export const isPageFile = (p: string): boolean => p === '/' || p === '/index.html';

/** Cache-Control of the files whose names carry their content hash (esbuild's `-XXXXXXXX.`). */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** A file name with esbuild's content hash, compressed twin or not: `app-ABCD1234.js(.br)`. */
const HASHED = /-[A-Z0-9]{8}\.[a-z0-9]+(\.br|\.gz)?$/;

/**
 * The built console's files (build.mjs) as the best static hosts serve them:
 * the brotli or gzip twin written at build time when the request accepts it (`.br`, `.gz`,
 * @hono/node-server's `precompressed`), `Vary: Accept-Encoding` on every file; hashed names
 * cached for a year as immutable, everything else (config.js, favicon, images, CSV templates)
 * revalidated (`no-cache`). config.js has no twin (it is edited where the console is deployed)
 * and is gzipped per request by hono's compress middleware.
 */
export function consoleFiles(staticDir: string): MiddlewareHandler[] {
  // Made on first use: serveStatic prints a plain-text warning when its folder is missing (not
  // built yet); app.ts logs that case as JSON instead.
  let files: MiddlewareHandler | undefined;
  const make = () =>
    serveStatic({
      root: staticDir,
      precompressed: true,
      onFound: (p, c) => {
        c.header('Cache-Control', HASHED.test(p) ? IMMUTABLE : 'no-cache');
        if (!/accept-encoding/i.test(c.res.headers.get('Vary') ?? '')) c.header('Vary', 'Accept-Encoding', { append: true });
      },
    });
  const gzipConfig = compress({ threshold: 0 });
  return [
    (c, next) => (c.req.path === '/config.js' ? gzipConfig(c, next) : next()),
    (c, next) => {
      if (isPageFile(c.req.path)) return next();
      if (!files && existsSync(staticDir)) files = make();
      return files ? files(c, next) : next();
    },
  ];
}

/**
 * The areas build.mjs wrote to preload.json: a client-route pattern, the chunks its screens load,
 * for a console its prerendered frame (HTML) and, for the admin area, the early script's URL
 * (src/lib/early-calls.ts).
 */
interface Area {
  route: RegExp;
  chunks: string[];
  shell?: string;
  early?: string;
}
interface CachedPage {
  etag: string;
  html: string;
  br: Buffer;
  gzip: Buffer;
}

/** The encoding to answer with: br, else gzip, else none, by the request's Accept-Encoding q-values. */
export function pickEncoding(accept: string | undefined): 'br' | 'gzip' | undefined {
  if (!accept) return undefined;
  const list = parseAccept(accept);
  const q = (name: string) => list.find((a) => a.type.toLowerCase() === name)?.q ?? list.find((a) => a.type === '*')?.q ?? 0;
  const br = q('br'),
    gz = q('gzip');
  if (br > 0 && br >= gz) return 'br';
  return gz > 0 ? 'gzip' : undefined;
}

/**
 * index.html for a client route (any GET that no file answered): the console's page with
 * `<link rel="modulepreload">` for the chunks of the lazily loaded area the path opens
 * (preload.json from build.mjs), so the screen's code downloads alongside the sign-in chunk
 * instead of after it. For a console's address (admin shell, organiser console) the page also
 * holds the console's prerendered frame (src/app/shell/prerender.tsx) in `<div id="root">`, so the
 * frame paints as soon as the stylesheet is in, when the `signed_in` cookie says a session is kept
 * in this browser (src/common/signed-in-cookie.ts; a signed-out visitor goes to the sign-in page
 * without the frame flashing first); with that cookie, the admin area's pages also carry the
 * early script (deferred, after config.js and before the console's module; src/lib/early-calls.ts);
 * and `data-theme` on <html> when the `theme` cookie names an explicit Light or Dark
 * (src/common/theme-cookie.ts), so that paint is already in the user's colours; and the language
 * the console will show (the `locale` cookie, src/common/locale-cookie.ts, else Accept-Language as
 * the browser's languages decide): another one than English is named on <html lang dir> (`ar`:
 * `dir="rtl"`) and gets no prerendered frame, whose texts are English (docs/languages.md "The page
 * before the app"). Always revalidated (`no-cache`, with an ETag; `Vary: Accept-Encoding, Cookie,
 * Accept-Language`); brotli or gzip by Accept-Encoding. Pages are built and compressed once per
 * (area set, theme, signed in or not, language) and dropped when index.html changes (a rebuild
 * under a running server).
 * 503 with a sentence while the console is not built.
 */
export function consolePage(staticDir: string) {
  const indexFile = path.join(staticDir, 'index.html');
  let built = -1;
  let areas: Area[] = [];
  const pages = new Map<string, CachedPage>();
  const load = () => {
    const mtime = statSync(indexFile, { throwIfNoEntry: false })?.mtimeMs;
    if (mtime === undefined) return false;
    if (mtime !== built) {
      pages.clear();
      try {
        const manifest = JSON.parse(readFileSync(path.join(staticDir, 'preload.json'), 'utf8')) as {
          areas: { route: string; chunks: string[]; shell?: unknown; early?: unknown }[];
        };
        areas = manifest.areas.map((a) => ({
          route: new RegExp(a.route),
          chunks: a.chunks,
          shell: typeof a.shell === 'string' ? a.shell : undefined,
          early: typeof a.early === 'string' ? a.early : undefined,
        }));
      } catch {
        areas = [];
      }
      built = mtime;
    }
    return true;
  };
  const page = (matched: Area[], theme: ExplicitTheme | null, signedIn: boolean, locale: Locale): CachedPage => {
    const chunks = [...new Set(matched.flatMap((a) => a.chunks))];
    const shell = (signedIn && locale === 'en' && matched.find((a) => a.shell)?.shell) || '';
    const early = (signedIn && matched.find((a) => a.early)?.early) || '';
    const key = `${matched.map((a) => areas.indexOf(a)).join(',')} ${theme ?? ''} ${signedIn ? 'signed-in' : ''} ${locale}`;
    let p = pages.get(key);
    if (!p) {
      const links = chunks.map((u) => `<link rel="modulepreload" href="${u}">\n`).join('');
      let html = readFileSync(indexFile, 'utf8').replace('</head>', `${links}</head>`);
      if (shell) html = html.replace('<div id="root"></div>', () => `<div id="root">${shell}</div>`);
      if (early) html = html.replace('<script type="module"', () => `<script src="${early}" defer></script>\n  <script type="module"`);
      if (locale !== 'en') html = html.replace('<html lang="en"', `<html lang="${locale}" dir="${directionOf(locale)}"`);
      if (theme) html = html.replace(/<html\b/, `<html data-theme="${theme}"`);
      const body = Buffer.from(html);
      p = {
        html,
        etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`,
        br: brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
        gzip: gzipSync(body, { level: 9 }),
      };
      pages.set(key, p);
    }
    return p;
  };
  return (c: Context) => {
    if (!load()) return c.text('The console is not built: run `npm run build`.', 503);
    const cookie = c.req.header('cookie');
    const p = page(
      areas.filter((a) => a.route.test(c.req.path)),
      themeFromCookie(cookie),
      signedInFromCookie(cookie),
      localeFromCookie(cookie) ?? negotiateLocale(acceptedLanguages(c.req.header('accept-language'))),
    );
    const encoding = pickEncoding(c.req.header('accept-encoding'));
    const tag = encoding ? `${p.etag.slice(0, -1)}-${encoding}"` : p.etag;
    c.header('Cache-Control', 'no-cache');
    c.header('Vary', 'Accept-Encoding, Cookie, Accept-Language');
    c.header('ETag', tag);
    if (
      c.req
        .header('if-none-match')
        ?.split(/\s*,\s*/)
        .includes(tag)
    )
      return c.body(null, 304);
    if (!encoding) return c.html(p.html);
    c.header('Content-Encoding', encoding);
    c.header('Content-Type', 'text/html; charset=UTF-8');
    return c.body(new Uint8Array(encoding === 'br' ? p.br : p.gzip));
  };
}
