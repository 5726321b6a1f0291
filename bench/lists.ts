import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../server/db/index.ts';
import { seedIfEmpty } from '../server/seed/index.ts';
import { fmt, load, peakRssMb, session, spawnServer, type BenchServer } from './lib.ts';
import { createTestDatabase } from '../test/api/harness.ts';

/**
 * Bench (lists that scale): with 1,000,000 users and 1,000,000 photos on one event, p99
 * of a search page, a sorted page and the last page of each list next to GET /api/ping in the
 * same run, the activity log's list at a million rows (p99 < 50 ms SQLite, < 100 ms
 * PostgreSQL), and the time and server peak memory (VmHWM) of exporting all users as CSV.
 * A broad search with its count (every user or one in 15 matches: the
 * total is capped at 10,000, db/list-page.ts) p99 < 20 ms on SQLite and < 50 ms on PostgreSQL;
 * any page p99 < 20 ms — a middle page is measured both as the console reads it after Next (seeking
 * from the previous page's cursor), two pages on (the pager's numbers: seek, then skip one page)
 * and by its number alone (OFFSET, an address typed). The load
 * average at the start is printed with the figures (the machine is shared and noisy).
 * Other targets: each list p99 < 50 ms on SQLite, < 100 ms on PostgreSQL; export peak < 200 MB.
 * Opt-in (it fills a million rows twice): `npm run bench -- lists`; PostgreSQL when
 * DATABASE_URL or TEST_DATABASE_URL names a server where the role may CREATE DATABASE.
 * LIST_ROWS (default 1,000,000), LIST_SECONDS per case (default 5) and LIST_ENGINES
 * (sqlite | postgres) make a quicker run.
 */
const N = Number(process.env.LIST_ROWS ?? 1_000_000);
/**
 * Each case asks the same address for LIST_SECONDS: with list answers reused while nothing changes
 * (http/answer-cache.ts) all but the first would be answered from memory, so the figures here
 * are the queries' own, with the answer cache off.
 */
const QUERIES_ONLY = { ANSWER_CACHE: '0' };
const NAMES = 'AdaBruClaDmiEvaFelGreHamIslJunKofLenMarNooOsc';

/** Fills users (+ roles) and one event's photos straight in SQL: the engine-side series, no round trip per row. */
export async function fill(dataDir: string, url?: string): Promise<void> {
  const sql = await openDatabase(dataDir, url);
  try {
    await seedIfEmpty(sql, { adminEmail: 'admin@example.com', adminPassword: 'Bench-pass-1', demo: false });
    const series = sql.engine === 'postgres' ? `FROM generate_series(1, ${N}) AS s(i)` : `FROM s`;
    const cte = sql.engine === 'postgres' ? '' : `WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < ${N}) `;
    await sql.transaction(async (tx) => {
      const role = (await tx.get<{ id: number }>("INSERT INTO roles (name) VALUES ('bench') RETURNING id"))!.id;
      const company = (await tx.get<{ id: number }>(
        "INSERT INTO companies (name, email, status, created_at) VALUES ('Bench Org', 'bench@org.example', 1, 0) RETURNING id",
      ))!.id;
      const event = (await tx.get<{ id: number }>(
        "INSERT INTO events (company_id, title, start_date, end_date, created_at) VALUES (?, 'Bench Event', '2030-01-01', '2030-01-01', 0) RETURNING id",
        [company],
      ))!.id;
      const name = `substr('${NAMES}', (i % 15) * 3 + 1, 3) || ' Person ' || CAST(i AS TEXT)`;
      await tx.run(
        `${cte}INSERT INTO users (name, email, password_hash, created_at) SELECT ${name}, 'user' || CAST(i AS TEXT) || '@bench.example', 'x', i ${series}`,
      );
      await tx.run(`INSERT INTO user_roles (user_id, role_id) SELECT id, ? FROM users WHERE email LIKE '%@bench.example'`, [role]);
      await tx.run(
        `${cte}INSERT INTO event_photos (event_id, bid_number, low_res_image, high_res_image, price_type, price, orientation)
        SELECT ?, CAST(i AS TEXT), 'https://p.example/l.jpg', 'https://p.example/h.jpg', 1, '0', CASE WHEN i % 3 = 0 THEN 'landscape' ELSE 'portrait' END ${series}`,
        [event],
      );
      // The activity log: a million rows by 1,000 actors over 100 organisers.
      await tx.run(`${cte}INSERT INTO activity (at, at_text, actor_id, actor_name, actor_role, organizer_id, action, resource, resource_id, label, changes, ip, user_agent)
        SELECT 1700000000000 + i * 1000, '2023-11-14 22:13:20', 1 + i % 1000, 'Actor ' || CAST(1 + i % 1000 AS TEXT), 'admin', 1 + i % 100,
          CASE i % 3 WHEN 0 THEN 'create' WHEN 1 THEN 'update' ELSE 'delete' END, CASE i % 2 WHEN 0 THEN 'users' ELSE 'events' END,
          i, ${name}, '{"name":{"from":"a","to":"b"}}', '127.0.0.1', 'bench' ${series}`);
    });
    // As autovacuum would have by then: statistics, and PostgreSQL's visibility map (index-only counts).
    await sql.run(sql.engine === 'postgres' ? 'VACUUM ANALYZE' : 'ANALYZE');
  } finally {
    await sql.close();
  }
}

