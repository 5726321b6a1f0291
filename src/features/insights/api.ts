import { http } from '../../lib/http.ts';
import type { EventInsights } from '../../common/contract/insights.ts';
import type { InsightsRange } from '../../common/insight-days.ts';

export type { EventInsights, InsightDay, InsightSlab } from '../../common/contract/insights.ts';

/** GET event/{id}/insights?from=&to=&tz= (docs/insights.md): the event's daily series in the reader's days. */
export const getInsights = async (eventId: number, r: InsightsRange, signal?: AbortSignal) =>
  (await http.get<EventInsights>(`event/${eventId}/insights?${new URLSearchParams({ from: r.from, to: r.to, tz: r.tz })}`, { signal })).data;
