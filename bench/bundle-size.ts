import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';

/** Where build.mjs wrote the console (its OUT_DIR). */
const DIST = process.env.OUT_DIR ?? 'dist';
type Meta = { outputs: Record<string, { imports: { path: string; kind: string }[]; entryPoint?: string }> };

/**
 * Bench (a): gzip size of what the login route loads — the entry script, the chunks it imports
 * statically, the stylesheet and config.js — next to all files of the build together. Lazy
 * chunks (each screen, the template editor) are listed apart. Reads .build/meta.json from build.mjs.
 */
export function bundleSizes(dist = DIST) {
  const meta = JSON.parse(readFileSync('.build/meta.json', 'utf8')) as Meta;
  const gz = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;
  const entry = Object.keys(meta.outputs).find((f) => meta.outputs[f].entryPoint === 'src/main.tsx')!;
  const css = Object.keys(meta.outputs).find((f) => meta.outputs[f].entryPoint === 'styles/main.css')!;
  const initial = new Set<string>();
  const walk = (f: string) => {
    if (initial.has(f)) return;
    initial.add(f);
    for (const i of meta.outputs[f]?.imports ?? []) if (i.kind === 'import-statement') walk(i.path);
  };
  walk(entry);
  const initialJs = [...initial].reduce((s, f) => s + gz(f), 0);
  const all: string[] = [];
  const list = (d: string) => {
    for (const f of readdirSync(d)) {
      const p = path.join(d, f);
      if (statSync(p).isDirectory()) list(p);
      else if (/\.(js|css|html|svg|csv)$/.test(f)) all.push(p);
    }
  };
  list(dist);
  const lazy = Object.keys(meta.outputs)
    .filter((f) => f.endsWith('.js') && !initial.has(f))
    .map((f) => ({ file: path.basename(f), gzip: gz(f) }))
    .sort((a, b) => b.gzip - a.gzip);
  return {
    loginJs: initialJs,
    loginCss: gz(css),
    configJs: gz(path.join(dist, 'config.js')),
    all: all.reduce((s, f) => s + gz(f), 0),
    lazy,
  };
}

/** Budget for the JavaScript the sign-in page loads, gzip bytes; later screens must load lazily to keep it. */
export const LOGIN_JS_BUDGET = 85 * 1024;
/** Target for the JavaScript any screen loads before its first paint, bytes on the wire (brotli as served). */
export const SCREEN_JS_TARGET = 110 * 1024;

/**
 * One address for the sign-in page and for each route of build.mjs's AREAS (and its deeper
 * organiser screens); an area no address opens is reported, so a new one is not left unweighed.
 */
export const SCREENS = [
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/unlock-two-step',
  '/gallery/a-token',
  '/admin',
  '/admin/users',
  '/admin/roles',
  '/admin/permissions',
  '/admin/pages',
  '/admin/adminmenus',
  '/admin/settings',
  '/admin/organizers',
  '/admin/activity',
  '/admin/account',
  '/admin/organizer/1',
  '/admin/organizer/1/events',
  '/admin/organizer/1/booking',
  '/admin/organizer/1/holiday',
  '/admin/organizer/1/activity',
  '/admin/organizer/1/webhooks',
  '/admin/organizer/1/reports',
  '/admin/organizer/1/profile',
  '/admin/organizer/1/events/1',
  '/admin/organizer/1/events/1/1',
  '/admin/organizer/1/template-generator',
];

/**
 * The JavaScript each screen loads before its first paint, as the server sends it (server/routes/console.ts):
 * config.js, the early script on the admin area's pages, the sign-in script and every chunk the
 * page announces for the address (dist/preload.json), brotli as served (config.js has no twin).
 * `parts`: the chunks a screen fetches only when a part of it is first opened (a modal, My
 * account, the spreadsheet reader), each with what it adds to the largest screen that opens it
 * (itself and the chunks it imports that the screen has not loaded).
 */
