import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../server/db/index.ts';
import type { Sql } from '../server/db/sql.ts';
import { seedIfEmpty } from '../server/seed/index.ts';
import { fmt, load, session, spawnServer, type BenchServer } from './lib.ts';
import { createTestDatabase } from '../test/api/harness.ts';

/**
 * Bench (the delivery funnel, docs/participants.md): one event with FUNNEL_PARTICIPANTS
 * participants (default 100,000; BIBs 1…N) and FUNNEL_PHOTOS photos (default 1,000,000; BIBs
 * cycling over the first 60 % of the participants, so 60 % are matched); half notified, a quarter
 * viewed, one in twenty bought. p99 of GET event/{id}/funnel next to GET /api/ping, answer cache
 * off, one client, FUNNEL_SECONDS (default 5); the answer is printed beside the funnel counted
 * straight from the rows (it must be equal: the kept counts of migration 031 after a bulk fill).
 * Target: p99 < 200 ms on each engine. SQLite, then
 * PostgreSQL when DATABASE_URL or TEST_DATABASE_URL names a server where the role may CREATE
 * DATABASE; FUNNEL_ENGINES (sqlite | postgres) runs one. Alone: `npm run bench -- funnel`.
 */
const PARTICIPANTS = Number(process.env.FUNNEL_PARTICIPANTS ?? 100_000);
const PHOTOS = Number(process.env.FUNNEL_PHOTOS ?? 1_000_000);
const QUERIES_ONLY = { ANSWER_CACHE: '0' };

/** The event's funnel counted from its rows (docs/participants.md "Stages"), as text. */
async function countedFunnel(sql: Sql, eventId: number): Promise<string> {
  const matched = 'EXISTS (SELECT 1 FROM event_photos ph WHERE ph.event_id = p.event_id AND ph.bid_number = p.bib_number)';
  const r = (await sql.get<Record<string, number | string>>(
    `SELECT COUNT(*) AS registered, SUM(CASE WHEN ${matched} THEN 1 ELSE 0 END) AS matched,
    SUM(CASE WHEN ${matched} AND p.notified_at IS NOT NULL THEN 1 ELSE 0 END) AS notified,
    SUM(CASE WHEN ${matched} AND p.notified_at IS NOT NULL AND p.viewed_at IS NOT NULL THEN 1 ELSE 0 END) AS viewed,
    SUM(CASE WHEN ${matched} AND p.notified_at IS NOT NULL AND p.viewed_at IS NOT NULL AND p.bought_at IS NOT NULL THEN 1 ELSE 0 END) AS bought
    FROM participants p WHERE p.event_id = ?`,
    [eventId],
  ))!;
  return JSON.stringify(Object.fromEntries(['registered', 'matched', 'notified', 'viewed', 'bought'].map((k) => [k, Number(r[k] ?? 0)])));
}

/** Fills the event's photos and participants straight in SQL; resolves to the event id and its funnel counted from the rows. */
async function fill(dataDir: string, url?: string): Promise<{ eventId: number; counted: string }> {
  const sql = await openDatabase(dataDir, url);
  try {
    await seedIfEmpty(sql, { adminEmail: 'admin@example.com', adminPassword: 'Bench-pass-1', demo: false });
    const series = (n: number) => (sql.engine === 'postgres' ? `FROM generate_series(1, ${n}) AS s(i)` : 'FROM s');
    const cte = (n: number) => (sql.engine === 'postgres' ? '' : `WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < ${n}) `);
    const matched = Math.max(1, Math.floor(PARTICIPANTS * 0.6));
    const event = await sql.transaction(async (tx) => {
      const company = (await tx.get<{ id: number }>(
        "INSERT INTO companies (name, email, status, created_at) VALUES ('Funnel Org', 'funnel@org.example', 1, 0) RETURNING id",
      ))!.id;
      const event = (await tx.get<{ id: number }>(
        "INSERT INTO events (company_id, title, start_date, end_date, created_at) VALUES (?, 'Funnel Event', '2030-01-01', '2030-01-01', 0) RETURNING id",
        [company],
      ))!.id;
      await tx.run(
        `${cte(PHOTOS)}INSERT INTO event_photos (event_id, bid_number, low_res_image, high_res_image, price_type, price, orientation)
        SELECT ?, CAST(1 + i % ${matched} AS TEXT), 'https://p.example/l.jpg', 'https://p.example/h.jpg', 1, '0', 'portrait' ${series(PHOTOS)}`,
        [event],
      );
      await tx.run(
        `${cte(PARTICIPANTS)}INSERT INTO participants (event_id, bib_number, name, email, face_consent, consent_date, notified_at, viewed_at, bought_at, created_at)
        SELECT ?, CAST(i AS TEXT), 'Runner ' || CAST(i AS TEXT), 'r' || CAST(i AS TEXT) || '@bench.example', 0, '',
          CASE WHEN i % 2 = 0 THEN 1 END, CASE WHEN i % 4 = 0 THEN 1 END, CASE WHEN i % 20 = 0 THEN 1 END, 0 ${series(PARTICIPANTS)}`,
        [event],
      );
      return event;
    });
    await sql.run(sql.engine === 'postgres' ? 'VACUUM ANALYZE' : 'ANALYZE');
    return { eventId: event, counted: await countedFunnel(sql, event) };
  } finally {
    await sql.close();
  }
}

