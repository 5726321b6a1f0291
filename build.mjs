// Builds the console into dist/: one ESM bundle with code splitting (the signed-in areas, their
// largest screens and the parts a screen opens on demand are lazy chunks), one CSS bundle, static
// files copied, and index.html written with the hashed asset names. Runtime settings stay in
// dist/config.js, so no rebuild is needed to point the console at another API (DESIGN.md §1).
//
// Speed: every compressible file but config.js also gets a brotli (`.br`) and a gzip
// (`.gz`) twin, served by Accept-Encoding negotiation (server/routes/console.ts); index.html
// announces the sign-in route's chunks with <link rel="modulepreload">, and `preload.json` lists
// the chunks of each lazily loaded area by route, for the server to announce them too.
import * as esbuild from 'esbuild';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import path from 'node:path';
import { createRequire } from 'node:module';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';

// OUT_DIR lets parallel work build without pulling the files from under a running server.
const out = process.env.OUT_DIR ?? 'dist';
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

/**
 * The lazily loaded areas and the client routes (app.tsx areaFor, admin-screens.ts,
 * organiser-screens.ts) that open them: the server announces an area's chunks on the index.html
 * it answers for a matching path (every matching area's: a console's and its screen's) and, for
 * the consoles (`shell`), puts their prerendered frame in the page (prerender.tsx); for the admin
 * area (`early`), also the early script that starts its first calls. Every screen of a console's
 * route table is an area of its own (the build stops when one is missing).
 */
const ADMIN = '^/admin';
const ORGANISER = '^/admin/organizer/[^/]+';
const { DECLARED_RECORDS } = await import('./src/common/resources.ts');
const AREAS = [
  { route: '^/register(/|$)', entry: 'src/features/auth/register.tsx' },
  { route: '^/forgot-password/?$', entry: 'src/features/auth/forgot-password.tsx' },
  { route: '^/(reset-password|invitation)/?$', entry: 'src/features/auth/set-password.tsx' },
  { route: '^/unlock-two-step/?$', entry: 'src/features/auth/unlock-two-step.tsx' },
  { route: '^/gallery/[^/]+/?$', entry: 'src/features/gallery/gallery-page.tsx' },
  { route: `${ADMIN}(/|$)(?!organizer/)`, entry: 'src/app/shell/admin-shell.tsx', shell: 'admin', early: true },
  { route: `${ADMIN}/?$`, entry: 'src/features/dashboard/dashboard.tsx' },
  { route: `${ADMIN}/account(/|$)`, entry: 'src/features/account/account-screen.tsx' },
  ...[
    ['permissions', 'src/features/permissions/permissions-screen.tsx'],
    ['roles', 'src/features/roles/roles-screen.tsx'],
    ['users', 'src/features/users/users-screen.tsx'],
    ['adminmenus', 'src/features/menus/menus-screen.tsx'],
    ['settings', 'src/app/settings-and-webhooks.tsx'],
    ['organizers', 'src/features/organisers/organisers-screen.tsx'],
    ['activity', 'src/features/activity/activity-screen.tsx'],
    [DECLARED_RECORDS.map((d) => d.screen.key).join('|'), 'src/components/declared-screen.tsx'],
  ].map(([keys, entry]) => ({ route: `${ADMIN}/(${keys})(/|$)`, entry })),
  { route: ORGANISER, entry: 'src/app/organiser/organiser-app.tsx', shell: 'organiser' },
  { route: `${ORGANISER}/?$`, entry: 'src/features/organiser-dashboard/organiser-dashboard.tsx' },
  { route: `${ORGANISER}/events/?$`, entry: 'src/features/events/events-screen.tsx' },
  { route: `${ORGANISER}/booking/?$`, entry: 'src/features/bookings/bookings-screen.tsx' },
  { route: `${ORGANISER}/holiday/?$`, entry: 'src/features/working-days/working-days-screen.tsx' },
  { route: `${ORGANISER}/activity/?$`, entry: 'src/features/activity/activity-screen.tsx' },
  { route: `${ORGANISER}/webhooks/?$`, entry: 'src/features/webhooks/webhooks-screen.tsx' },
  { route: `${ORGANISER}/webhooks/?$`, entry: 'src/features/webhooks/webhooks-panel.tsx' },
  { route: `${ORGANISER}/profile/?$`, entry: 'src/features/organiser-profile/profile-screen.tsx' },
  { route: `${ORGANISER}/reports/?$`, entry: 'src/features/reports/reports-screen.tsx' },
  { route: `${ORGANISER}/reports/?$`, entry: 'src/features/reports/reports-panel.tsx' },
  { route: `${ORGANISER}/(template-generator|events/[^/]+/[^/]+/add-template)/?$`, entry: 'src/features/templates/add-template.tsx' },
  { route: `${ORGANISER}/events/[^/]+/?$`, entry: 'src/app/organiser/event-detail-screen.tsx' },
  { route: `${ORGANISER}/events/[^/]+/[^/]+/?$`, entry: 'src/features/campaigns/campaign-detail.tsx' },
];
/** The consoles: each one's shell (a lazily loaded area) and the route table that loads its screens lazily. */
const CONSOLES = [
  { shell: 'src/app/shell/admin-shell.tsx', table: 'src/app/admin-screens.ts' },
  { shell: 'src/app/organiser/organiser-app.tsx', table: 'src/app/organiser/organiser-screens.ts' },
];
/** The modules whose lazily loaded screens must each be an area above: the route tables. */
const ROUTE_TABLES = ['src/app/app.tsx', ...CONSOLES.map((c) => c.table)];

