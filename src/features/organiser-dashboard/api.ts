import { http } from '../../lib/http.ts';

/** GET organiser-dashboard/{company_id}: what an organiser looks for first (organiser-console §2 "Dashboard"). */
export interface OrganiserDashboard {
  upcoming_events: { total: number; items: { id: number; title: string; start_date: string; end_date: string }[] };
  pending_bookings: { total: number; items: { id: number; date: string; name: string }[] };
  pending_videos: { total: number; items: { id: number; name: string; campaign_id: number; campaign_title: string; event_id: number }[] };
}

/** GET organiser-dashboard/{id} (organiser-console §7): resolves to the envelope's data (OrganiserDashboard); rejects with HttpError. */
export const getDashboard = async (companyId: string) => (await http.get<OrganiserDashboard>(`organiser-dashboard/${companyId}`)).data;