async function measure(server: BenchServer, label: string, { eventId, counted }: { eventId: number; counted: string }, seconds: number) {
  const { headers } = await session(server.url);
  const api = `${server.url}/api`;
  const answer = (await (await fetch(`${api}/event/${eventId}/funnel`, { headers })).json()) as { data: unknown };
  console.log(
    `\n### ${label}: ${PARTICIPANTS.toLocaleString('en')} participants, ${PHOTOS.toLocaleString('en')} photos (1 client, ${seconds} s each, answer cache off; load average ${loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')})`,
  );
  const answered = JSON.stringify(answer.data);
  console.log(`funnel: ${answered}; counted from the rows: ${answered === counted ? 'equal' : `DIFFERENT ${counted}`}`);
  await load(1, 1, () => ({ url: `${api}/ping` }));
  for (const [name, url] of [
    ['trivial GET /api/ping', `${api}/ping`],
    ['GET event/{id}/funnel', `${api}/event/${eventId}/funnel`],
  ] as const) {
    const r = await load(1, seconds, () => ({ url, init: { headers } }));
    console.log(`${name.padEnd(24)} p50 ${fmt(r.p50, 1).padStart(7)} ms  p99 ${fmt(r.p99, 1).padStart(7)} ms  ${fmt(r.rps, 0)} req/s  errors ${r.errors}`);
  }
}

/** The funnel bench on SQLite and, when a server is named, PostgreSQL (see above). */
export async function funnelBench(seconds = Number(process.env.FUNNEL_SECONDS ?? 5)) {
  console.log('\n## Participant funnel');
  let t = performance.now();
  if (process.env.FUNNEL_ENGINES !== 'postgres') {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-funnel-'));
    const filled = await fill(dataDir);
    console.log(`SQLite fill: ${fmt((performance.now() - t) / 1000, 0)} s`);
    const server = await spawnServer({ DATA_DIR: dataDir, ...QUERIES_ONLY });
    try {
      await measure(server, 'SQLite', filled, seconds);
    } finally {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  if (process.env.FUNNEL_ENGINES === 'sqlite') return;
  const base = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (!base) {
    console.log('PostgreSQL: skipped (set DATABASE_URL or TEST_DATABASE_URL)');
    return;
  }
  const db = await createTestDatabase(base);
  try {
    t = performance.now();
    const filled = await fill(mkdtempSync(path.join(tmpdir(), 'bench-funnel-pg-')), db.url);
    console.log(`PostgreSQL fill: ${fmt((performance.now() - t) / 1000, 0)} s`);
    const server = await spawnServer({ DATABASE_URL: db.url, ...QUERIES_ONLY });
    try {
      await measure(server, 'PostgreSQL', filled, seconds);
    } finally {
      await server.stop();
    }
  } finally {
    await db
      .drop()
      .catch(async () => {
        await new Promise((r) => setTimeout(r, 5000));
        await db.drop();
      })
      .catch((err) => console.log(`could not drop ${db.name}: ${(err as Error).message}`));
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await funnelBench();
