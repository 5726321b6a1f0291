import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { openDatabase } from '../server/db/index.ts';
import { seedIfEmpty } from '../server/seed/index.ts';
import { hashPassword } from '../server/lib/auth/passwords.ts';
import { createRole } from '../server/db/queries/roles.ts';
import { allPermissions } from '../server/db/queries/permissions.ts';
import { insertUser } from '../server/db/queries/users.ts';
import { createTestDatabase } from '../test/api/harness.ts';
import { ROOT } from '../test/api/child-server.ts';
import { fmt, session, spawnFixture, spawnServer } from './lib.ts';
import { loadClient } from './http-client.ts';
import { rssMb, SETTLE_MS } from './memory.ts';

/**
 * Mixed load (`npm run bench`, alone `npm run bench -- mixed`): the product against a minimal
 * server doing the same SQL (bench/minimal-server.ts: node:http, the session looked up by the
 * token's hash with the product's query, the product's list and UPDATE statements, JSON, no
 * framework, no caches, no activity log), both on one freshly filled database: 3,000 users,
 * 3,000 pages, 3,000 permissions besides the catalogue and 300 roles, with the admin and four
 * staff (roles with the Users, Pages, Permissions and Roles screens; one holds two roles) signed
 * in through the product's POST /api/login. The product runs from its production bundle with
 * `npm start`'s settings (request log on, answer cache on); the minimal server is bundled the same
 * way (esbuild, into node_modules/.cache) and run with the same Node flags.
 *
 * Each run: CLIENTS connections (bench/http-client.ts), each as one of the five users (connection
 * i as user i mod 5), send back to back for WARMUP s (not counted) then SECONDS s, a share of
 * writes (0 %, 1 %, 5 %: PUT /api/page/{id} with a new title) and otherwise a page of the users,
 * pages, permissions or roles list (page 1–30, now and then a far page, a search or a sort). Each
 * connection's sequence comes from its own seeded generator, so both servers get the same
 * requests. Each share runs BENCH_ROUNDS rounds per side, the sides alternating which goes first
 * (on a shared 2-core machine one round swings by a quarter). Printed per side: the round with
 * the median requests per second, with its read and write p50/p99; the highest peak RSS of its
 * rounds (VmHWM, reset before each round through /proc/<pid>/clear_refs; the lifetime peak where
 * that is refused) and all rounds' errors, then
 * product/minimal ratios (with the machine's load average: it is shared); last, idle RSS (VmRSS SETTLE_MS after start, before any request) of the
 * product, the minimal server and a bare Hono server answering one route
 * (bench/fixtures/bare-hono.mjs). Figures only, nothing asserted; the targets printed are issue
 * 35's "Done when".
 *
 * Engines: SQLite always; PostgreSQL in a fresh database (created and dropped) on
 * TEST_DATABASE_URL's or DATABASE_URL's server when either is set.
 * Environment: BENCH_CLIENTS (20), BENCH_SECONDS (10), BENCH_WARMUP (3), BENCH_ROUNDS (3).
 */
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const WRITE_SHARES = [0, 0.01, 0.05];
const ROWS = { users: 3_000, pages: 3_000, permissions: 3_000, roles: 300 };
const ADMIN = { email: 'admin@example.com', password: 'Bench-pass-1' };
const STAFF_PASSWORD = 'Staff-pass-1';
const STAFF = 4;
const NAMES = 'AdaBruClaDmiEvaFelGreHamIslJunKofLenMarNooOsc';

/** The bundled minimal server's path: bench/minimal-server.ts built as build-server.mjs builds the product. */
async function buildMinimal(): Promise<string> {
  const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  const bundled = new Set(['hono', '@hono/node-server', 'zod']);
  const external = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).filter((n) => !bundled.has(n)).flatMap((n) => [n, `${n}/*`]);
  // Under node_modules, so the packages left external resolve from the project's node_modules.
  const outfile = path.join(ROOT, 'node_modules/.cache/bench-mixed-load/minimal-server.mjs');
  await esbuild.build({
    entryPoints: [path.join(ROOT, 'bench/minimal-server.ts')], outfile, bundle: true, platform: 'node', format: 'esm',
    target: ['node22'], external, logLevel: 'warning',
  });
  return outfile;
}