export function screenWeights(dist = DIST) {
  const meta = JSON.parse(readFileSync('.build/meta.json', 'utf8')) as Meta;
  const { areas } = JSON.parse(readFileSync(path.join(dist, 'preload.json'), 'utf8')) as { areas: { route: string; chunks: string[]; early?: string }[] };
  const boot = /<script type="module" src="([^"]+)"/.exec(readFileSync(path.join(dist, 'index.html'), 'utf8'))![1];
  const file = (url: string) => path.join(dist, url);
  const wire = (url: string) => (existsSync(`${file(url)}.br`) ? statSync(`${file(url)}.br`).size : statSync(file(url)).size);
  const gzip = (url: string) => (existsSync(`${file(url)}.gz`) ? statSync(`${file(url)}.gz`).size : statSync(file(url)).size);
  const urlOf = (output: string) => '/' + path.relative(dist, output).split(path.sep).join('/');
  const sum = (urls: Iterable<string>, size: (u: string) => number) => [...urls].reduce((s, u) => s + size(u), 0);
  const screens = SCREENS.map((address) => {
    const opened = areas.filter((a) => new RegExp(a.route).test(address));
    const modules = new Set([boot, ...opened.flatMap((a) => a.chunks)]);
    const scripts = new Set(['/config.js', ...opened.flatMap((a) => (a.early ? [a.early] : [])), ...modules]);
    return { address, scripts, wire: sum(scripts, wire), gzip: sum(scripts, gzip) };
  });
  const unweighed = areas.filter((a) => !SCREENS.some((s) => new RegExp(a.route).test(s))).map((a) => a.route);
  // A part: a lazily loaded chunk no page announces. It belongs to the screens whose scripts
  // import it when something is opened (or import a part that does); what it adds to one of them:
  // its chunk and the chunks it imports that the screen has not loaded.
  const announced = new Set(screens.flatMap((s) => [...s.scripts]));
  const outputOf = new Map(Object.keys(meta.outputs).map((o) => [urlOf(o), o]));
  const graph = (outputs: string[], intoParts: boolean, seen = new Set<string>()): Set<string> => {
    for (const output of outputs) {
      if (seen.has(output) || !meta.outputs[output]) continue;
      seen.add(output);
      const next = meta.outputs[output].imports.filter(
        (i) => i.kind === 'import-statement' || (intoParts && i.kind === 'dynamic-import' && !announced.has(urlOf(i.path))),
      );
      graph(
        next.map((i) => i.path),
        intoParts,
        seen,
      );
    }
    return seen;
  };
  const reach = new Map(
    screens.map((s) => [
      s.address,
      graph(
        [...s.scripts].flatMap((u) => outputOf.get(u) ?? []),
        true,
      ),
    ]),
  );
  const parts = Object.keys(meta.outputs)
    .filter((o) => meta.outputs[o].entryPoint && o.endsWith('.js') && !announced.has(urlOf(o)))
    .map((o) => {
      const needs = [...graph([o], false)].map(urlOf);
      const holders = screens.filter((s) => reach.get(s.address)!.has(o));
      const worst = holders
        .map((s) => ({
          address: s.address,
          adds: sum(
            needs.filter((u) => !s.scripts.has(u)),
            wire,
          ),
          total: s.wire,
        }))
        .map((h) => ({ ...h, total: h.total + h.adds }))
        .sort((a, b) => b.total - a.total)[0];
      return { part: meta.outputs[o].entryPoint!, ...worst };
    });
  return { screens, parts, unweighed };
}

export function printBundleSizes() {
  const s = bundleSizes();
  const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
  console.log('\n## (a) Console size, gzip');
  console.log(
    `login route JavaScript (entry + static imports): ${kb(s.loginJs)} (budget ${kb(LOGIN_JS_BUDGET)}: ${s.loginJs <= LOGIN_JS_BUDGET ? 'within' : 'OVER'})`,
  );
  console.log(`login route CSS: ${kb(s.loginCss)}   config.js: ${kb(s.configJs)}`);
  console.log(`login route total: ${kb(s.loginJs + s.loginCss + s.configJs)}`);
  console.log(`all files of the build (js, css, html, svg, csv; no source maps): ${kb(s.all)}`);
  console.log('lazy chunks (loaded only on their routes), largest first:');
  for (const c of s.lazy.slice(0, 12)) console.log(`  ${c.file.padEnd(40)} ${kb(c.gzip)}`);
  const editor = s.lazy.filter((c) => c.file.startsWith('add-template-'));
  console.log(`template editor chunk (loaded only on the template routes): ${editor.map((c) => `${c.file} ${kb(c.gzip)}`).join(', ') || 'not found'}`);

  const w = screenWeights();
  const verdict = (n: number) => (n <= SCREEN_JS_TARGET ? 'within' : 'OVER');
  console.log(
    `\nJavaScript on the wire per screen, before its first paint (brotli as served; config.js, early script, sign-in script, announced chunks; target ${kb(SCREEN_JS_TARGET)} each):`,
  );
  for (const x of w.screens) {
    console.log(`  ${x.address.padEnd(40)} ${kb(x.wire).padStart(9)}  ${String(x.scripts.size).padStart(2)} scripts  (gzip ${kb(x.gzip)})  ${verdict(x.wire)}`);
  }
  for (const route of w.unweighed) console.log(`  NOT WEIGHED: no address above opens the area ${route} (bench/bundle-size.ts SCREENS)`);
  console.log('parts fetched only when first opened (not before the first paint), with what they add to a screen that opens them:');
  for (const p of w.parts)
    console.log(`  ${p.part.padEnd(50)} +${kb(p.adds ?? 0).padStart(8)}  ${p.address ? `${p.address} then ${kb(p.total)}` : 'on no screen above'}`);
}
