import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { startTestApi, type TestApi } from './harness.ts';
import { ROOT } from './child-server.ts';

// The console's files come compressed (brotli or gzip, by Accept-Encoding,
// with Vary), hashed files cached as immutable, index.html and config.js revalidated; the page
// announces its route's chunks, a signed-in list needs at most 8 scripts, and no screen's scripts
// weigh more than SCREEN_JS_LIMIT on the wire.

/**
 * The most a screen's scripts may weigh on the wire before its first paint. The target is 110 KB
 * (bench/bundle-size.ts SCREEN_JS_TARGET, which `npm run bench -- bundle` reports against).
 * Every screen is a chunk of its own, but what two screens of a console share loads with the
 * console's shell, and what a screen opens later (a tab, a card, a modal) comes after its first
 * paint. Every screen is within the target (`npm run bench -- bundle` prints each one's figure);
 * this guard stops growth well past it, at 120 KB.
 */
const SCREEN_JS_LIMIT = 120 * 1024;

const dist = mkdtempSync(path.join(tmpdir(), 'console-dist-'));
let api: TestApi;
test.before(async () => {
  execFileSync(process.execPath, ['build.mjs'], { cwd: ROOT, env: { ...process.env, OUT_DIR: dist }, stdio: 'pipe' });
  api = await startTestApi({ staticDir: dist });
});
test.after(async () => {
  await api.stop();
  rmSync(dist, { recursive: true, force: true });
});

const walk = (d: string): string[] =>
  readdirSync(d).flatMap((f) => {
    const p = path.join(d, f);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
/** Every file of the build a browser may ask for (the compressed twins are how they travel). */
const served = () =>
  walk(dist)
    .filter((f) => !/\.(br|gz)$/.test(f))
    .map((f) => '/' + path.relative(dist, f).split(path.sep).join('/'));
const HASHED = /-[A-Z0-9]{8}\.[a-z]+$/;
const decode = (encoding: string | null, body: Buffer) => (encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body);
/** A raw GET: fetch would undo the compression, so the body is read as sent and decoded here. */
async function get(url: string, acceptEncoding: string, headers: Record<string, string> = {}) {
  const { request } = await import('node:http');
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    request(`${api.url}${url}`, { headers: { 'Accept-Encoding': acceptEncoding, ...headers } }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (d: Buffer) => parts.push(d));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(parts) }));
    })
      .on('error', reject)
      .end();
  });
}

test('every file of the build comes as brotli or gzip when accepted, the same bytes once decoded, with Vary', async () => {
  const files = served();
  assert.ok(files.length > 10, `${files.length} files`);
  for (const f of files) {
    const original = readFileSync(path.join(dist, f));
    const compressible = !/\.(png|jpe?g|webp|ico)$/.test(f);
    for (const [accept, want] of [
      ['gzip, deflate, br, zstd', f === '/config.js' ? 'gzip' : 'br'],
      ['gzip', 'gzip'],
      ['identity', undefined],
    ] as const) {
      const r = await get(f, accept);
      assert.is(r.status, 200, f);
      assert.is(r.headers['content-encoding'], compressible ? want : undefined, `${f} with ${accept}`);
      assert.match(String(r.headers.vary ?? ''), /accept-encoding/i, `${f} Vary`);
      assert.ok(decode((r.headers['content-encoding'] as string) ?? null, r.body).equals(original), `${f} decodes to the file`);
      // A file of a few KB (the editor's worker, 2 KB) shrinks by less than half under gzip.
      if (want && compressible && f !== '/config.js' && original.length > 1000)
        assert.ok(r.body.length < original.length * (original.length > 4096 ? 0.5 : 0.75), `${f} is compressed`);
    }
  }
});

test('hashed files are cached for a year as immutable; every other file is revalidated', async () => {
  let hashed = 0;
  for (const f of served()) {
    const r = await get(f, 'br');
    const cache = r.headers['cache-control'];
    if (HASHED.test(f)) {
      hashed++;
      assert.is(cache, 'public, max-age=31536000, immutable', f);
    } else assert.is(cache, 'no-cache', f);
  }
  assert.ok(hashed >= 5, `${hashed} hashed files`);
  assert.is((await get('/config.js', 'gzip')).headers['cache-control'], 'no-cache');
});

