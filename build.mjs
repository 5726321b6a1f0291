// Builds the console into dist/: one ESM bundle with code splitting (lazy routes become
// their own chunks), one CSS bundle, static files copied, and index.html written with the
// hashed asset names. Runtime settings stay in dist/config.js, so no rebuild is needed to
// point the console at another API (DESIGN.md §1).
import * as esbuild from 'esbuild';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';

// OUT_DIR lets parallel work build without pulling the files from under a running server.
const out = process.env.OUT_DIR ?? 'dist';
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const result = await esbuild.build({
  entryPoints: { app: 'src/main.tsx', styles: 'styles/main.css' },
  outdir: out,
  bundle: true,
  splitting: true,
  format: 'esm',
  minify: true,
  // No source maps: production publishes no source.
  sourcemap: false,
  target: ['es2022'],
  entryNames: '[name]-[hash]',
  chunkNames: 'chunks/[name]-[hash]',
  assetNames: 'assets/[name]-[hash]',
  metafile: true,
  loader: { '.png': 'file', '.svg': 'file' },
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  logLevel: 'warning',
});

const outputs = Object.entries(result.metafile.outputs);
const entry = (name, ext) => {
  const hit = outputs.find(([file, o]) => o.entryPoint && path.basename(file).startsWith(name + '-') && file.endsWith(ext));
  if (!hit) throw new Error(`build: no output for ${name}${ext}`);
  return '/' + path.relative(out, hit[0]).split(path.sep).join('/');
};

cpSync('static', out, { recursive: true });
const html = readFileSync('static/index.html', 'utf8')
  .replace('%APP_JS%', entry('app', '.js'))
  .replace('%APP_CSS%', entry('styles', '.css'));
writeFileSync(path.join(out, 'index.html'), html);
mkdirSync('.build', { recursive: true });
writeFileSync('.build/meta.json', JSON.stringify(result.metafile));
if (!existsSync(path.join(out, 'config.js'))) throw new Error('build: static/config.js is missing');
console.log(`console built into ${out}/`);
