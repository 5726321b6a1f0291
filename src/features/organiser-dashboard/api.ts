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