test('index.html is never cached: /, /login and client routes answer no-cache, compressed, with an ETag that revalidates', async () => {
  for (const p of ['/', '/index.html', '/login', '/admin/users', '/admin/organizer/3/events']) {
    const r = await get(p, 'gzip, deflate, br');
    assert.is(r.status, 200, p);
    assert.is(r.headers['cache-control'], 'no-cache', p);
    assert.is(r.headers['content-encoding'], 'br', p);
    assert.match(decode('br', r.body).toString(), /<div id="root">/);
  }
  const first = await get('/admin/users', 'gzip');
  const etag = String(first.headers.etag);
  assert.match(etag, /^".+"$/);
  assert.is((await get('/admin/users', 'gzip', { 'If-None-Match': etag })).status, 304);
  assert.is((await get('/admin/users', 'br', { 'If-None-Match': etag })).status, 200, 'another encoding is another representation');
});

test('files carry no Set-Cookie, so a shared cache or CDN may keep them; the page and API answers hand out the XSRF cookie', async () => {
  for (const f of served().filter((f) => f !== '/index.html')) assert.is((await get(f, 'br')).headers['set-cookie'], undefined, f);
  for (const p of ['/', '/index.html', '/login', '/admin/users']) {
    const cookies = (await get(p, 'br')).headers['set-cookie'] ?? [];
    assert.ok(
      [cookies].flat().some((c) => /^XSRF-TOKEN=[A-Za-z0-9_-]{27}; Path=\/; SameSite=Lax$/.test(c)),
      `${p}: ${cookies}`,
    );
    assert.is((await get(p, 'br', { Cookie: 'XSRF-TOKEN=abc' })).headers['set-cookie'], undefined, `${p} with a cookie already`);
  }
  assert.match(String((await get('/api/ping', 'br')).headers['set-cookie']), /^XSRF-TOKEN=/);
});

/** The page a client route answers, as HTML (brotli, decoded), with `headers` sent. */
const pageOf = async (p: string, headers: Record<string, string> = {}) => decode('br', (await get(p, 'br', headers)).body).toString();
/** What the page holds in `<div id="root">` before any script runs ('' for an empty root). */
const rootOf = (html: string) => /<div id="root">([\s\S]*)<\/div>\s*<noscript>/.exec(html)?.[1] ?? null;
const FOOTER = 'Copyright © 2020 Events Back-office. All rights reserved.';

/** The cookie of a browser that keeps a session (src/common/signed-in-cookie.ts). */
const SIGNED_IN = { Cookie: 'signed_in=1' };

test('a console address comes with its frame prerendered, inert, in the root; the sign-in and visitor pages with an empty root', async () => {
  const admin = rootOf(await pageOf('/admin/users', SIGNED_IN))!;
  assert.match(admin, /^<div class="shell sidebar-auto" inert="">/, admin.slice(0, 80));
  for (const text of [
    FOOTER,
    `Version ${JSON.parse(readFileSync('package.json', 'utf8')).version}`,
    'aria-label="Main menu"',
    'Events Back-office',
    'Dashboard',
    'Loading…',
    'aria-label="Toggle menu"',
  ])
    assert.ok(admin.includes(text), text);
  // Nobody's name, no menus: the frame is the same for every user and is cached as such.
  assert.not.ok(/Users|Roles|Permissions/.test(admin));
  const organiser = rootOf(await pageOf('/admin/organizer/3/events', SIGNED_IN))!;
  assert.match(organiser, /^<div class="shell organiser-shell sidebar-auto" inert="">/);
  for (const text of [FOOTER, 'aria-label="Organizer menu"', 'Organizer Profile', 'Working Days']) assert.ok(organiser.includes(text), text);
  assert.ok(
    rootOf(await pageOf('/admin/organizer/3/template-generator', SIGNED_IN))!.includes('organiser-shell'),
    'the template editor opens in the organiser frame',
  );
  for (const p of ['/', '/login', '/register', '/forgot-password', '/reset-password', '/unlock-two-step']) assert.is(rootOf(await pageOf(p, SIGNED_IN)), '', p);
});