// Web workers are their own files (the CSP allows workers from 'self' only, not blob:); the
// console learns each one's hashed address through a define.
const workers = await esbuild.build({
  entryPoints: { 'transparent-area-worker': 'src/features/templates/editor/transparent-area-worker.ts' },
  outdir: out,
  bundle: true,
  format: 'esm',
  minify: true,
  sourcemap: false,
  target: ['es2022'],
  entryNames: 'workers/[name]-[hash]',
  metafile: true,
  logLevel: 'warning',
});
// The early script (src/early.ts, lib/early-calls.ts): a classic script that starts the admin
// console's first calls while the modules download, so it cannot wait on them to load. The
// server puts it in the admin area's pages for a browser that keeps a session (`early` of the
// area in preload.json); nowhere else would it have anything to do.
const early = await esbuild.build({
  entryPoints: { early: 'src/early.ts' },
  outdir: out,
  bundle: true,
  format: 'iife',
  minify: true,
  sourcemap: false,
  target: ['es2022'],
  entryNames: '[name]-[hash]',
  metafile: true,
  logLevel: 'warning',
});
const earlyJs = Object.keys(early.metafile.outputs).find((f) => f.endsWith('.js'));
const workerUrl = (name) => {
  const file = Object.keys(workers.metafile.outputs).find((f) => path.basename(f).startsWith(name + '-') && f.endsWith('.js'));
  if (!file) throw new Error(`build: no output for worker ${name}`);
  return '/' + path.relative(out, file).split(path.sep).join('/');
};

// wouter reads useSyncExternalStore through the use-sync-external-store shim, which on React 18
// and later only hands back React's own: React's, without the shim's bytes (every pass).
const noShim = {
  name: 'no-shim',
  setup(build) {
    build.onResolve({ filter: /^use-sync-external-store\/shim(\/index\.js)?$/ }, () => ({ path: 'use-sync-external-store', namespace: 'no-shim' }));
    build.onLoad({ filter: /.*/, namespace: 'no-shim' }, () => ({
      contents: "export { useSyncExternalStore } from 'react';\n",
      resolveDir: process.cwd(),
      loader: 'js',
    }));
  },
};

const options = {
  entryPoints: { app: 'src/main.tsx', styles: 'styles/main.css' },
  plugins: [noShim],
  outdir: out,
  bundle: true,
  splitting: true,
  format: 'esm',
  minify: true,
  // The packages' licence notices (/*! … */, @license) stay, gathered at the end of each file.
  legalComments: 'eof',
  // No source maps: production publishes no source.
  sourcemap: false,
  target: ['es2022'],
  entryNames: '[name]-[hash]',
  chunkNames: 'chunks/[name]-[hash]',
  assetNames: 'assets/[name]-[hash]',
  metafile: true,
  loader: { '.png': 'file', '.svg': 'file' },
  define: {
    'process.env.NODE_ENV': JSON.stringify('production'),
    __TRANSPARENT_AREA_WORKER__: JSON.stringify(workerUrl('transparent-area-worker')),
  },
  logLevel: 'warning',
};

