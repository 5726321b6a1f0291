import { http, qs } from '../../lib/http.ts';
import { localTimeZone } from '../../common/time-zone.ts';

/** GET organiser-dashboard/{company_id}: what an organiser looks for first (organiser-console §2 "Dashboard"), declared in the wire contract. */
export type { OrganiserDashboard } from '../../common/contract/organiser.ts';
import type { OrganiserDashboard } from '../../common/contract/organiser.ts';

/**
 * GET organiser-dashboard/{id}?tz= (organiser-console §7): resolves to the envelope's data (OrganiserDashboard); rejects with HttpError.
 * `tz`: the browser's time zone, which decides the organiser's today while it has saved none (common/time-zone.ts).
 */
export const getDashboard = async (companyId: string) =>
  (await http.get<OrganiserDashboard>(`organiser-dashboard/${companyId}${qs({ tz: localTimeZone() })}`)).data;

export type { OrganiserInsights } from '../../common/contract/insights.ts';
import type { OrganiserInsights } from '../../common/contract/insights.ts';
/** GET organiser-dashboard/{id}/insights?tz=: the organiser's events together over the last 30 days in the browser's days, and its top events. */
export const getInsights = async (companyId: string) =>
  (await http.get<OrganiserInsights>(`organiser-dashboard/${companyId}/insights${qs({ tz: localTimeZone() })}`)).data;
