import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../server/db/index.ts';
import { seedIfEmpty } from '../server/seed/index.ts';
import { addGalleryView, addSale } from '../server/db/queries/insights.ts';
import { addDays } from '../src/common/insight-days.ts';
import { dayIn } from '../src/common/time-zone.ts';
import { fmt, load, session, spawnServer, type BenchServer } from './lib.ts';
import { createTestDatabase } from '../test/api/harness.ts';

/**
 * Bench (an event's insights, docs/insights.md): one event with
 * INSIGHTS_PARTICIPANTS participants (default 100,000) and INSIGHTS_PHOTOS photos (default
 * 1,000,000; BIBs cycling over the first 60 % of the participants), their stage times spread over
 * the last 365 days (half notified, a quarter viewed, one in twenty bought), INSIGHTS_VIEWS
 * gallery openings (default 20,000) and INSIGHTS_SALES payments (default 5,000, three slabs, with
 * amounts) recorded through the roll-ups' own writes. Prints the p50/p99 of GET
 * event/{id}/insights for the default 30 days and for a whole year in Europe/Berlin, next to GET
 * /api/ping, one client, answer cache off, INSIGHTS_SECONDS (default 5) each, and whether the
 * year's totals equal the funnel. No assertion (the target is p99 < 300 ms). SQLite, then
 * PostgreSQL when DATABASE_URL or TEST_DATABASE_URL names a server where the role may CREATE
 * DATABASE; INSIGHTS_ENGINES (sqlite | postgres) runs one. Alone: `npm run bench -- insights`.
 */
const PARTICIPANTS = Number(process.env.INSIGHTS_PARTICIPANTS ?? 100_000);
const PHOTOS = Number(process.env.INSIGHTS_PHOTOS ?? 1_000_000);
const VIEWS = Number(process.env.INSIGHTS_VIEWS ?? 20_000);
const SALES = Number(process.env.INSIGHTS_SALES ?? 5_000);
const QUERIES_ONLY = { ANSWER_CACHE: '0' };
const YEAR_MS = 365 * 86_400_000;