// esbuild puts each module in the chunk of the exact set of entry points (lazy ones included)
// that reach it, so the sign-in route's modules came in one chunk per combination of lazy areas
// also using them: 11 requests for /login, 28 for a signed-in list. A first pass finds the
// modules main.tsx loads and the lazily loaded modules; the real build has every lazy module
// import those too (they are loaded and run already when a lazy chunk runs, so nothing changes at
// run time), which puts all of them in one shared chunk. main.tsx itself is among them, so the
// shared chunk is the whole sign-in script and the page loads it directly (see `boot` below).
const first = await esbuild.build({ ...options, write: false });
const inputs = first.metafile.inputs;
/** The modules `from` loads before it runs (itself and its static imports, transitively). */
const staticGraph = (from, seen = new Set()) => {
  if (seen.has(from)) return seen;
  seen.add(from);
  for (const i of inputs[from]?.imports ?? []) if (i.kind === 'import-statement' || i.kind === 'require-call') staticGraph(i.path, seen);
  return seen;
};
const mainGraph = staticGraph('src/main.tsx');
const dynamicImports = Object.entries(inputs).flatMap(([from, i]) => i.imports.filter((m) => m.kind === 'dynamic-import').map((m) => ({ from, to: m.path })));
const lazy = new Set(dynamicImports.map((d) => path.resolve(d.to)));
// A lazy module loaded from inside an area (the event detail from the organiser console, the
// campaign form from the event and campaign details, My account from the admin shell) runs
// after that area's modules have loaded and run, so it imports them too, as the areas import
// main.tsx's. Otherwise what it shares with the area (a hook, a rule) would split off the area's
// chunks into small chunks of their own, which the pass below would move into the sign-in
// script. It does not import the lazy modules themselves, so each keeps its own chunk.
const lazyEntries = new Set(dynamicImports.map((d) => d.to));
for (const { from, to } of dynamicImports) {
  if (ROUTE_TABLES.includes(from) && !AREAS.some((a) => a.entry === to))
    throw new Error(`build: ${from} loads the screen ${to} lazily, but no AREAS route announces it`);
}
// Each screen of a console is a lazy chunk of its own, and so is each part a screen opens on
// demand (a modal, the spreadsheet reader). What two or more of them share (the list table, a
// feature's API, a catalog area) would come as a chunk per combination of them, a dozen requests
// of a few hundred bytes each. Those modules load with the console's shell instead: the shell
// imports them (`shellExtras`), and every screen and part of the console then imports them too,
// as loaded before it (below), so they travel in one chunk. That holds for what two screens
// share, and for what a screen shares only with its parts when that is small (under SMALL_CHUNK
// bytes: a feature's API); a larger piece (the two-step cards of My account and the forced
// enrolment) stays a chunk of its own, loaded with whichever needs it first. So does a large
// piece (LARGE_SHARED bytes or more) that fewer than half of a console's screens share: the
// campaigns' catalog, which only the event and campaign details and the template editor use,
// would otherwise ride along on every organiser screen. A module that screens of both consoles
// share (the activity screen is in both) loads with both shells.
const SMALL_CHUNK = 2048;
const LARGE_SHARED = 4096;
const shellExtras = new Map(CONSOLES.map((c) => [c.shell, new Set()]));
/** What a screen's parts import as loaded before them: the modules their screen shares only with them, kept with it (below). */
const partExtras = new Map();
/** Each lazy module inside a console (its screens, their parts): the consoles' shells it runs under. */
const consolesOf = new Map();
{
  const screens = new Set(dynamicImports.filter((d) => CONSOLES.some((c) => c.table === d.from)).map((d) => d.to));
  for (const { shell } of CONSOLES) {
    const inside = new Set([shell]);
    for (let grew = true; grew; ) {
      grew = false;
      const reach = new Set([...inside].flatMap((e) => [...staticGraph(e)]));
      for (const { from, to } of dynamicImports)
        if (reach.has(from) && !inside.has(to)) {
          inside.add(to);
          grew = true;
        }
    }
    inside.delete(shell);
    for (const e of inside) consolesOf.set(e, [...(consolesOf.get(e) ?? []), shell]);
  }
  /** Each console's number of screens (its route table's lazy imports), by shell. */
  const screensOf = new Map(CONSOLES.map((c) => [c.shell, dynamicImports.filter((d) => d.from === c.table).length]));
  // Each module the console's lazy modules hold, by the set of them that holds it.
  const holders = new Map();
  for (const e of consolesOf.keys())
    for (const f of staticGraph(e))
      if (!mainGraph.has(f) && !consolesOf.has(f) && !CONSOLES.some((c) => c.shell === f)) holders.set(f, [...(holders.get(f) ?? []), e]);
  const sets = new Map();
  for (const [f, by] of holders) if (by.length > 1) sets.set(by.join(' '), [...(sets.get(by.join(' ')) ?? []), f]);
  const bytes = new Map(Object.values(first.metafile.outputs).flatMap((o) => Object.entries(o.inputs).map(([f, i]) => [f, i.bytesInOutput])));
  // The large pieces kept apart (below), and what holds them: a small shared module that imports
  // one (the campaign form's fields import the campaigns' catalog) stays apart with it, or the
  // shell would load the large piece through it.
  const apart = new Set();
  for (const files of sets.values()) {
    const by = holders.get(files[0]);
    const size = files.reduce((sum, f) => sum + (bytes.get(f) ?? 0), 0);
    const held = by.filter((e) => screens.has(e)).length;
    const consoleScreens = Math.min(...by.flatMap((e) => consolesOf.get(e)).map((shell) => screensOf.get(shell)));
    if (held >= 2 && size >= LARGE_SHARED && held * 2 < consoleScreens) for (const f of files) apart.add(f);
  }
  const nearApart = (files) => files.some((f) => apart.has(f) || [...staticGraph(f)].some((g) => apart.has(g)));
  // What one screen shares only with its parts (the template editor's state and geometry, with its
  // canvas step and transparency search) is judged as a whole, not set by set: under SMALL_CHUNK
  // bytes in all it loads with the shell (below); otherwise it stays with the screen, in one chunk,
  // instead of riding along on every screen of the console: each of those parts imports all of it
  // (the screen has loaded and run it before any of them runs), so esbuild does not split it by part.
  /** Each lazy module of a console: the screens that load it, themselves or through their parts (a screen opened from another, as the template editor from the event detail, counts as its own). */
  const screensOfPart = new Map();
  for (const screen of screens) {
    const reach = new Set([screen]);
    for (let grew = true; grew; ) {
      grew = false;
      const all = new Set([...reach].flatMap((e) => [...staticGraph(e)]));
      for (const { from, to } of dynamicImports)
        if (all.has(from) && !reach.has(to) && !screens.has(to)) {
          reach.add(to);
          grew = true;
        }
    }
    for (const e of reach) screensOfPart.set(e, [...(screensOfPart.get(e) ?? []), screen]);
  }
  const ownOf = new Map();
  for (const files of sets.values()) {
    const by = holders.get(files[0]);
    const held = by.filter((e) => screens.has(e));
    if (held.length !== 1 || nearApart(files)) continue;
    if (by.some((e) => (screensOfPart.get(e) ?? []).some((s) => s !== held[0]))) continue;
    const own = ownOf.get(held[0]) ?? { files: [], parts: new Set() };
    own.files.push(...files);
    for (const e of by) if (e !== held[0]) own.parts.add(e);
    ownOf.set(held[0], own);
  }
  const withScreen = new Set();
  for (const { files, parts } of ownOf.values()) {
    if (files.reduce((sum, f) => sum + (bytes.get(f) ?? 0), 0) < SMALL_CHUNK) continue;
    for (const f of files) withScreen.add(f);
    for (const part of parts) partExtras.set(part, new Set([...(partExtras.get(part) ?? []), ...files]));
  }
  for (const files of sets.values()) {
    const by = holders.get(files[0]);
    if (nearApart(files) || withScreen.has(files[0])) continue;
    if (by.filter((e) => screens.has(e)).length < 2 && files.reduce((sum, f) => sum + (bytes.get(f) ?? 0), 0) >= SMALL_CHUNK) continue;
    for (const shell of new Set(by.flatMap((e) => consolesOf.get(e)))) for (const f of files) shellExtras.get(shell).add(f);
  }
  // What the visitor pages (sign-up, password pages, the gallery) share with the consoles (the
  // access catalog, the modal, the resource declarations) would come as a chunk per combination
  // of them: every visitor page that needs any of it, and both shells, load all of it, one chunk.
  const visitors = dynamicImports.filter((d) => d.from === 'src/app/app.tsx' && !CONSOLES.some((c) => c.shell === d.to)).map((d) => d.to);
  const consoleReach = new Set([...CONSOLES.map((c) => c.shell), ...consolesOf.keys()].flatMap((e) => [...staticGraph(e)]));
  const shared = new Set(visitors.flatMap((v) => [...staticGraph(v)]).filter((f) => !mainGraph.has(f) && consoleReach.has(f) && !lazyEntries.has(f)));
  for (const v of visitors) if ([...staticGraph(v)].some((f) => shared.has(f))) shellExtras.set(v, shared);
  for (const { shell } of CONSOLES) for (const f of shared) shellExtras.get(shell).add(f);
  // The graph walks below see those imports as the areas' (and parts') own.
  for (const [area, extras] of [...shellExtras, ...partExtras]) inputs[area].imports.push(...[...extras].map((f) => ({ path: f, kind: 'import-statement' })));
}
const graphs = new Map([...lazyEntries].map((e) => [e, staticGraph(e)]));
const both = (a, b) => new Set([...a].filter((f) => b.has(f)));
const before = new Map();
/** The modules sure to have run before the lazy module `m` runs, whichever of its importers loads it. */
const loadedBefore = (m) => {
  if (!before.has(m)) {
    before.set(m, mainGraph); // while working it out: a cycle of lazy imports counts on main.tsx's only
    before.set(
      m,
      dynamicImports
        .filter((d) => d.to === m)
        .map((d) => loadedWith(d.from))
        .reduce(both),
    );
  }
  return before.get(m);
};
/** The modules sure to have run once module `f` has: main.tsx's for its own; else what every lazy module holding `f` loads and has run before. */
const loadedWith = (f) => {
  const holders = [...lazyEntries].filter((e) => graphs.get(e).has(f));
  return mainGraph.has(f) || !holders.length ? mainGraph : holders.map((e) => new Set([...graphs.get(e), ...loadedBefore(e)])).reduce(both);
};
/** `file` (an absolute path) as the metafile names it. */
const relative = (file) => path.relative(process.cwd(), file).split(path.sep).join('/');
/**
 * What the lazy module `file` imports as loaded before it: what has run before it, except the
 * lazy modules themselves; for a screen or part of a console, only main.tsx's and the shells'
 * (so a part does not take its screen's modules out of the screen's chunk).
 */
