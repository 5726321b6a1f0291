import type { Sql } from '../db/sql.ts';
import * as q from '../db/queries/insights.ts';
import { Invalid } from '../runtime/domain-errors.ts';
import { PAYMENT_SLABS } from './recognition.ts';
import { addDays, dayStartIn, daysOf, INSIGHT_STAGES, insightsRange, insightsRangeProblems, type InsightsRange } from '../../src/common/insight-days.ts';
import type { EventInsights, InsightDay, InsightSlab, OrganiserInsights } from '../../src/common/contract/insights.ts';
import type { AuthUser } from '../db/queries/auth.ts';

export type { InsightsRange } from '../../src/common/insight-days.ts';

/**
 * An event's insights (docs/insights.md): daily series read from the
 * roll-ups the writes keep (migration 041), never from the participant or photo rows, so the
 * cost depends on the range (at most 96 slots a day) and not on the event's size. Used by
 * GET event/{id}/insights and by the scheduled reports.
 */

/**
 * The range a query asks for (`from`, `to`, `tz`; docs/insights.md "Time zones"), with its
 * defaults: `tz` else `fallbackTz` (the organiser's saved zone) else UTC, the last 30 days up to
 * today there. Throws Invalid (422, by field) for a day that is not YYYY-MM-DD, an unknown time
 * zone, `to` before `from` or more than 366 days.
 */
export function readInsightsRange(query: { from?: string; to?: string; tz?: string }, fallbackTz = '', now = Date.now()): InsightsRange {
  const problems = insightsRangeProblems(query);
  if (Object.keys(problems).length) throw new Invalid(Object.fromEntries(Object.entries(problems).map(([k, m]) => [k, [m]])));
  return insightsRange(query, fallbackTz, now);
}

const cents = (n: number) => Math.round(n) / 100;
const share = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 10_000) / 10_000 : null);

/**
 * The insights of event `eventId` over `range` (already read: readInsightsRange). Each day of
 * `range` in its time zone has the participants that reached each stage that day and are at
 * that stage or a later one now (so the totals over a range that holds every day with activity
 * equal GET event/{id}/funnel), the gallery openings, the purchases and (`revenue` true) the
 * revenue; `slabs` has the purchases per payment slab (names from the reference list, the id
 * for a slab it does not know), in slab order; `conversion` each stage's share of the stage
 * before over the range. `revenue` false leaves every revenue field out. The caller checks who
 * asks (the route: the event's organiser, or staff who may open it).
 */
export async function eventInsights(sql: Sql, eventId: number, range: InsightsRange, o: { revenue: boolean }): Promise<EventInsights> {
  const days = daysOf(range.from, range.to);
  // Day i covers [bounds[i], bounds[i + 1]); the database sums each day's slots.
  const bounds = [...days, addDays(range.to, 1)].map((d) => dayStartIn(d, range.tz));
  const rows: InsightDay[] = days.map((day) => emptyDay(day, o.revenue));
  const [slots, sales] = await Promise.all([q.slotsPerDay(sql, eventId, bounds), q.salesPerDay(sql, eventId, bounds)]);
  for (const s of slots) {
    const r = rows[Number(s.i)];
    for (const k of INSIGHT_STAGES) r[k] += Number(s[k]);
    r.gallery_views += Number(s.gallery_views);
  }
  const bySlab = new Map<string, { purchases: number[]; cents: number[] }>();
  const dayCents = days.map(() => 0);
  for (const s of sales) {
    const i = Number(s.i);
    let slab = bySlab.get(s.slab);
    if (!slab) bySlab.set(s.slab, (slab = { purchases: days.map(() => 0), cents: days.map(() => 0) }));
    slab.purchases[i] += Number(s.purchases);
    slab.cents[i] += Number(s.revenue_cents);
    rows[i].purchases += Number(s.purchases);
    dayCents[i] += Number(s.revenue_cents);
  }
  if (o.revenue) for (const [i, r] of rows.entries()) r.revenue = cents(dayCents[i]);
  const slabs: InsightSlab[] = [...bySlab.entries()]
    .sort(([a], [b]) => Number(a) - Number(b) || a.localeCompare(b))
    .map(([slab, v]) => ({
      slab,
      name: PAYMENT_SLABS[Number(slab)]?.name ?? slab,
      purchases: v.purchases.reduce((a, b) => a + b, 0),
      daily_purchases: v.purchases,
      ...(o.revenue ? { revenue: cents(v.cents.reduce((a, b) => a + b, 0)), daily_revenue: v.cents.map(cents) } : {}),
    }));
  const sum = (k: Exclude<keyof InsightDay, 'day'>) => rows.reduce((a, r) => a + (r[k] ?? 0), 0);
  const totals: EventInsights['totals'] = {
    registered: sum('registered'),
    matched: sum('matched'),
    notified: sum('notified'),
    viewed: sum('viewed'),
    bought: sum('bought'),
    gallery_views: sum('gallery_views'),
    purchases: sum('purchases'),
    ...(o.revenue ? { revenue: cents(dayCents.reduce((a, b) => a + b, 0)) } : {}),
  };
  return {
    ...range,
    days: rows,
    totals,
    slabs,
    conversion: {
      matched: share(totals.matched, totals.registered),
      notified: share(totals.notified, totals.matched),
      viewed: share(totals.viewed, totals.notified),
      bought: share(totals.bought, totals.viewed),
    },
  };
}

