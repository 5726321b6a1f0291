// Bundles the reference API into server-dist/ for `npm start` (a lean production start):
// plain JavaScript, so the serving process loads no TypeScript compiler. Our own sources and the
// pure-ESM packages every start loads (BUNDLED: hono, @hono/node-server, zod) are bundled: as
// published they are a few hundred small files, each resolved, read and compiled by Node's ESM
// loader before the first answer (about 80 ms of a cold start's CPU on this
// machine). Every other npm package stays external and loads from node_modules as published
// (better-sqlite3 is a compiled addon, pg has an optional pg-native, pino starts its transports
// from files of its own, nodemailer and read-excel-file load only when used: bundling them would
// need per-package workarounds for no gain). Any `server/**/*-worker.ts` becomes its own entry beside
// server.mjs, so code that starts `new Worker(new URL('./x-worker.mjs', import.meta.url))` in the
// bundle finds it. Tests and `npm run dev`-style runs keep using tsx on the sources.
import * as esbuild from 'esbuild';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const out = process.env.SERVER_OUT_DIR ?? 'server-dist';
/** Packages bundled into the server; every other one stays external (see above). */
const BUNDLED = new Set(['hono', '@hono/node-server', 'zod']);
/** The operator's commands beside the server (`npm run backup`, `restore`, `migrations`): server/<name>.ts into <name>.mjs. */
const COMMANDS = ['backup', 'migrations'];
const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
const external = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies })
  .filter((name) => !BUNDLED.has(name))
  .flatMap((name) => [name, `${name}/*`]);
const workers = readdirSync('server', { recursive: true })
  .map(String)
  .filter((f) => /-worker\.ts$/.test(f))
  .map((f) => ({ in: path.join('server', f), out: path.basename(f, '.ts') }));

rmSync(out, { recursive: true, force: true });
await esbuild.build({
  // index.mjs is server/boot.ts: it turns on Node's compile cache before it loads server.mjs.
  entryPoints: [
    { in: 'server/boot.ts', out: 'index' },
    { in: 'server/index.ts', out: 'server' },
    ...COMMANDS.map((c) => ({ in: `server/${c}.ts`, out: c })),
    ...workers,
  ],
  outdir: out,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: ['node22'],
  external,
  // The bundled packages' licence notices (hono, zod) stay, at the end of the file.
  legalComments: 'eof',
  // Whitespace and syntax minified, names kept (stack traces still name every function). The
  // bundle's source stays in the heap as long as the process runs: 1.2 MB of ASCII instead of
  // 3.8 MB, which the unminified bundle took because a comment or two of a bundled package held a
  // character past Latin-1 (V8 then keeps the whole source as two-byte text).
  minifyWhitespace: true,
  minifySyntax: true,
  charset: 'ascii',
  logLevel: 'warning',
});
// One character past Latin-1 anywhere (charset: 'ascii' cannot escape one inside a regular
// expression literal) makes V8 keep the whole bundle's source as two-byte text: 2 MB more heap.
for (const file of readdirSync(out)) {
  const text = readFileSync(path.join(out, file), 'utf8');
  const at = text.search(/[^\x00-\xff]/);
  if (at >= 0)
    throw new Error(
      `${out}/${file} holds a character past Latin-1 (write it as \\u${text.codePointAt(at).toString(16).padStart(4, '0')} in the source): …${text.slice(Math.max(0, at - 60), at + 20)}…`,
    );
}
console.log(`server built into ${out}/ (${2 + COMMANDS.length + workers.length} entries)`);
