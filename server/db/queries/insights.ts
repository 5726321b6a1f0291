import type { Sql } from '../sql.ts';
import { SLOT_MS } from '../migrations/041-insight-roll-ups.ts';

/**
 * The insight roll-ups (migration 041, docs/insights.md "Roll-ups"): per event and quarter hour
 * (UTC), the participants that reached each funnel stage, the gallery openings, and the
 * purchases and revenue per payment slab. Reads sum a range's slots per day in the database
 * (perDay); the writes here are the ones no trigger makes.
 */

/** One quarter hour's participant counts of an event. */
export interface SlotRow {
  slot: number;
  registered: number;
  matched: number;
  notified: number;
  viewed: number;
  bought: number;
  gallery_views: number;
}

/** One quarter hour's purchases of one payment slab (revenue in cents). */
export interface SaleRow {
  slot: number;
  slab: string;
  purchases: number;
  revenue_cents: number;
}

/** The quarter hour (its first ms) that instant `at` falls in. */
export const slotOf = (at: number) => at - (at % SLOT_MS);

/**
 * The days of a range as an SQL row source `d (i, lo, hi)`: day `i` covers [`bounds[i]`,
 * `bounds[i + 1]`) (ms). The bounds are whole numbers this process computed, written as literals.
 */
function daysTable(bounds: number[]): string {
  if (bounds.length < 2 || !bounds.every(Number.isSafeInteger)) throw new Error('day bounds must be whole numbers of ms');
  const rows = bounds.slice(0, -1).map((lo, i) => `(${i}, ${lo}, ${bounds[i + 1]})`);
  return `(SELECT column1 AS i, column2 AS lo, column3 AS hi FROM (VALUES ${rows.join(', ')}) AS v) d`;
}

/**
 * Rows of `table` for event `eventId` in the days of `bounds`, with `i` the day each falls in:
 * PostgreSQL finds it with width_bucket over the bounds (one range scan of the primary key);
 * SQLite joins the days table (one range of the primary key per day).
 */
function perDay(sql: Sql, table: string, bounds: number[]): { from: string; day: string; where: string } {
  if (sql.engine === 'postgres') {
    if (bounds.length < 2 || !bounds.every(Number.isSafeInteger)) throw new Error('day bounds must be whole numbers of ms');
    return {
      from: `${table} s`,
      day: `width_bucket(s.slot, ARRAY[${bounds.join(', ')}]::bigint[]) - 1`,
      where: `s.event_id = ? AND s.slot >= ${bounds[0]} AND s.slot < ${bounds[bounds.length - 1]}`,
    };
  }
  return { from: `${daysTable(bounds)} JOIN ${table} s ON s.event_id = ? AND s.slot >= d.lo AND s.slot < d.hi`, day: 'd.i', where: '1 = 1' };
}

/** Event `eventId`'s participant counts summed per day `i` of `bounds` (see daysTable); days without a slot are absent. */
export function slotsPerDay(sql: Sql, eventId: number, bounds: number[]) {
  const p = perDay(sql, 'insight_slots', bounds);
  return sql.all<Omit<SlotRow, 'slot'> & { i: number }>(
    `SELECT ${p.day} AS i, SUM(s.registered) AS registered, SUM(s.matched) AS matched, SUM(s.notified) AS notified, SUM(s.viewed) AS viewed, SUM(s.bought) AS bought, SUM(s.gallery_views) AS gallery_views
     FROM ${p.from} WHERE ${p.where} GROUP BY ${p.day}`,
    [eventId],
  );
}

/** Event `eventId`'s purchases and revenue (cents) per day `i` of `bounds` and payment slab. */
export function salesPerDay(sql: Sql, eventId: number, bounds: number[]) {
  const p = perDay(sql, 'insight_sales', bounds);
  return sql.all<Omit<SaleRow, 'slot'> & { i: number }>(
    `SELECT ${p.day} AS i, s.slab AS slab, SUM(s.purchases) AS purchases, SUM(s.revenue_cents) AS revenue_cents
     FROM ${p.from} WHERE ${p.where} GROUP BY ${p.day}, s.slab`,
    [eventId],
  );
}

/** Counts one opening of a gallery page of event `eventId` at `at` (ms). */
export const addGalleryView = (sql: Sql, eventId: number, at: number) =>
  sql.run(
    'INSERT INTO insight_slots (event_id, slot, gallery_views) VALUES (?, ?, 1) ON CONFLICT (event_id, slot) DO UPDATE SET gallery_views = insight_slots.gallery_views + 1',
    [eventId, slotOf(at)],
  );

/**
 * Counts one participant payment of slab `slab` (`cents` paid, 0 when unknown) recorded at `at`
 * for every event whose campaigns use recognition event `recognitionId` (`campaigns.image_console_id`,
 * as the payment marks bought). Resolves to the number of events it counted for.
 */
export const addSale = (sql: Sql, recognitionId: number, slab: string, cents: number, at: number) =>
  sql.run(
    `INSERT INTO insight_sales (event_id, slot, slab, purchases, revenue_cents)
     SELECT DISTINCT c.event_id, CAST(? AS BIGINT), CAST(? AS TEXT), 1, CAST(? AS BIGINT) FROM campaigns c WHERE c.image_console_id = ?
     ON CONFLICT (event_id, slot, slab) DO UPDATE SET purchases = insight_sales.purchases + 1, revenue_cents = insight_sales.revenue_cents + excluded.revenue_cents`,
    [slotOf(at), slab, cents, String(recognitionId)],
  );