/**
 * Fills a fresh database (`dataDir`'s SQLite, or `url`'s PostgreSQL) through the product's
 * migrations, seed and role queries, the bulk rows in one statement each. Resolves to the
 * signed-in users' e-mails and passwords and the pages' id range.
 */
async function fill(dataDir: string, url?: string) {
  const sql = await openDatabase(dataDir, url);
  try {
    await seedIfEmpty(sql, { adminEmail: ADMIN.email, adminPassword: ADMIN.password, demo: false });
    const staffHash = await hashPassword(STAFF_PASSWORD);
    const series = (n: number) => (sql.engine === 'postgres' ? ['', `FROM generate_series(1, ${n}) AS s(i)`]
      : [`WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < ${n}) `, 'FROM s']);
    const name = `substr('${NAMES}', (i % 15) * 3 + 1, 3) || ' Person ' || CAST(i AS TEXT)`;
    await sql.transaction(async (tx) => {
      const perms = await allPermissions(tx);
      const permIds = (...names: string[]) => perms.filter((p) => names.includes(p.name)).map((p) => p.id);
      const menus = await tx.all<{ id: number; url: string }>('SELECT id, url FROM admin_menus');
      const menuIds = (...urls: string[]) => menus.filter((m) => urls.includes(m.url)).map((m) => m.id);
      const bench = await createRole(tx, { name: 'bench', permissionIds: [], accessIds: [] });
      const staff = await createRole(tx, {
        name: 'staff', permissionIds: permIds('View users', 'View pages', 'Edit pages', 'View permissions', 'View roles'), accessIds: [bench],
        menuIds: menuIds('/admin/users', '/admin/pages', '/admin/permissions', '/admin/roles'),
      });
      const reporter = await createRole(tx, { name: 'reporter', permissionIds: permIds('View users'), accessIds: [bench, staff], menuIds: menuIds('/admin/users') });
      for (let i = 1; i <= STAFF; i++) {
        const id = await insertUser(tx, { name: `Staff ${i}`, email: `staff${i}@staff.example`, passwordHash: staffHash, roleId: staff });
        if (i === STAFF) await tx.run('INSERT INTO user_roles (user_id, role_id) VALUES (?, ?)', [id, reporter]);
      }
      let [cte, from] = series(ROWS.users);
      await tx.run(`${cte}INSERT INTO users (name, email, password_hash, created_at) SELECT ${name}, 'user' || CAST(i AS TEXT) || '@bench.example', 'x', i ${from}`);
      await tx.run(`INSERT INTO user_roles (user_id, role_id) SELECT id, ? FROM users WHERE email LIKE '%@bench.example'`, [bench]);
      [cte, from] = series(ROWS.pages);
      await tx.run(`${cte}INSERT INTO pages (title, content) SELECT 'Guide ' || ${name}, 'Opening hours, directions and what to bring for the event day; page ' || CAST(i AS TEXT) || '.' ${from}`);
      [cte, from] = series(ROWS.permissions);
      await tx.run(`${cte}INSERT INTO permissions (name) SELECT 'Bench permission ' || CAST(i AS TEXT) ${from}`);
      [cte, from] = series(ROWS.roles);
      await tx.run(`${cte}INSERT INTO roles (name) SELECT 'Bench role ' || CAST(i AS TEXT) ${from}`);
    });
    // As autovacuum would have by then (bench/lists.ts does the same after its fill).
    await sql.run(sql.engine === 'postgres' ? 'VACUUM ANALYZE' : 'ANALYZE');
    const range = (await sql.get<{ lo: number; hi: number }>('SELECT MIN(id) AS lo, MAX(id) AS hi FROM pages'))!;
    const counts = (await sql.get<{ p: number; r: number }>('SELECT (SELECT COUNT(*) FROM permissions) AS p, (SELECT COUNT(*) FROM roles) AS r'))!;
    return {
      pages: [Number(range.lo), Number(range.hi)] as const, permissions: Number(counts.p), roles: Number(counts.r),
      users: [ADMIN, ...Array.from({ length: STAFF }, (_, i) => ({ email: `staff${i + 1}@staff.example`, password: STAFF_PASSWORD }))],
    };
  } finally { await sql.close(); }
}