const runsFirst = (file) => {
  const m = relative(file);
  const shells = consolesOf.has(m) ? new Set(CONSOLES.flatMap((c) => [...staticGraph(c.shell)])) : null;
  return [...loadedBefore(m)].filter((f) => !lazyEntries.has(f) && (!shells || mainGraph.has(f) || shells.has(f)));
};
// Small modules that several lazy areas share (a rule, a hook: under SMALL_CHUNK bytes together)
// would come as chunks of their own, each a request for a few hundred bytes; a later pass puts
// them in the shared chunk too (main.tsx imports them as well), where they cost /login next to
// nothing.
const alsoInMain = new Set();
// A plugin's virtual module (`no-shim:…`) is left to the modules that import it.
const importsOf = (files) =>
  [...files]
    .filter((f) => !/^[\w-]+:/.test(f))
    .map((f) => `import ${JSON.stringify(path.resolve(f))};`)
    .join('\n');
const shareMainGraph = {
  name: 'share-main-graph',
  setup(build) {
    build.onLoad({ filter: /\.(tsx?|m?jsx?)$/ }, (args) => {
      const isMain = args.path === path.resolve('src/main.tsx');
      if (!lazy.has(args.path) && !(isMain && alsoInMain.size)) return undefined;
      const ext = path.extname(args.path).slice(1);
      return {
        contents: `${readFileSync(args.path, 'utf8')}\n${importsOf(isMain ? alsoInMain : new Set([...mainGraph, ...alsoInMain, ...runsFirst(args.path), ...(shellExtras.get(relative(args.path)) ?? []), ...(partExtras.get(relative(args.path)) ?? [])]))}\n`,
        loader: ext === 'tsx' || ext === 'ts' || ext === 'jsx' ? ext : 'js',
        resolveDir: path.dirname(args.path),
      };
    });
  },
};

