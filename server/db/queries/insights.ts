import type { Sql } from '../sql.ts';
import { SLOT_MS } from '../migrations/041-insight-roll-ups.ts';

/**
 * The insight roll-ups (migration 041, docs/insights.md "Roll-ups"): per event and quarter hour
 * (UTC), the participants that reached each funnel stage, the gallery openings, and the
 * purchases and revenue per payment slab. Reads are by (event_id, slot) range on the tables'
 * primary keys; the writes here are the ones no trigger makes.
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

/** Event `eventId`'s slots in [`start`, `end`) (ms), in order. */
export const slotsOf = (sql: Sql, eventId: number, start: number, end: number) =>
  sql.all<SlotRow>(
    'SELECT slot, registered, matched, notified, viewed, bought, gallery_views FROM insight_slots WHERE event_id = ? AND slot >= ? AND slot < ? ORDER BY slot',
    [eventId, start, end],
  );

/** Event `eventId`'s purchases in [`start`, `end`) (ms), in slot order. */
export const salesOf = (sql: Sql, eventId: number, start: number, end: number) =>
  sql.all<SaleRow>('SELECT slot, slab, purchases, revenue_cents FROM insight_sales WHERE event_id = ? AND slot >= ? AND slot < ? ORDER BY slot, slab', [
    eventId,
    start,
    end,
  ]);

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
