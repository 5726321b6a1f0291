import { http } from '../../lib/http.ts';

import type { DashboardStats } from '../../common/contract/admin.ts';
/** GET dashboard-stats: live figures for the admin dashboard, as the wire contract declares them (campaigns_per_month: 12 months, oldest first, YYYY-MM). */
export type { DashboardStats } from '../../common/contract/admin.ts';
/** GET dashboard-stats: resolves to the envelope's data (DashboardStats); rejects with HttpError. */
export const getDashboardStats = async () => (await http.get<DashboardStats>('dashboard-stats')).data;