// React is CommonJS: for every module that imports it, esbuild makes an ES module view of it
// (__toESM copies its 44 exports onto a new object), about forty copies before the users list's
// first paint. Here one ES module re-exports React once and every `import … from 'react'` reads
// that one; React's own CommonJS requires (react-dom, use-sync-external-store) stay as they are.
const requireHere = createRequire(import.meta.url);
const reactExports = Object.keys(requireHere(path.join(path.dirname(requireHere.resolve('react')), 'cjs/react.production.js')));
const reactOnce = {
  name: 'react-once',
  setup(build) {
    build.onResolve({ filter: /^react$/ }, (args) =>
      args.kind === 'import-statement' && args.namespace !== 'react-once' ? { path: 'react', namespace: 'react-once' } : undefined,
    );
    build.onLoad({ filter: /^react$/, namespace: 'react-once' }, () => ({
      contents: `import React from 'react';\nexport default React;\nexport const { ${reactExports.join(', ')} } = React;\n`,
      resolveDir: process.cwd(),
      loader: 'js',
    }));
  },
};

const plugins = [shareMainGraph, reactOnce, noShim];
const second = await esbuild.build({ ...options, write: false, plugins });
// A small chunk moves with what its modules import that the sign-in script lacks, and only if
// all that together stays under SMALL_CHUNK too (a sheet preview's 1.7 KB would have brought the
// resource declarations along).
const outputBytes = new Map(Object.values(second.metafile.outputs).flatMap((o) => Object.entries(o.inputs).map(([f, i]) => [f, i.bytesInOutput])));
for (const o of Object.values(second.metafile.outputs)) {
  if (o.entryPoint || o.bytes >= SMALL_CHUNK || !Object.keys(o.inputs).length) continue;
  const moving = new Set(
    Object.keys(o.inputs)
      .flatMap((m) => [...staticGraph(m)])
      .filter((f) => !mainGraph.has(f) && !alsoInMain.has(f)),
  );
  if ([...moving].reduce((sum, f) => sum + (outputBytes.get(f) ?? 0), 0) < SMALL_CHUNK) for (const f of moving) alsoInMain.add(f);
}
const result = await esbuild.build({ ...options, plugins });