async function measure(server: BenchServer, label: string, seconds: number, clients: number) {
  const { headers } = await session(server.url);
  const api = `${server.url}/api`;
  const photos = (q: string) => `${api}/getPhotosByEventId?event_id=1&${q}`;
  const last = Math.ceil((N + 1) / 10);
  const middle = Math.ceil(N / 20);
  /** The address of page `page` as the console asks for it after Next on the page before: with that page's cursor. */
  const afterNext = async (base: string, page: number, from = page - 1) => {
    const prev = (await (await fetch(`${base}&page=${from}`, { headers })).json()) as { data: { next_cursor?: string } };
    return prev.data.next_cursor ? `${base}&page=${page}&after=${prev.data.next_cursor}` : `${base}&page=${page}`;
  };
  const cases: [string, string][] = [
    ['trivial GET /api/ping', `${api}/ping`],
    ['users broad search + count ?q=person (all)', `${api}/user?page=1&q=person`],
    ['users broad search + count ?q=ada (1 in 15)', `${api}/user?page=1&q=ada`],
    ['users search ?q=person 4242', `${api}/user?page=1&q=person%204242`],
    ['users sorted ?sort=name&dir=desc', `${api}/user?page=1&sort=name&dir=desc`],
    [`users middle page ${middle} after Next (seek)`, await afterNext(`${api}/user?per_page=10`, middle)],
    [`users page ${middle + 2} two on from ${middle} (seek)`, await afterNext(`${api}/user?per_page=10`, middle + 2, middle)],
    [`users middle page ?page=${middle} by number`, `${api}/user?page=${middle}`],
    [`users last page ?page=${last}`, `${api}/user?page=${last}`],
    ['photos search ?q=4242', photos('page=1&q=4242')],
    ['photos sorted ?sort=bid_number&dir=desc', photos('page=1&sort=bid_number&dir=desc')],
    [`photos middle page ${middle} after Next (seek)`, await afterNext(photos('per_page=10'), middle)],
    [`photos last page ?page=${Math.ceil(N / 10)}`, photos(`page=${Math.ceil(N / 10)}`)],
    ['activity newest first ?page=1', `${api}/activity?page=1`],
    ['activity broad search + count ?q=person', `${api}/activity?page=1&q=person`],
    ['activity search ?q=person 4242', `${api}/activity?page=1&q=person%204242`],
    ['activity by actor ?actor_id=42', `${api}/activity?page=1&actor_id=42`],
    ['activity by organiser + action', `${api}/activity?page=1&organizer_id=7&action=update`],
    ['activity date range (one day)', `${api}/activity?page=1&from=2023-11-20&to=2023-11-20`],
    [`activity middle page ${middle} after Next (seek)`, await afterNext(`${api}/activity?per_page=10`, middle)],
    [`activity last page ?page=${Math.ceil(N / 10)}`, `${api}/activity?page=${Math.ceil(N / 10)}`],
  ];
  console.log(
    `\n### ${label}: ${N.toLocaleString('en')} users, ${N.toLocaleString('en')} photos on one event (${clients} clients, ${seconds} s each, answer cache off; load average ${loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')})`,
  );
  await load(clients, 1, () => ({ url: `${api}/ping` }));
  for (const [name, url] of cases) {
    const r = await load(clients, seconds, () => ({ url, init: { headers } }));
    console.log(`${name.padEnd(46)} p50 ${fmt(r.p50, 1).padStart(7)} ms  p99 ${fmt(r.p99, 1).padStart(7)} ms  ${fmt(r.rps, 0)} req/s  errors ${r.errors}`);
  }
  const before = peakRssMb(server.pid);
  const t = performance.now();
  const res = await fetch(`${api}/user/export`, { headers });
  let bytes = 0,
    lines = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    for (const b of chunk) if (b === 10) lines++;
  }
  console.log(
    `load average ${loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')}`,
  );
  console.log(
    `export all users: ${lines - 1} rows, ${fmt(bytes / 1e6, 0)} MB in ${fmt((performance.now() - t) / 1000, 1)} s; server peak memory ${fmt(before, 0)} MB before, ${fmt(peakRssMb(server.pid), 0)} MB after`,
  );
}

// One client: the p99 of the query itself (a SQLite server answers one query at a time, so more
// clients would measure the queue); the trivial endpoint runs in the same conditions.
export async function listsBench(seconds = Number(process.env.LIST_SECONDS ?? 5), clients = 1) {
  console.log('\n## Lists at scale');
  let t = performance.now();
  let server: BenchServer;
  // LIST_ENGINES=postgres (or sqlite) runs one engine only.
  if (process.env.LIST_ENGINES !== 'postgres') {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-lists-'));
    await fill(dataDir);
    console.log(`SQLite fill: ${fmt((performance.now() - t) / 1000, 0)} s`);
    server = await spawnServer({ DATA_DIR: dataDir, ...QUERIES_ONLY });
    try {
      await measure(server, 'SQLite', seconds, clients);
    } finally {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  if (process.env.LIST_ENGINES === 'sqlite') return;
  const base = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (!base) {
    console.log('PostgreSQL: skipped (set DATABASE_URL or TEST_DATABASE_URL)');
    return;
  }
  const db = await createTestDatabase(base);
  try {
    t = performance.now();
    await fill(mkdtempSync(path.join(tmpdir(), 'bench-lists-pg-')), db.url);
    console.log(`PostgreSQL fill: ${fmt((performance.now() - t) / 1000, 0)} s`);
    server = await spawnServer({ DATABASE_URL: db.url, ...QUERIES_ONLY });
    try {
      await measure(server, 'PostgreSQL', seconds, clients);
    } finally {
      await server.stop();
    }
  } finally {
    // An autovacuum worker may still hold the fresh database for a moment.
    await db
      .drop()
      .catch(async () => {
        await new Promise((r) => setTimeout(r, 5000));
        await db.drop();
      })
      .catch((err) => console.log(`could not drop ${db.name}: ${(err as Error).message}`));
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await listsBench();
