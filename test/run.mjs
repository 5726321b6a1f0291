// `npm test`: strict type check, console build, then every unit, API and end-to-end test file.
// Unit files share two Node processes (test/support/one-process.ts: one for the happy-dom files,
// one for the rest); each API and e2e file gets its own process (a fresh database or browser).
// Prints a line per file, then "N passed, N failed"; a skipped test (uvu's test.skip) is neither.
// Options: `npm test -- unit api` runs only those groups; TEST_FILTER=text runs matching files.
// With TEST_DATABASE_URL (postgres://… of a role that may CREATE DATABASE) the api group runs a
// second time on PostgreSQL, reported as "api (postgres)"; the first api run is always SQLite.
import { spawn } from 'node:child_process';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const groups = process.argv.slice(2).length ? process.argv.slice(2) : ['typecheck', 'unit', 'api', 'e2e'];
const filter = process.env.TEST_FILTER ?? '';
const run = (cmd, args, opts = {}) =>
  new Promise((resolve) => {
    const p = spawn(cmd, args, { stdio: opts.quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: { ...process.env, ...opts.env } });
    let out = '';
    p.stdout?.on('data', (d) => (out += d));
    p.stderr?.on('data', (d) => (out += d));
    p.on('close', (code) => resolve({ code, out }));
  });
const files = (dir) => {
  const all = [];
  const walk = (d) => {
    for (const f of readdirSync(d)) {
      const p = path.join(d, f);
      if (statSync(p).isDirectory()) walk(p);
      else if (/\.test\.tsx?$/.test(f)) all.push(p);
    }
  };
  walk(dir);
  return all.filter((f) => f.includes(filter)).sort();
};

let passed = 0,
  failed = 0,
  skipped = 0;
const failures = [];
const started = Date.now();

if (groups.includes('typecheck')) {
  process.stdout.write('type check (tsc --strict) … ');
  const r = await run('npx', ['tsc', '-p', 'tsconfig.json', '--noEmit'], { quiet: true });
  if (r.code === 0) {
    passed++;
    console.log('ok');
  } else {
    failed++;
    failures.push('typecheck');
    console.log('FAILED\n' + r.out);
  }
}
if (groups.some((g) => g === 'e2e')) {
  const r = await run('node', ['build.mjs'], { quiet: true, env: { OUT_DIR: process.env.STATIC_DIR ?? 'dist' } });
  if (r.code !== 0) {
    console.log(r.out);
    process.exit(1);
  }
}

/** A failed file's output for the report: its first failure and its summary (the head and tail when long). */
const excerpt = (out) => {
  const lines = out.split('\n');
  if (lines.length <= 160) return out;
  return [...lines.slice(0, 80), `… ${lines.length - 160} lines left out …`, ...lines.slice(-80)].join('\n');
};

/** Counts one file's result and prints its line, and its output when it failed. */
function report(shown, r) {
  passed += r.passed;
  failed += r.failed;
  skipped += r.skipped;
  const skips = r.skipped ? `, ${r.skipped} skipped` : '';
  console.log(`${r.failed ? 'FAIL' : 'ok  '} ${shown} (${r.passed}/${r.total} tests${skips}, ${(r.ms / 1000).toFixed(1)} s)`);
  if (r.failed) {
    failures.push(shown);
    console.log(excerpt(r.output));
  }
}

// A unit file still running after this long is reported as failed and its process stopped.
const FILE_TIMEOUT_MS = Number(process.env.TEST_FILE_TIMEOUT_MS ?? 600_000);

/**
 * Runs `list` one after the other in one Node process (test/support/one-process.ts), reporting each
 * file as it ends. When the process ends or hangs in the middle of a file, that file is reported
 * as failed with what it wrote, and the files after it run in a new process.
 */
async function runInOneProcess(list, env) {
  while (list.length) {
    const p = spawn('node', ['--import', 'tsx', 'test/support/one-process.ts', ...list], {
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      env: { ...process.env, FORCE_COLOR: '0', ...env },
    });
    let out = '',
      current = null,
      started = 0,
      timer;
    p.stdout.on('data', (d) => (out += d));
    p.stderr.on('data', (d) => (out += d));
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        out += `\n  still running after ${FILE_TIMEOUT_MS / 1000} s: stopped\n`;
        p.kill('SIGKILL');
      }, FILE_TIMEOUT_MS);
    };
    p.on('message', (m) => {
      if (m.start) {
        current = m.start;
        started = Date.now();
        out = '';
        arm();
        return;
      }
      current = null;
      list = list.filter((f) => f !== m.file);
      report(m.file, { ...m, output: m.output + out });
    });
    const [code, signal] = await new Promise((resolve) => p.on('close', (...a) => resolve(a)));
    clearTimeout(timer);
    const ended = `${out}\n  (the test process ended with ${signal ?? `code ${code}`})`;
    if (!list.length) break;
    if (current) {
      report(current, { passed: 0, failed: 1, total: 0, skipped: 0, ms: Date.now() - started, output: ended });
      list = list.filter((f) => f !== current);
    } else if (!started) {
      for (const f of list) report(f, { passed: 0, failed: 1, total: 0, skipped: 0, ms: 0, output: ended });
      break;
    }
  }
}

// API files run two at a time (2 cores); e2e files one at a time (one browser each).
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
      const n = m ? Number(m[1]) : 0;
      const count = total ? Number(total[1]) : n;
      // uvu exits 0 when a before or after hook throws, its tests counted but not passed: a failure.
      const ok = r.code === 0 && n === count;
      if (r.code === 0 && !ok)
        r.out += `\n  ${count - n} of ${count} tests did not pass, yet the process ended with code 0 (an error in a before or after hook?)\n`;
      report(label === name ? f : `${f} [${label}]`, {
        passed: ok ? count : n,
        failed: ok ? 0 : Math.max(1, count - n),
        total: count,
        skipped: m ? Number(m[2]) : 0,
        ms: Date.now() - t,
        output: r.out,
      });
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
}
// Unit and e2e files always run on SQLite (TEST_DATABASE_URL is for the "api (postgres)" run).
if (groups.includes('unit')) {
  // happy-dom's window is installed as the global DOM once per process: its files get their own.
  const list = files(path.join('test', 'unit'));
  const dom = list.filter((f) => /^import .*'(\.\/setup-dom\.ts|happy-dom)';/m.test(readFileSync(f, 'utf8')));
  const env = { TEST_DATABASE_URL: '' };
  await Promise.all([
    runInOneProcess(
      list.filter((f) => !dom.includes(f)),
      env,
    ),
    runInOneProcess(dom, env),
  ]);
}
if (groups.includes('api')) {
  await runGroup('api', 2, { env: { TEST_DATABASE_URL: '' } });
  if (process.env.TEST_DATABASE_URL) await runGroup('api', 2, { label: 'api (postgres)', env: { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL } });
  else console.log('api (postgres): skipped — set TEST_DATABASE_URL=postgres://… to run the API tests on PostgreSQL too');
}
if (groups.includes('e2e')) await runGroup('e2e', 1, { env: { TEST_DATABASE_URL: '' } });

console.log(`\n${failures.length ? 'Failed: ' + failures.join(', ') + '\n' : ''}Time: ${((Date.now() - started) / 1000).toFixed(0)} s`);
if (skipped) console.log(`${skipped} skipped (test.skip: a test that does not apply here, e.g. PostgreSQL-only without TEST_DATABASE_URL)`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed || failures.length ? 1 : 0);
