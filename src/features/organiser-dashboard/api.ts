import { http } from '../../lib/http.ts';

/** GET organiser-dashboard/{company_id}: what an organiser looks for first (organiser-console §2 "Dashboard"), declared in the wire contract. */
export type { OrganiserDashboard } from '../../common/contract/organiser.ts';
import type { OrganiserDashboard } from '../../common/contract/organiser.ts';

/** GET organiser-dashboard/{id} (organiser-console §7): resolves to the envelope's data (OrganiserDashboard); rejects with HttpError. */
export const getDashboard = async (companyId: string) => (await http.get<OrganiserDashboard>(`organiser-dashboard/${companyId}`)).data;