/** Fills the event straight in SQL (the roll-ups' triggers and writes keep the insights); resolves to its id. */
async function fill(dataDir: string, url?: string): Promise<number> {
  const sql = await openDatabase(dataDir, url);
  try {
    await seedIfEmpty(sql, { adminEmail: 'admin@example.com', adminPassword: 'Bench-pass-1', demo: false });
    const series = (n: number) => (sql.engine === 'postgres' ? `FROM generate_series(1, ${n}) AS s(i)` : 'FROM s');
    const cte = (n: number) => (sql.engine === 'postgres' ? '' : `WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < ${n}) `);
    const matched = Math.max(1, Math.floor(PARTICIPANTS * 0.6));
    const start = Date.now() - YEAR_MS;
    // A participant's times: registered at i's share of the year, each later stage a few hours after the one before.
    const at = (hours: number) => `${start} + (CAST(i AS BIGINT) * ${Math.floor(YEAR_MS / Math.max(1, PARTICIPANTS))}) + ${hours * 3_600_000}`;
    const event = await sql.transaction(async (tx) => {
      const company = (await tx.get<{ id: number }>(
        "INSERT INTO companies (name, email, status, created_at) VALUES ('Insights Org', 'insights@org.example', 1, 0) RETURNING id",
      ))!.id;
      const event = (await tx.get<{ id: number }>(
        "INSERT INTO events (company_id, title, start_date, end_date, created_at) VALUES (?, 'Insights Event', '2030-01-01', '2030-01-01', 0) RETURNING id",
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
          CASE WHEN i % 2 = 0 THEN ${at(2)} END, CASE WHEN i % 4 = 0 THEN ${at(5)} END, CASE WHEN i % 20 = 0 THEN ${at(9)} END, ${at(0)} ${series(PARTICIPANTS)}`,
        [event],
      );
      const rec = (await tx.get<{ id: number }>("INSERT INTO recognition_events (payload, company_id, created_at) VALUES ('{}', ?, 0) RETURNING id", [
        company,
      ]))!.id;
      await tx.run(
        "INSERT INTO campaigns (event_id, title, start_date, end_date, type, image_console_id, is_sales_event, created_at) VALUES (?, 'Sales', '2030-01-01', '2030-01-01', 1, ?, 1, 0)",
        [event, String(rec)],
      );
      for (let i = 0; i < SALES; i++) await addSale(tx, rec, String(1 + (i % 3)), 500 + (i % 7) * 250, start + Math.floor((i / SALES) * YEAR_MS));
      for (let i = 0; i < VIEWS; i++) await addGalleryView(tx, event, start + Math.floor((i / VIEWS) * YEAR_MS));
      return event;
    });
    await sql.run(sql.engine === 'postgres' ? 'VACUUM ANALYZE' : 'ANALYZE');
    return event;
  } finally {
    await sql.close();
  }
}

async function measure(server: BenchServer, label: string, eventId: number, seconds: number) {
  const { headers } = await session(server.url);
  const api = `${server.url}/api`;
  const today = dayIn('Europe/Berlin');
  const year = `${api}/event/${eventId}/insights?from=${addDays(today, -365)}&to=${today}&tz=Europe%2FBerlin`;
  const stages = ['registered', 'matched', 'notified', 'viewed', 'bought'] as const;
  const totals = ((await (await fetch(year, { headers })).json()) as { data: { totals: Record<string, number> } }).data.totals;
  const funnel = ((await (await fetch(`${api}/event/${eventId}/funnel`, { headers })).json()) as { data: Record<string, number> }).data;
  console.log(
    `\n### ${label}: ${PARTICIPANTS.toLocaleString('en')} participants, ${PHOTOS.toLocaleString('en')} photos, ${VIEWS.toLocaleString('en')} gallery views, ${SALES.toLocaleString('en')} payments over a year (1 client, ${seconds} s each, answer cache off; load average ${loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')})`,
  );
  const equal = stages.every((s) => totals[s] === funnel[s]);
  console.log(`a year's totals: ${JSON.stringify(totals)}; the funnel: ${equal ? 'equal' : `DIFFERENT ${JSON.stringify(funnel)}`}`);
  await load(1, 1, () => ({ url: `${api}/ping` }));
  for (const [name, url] of [
    ['trivial GET /api/ping', `${api}/ping`],
    ['insights, last 30 days', `${api}/event/${eventId}/insights?tz=Europe%2FBerlin`],
    ['insights, 366 days', year],
  ] as const) {
    const r = await load(1, seconds, () => ({ url, init: { headers } }));
    console.log(`${name.padEnd(24)} p50 ${fmt(r.p50, 1).padStart(7)} ms  p99 ${fmt(r.p99, 1).padStart(7)} ms  ${fmt(r.rps, 0)} req/s  errors ${r.errors}`);
  }
}

/** The insights bench on SQLite and, when a server is named, PostgreSQL (see above). */
export async function insightsBench(seconds = Number(process.env.INSIGHTS_SECONDS ?? 5)) {
  console.log('\n## Event insights');
  let t = performance.now();
  if (process.env.INSIGHTS_ENGINES !== 'postgres') {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-insights-'));
    const eventId = await fill(dataDir);
    console.log(`SQLite fill: ${fmt((performance.now() - t) / 1000, 0)} s`);
    const server = await spawnServer({ DATA_DIR: dataDir, ...QUERIES_ONLY });
    try {
      await measure(server, 'SQLite', eventId, seconds);
    } finally {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  if (process.env.INSIGHTS_ENGINES === 'sqlite') return;
  const base = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (!base) {
    console.log('PostgreSQL: skipped (set DATABASE_URL or TEST_DATABASE_URL)');
    return;
  }
  const db = await createTestDatabase(base);
  try {
    t = performance.now();
    const eventId = await fill(mkdtempSync(path.join(tmpdir(), 'bench-insights-pg-')), db.url);
    console.log(`PostgreSQL fill: ${fmt((performance.now() - t) / 1000, 0)} s`);
    const server = await spawnServer({ DATABASE_URL: db.url, ...QUERIES_ONLY });
    try {
      await measure(server, 'PostgreSQL', eventId, seconds);
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

if (import.meta.url === `file://${process.argv[1]}`) await insightsBench();