test('a browser with no session gets no frame: a signed-out visitor of a console address goes to sign-in without it flashing first', async () => {
  for (const p of ['/admin/users', '/admin/organizer/3/events']) {
    for (const cookie of ['', 'signed_in=0', 'theme=dark', 'XSRF-TOKEN=abc'])
      assert.is(rootOf(await pageOf(p, { Cookie: cookie })), '', `${p} with "${cookie}"`);
    assert.ok(rootOf(await pageOf(p, { Cookie: 'theme=dark; signed_in=1' }))!.includes('class="shell'), p);
  }
  const framed = await get('/admin/users', 'br', SIGNED_IN);
  const bare = await get('/admin/users', 'br');
  assert.is.not(framed.headers.etag, bare.headers.etag, 'each is its own representation');
  assert.match(String(bare.headers.vary), /cookie/i);
  assert.is((await get('/admin/users', 'br', { 'If-None-Match': String(framed.headers.etag) })).status, 200, 'a framed page does not validate a bare one');
});

test('the theme cookie puts data-theme on the page; anything but light or dark is ignored; each theme is its own representation', async () => {
  const dark = await get('/admin/users', 'br', { Cookie: 'XSRF-TOKEN=abc; theme=dark' });
  assert.match(decode('br', dark.body).toString(), /<html data-theme="dark" lang="en">/);
  assert.match(await pageOf('/login', { Cookie: 'theme=light' }), /<html data-theme="light" lang="en">/);
  for (const cookie of ['theme=system', 'theme=blue', 'theme="><script>alert(1)</script>', 'xtheme=dark', '']) {
    assert.match(await pageOf('/admin/users', { Cookie: cookie }), /<html lang="en">/, cookie);
  }
  const plain = await get('/admin/users', 'br');
  assert.is.not(dark.headers.etag, plain.headers.etag);
  assert.match(String(dark.headers.vary), /cookie/i);
  assert.is(
    (await get('/admin/users', 'br', { Cookie: 'theme=dark', 'If-None-Match': String(plain.headers.etag) })).status,
    200,
    'a light page does not validate a dark one',
  );
});

test('the page names the language the console will show on <html lang dir>, and another than English gets no English frame', async () => {
  // The locale cookie (the language this browser remembers: src/common/locale-cookie.ts) decides.
  const ar = await pageOf('/admin/users', { Cookie: 'signed_in=1; locale=ar' });
  assert.match(ar, /<html lang="ar" dir="rtl">/);
  assert.is(rootOf(ar), '', 'no English frame for an Arabic reader');
  assert.match(await pageOf('/login', { Cookie: 'theme=dark; locale=es' }), /<html data-theme="dark" lang="es" dir="ltr">/);
  // Without it, the browser's languages, as the console chooses before anything is remembered.
  const fr = await pageOf('/admin/organizer/3/events', { Cookie: 'signed_in=1', 'Accept-Language': 'de-DE, fr-CA;q=0.9, en;q=0.5' });
  assert.match(fr, /<html lang="fr" dir="ltr">/);
  assert.is(rootOf(fr), '');
  // English (remembered, chosen by the browser, or a cookie naming no shipped language) keeps the page and its frame.
  const englishPages: Record<string, string>[] = [
    { Cookie: 'signed_in=1; locale=en', 'Accept-Language': 'ar' },
    { Cookie: 'signed_in=1; locale=xx' },
    { Cookie: 'signed_in=1', 'Accept-Language': 'en-GB,ar;q=0.5' },
  ];
  for (const headers of englishPages) {
    const en = await pageOf('/admin/users', headers);
    assert.match(en, /<html lang="en">/, JSON.stringify(headers));
    assert.ok(rootOf(en)!.includes(FOOTER), JSON.stringify(headers));
  }
  const plain = await get('/admin/users', 'br', SIGNED_IN);
  const arabic = await get('/admin/users', 'br', { Cookie: 'signed_in=1; locale=ar' });
  assert.is.not(plain.headers.etag, arabic.headers.etag, 'each language is its own representation');
  assert.match(String(plain.headers.vary), /accept-language/i);
});

