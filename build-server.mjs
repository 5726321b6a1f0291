// Bundles the reference API into server-dist/ for `npm start` (a lean production start):
// plain JavaScript, so the serving process loads no TypeScript compiler. Only our own sources
// are bundled; every npm package stays external and loads from node_modules as published
// (better-sqlite3 is a compiled addon, pg has an optional pg-native, unzipper an optional AWS
// SDK: bundling them would need per-package workarounds for no gain in memory). Any `server/**/*-worker.ts` becomes its own entry beside
// index.mjs, so code that starts `new Worker(new URL('./x-worker.mjs', import.meta.url))` in the
// bundle finds it. Tests and `npm run dev`-style runs keep using tsx on the sources.
import * as esbuild from 'esbuild';
import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';

const out = process.env.SERVER_OUT_DIR ?? 'server-dist';
const workers = readdirSync('server', { recursive: true })
  .map(String).filter((f) => /-worker\.ts$/.test(f))
  .map((f) => ({ in: path.join('server', f), out: path.basename(f, '.ts') }));

rmSync(out, { recursive: true, force: true });
await esbuild.build({
  entryPoints: [{ in: 'server/index.ts', out: 'index' }, ...workers],
  outdir: out,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: ['node20'],
  packages: 'external',
  legalComments: 'none',
  logLevel: 'warning',
});
console.log(`server built into ${out}/ (${1 + workers.length} entr${workers.length ? 'ies' : 'y'})`);
