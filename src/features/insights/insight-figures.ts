import '../../lib/messages/insights.ts';
import { addDays, dayCount, insightsRangeProblems, isDay, type InsightsRange } from '../../common/insight-days.ts';
import { localTimeZone } from '../../common/time-zone.ts';
import { formatDay, formatNumber, t } from '../../lib/i18n.ts';
import { INSIGHT_STAGES } from '../../common/insight-days.ts';
import type { EventInsights } from '../../common/contract/insights.ts';
import type { MessageKey } from '../../common/i18n/catalogs/en.ts';
import { seriesAt, type Series } from '../../components/insight-series.ts';

/**
 * What the Insights tab shows, computed from the API's answer (docs/insights.md): each chart's
 * series and its table (the same numbers), and the sentence that states its message (the chart's
 * accessible name). Pure apart from the active locale; no DOM.
 */

/** One line of a chart (components/insight-chart.tsx). */
export type { Series } from '../../components/insight-series.ts';

export const STAGE_LABELS: Record<(typeof INSIGHT_STAGES)[number], MessageKey> = {
  registered: 'insights.stage.registered',
  matched: 'insights.stage.matched',
  notified: 'insights.stage.notified',
  viewed: 'insights.stage.viewed',
  bought: 'insights.stage.bought',
};

/** The participants chart: one line per funnel stage. */
export const participantSeries = (d: EventInsights): Series[] =>
  INSIGHT_STAGES.map((s, i) =>
    seriesAt(
      t(STAGE_LABELS[s]),
      d.days.map((x) => x[s]),
      i,
    ),
  );

/** The gallery views chart. */
export const viewSeries = (d: EventInsights): Series[] => [
  seriesAt(
    t('insights.views.series'),
    d.days.map((x) => x.gallery_views),
    0,
  ),
];

/** The purchases chart: one line per payment slab. */
export const salesSeries = (d: EventInsights): Series[] => d.slabs.map((s, i) => seriesAt(s.name, s.daily_purchases, i));

const dayRange = (d: EventInsights) => ({ from: formatDay(d.from), to: formatDay(d.to) });

/** The participants chart's message: how many reached each stage in the range. */
export const participantSummary = (d: EventInsights) =>
  t('insights.participants.summary', {
    ...dayRange(d),
    ...Object.fromEntries(INSIGHT_STAGES.map((s) => [s, formatNumber(d.totals[s])])),
  });

/** The gallery views chart's message: how many, and the day with the most. */
export function viewSummary(d: EventInsights): string {
  let best = d.days[0];
  for (const x of d.days) if (x.gallery_views > best.gallery_views) best = x;
  return t('insights.views.summary', {
    ...dayRange(d),
    count: formatNumber(d.totals.gallery_views),
    day: formatDay(best.day),
    most: formatNumber(best.gallery_views),
  });
}

/** The purchases chart's message: how many, and how many per slab. */
export const salesSummary = (d: EventInsights) =>
  t('insights.sales.summary', {
    ...dayRange(d),
    count: formatNumber(d.totals.purchases),
    slabs: d.slabs.map((s) => t('insights.sales.slabCount', { slab: s.name, count: formatNumber(s.purchases) })).join(', '),
  });

/** An amount of revenue as the reader's locale writes it, always with two decimals. */
export const formatRevenue = (n: number) => formatNumber(n, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** The revenue figure's message (only for a reader who may read payments). */
export const revenueSummary = (d: EventInsights) =>
  t('insights.revenue.summary', {
    ...dayRange(d),
    total: formatRevenue(d.totals.revenue ?? 0),
    slabs: d.slabs.map((s) => t('insights.sales.slabCount', { slab: s.name, count: formatRevenue(s.revenue ?? 0) })).join(', '),
  });

/** A share 0–1 as the reader's locale writes a percentage (one decimal at most). */
export const formatShare = (n: number) => formatNumber(n, { style: 'percent', maximumFractionDigits: 1 });

/** The range the address asks for (`from`, `to`), else the last 30 days up to today, in the browser's time zone. */
export function rangeFromAddress(search: string, today: string): InsightsRange {
  const q = new URLSearchParams(search);
  const from = q.get('from') ?? '';
  const to = q.get('to') ?? '';
  const tz = localTimeZone() || 'UTC';
  if (isDay(from) && isDay(to) && Object.keys(insightsRangeProblems({ from, to })).length === 0) return { from, to, tz };
  return { from: addDays(today, -29), to: today, tz };
}

/** The preset ranges: the last N days up to today. */
export const PRESETS: readonly [number, MessageKey][] = [
  [7, 'insights.last7'],
  [30, 'insights.last30'],
  [90, 'insights.last90'],
];

/** Which preset `r` is (its number of days) when it ends today, else null. */
export const presetOf = (r: InsightsRange, today: string) => (r.to === today ? (PRESETS.find(([n]) => dayCount(r.from, r.to) === n)?.[0] ?? null) : null);