/** A small seeded generator (mulberry32): numbers in [0, 1), the same sequence for the same seed. */
function generator(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The lists read, each with its sorts and a few searches. */
const LISTS = [
  { path: 'user', sorts: ['name', 'email', 'created_at'], terms: ['ada', 'person 12', 'bru person', 'user42'] },
  { path: 'page', sorts: ['title'], terms: ['guide', 'guide eva', 'person 7'] },
  { path: 'permission', sorts: ['name'], terms: ['bench permission 2', 'users', 'permission 99'] },
  { path: 'role', sorts: ['name'], terms: ['bench role 1', 'staff', 'role 2'] },
];

interface Call { write: boolean; method: 'GET' | 'PUT'; path: string; body?: string }

/** The next call of a connection: a page write with probability `writes`, else a list page (page 1–30, one in 20 far, a search or a sort one in four each). */
function nextCall(rng: () => number, writes: number, pages: readonly [number, number], n: number): Call {
  if (rng() < writes) {
    const id = pages[0] + Math.floor(rng() * (pages[1] - pages[0] + 1));
    return { write: true, method: 'PUT', path: `/api/page/${id}`, body: new URLSearchParams({ title: `Guide ${id} v${n}`, content: `Opening hours and directions, revision ${n}.` }).toString() };
  }
  const list = LISTS[Math.floor(rng() * LISTS.length)];
  const params = new URLSearchParams();
  const kind = rng();
  if (kind < 0.25) {
    params.set('q', list.terms[Math.floor(rng() * list.terms.length)]);
    params.set('page', String(1 + Math.floor(rng() * 2)));
  } else {
    params.set('page', String(rng() < 0.05 ? 1 + Math.floor(rng() * 280) : 1 + Math.floor(rng() * 30)));
    if (kind < 0.5) { params.set('sort', list.sorts[Math.floor(rng() * list.sorts.length)]); params.set('dir', rng() < 0.5 ? 'asc' : 'desc'); }
  }
  return { write: false, method: 'GET', path: `/api/${list.path}?${params}` };
}

interface Figures { rps: number; reads: number; writes: number; readP50: number; readP99: number; writeP50: number; writeP99: number; peakMb: number; peakReset: boolean; errors: number; firstErrors: string[] }

/** Resets the peak RSS (VmHWM) of `pid` to its current RSS; false when /proc refuses. */
function resetPeak(pid: number): boolean {
  try { writeFileSync(`/proc/${pid}/clear_refs`, '5'); return true; } catch { return false; }
}

const quantile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] : NaN);