const outputs = result.metafile.outputs;
const url = (file) => '/' + path.relative(out, file).split(path.sep).join('/');
const entry = (name, ext) => {
  const hit = Object.entries(outputs).find(([file, o]) => o.entryPoint && path.basename(file).startsWith(name + '-') && file.endsWith(ext));
  if (!hit) throw new Error(`build: no output for ${name}${ext}`);
  return hit[0];
};
/** The output files a chunk loads before it runs (itself and its static imports), as URLs. */
const chunkGraph = (file, seen = new Set()) => {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const i of outputs[file].imports) if (i.kind === 'import-statement') chunkGraph(i.path, seen);
  return seen;
};
// With main.tsx in the shared chunk, esbuild's `app` entry is only `import "./chunks/chunk-….js"`:
// the page loads that chunk as its module script instead, and the stub is dropped. One request
// less on every page: on a cold HTTP/1.1 load the stub took a connection of its own
// and shared the bandwidth with the chunk it then imported (measured on /login, Lighthouse mobile:
// the chunk's download went from 750-790 ms to 615 ms, LCP from 1.78-2.01 s to 1.62-1.76 s).
const appJs = entry('app', '.js');
const stub = outputs[appJs];
const bootImports = stub.imports.filter((i) => i.kind === 'import-statement');
if (bootImports.length !== 1 || Object.values(stub.inputs).some((i) => i.bytesInOutput > 0)) {
  throw new Error(`build: ${appJs} should only import the shared chunk; main.tsx's code stayed in it`);
}
const boot = bootImports[0].path;
rmSync(appJs);
// The metafile (.build/meta.json, read by bench/bundle-size.ts) then says what dist/ holds: no
// stub, and the shared chunk as main.tsx's entry.
delete outputs[appJs];
outputs[boot].entryPoint = 'src/main.tsx';
const signIn = chunkGraph(boot);
const preloads = (files) => [...files].map((f) => `<link rel="modulepreload" href="${url(f)}">`).join('\n  ');

