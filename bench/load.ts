import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiCall, apiLogin, spawnServer } from '../test/api/child-server.ts';
import { createTestDatabase } from '../test/api/harness.ts';
import { bareHono, rssMb, SETTLE_MS } from './memory.ts';
import { loadClient } from './http-client.ts';

/**
 * Load run (`npm run bench`): CLIENTS concurrent clients (default 50), each signed in
 * with its own session, call the API back to back for SECONDS (default 30) with a mix of
 * 45 % permission list (GET permission?page=N), 40 % permission get (GET permission/{id}) and
 * 15 % permission update (PUT permission/{id}), sent by the lean keep-alive client of
 * bench/http-client.ts (so the load generator takes less of the shared CPU). The server runs as a child process on
 * 127.0.0.1 only, from the production bundle (server-dist/, as `npm start`) with its request log
 * on; its idle memory is VmRSS before the first request, its peak VmHWM of /proc/<pid>/status.
 * Next to it, a bare Hono server (bench/memory.ts) under the same clients gives the yardstick.
 *
 * Engines: SQLite always (a temporary data folder); PostgreSQL too when TEST_DATABASE_URL (a
 * fresh database is created and dropped) or DATABASE_URL (used as it is) is set.
 * Before the measured SECONDS, WARMUP seconds (default 5) of the same mix are run and not
 * counted: a fresh process compiles its hot paths and opens its database connections then
 * (PostgreSQL: up to PG_POOL_MAX logins and statement preparations), which is start-up, not
 * steady load. The peak memory (VmHWM) still covers the whole life of the process.
 * Environment: BENCH_CLIENTS, BENCH_SECONDS, BENCH_WARMUP.
 */
export interface LoadResult {
  engine: string;
  clients: number;
  seconds: number;
  requests: number;
  errors: number;
  throughput: number;
  p50: number;
  p99: number;
  max: number;
  idleRssMb: number;
  peakRssMb: number;
  byOp: Record<string, number>;
}

const ADMIN = { email: 'bench@example.com', password: 'Bench-pass-1' };
const PERMISSIONS = 200;

function percentile(sorted: number[], p: number) {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** One load run against a freshly started server on the given database. */
export async function loadRun(engine: 'sqlite' | 'postgres', databaseUrl: string | undefined, clients: number, seconds: number): Promise<LoadResult> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-'));
  const server = await spawnServer(
    {
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_REQUESTS: process.env.BENCH_LOG ?? '1',
    },
    30_000,
    { bundled: true },
  );
  try {
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    const idleRssMb = rssMb(server.pid);
    const admin = await apiLogin(server.url, ADMIN.email, ADMIN.password);
    const ids: number[] = [];
    for (let i = 0; i < PERMISSIONS; i++) {
      const r = await apiCall(server.url, 'POST', 'permission', { token: admin, form: { name: `Bench permission ${i + 1}` } });
      if (r.status !== 200) throw new Error(`setup failed: ${r.status} ${JSON.stringify(r.body)}`);
      ids.push(r.body.data.id);
    }
    const tokens: string[] = [];
    for (let i = 0; i < clients; i++) tokens.push(await apiLogin(server.url, ADMIN.email, ADMIN.password));
    // Each client its own session, with the double-submit XSRF pair every API call carries.
    const xsrf = 'bench-xsrf-token-0123456789';
    const headers = tokens.map((token) => ({
      Accept: 'application/json',
      Cookie: `XSRF-TOKEN=${xsrf}`,
      'X-XSRF-TOKEN': xsrf,
      Authorization: `Bearer ${token}`,
    }));
    const http = loadClient(server.url, clients);

    const latencies: number[] = [];
    const byOp: Record<string, number> = { list: 0, get: 0, update: 0 };
    let errors = 0;
    const firstErrors: string[] = [];
    const pages = Math.ceil(PERMISSIONS / 10);
    let peakRss = 0;
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, server.peakRssKb());
    }, 250);
    let started = 0;
    let until = 0;
    let measured = true;

    const client = async (c: number) => {
      let n = 0;
      while (performance.now() < until) {
        const roll = Math.random();
        const id = ids[(c * 7 + n++) % ids.length];
        const op = roll < 0.45 ? 'list' : roll < 0.85 ? 'get' : 'update';
        const t = performance.now();
        try {
          const r =
            op === 'list'
              ? await http.call('GET', `/api/permission?page=${1 + (n % pages)}`, headers[c])
              : op === 'get'
                ? await http.call('GET', `/api/permission/${id}`, headers[c])
                : await http.call(
                    'PUT',
                    `/api/permission/${id}`,
                    { ...headers[c], 'Content-Type': 'application/x-www-form-urlencoded' },
                    new URLSearchParams({ name: `Bench permission ${id} v${n}` }).toString(),
                  );
          if (r.status !== 200) {
            errors++;
            if (firstErrors.length < 3) firstErrors.push(`${op} ${r.status} ${r.text.slice(0, 120)}`);
          }
        } catch (err) {
          errors++;
          if (firstErrors.length < 3) firstErrors.push(`${op} ${(err as Error).message}`);
        }
        if (!measured) continue;
        latencies.push(performance.now() - t);
        byOp[op]++;
      }
    };
    const warmup = Number(process.env.BENCH_WARMUP ?? 5);
    measured = false;
    until = performance.now() + warmup * 1000;
    await Promise.all(Array.from({ length: clients }, (_, c) => client(c)));
    measured = true; // errors of the warm-up still count
    started = performance.now();
    until = started + seconds * 1000;
    await Promise.all(Array.from({ length: clients }, (_, c) => client(c)));
    const elapsed = (performance.now() - started) / 1000;
    http.close();
    clearInterval(sampler);
    peakRss = Math.max(peakRss, server.peakRssKb());
    if (firstErrors.length) console.log(`  first errors (${engine}): ${firstErrors.join(' | ')}`);
    latencies.sort((a, b) => a - b);
    return {
      engine,
      clients,
      seconds: elapsed,
      requests: latencies.length,
      errors,
      throughput: latencies.length / elapsed,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      max: latencies[latencies.length - 1] ?? 0,
      idleRssMb,
      peakRssMb: peakRss / 1024,
      byOp,
    };
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Prints one result line per engine. */
export function printResult(r: LoadResult) {
  console.log(
    `${r.engine.padEnd(9)} ${r.clients} clients, ${r.seconds.toFixed(1)} s: ${r.requests} requests ` +
      `(list ${r.byOp.list}, get ${r.byOp.get}, update ${r.byOp.update}), ` +
      `${r.throughput.toFixed(0)} req/s, p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, max ${r.max.toFixed(1)} ms, ` +
      `errors ${r.errors}, server memory idle ${r.idleRssMb.toFixed(0)} MB (VmRSS), peak ${r.peakRssMb.toFixed(0)} MB (VmHWM)`,
  );
}