/** One run of CLIENTS connections against `base` (process `pid`) with `writes` of the calls writing. */
async function drive(base: string, pid: number, headers: Record<string, string>[], writes: number, pages: readonly [number, number], seed: number): Promise<Figures> {
  const http = loadClient(base, CLIENTS);
  const reads: number[] = [], written: number[] = [];
  let errors = 0;
  const firstErrors: string[] = [];
  const peakReset = resetPeak(pid);
  const loop = async (c: number, until: number, counted: boolean) => {
    const rng = generator(seed * 1000 + c + (counted ? 500 : 0));
    const h = headers[c % headers.length];
    for (let n = 0; performance.now() < until; n++) {
      const call = nextCall(rng, writes, pages, n);
      const t = performance.now();
      try {
        const r = await http.call(call.method, call.path, call.body === undefined ? h : { ...h, 'Content-Type': 'application/x-www-form-urlencoded' }, call.body);
        if (r.status !== 200) { errors++; if (firstErrors.length < 3) firstErrors.push(`${call.method} ${call.path} ${r.status} ${r.text.slice(0, 120)}`); }
      } catch (err) {
        errors++;
        if (firstErrors.length < 3) firstErrors.push(`${call.method} ${call.path} ${(err as Error).message}`);
      }
      if (counted) (call.write ? written : reads).push(performance.now() - t);
    }
  };
  const warm = performance.now() + WARMUP * 1000;
  await Promise.all(Array.from({ length: CLIENTS }, (_, c) => loop(c, warm, false)));
  const t0 = performance.now();
  await Promise.all(Array.from({ length: CLIENTS }, (_, c) => loop(c, t0 + SECONDS * 1000, true)));
  const secs = (performance.now() - t0) / 1000;
  http.close();
  reads.sort((a, b) => a - b);
  written.sort((a, b) => a - b);
  return {
    rps: (reads.length + written.length) / secs, reads: reads.length, writes: written.length,
    readP50: quantile(reads, 0.5), readP99: quantile(reads, 0.99), writeP50: quantile(written, 0.5), writeP99: quantile(written, 0.99),
    peakMb: rssMb(pid, 'VmHWM'), peakReset, errors, firstErrors,
  };
}

/**
 * One side's figures over its rounds: the round with the median throughput (its latencies with
 * it), the highest peak RSS of all rounds, and every round's errors.
 */
function summary(rounds: Figures[]): Figures {
  const median = [...rounds].sort((a, b) => a.rps - b.rps)[Math.floor(rounds.length / 2)];
  return {
    ...median, peakMb: Math.max(...rounds.map((r) => r.peakMb)), peakReset: rounds.every((r) => r.peakReset),
    errors: rounds.reduce((n, r) => n + r.errors, 0), firstErrors: rounds.flatMap((r) => r.firstErrors).slice(0, 3),
  };
}

const ms = (v: number) => (Number.isNaN(v) ? '—'.padStart(9) : `${fmt(v, 1).padStart(6)} ms`);
const row = (share: number, side: string, f: Figures) =>
  `${`${fmt(share * 100, 0)} %`.padStart(5)}  ${side.padEnd(8)} ${fmt(f.rps, 0).padStart(6)}  ${ms(f.readP50)}  ${ms(f.readP99)}  ${ms(f.writeP50)}  ${ms(f.writeP99)}  ${`${fmt(f.peakMb, 0)} MB${f.peakReset ? '' : '*'}`.padStart(7)}  ${String(f.errors).padStart(6)}`;