/** The scripts a page loads before its screen shows: the entry and every modulepreload. */
const scriptsOf = async (p: string) => {
  const html = decode('br', (await get(p, 'br')).body).toString();
  return [...html.matchAll(/<script type="module" src="([^"]+)"|<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1] ?? m[2]);
};

test('each route announces its chunks: the sign-in chunk on every page, the admin area on /admin/…, the organiser console on its routes', async () => {
  const login = await scriptsOf('/login');
  const users = await scriptsOf('/admin/users');
  const organiser = await scriptsOf('/admin/organizer/3/events');
  // The sign-in code is one module, loaded as the page's script (no entry stub that imports it).
  assert.is(login.length, 1, login.join(' '));
  for (const s of login) assert.ok(users.includes(s) && organiser.includes(s), s);
  assert.ok(
    users.some((s) => /admin-shell-/.test(s)),
    users.join(' '),
  );
  assert.not.ok(users.some((s) => /organiser-app-/.test(s)));
  assert.ok(
    organiser.some((s) => /organiser-app-/.test(s)),
    organiser.join(' '),
  );
  assert.not.ok(organiser.some((s) => /admin-shell-|add-template-|event-detail-screen-|campaign-detail-/.test(s)));
  assert.ok((await scriptsOf('/admin/organizer/3/template-generator')).some((s) => /add-template-/.test(s)));
  assert.ok((await scriptsOf('/admin/organizer/3/events/5')).some((s) => /event-detail-screen-/.test(s)));
  assert.ok((await scriptsOf('/admin/organizer/3/events/5/7')).some((s) => /campaign-detail-/.test(s)));
  assert.ok((await scriptsOf('/forgot-password')).some((s) => /forgot-password-/.test(s)));
  assert.ok((await scriptsOf('/invitation')).some((s) => /set-password-/.test(s)));
  for (const s of new Set([...users, ...organiser])) assert.is((await get(s, 'br')).status, 200, s);
});

/** The classic scripts a page loads (config.js; the early script on the admin area's pages in a browser that keeps a session). */
const classicScriptsOf = async (p: string, headers: Record<string, string> = {}) =>
  [
    ...decode('br', (await get(p, 'br', headers)).body)
      .toString()
      .matchAll(/<script src="([^"]+)"/g),
  ].map((m) => m[1]);

test("the admin area's pages carry the early script, before the console's module, when a session is kept; no other page does", async () => {
  const html = decode('br', (await get('/admin/users', 'br', SIGNED_IN)).body).toString();
  const early = /<script src="(\/early-[\w-]+\.js)" defer><\/script>/.exec(html)?.[1];
  assert.ok(early, 'the early script is in the page');
  assert.ok(
    html.indexOf('src="/config.js"') < html.indexOf(early) && html.indexOf(early) < html.indexOf('<script type="module"'),
    'config.js, the early script, the console',
  );
  assert.is((await get(early, 'br')).headers['cache-control'], 'public, max-age=31536000, immutable');
  for (const [p, headers] of [
    ['/admin/users', {}],
    ['/login', SIGNED_IN],
    ['/admin/organizer/3/events', SIGNED_IN],
  ] as const) {
    assert.not.ok(
      (await classicScriptsOf(p, headers)).some((s) => /early-/.test(s)),
      `${p} ${JSON.stringify(headers)}`,
    );
  }
});