/**
 * Who may read payments (revenue): the organiser's own users and staff who may edit organisers
 * (administrators hold every ability). Others get every revenue field left out, not 0
 * (docs/insights.md "Who sees what").
 */
export const mayReadPayments = (user: AuthUser) => user.isCompany || user.abilities.has('organisers.edit');

/** An empty day of `day` (revenue only when `revenue`). */
const emptyDay = (day: string, revenue: boolean): InsightDay => ({
  day,
  registered: 0,
  matched: 0,
  notified: 0,
  viewed: 0,
  bought: 0,
  gallery_views: 0,
  purchases: 0,
  ...(revenue ? { revenue: 0 } : {}),
});

/**
 * Organiser `companyId`'s events together over `range` (docs/insights.md "The organiser's
 * home"): each day's participants per stage, gallery openings, purchases and (`revenue`) revenue,
 * summed over its events from the same roll-ups as an event's insights, their totals, and its top
 * 5 events over the range (most purchases, then most registered). The caller checks who asks.
 */
export async function organiserInsights(sql: Sql, companyId: number, range: InsightsRange, o: { revenue: boolean }): Promise<OrganiserInsights> {
  const days = daysOf(range.from, range.to);
  const bounds = [...days, addDays(range.to, 1)].map((d) => dayStartIn(d, range.tz));
  const rows = days.map((d) => emptyDay(d, o.revenue));
  const [slots, sales, top] = await Promise.all([
    q.organiserSlotsPerDay(sql, companyId, bounds),
    q.organiserSalesPerDay(sql, companyId, bounds),
    q.organiserTopEvents(sql, companyId, bounds[0], bounds[bounds.length - 1], 5),
  ]);
  for (const s of slots) {
    const r = rows[Number(s.i)];
    for (const k of INSIGHT_STAGES) r[k] += Number(s[k]);
    r.gallery_views += Number(s.gallery_views);
  }
  const dayCents = days.map(() => 0);
  for (const s of sales) {
    rows[Number(s.i)].purchases += Number(s.purchases);
    dayCents[Number(s.i)] += Number(s.revenue_cents);
  }
  if (o.revenue) for (const [i, r] of rows.entries()) r.revenue = cents(dayCents[i]);
  const sum = (k: Exclude<keyof InsightDay, 'day'>) => rows.reduce((a, r) => a + (r[k] ?? 0), 0);
  return {
    ...range,
    days: rows,
    totals: {
      registered: sum('registered'),
      matched: sum('matched'),
      notified: sum('notified'),
      viewed: sum('viewed'),
      bought: sum('bought'),
      gallery_views: sum('gallery_views'),
      purchases: sum('purchases'),
      ...(o.revenue ? { revenue: cents(dayCents.reduce((a, b) => a + b, 0)) } : {}),
    },
    top_events: top.map((e) => ({
      id: Number(e.id),
      title: e.title,
      registered: Number(e.registered),
      matched: Number(e.matched),
      notified: Number(e.notified),
      viewed: Number(e.viewed),
      bought: Number(e.bought),
      gallery_views: Number(e.gallery_views),
      purchases: Number(e.purchases),
      ...(o.revenue ? { revenue: cents(Number(e.revenue_cents)) } : {}),
    })),
  };
}