/**
 * A CASE expression giving the bucket `i` of column `col` among `bounds`: bucket i covers
 * [`bounds[i]`, `bounds[i + 1]`) (ms). The bounds are whole numbers this process computed,
 * written as literals; the caller keeps `col` within [bounds[0], bounds[last]).
 */
export function bucketOf(col: string, bounds: number[]): string {
  if (bounds.length < 2 || !bounds.every(Number.isSafeInteger)) throw new Error('bucket bounds must be whole numbers of ms');
  return `CASE ${bounds
    .slice(1)
    .map((hi, i) => `WHEN ${col} < ${hi} THEN ${i}`)
    .join(' ')} END`;
}

/** The events of organiser `?` (the first parameter), as a condition on `s.event_id`. */
const OF_ORGANISER = 's.event_id IN (SELECT id FROM events WHERE company_id = ?)';

/** Organiser `companyId`'s events' participant counts together, per day `i` of `bounds` (days without a slot are absent). */
export function organiserSlotsPerDay(sql: Sql, companyId: number, bounds: number[]) {
  const i = bucketOf('s.slot', bounds);
  return sql.all<Omit<SlotRow, 'slot'> & { i: number }>(
    `SELECT ${i} AS i, SUM(s.registered) AS registered, SUM(s.matched) AS matched, SUM(s.notified) AS notified, SUM(s.viewed) AS viewed, SUM(s.bought) AS bought, SUM(s.gallery_views) AS gallery_views
     FROM insight_slots s WHERE ${OF_ORGANISER} AND s.slot >= ? AND s.slot < ? GROUP BY ${i}`,
    [companyId, bounds[0], bounds[bounds.length - 1]],
  );
}

/** Organiser `companyId`'s events' purchases and revenue (cents) together, per day `i` of `bounds`. */
export function organiserSalesPerDay(sql: Sql, companyId: number, bounds: number[]) {
  const i = bucketOf('s.slot', bounds);
  return sql.all<{ i: number; purchases: number; revenue_cents: number }>(
    `SELECT ${i} AS i, SUM(s.purchases) AS purchases, SUM(s.revenue_cents) AS revenue_cents
     FROM insight_sales s WHERE ${OF_ORGANISER} AND s.slot >= ? AND s.slot < ? GROUP BY ${i}`,
    [companyId, bounds[0], bounds[bounds.length - 1]],
  );
}

/** One event's sums over a range (revenue in cents). */
export interface EventSums extends Omit<SlotRow, 'slot'> {
  id: number;
  title: string;
  purchases: number;
  revenue_cents: number;
}

/**
 * Organiser `companyId`'s events with any activity in [`lo`, `hi`) (ms), each with its sums
 * there: at most `limit`, most purchases first, then most registered, then newest.
 */
export function organiserTopEvents(sql: Sql, companyId: number, lo: number, hi: number, limit: number) {
  return sql.all<EventSums>(
    `SELECT e.id AS id, e.title AS title,
       COALESCE(sl.registered, 0) AS registered, COALESCE(sl.matched, 0) AS matched, COALESCE(sl.notified, 0) AS notified,
       COALESCE(sl.viewed, 0) AS viewed, COALESCE(sl.bought, 0) AS bought, COALESCE(sl.gallery_views, 0) AS gallery_views,
       COALESCE(sa.purchases, 0) AS purchases, COALESCE(sa.revenue_cents, 0) AS revenue_cents
     FROM events e
     LEFT JOIN (SELECT s.event_id, SUM(s.registered) AS registered, SUM(s.matched) AS matched, SUM(s.notified) AS notified, SUM(s.viewed) AS viewed,
                  SUM(s.bought) AS bought, SUM(s.gallery_views) AS gallery_views
                FROM insight_slots s WHERE ${OF_ORGANISER} AND s.slot >= ? AND s.slot < ? GROUP BY s.event_id) sl ON sl.event_id = e.id
     LEFT JOIN (SELECT s.event_id, SUM(s.purchases) AS purchases, SUM(s.revenue_cents) AS revenue_cents
                FROM insight_sales s WHERE ${OF_ORGANISER} AND s.slot >= ? AND s.slot < ? GROUP BY s.event_id) sa ON sa.event_id = e.id
     WHERE e.company_id = ? AND (sl.event_id IS NOT NULL OR sa.event_id IS NOT NULL)
     ORDER BY purchases DESC, registered DESC, e.id DESC LIMIT ${Math.max(1, Math.min(100, Math.trunc(limit)))}`,
    [companyId, lo, hi, companyId, lo, hi, companyId],
  );
}

/** Every event's registered participants per bucket `i` of `bounds` (the platform's weeks). */
export function platformRegisteredPer(sql: Sql, bounds: number[]) {
  const i = bucketOf('s.slot', bounds);
  return sql.all<{ i: number; n: number }>(`SELECT ${i} AS i, SUM(s.registered) AS n FROM insight_slots s WHERE s.slot >= ? AND s.slot < ? GROUP BY ${i}`, [
    bounds[0],
    bounds[bounds.length - 1],
  ]);
}

/** Every event's purchases and revenue (cents) per bucket `i` of `bounds` (the platform's weeks). */
export function platformSalesPer(sql: Sql, bounds: number[]) {
  const i = bucketOf('s.slot', bounds);
  return sql.all<{ i: number; purchases: number; revenue_cents: number }>(
    `SELECT ${i} AS i, SUM(s.purchases) AS purchases, SUM(s.revenue_cents) AS revenue_cents FROM insight_sales s WHERE s.slot >= ? AND s.slot < ? GROUP BY ${i}`,
    [bounds[0], bounds[bounds.length - 1]],
  );
}
