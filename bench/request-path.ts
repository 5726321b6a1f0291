import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { session, spawnFixture, spawnServer } from './lib.ts';
import { loadClient } from './http-client.ts';
import { startCommand, ROOT } from '../test/api/child-server.ts';
import { createTestDatabase } from '../test/api/harness.ts';

/**
 * Request path and cold start: the product (production bundle, request log
 * on as `npm start`, demo data) against a bare Hono server sending the same bytes
 * (bench/fixtures/same-bytes.mjs), same client (bench/http-client.ts), same connections:
 * GET /api/user?page=1 (signed in) and GET /api/ping, each as throughput, p50 and p99 after a
 * warm-up; on SQLite and, with TEST_DATABASE_URL or DATABASE_URL, PostgreSQL. Then the cold start:
 * ms from spawn to the first 200 on /api/ping, product (fresh data folder, demo data) vs bare
 * Hono, median of RUNS alternating. Targets: list ≥ 0.5× bare (SQLite), ≥ 0.3× (PostgreSQL),
 * p99 ≤ 3× bare; ping ≥ 0.8×; cold start ≤ 2×.
 * Each target is measured in BENCH_ROUNDS alternating rounds (bare, product, bare, product, …) and
 * each side's round with the median throughput is reported: on a shared 2-core machine one round
 * of either side can lose a fifth to a neighbour's burst.
 * Environment: BENCH_CLIENTS (20), BENCH_SECONDS (10), BENCH_WARMUP (3), BENCH_RUNS (5), BENCH_ROUNDS (3).
 * `ANSWER_CACHE=0` measures the product without its list answer cache (http/answer-cache.ts).
 */
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const TARGETS = ['/api/user?page=1', '/api/ping'];

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function measure(base: string, target: string, headers: Record<string, string>): Promise<Figures> {
  const http = loadClient(base, CLIENTS);
  const lat: number[] = [];
  let errors = 0;
  const loop = async (until: number, count: boolean) => {
    while (performance.now() < until) {
      const t = performance.now();
      const r = await http.call('GET', target, headers);
      if (count) {
        lat.push(performance.now() - t);
        if (r.status !== 200) errors++;
      }
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, () => loop(performance.now() + WARMUP * 1000, false)));
  const t0 = performance.now();
  await Promise.all(Array.from({ length: CLIENTS }, () => loop(t0 + SECONDS * 1000, true)));
  const secs = (performance.now() - t0) / 1000;
  http.close();
  lat.sort((a, b) => a - b);
  const q = (p: number) => lat[Math.min(lat.length - 1, Math.floor(p * lat.length))] ?? NaN;
  return { rps: lat.length / secs, p50: q(0.5), p99: q(0.99), errors };
}

/** bench/fixtures/same-bytes.mjs over `routesFile` on a free port (bench/lib.ts spawnFixture). */
const bare = (routesFile: string) => spawnFixture('bench/fixtures/same-bytes.mjs', { BARE_ROUTES: routesFile });

/** Signs in as the demo admin (bench/lib.ts `session`); resolves to the headers of an authenticated GET. */
const signIn = async (url: string): Promise<Record<string, string>> => ({ Accept: 'application/json', ...(await session(url)).headers });

/** The round with the median throughput (its p50 and p99 with it). */
const medianRound = (xs: Figures[]) => [...xs].sort((a, b) => a.rps - b.rps)[Math.floor(xs.length / 2)];

const line = (name: string, f: Figures) =>
  `${name.padEnd(26)} ${f.rps.toFixed(0).padStart(6)} req/s  p50 ${f.p50.toFixed(1).padStart(6)} ms  p99 ${f.p99.toFixed(1).padStart(6)} ms${f.errors ? `  errors ${f.errors}` : ''}`;

