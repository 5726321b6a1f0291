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

/** One of an organiser's events over the range: its totals (revenue only for readers who may read payments). */
export const InsightTopEvent = z.object({ id: z.number().int(), title: z.string(), ...counts });
export type InsightTopEvent = z.infer<typeof InsightTopEvent>;

/**
 * GET organiser-dashboard/{id}/insights: the organiser's events together over the last 30 days
 * in the reader's days (`days`, `totals` as an event's insights) and its top events over them
 * (at most 5, most purchases first, then most registered).
 */
export const OrganiserInsights = z.object({
  from: z.string(),
  to: z.string(),
  tz: z.string(),
  days: z.array(InsightDay),
  totals: z.object(counts),
  top_events: z.array(InsightTopEvent),
});
export type OrganiserInsights = z.infer<typeof OrganiserInsights>;

const figure = z.number().int().optional();
/**
 * One week (Monday to Sunday in the reader's time zone, `week` its Monday) of the platform's
 * figures. Each figure is present only for a reader who may open the screen it comes from:
 * organisers (active: one of its users did something the activity log records), events (made),
 * participants (registered), purchases and imports need Organizers; revenue needs Organizers and
 * the right to read payments (edit organisers); e-mails sent and failed need Settings; sign-ins
 * and failed sign-ins need Activity.
 */
export const PlatformWeek = z.object({
  week: z.string(),
  active_organisers: figure,
  events: figure,
  participants: figure,
  purchases: figure,
  revenue: z.number().optional(),
  imports: figure,
  emails_sent: figure,
  emails_failed: figure,
  sign_ins: figure,
  sign_ins_failed: figure,
});
export type PlatformWeek = z.infer<typeof PlatformWeek>;
/**
 * GET dashboard-stats/platform?tz=: the last 12 weeks (oldest first, the current one last) and,
 * for a reader who may open Users, two-step adoption: users with two-step (an authenticator app
 * or a passkey) of all users.
 */
export const PlatformFigures = z.object({
  tz: z.string(),
  weeks: z.array(PlatformWeek),
  two_step: z.object({ users: z.number().int(), enrolled: z.number().int() }).optional(),
});
export type PlatformFigures = z.infer<typeof PlatformFigures>;
/** The reader's time zone for the dashboards' days and weeks (default UTC). */
export const DashboardZoneQuery = z.object({ tz: z.string().optional() });

/** The insights routes in the contract (part of the organiser contract). */
export const INSIGHTS_CONTRACT = {
  'GET /api/event/{id}/insights': {
    summary:
      "An event's daily series over a range (?from, to, tz: the reader's days): participants per stage, gallery views, purchases and revenue per payment slab, conversion; totals equal the funnel's for the same range",
    query: InsightsQuery,
    data: EventInsights,
  },
  'GET /api/organiser-dashboard/{companyId}/insights': {
    summary:
      "The organiser's events together over the last 30 days (?tz: the reader's days): participants per stage, gallery views, purchases (and revenue for readers of payments) per day, and its top 5 events",
    query: DashboardZoneQuery,
    data: OrganiserInsights,
  },
  'GET /api/dashboard-stats/platform': {
    summary:
      "The platform's figures per week over the last 12 weeks (?tz), each only for staff who may open the screen it comes from; revenue only for those who may read payments; two-step adoption with Users",
    query: DashboardZoneQuery,
    data: PlatformFigures,
  },
} satisfies Record<string, { summary: string; query?: z.ZodType; data?: z.ZodType }>;
