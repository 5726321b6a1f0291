import { z } from 'zod';

/**
 * An event's insights (docs/insights.md): what GET event/{id}/insights answers. Counts
 * are whole numbers; revenue is in the currency's units with two decimals (12.5 = 12.50) and is
 * absent, not 0, for a reader who may not read payments.
 */

/** GET event/{id}/insights query: `from`, `to` (YYYY-MM-DD, both included, ≤ 366 days), `tz` (IANA name; default the organiser's, else UTC). */
export const InsightsQuery = z.object({ from: z.string().optional(), to: z.string().optional(), tz: z.string().optional() });

const counts = {
  registered: z.number().int(),
  matched: z.number().int(),
  notified: z.number().int(),
  viewed: z.number().int(),
  bought: z.number().int(),
  gallery_views: z.number().int(),
  purchases: z.number().int(),
  revenue: z.number().optional(),
};

/** One reader's day: participants that reached each stage that day (and are at it or later now), gallery openings, purchases. */
export const InsightDay = z.object({ day: z.string(), ...counts });
export type InsightDay = z.infer<typeof InsightDay>;

/** One payment slab's purchases in the range: in total and per day (aligned with `days`). */
export const InsightSlab = z.object({
  slab: z.string(),
  name: z.string(),
  purchases: z.number().int(),
  revenue: z.number().optional(),
  daily_purchases: z.array(z.number().int()),
  daily_revenue: z.array(z.number()).optional(),
});
export type InsightSlab = z.infer<typeof InsightSlab>;

/** The share (0–1) of each stage's participants that reached the next one in the range; null when the stage before has none. */
export const InsightConversion = z.object({
  matched: z.number().nullable(),
  notified: z.number().nullable(),
  viewed: z.number().nullable(),
  bought: z.number().nullable(),
});

export const EventInsights = z.object({
  from: z.string(),
  to: z.string(),
  tz: z.string(),
  days: z.array(InsightDay),
  totals: z.object(counts),
  slabs: z.array(InsightSlab),
  conversion: InsightConversion,
});
export type EventInsights = z.infer<typeof EventInsights>;

/** The insights routes in the contract (part of the organiser contract). */
export const INSIGHTS_CONTRACT = {
  'GET /api/event/{id}/insights': {
    summary:
      "An event's daily series over a range (?from, to, tz: the reader's days): participants per stage, gallery views, purchases and revenue per payment slab, conversion; totals equal the funnel's for the same range",
    query: InsightsQuery,
    data: EventInsights,
  },
} satisfies Record<string, { summary: string; query?: z.ZodType; data?: z.ZodType }>;
