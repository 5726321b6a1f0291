import { http } from '../../lib/http.ts';

/** GET dashboard-stats (server/routes/dashboard-stats.ts): live figures for the admin dashboard. */
export interface DashboardStats {
  organisers: number; events: number; photos: number; videos_waiting: number;
  /** 12 months, oldest first; month is YYYY-MM. */
  campaigns_per_month: { month: string; campaigns: number }[];
}
/** GET dashboard-stats: resolves to the envelope's data (DashboardStats); rejects with HttpError. */
export const getDashboardStats = async () => (await http.get<DashboardStats>('dashboard-stats')).data;