cpSync('static', out, { recursive: true });
const html = readFileSync('static/index.html', 'utf8')
  .replace('%APP_JS%', url(boot))
  .replace('%APP_CSS%', url(entry('styles', '.css')))
  .replace(/^[ \t]*%PRELOADS%\n/m, (line) => {
    const links = preloads([...signIn].filter((f) => f !== boot));
    return links ? line.replace('%PRELOADS%', links) : '';
  });
writeFileSync(path.join(out, 'index.html'), html);

const areaFiles = AREAS.map(({ route, entry: source, shell, early: startsEarly }) => {
  const hit = Object.keys(outputs).find((f) => outputs[f].entryPoint === source);
  if (!hit) throw new Error(`build: ${source} is not a lazily loaded chunk`);
  return { route, shell, startsEarly, files: [...chunkGraph(hit)].filter((f) => !signIn.has(f)) };
});

// The consoles' frames as HTML (src/app/shell/prerender.tsx), rendered here by the same
// components the console runs. React's server renderer opens a MessageChannel when loaded, which
// would keep this script alive, so the rendering runs in a child process of its own.
const prerenderDir = mkdtempSync(path.join(tmpdir(), 'prerender-'));
let shells;
try {
  const script = path.join(prerenderDir, 'prerender.mjs');
  await esbuild.build({
    stdin: {
      contents:
        "import { prerenderShell } from './src/app/shell/prerender.tsx';\n" +
        `const names = ${JSON.stringify([...new Set(AREAS.flatMap((a) => (a.shell ? [a.shell] : [])))])};\n` +
        'process.stdout.write(JSON.stringify(Object.fromEntries(names.map((n) => [n, prerenderShell(n)]))), () => process.exit(0));\n',
      resolveDir: process.cwd(),
      loader: 'tsx',
    },
    // The browser build of react-dom/server: no Node built-ins, plain ESM.
    outfile: script,
    bundle: true,
    platform: 'browser',
    format: 'esm',
    minify: false,
    target: ['es2022'],
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    logLevel: 'warning',
  });
  shells = JSON.parse(execFileSync(process.execPath, [script], { encoding: 'utf8' }));
} finally {
  rmSync(prerenderDir, { recursive: true, force: true });
}
const areas = areaFiles.map(({ route, files, shell, startsEarly }) => ({
  route,
  chunks: files.map(url),
  ...(shell ? { shell: shells[shell] } : {}),
  ...(startsEarly ? { early: url(earlyJs) } : {}),
}));
writeFileSync(path.join(out, 'preload.json'), JSON.stringify({ areas }, null, 1));

// V8's explicit compile hint (v8.dev/blog/explicit-compile-hints) on the scripts a route runs
// before its first paint (the sign-in scripts and each area's chunks): V8 then compiles all
// their functions while the file streams in, on a background thread, instead of one by one on
// the main thread when each is first called. Measured in Chromium: the split React
// chunk spent ~60 ms of main-thread parse and compile before the first paint; with the hint
// none. Chunks loaded later (the spreadsheet reader, a screen opened from another) stay lazily
// compiled.
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';
for (const f of new Set([...signIn, ...areaFiles.flatMap((a) => a.files)])) {
  if (f.endsWith('.js')) writeFileSync(f, COMPILE_HINT + readFileSync(f, 'utf8'));
}

// Brotli and gzip twins, written once here instead of compressing on every request. config.js
// is left out: it is edited where the console is deployed, and a stale twin would win.
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|csv|txt)$/;
const files = (dir) =>
  readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f);
    return statSync(p).isDirectory() ? files(p) : [p];
  });
for (const f of files(out)) {
  if (!COMPRESSIBLE.test(f) || path.relative(out, f) === 'config.js') continue;
  const body = readFileSync(f);
  writeFileSync(`${f}.br`, brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } }));
  writeFileSync(`${f}.gz`, gzipSync(body, { level: 9 }));
}

mkdirSync('.build', { recursive: true });
writeFileSync('.build/meta.json', JSON.stringify(result.metafile));
if (!existsSync(path.join(out, 'config.js'))) throw new Error('build: static/config.js is missing');
console.log(`console built into ${out}/`);