/** Runs the load on SQLite, then on PostgreSQL when configured. Exit code 1 when any request failed. */
export async function main() {
  const clients = Number(process.env.BENCH_CLIENTS ?? 50);
  const seconds = Number(process.env.BENCH_SECONDS ?? 30);
  console.log(
    `Load: ${clients} concurrent clients for ${seconds} s each engine, after ${process.env.BENCH_WARMUP ?? 5} s of warm-up not counted; 45 % list, 40 % get, 15 % update (permissions).`,
  );
  const results: LoadResult[] = [];
  results.push(await loadRun('sqlite', undefined, clients, seconds));
  printResult(results[results.length - 1]);
  if (process.env.TEST_DATABASE_URL) {
    const db = await createTestDatabase(process.env.TEST_DATABASE_URL);
    try {
      results.push(await loadRun('postgres', db.url, clients, seconds));
    } finally {
      await db.drop();
    }
    printResult(results[results.length - 1]);
  } else if (process.env.DATABASE_URL) {
    results.push(await loadRun('postgres', process.env.DATABASE_URL, clients, seconds));
    printResult(results[results.length - 1]);
  } else console.log('postgres  skipped: set TEST_DATABASE_URL (or DATABASE_URL) to a postgres:// URL');
  const bare = await bareHono(clients, seconds);
  console.log(
    `bare Hono ${clients} clients: ${bare.requests} requests, p99 ${bare.p99.toFixed(1)} ms, memory idle ${bare.idleRssMb.toFixed(0)} MB, peak ${bare.peakRssMb.toFixed(0)} MB`,
  );
  for (const r of results) {
    console.log(
      `${r.engine.padEnd(9)} idle ${(r.idleRssMb / bare.idleRssMb).toFixed(2)}× bare Hono (target ≤ 1.5×), load peak ${r.peakRssMb.toFixed(0)} MB (target < 200 MB)` +
        `${r.engine === 'postgres' ? `, p99 ${r.p99.toFixed(1)} ms (target < 50 ms)` : ''}`,
    );
  }
  return results;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const results = await main();
  process.exit(results.some((r) => r.errors) ? 1 : 0);
}