test('a signed-in list needs at most 8 scripts, each static import announced; the sign-in scripts weigh at most 90 KB on the wire', async () => {
  const users = await scriptsOf('/admin/users');
  const classic = await classicScriptsOf('/admin/users', SIGNED_IN);
  assert.ok(classic.includes('/config.js') && classic.some((s) => /^\/early-/.test(s)), classic.join(' '));
  assert.ok(users.length + classic.length <= 8, `${users.length + classic.length} scripts: ${[...classic, ...users].join(' ')}`);
  // No waterfall: every chunk an announced chunk imports is itself announced.
  let imports = 0;
  for (const s of users) {
    const code = readFileSync(path.join(dist, s), 'utf8');
    for (const m of code.matchAll(/(?:^|[;}\n])\s*import\s*(?:[\w${},\s*]+from\s*)?"([^"]+)"/g)) {
      imports++;
      assert.ok(users.includes(path.posix.join(path.posix.dirname(s), m[1])), `${s} imports ${m[1]}, not announced`);
    }
  }
  assert.ok(imports >= users.length - 1, `${imports} imports read`);
  let wire = 0;
  for (const s of [...(await classicScriptsOf('/login')), ...(await scriptsOf('/login'))]) wire += (await get(s, 'br')).body.length;
  assert.ok(wire <= 90 * 1024, `${(wire / 1024).toFixed(1)} KB`);
});

/** An address of each screen a page can open on: the sign-in and visitor pages, the admin area, and the organiser console's screens with a chunk of their own. */
const SCREENS = [
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/unlock-two-step',
  '/gallery/a-participant-token',
  '/admin',
  '/admin/users',
  '/admin/settings',
  '/admin/account',
  '/admin/organizer/3',
  '/admin/organizer/3/events',
  '/admin/organizer/3/booking',
  '/admin/organizer/3/webhooks',
  '/admin/organizer/3/reports',
  '/admin/organizer/3/events/5',
  '/admin/organizer/3/events/5/7',
  '/admin/organizer/3/template-generator',
  '/admin',
  '/admin/organizer/3',
  '/admin/organizer/3/reports',
];

test("every screen's scripts weigh at most SCREEN_JS_LIMIT on the wire, carry no validation library, and each chunk they import is announced", async () => {
  for (const p of SCREENS) {
    const modules = await scriptsOf(p);
    for (const s of modules) {
      const code = readFileSync(path.join(dist, s), 'utf8');
      // zod's core names its classes in strings the minifier keeps; the contract schemas would bring it.
      assert.not.ok(code.includes('"$ZodType"'), `${p}: ${s} carries zod`);
      for (const m of code.matchAll(/(?:^|[;}\n])\s*import\s*(?:[\w${},\s*]+from\s*)?"([^"]+)"/g)) {
        assert.ok(modules.includes(path.posix.join(path.posix.dirname(s), m[1])), `${p}: ${s} imports ${m[1]}, not announced`);
      }
    }
    let wire = 0;
    for (const s of [...(await classicScriptsOf(p, SIGNED_IN)), ...modules]) wire += (await get(s, 'br')).body.length;
    assert.ok(wire <= SCREEN_JS_LIMIT, `${p}: ${(wire / 1024).toFixed(1)} KB`);
  }
});

test('the scripts a route runs before its first paint ask V8 to compile them while they stream in; scripts loaded later do not', async () => {
  const HINT = '//# allFunctionsCalledOnLoad\n';
  // Every page's scripts: the sign-in script and the chunks of every area (each console screen's
  // among them) a page may announce.
  const { areas } = JSON.parse(readFileSync(path.join(dist, 'preload.json'), 'utf8')) as { areas: { chunks: string[] }[] };
  const first = new Set([...(await scriptsOf('/login')), ...(await scriptsOf('/admin/users')), ...areas.flatMap((a) => a.chunks)]);
  assert.ok(
    (await scriptsOf('/admin/organizer/3/events/5/7')).every((s) => first.has(s)),
    'the chunks a page announces',
  );
  // The hint travels in the compressed twin the browser gets, and it is the file's first line.
  for (const s of first)
    assert.ok(
      decode('br', (await get(s, 'br')).body)
        .toString()
        .startsWith(HINT),
      s,
    );
  const later = served().filter((f) => f.endsWith('.js') && !first.has(f));
  assert.ok(
    later.some((f) => /xlsx-reader-/.test(f)),
    later.join(' '),
  );
  for (const s of later) assert.not.ok(readFileSync(path.join(dist, s), 'utf8').startsWith(HINT), s);
});

test.run();