/** Both servers on one engine's fresh database; resolves to the product's and the minimal server's idle RSS (MB). */
async function engineRun(label: string, minimalScript: string, databaseUrl: string | undefined) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-mixed-'));
  try {
    const t = performance.now();
    const data = await fill(dataDir, databaseUrl);
    const filled = (performance.now() - t) / 1000;
    const product = await spawnServer({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '', ADMIN_EMAIL: ADMIN.email, LOG_REQUESTS: '1' });
    try {
      const minimal = await spawnFixture(minimalScript, { PORT: '0', DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '' });
      try {
        await new Promise((r) => setTimeout(r, SETTLE_MS));
        const idle = { product: rssMb(product.pid), minimal: rssMb(minimal.pid) };
        // Every user signs in once through the product; the minimal server reads the same sessions.
        const headers: Record<string, string>[] = [];
        for (const u of data.users) headers.push({ Accept: 'application/json', ...(await session(product.url, u.email, u.password)).headers });
        console.log(`\n### ${label}: ${ROWS.users.toLocaleString('en')} users, ${ROWS.pages.toLocaleString('en')} pages, ${data.permissions.toLocaleString('en')} permissions, ${data.roles} roles (filled in ${fmt(filled, 1)} s); ` +
          `admin + ${STAFF} staff signed in; ${CLIENTS} connections, ${WARMUP} s warm-up + ${SECONDS} s measured per run, median of ${ROUNDS} alternating rounds; load average ${loadavg().map((x) => fmt(x, 2)).join(' ')}`);
        console.log('writes server    req/s   read p50   read p99  write p50  write p99  peak RSS  errors');
        const sides = { product: { url: product.url, pid: product.pid }, minimal: { url: minimal.url, pid: minimal.pid } };
        let anyUnreset = false;
        for (const [i, share] of WRITE_SHARES.entries()) {
          const rounds: Record<'minimal' | 'product', Figures[]> = { minimal: [], product: [] };
          for (let round = 0; round < ROUNDS; round++) {
            const order = ((i + round) % 2 === 0 ? ['minimal', 'product'] : ['product', 'minimal']) as ('minimal' | 'product')[];
            for (const side of order) rounds[side].push(await drive(sides[side].url, sides[side].pid, headers, share, data.pages, i * 100 + round + 1));
          }
          const m = summary(rounds.minimal), p = summary(rounds.product);
          console.log(row(share, 'minimal', m));
          console.log(row(share, 'product', p));
          for (const [side, f] of [['minimal', m], ['product', p]] as const) if (f.firstErrors.length) console.log(`       first errors (${side}): ${f.firstErrors.join(' | ')}`);
          anyUnreset ||= !m.peakReset || !p.peakReset;
          console.log(`       product/minimal: req/s ${fmt(p.rps / m.rps, 2)}× (target ≥ 0.9×), read p99 ${fmt(p.readP99 / m.readP99, 2)}×` +
            `${share ? `, write p50 ${fmt(p.writeP50 / m.writeP50, 2)}×, write p99 ${fmt(p.writeP99 / m.writeP99, 2)}× (target ≤ 2×)` : ''}, peak RSS ${fmt(p.peakMb / m.peakMb, 2)}× (target ≤ 1.5×)`);
        }
        if (anyUnreset) console.log('       * the peak since the process started (/proc refused to reset it)');
        return idle;
      } finally { await minimal.stop(); }
    } finally { await product.stop(); }
  } finally { rmSync(dataDir, { recursive: true, force: true }); }
}

/** The mixed-load part: both engines, then idle memory against a bare Hono server. Prints figures only. */
export async function mixedLoadBench() {
  const t0 = performance.now();
  console.log('\n## Mixed load: the product vs a minimal server doing the same SQL (bench/mixed-load.ts)');
  const minimalScript = await buildMinimal();
  const idle: [string, { product: number; minimal: number }][] = [];
  idle.push(['SQLite', await engineRun('SQLite', minimalScript, undefined)]);
  const base = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  if (base) {
    const db = await createTestDatabase(base);
    try { idle.push(['PostgreSQL', await engineRun('PostgreSQL', minimalScript, db.url)]); } finally {
      // An autovacuum worker may still hold the fresh database for a moment.
      await db.drop().catch(async () => { await new Promise((r) => setTimeout(r, 5000)); await db.drop(); })
        .catch((err) => console.log(`could not drop ${db.name}: ${(err as Error).message}`));
    }
  } else console.log('\nPostgreSQL: skipped — set TEST_DATABASE_URL (or DATABASE_URL) to a postgres:// URL');
  const bare = await spawnFixture('bench/fixtures/bare-hono.mjs', { PORT: '0' });
  let bareIdle: number;
  try {
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    bareIdle = rssMb(bare.pid);
  } finally { await bare.stop(); }
  console.log(`\n### Idle RSS (VmRSS ${SETTLE_MS / 1000} s after start, before any request): bare Hono (one route) ${fmt(bareIdle, 0)} MB`);
  for (const [label, r] of idle) {
    console.log(`${label.padEnd(10)} product ${fmt(r.product, 0)} MB = ${fmt(r.product / bareIdle, 2)}× bare Hono (target ≤ 1.5×); minimal server ${fmt(r.minimal, 0)} MB`);
  }
  console.log(`Mixed load part: ${fmt((performance.now() - t0) / 1000, 0)} s; load average ${loadavg().map((x) => fmt(x, 2)).join(' ')}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await mixedLoadBench();
