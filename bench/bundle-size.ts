import { readFileSync, readdirSync, statSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';

/**
 * Bench (a): gzip size of what the login route loads — the entry script, the chunks it imports
 * statically, the stylesheet and config.js — next to all files of the build together. Lazy
 * chunks (each screen, the template editor) are listed apart. Reads .build/meta.json from build.mjs.
 */
export function bundleSizes(dist = 'dist') {
  const meta = JSON.parse(readFileSync('.build/meta.json', 'utf8')) as { outputs: Record<string, { imports: { path: string; kind: string }[]; entryPoint?: string }> };
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
  const list = (d: string) => { for (const f of readdirSync(d)) { const p = path.join(d, f); if (statSync(p).isDirectory()) list(p); else if (/\.(js|css|html|svg|csv)$/.test(f)) all.push(p); } };
  list(dist);
  const lazy = Object.keys(meta.outputs).filter((f) => f.endsWith('.js') && !initial.has(f))
    .map((f) => ({ file: path.basename(f), gzip: gz(f) })).sort((a, b) => b.gzip - a.gzip);
  return {
    loginJs: initialJs, loginCss: gz(css), configJs: gz(path.join(dist, 'config.js')),
    all: all.reduce((s, f) => s + gz(f), 0), lazy,
  };
}

/** Budget for the JavaScript the sign-in page loads, gzip bytes; later screens must load lazily to keep it. */
export const LOGIN_JS_BUDGET = 85 * 1024;

export function printBundleSizes() {
  const s = bundleSizes();
  const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
  console.log('\n## (a) Console size, gzip');
  console.log(`login route JavaScript (entry + static imports): ${kb(s.loginJs)} (budget ${kb(LOGIN_JS_BUDGET)}: ${s.loginJs <= LOGIN_JS_BUDGET ? 'within' : 'OVER'})`);
  console.log(`login route CSS: ${kb(s.loginCss)}   config.js: ${kb(s.configJs)}`);
  console.log(`login route total: ${kb(s.loginJs + s.loginCss + s.configJs)}`);
  console.log(`all files of the build (js, css, html, svg, csv; no source maps): ${kb(s.all)}`);
  console.log('lazy chunks (loaded only on their routes), largest first:');
  for (const c of s.lazy.slice(0, 12)) console.log(`  ${c.file.padEnd(40)} ${kb(c.gzip)}`);
  const editor = s.lazy.filter((c) => c.file.startsWith('add-template-'));
  console.log(`template editor chunk (loaded only on the template routes): ${editor.map((c) => `${c.file} ${kb(c.gzip)}`).join(', ') || 'not found'}`);
}
