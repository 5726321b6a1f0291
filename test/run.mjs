// `npm test`: strict type check, console build, then every unit, API and end-to-end test file,
// each in its own Node process (a fresh database per API/e2e file). Prints "N passed, N failed".
// Options: `npm test -- unit api` runs only those groups; TEST_FILTER=text runs matching files.
// With TEST_DATABASE_URL (postgres://… of a role that may CREATE DATABASE) the api group runs a
// second time on PostgreSQL, reported as "api (postgres)"; the first api run is always SQLite.
import { spawn } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const groups = process.argv.slice(2).length ? process.argv.slice(2) : ['typecheck', 'unit', 'api', 'e2e'];
const filter = process.env.TEST_FILTER ?? '';
const run = (cmd, args, opts = {}) => new Promise((resolve) => {
  const p = spawn(cmd, args, { stdio: opts.quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: { ...process.env, ...opts.env } });
  let out = '';
  p.stdout?.on('data', (d) => (out += d));
  p.stderr?.on('data', (d) => (out += d));
  p.on('close', (code) => resolve({ code, out }));
});
const files = (dir) => {
  const all = [];
  const walk = (d) => { for (const f of readdirSync(d)) { const p = path.join(d, f); if (statSync(p).isDirectory()) walk(p); else if (/\.test\.tsx?$/.test(f)) all.push(p); } };
  walk(dir);
  return all.filter((f) => f.includes(filter)).sort();
};

let passed = 0, failed = 0;
const failures = [];
const started = Date.now();

if (groups.includes('typecheck')) {
  process.stdout.write('type check (tsc --strict) … ');
  const r = await run('npx', ['tsc', '-p', 'tsconfig.json', '--noEmit'], { quiet: true });
  if (r.code === 0) { passed++; console.log('ok'); } else { failed++; failures.push('typecheck'); console.log('FAILED\n' + r.out); }
}
if (groups.some((g) => g === 'e2e')) {
  const r = await run('node', ['build.mjs'], { quiet: true, env: { OUT_DIR: process.env.STATIC_DIR ?? 'dist' } });
  if (r.code !== 0) { console.log(r.out); process.exit(1); }
}

/** A failed file's output for the report: its first failure and its summary (the head and tail when long). */
const excerpt = (out) => {
  const lines = out.split('\n');
  if (lines.length <= 160) return out;
  return [...lines.slice(0, 80), `… ${lines.length - 160} lines left out …`, ...lines.slice(-80)].join('\n');
};

// Unit and API files run two at a time (2 cores); e2e files one at a time (one browser each).
async function runGroup(name, concurrency, { label = name, env = {} } = {}) {
  const list = files(path.join('test', name));
  if (label !== name) console.log(`\n${label}:`);
  let i = 0;
  async function worker() {
    while (i < list.length) {
      const f = list[i++];
      const t = Date.now();
      const r = await run('node', ['--import', 'tsx', f], { quiet: true, env: { FORCE_COLOR: '0', ...env } });
      const m = [...r.out.matchAll(/Passed:\s+(\d+)[\s\S]*?Skipped:\s+(\d+)/g)].pop();
      const total = [...r.out.matchAll(/Total:\s+(\d+)/g)].pop();
      const ok = r.code === 0;
      const n = m ? Number(m[1]) : 0;
      const count = total ? Number(total[1]) : n;
      passed += ok ? count : n;
      failed += ok ? 0 : Math.max(1, count - n);
      const shown = label === name ? f : `${f} [${label}]`;
      console.log(`${ok ? 'ok  ' : 'FAIL'} ${shown} (${n}/${count} tests, ${((Date.now() - t) / 1000).toFixed(1)} s)`);
      if (!ok) { failures.push(shown); console.log(excerpt(r.out)); }
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
}
// Unit and e2e files always run on SQLite (TEST_DATABASE_URL is for the "api (postgres)" run).
if (groups.includes('unit')) await runGroup('unit', 2, { env: { TEST_DATABASE_URL: '' } });
if (groups.includes('api')) {
  await runGroup('api', 2, { env: { TEST_DATABASE_URL: '' } });
  if (process.env.TEST_DATABASE_URL) await runGroup('api', 2, { label: 'api (postgres)', env: { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL } });
  else console.log('api (postgres): skipped — set TEST_DATABASE_URL=postgres://… to run the API tests on PostgreSQL too');
}
if (groups.includes('e2e')) await runGroup('e2e', 1, { env: { TEST_DATABASE_URL: '' } });

console.log(`\n${failures.length ? 'Failed: ' + failures.join(', ') + '\n' : ''}Time: ${((Date.now() - started) / 1000).toFixed(0)} s`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed || failures.length ? 1 : 0);