async function engineRun(engine: 'sqlite' | 'postgres', databaseUrl: string | undefined) {
  const env = { DEMO_DATA: '1', LOG_REQUESTS: '1', ADMIN_EMAIL: 'admin@example.com', DATABASE_URL: databaseUrl ?? '', MAIL_SENDER: '0' };
  const server = await spawnServer(env);
  // The same product with its list answer cache off (its own demo data on SQLite, the same database on PostgreSQL).
  const off = process.env.ANSWER_CACHE === '0' ? undefined : await spawnServer({ ...env, ANSWER_CACHE: '0' });
  if (databaseUrl) {
    // The database was made and seeded a moment ago: autovacuum would analyze it within the next
    // minute, in the middle of the figures (it cost PostgreSQL's ping a fifth); do it first, as
    // bench/lists.ts does after its fill.
    const c = new pg.Client({ connectionString: databaseUrl });
    await c.connect();
    try {
      await c.query('VACUUM ANALYZE');
    } finally {
      await c.end();
    }
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-bare-'));
  try {
    const headers = await signIn(server.url);
    const uncached = off && { url: off.url, headers: await signIn(off.url) };
    const routes: Record<string, { type: string; body: string }> = {};
    for (const t of TARGETS) {
      const r = await fetch(`${server.url}${t}`, { headers });
      routes[t] = { type: r.headers.get('content-type') ?? 'application/json', body: await r.text() };
    }
    const routesFile = path.join(dir, 'routes.json');
    writeFileSync(routesFile, JSON.stringify(routes));
    const yard = await bare(routesFile);
    try {
      console.log(
        `\n### ${engine}: ${CLIENTS} connections, ${WARMUP} s warm-up, ${SECONDS} s measured each, median of ${ROUNDS} alternating rounds (the list answer: ${Buffer.byteLength(routes[TARGETS[0]].body)} bytes${process.env.ANSWER_CACHE === '0' ? '; ANSWER_CACHE=0' : ''})`,
      );
      for (const t of TARGETS) {
        // Alternating, bare first: both see the same machine load as nearly as a shared machine allows.
        const bs: Figures[] = [],
          ps: Figures[] = [];
        for (let i = 0; i < ROUNDS; i++) {
          bs.push(await measure(yard.url, t, headers));
          ps.push(await measure(server.url, t, headers));
        }
        const b = medianRound(bs),
          p = medianRound(ps);
        console.log(line(`bare Hono ${t}`, b));
        console.log(line(`product   ${t}`, p));
        const want = t === '/api/ping' ? 0.8 : engine === 'sqlite' ? 0.5 : 0.3;
        console.log(`  → ${(p.rps / b.rps).toFixed(2)}× bare Hono's throughput (target ≥ ${want}×), p99 ${(p.p99 / b.p99).toFixed(1)}× (target ≤ 3×)`);
        if (t !== '/api/ping' && uncached) {
          // The same list when every answer is made afresh (a first visit, or after any change).
          const u = await measure(uncached.url, t, uncached.headers);
          console.log(line(`  answer cache off`, u));
          console.log(`  → ${(u.rps / b.rps).toFixed(2)}× bare Hono's throughput with every answer made afresh, p99 ${(u.p99 / b.p99).toFixed(1)}×`);
        }
      }
    } finally {
      await yard.stop();
    }
  } finally {
    await server.stop();
    await off?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** ms from spawn to the first 200 of GET /api/ping. */
async function coldStart(args: string[], env: Record<string, string>): Promise<number> {
  const port = 30000 + Math.floor(Math.random() * 20000);
  const start = startCommand();
  const t0 = performance.now();
  const proc = spawn(process.execPath, [...start.nodeArgs, ...args], {
    cwd: ROOT,
    stdio: 'ignore',
    env: { ...process.env, ...start.env, PORT: String(port), ...env },
  });
  try {
    for (;;) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/ping`)).status === 200) return performance.now() - t0;
      } catch {
        /* not yet */
      }
      await new Promise((r) => setTimeout(r, 2));
      if (performance.now() - t0 > 30_000) throw new Error('no answer in 30 s');
    }
  } finally {
    proc.kill('SIGKILL');
    await new Promise((r) => proc.once('exit', r));
  }
}

export async function requestPathBench() {
  console.log('\n## Request path and cold start: product vs bare Hono');
  await engineRun('sqlite', undefined);
  if (process.env.TEST_DATABASE_URL) {
    const db = await createTestDatabase(process.env.TEST_DATABASE_URL);
    try {
      await engineRun('postgres', db.url);
    } finally {
      await db.drop();
    }
  } else if (process.env.DATABASE_URL) await engineRun('postgres', process.env.DATABASE_URL);
  else console.log('postgres: skipped — set TEST_DATABASE_URL (or DATABASE_URL) to a postgres:// URL');

  const dir = mkdtempSync(path.join(tmpdir(), 'bench-cold-'));
  const routes = path.join(dir, 'routes.json');
  writeFileSync(routes, JSON.stringify({ '/api/ping': { type: 'application/json', body: '{"status":"success","message":"","data":"pong"}' } }));
  const product: number[] = [],
    yard: number[] = [];
  try {
    for (let i = 0; i < RUNS; i++) {
      yard.push(await coldStart(['bench/fixtures/same-bytes.mjs'], { BARE_ROUTES: routes }));
      const data = mkdtempSync(path.join(dir, 'data-'));
      product.push(
        await coldStart(['server-dist/index.mjs'], { DATA_DIR: data, ADMIN_PASSWORD: 'Bench-pass-1', DEMO_DATA: '1', LOG_REQUESTS: '1', MAIL_SENDER: '0' }),
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  console.log(
    `\n### Cold start to the first answer (median of ${RUNS}, alternating): product ${median(product).toFixed(0)} ms (fresh database, demo data; runs ${product.map((x) => x.toFixed(0)).join(', ')}), ` +
      `bare Hono ${median(yard).toFixed(0)} ms (${yard.map((x) => x.toFixed(0)).join(', ')}) → ${(median(product) / median(yard)).toFixed(2)}× (target ≤ 1.5×)`,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await requestPathBench();
